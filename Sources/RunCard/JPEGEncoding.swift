import MediaCodecs

/// The card as a JPEG, because Instagram's Graph API takes nothing else: the drawn pixels go through the encoder the
/// scheduler also converts attached PNGs with.
enum JPEGEncoding {
    static func encode(_ surface: OpaquePointer) throws(RunCardError) -> [UInt8] {
        do { return try JPEGEncoder.encode(surface) } catch {
            throw RunCardError("cannot encode the card as JPEG: \(error.message)")
        }
    }
}
