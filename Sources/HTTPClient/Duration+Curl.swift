extension Duration {
    /// This duration as libcurl's millisecond timeouts want it: rounded up and at least 1, because
    /// 0 would mean "no timeout at all", and capped so it fits a C `long` everywhere.
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = Double(seconds) * 1_000 + (Double(attoseconds) / 1e15).rounded(.up)
        return Int(min(max(milliseconds, 1), Double(Int32.max)))
    }
}
