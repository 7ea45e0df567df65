extension String {
    /// A base URL as the connectors join paths to it: without its trailing `/`, so `base + "/path"` has one.
    var trimmingTrailingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
