/// LinkedIn's "little text format": these characters in `commentary` must be backslash-escaped, or
/// LinkedIn reads them as markup and the post is cut short (API-NOTES).
public enum LittleTextFormat {
    static let reserved: Set<Character> = ["\\", "|", "{", "}", "@", "[", "]", "(", ")", "<", ">", "#", "*", "_", "~"]

    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            if reserved.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
