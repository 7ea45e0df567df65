import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Walks a GPX or TCX file with Foundation's event-driven `XMLParser`, fed from a stream.
///
/// The file is never loaded whole and points are never collected: each element's events go to the
/// reader for the format the root element names, which folds each finished point into the
/// ``RunAccumulator`` at once. That is what keeps a 200,000-point file in bounded memory.
final class RunXMLReader: NSObject, XMLParserDelegate {
    enum Format: Sendable { case gpx, tcx }

    private(set) var format: Format?
    /// The root element's name as written (with any prefix), for "ends before </gpx>".
    private(set) var rootName: String?
    private(set) var rootClosed = false
    /// A problem a format reader found; parsing is aborted when one is set.
    private(set) var problem: ReadProblem?
    private(set) var run = RunAccumulator()
    /// Where the XML parser stopped with an error, read when it reports it (afterwards the position is the end of the data read).
    /// `rootOpen`: whether the root element was still open then (the parser may close elements after an error).
    private(set) var syntaxError: (code: Int, line: Int, column: Int, rootOpen: Bool)?

    private var gpx = GPXReader()
    private var tcx = TCXReader()
    /// Local names (namespace prefix dropped) of the open elements, root first.
    private var path: [String] = []
    private var text = ""
    private var collecting = false

    static func localName(_ qualified: String) -> String {
        guard let colon = qualified.lastIndex(of: ":") else { return qualified }
        return String(qualified[qualified.index(after: colon)...])
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let name = Self.localName(elementName)
        path.append(name)
        if path.count == 1 {
            rootName = elementName
            switch name {
            case "gpx": format = .gpx
            case "TrainingCenterDatabase": format = .tcx
            default:
                fail(parser, ReadProblem("not a GPX, TCX or FIT file (root element <\(elementName)>)"))
                return
            }
        }
        do throws(ReadProblem) {
            switch format {
            case .gpx: try gpx.start(name, attributes: attributes, path: path); collecting = gpx.wantsText(path: path)
            case .tcx: try tcx.start(name, attributes: attributes, path: path); collecting = tcx.wantsText(path: path)
            case nil: break
            }
        } catch {
            fail(parser, error)
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = Self.localName(elementName)
        do throws(ReadProblem) {
            switch format {
            case .gpx: try gpx.end(name, text: text, path: path, into: &run)
            case .tcx: try tcx.end(name, text: text, path: path, into: &run)
            case nil: break
            }
        } catch {
            fail(parser, error)
        }
        text = ""
        collecting = false
        path.removeLast()
        if path.isEmpty { rootClosed = true }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard syntaxError == nil else { return }
        syntaxError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber, !path.isEmpty)
    }

    private func fail(_ parser: XMLParser, _ problem: ReadProblem) {
        guard self.problem == nil else { return }
        self.problem = problem
        parser.abortParsing()
    }
}
