/// Files a test or the demo puts on the sandbox so a network can fetch them from a loopback URL.
///
/// Instagram fetches `image_url` itself; in tests that URL points at `GET /_sandbox/files/{name}`
/// on any listener, after `PUT /_sandbox/files/{name}` stored the bytes.
actor SandboxFileShelf {
    private var files: [String: UploadedFile] = [:]

    /// The most bytes one stored file may have.
    static let maximumBytes = 16 * 1024 * 1024

    func put(_ name: String, _ file: UploadedFile) {
        files[name] = file
    }

    func file(_ name: String) -> UploadedFile? {
        files[name]
    }
}
