import Foundation
import Testing
import Yams

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// twitter-text's conformance files in `shared/conformance/twitter-text/`, read at test time so that
/// nobody can "fix" a failing case by retyping a value.
enum TwitterTextConformance {
    /// Every section of `validate.yml`; a new one (a `lengths` section, say) fails a test until it is honoured.
    static let knownSections: Set<String> = [
        "tweets", "usernames", "lists", "hashtags", "urls", "urls_without_protocol",
        "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest", "UnicodeDirectionalMarkerCounterTest",
    ]

    /// `<project root>/../shared/conformance/twitter-text/`, the root being three levels above the
    /// calling test file (`#filePath` is the caller's) once symlinks are resolved.
    static func directory(testFile: String = #filePath) -> URL {
        let resolved: String
        if let real = realpath(testFile, nil) {
            resolved = String(cString: real)
            free(real)
        } else {
            resolved = testFile
        }
        let root = URL(fileURLWithPath: resolved)
            .deletingLastPathComponent()  // NetworkRulesTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // project root
        return root.appendingPathComponent("../shared/conformance/twitter-text").standardizedFileURL
    }

    /// The text of one conformance file; throws when it cannot be read.
    static func contents(of name: String, testFile: String = #filePath) throws -> String {
        let url = directory(testFile: testFile).appendingPathComponent(name)
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ConformanceError("cannot read \(url.path): \(error)")
        }
    }

    /// The `tests` mapping of `validate.yml`, keyed by section name.
    static func validateSections(testFile: String = #filePath) throws -> [String: Node] {
        let text = try contents(of: "validate.yml", testFile: testFile)
        guard let tests = try Yams.compose(yaml: text)?["tests"]?.mapping else {
            throw ConformanceError("validate.yml has no `tests` mapping")
        }
        var sections: [String: Node] = [:]
        for (key, value) in tests {
            guard let name = key.string else { throw ConformanceError("validate.yml has a non-string section key") }
            sections[name] = value
        }
        return sections
    }

    /// The cases of one section, which must exist and hold at least one case.
    static func cases(in section: String, testFile: String = #filePath) throws -> [Node] {
        guard let node = try validateSections(testFile: testFile)[section] else {
            throw ConformanceError("validate.yml has no `\(section)` section")
        }
        guard let cases = node.sequence, !cases.isEmpty else {
            throw ConformanceError("validate.yml section `\(section)` is empty")
        }
        return Array(cases)
    }

    /// The cases of a counter section (`expected` holds the parse results).
    static func weightedCases(_ section: String, testFile: String = #filePath) throws -> [WeightedCase] {
        try cases(in: section, testFile: testFile).map(WeightedCase.init(node:))
    }

    /// The cases of `tlds.yml` (`expected` lists the URLs found), country then generic.
    static func topLevelDomainCases(testFile: String = #filePath) throws -> [ExtractionCase] {
        let text = try contents(of: "tlds.yml", testFile: testFile)
        guard let tests = try Yams.compose(yaml: text)?["tests"] else { throw ConformanceError("tlds.yml has no `tests`") }
        var found: [ExtractionCase] = []
        for section in ["country", "generic"] {
            guard let cases = tests[section]?.sequence, !cases.isEmpty else {
                throw ConformanceError("tlds.yml section `\(section)` is missing or empty")
            }
            found += try cases.map(ExtractionCase.init(node:))
        }
        return found
    }

    /// The cases of a validity section (`expected` is true or false).
    static func validityCases(_ section: String, testFile: String = #filePath) throws -> [ValidityCase] {
        try cases(in: section, testFile: testFile).map(ValidityCase.init(node:))
    }
}

/// A conformance file that is missing, malformed or has something this suite does not check.
struct ConformanceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What twitter-text's parser reports, field for field as `validate.yml` names them.
struct ParseExpectation: Sendable, Equatable, CustomStringConvertible {
    /// Every field an `expected` mapping may carry; a new one fails loading until it is checked.
    static let fields: Set<String> = [
        "weightedLength", "valid", "permillage",
        "displayRangeStart", "displayRangeEnd", "validRangeStart", "validRangeEnd",
    ]

    var weightedLength: Int
    var valid: Bool
    var permillage: Int
    var displayRangeStart: Int
    var displayRangeEnd: Int
    var validRangeStart: Int
    var validRangeEnd: Int

    var description: String {
        "weightedLength \(weightedLength), valid \(valid), permillage \(permillage), "
            + "display \(displayRangeStart)...\(displayRangeEnd), valid range \(validRangeStart)...\(validRangeEnd)"
    }
}

/// One case of `WeightedTweetsCounterTest`, `WeightedTweetsWithDiscountedEmojiCounterTest` or
/// `UnicodeDirectionalMarkerCounterTest`.
struct WeightedCase: Sendable, CustomTestStringConvertible {
    var description: String
    var text: String
    var expected: ParseExpectation

    var testDescription: String { description }

    init(node: Node) throws {
        description = try node.requiredString("description")
        text = try node.requiredString("text")
        guard let expected = node["expected"], let mapping = expected.mapping else {
            throw ConformanceError("\(description): `expected` is not a mapping")
        }
        let keys = Set(mapping.keys.compactMap(\.string))
        guard keys == ParseExpectation.fields else {
            throw ConformanceError("\(description): expected fields \(keys.sorted()), this suite checks \(ParseExpectation.fields.sorted())")
        }
        self.expected = ParseExpectation(
            weightedLength: try expected.requiredInt("weightedLength", in: description),
            valid: try expected.requiredBool("valid", in: description),
            permillage: try expected.requiredInt("permillage", in: description),
            displayRangeStart: try expected.requiredInt("displayRangeStart", in: description),
            displayRangeEnd: try expected.requiredInt("displayRangeEnd", in: description),
            validRangeStart: try expected.requiredInt("validRangeStart", in: description),
            validRangeEnd: try expected.requiredInt("validRangeEnd", in: description)
        )
    }
}

/// One case of a section whose `expected` is true or false.
struct ValidityCase: Sendable, CustomTestStringConvertible {
    var description: String
    var text: String
    var expected: Bool

    var testDescription: String { description }

    init(node: Node) throws {
        description = try node.requiredString("description")
        text = try node.requiredString("text")
        expected = try node.requiredBool("expected", in: description)
    }
}

/// One case of `tlds.yml`: the URLs twitter-text finds in `text`.
struct ExtractionCase: Sendable, CustomTestStringConvertible {
    var description: String
    var text: String
    var expected: [String]

    var testDescription: String { description }

    init(node: Node) throws {
        description = try node.requiredString("description")
        text = try node.requiredString("text")
        guard let urls = node["expected"]?.sequence?.compactMap(\.string) else {
            throw ConformanceError("\(description): `expected` is not a list of URLs")
        }
        expected = urls
    }
}

private extension Node {
    func requiredString(_ key: String) throws -> String {
        guard let value = self[key]?.string else { throw ConformanceError("a case has no string `\(key)`") }
        return value
    }

    func requiredInt(_ key: String, in caseName: String) throws -> Int {
        guard let value = self[key]?.int else { throw ConformanceError("\(caseName): `\(key)` is not an integer") }
        return value
    }

    func requiredBool(_ key: String, in caseName: String) throws -> Bool {
        guard let value = self[key]?.bool else { throw ConformanceError("\(caseName): `\(key)` is not true or false") }
        return value
    }
}
