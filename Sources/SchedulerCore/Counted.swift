/// Counts with their noun in the right number: "1 delivery", "2 deliveries", "0 posts".
public enum Counted {
    public static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// "2 of 3 rows", "1 of 1 row": a part of a counted whole, the noun agreeing with the whole.
    public static func part(_ part: Int, of total: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(part) of \(of(total, singular, plural))"
    }

    /// The verb agreeing with a count: "is" for one, "are" for any other number (or the forms given).
    public static func verb(_ count: Int, _ one: String = "is", _ other: String = "are") -> String {
        count == 1 ? one : other
    }

    /// `1,234`: thousands grouped with commas whatever the locale, as the rest of the output writes numbers.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
