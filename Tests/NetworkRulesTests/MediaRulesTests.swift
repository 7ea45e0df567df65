import Foundation
import Testing
@testable import NetworkRules

/// Media recognition and each network's media and caption limits.
@Suite struct MediaRulesTests {
    func jpeg(width: Int, height: Int) -> [UInt8] {
        // SOI, an APP0 segment, then a baseline SOF0 segment holding the size.
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46,
         0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03]
            + Array(repeating: 0, count: 12)
    }

    func item(_ kind: MediaKind = .image, type: String = "image/jpeg", size: Int = 1_000, width: Int? = 1080, height: Int? = 1350) -> MediaItem {
        MediaItem(path: "/nonexistent/x.jpg", kind: kind, contentType: type, size: size, sha256: String(repeating: "a", count: 64),
                  width: width, height: height, alt: nil)
    }

    @Test func inspector_readsJPEGPNGAndGIFSizesFromTheirBytes() {
        let described = MediaInspector.describe(jpeg(width: 1080, height: 1350))
        #expect(described?.contentType == "image/jpeg" && described?.width == 1080 && described?.height == 1350)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 2, 0, 0, 0, 1, 0]
        #expect(MediaInspector.describe(png).map { [$0.width, $0.height] } == [512, 256])
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]
        #expect(MediaInspector.describe(gif)?.kind == .gif)
        #expect(MediaInspector.describe(gif).map { [$0.width, $0.height] } == [320, 240])
        #expect(MediaInspector.describe(Array("hello, not an image".utf8)) == nil)
    }

    @Test func x_takesFourImagesOrOneGIFOrOneVideo_neverMixed() {
        let rules = NetworkRules.of(.x)
        #expect(rules.problems(with: PublishRequest(text: "ok", media: Array(repeating: item(), count: 4))).isEmpty)
        #expect(rules.problems(with: PublishRequest(text: "ok", media: Array(repeating: item(), count: 5))) == ["5 images, over X's limit of 4 per post"])
        #expect(rules.problems(with: PublishRequest(text: "ok", media: [item(), item(.gif, type: "image/gif")]))
            .contains("X does not mix images, GIFs and videos in one post"))
        #expect(rules.problems(with: PublishRequest(text: "ok", media: [item(size: 6_000_000)])).first?.contains("over X's limit of 5.0 MB") == true)
    }

    @Test func instagramByHandoff_takesThePNGRunCard_butTheGraphAPIDoesNot() {
        let png = PublishRequest(text: "Sunday Morning Run", media: [item(type: "image/png")], handoff: true)
        #expect(NetworkRules.instagramHandoff.problems(with: png).isEmpty)
        #expect(NetworkRules.of(.instagram).problems(with: png).contains { $0.contains("image/png") })
        #expect(NetworkRules.instagramHandoff.problems(with: PublishRequest(text: "x", media: [item(type: "image/gif")], handoff: true))
            .contains { $0.contains("image/gif") })
    }

    @Test func instagram_needsOneJPEGWithinItsAspectRatios_andCountsHashtagsAndMentions() {
        let rules = NetworkRules.of(.instagram)
        #expect(rules.problems(with: PublishRequest(text: "", media: [item()])).isEmpty, "a caption may be empty")
        #expect(rules.problems(with: PublishRequest(text: "no picture")) == ["Instagram needs at least 1 image"])
        #expect(rules.problems(with: PublishRequest(text: "wide", media: [item(width: 3000, height: 1000)])).first?.contains("outside Instagram's aspect ratios 4:5 to 1.91:1") == true)
        #expect(rules.problems(with: PublishRequest(text: "png", media: [item(type: "image/png")])).first?.hasPrefix("image/png is not a type Instagram takes") == true)
        let tags = (1...31).map { "#t\($0)" }.joined(separator: " ")
        #expect(rules.problems(with: PublishRequest(text: tags, media: [item()])) == ["31 hashtags, over Instagram's limit of 30"])
        #expect(NetworkRules.count("#", in: "#one two#no #two, (#three) ##") == 3)
        #expect(NetworkRules.count("@", in: "mail me@example.org @runner") == 1)
    }
}
