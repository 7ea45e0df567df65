import Foundation

/// `--json` output: the daemon's compact JSON (keys already sorted) indented for a person, byte by byte, as
/// `JSONEncoder`'s `.prettyPrinted` lays it out (two spaces, `"key" : value`), but `[]` and `{}` when empty. Nothing is
/// parsed into objects and written back: for a page of 1,000 posts that round trip through Foundation took longer
/// than the daemon's answer. Text that is not JSON comes out as it went in.
public enum JSONIndent {
    public static func pretty(_ data: Data) -> String {
        pretty([UInt8](data))
    }

    /// An array, not any collection of bytes: a generic parameter is not specialised across modules, and walking
    /// `Data` through its protocol witnesses byte by byte took half of the time this function costs schedctl.
    public static func pretty(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var pendingOpen: UInt8?  // an opening bracket whose contents are not known yet: `[]` stays on one line
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        func flushOpen() {
            guard let open = pendingOpen else { return }
            out.append(open)
            pendingOpen = nil
            depth += 1
            newline()
        }
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                flushOpen()
                pendingOpen = byte
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let open = pendingOpen {
                    out.append(open)
                    pendingOpen = nil
                } else {
                    depth = max(0, depth - 1)
                    newline()
                }
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: Array(" : ".utf8))
            default:
                flushOpen()
                if byte == UInt8(ascii: "\"") { inString = true }
                out.append(byte)
            }
        }
        if let open = pendingOpen { out.append(open) }
        return String(decoding: out, as: UTF8.self)
    }
}
