/// The `fields` parameter of a Graph read: `id,name,instagram_business_account{id,username}`.
struct GraphFields: Sendable, Equatable {
    /// One requested field, with the fields asked of the node it points to.
    struct Field: Sendable, Equatable {
        var name: String
        var subfields: GraphFields?
    }

    var fields: [Field]

    init(_ fields: [Field]) {
        self.fields = fields
    }

    /// Parses `text`, or returns `defaults` when it is absent; `nil` when braces do not balance.
    static func parse(_ text: String?, defaults: [String]) -> GraphFields? {
        guard let text, !text.isEmpty else { return GraphFields(defaults.map { Field(name: $0) }) }
        var fields: [Field] = []
        var depth = 0
        var current = ""
        for character in text + "," {
            switch character {
            case "{": depth += 1; current.append(character)
            case "}": depth -= 1; current.append(character); if depth < 0 { return nil }
            case "," where depth == 0:
                guard let field = field(current) else { return nil }
                if !field.name.isEmpty { fields.append(field) }
                current = ""
            case " " where depth == 0: continue
            default: current.append(character)
            }
        }
        return depth == 0 ? GraphFields(fields) : nil
    }

    private static func field(_ text: String) -> Field? {
        guard let open = text.firstIndex(of: "{") else { return Field(name: text) }
        guard text.hasSuffix("}") else { return nil }
        let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        guard let sub = parse(inner, defaults: []) else { return nil }
        return Field(name: String(text[..<open]), subfields: sub)
    }
}
