import CCurl
import Foundation
import HTTPClient
import OAuth
import Sandbox

/// The limit the daemon is measured against: the same number of `POST /2/tweets`, signed beforehand (OAuth 1.0a, one
/// nonce each), sent through libcurl's multi interface with `parallel` transfers at once to the same emulation, on
/// connections kept alive, with nothing else in the way. Its rate is what the emulation and libcurl can do on this
/// machine, so the daemon's deliveries per second are printed as a share of it.
struct RawCurlLoop {
    struct Request {
        var url: String
        var authorization: String
        var body: [UInt8]
    }

    let sandboxURL: String
    let parallel: Int
    /// A new connection for every request, as schedulerd publishes (libcurl resends a request whose reused connection
    /// died, so a publish never goes out on one): run once with and once without, it says what that rule costs.
    var freshConnections = false

    /// `count` posts over `accounts` sandbox users (minted here, apart from the daemon's), each signed once.
    func signedPosts(count: Int, accounts: Int, users: String, http: CurlHTTPClient) async throws -> [Request] {
        var grants: [XTokenGrant] = []
        for index in 0..<accounts {
            let response = try await http.send(HTTPRequest(method: "POST", url: sandboxURL + "/_sandbox/x/tokens",
                                                           headers: [HTTPHeader("Content-Type", "application/json")],
                                                           body: Array(#"{"username":"\#(users)\#(index)"}"#.utf8)))
            grants.append(try JSONDecoder().decode(XTokenGrant.self, from: Data(response.body)))
        }
        let url = sandboxURL + "/2/tweets"
        return (0..<count).map { index in
            let grant = grants[index % accounts]
            let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: SandboxCredentials.xConsumerKey,
                                                                     consumerSecret: SandboxCredentials.xConsumerSecret,
                                                                     token: grant.oauthToken, tokenSecret: grant.oauthTokenSecret))
            let body = Array(#"{"text":"Raw loop post \#(index) \#(UUID().uuidString.prefix(8))"}"#.utf8)
            return Request(url: url, authorization: signer.authorizationHeader(method: "POST", url: url), body: body)
        }
    }

    /// Sends every request, `parallel` at a time; returns the seconds it took and how many were answered 201.
    func send(_ requests: [Request]) throws -> (seconds: Double, created: Int) {
        guard let multi = curl_multi_init() else { throw BenchError("curl_multi_init failed") }
        defer { curl_multi_cleanup(multi) }
        _ = sd_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, parallel)
        var lists: [UnsafeMutableRawPointer: UnsafeMutablePointer<curl_slist>] = [:]
        var next = 0, active = 0, created = 0, running: Int32 = 0
        let started = Date()
        while next < requests.count || active > 0 {
            while active < parallel, next < requests.count {
                let request = requests[next]
                next += 1
                guard let easy = curl_easy_init() else { throw BenchError("curl_easy_init failed") }
                var headers = curl_slist_append(nil, "Content-Type: application/json")
                headers = curl_slist_append(headers, "Authorization: " + request.authorization)
                _ = sd_curl_setopt_string(easy, CURLOPT_URL, request.url)
                _ = sd_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headers)
                _ = sd_curl_setopt_long(easy, CURLOPT_POSTFIELDSIZE, request.body.count)
                request.body.withUnsafeBufferPointer { bytes in
                    _ = sd_curl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
                _ = sd_curl_setopt_write_callback(easy) { _, size, count, _ in size * count }
                if freshConnections {
                    _ = sd_curl_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1)
                    _ = sd_curl_setopt_long(easy, CURLOPT_FORBID_REUSE, 1)
                }
                lists[easy] = headers
                curl_multi_add_handle(multi, easy)
                active += 1
            }
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                var status = 0
                _ = sd_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                if status == 201 { created += 1 }
                curl_multi_remove_handle(multi, easy)
                curl_slist_free_all(lists.removeValue(forKey: easy))
                curl_easy_cleanup(easy)
                active -= 1
            }
            if active > 0 { curl_multi_poll(multi, nil, 0, 100, nil) }
        }
        return (Date().timeIntervalSince(started), created)
    }
}
