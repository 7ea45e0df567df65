/// Text from a file or standard input as people's editors write it, read one way: Windows' `\r\n` and old Macs'
/// lone `\r` become `\n`, so that a thread file's `---` lines, a CSV's rows and a template's lines are found whatever
/// wrote them, and no `\r` reaches a network.
public enum LineEndings {
    public static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var result = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n", afterReturn { continue }
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }
}
