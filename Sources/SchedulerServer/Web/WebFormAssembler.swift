import CryptoPrimitives
import Foundation
import Hummingbird
import SchedulerServices

/// Builds a ``WebForm`` from a multipart body's events as they come (``WebMultipart/Parser``): text fields into memory
/// up to the text-only form's limit, each file into a ``TemporaryUpload`` as its pieces arrive.
///
/// Given the session's CSRF token, the first field must be `csrf` and carry it: it is checked as soon as that field
/// ends, before anything after it (a 40 MB file) is read, so a form from another site costs a few bytes of reading.
/// The app's forms put the token first; browsers send fields in the order of the page.
package struct WebFormAssembler {
    package private(set) var form = WebForm()
    private let expectedCSRF: String?
    private var current: Part?
    private var parts = 0
    private var textBytes = 0
    private var verified = false

    private struct Part {
        var name: String
        var filename: String?
        var contentType: String
        var text: [UInt8] = []
        var file: TemporaryUpload?
    }

    /// `expectedCSRF`: the session's token, required as the first field; nil to take the form as it is (sign-in, a form
    /// whose token is checked after it is read).
    package init(expectedCSRF: String?) {
        self.expectedCSRF = expectedCSRF
    }

    /// What was read so far, to show again when the body is cut short: nothing until the token was checked, so a form
    /// from another site is never echoed.
    package var partial: WebForm { expectedCSRF == nil || verified ? form : WebForm() }

    package mutating func take(_ event: WebMultipart.Event) throws {
        switch event {
        case .part(let name, let filename, let contentType):
            parts += 1
            if expectedCSRF != nil, parts == 1, name != "csrf" || filename != nil { throw WebFormError.notFromThisApp }
            current = Part(name: name, filename: filename, contentType: contentType ?? "application/octet-stream",
                           file: filename == nil ? nil : try TemporaryUpload())
        case .content(let bytes):
            guard current != nil else { return }
            if let file = current?.file {
                try file.write(bytes)
            } else {
                textBytes += bytes.count
                guard textBytes <= WebForm.limit else { throw HTTPError(.contentTooLarge) }
                current?.text.append(contentsOf: bytes)  // in place: a field sent in many pieces is not copied for each
            }
        case .partEnd:
            guard let part = current else { return }
            current = nil
            try finish(part)
        }
    }

    private mutating func finish(_ part: Part) throws {
        if let file = part.file, let filename = part.filename {
            // A file input left empty sends an empty part, which is no file.
            if !filename.isEmpty || file.size > 0 {
                form.files[part.name] = WebUpload(filename: filename, contentType: part.contentType, file: file)
            }
            return
        }
        let value = String(decoding: part.text, as: UTF8.self)
        if let expectedCSRF, parts == 1 {
            guard !expectedCSRF.isEmpty, ConstantTime.equals(value, expectedCSRF) else { throw WebFormError.notFromThisApp }
            verified = true
        }
        form.values.append((part.name, value))
    }
}

/// Why a form could not be taken.
package enum WebFormError: Error {
    /// The body ended before the form did (the connection dropped, or the closing boundary never came), or was not a form
    /// as browsers send one: what was read of it, so the page can be shown again with what was typed.
    case cutShort(WebForm)
    /// A form with a file whose first field is not this session's token: refused before the rest is read.
    case notFromThisApp
}
