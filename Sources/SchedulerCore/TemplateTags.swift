/// The `{{…}}` tags of a text, read the way Mustache reads them, so that a post's placeholders and a run summary's
/// templates are checked by one reader: a key nobody fills in is refused where it is typed, instead of being
/// published as typed or left silently empty.
public struct TemplateTag: Sendable, Equatable {
    /// What the tag does: `#` opens a section, `^` an inverted one, `/` closes one, `{` or `&` is a value left
    /// unescaped, nil a plain value. Comments (`!`), partials (`>`) and pragmas (`%`) are not listed.
    public var sigil: Character?
    /// The key, trimmed of spaces; for a dotted name (`run.title`) the whole name.
    public var key: String
    /// The line it is on, from 1.
    public var line: Int
    /// The tag as written, for messages.
    public var text: String
}

public enum TemplateTags {
    /// Every tag of `text` that names a key, in order; nil when the text changes its delimiters (`{{=<% %>=}}`),
    /// which this reader does not follow.
    public static func scan(_ text: String) -> [TemplateTag]? {
        var tags: [TemplateTag] = []
        var rest = Substring(text)
        var line = 1
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].count { $0 == "\n" }
            let triple = rest[open.upperBound...].hasPrefix("{")
            guard let close = rest[open.upperBound...].range(of: triple ? "}}}" : "}}") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            let written = String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
            var body = inner.trimmingSpaces
            var sigil: Character?
            if let first = body.first, "#^/{&!>%=".contains(first) {
                sigil = first
                body = body.dropFirst().trimmingSpaces
            }
            switch sigil {
            case "=": return nil
            case "!", ">", "%": break
            default: tags.append(TemplateTag(sigil: sigil, key: String(body), line: line, text: written))
            }
            line += written.count { $0 == "\n" }
        }
        return tags
    }

    /// The tags of `text` whose key is not one of `keys`, once each (`.` is Mustache's current item, always known).
    public static func unknown(in text: String, keys: Set<String>) -> [TemplateTag] {
        var seen: Set<String> = []
        return (scan(text) ?? []).filter { tag in
            let root = String(tag.key.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
            return tag.key != "." && !keys.contains(root) && seen.insert(tag.key).inserted
        }
    }

    /// `text` with each plain tag whose key is in `values` replaced by its value (`{{ n }}` as `{{n}}`); every other
    /// tag stays as written.
    public static func filling(_ text: String, with values: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let key = String(rest[open.upperBound..<close.lowerBound].trimmingSpaces)
            result += values[key] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
