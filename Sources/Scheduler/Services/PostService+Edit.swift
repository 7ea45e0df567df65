import Connectors
import Foundation
import NetworkRules
import SchedulerCore

extension PostService {
    /// Changes what has not gone out: every change is checked against each network's rules for every delivery it
    /// touches (and X's duplicate rule), then written in one transaction, or nothing is written. The store refuses, as a
    /// conflict, a change that would touch a delivery that has gone out or is going out. `author`: who asks; a person
    /// whose posts need approval may not change one an owner approved.
    public func edit(id: Int64, _ asked: EditPostRequest, author: PostAuthor = .operator) async throws -> PostView {
        let current = try await store.post(id: id)
        try mayEdit(current, author: author)
        if asked.series == true {
            guard let text = asked.text, asked.at == nil, asked.lateness == nil, asked.tz == nil, !asked.changesDeliveries else {
                throw RequestError.badRequest("--series changes the text of the occurrences still to come; give --text only")
            }
            return try await editSeriesText(of: current, text: text)
        }
        var change = PostChange()
        if let at = asked.at { change.time = try parseTime(at, zone: asked.tz ?? current.dueZone) }
        else if asked.tz != nil { throw RequestError.badRequest("--tz only applies together with --at") }
        // An occurrence edited alone gets its placeholders filled in as its series fills them.
        let request = try fillingPlaceholders(asked, of: current, at: change.time)
        change.latenessLimitSeconds = try parseLateness(request.lateness)
        change.text = request.text
        var problems: [String] = []
        let targets = try await editTargets(of: current, request, into: &change, problems: &problems)
        if let references = request.media { change.media = try await attachments(references, problems: &problems) }
        // The post's one set of media, converted for an Instagram account it will have (one added, or new files).
        let before: [MediaItem]
        if let replaced = change.media { before = replaced } else { before = try await attachments(of: current) }
        let (media, mediaNotes) = try await convertedForInstagram(before, to: targets.map(\.account), problems: &problems)
        if !mediaNotes.isEmpty { change.media = media }
        let due = change.time?.instant ?? current.dueAt
        // Each delivery whose text or media changes is checked again; a new time is checked against X's duplicate rule.
        for target in targets {
            let text = target.override ?? change.text ?? current.text
            let changed = target.needsCheck || change.media != nil || (change.text != nil && target.override == nil)
            if changed { problems += validationProblems(text: text, media: media, account: target.account, options: current.options ?? PostOptions()) }
            if let due, changed || change.time != nil {
                problems += try await sameTextProblems(text: text, account: target.account, due: due, excluding: id)
            }
        }
        if let text = change.text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, media.isEmpty, problems.isEmpty {
            problems.append("the text is empty")
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the change was refused")
        }
        guard change.text != nil || change.time != nil || change.latenessLimitSeconds != nil || change.media != nil
              || !change.overrides.isEmpty || !change.addTargets.isEmpty || !change.removeAccountIDs.isEmpty else {
            throw RequestError.badRequest("nothing to change; give --text, --at, --lateness, --text-for, --media, --add-to or --remove-from")
        }
        var view = try await store.editPost(id: id, change: change, now: now())
        if let notes = change.time?.notes, !notes.isEmpty { view.notes = notes }
        wake.signal()
        return Self.noting(mediaNotes, view)
    }

    /// One account the post will go to after the edit: its text for it, and whether that text must be checked again.
    struct EditTarget {
        var account: AccountView
        var override: String?
        var needsCheck: Bool
    }

    /// The accounts after the edit (added ones in, removed ones out, per-account texts applied), recording the changes
    /// in `change`; a reference that names no account, or not one of the post's, is a problem.
    private func editTargets(of post: PostView, _ request: EditPostRequest, into change: inout PostChange,
                         problems: inout [String]) async throws -> [EditTarget] {
        var targets: [EditTarget] = []
        for delivery in post.deliveries where delivery.state == .scheduled || delivery.state == .draft {
            targets.append(EditTarget(account: try await store.account(reference: "\(delivery.accountId)"), override: delivery.text, needsCheck: false))
        }
        let published = Set(post.deliveries.filter { $0.state != .scheduled && $0.state != .draft }.map(\.accountId))
        func resolve(_ reference: String) async -> AccountView? {
            do { return try await store.account(reference: reference) } catch let error as StoreError {
                problems.append(error.message)
            } catch { problems.append("\(reference): \(error)") }
            return nil
        }
        for reference in request.removeFrom ?? [] {
            guard let account = await resolve(reference) else { continue }
            guard post.deliveries.contains(where: { $0.accountId == account.id }) else {
                problems.append("\(account.reference) is not among post \(post.id)'s accounts"); continue
            }
            change.removeAccountIDs.append(account.id)
            targets.removeAll { $0.account.id == account.id }
        }
        for reference in request.addTo ?? [] {
            guard let account = await resolve(reference) else { continue }
            if post.deliveries.contains(where: { $0.accountId == account.id }), !change.removeAccountIDs.contains(account.id) {
                problems.append("post \(post.id) already goes to \(account.reference)"); continue
            }
            let override = request.overrides?[reference]
            change.addTargets.append(NewPost.Target(accountID: account.id, textOverride: override))
            targets.append(EditTarget(account: account, override: override, needsCheck: true))
        }
        for (reference, text) in request.overrides ?? [:] where !(request.addTo ?? []).contains(reference) {
            guard let account = await resolve(reference) else { continue }
            if published.contains(account.id) {
                // Left to the store, which refuses it as a conflict (exit 5): what has gone out is never changed.
                change.overrides[account.id] = text
                continue
            }
            guard let index = targets.firstIndex(where: { $0.account.id == account.id }) else {
                problems.append("a text for '\(reference)', which is not among post \(post.id)'s accounts (add it with --add-to)"); continue
            }
            change.overrides[account.id] = text
            targets[index].override = text
            targets[index].needsCheck = true
        }
        return targets
    }
}
