#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// OAuth 1.0a temporary credentials (request tokens) from issue to exchange (RFC 5849 §2).
///
/// A value type so tests drive it with any clock; the X account store owns the live one. A request
/// token is single-use and expires; its verifier is a 7-digit PIN for `oob` and a random string for
/// a callback. Three wrong verifiers burn the token, so a PIN cannot be guessed.
struct RequestTokenLedger: Sendable {
    /// Where the person is sent after approving: a PIN page or a callback URL.
    enum Callback: Sendable, Equatable {
        case outOfBand
        case url(String)
    }

    /// Why a request token cannot be used.
    enum Failure: Error, Sendable, Equatable {
        /// Unknown, expired, already exchanged or burnt.
        case invalidToken
        /// Not approved yet (or denied).
        case notAuthorized
        /// The verifier (PIN) does not match.
        case wrongVerifier
        /// Signed by another consumer than the one it was issued to.
        case consumerMismatch
    }

    private enum State: Sendable, Equatable {
        case pending
        case authorized(subject: String, verifier: String)
        case denied
    }

    private struct Entry: Sendable {
        var secret: String
        var consumerKey: String
        var callback: Callback
        var expiresAt: Date
        var state: State = .pending
        var failedAttempts = 0
    }

    /// How long a request token stays usable, in seconds.
    let lifetime: TimeInterval
    /// Wrong verifiers allowed before the token is burnt.
    let maximumAttempts = 3
    private var entries: [String: Entry] = [:]

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// Issues temporary credentials for `consumerKey`; returns the token and its secret.
    mutating func issue(consumerKey: String, callback: Callback, now: Date) -> (token: String, secret: String) {
        entries = entries.filter { $0.value.expiresAt > now }
        let token = SecureRandom.alphanumeric(27)
        let secret = SecureRandom.alphanumeric(32)
        entries[token] = Entry(secret: secret, consumerKey: consumerKey, callback: callback, expiresAt: now.addingTimeInterval(lifetime))
        return (token, secret)
    }

    /// The secret of a live request token, for checking a signature made with it.
    func secret(of token: String, now: Date) -> String? {
        guard let entry = entries[token], now < entry.expiresAt else { return nil }
        return entry.secret
    }

    /// Records the person's approval as `subject`; returns where to send them and the verifier.
    mutating func authorize(_ token: String, subject: String, now: Date) -> Result<(Callback, String), Failure> {
        guard var entry = entries[token], now < entry.expiresAt, entry.state == .pending else { return .failure(.invalidToken) }
        let verifier = entry.callback == .outOfBand ? Self.pin() : SecureRandom.alphanumeric(32)
        entry.state = .authorized(subject: subject, verifier: verifier)
        entries[token] = entry
        return .success((entry.callback, verifier))
    }

    /// Records that the person refused; returns where to send them.
    mutating func deny(_ token: String, now: Date) -> Result<Callback, Failure> {
        guard var entry = entries[token], now < entry.expiresAt, entry.state == .pending else { return .failure(.invalidToken) }
        entry.state = .denied
        entries[token] = entry
        return .success(entry.callback)
    }

    /// Exchanges an approved token and its verifier for the subject who approved; the token is then gone.
    mutating func redeem(_ token: String, consumerKey: String, verifier: String, now: Date) -> Result<String, Failure> {
        guard var entry = entries[token], now < entry.expiresAt else { return .failure(.invalidToken) }
        guard entry.consumerKey == consumerKey else { return .failure(.consumerMismatch) }
        guard case .authorized(let subject, let expected) = entry.state else { return .failure(.notAuthorized) }
        guard ConstantTime.equals(verifier, expected) else {
            entry.failedAttempts += 1
            entries[token] = entry.failedAttempts >= maximumAttempts ? nil : entry
            return .failure(.wrongVerifier)
        }
        entries[token] = nil
        return .success(subject)
    }

    /// A 7-digit PIN, as X shows for `oob`; bytes from 250 up are skipped so every digit is equally likely.
    private static func pin() -> String {
        var digits: [UInt8] = []
        while digits.count < 7 {
            for byte in SecureRandom.bytes(8) where byte < 250 && digits.count < 7 {
                digits.append(UInt8(ascii: "0") + byte % 10)
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
