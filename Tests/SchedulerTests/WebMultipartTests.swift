import Foundation
@testable import SchedulerServer
import Testing
@testable import Scheduler

/// `multipart/form-data` as browsers send it (RFC 7578), read as it arrives: fields in order, a checkbox list's repeated
/// name, a file with its bytes untouched (CR and LF inside included) written to a private temporary file, an empty file
/// input left out; a form not made as browsers make them refused; a form cut short kept as far as it was read; a form
/// with a file whose first field is not the session's token refused before the file is read (issue 47).
@Suite struct WebMultipartTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"

    static func body(_ parts: [String], closed: Bool = true) -> [UInt8] {
        Array((parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + (closed ? "--\(boundary)--\r\n" : "")).utf8)
    }

    /// What reading `body` in pieces of `piece` bytes came to: the form, or the error.
    static func read(_ body: [UInt8], piece: Int = 65_536, csrf: String? = nil) -> Result<WebForm, any Error> {
        var parser = WebMultipart.Parser(boundary: boundary)
        var assembler = WebFormAssembler(expectedCSRF: csrf)
        var offset = 0
        do {
            while offset < body.count, !parser.isComplete {
                let end = min(body.count, offset + piece)
                try parser.feed(body[offset..<end]) { try assembler.take($0) }
                offset = end
            }
        } catch {
            return .failure(error)
        }
        return parser.isComplete ? .success(assembler.form) : .failure(WebFormError.cutShort(assembler.partial))
    }

    static func form(_ body: [UInt8], piece: Int = 65_536, csrf: String? = nil) -> WebForm? {
        try? read(body, piece: piece, csrf: csrf).get()
    }

    @Test func theBoundary_isReadFromTheContentType_quotedOrNot_andOnlyForMultipart() {
        #expect(WebMultipart.boundary(in: "multipart/form-data; boundary=abc") == "abc")
        #expect(WebMultipart.boundary(in: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(WebMultipart.boundary(in: "application/x-www-form-urlencoded") == nil)
        #expect(WebMultipart.boundary(in: "multipart/form-data") == nil)
        #expect(WebMultipart.boundary(in: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil, "RFC 2046: at most 70")
    }

    static let picture: [UInt8] = [0xFF, 0xD8, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF, 0xD9]

    static var browserForm: [UInt8] {
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nLong run\r\nby the river\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"account\"\r\n\r\nx:@runner\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"account\"\r\n\r\nfacebook:@club\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"media\"; filename=\"run.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += picture + Array("\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"extra\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n".utf8)
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    /// Every piece size from one byte up, so a boundary, a header's blank line or a CRLF split across two reads is met.
    @Test func fieldsFilesAndRepeatedNames_areReadAsSent_howeverTheBodyIsCutIntoPieces() throws {
        for piece in [1, 2, 3, 5, 7, 13, 40, 41, 42, 64, 100, 1_000] {
            let form = try #require(Self.form(Self.browserForm, piece: piece), "pieces of \(piece)")
            #expect(form["text"] == "Long run\r\nby the river", "pieces of \(piece)")
            #expect(form.all("account") == ["x:@runner", "facebook:@club"])
            let media = try #require(form.files["media"])
            #expect(try media.bytes() == Self.picture && media.filename == "run.jpg" && media.contentType == "image/jpeg", "pieces of \(piece)")
            #expect(form.files["extra"] == nil, "a file input left empty sends an empty part, which is no file")
        }
    }

    @Test func aFormNotMadeAsBrowsersMakeThem_isRefused_andOneCutShortKeepsTheFieldsItCompleted() throws {
        for malformed in [Self.body(["Content-Disposition: form-data\r\n\r\n1"]), Self.body(["no headers at all"]), Array(String(repeating: "junk ", count: 20).utf8)] {
            guard case .failure(let error) = Self.read(malformed), error is WebMultipart.Malformed else {
                Issue.record("refused as malformed: \(String(decoding: malformed, as: UTF8.self))"); continue
            }
        }
        #expect(Self.form([]) == nil, "an empty body is no form")
        #expect(Self.form(Self.body([]))?.values.isEmpty == true, "an empty form is a form")
        let cut = Array(Self.browserForm.prefix(Self.browserForm.count - 200))
        guard case .failure(WebFormError.cutShort(let partial)) = Self.read(cut, piece: 17) else { Issue.record("cut short"); return }
        #expect(partial["text"] == "Long run\r\nby the river" && partial.all("account").count == 2, "the fields read whole are kept")
        #expect(partial.files.isEmpty, "the file cut off is not")
    }

    /// The token first: checked before anything after it is read; a form from elsewhere is refused at its first field
    /// and nothing of it is kept to show again.
    @Test func aFormWithAFile_mustCarryTheSessionsTokenFirst() throws {
        let token = "session-token"
        let first = "Content-Disposition: form-data; name=\"csrf\"\r\n\r\n"
        let good = Self.body([first + token, "Content-Disposition: form-data; name=\"text\"\r\n\r\nTempo"])
        #expect(Self.form(good, piece: 3, csrf: token)?["text"] == "Tempo")
        let late = Self.body(["Content-Disposition: form-data; name=\"text\"\r\n\r\nTempo", first + token])
        let wrong = Self.body([first + "another", "Content-Disposition: form-data; name=\"text\"\r\n\r\nTempo"])
        for refused in [late, wrong] {
            guard case .failure(WebFormError.notFromThisApp) = Self.read(refused, csrf: token) else { Issue.record("refused"); continue }
        }
        #expect(Self.form(late)?["text"] == "Tempo", "without a token to require (sign-in), the order is free")
        let cutInTheToken = Array(Self.body([first + token], closed: false).prefix(60))
        guard case .failure(WebFormError.cutShort(let nothing)) = Self.read(cutInTheToken, csrf: token) else { Issue.record("cut short"); return }
        #expect(nothing.values.isEmpty)
    }

    @Test func anEightMegabyteUpload_isWrittenToAPrivateFile_removedWhenTheFormGoes() throws {
        let size = 8 * 1_024 * 1_024
        var body = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"run\"; filename=\"long.gpx\"\r\n\r\n".utf8)
        body += [UInt8](repeating: 0x2D, count: size) + Array("\r\n--\(Self.boundary)--\r\n".utf8)
        var path = ""
        do {
            let form = try #require(Self.form(body))
            let upload = try #require(form.files["run"])
            #expect(try upload.file.size == size && upload.bytes().count == size)
            path = upload.file.path
            #expect(permissions(path) == 0o600 && permissions((path as NSString).deletingLastPathComponent) == 0o700,
                    "a file only the daemon's user reads, in a folder of its own")
        }
        let folder = (path as NSString).deletingLastPathComponent
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: folder), "removed with the form")
    }
}
