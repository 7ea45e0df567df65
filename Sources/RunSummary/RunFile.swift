import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a GPX 1.1 or TCX file, streaming, or a FIT file, and summarises it.
public enum RunFile {
    /// `title` replaces the generated one; `timeZone` is the runner's zone. `runNumber` chooses among the runs of a FIT
    /// file that holds several (a day's multi-sport file with two runs), from 1 in the file's order; a file with several
    /// and no choice is refused, listing them.
    public static func summarize(path: String, timeZone: TimeZone, title: String? = nil, runNumber: Int? = nil) throws(RunFileError) -> RunSummary {
        func failure(_ problem: String) -> RunFileError { RunFileError(path: path, problem: problem) }

        try FileCheck.check(path)
        if isFIT(path) { return try summarizeFIT(path: path, timeZone: timeZone, title: title, runNumber: runNumber) }
        if let runNumber, runNumber != 1 { throw failure("holds one run, so there is no run \(runNumber); choosing a run is for FIT files holding several") }
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

    /// A FIT file says so at bytes 8-11 (".FIT"), whatever it is named.
    static func isFIT(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 12)) ?? Data()
        return head.count == 12 && Array(head[8..<12]) == Array(".FIT".utf8)
    }

    /// A FIT file read whole (it is binary and small: a 10-hour run is about 1.5 MB), its records folded as a GPX
    /// file's points are, the session's distance and timer time taken as the file's own totals.
    static func summarizeFIT(path: String, timeZone: TimeZone, title: String?, runNumber: Int?) throws(RunFileError) -> RunSummary {
        func failure(_ problem: String) -> RunFileError { RunFileError(path: path, problem: problem) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        // Measured before reading, so a huge file is never loaded.
        guard size <= FITDecoder.maxFileSize else { throw failure(FITDecoder.tooLarge(size)) }
        guard let data = FileManager.default.contents(atPath: path) else { throw failure("the file cannot be read") }
        let points: [TrackPoint], session: FITRunReader.Session?
        do { (points, session) = try FITRunReader.read(Array(data)).run(number: runNumber) } catch { throw failure(error.description) }
        var run = RunAccumulator()
        for point in points { run.add(point) }
        run.finish()
        if let session, session.distanceMeters != nil || session.timerSeconds != nil {
            run.laps.add(seconds: session.timerSeconds, distance: session.distanceMeters, calories: nil)
        }
        return FITRunReader.withSessionFigures(try RunSummaryBuilder.build(run, timeZone: timeZone, title: title, failure: failure), session)
    }
}
