import Logging

/// Passes events on to another handler with their metadata redacted (``LogRedaction``): the text format is
/// swift-log's `StreamLogHandler` behind one of these, so both formats mask the same things.
struct RedactingLogHandler<Wrapped: LogHandler>: LogHandler {
    private var wrapped: Wrapped

    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = LogRedaction.redact(newValue) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue.map { LogRedaction.redact($0, key: key) } }
    }

    func log(event: LogEvent) {
        var event = event
        event.metadata = event.metadata.map(LogRedaction.redact)
        wrapped.log(event: event)
    }
}
