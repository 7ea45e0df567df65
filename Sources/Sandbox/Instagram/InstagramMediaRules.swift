/// What Instagram checks before it accepts a feed image and its caption.
enum InstagramMediaRules {
    static let maximumImageBytes = 8 * 1024 * 1024
    static let maximumCaptionCharacters = 2_200
    static let maximumHashtags = 30
    static let maximumMentions = 20
    /// `alt_text` on an image container: "up to 1000 character" (IG User Media reference), counted in code points.
    static let maximumAltTextCharacters = 1_000

    /// The image's format and size, or why Instagram refuses it: not a JPEG, no readable size,
    /// larger than 8 MiB, or an aspect ratio outside 4:5 to 1.91:1 (inclusive).
    static func check(_ file: UploadedFile) -> Result<SniffedMedia, GraphError> {
        guard file.bytes.count <= maximumImageBytes else { return .failure(.imageTooLarge) }
        guard let sniffed = MediaSniffer.sniff(file.bytes), sniffed.format == .jpeg, sniffed.width != nil else {
            return .failure(.unsupportedImageFormat)
        }
        guard sniffed.aspectRatio(isWithin: (4, 5), (191, 100)) else { return .failure(.invalidAspectRatio(sniffed)) }
        return .success(sniffed)
    }

    /// Why Instagram refuses `caption`, if it does: more than 2,200 characters, 30 hashtags or 20 mentions.
    static func problem(with caption: String) -> GraphError? {
        if caption.count > maximumCaptionCharacters {
            return .invalidParameter("(#100) The caption is \(caption.count) characters long; the limit is \(maximumCaptionCharacters).")
        }
        let hashtags = count(caption, marker: "#") { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }
        if hashtags > maximumHashtags {
            return .invalidParameter("(#100) The caption has \(hashtags) hashtags; the limit is \(maximumHashtags).")
        }
        let mentions = count(caption, marker: "@") { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_") }
        if mentions > maximumMentions {
            return .invalidParameter("(#100) The caption has \(mentions) @mentions; the limit is \(maximumMentions).")
        }
        return nil
    }

    /// Why Instagram refuses an image's `alt_text`, if it does.
    static func problem(withAltText alt: String) -> GraphError? {
        guard alt.unicodeScalars.count > maximumAltTextCharacters else { return nil }
        return .invalidParameter("(#100) alt_text is \(alt.unicodeScalars.count) characters long; the limit is \(maximumAltTextCharacters).")
    }

    /// Occurrences of `marker` followed by at least one `word` scalar and not preceded by a word scalar
    /// (so `a@b.com` and `C#` are neither mentions nor hashtags).
    static func count(_ text: String, marker: Unicode.Scalar, word: (Unicode.Scalar) -> Bool) -> Int {
        let scalars = Array(text.unicodeScalars)
        var total = 0
        for index in scalars.indices where scalars[index] == marker {
            let precededByWord = index > 0 && (scalars[index - 1].properties.isAlphabetic || scalars[index - 1].properties.numericType != nil)
            if !precededByWord, index + 1 < scalars.count, word(scalars[index + 1]) { total += 1 }
        }
        return total
    }
}
