/// The commands that settle one delivery, worded once for the messages, events and `show` that suggest them: by post,
/// as every command takes posts, and the delivery named, so that the command is exact whatever else the post has.
public enum RecoveryCommand {
    public static func retry(post: Int64, delivery: Int64, force: Bool = false) -> String {
        "schedctl retry \(post) --delivery \(delivery)" + (force ? " --force" : "")
    }

    public static func resolve(post: Int64, delivery: Int64) -> String {
        "schedctl resolve \(post) --delivery \(delivery) --published URL"
    }
}
