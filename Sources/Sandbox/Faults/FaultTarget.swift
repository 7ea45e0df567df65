import SchedulerCore

/// Narrows a fault plan to one kind of request and to a window of them: "the third `POST /2/tweets`" is
/// `FaultTarget(method: "POST", pathSuffix: "/2/tweets", skip: 2, count: 1)`. Requests that do not match pass
/// untouched and are not counted, so a test can spoil exactly the part of a thread it names.
public struct FaultTarget: Sendable, Equatable {
    public var method: String
    /// The end of the request's path (`/2/tweets`, `/comments`), so versioned Graph paths match too.
    public var pathSuffix: String
    /// Matching requests let through before the window.
    public var skip: Int
    /// Matching requests in the window; after it, none meets a fault.
    public var count: Int

    public init(method: String, pathSuffix: String, skip: Int = 0, count: Int = 1) {
        self.method = method.uppercased(); self.pathSuffix = pathSuffix; self.skip = skip; self.count = count
    }

    func matches(method: String, path: String) -> Bool {
        method.uppercased() == self.method && path.hasSuffix(pathSuffix)
    }

    /// Reads `{"request": "POST /2/tweets", "skip": 2, "count": 1}`.
    static func fromJSON(_ value: [String: JSONValue]) throws(FaultPlanError) -> FaultTarget {
        let problem = FaultPlanError(code: .malformedBody,
                                     message: "\"only\" must be like {\"request\": \"POST /2/tweets\", \"skip\": 2, \"count\": 1} (skip and count whole numbers)")
        guard case .string(let request)? = value["request"] else { throw problem }
        let words = request.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[1].hasPrefix("/") else { throw problem }
        func whole(_ name: String, default fallback: Int) throws(FaultPlanError) -> Int {
            switch value[name] {
            case nil: return fallback
            case .integer(let number)? where number >= 0: return Int(number)
            default: throw problem
            }
        }
        if let unknown = value.keys.first(where: { !["request", "skip", "count"].contains($0) }) {
            throw FaultPlanError(code: .malformedBody, message: "\"\(unknown)\" is not a field of \"only\"; use request, skip, count")
        }
        return FaultTarget(method: String(words[0]), pathSuffix: String(words[1]), skip: try whole("skip", default: 0), count: try whole("count", default: 1))
    }

    var document: [String: JSONValue] {
        ["request": .string("\(method) \(pathSuffix)"), "skip": .integer(Int64(skip)), "count": .integer(Int64(count))]
    }
}
