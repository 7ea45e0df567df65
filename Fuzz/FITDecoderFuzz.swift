// libFuzzer's entry for the FIT decoder (make fuzz-fit): compiled with swiftc -sanitize=fuzzer,address together with
// Sources/RunSummary/FIT/FITDecoder.swift, FITCRC.swift and FITBaseType.swift, which need nothing else. Any input must
// end in messages or a FITError, never a crash, a hang, or a read out of bounds.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFITDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var messages = 0
    // Once as a file is read, and once with the CRCs unchecked, so that mutations reach the records.
    for checksCRC in [true, false] {
        do {
            try FITDecoder(bytes: bytes, checksCRC: checksCRC).decode { _ throws(FITError) in messages += 1 }
        } catch {
            // A refusal must say where: an offset inside the file (or 0 for an empty one).
            precondition(error.offset >= 0 && error.offset <= max(bytes.count, 1), "offset \(error.offset) outside \(bytes.count) bytes")
        }
    }
    return 0
}
