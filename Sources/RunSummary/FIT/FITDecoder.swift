/// A FIT file's messages, decoded from its bytes (Garmin's "Flexible and Interoperable Data Transfer (FIT) Protocol",
/// the sections named beside each rule): the file header and its CRC, definition and data messages in either byte
/// order, compressed timestamp headers, developer fields (skipped by their declared size), invalid-value markers per
/// base type, and several FIT files chained one after another. Every refusal names what is wrong and its byte offset.
struct FITDecoder {
    /// Larger than any run: a 10-hour run recorded every second is about 1.5 MB.
    static let maxFileSize = 32 * 1_024 * 1_024
    /// Seconds from 1970-01-01 to the FIT epoch, 1989-12-31T00:00:00Z ("Timestamps").
    static let epoch = 631_065_600.0

    /// A definition message's layout for one local message type ("Definition Message").
    struct Definition {
        var global: UInt16
        var bigEndian: Bool
        var fields: [(number: UInt8, size: Int, type: FITBaseType?)]
        /// Bytes of developer fields after the fields, skipped ("Developer Data").
        var developerBytes: Int
        var size: Int { fields.reduce(developerBytes) { $0 + $1.size } }
    }

    let bytes: [UInt8]
    /// Off only for the fuzzer, so that its mutations reach the records instead of stopping at the CRCs.
    var checksCRC = true

    /// Calls `handle` with each data message of every chained file, in order.
    func decode(_ handle: (FITMessage) throws(FITError) -> Void) throws(FITError) {
        guard !bytes.isEmpty else { throw FITError(0, "the file is empty") }
        guard bytes.count <= Self.maxFileSize else { throw FITError(0, Self.tooLarge(bytes.count)) }
        var start = 0
        repeat {
            start = try decodeFile(at: start, handle)
        } while start < bytes.count
    }

    /// One file of the chain ("File Header", "Data Records", "CRC"); returns where the next one starts.
    private func decodeFile(at start: Int, _ handle: (FITMessage) throws(FITError) -> Void) throws(FITError) -> Int {
        guard bytes.count - start >= 12 else {
            throw FITError(start, "\(bytes.count - start) bytes are too few for a FIT file header (12 or 14)")
        }
        guard Array(bytes[(start + 8)..<(start + 12)]) == Array(".FIT".utf8) else {
            throw FITError(start + 8, start == 0 ? "not a FIT file: there is no \".FIT\" signature" + Self.lookalike(bytes)
                                                : "what follows the FIT file is not another FIT file")
        }
        let headerSize = Int(bytes[start])
        guard headerSize >= 12, bytes.count - start >= headerSize else {
            throw FITError(start, "the header says it is \(headerSize) bytes, which cannot be (12 or 14, within the file)")
        }
        if headerSize >= 14 {
            let stated = UInt16(bytes[start + 12]) | UInt16(bytes[start + 13]) << 8
            // A header CRC of 0 means it was not computed ("File Header": header CRC is optional).
            if checksCRC, stated != 0, stated != FITCRC.compute(bytes[start..<(start + 12)]) {
                throw FITError(start + 12, "the header's CRC is wrong: the header is damaged")
            }
        }
        let dataSize = Int(UInt32(bytes[start + 4]) | UInt32(bytes[start + 5]) << 8 | UInt32(bytes[start + 6]) << 16 | UInt32(bytes[start + 7]) << 24)
        let dataEnd = start + headerSize + dataSize
        guard dataEnd + 2 <= bytes.count else {
            throw FITError(start + 4, "the header says \(dataSize) bytes of data follow, but the file has \(max(0, bytes.count - start - headerSize - 2)): "
                                      + "it is cut short, or its header is wrong")
        }
        let stated = UInt16(bytes[dataEnd]) | UInt16(bytes[dataEnd + 1]) << 8
        guard !checksCRC || stated == FITCRC.compute(bytes[start..<dataEnd]) else {
            throw FITError(dataEnd, "the file's CRC is wrong: the file is damaged (or was changed after it was written)")
        }
        try decodeRecords(from: start + headerSize, to: dataEnd, handle)
        return dataEnd + 2
    }

    /// The records between the header and the CRC ("Record Header": normal or compressed timestamp).
    private func decodeRecords(from start: Int, to end: Int, _ handle: (FITMessage) throws(FITError) -> Void) throws(FITError) {
        var definitions: [Definition?] = Array(repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var offset = start
        while offset < end {
            let header = bytes[offset]
            if header & 0x80 != 0 {
                // Compressed timestamp header: local type in bits 5-6, a 5-bit offset from the last timestamp.
                let local = Int((header >> 5) & 0x3)
                guard let last = lastTimestamp else { throw FITError(offset, "a compressed timestamp with no full timestamp before it") }
                let low = UInt32(header & 0x1F)
                // Rolled over when the offset is below the last timestamp's low bits; wrapping, as the 32-bit time does
                // (the fuzzer's first finding: a last timestamp near 2^32 trapped on overflow).
                let timestamp = (last & ~0x1F) &+ low &+ (low >= last & 0x1F ? 0 : 0x20)
                lastTimestamp = timestamp
                var message = try readData(definitions[local], local: local, at: offset + 1, end: end)
                message.timestamp = message.timestamp ?? timestamp
                try handle(message)
                offset += 1 + (definitions[local]?.size ?? 0)
            } else if header & 0x40 != 0 {
                let (definition, size) = try readDefinition(at: offset + 1, end: end, developer: header & 0x20 != 0)
                definitions[Int(header & 0x0F)] = definition
                offset += 1 + size
            } else {
                let local = Int(header & 0x0F)
                let message = try readData(definitions[local], local: local, at: offset + 1, end: end)
                if let timestamp = message.timestamp { lastTimestamp = timestamp }
                try handle(message)
                offset += 1 + (definitions[local]?.size ?? 0)
            }
        }
    }

    private func readDefinition(at offset: Int, end: Int, developer: Bool) throws(FITError) -> (Definition, Int) {
        guard offset + 5 <= end else { throw FITError(offset, "a definition message runs past the end of the data") }
        let bigEndian = bytes[offset + 1] == 1
        guard bytes[offset + 1] <= 1 else { throw FITError(offset + 1, "a definition names byte order \(bytes[offset + 1]); only 0 and 1 exist") }
        let global = bigEndian ? UInt16(bytes[offset + 2]) << 8 | UInt16(bytes[offset + 3]) : UInt16(bytes[offset + 3]) << 8 | UInt16(bytes[offset + 2])
        let count = Int(bytes[offset + 4])
        var cursor = offset + 5
        guard cursor + 3 * count <= end else { throw FITError(offset, "a definition of \(count) fields runs past the end of the data") }
        var fields: [(number: UInt8, size: Int, type: FITBaseType?)] = []
        for _ in 0..<count {
            let size = Int(bytes[cursor + 1])
            guard size > 0 else { throw FITError(cursor + 1, "a field of message \(global) is declared 0 bytes long") }
            fields.append((bytes[cursor], size, FITBaseType(rawValue: bytes[cursor + 2])))
            cursor += 3
        }
        var developerBytes = 0
        if developer {
            guard cursor < end else { throw FITError(cursor, "a definition's developer fields run past the end of the data") }
            let developerCount = Int(bytes[cursor])
            cursor += 1
            guard cursor + 3 * developerCount <= end else { throw FITError(cursor, "a definition's developer fields run past the end of the data") }
            for index in 0..<developerCount { developerBytes += Int(bytes[cursor + 3 * index + 1]) }
            cursor += 3 * developerCount
        }
        return (Definition(global: global, bigEndian: bigEndian, fields: fields, developerBytes: developerBytes), cursor - offset)
    }

    private func readData(_ definition: Definition?, local: Int, at offset: Int, end: Int) throws(FITError) -> FITMessage {
        guard let definition else { throw FITError(offset - 1, "a data message of local type \(local) comes before any definition of it") }
        guard offset + definition.size <= end else {
            throw FITError(offset - 1, "a message \(definition.global) record runs past the end of the data (the file is cut short)")
        }
        var message = FITMessage(global: definition.global)
        var cursor = offset
        for field in definition.fields {
            defer { cursor += field.size }
            // Byte arrays are kept as they are (record field 8 packs speed and distance in 3 bytes); other arrays,
            // strings and unknown types are skipped whole.
            if field.type == .byte, field.size > 1 { message.bytes[field.number] = Array(bytes[cursor..<(cursor + field.size)]); continue }
            guard let type = field.type, type != .string, field.size == type.size else { continue }
            var raw: UInt64 = 0
            for index in 0..<field.size {
                let byte = UInt64(bytes[cursor + (definition.bigEndian ? index : field.size - 1 - index)])
                raw = raw << 8 | byte
            }
            guard raw != type.invalid else { continue }
            if type == .float32 || type == .float64 { continue }
            let value: Int64 = type.isSigned ? Int64(truncatingIfNeeded: raw << (64 - 8 * UInt64(field.size))) >> (64 - 8 * Int64(field.size)) : Int64(bitPattern: raw)
            message.values[field.number] = value
        }
        if let timestamp = message.values[253] { message.timestamp = UInt32(truncatingIfNeeded: timestamp) }
        return message
    }

    /// Why a file of `size` bytes is not read: said the same whether the file or its bytes are measured.
    static func tooLarge(_ size: Int) -> String {
        "the file is \(size / 1_048_576) MB, more than any run file (at most \(maxFileSize / 1_048_576) MB)"
    }

    /// What a file that is not FIT looks like, when its first bytes say.
    static func lookalike(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "; its first bytes are a PNG image's" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "; its first bytes are a JPEG image's" }
        if bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("<gpx".utf8)) { return "; it looks like XML (a GPX or TCX file named .fit?)" }
        return ""
    }
}

/// A data message: its global number, its valid numeric fields by field number, its byte-array fields as they are, and
/// its timestamp (its own field 253, or the one a compressed header gives).
struct FITMessage: Sendable, Equatable {
    var global: UInt16
    var values: [UInt8: Int64] = [:]
    var bytes: [UInt8: [UInt8]] = [:]
    var timestamp: UInt32?
}

/// A FIT file that cannot be read: what is wrong, and at which byte.
struct FITError: Error, Sendable, Equatable, CustomStringConvertible {
    var offset: Int
    var problem: String

    init(_ offset: Int, _ problem: String) { self.offset = offset; self.problem = problem }

    var description: String { "\(problem) (at byte \(offset))" }
}
