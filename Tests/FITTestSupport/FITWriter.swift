import Foundation

/// FIT files made for the tests, written apart from the decoder (its own CRC, bit by bit, CRC-16/ARC; its own field
/// layout), from the FIT Protocol's description: a 14-byte header with its CRC, definition and data messages in
/// either byte order, compressed timestamp headers, developer fields, and the file CRC.
public struct FITWriter {
    public enum Field: Sendable {
        /// `bytes` is an array of the base type byte (0x0D), written as it is in either byte order.
        case u8(UInt8, UInt8?), u16(UInt8, UInt16?), u32(UInt8, UInt32?), s32(UInt8, Int32?), e(UInt8, UInt8?), bytes(UInt8, [UInt8])

        public var number: UInt8 {
            switch self { case .u8(let n, _), .u16(let n, _), .u32(let n, _), .s32(let n, _), .e(let n, _), .bytes(let n, _): n }
        }
        public var size: UInt8 { switch self { case .u8, .e: 1; case .u16: 2; case .u32, .s32: 4; case .bytes(_, let v): UInt8(v.count) } }
        public var baseType: UInt8 {
            switch self { case .e: 0x00; case .u8: 0x02; case .u16: 0x84; case .u32: 0x86; case .s32: 0x85; case .bytes: 0x0D }
        }
        /// The value's bytes, least significant first; an absent value is the type's invalid marker.
        public var littleEndian: [UInt8] {
            switch self {
            case .u8(_, let v), .e(_, let v): [v ?? 0xFF]
            case .u16(_, let v): Self.bytes(UInt64(v ?? 0xFFFF), 2)
            case .u32(_, let v): Self.bytes(UInt64(v ?? 0xFFFF_FFFF), 4)
            case .s32(_, let v): Self.bytes(UInt64(UInt32(bitPattern: v ?? 0x7FFF_FFFF)), 4)
            case .bytes(_, let v): v
            }
        }
        public static func bytes(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
    }

    public var bigEndian = false
    /// Developer fields' total size added to every definition (and zero bytes to every message).
    public var developerBytes: UInt8 = 0
    public private(set) var records: [UInt8] = []
    private var defined: [UInt8: [UInt8]] = [:]

    public init(bigEndian: Bool = false, developerBytes: UInt8 = 0) {
        self.bigEndian = bigEndian
        self.developerBytes = developerBytes
    }

    /// A data message of global number `global` on local type `local`, preceded by its definition when that changed.
    public mutating func message(_ global: UInt16, local: UInt8 = 0, _ fields: [Field], compressedOffset: UInt8? = nil) {
        var definition: [UInt8] = [0, bigEndian ? 1 : 0] + (bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)])
        definition.append(UInt8(fields.count))
        for field in fields { definition += [field.number, field.size, field.baseType] }
        if developerBytes > 0 { definition += [1, 0, developerBytes, 0] }
        if defined[local] != definition {
            records.append(0x40 | (developerBytes > 0 ? 0x20 : 0) | local)
            records += definition
            defined[local] = definition
        }
        if let compressedOffset { records.append(0x80 | (local << 5) | (compressedOffset & 0x1F)) } else { records.append(local) }
        for field in fields {
            if case .bytes = field { records += field.littleEndian } else { records += bigEndian ? field.littleEndian.reversed() : field.littleEndian }
        }
        records += Array(repeating: 0xAB, count: Int(developerBytes))
    }

    /// Header, records, CRC.
    public var file: [UInt8] {
        var header: [UInt8] = [14, 0x20] + Field.bytes(2132, 2) + Field.bytes(UInt64(records.count), 4) + Array(".FIT".utf8)
        header += Field.bytes(UInt64(Self.crc(header)), 2)
        let body = header + records
        return body + Field.bytes(UInt64(Self.crc(body)), 2)
    }

    /// CRC-16/ARC (polynomial 0x8005 reflected, initial 0), computed bit by bit.
    public static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }

    /// FIT time (seconds since 1989-12-31T00:00Z) of a date.
    public static func fitTime(_ date: Date) -> UInt32 { UInt32(date.timeIntervalSince1970 - 631_065_600) }
    /// Degrees as semicircles.
    public static func semicircles(_ degrees: Double) -> Int32 { Int32((degrees * 2_147_483_648 / 180).rounded()) }

    /// A run going north at `speed` m/s, one record a second, with heart rate, cadence, altitude and distance, then its
    /// session (running) stating `sessionDistance` when given.
    public static func run(seconds: Int, speed: Double = 3, start: Date = Date(timeIntervalSince1970: 1_900_000_000), bigEndian: Bool = false,
                    developerBytes: UInt8 = 0, compressed: Bool = false, positions: Bool = true, sport: UInt8 = 1,
                    sessionDistance: Double? = nil, sessionExtras: [Field] = []) -> [UInt8] {
        var writer = FITWriter(bigEndian: bigEndian, developerBytes: developerBytes)
        writer.message(0, local: 1, [.e(0, 4), .u32(4, fitTime(start))])   // file_id: type activity, time created
        let metresPerDegree = 111_195.0
        for second in 0...seconds {
            let metres = Double(second) * speed
            var fields: [Field] = []
            if !compressed || second == 0 { fields.append(.u32(253, fitTime(start) + UInt32(second))) }
            if positions { fields += [.s32(0, semicircles(48.85 + metres / metresPerDegree)), .s32(1, semicircles(2.35))] }
            fields += [.u16(2, UInt16((35.0 + 500) * 5)), .u8(3, 140), .u8(4, 85), .u32(5, UInt32(metres * 100))]
            let offset = compressed && second > 0 ? UInt8((fitTime(start) + UInt32(second)) & 0x1F) : nil
            writer.message(20, local: compressed && second > 0 ? 2 : 0, fields, compressedOffset: offset)
        }
        let distance = sessionDistance ?? Double(seconds) * speed
        writer.message(18, local: 3, [.u32(253, fitTime(start) + UInt32(seconds)), .u32(2, fitTime(start)), .e(5, sport), .e(6, 0),
                                      .u32(7, UInt32(seconds * 1000)), .u32(8, UInt32(seconds * 1000)), .u32(9, UInt32(distance * 100))]
                                + sessionExtras)
        return writer.file
    }
}
