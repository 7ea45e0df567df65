/// How a network counts text and how much it takes.
public struct TextRules: Sendable {
    /// The most the network accepts, in its own units.
    public var maxLength: Int
    /// The length as the network counts it (X weighs characters; others count them).
    public var count: @Sendable (String) -> Int
    /// The network's other limits on text (Bluesky's bytes, Threads' links), each problem in words.
    public var otherProblems: @Sendable (String) -> [String]
    /// What the length problem says is counted, with its verb: more than the text where the network counts more
    /// (a Mastodon content warning).
    public var counted = "the text counts"

    public init(maxLength: Int, count: @escaping @Sendable (String) -> Int, otherProblems: @escaping @Sendable (String) -> [String] = { _ in [] }) {
        self.maxLength = maxLength
        self.count = count
        self.otherProblems = otherProblems
    }

    /// Plain counting by user-perceived characters, for networks that do not weigh text.
    public static func characters(max: Int) -> TextRules {
        TextRules(maxLength: max) { $0.count }
    }

    /// The problems with `text`, each naming the limit.
    public func problems(with text: String, networkName: String) -> [String] {
        var problems: [String] = []
        if text.trimmingWhitespace.isEmpty {
            problems.append("the text is empty")
        }
        let length = count(text)
        if length > maxLength {
            problems.append("\(counted) \(length) characters, over \(networkName)'s limit of \(maxLength)")
        }
        return problems + otherProblems(text)
    }
}
