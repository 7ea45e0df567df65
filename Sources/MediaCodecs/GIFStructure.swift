/// A GIF walked block by block to its trailer (`;`): without a GIF decoder at hand, the structure is what can be
/// checked, and a file cut short ends inside a block instead of at the trailer.
enum GIFStructure {
    /// Nil when the blocks lead to the trailer and hold at least one image.
    static func damage(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else {
            return "the GIF is cut short inside its header"
        }
        var offset = 13 + colorTableSize(bytes[10])
        var images = 0
        while true {
            guard offset < bytes.count else { return cutShort(bytes) }
            let introducer = bytes[offset]
            switch introducer {
            case 0x3B:
                return images > 0 ? nil : "the GIF holds no image"
            case 0x21:
                guard let next = skipSubBlocks(bytes, from: offset + 2) else { return cutShort(bytes) }
                offset = next
            case 0x2C:
                guard offset + 10 <= bytes.count else { return cutShort(bytes) }
                let dataStart = offset + 10 + colorTableSize(bytes[offset + 9]) + 1  // + the LZW minimum code size
                guard let next = skipSubBlocks(bytes, from: dataStart) else { return cutShort(bytes) }
                images += 1
                offset = next
            default:
                return "the GIF is damaged: byte \(offset) is 0x\(String(introducer, radix: 16)), where a block or the trailer belongs"
            }
        }
    }

    /// Bytes of the colour table a packed field announces (its top bit), else 0.
    private static func colorTableSize(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// Where the data sub-blocks starting at `offset` end (just past their zero-length terminator), nil when the file ends first.
    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count {
            let length = Int(bytes[offset])
            offset += 1 + length
            if length == 0 { return offset }
        }
        return nil
    }

    private static func cutShort(_ bytes: [UInt8]) -> String {
        "the GIF is cut short: it ends at byte \(bytes.count) before its trailer"
    }
}
