import Connectors
import Foundation
import HTTPClient
import SandboxContract
import SchedulerCore

/// Each network's base URLs: from the configuration, or the sandbox emulations' (Instagram is served by Graph's).
package struct NetworkURLs {
    package var x: String?
    package var facebook: String?
    package var linkedin: String?
    /// Bluesky's entryway (or the sandbox's PDS).
    package var bluesky: String?
    /// The sandbox's Mastodon instance (a real account names its own), and Threads' API and login host.
    package var mastodon: String?
    package var threads: String?

    package init(_ configuration: DaemonConfiguration) {
        x = configuration.x.apiBaseURL
        facebook = configuration.facebook.graphBaseURL
        linkedin = configuration.linkedin.apiBaseURL
        bluesky = configuration.bluesky.service
        threads = configuration.threads.apiBaseURL
    }

    /// The URLs `sandboxd` announced, by network name.
    package init(sandbox urls: [String: String]) {
        x = urls["x"]
        facebook = urls["facebook"]
        linkedin = urls["linkedin"]
        bluesky = urls["bluesky"]
        mastodon = urls["mastodon"]
        threads = urls["threads"]
    }

    package var all: [Network: String] {
        var urls: [Network: String] = [:]
        urls[.x] = x
        urls[.facebook] = facebook
        urls[.instagram] = facebook
        urls[.linkedin] = linkedin
        urls[.bluesky] = bluesky
        urls[.mastodon] = mastodon
        urls[.threads] = threads
        return urls
    }
}

/// The apps schedulerd calls each network as, with their secrets read from files or systemd credentials.
/// A network with no app configured is simply absent: linking or scheduling to it says so.
package struct NetworkApps {
    package var x: XApp?
    package var facebook: FacebookApp?
    package var linkedin: LinkedInApp?
    package var threads: ThreadsApp?
    /// Where Instagram fetches attached images from.
    package var mediaBaseURL: String?
    /// Where Bluesky accounts sign in: needs no app, so it is always there.
    package var blueskyService = "https://bsky.social"
    package var blueskyServiceSet = false
    /// Where a published Bluesky post is shown (``BlueskySettings/webURL``).
    package var blueskyWebURL = "https://bsky.app"

    package init(configuration: DaemonConfiguration, urls: NetworkURLs, environment: [String: String], mediaBaseURL: String? = nil) throws {
        self.mediaBaseURL = mediaBaseURL ?? configuration.mediaBaseURL
        if let bluesky = urls.bluesky { blueskyService = bluesky; blueskyServiceSet = true }
        if let web = configuration.bluesky.webURL { blueskyWebURL = web }
        if configuration.sandbox {
            let xBase = urls.x ?? "http://127.0.0.1"
            x = XApp(apiBaseURL: xBase, authBaseURL: configuration.x.authBaseURL ?? xBase,
                     consumerKey: SandboxCredentials.xConsumerKey, consumerSecret: SandboxCredentials.xConsumerSecret,
                     clientID: SandboxCredentials.xClientID, clientSecret: SandboxCredentials.xClientSecret)
            if let graph = urls.facebook {
                facebook = FacebookApp(graphBaseURL: graph, dialogBaseURL: configuration.facebook.dialogBaseURL ?? graph,
                                       graphVersion: configuration.facebook.graphVersion,
                                       appID: SandboxCredentials.facebookAppID, appSecret: SandboxCredentials.facebookAppSecret)
            }
            if let threadsBase = urls.threads {
                threads = ThreadsApp(graphBaseURL: threadsBase, authBaseURL: configuration.threads.authBaseURL ?? threadsBase,
                                     appID: SandboxCredentials.threadsAppID, appSecret: SandboxCredentials.threadsAppSecret)
            }
            if let linkedinBase = urls.linkedin {
                linkedin = LinkedInApp(apiBaseURL: linkedinBase, authBaseURL: configuration.linkedin.authBaseURL ?? linkedinBase,
                                       clientID: SandboxCredentials.linkedinClientID, clientSecret: SandboxCredentials.linkedinClientSecret,
                                       version: configuration.linkedin.version, readsMemberPosts: configuration.linkedin.readMemberPosts)
            }
            return
        }
        let settings = configuration.x
        if settings.consumerKey != nil || settings.clientID != nil {
            x = XApp(apiBaseURL: urls.x ?? "https://api.x.com", authBaseURL: settings.authBaseURL ?? "https://x.com",
                     consumerKey: settings.consumerKey,
                     consumerSecret: try settings.consumerKey.map { _ in
                         try SecretFile.read(settings.consumerSecretFile, credentialName: "x-consumer-secret", environment: environment,
                                             what: "networks.x.consumer_secret_file") },
                     clientID: settings.clientID,
                     clientSecret: try settings.clientID.map { _ in
                         try SecretFile.read(settings.clientSecretFile, credentialName: "x-client-secret", environment: environment,
                                             what: "networks.x.client_secret_file") })
        }
        if let appID = configuration.facebook.appID {
            facebook = FacebookApp(graphBaseURL: urls.facebook ?? "https://graph.facebook.com",
                                   dialogBaseURL: configuration.facebook.dialogBaseURL ?? "https://www.facebook.com",
                                   graphVersion: configuration.facebook.graphVersion, appID: appID,
                                   appSecret: try SecretFile.read(configuration.facebook.appSecretFile, credentialName: "facebook-app-secret",
                                                                  environment: environment, what: "networks.facebook.app_secret_file"))
        }
        if let appID = configuration.threads.appID {
            threads = ThreadsApp(graphBaseURL: urls.threads ?? "https://graph.threads.net", authBaseURL: configuration.threads.authBaseURL ?? "https://threads.com",
                                 appID: appID, appSecret: try SecretFile.read(configuration.threads.appSecretFile, credentialName: "threads-app-secret",
                                                                              environment: environment, what: "networks.threads.app_secret_file"))
        }
        if let clientID = configuration.linkedin.clientID {
            linkedin = LinkedInApp(apiBaseURL: urls.linkedin ?? "https://api.linkedin.com",
                                   authBaseURL: configuration.linkedin.authBaseURL ?? "https://www.linkedin.com", clientID: clientID,
                                   clientSecret: try SecretFile.read(configuration.linkedin.clientSecretFile, credentialName: "linkedin-client-secret",
                                                                     environment: environment, what: "networks.linkedin.client_secret_file"),
                                   version: configuration.linkedin.version, readsMemberPosts: configuration.linkedin.readMemberPosts)
        }
    }

    /// Each app's API base URL, once per app (Instagram is published through Facebook's Graph), for the doctor's clock check.
    package var apiBaseURLs: [(name: String, url: String)] {
        var urls: [(name: String, url: String)] = []
        if let x { urls.append(("X", x.apiBaseURL)) }
        if let facebook { urls.append(("Facebook and Instagram", facebook.graphBaseURL)) }
        if let linkedin { urls.append(("LinkedIn", linkedin.apiBaseURL)) }
        // Bluesky's default entryway is asked only once it is set (or the sandbox's): a daemon with no Bluesky account
        // should not report a network it never uses.
        if blueskyServiceSet { urls.append(("Bluesky", blueskyService)) }
        if let threads { urls.append(("Threads", threads.graphBaseURL)) }
        return urls
    }

    /// The address each network's accounts publish to when they have no server of their own, for the doctor's check
    /// that it can be reached.
    package var addresses: [Network: String] {
        var addresses: [Network: String] = [.bluesky: blueskyService]
        addresses[.x] = x?.apiBaseURL
        addresses[.facebook] = facebook?.graphBaseURL
        addresses[.instagram] = facebook?.graphBaseURL
        addresses[.linkedin] = linkedin?.apiBaseURL
        addresses[.threads] = threads?.graphBaseURL
        return addresses
    }

    package func connectors(transport: any HTTPTransport, timeout: Duration) -> ConnectorRegistry {
        var registry = ConnectorRegistry()
        if let x {
            registry.register(XConnector(configuration: .init(apiBaseURL: x.apiBaseURL, consumerKey: x.consumerKey ?? "",
                                                              consumerSecret: x.consumerSecret ?? "", requestTimeout: timeout),
                                         transport: transport))
        }
        if let facebook {
            registry.register(FacebookConnector(app: facebook, transport: transport, timeout: timeout))
            registry.register(InstagramConnector(app: facebook, mediaBaseURL: mediaBaseURL, transport: transport, timeout: timeout))
        }
        if let linkedin { registry.register(LinkedInConnector(app: linkedin, transport: transport, timeout: timeout)) }
        registry.register(BlueskyConnector(service: blueskyService, webBase: blueskyWebURL, transport: transport, timeout: timeout))
        registry.register(MastodonConnector(transport: transport, timeout: timeout))
        if let threads {
            registry.register(ThreadsConnector(graphBaseURL: threads.graphBaseURL, mediaBaseURL: mediaBaseURL, transport: transport, timeout: timeout))
        }
        return registry
    }

    package func linkers(transport: any HTTPTransport, instanceApps: any InstanceApps) -> LinkerRegistry {
        var linkers: [any AccountLinker] = [MastodonLinker(apps: instanceApps, transport: transport)]
        if let x { linkers.append(XLinker(app: x, transport: transport)) }
        if let facebook {
            linkers.append(FacebookLinker(app: facebook, transport: transport))
            linkers.append(InstagramLinker(app: facebook, transport: transport))
        }
        if let linkedin { linkers.append(LinkedInLinker(app: linkedin, transport: transport)) }
        linkers.append(BlueskyLinker(service: blueskyService, transport: transport))
        if let threads { linkers.append(ThreadsLinker(app: threads, transport: transport)) }
        return LinkerRegistry(linkers)
    }
}
