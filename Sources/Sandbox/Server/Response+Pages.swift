import CryptoPrimitives
import Hummingbird

extension Response {
    /// A `302 Found` to `location`, as authorization endpoints answer.
    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .found, headers: headers)
    }

    /// A small HTML page: what a person sees on the network's consent or error screen.
    ///
    /// `body` is HTML already; `title` is escaped here.
    static func page(title: String, body: String, status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escapeHTML(title))</title></head>
            <body><h1>\(escapeHTML(title))</h1>
            \(body)
            </body></html>

            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// An `application/x-www-form-urlencoded` body, as OAuth 1.0a endpoints answer.
    static func form(_ pairs: [(String, String)], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: PercentEncoding.encodeForm(pairs))))
    }

    /// A plain-text body.
    static func text(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `text` with `& < > " '` escaped for HTML.
    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
