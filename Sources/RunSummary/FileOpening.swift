import Foundation

/// What a file that is not XML looks like, in words: its bytes are never echoed (a photo given as a GPX file would
/// fill the terminal with them), and any text quoted from a file is short and escaped.
enum FileOpening {
    /// "its first bytes look like a PNG image", or for text "it starts with "…"", or "it holds binary data".
    static func describe(_ bytes: [UInt8]) -> String {
        if let kind = kind(of: bytes) { return "its first bytes look like \(kind)" }
        guard let text = text(bytes) else { return "it holds binary data, not text" }
        return "it starts with \(quoted(text, limit: 32))"
    }

    /// `text` in quotes, at most `limit` characters (then "…"), line breaks as spaces and other control characters
    /// escaped, so nothing quoted from a file can break a line or the terminal.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var shown = ""
        for character in text.trimmingWhitespace.prefix(limit) {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                shown += " "
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                      scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.append(character)
            }
        }
        return "\"\(shown)\(text.trimmingWhitespace.count > limit ? "…" : "")\""
    }

    /// What well-known formats' signatures say the bytes are.
    private static func kind(of bytes: [UInt8]) -> String? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(Array("GIF8".utf8)) { return "a GIF image" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "a WebP image" }
        if starts(Array("ftyp".utf8), at: 4) { return "an MP4 or QuickTime video" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (a .kmz is one: export the run as GPX or TCX instead)" }
        if starts([0x1F, 0x8B]) { return "a gzip-compressed file (uncompress it first: gunzip FILE)" }
        return nil
    }

    /// The bytes as text when they are text: UTF-8 (a character cut at the end aside) with no control characters
    /// but line breaks and tabs.
    private static func text(_ bytes: [UInt8]) -> String? {
        var end = bytes.count
        while end > 0, end > bytes.count - 4, String(validating: bytes[0..<end], as: UTF8.self) == nil { end -= 1 }
        guard let text = String(validating: bytes[0..<end], as: UTF8.self), end > 0 || bytes.isEmpty else { return nil }
        let controls = text.unicodeScalars.filter { $0.properties.generalCategory == .control && !["\n", "\r", "\t"].contains($0) }
        return controls.isEmpty ? text : nil
    }
}
