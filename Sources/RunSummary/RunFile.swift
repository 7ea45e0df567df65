import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a GPX 1.1 or TCX file, streaming, and summarises it.
public enum RunFile {
    /// `title` replaces the generated one; `timeZone` is the runner's zone.
    public static func summarize(path: String, timeZone: TimeZone, title: String? = nil) throws(RunFileError) -> RunSummary {
        func failure(_ problem: String) -> RunFileError { RunFileError(path: path, problem: problem) }

        try FileCheck.check(path)
        guard let stream = InputStream(fileAtPath: path) else { throw failure("the file cannot be opened") }
        let reader = RunXMLReader()
        let parser = XMLParser(stream: stream)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()

        if let problem = reader.problem { throw failure(problem.message) }
        if !parsed || reader.syntaxError != nil || !reader.rootClosed {
            throw failure(ParseFailure.describe(parser: parser, reader: reader, path: path))
        }
        var run = reader.run
        run.finish()
        return try RunSummaryBuilder.build(run, timeZone: timeZone, title: title, failure: failure)
    }
}
