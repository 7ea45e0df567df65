import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// The parts of a schedule request beyond one text: an X thread and first comments, checked per network before
/// anything is stored, each problem naming the account and the part.
extension PostService {
    /// What the request's thread and first comments come to, checked.
    package struct CheckedParts {
        package var thread: [ThreadPart] = []
        /// By account id.
        package var firstComments: [Int64: String] = [:]
    }

    package func checkParts(_ request: SchedulePostRequest, targets: [(AccountRecord, String?)], repeating: Bool, options: PostOptions,
                    problems: inout [String]) async throws -> CheckedParts {
        var checked = CheckedParts()
        let threadRequest = request.thread ?? []
        guard !threadRequest.isEmpty || request.firstComment != nil || !(request.firstCommentFor ?? [:]).isEmpty else { return checked }
        if repeating {
            problems.append("a repeating post cannot have a thread or a first comment yet; schedule it without repeating")
            return checked
        }
        for part in threadRequest {
            checked.thread.append(ThreadPart(text: part.text, media: try await attachments(part.media ?? [], problems: &problems)))
        }
        for key in (request.firstCommentFor ?? [:]).keys where !request.to.contains(key) {
            problems.append("a first comment names '\(key)', which is not among the post's accounts")
        }
        for (index, (account, _)) in targets.enumerated() {
            problems += threadProblems(checked.thread, account: account, options: options)
            let reference = request.to.indices.contains(index) ? request.to[index] : account.reference
            guard let comment = request.firstCommentFor?[reference] ?? request.firstComment else { continue }
            let commentProblems = commentProblems(comment, account: account, options: options)
            problems += commentProblems
            if commentProblems.isEmpty { checked.firstComments[account.id] = comment }
        }
        return checked
    }

    /// Each part of a thread is a post of its own to X: counted, and its media checked, as X does; other networks
    /// have no threads.
    private func threadProblems(_ thread: [ThreadPart], account: AccountRecord, options: PostOptions) -> [String] {
        guard !thread.isEmpty else { return [] }
        let rules = PostService.rules(for: account)
        guard rules.maxThreadParts > 1 else {
            return ["\(account.reference): \(account.network.displayName) has no threads; a thread goes to \(Network.displayNames(NetworkRules.threadNetworks)) accounts only "
                + "(schedule the other accounts separately, perhaps with a first comment)"]
        }
        var problems: [String] = []
        if thread.count + 1 > rules.maxThreadParts {
            problems.append("\(account.reference): a thread of \(thread.count + 1) parts, over the limit of \(rules.maxThreadParts)")
        }
        for (index, part) in thread.enumerated() {
            var request = PostService.request(text: part.text, media: part.media, account: account, options: options)
            request.replyTo = ""
            let partProblems = connectors[account.network]?.validate(request) ?? rules.problems(with: request)
            problems += partProblems.map { "\(account.reference): part \(index + 2) of the thread: \($0)" }
        }
        return problems
    }

    /// A first comment is made through the network's API, under the post (on X, a reply counted as a post is).
    package func commentProblems(_ comment: String, account: AccountRecord, options: PostOptions) -> [String] {
        if account.authKind == .none {
            return ["\(account.reference) publishes by handoff, so no comment can be made for you; add it yourself in the app once the post is up"]
        }
        return PostService.rules(for: account, options: options).comment.problems(with: comment, networkName: account.network.displayName)
            .map { "\(account.reference): the first comment: \($0)" }
    }

    /// What a dry run shows for a post in several parts: the post's request, then each reply and the comment in order.
    package func partsPreview(post: JSONValue, thread: [ThreadPart], comment: String?, account: AccountRecord, options: PostOptions) -> JSONValue {
        guard !thread.isEmpty || comment != nil else { return post }
        let connector = connectors[account.network]
        var parts: [JSONValue] = [post]
        for (index, part) in thread.enumerated() {
            let reply = PublishRequest(text: part.text, media: part.media, accountRemoteID: account.remoteId, replyTo: "(id of part \(index + 1))",
                                       options: options)
            parts.append(connector?.preview(reply) ?? .null)
        }
        if let comment {
            parts.append(.object(["first_comment": .string(comment), "under": .string("(id of part \(thread.count + 1), once it is out)")]))
        }
        return .object(["parts": .array(parts)])
    }
}
