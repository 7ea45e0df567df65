import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// Changes what has not gone out: every change is checked against each network's rules for every delivery it
    /// touches (and X's duplicate rule), then written in one transaction, or nothing is written. The store refuses, as a
    /// conflict, a change that would touch a delivery that has gone out or is going out. `author`: who asks; a person
    /// whose posts need approval may not change one an owner approved.
    package func edit(id: Int64, _ asked: EditPostRequest, author: PostAuthor = .operator) async throws -> PostView {
        let current = try await store.post(id: id)
        try mayEdit(current, author: author)
        if let version = asked.version, version != current.version { throw Self.stale(current, since: version) }
        if asked.series == true {
            guard let text = asked.text, asked.at == nil, asked.lateness == nil, asked.tz == nil, !asked.changesDeliveries else {
                throw RequestError.badRequest("a change to a series is a new text for the occurrences still to come, and nothing else",
                                              hint: RefusalHint(.give, fields: [.text]))
            }
            return PostView(try await editSeriesText(of: current, text: text))
        }
        var change = PostChange()
        change.expectedVersion = asked.version
        change.reschedule = asked.reschedule == true
        if let at = asked.at { change.time = try parseTime(at, zone: asked.tz ?? current.dueZone) }
        else if asked.tz != nil { throw RequestError.badRequest("a time zone was given without a time", hint: .together(.tz, .at)) }
        // An occurrence edited alone gets its placeholders filled in as its series fills them.
        let request = try fillingPlaceholders(asked, of: current, at: change.time)
        change.latenessLimitSeconds = try parseLateness(request.lateness)
        change.text = request.text
        var problems: [String] = []
        let targets = try await editTargets(of: current, request, into: &change, problems: &problems)
        change.options = editedOptions(request, of: current, networks: Set(targets.map(\.account.network)), problems: &problems)
        change.firstComment = request.firstComment
        problems += Self.ownTextProblems(current, change: change, targets: targets)
        if let references = request.media { change.media = try await attachments(references, problems: &problems) }
        // The post's one set of media, converted for an Instagram account it will have (one added, or new files).
        let before: [MediaItem]
        if let replaced = change.media { before = replaced } else { before = try await attachments(of: current) }
        let (media, mediaNotes) = try await convertedForInstagram(before, to: targets.map(\.account), problems: &problems)
        if !mediaNotes.isEmpty { change.media = media }
        problems += try await targetProblems(targets, of: current, change: change, media: media)
        if let text = change.text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, media.isEmpty, problems.isEmpty {
            problems.append("the text is empty")
        }
        guard problems.isEmpty else {
            throw RequestError.refused(problems, "the change was refused")
        }
        guard change.text != nil || change.time != nil || change.latenessLimitSeconds != nil || change.media != nil
              || !change.overrides.isEmpty || !change.addTargets.isEmpty || !change.removeAccountIDs.isEmpty
              || change.options != nil || change.firstComment != nil else {
            throw RequestError.badRequest("nothing to change", hint: .anyOf([.text, .at, .lateness, .textFor, .media, .addTo, .removeFrom,
                                                                            .firstComment, .visibility, .contentWarning, .language]))
        }
        var view: PostRecord
        do { view = try await store.editPost(id: id, change: change, now: now()) } catch let error as StoreError where error.code == .conflict {
            // The post changed between the reading above and the edit's transaction: say so as a stale version does.
            guard let version = asked.version, let now = try? await store.post(id: id), now.version != version else { throw error }
            throw Self.stale(now, since: version)
        }
        var notes = (change.time?.notes ?? []) + Self.reachNotes(of: change, in: view)
        if change.reschedule {
            let again = current.deliveries.filter { RecoveryRules.reschedulable.contains($0.state) }.map(\.account)
            notes.append("scheduled again for \(view.dueLocal.replacingOccurrences(of: "T", with: " ").prefix(16)): \(again.joined(separator: ", "))")
        }
        view.notes = notes.isEmpty ? nil : notes
        wake.signal()
        return PostView(Self.noting(mediaNotes, view))
    }

    /// Each delivery whose text, media, options or comment changes is checked again against its network's rules; a new
    /// time is checked against X's duplicate rule.
    private func targetProblems(_ targets: [EditTarget], of current: PostRecord, change: PostChange, media: [MediaItem]) async throws -> [String] {
        var problems: [String] = []
        let options = change.options ?? current.options ?? PostOptions()
        let due = change.time?.instant ?? current.dueAt
        for target in targets {
            let text = target.override ?? change.text ?? current.text
            let changed = target.needsCheck || change.media != nil || change.options != nil || (change.text != nil && target.override == nil)
            if changed { problems += validationProblems(text: text, media: media, account: target.account, options: options) }
            let added = change.addTargets.first { $0.accountID == target.account.id }
            if let comment = change.firstComment ?? added?.firstComment, !comment.isEmpty {
                problems += commentProblems(comment, account: target.account, options: options)
            }
            if let due, changed || change.time != nil {
                problems += try await sameTextProblems(text: text, account: target.account, due: due, excluding: current.id)
            }
        }
        return problems
    }

    /// One account the post will go to after the edit: its text for it, and whether that text must be checked again.
    package struct EditTarget {
        package var account: AccountRecord
        package var override: String?
        package var needsCheck: Bool
    }

    /// The accounts after the edit (added ones in, removed ones out, per-account texts applied), recording the changes
    /// in `change`; a reference that names no account, or not one of the post's, is a problem.
    private func editTargets(of post: PostRecord, _ request: EditPostRequest, into change: inout PostChange,
                         problems: inout [String]) async throws -> [EditTarget] {
        var targets: [EditTarget] = []
        // Failed, missed and expired deliveries count as waiting when the edit schedules them again.
        let editable = Set<DeliveryState>([.scheduled, .draft]).union(request.reschedule == true ? RecoveryRules.reschedulable : [])
        for delivery in post.deliveries where editable.contains(delivery.state) {
            targets.append(EditTarget(account: try await store.account(reference: "\(delivery.accountId)"), override: delivery.text,
                                      needsCheck: RecoveryRules.reschedulable.contains(delivery.state)))
        }
        let published = Set(post.deliveries.filter { !editable.contains($0.state) }.map(\.accountId))
        func resolve(_ reference: String) async -> AccountRecord? {
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
        // An account added gets the comment every other account of the post has.
        let comments = Set(post.deliveries.filter { $0.state != .cancelled }.map(\.firstComment))
        let commonComment = comments.count == 1 ? comments.first! : nil
        for reference in request.addTo ?? [] {
            guard let account = await resolve(reference) else { continue }
            if post.deliveries.contains(where: { $0.accountId == account.id }), !change.removeAccountIDs.contains(account.id) {
                problems.append("post \(post.id) already goes to \(account.reference)"); continue
            }
            let override = request.overrides?[reference]
            change.addTargets.append(NewPost.Target(accountID: account.id, textOverride: override, firstComment: commonComment))
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
                problems.append("a text for '\(reference)', which is not among post \(post.id)'s accounts (an account is added to a post before its text)"); continue
            }
            change.overrides[account.id] = text
            targets[index].override = text
            targets[index].needsCheck = true
        }
        return targets
    }
}
