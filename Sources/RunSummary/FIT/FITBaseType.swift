/// A field's base type (FIT Protocol, "Base Types"): its size and the value that marks it invalid (absent). The low
/// five bits name the type; bit 7 says it is wider than a byte.
enum FITBaseType: UInt8, Sendable {
    case enumeration = 0x00, sint8 = 0x01, uint8 = 0x02, sint16 = 0x83, uint16 = 0x84, sint32 = 0x85, uint32 = 0x86
    case string = 0x07, float32 = 0x88, float64 = 0x89, uint8z = 0x0A, uint16z = 0x8B, uint32z = 0x8C, byte = 0x0D
    case sint64 = 0x8E, uint64 = 0x8F, uint64z = 0x90

    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .float32, .uint32z: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The invalid marker as the unsigned integer the bytes read as (NaN for floats is checked apart).
    var invalid: UInt64 {
        switch self {
        case .enumeration, .uint8, .byte: 0xFF
        case .sint8: 0x7F
        case .sint16: 0x7FFF
        case .uint16: 0xFFFF
        case .sint32: 0x7FFF_FFFF
        case .uint32: 0xFFFF_FFFF
        case .sint64: 0x7FFF_FFFF_FFFF_FFFF
        case .uint64: 0xFFFF_FFFF_FFFF_FFFF
        case .uint8z, .uint16z, .uint32z, .uint64z, .string: 0
        case .float32: 0xFFFF_FFFF
        case .float64: 0xFFFF_FFFF_FFFF_FFFF
        }
    }

    var isSigned: Bool { [.sint8, .sint16, .sint32, .sint64].contains(self) }
}
