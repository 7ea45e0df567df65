import JSONValue

/// A started device authorization (RFC 8628 section 3.2): what to show the person, and what to poll with.
///
/// `Codable` so a daemon can keep it while the person approves on another device. The device
/// code is a secret (whoever holds it collects the tokens): description and mirror omit it.
public struct DeviceAuthorization: Sendable, Codable, Equatable {
    /// Sent back when polling; never shown.
    public var deviceCode: String
    /// What the person types at ``verificationURI``.
    public var userCode: String
    public var verificationURI: String
    /// The verification URI with the user code filled in, for a link or QR code, when the server gives one.
    public var verificationURIComplete: String?
    /// Seconds until the device and user codes expire.
    public var expiresIn: Int
    /// Seconds to wait between polls; RFC 8628 says 5 when the server is silent.
    public var interval: Int

    public init(
        deviceCode: String,
        userCode: String,
        verificationURI: String,
        verificationURIComplete: String? = nil,
        expiresIn: Int,
        interval: Int = 5
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    /// Reads the JSON answer; `verification_url` (Google's spelling) is accepted too.
    static func parse(_ body: [UInt8]) -> DeviceAuthorization? {
        guard let fields = JSONValue.object(from: body),
            let deviceCode = fields["device_code"]?.text, !deviceCode.isEmpty,
            let userCode = fields["user_code"]?.text, !userCode.isEmpty,
            let verificationURI = (fields["verification_uri"] ?? fields["verification_url"])?.text,
            let expiresIn = fields["expires_in"]?.integer
        else { return nil }
        return DeviceAuthorization(
            deviceCode: deviceCode,
            userCode: userCode,
            verificationURI: verificationURI,
            verificationURIComplete: fields["verification_uri_complete"]?.text,
            expiresIn: expiresIn,
            interval: fields["interval"]?.integer.map { max($0, 1) } ?? 5
        )
    }
}

extension DeviceAuthorization: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "DeviceAuthorization(userCode: \(userCode), verificationURI: \(verificationURI), expiresIn: \(expiresIn), interval: \(interval), deviceCode: redacted)"
    }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["userCode": userCode, "verificationURI": verificationURI, "expiresIn": expiresIn, "interval": interval],
            displayStyle: .struct
        )
    }
}
