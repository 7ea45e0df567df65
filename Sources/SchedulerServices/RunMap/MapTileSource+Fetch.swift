import Foundation
import HTTPClient
import RunCard

extension MapTileSource {
    /// What came back from the server for one card: the tiles that arrived whole, and what went wrong with the first
    /// that did not (nil when none failed; tiles still missing at the deadline are missing without a word).
    package struct Fetched: Sendable {
        package var tiles: [TileKey: [UInt8]] = [:]
        package var problem: String?
    }

    /// Asks for each tile once, ``concurrentRequests`` at a time, until every answer is in or `deadline` passes; then
    /// what is still in flight is cancelled.
    package func fetch(_ keys: [TileKey], until deadline: ContinuousClock.Instant) async -> Fetched {
        await withTaskGroup(of: Answer.self) { group in
            var waiting = keys[...], inFlight = 0, fetched = Fetched()
            // The deadline as a task of the group: the first answer after it ends the wait.
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return .deadline
            }
            func next() {
                guard let key = waiting.popFirst() else { return }
                inFlight += 1
                group.addTask { await self.fetchOne(key, until: deadline) }
            }
            for _ in 0..<Self.concurrentRequests { next() }
            while inFlight > 0, let answer = await group.next() {
                switch answer {
                case .deadline:
                    inFlight = 0
                case let .tile(key, bytes):
                    fetched.tiles[key] = bytes
                    inFlight -= 1
                    next()
                case let .failed(problem):
                    fetched.problem = fetched.problem ?? problem
                    inFlight -= 1
                    next()
                }
            }
            group.cancelAll()
            return fetched
        }
    }

    /// One answer: a tile, a failure, or the card's deadline.
    package enum Answer: Sendable {
        case tile(TileKey, [UInt8])
        case failed(String)
        case deadline
    }

    /// One tile, kept only when the server answers 200 with a PNG of sensible size.
    private func fetchOne(_ key: TileKey, until deadline: ContinuousClock.Instant) async -> Answer {
        let left = max(deadline - ContinuousClock.now, .milliseconds(1))
        let request = HTTPRequest(url: url(key), headers: [HTTPHeader("User-Agent", Self.userAgent), HTTPHeader("Accept", "image/png")],
                                  connectTimeout: min(left, .seconds(5)), timeout: left, followRedirects: true)
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch let error as HTTPClientError {
            return .failed(error.code == .timedOut ? "no answer within \(settings.timeoutSeconds) s" : "the request failed (\(error.code))")
        } catch {
            return .failed("the request failed")
        }
        guard response.status == 200 else { return .failed("the server answered HTTP \(response.status)") }
        guard response.body.starts(with: TileCache.pngSignature), response.body.count <= Self.maximumTileBytes else {
            return .failed("the server's answer is not a PNG tile")
        }
        return .tile(key, response.body)
    }
}
