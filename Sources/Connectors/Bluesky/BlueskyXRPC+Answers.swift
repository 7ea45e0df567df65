import Foundation
import HTTPClient
import SchedulerCore

extension BlueskyXRPC {
    /// One XRPC call, its answer as JSON, or the error it means.
    func call(_ method: String, _ path: String, json: JSONValue? = nil, body: [UInt8]? = nil, contentType: String? = nil,
              token: String?, publishing: Bool = false) async throws(ConnectorError) -> JSONValue {
        var headers = [HTTPHeader("Accept", "application/json")]
        if let token { headers.append(HTTPHeader("Authorization", "Bearer \(token)")) }
        var bytes = body
        if let json {
            bytes = Array((try? JSONEncoder().encode(json)) ?? Data())
            headers.append(HTTPHeader("Content-Type", "application/json"))
        } else if let contentType {
            headers.append(HTTPHeader("Content-Type", contentType))
        }
        let response = try await transport.send(method, "\(pds)/xrpc/\(path)", headers: headers, body: bytes, publishing: publishing)
        let answer = ConnectorTransport.json(response)
        guard (200..<300).contains(response.status) else { throw Self.error(response, answer: answer, publishing: publishing) }
        guard let answer else { throw Self.malformed(path, "the answer is not JSON") }
        return answer
    }

    /// What an XRPC error answer means (`{"error": NAME, "message": …}`): a session to renew or relink, a rate limit
    /// with its reset, a refusal of the post itself, or, for a create, a doubt.
    static func error(_ response: HTTPResponse, answer: JSONValue?, publishing: Bool) -> ConnectorError {
        let name = answer?["error"]?.stringValue ?? "HTTP \(response.status)"
        let said = answer?["message"]?.stringValue.map { "\(name): \($0)" } ?? name
        var error = ConnectorError(code: .permanent, message: said, httpStatus: response.status)
        switch (response.status, name) {
        case (429, _), (_, "RateLimitExceeded"):
            error.code = .rateLimited
            error.retryAt = response.header("ratelimit-reset").flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))
        case (401, _), (_, "ExpiredToken"), (_, "InvalidToken"), (_, "AuthenticationRequired"), (_, "AccountTakedown"):
            error.code = .authFailure
        case (500..., _):
            // A create that met a key already taken answers 500 too: the post may be there. Never failed unseen.
            error.code = publishing ? .uncertain : .retryable
        default:
            break
        }
        return error
    }

    static func session(_ answer: JSONValue) throws(ConnectorError) -> Session {
        guard let access = answer["accessJwt"]?.stringValue, let refresh = answer["refreshJwt"]?.stringValue,
              let did = answer["did"]?.stringValue, let handle = answer["handle"]?.stringValue else {
            throw malformed("createSession", "the session lacks a token, a DID or a handle")
        }
        return Session(accessJwt: access, refreshJwt: refresh, did: did, handle: handle, pds: pds(in: answer["didDoc"]))
    }

    /// The `#atproto_pds` service endpoint of a DID document (atproto.com/specs/did, "DID Documents").
    static func pds(in document: JSONValue?) -> String? {
        guard case .array(let services)? = document?["service"] else { return nil }
        for service in services {
            let id: String = service["id"]?.stringValue ?? ""
            if id.hasSuffix("#atproto_pds"), service["type"]?.stringValue == "AtprotoPersonalDataServer" {
                return service["serviceEndpoint"]?.stringValue
            }
        }
        return nil
    }

    static func record(_ answer: JSONValue, call: String) throws(ConnectorError) -> Record {
        guard let uri = answer["uri"]?.stringValue, let cid = answer["cid"]?.stringValue else { throw malformed(call, "no uri or cid") }
        return Record(uri: uri, cid: cid)
    }

    static func malformed(_ call: String, _ what: String) -> ConnectorError {
        ConnectorError(code: .retryable, message: "Bluesky's \(call) answered something unexpected: \(what)")
    }

    static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~:"))) ?? value
    }
}
