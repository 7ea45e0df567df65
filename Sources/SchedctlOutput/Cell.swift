/// A table cell: spans of text, each with its own colour (a post's deliveries, one per state), measured and cut
/// without the colour's escapes.
public struct Cell: Sendable, Equatable, ExpressibleByStringLiteral {
    public struct Span: Sendable, Equatable {
        public var text: String
        public var style: Style?

        public init(_ text: String, _ style: Style? = nil) {
            self.text = text
            self.style = style
        }
    }

    public var spans: [Span]

    public init(_ spans: [Span]) { self.spans = spans }
    public init(_ text: String, _ style: Style? = nil) { spans = [Span(text, style)] }
    public init(stringLiteral text: String) { self.init(text) }

    /// The text without colour, on one line.
    public var plain: String { spans.map(\.text).joined() }
    public var width: Int { plain.count }

    /// At most `width` characters, the last one "…" when something was cut.
    public func clipped(to width: Int) -> Cell {
        guard self.width > width else { return self }
        guard width > 0 else { return Cell([]) }
        var room = width - 1
        var kept: [Span] = []
        for span in spans where room > 0 {
            let taken = String(span.text.prefix(room))
            kept.append(Span(taken, span.style))
            room -= taken.count
        }
        let lastStyle = kept.last?.style ?? spans.first?.style
        kept.append(Span("…", lastStyle))
        return Cell(kept)
    }

    /// The text, coloured when `color`.
    public func rendered(color: Bool) -> String {
        spans.map { span in color && !span.text.isEmpty ? span.style.map { $0.paint(span.text) } ?? span.text : span.text }.joined()
    }
}
