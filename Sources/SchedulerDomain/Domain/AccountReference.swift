import Foundation
import SchedulerCore

/// An account as people name it, `3`, `x:@runner`, `x:runner`, `@runner` or `runner`, read the same way by both stores.
package enum AccountReference {
    case id(Int64)
    /// A handle without its `@`, matched ignoring case, on one network or any.
    case handle(String, network: Network?)

    package init(parsing reference: String) throws(StoreError) {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        var network: Network?
        var handle = trimmed
        if let colon = trimmed.firstIndex(of: ":") {
            let name = trimmed[..<colon].lowercased()
            handle = String(trimmed[trimmed.index(after: colon)...])
            guard let named = Network(rawValue: name) else {
                throw StoreError(.invalid, (Suggestions.networkProblem(name) ?? "unknown network '\(name)'") + ", in account '\(reference)'")
            }
            network = named
        }
        if handle.hasPrefix("@") { handle.removeFirst() }
        guard !handle.isEmpty else { throw StoreError(.invalid, "empty account reference '\(reference)'") }
        if network == nil, let id = Int64(handle), !trimmed.hasPrefix("@") {
            self = .id(id)
        } else {
            self = .handle(handle, network: network)
        }
    }

    /// The one account `reference` found, or the error saying it found none (with the `linked` handle most likely
    /// meant, one or two letters off) or several.
    package static func single(_ matches: [AccountRecord], for reference: String, linked: [(Network, String)] = []) throws(StoreError) -> AccountRecord {
        guard let first = matches.first else {
            let meant = (try? AccountReference(parsing: reference)).flatMap { Self.likely($0, among: linked) }
            throw StoreError(.notFound, "no account '\(reference)'" + (meant.map { " (did you mean \($0)?)" } ?? ""),
                             hint: RefusalHint(.listAccounts))
        }
        guard matches.count == 1 else {
            // The candidates by id, since two of them may share the network and the handle (two Pages of one name).
            let candidates = matches.map { "\($0.id) (\($0.reference), \($0.displayName))" }.joined(separator: ", ")
            throw StoreError(.invalid, "'\(reference)' matches \(matches.count) accounts: \(candidates); name one by its id, e.g. \(first.id)")
        }
        return first
    }

    /// The linked account a mistyped handle most likely names: on the network given, within two edits of a handle of at
    /// least four letters.
    package static func likely(_ reference: AccountReference, among linked: [(Network, String)]) -> String? {
        guard case .handle(let handle, let network) = reference else { return nil }
        let typed = handle.lowercased()
        let scored = linked.filter { network == nil || $0.0 == network }.filter { $0.1.count >= 4 }
            .map { ($0, Suggestions.distance(typed, $0.1.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return "\(best.0.0.rawValue):@\(best.0.1)"
    }
}
