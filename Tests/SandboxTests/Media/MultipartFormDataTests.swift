import Testing

@testable import Sandbox

/// The multipart/form-data parser the upload endpoints share.
@Suite struct MultipartFormDataTests {
    @Test func parse_readsTextFieldsAndAFileWithItsNameAndType() throws {
        var body = MultipartBody()
        body.field("media_category", "tweet_image")
        body.file("media", filename: "run.jpg", contentType: "image/jpeg", [0xFF, 0xD8, 0xFF, 0xD9])
        let form = try MultipartFormData.parse(body.finished, contentType: body.contentType)
        #expect(form.field("media_category") == "tweet_image")
        let media = try #require(form.part("media"))
        #expect(media.filename == "run.jpg")
        #expect(media.contentType == "image/jpeg")
        #expect(media.content == [0xFF, 0xD8, 0xFF, 0xD9])
        #expect(form.parts.map(\.name) == ["media_category", "media"])
    }

    @Test func parse_keepsBinaryContentWithCRLFAndBoundaryLikeBytes() throws {
        let boundary = "XyZ123"
        var content: [UInt8] = [0x00, 0x0D, 0x0A, 0xFF, 0xFE]
        content += Array("\r\n--XyZ12".utf8)
        content += Array("--XyZ123 in the middle of a line".utf8)
        content += Array("\r--XyZ123".utf8)
        content += Array("\n--XyZ123\r".utf8)
        content += [0x0D, 0x0A]
        var body = MultipartBody(boundary: boundary)
        body.file("media", filename: "blob.bin", contentType: "application/octet-stream", content)
        body.field("after", "still here")
        let form = try MultipartFormData.parse(body.finished, contentType: "multipart/form-data; boundary=\"XyZ123\"")
        #expect(form.part("media")?.content == content)
        #expect(form.field("after") == "still here")
    }

    @Test func parse_skipsThePreambleAndEpilogue_andAcceptsAnEmptyPart() throws {
        let text = "This is the preamble.\r\n--b\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--b--\r\nepilogue --b\r\n"
        let form = try MultipartFormData.parse(Array(text.utf8), contentType: "multipart/form-data; boundary=b")
        #expect(form.field("empty") == "")
        #expect(form.field("x") == "1")
        #expect(form.parts.count == 2)
    }

    @Test func parse_readsQuotedParametersWithEscapesAndAnRFC8187FileName() throws {
        let text = "--b\r\ncontent-disposition: form-data; name=\"a;b\"; filename=\"say \\\"hi\\\".jpg\"; filename*=UTF-8''%E2%82%AC.jpg\r\n\r\nx\r\n--b--"
        let part = try #require(try MultipartFormData.parse(Array(text.utf8), contentType: "Multipart/Form-Data ; Boundary=b").parts.first)
        #expect(part.name == "a;b")
        #expect(part.filename == "€.jpg")
    }

    @Test func parse_refusesWhatIsNotWellFormedMultipart() {
        let cases: [(String, String?, FormError.Code)] = [
            ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n", "multipart/form-data; boundary=b", .malformed),
            ("--b\r\nContent-Disposition: form-data\r\n\r\n1\r\n--b--", "multipart/form-data; boundary=b", .malformed),
            ("--b\r\nContent-Type: text/plain\r\n\r\n1\r\n--b--", "multipart/form-data; boundary=b", .malformed),
            ("no delimiter at all", "multipart/form-data; boundary=b", .malformed),
            ("--b--", "application/json", .notMultipart),
            ("--b--", nil, .notMultipart),
            ("--b--", "multipart/form-data", .missingBoundary),
        ]
        for (text, contentType, code) in cases {
            let error = #expect(throws: FormError.self, "\(text)") {
                try MultipartFormData.parse(Array(text.utf8), contentType: contentType)
            }
            #expect(error?.code == code, "\(text)")
        }
    }

    @Test func parse_refusesMorePartsThanTheCap() {
        var body = MultipartBody()
        for index in 0...MultipartFormData.maximumParts { body.field("f\(index)", "v") }
        #expect(throws: FormError(.tooManyParts, "A body may have at most \(MultipartFormData.maximumParts) parts.")) {
            _ = try MultipartFormData.parse(body.finished, contentType: body.contentType)
        }
    }

    @Test func submittedForm_readsMultipartURLEncodedAndJSONAlike_andNeverRecordsAToken() throws {
        var multipart = MultipartBody()
        multipart.field("message", "Hi")
        multipart.field("access_token", "EAAS-secret")
        multipart.file("source", filename: "a.png", contentType: "image/png", TestImages.png(width: 2, height: 1))
        let fromMultipart = try SubmittedForm.parse(multipart.finished, contentType: multipart.contentType)
        let fromForm = try SubmittedForm.parse(Array("message=Hi&access_token=EAAS-secret".utf8), contentType: "application/x-www-form-urlencoded")
        let fromJSON = try SubmittedForm.parse(Array(#"{"message":"Hi","access_token":"EAAS-secret","published":false}"#.utf8), contentType: "application/json")
        for form in [fromMultipart, fromForm, fromJSON] {
            #expect(form["message"] == "Hi")
            #expect(form["access_token"] == "EAAS-secret")
            #expect(form.recorded["access_token"] == nil)
        }
        #expect(fromJSON["published"] == "false")
        #expect(fromMultipart.files["source"]?.bytes.count == 33)
        #expect(fromMultipart.recorded["source"]?["bytes"] == .integer(33))
        #expect(fromMultipart.recorded["source"]?["sha256"]?.stringValue?.count == 64)
    }
}
