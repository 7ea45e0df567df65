import Foundation
import Testing
@testable import Scheduler

/// `multipart/form-data` as browsers send it (RFC 7578): fields in order, a checkbox list's repeated name, a file with
/// its bytes untouched (CR and LF inside included), an empty file input left out; anything malformed refused whole.
@Suite struct WebMultipartTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"

    static func body(_ parts: [String], closed: Bool = true) -> [UInt8] {
        Array((parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + (closed ? "--\(boundary)--\r\n" : "")).utf8)
    }

    @Test func theBoundary_isReadFromTheContentType_quotedOrNot_andOnlyForMultipart() {
        #expect(WebMultipart.boundary(in: "multipart/form-data; boundary=abc") == "abc")
        #expect(WebMultipart.boundary(in: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(WebMultipart.boundary(in: "application/x-www-form-urlencoded") == nil)
        #expect(WebMultipart.boundary(in: "multipart/form-data") == nil)
        #expect(WebMultipart.boundary(in: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil, "RFC 2046: at most 70")
    }

    @Test func fieldsFilesAndRepeatedNames_areReadAsSent() throws {
        let picture: [UInt8] = [0xFF, 0xD8, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF, 0xD9]
        var body = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nLong run\r\nby the river\r\n".utf8)
        body += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"account\"\r\n\r\nx:@runner\r\n".utf8)
        body += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"account\"\r\n\r\nfacebook:@club\r\n".utf8)
        body += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"media\"; filename=\"run.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += picture + Array("\r\n".utf8)
        body += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"extra\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n".utf8)
        body += Array("--\(Self.boundary)--\r\n".utf8)
        let form = try #require(WebMultipart.parse(body, boundary: Self.boundary))
        #expect(form["text"] == "Long run\r\nby the river")
        #expect(form.all("account") == ["x:@runner", "facebook:@club"])
        #expect(form.files["media"]?.bytes == picture && form.files["media"]?.filename == "run.jpg" && form.files["media"]?.contentType == "image/jpeg")
        #expect(form.files["extra"] == nil, "a file input left empty sends an empty part, which is no file")
    }

    @Test func aFormCutShort_orWithoutNames_isRefusedWhole() {
        #expect(WebMultipart.parse(Self.body(["Content-Disposition: form-data; name=\"a\"\r\n\r\n1"], closed: false), boundary: Self.boundary) == nil)
        #expect(WebMultipart.parse(Self.body(["Content-Disposition: form-data\r\n\r\n1"]), boundary: Self.boundary) == nil)
        #expect(WebMultipart.parse(Self.body(["no headers at all"]), boundary: Self.boundary) == nil)
        #expect(WebMultipart.parse(Array("junk".utf8), boundary: Self.boundary) == nil)
        #expect(WebMultipart.parse([], boundary: Self.boundary) == nil)
        #expect(WebMultipart.parse(Self.body([]), boundary: Self.boundary)?.values.isEmpty == true, "an empty form is a form")
    }

    @Test func anEightMegabyteUpload_isReadWhole() throws {
        let size = 8 * 1_024 * 1_024
        var body = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"run\"; filename=\"long.gpx\"\r\n\r\n".utf8)
        body += [UInt8](repeating: 0x2D, count: size) + Array("\r\n--\(Self.boundary)--\r\n".utf8)
        #expect(try #require(WebMultipart.parse(body, boundary: Self.boundary)).files["run"]?.bytes.count == size)
    }
}
