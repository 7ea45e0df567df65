/// The FIT file CRC-16 (FIT Protocol, "File Header" and "CRC": the 16-entry nibble table, over the header's first 12
/// bytes and over the whole file but its last two bytes).
enum FITCRC {
    static let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                                  0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]

    static func update(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
        var crc = crc
        var tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int(byte & 0xF)]
        tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        return crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
    }

    static func compute(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        bytes.reduce(0) { update($0, $1) }
    }
}
