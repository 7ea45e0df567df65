/// What a format reader found wrong inside a file, in words; ``RunFile`` adds the path.
struct ReadProblem: Error, Sendable, Equatable {
    var message: String
    init(_ message: String) { self.message = message }

    static func badTime(_ text: String, point: Int) -> ReadProblem {
        ReadProblem("cannot read the time \(FileOpening.quoted(text)) of track point \(point) (expected RFC 3339, like 2024-05-05T07:30:00Z)")
    }

    /// A number field, or nil when the element is empty; a value that is not a number is a problem naming it.
    static func number(_ text: String, _ field: String, point: Int) throws(ReadProblem) -> Double? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        guard let value = Double(trimmed), value.isFinite else {
            throw ReadProblem("cannot read the \(field) \(FileOpening.quoted(String(trimmed))) of track point \(point): it is not a number")
        }
        return value
    }

    static func time(_ text: String, point: Int) throws(ReadProblem) -> Double? {
        let trimmed = String(text.trimmingWhitespace)
        guard !trimmed.isEmpty else { return nil }
        guard let time = Timestamp.parse(trimmed) else { throw badTime(trimmed, point: point) }
        return time
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
