/// The configured hooks, as bits stored with each event (`event.hooks_accepted`): which have accepted it. Here, below
/// the stores, since the event store keeps these bits with each event (Notifications/Notifier runs the hooks).
package struct HookSet: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let command = HookSet(rawValue: 1)
    package static let webhook = HookSet(rawValue: 2)
}
