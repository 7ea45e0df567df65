import Testing

@testable import Sandbox

/// Formats from magic bytes and image sizes from headers, the checks every network shares.
@Suite struct MediaSnifferTests {
    @Test func jpeg_sizeComesFromTheStartOfFrameMarker() {
        #expect(ImageDimensions.jpeg(TestImages.jpeg(width: 1080, height: 1350)).map { [$0.0, $0.1] } == [1080, 1350])
        #expect(ImageDimensions.jpeg(TestImages.jpeg(width: 4000, height: 3, sof: 0xC2)).map { [$0.0, $0.1] } == [4000, 3])
    }

    @Test func jpeg_skipsFillBytesAndStandaloneMarkersBeforeTheFrame() {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0x01]
        bytes += [0xFF, 0xE1, 0x00, 0x06] + Array("Exif".utf8)
        bytes += [0xFF, 0xC1, 0x00, 0x0B, 0x08, 0x00, 0x20, 0x00, 0x40, 0x01, 0x01, 0x11, 0x00]
        #expect(ImageDimensions.jpeg(bytes).map { [$0.0, $0.1] } == [64, 32])
    }

    @Test func jpeg_withoutAFrameBeforeTheScan_orCutShort_hasNoSize() {
        let noFrame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x03, 0x00, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
        #expect(ImageDimensions.jpeg(noFrame) == nil)
        #expect(ImageDimensions.jpeg(Array(TestImages.jpeg(width: 10, height: 10).prefix(90))) == nil)
        #expect(ImageDimensions.jpeg([0xFF, 0xD8, 0x00, 0x00]) == nil)
        #expect(ImageDimensions.isStartOfFrame(0xC4) == false && ImageDimensions.isStartOfFrame(0xCF))
    }

    @Test func sniff_recognisesEachFormatFromItsMagicBytesAlone() {
        #expect(MediaSniffer.sniff(TestImages.jpeg(width: 3, height: 2)) == SniffedMedia(format: .jpeg, width: 3, height: 2))
        #expect(MediaSniffer.sniff(TestImages.png(width: 640, height: 480)) == SniffedMedia(format: .png, width: 640, height: 480))
        #expect(MediaSniffer.sniff(TestImages.gif(width: 300, height: 200)) == SniffedMedia(format: .gif, width: 300, height: 200))
        #expect(MediaSniffer.sniff(TestImages.mp4())?.format == .mp4)
        let webp: [UInt8] = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8X".utf8) + [0x0A, 0, 0, 0, 0x10, 0, 0, 0] + [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00]
        #expect(MediaSniffer.sniff(webp) == SniffedMedia(format: .webp, width: 640, height: 480))
        #expect(MediaSniffer.sniff(Array("hello, world".utf8)) == nil)
    }

    @Test func aspectRatio_isCheckedExactly_fourFifthsToOnePointNineOne() {
        let ratio = { (width: Int, height: Int) in SniffedMedia(format: .jpeg, width: width, height: height).aspectRatio(isWithin: (4, 5), (191, 100)) }
        #expect(ratio(1080, 1350))
        #expect(ratio(1910, 1000))
        #expect(!ratio(799, 1000))
        #expect(!ratio(1200, 628))
        #expect(!ratio(1080, 1920))
    }
}
