import Foundation
import HTTPClient
import SchedulerCore

/// Maps Graph API errors (Facebook Pages and Instagram) onto connector error classes by their codes,
/// since throttling arrives as codes 4, 17, 32 or 613 rather than as HTTP 429.
enum GraphErrorMapping {
    static func error(for response: HTTPResponse, network: String, now: Date = Date()) -> ConnectorError {
        let body = ConnectorTransport.json(response)
        let graph = body?["error"]
        let code = graph?["code"].flatMap(Self.int)
        let subcode = graph?["error_subcode"].flatMap(Self.int)
        let message = "\(network): \(graph?["message"]?.stringValue ?? "HTTP \(response.status)")"
        let excerpt = Excerpt.redacted(response.bodyText)
        switch code {
        case 190?, 102?:
            return ConnectorError(code: .authFailure, message: message, httpStatus: response.status, excerpt: excerpt)
        case 4?, 17?, 32?, 613?:
            return ConnectorError(code: .rateLimited, message: message, retryAt: regainAccess(response, now: now) ?? now.addingTimeInterval(3_600),
                                  httpStatus: response.status, excerpt: excerpt)
        case 9? where subcode == 2207042:
            return ConnectorError(code: .rateLimited, message: message, retryAt: now.addingTimeInterval(3_600), httpStatus: response.status, excerpt: excerpt)
        case 1?, 2?:
            return ConnectorError(code: .retryable, message: message, httpStatus: response.status, excerpt: excerpt)
        default:
            let retryable = response.status >= 500
            return ConnectorError(code: retryable ? .retryable : .permanent, message: message, httpStatus: response.status, excerpt: excerpt)
        }
    }

    /// `X-Business-Use-Case-Usage` says in minutes when a throttled Page may call again.
    static func regainAccess(_ response: HTTPResponse, now: Date) -> Date? {
        guard let header = response.header("x-business-use-case-usage"),
              let usage = try? JSONDecoder().decode(JSONValue.self, from: Data(header.utf8)),
              case .object(let byAccount) = usage else { return nil }
        let minutes = byAccount.values.compactMap { entries -> Int? in
            guard case .array(let list) = entries else { return nil }
            return list.compactMap { $0["estimated_time_to_regain_access"].flatMap(Self.int) }.max()
        }.max()
        return minutes.map { now.addingTimeInterval(TimeInterval(max($0, 1) * 60)) }
    }

    static func int(_ value: JSONValue) -> Int? {
        switch value {
        case .integer(let number): Int(number)
        case .double(let number): Int(number)
        case .string(let text): Int(text)
        default: nil
        }
    }
}
