import CJPEG

/// A JPEG decoded through libjpeg from its first byte to its end-of-image marker: a header that reads well says
/// nothing of a file cut short after it, which networks take and then show half grey (or refuse after the upload).
enum JPEGCheck {
    /// Nil when the whole image decodes; else what is wrong with it.
    static func damage(in bytes: [UInt8]) -> String? {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_check(buffer.baseAddress, UInt(buffer.count), &width, &height, text.baseAddress, text.count)
            }
        }
        if status == 0 { return nil }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "the JPEG does not decode (libjpeg: \(reason.isEmpty ? "unreadable" : reason))"
    }
}
