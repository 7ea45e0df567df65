import CryptoPrimitives

/// CID strings in the form a PDS gives them: CIDv1, sha2-256, multibase base32 lower case (`b…`).
///
/// Records get the dag-cbor codec (`bafyrei…`) and blobs the raw codec (`bafkrei…`). The sandbox hashes the
/// record's JSON rather than its CBOR, so the string has the real shape but not the real value; nothing
/// outside the sandbox can recompute it, and nothing should.
enum ContentID {
    /// A record's CID.
    static func record(_ bytes: [UInt8]) -> String {
        make(codec: 0x71, bytes)
    }

    /// A blob's CID.
    static func blob(_ bytes: [UInt8]) -> String {
        make(codec: 0x55, bytes)
    }

    private static func make(codec: UInt8, _ bytes: [UInt8]) -> String {
        "b" + base32([0x01, codec, 0x12, 0x20] + Digest.sha256(bytes))
    }

    /// RFC 4648 base32, lower case, unpadded.
    private static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var output = ""
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int(buffer >> UInt32(bits - 5) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return output
    }
}
