#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import Hummingbird
import SchedulerCore

extension LinkedInSandboxNetwork {
    /// The largest image upload the sandbox reads.
    static let imageBodyLimit = 20 * 1024 * 1024

    /// The Images API and the upload URLs it hands out (`/_upload/images/{token}` on this listener).
    func addImageRoutes(to router: Router<BasicRequestContext>) {
        router.post("/rest/images") { request, _ in
            await restCall(request) { await initializeUpload($0) }
        }
        router.get("/rest/images/:urn") { request, context in
            let urn = PercentDecoding.decode(context.parameters.get("urn") ?? "") ?? ""
            return await restCall(request) { await getImage($0, urn: urn) }
        }
        for method in [HTTPRequest.Method.put, .post] {
            router.on("/_upload/images/:token", method: method) { request, context in
                let token = context.parameters.get("token") ?? ""
                return await restCall(request, versioned: false, bodyLimit: Self.imageBodyLimit) { await uploadImage($0, token: token) }
            }
        }
    }

    /// `POST /rest/images?action=initializeUpload` with `{"initializeUploadRequest": {"owner": urn}}`
    /// → `{"value": {"uploadUrlExpiresAt", "uploadUrl", "image"}}`.
    func initializeUpload(_ call: RestCall) async -> Response {
        guard OAuth2Parameters(call.request.queryPairs ?? [])["action"] == "initializeUpload" else {
            return await refuse(.illegalArgument("POST /rest/images needs ?action=initializeUpload."), request: call.request, now: call.now)
        }
        guard let body = JSONValue.parse(ByteBuffer(bytes: call.body)), case .object = body else {
            return await refuse(.illegalArgument("The request body must be a JSON object."), request: call.request, now: call.now)
        }
        guard let owner = body["initializeUploadRequest"]?["owner"]?.stringValue else {
            return await refuse(.missingField("/initializeUploadRequest/owner"), request: call.request, now: call.now)
        }
        let resource = Self.resource("images.ACTION-initializeUpload", call)
        if let problem = authorProblem(owner, call, personScopes: Self.memberPostingScopes, organizationScopes: Self.organizationPostingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        let image = await shares.initializeImage(owner: owner, uploader: call.member.id, now: call.now)
        let host = call.request.head.authority ?? "\(environment.configuration.host):\(environment.configuration.linkedinPort)"
        return answer(.object(["value": .object([
            "uploadUrlExpiresAt": .integer(Int64(image.uploadExpiresAt.timeIntervalSince1970 * 1000)),
            "uploadUrl": .string("http://\(host)/_upload/images/\(image.uploadToken)"),
            "image": .string(image.urn),
        ])]))
    }

    /// `PUT` (or `POST`) the image bytes to the upload URL with the member's Bearer token → `201`, empty.
    func uploadImage(_ call: RestCall, token: String) async -> Response {
        switch await shares.upload(token: token, memberID: call.member.id, bytes: call.body, now: call.now) {
        case .failure(let error):
            return await refuse(error, request: call.request, now: call.now)
        case .success(let image):
            let file = UploadedFile(contentType: call.request.headers[.contentType], bytes: call.body)
            await record(call, kind: "media", body: file.descriptor(sniffed: image.sniffed), remoteID: image.urn, text: nil, media: [image.urn])
            return Response(status: .created)
        }
    }

    /// `GET /rest/images/{urn}`: the image's owner and status (`WAITING_UPLOAD`, `AVAILABLE`, `PROCESSING_FAILED`).
    func getImage(_ call: RestCall, urn: String) async -> Response {
        guard let image = await shares.image(urn), image.uploader == call.member.id || image.owner == call.member.organization.urn else {
            return await refuse(.notFound("Image \(urn) does not exist."), request: call.request, now: call.now)
        }
        var value: [String: JSONValue] = ["id": .string(image.urn), "owner": .string(image.owner), "status": .string(image.status.rawValue)]
        if image.status == .available, let sniffed = image.sniffed {
            value["mediaType"] = .string(sniffed.format.contentType)
        }
        return answer(.object(value))
    }
}
