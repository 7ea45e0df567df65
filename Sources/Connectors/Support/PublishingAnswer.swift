import Foundation

extension ConnectorError {
    /// This error, read as the answer to the request that makes the post (X `POST /2/tweets`, Graph
    /// `POST /{page}/feed` or `/photos`, LinkedIn `POST /rest/posts`, Instagram `POST /{ig}/media_publish`).
    ///
    /// A retryable answer with an HTTP status there (any 5xx, Graph's codes 1 and 2, a gateway's 502 or
    /// 504 page that is not the network's JSON at all) does not say that nothing was done: the request
    /// reached the network, which may have made the post before failing to answer. None of the
    /// networks' references promises otherwise for a server error (X's 500/503/504 say "try again
    /// later", Graph's 1/2 "retry", LinkedIn's 5xx nothing), so the stricter reading holds: it is
    /// ``Code/uncertain``, and the engine looks for the post before sending it again. Throttling,
    /// refused credentials and refused posts keep their class: those answers say the post was not made.
    /// Requests that make no post (uploads, Instagram containers, reads) keep 5xx retryable.
    func answeringPublish(network: String) -> ConnectorError {
        guard code == .retryable, let status = httpStatus else { return self }
        var error = self
        error.code = .uncertain
        error.message = "\(message) (HTTP \(status) to the publishing request: \(network) may have made the post, so it is looked for before sending again)"
        return error
    }
}
