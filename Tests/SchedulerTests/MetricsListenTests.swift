import Foundation
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// `[metrics] listen`: an address and a port, checked when the configuration is read.
@Suite struct MetricsListenTests {
    private func parse(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try ConfigurationLoader.parse(text, file: "/etc/schedulerd/test.toml")
    }

    @Test func noMetricsTable_meansNoEndpoint() throws {
        #expect(try parse("").metricsListen == nil)
    }

    @Test(arguments: [("127.0.0.1:9464", "127.0.0.1", 9464), ("[::1]:9464", "::1", 9464), ("localhost:9100", "127.0.0.1", 9100),
                      ("0.0.0.0:0", "0.0.0.0", 0)])
    func anAddressAndPort_areRead(text: String, host: String, port: Int) throws {
        let listen = try #require(try parse("[metrics]\nlisten = \"\(text)\"\n").metricsListen)
        #expect(listen.host == host && listen.port == port)
    }

    @Test(arguments: ["9464", "127.0.0.1", "127.0.0.1:99999", "example.org:9464", "::1:9464", "127.0.0.1:http", ""])
    func aBadListenValue_isAConfigurationErrorNamingTheKey(text: String) {
        #expect {
            try parse("[metrics]\nlisten = \"\(text)\"\n")
        } throws: { error in
            let message = (error as? ConfigurationError)?.message ?? ""
            return message.contains("test.toml: metrics.listen:") && message.contains("9464")
        }
    }

    @Test func anUnknownKeyInTheMetricsTable_isRefused() {
        #expect(throws: ConfigurationError.self) { try parse("[metrics]\nlisten = \"127.0.0.1:9464\"\npath = \"/m\"\n") }
    }
}
