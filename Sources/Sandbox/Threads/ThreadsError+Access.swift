#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tokens, permissions, nodes and throttling: the errors any Threads call can meet.
extension ThreadsError {
    /// 190: no access token at all.
    static var missingToken: ThreadsError {
        ThreadsError("An active access token must be used to query information about the current user.", code: 190, reasonCode: "missing_token")
    }

    /// 190: a token this host never issued (or one from another Meta host).
    static var malformedToken: ThreadsError {
        ThreadsError("Invalid OAuth access token - Cannot parse access token", code: 190, reasonCode: "unknown_token")
    }

    /// 190/463: the token expired; a long-lived token past 60 days cannot be refreshed either.
    static func expired(at expiresAt: Date, now: Date) -> ThreadsError {
        ThreadsError(
            "Error validating access token: Session has expired on \(SandboxTimestamp.rfc3339(expiresAt)). The current time is \(SandboxTimestamp.rfc3339(now)).",
            code: 190, subcode: 463, reasonCode: "expired_token"
        )
    }

    /// 10: the person did not grant `scope`, which this call needs.
    static func permissionDenied(_ scope: String) -> ThreadsError {
        ThreadsError("(#10) Application does not have permission for this action", code: 10, reasonCode: "insufficient_scope")
            .withSandboxDetail("the token was not granted \(scope)")
    }

    /// 100/33: a node that does not exist or that this token may not read.
    static func unsupportedGet(_ id: String) -> ThreadsError {
        ThreadsError(
            "Unsupported get request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
            code: 100, subcode: 33, type: "GraphMethodException", reasonCode: "unknown_object"
        )
    }

    /// 100/33: a node this token may not write to (another person's profile, an unknown id).
    static func unsupportedPost(_ id: String) -> ThreadsError {
        ThreadsError(
            "Unsupported post request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
            code: 100, subcode: 33, type: "GraphMethodException", reasonCode: "unknown_object"
        )
    }

    /// 100: a field the node does not have; what Threads answers for `status` on a published post's id (§3).
    static func nonexistingField(_ field: String, nodeType: String) -> ThreadsError {
        ThreadsError("(#100) Tried accessing nonexisting field (\(field)) on node type (\(nodeType))", code: 100, type: "THApiException",
                     reasonCode: "unknown_field")
    }

    /// 100: a parameter missing, malformed or not allowed here.
    static func invalidParameter(_ message: String) -> ThreadsError {
        ThreadsError(message, code: 100, reasonCode: "invalid_parameter")
    }

    /// 2500: a path that is not a Threads API path, or a version other than `v1.0`.
    static func unknownPath(_ path: String) -> ThreadsError {
        ThreadsError("Unknown path components: \(path)", code: 2500, reasonCode: "unknown_path")
    }

    /// 4: the app and person used up their calls for the moving day (`4800 × impressions`, at least 48,000).
    ///
    /// The research names no code for Threads; Graph's app-level throttling code is taken, with HTTP 403 as the
    /// Facebook emulation answers it, and `is_transient`, since waiting helps.
    static var callLimitReached: ThreadsError {
        var error = ThreadsError("(#4) Application request limit reached", code: 4, isTransient: true, reasonCode: "rate_limited")
        error.status = 403
        return error
    }

    /// 100: the body is larger than the endpoint reads.
    static func bodyTooLarge(_ limit: Int) -> ThreadsError {
        ThreadsError("(#100) The request body is larger than \(limit) bytes.", code: 100, reasonCode: "payload_too_large")
    }
}
