import SchedulerCore

/// An MP4 or QuickTime file's top-level boxes checked to be whole: decoding video is
/// out of reach here, but a file cut short in transfer ends inside a box, usually `mdat`, and a file without
/// `moov` cannot be played at all.
enum VideoBoxes {
    static func damage(in bytes: [UInt8]) -> String? {
        var sawMovie = false
        if let problem = walk(bytes, seeing: { if $0 == "moov" { sawMovie = true } }) { return problem }
        return sawMovie ? nil : "the video has no moov box (its index), so it cannot be played"
    }

    /// Calls `seeing` with each box's type; nil when the boxes tile the file exactly.
    private static func walk(_ bytes: [UInt8], seeing: (String) -> Void) -> String? {
        let to = bytes.count
        var offset = 0
        while offset < to {
            guard offset + 8 <= to, var size = ByteReading.bigEndian(bytes, offset, 4) else {
                return "the video is cut short: it ends at byte \(bytes.count) inside a box's header"
            }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard let large = ByteReading.bigEndian(bytes, offset + 8, 8), offset + 16 <= to else {
                    return "the video is cut short inside the header of its \(type) box"
                }
                size = large
                header = 16
            } else if size == 0 {
                size = to - offset  // the last box, to the end of the file
            }
            guard size >= header else { return "the video is damaged: its \(type) box at byte \(offset) has a size of \(size)" }
            guard size <= to - offset else {
                return "the video is cut short: its \(type) box needs \(offset + size) bytes and the file has \(bytes.count)"
            }
            seeing(type)
            offset += size
        }
        return nil
    }
}
