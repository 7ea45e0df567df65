import CCurl

/// libcurl's process-wide set-up, done exactly once.
///
/// `curl_global_init` must run before any other libcurl call and, before 7.84, was not thread-safe;
/// a `static let` is initialised once, atomically, on first use, whichever thread gets there first.
enum CurlGlobal {
    private static let initResult: CURLcode = sd_curl_global_init_default()

    /// Nil when libcurl is ready, otherwise why it is not.
    static var initializationFailure: String? {
        initResult == CURLE_OK ? nil : "curl_global_init failed: " + String(cString: curl_easy_strerror(initResult))
    }

    /// The libcurl version loaded at run time, e.g. "7.88.1".
    static var version: String {
        _ = initResult
        return String(cString: sd_curl_version_string())
    }
}
