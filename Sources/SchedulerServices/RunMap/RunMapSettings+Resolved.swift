
extension RunMapSettings {
    /// The settings with `tiles` a URL template: `"sandbox"` becomes the sandbox's `GET /tiles/{z}/{x}/{y}.png` on its
    /// X port (every sandbox port serves them), whose base URL the daemon learnt when it started the sandbox.
    package func resolved(sandboxBaseURL: String?) -> RunMapSettings {
        guard tiles == Self.sandboxTiles, let base = sandboxBaseURL else { return self }
        var settings = self
        settings.tiles = base + "/tiles/{z}/{x}/{y}.png"
        return settings
    }
}
