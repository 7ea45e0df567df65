import CryptoPrimitives
import Testing

@Suite("Percent-encoding and Base64")
struct EncodingTests {
    @Test func percentEncode_leavesOnlyTheUnreservedSetAlone() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(PercentEncoding.encode(unreserved) == unreserved)
        #expect(PercentEncoding.encode(" !*'();:@&=+$,/?#[]%") == "%20%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C%2F%3F%23%5B%5D%25")
        #expect(PercentEncoding.encode("é\u{0}\u{7F}") == "%C3%A9%00%7F")
    }

    @Test func percentDecode_keepsPlus_andRejectsBrokenEscapesOrInvalidUTF8() {
        #expect(PercentDecoding.decode("a+b%2b%2B") == "a+b++")
        #expect(PercentDecoding.decode("%E2%98%83") == "\u{2603}")
        for broken in ["%", "%4", "%G1", "a%zz", "%FF", "%C3"] {
            #expect(PercentDecoding.decode(broken) == nil, "\(broken)")
        }
    }

    @Test func parseForm_treatsPlusAsSpace_keepsOrderAndDuplicates() throws {
        let pairs = try #require(PercentDecoding.parseForm("b=x+y&a=1&&a=2&flag&e="))
        #expect(pairs.map(PairKey.init) == [("b", "x y"), ("a", "1"), ("a", "2"), ("flag", ""), ("e", "")].map(PairKey.init))
        #expect(PercentDecoding.parseForm("a=%zz") == nil)
        #expect(PercentDecoding.parseForm("")?.isEmpty == true)
    }

    @Test func encodeForm_roundTripsThroughParseForm() throws {
        let pairs = [("status", "Hello Ladies + Gentlemen, a signed OAuth request!"), ("é", "a=b&c")]
        let body = PercentEncoding.encodeForm(pairs)
        #expect(try #require(PercentDecoding.parseForm(body)).map(PairKey.init) == pairs.map(PairKey.init))
    }

    /// RFC 4648 section 10.
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func base64_matchesRFC4648(_ plain: String, _ encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
        #expect(Base64.encodeURL(Array(plain.utf8)) == encoded.replacingEquals())
        #expect(Base64.decodeURL(encoded.replacingEquals()) == Array(plain.utf8))
    }

    @Test func base64URL_usesDashAndUnderscore() {
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
        #expect(Base64.encodeURL([0xFB, 0xFF]) == "-_8")
        #expect(Base64.decodeURL("-_8") == [0xFB, 0xFF])
    }

    @Test func base64Decode_rejectsMalformedInput() {
        for bad in ["Z", "Zg=", "Zg===", "Z===", "Zm9v\n", "Zm 9", "-_8=", "Zh==", "=Zm9", "Zm=v"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }

    @Test func base64_roundTripsRandomBytes() {
        for length in 0..<40 {
            let bytes = SecureRandom.bytes(length)
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
            #expect(Base64.decodeURL(Base64.encodeURL(bytes)) == bytes)
        }
    }
}

extension String {
    fileprivate func replacingEquals() -> String {
        String(filter { $0 != "=" })
    }
}
