/// `POST /v1/check`: count and validate text (and media) for one network without scheduling anything.
public struct CheckRequest: Codable, Sendable, Equatable {
    public var text: String
    public var network: Network
    public var media: [MediaReference]?

    public init(text: String, network: Network, media: [MediaReference]? = nil) {
        self.text = text; self.network = network; self.media = media
    }
}

/// The length as the network counts it, and every problem.
public struct CheckView: Codable, Sendable, Equatable {
    public var network: Network
    /// X's weighted count; the plain character count elsewhere.
    public var weightedLength: Int
    public var maxLength: Int
    public var valid: Bool
    public var problems: [String]
    /// What would be changed on the way rather than refused (a PNG converted to JPEG for Instagram); nil when nothing.
    public var notes: [String]?

    enum CodingKeys: String, CodingKey {
        case network, valid, problems, notes
        case weightedLength = "weighted_length", maxLength = "max_length"
    }

    public init(network: Network, weightedLength: Int, maxLength: Int, valid: Bool, problems: [String]) {
        self.network = network; self.weightedLength = weightedLength; self.maxLength = maxLength
        self.valid = valid; self.problems = problems
    }
}
