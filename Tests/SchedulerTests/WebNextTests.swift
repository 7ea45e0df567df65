@testable import SchedulerServer
import Testing
@testable import Scheduler

/// Where a sign-in leads (`next`): a path of this site, else Today. `//host`, `/\host`, a scheme, or a path with
/// whitespace or a control character (which browsers drop, making `/<TAB>/host` into `//host`) would lead elsewhere.
@Suite struct WebNextTests {
    @Test func onlyAPathOfThisSite_isFollowed() {
        for path in ["/posts/12", "/calendar?view=day&start=2027-01-02", "/compose?at=2027-01-02T07:00&account=x:@club", "/"] {
            #expect(WebNext.safe(path) == path, "\(path)")
        }
        for elsewhere in ["//evil.example", "///evil.example", "/\\evil.example", "/a\\b", "https://evil.example/", "javascript:alert(1)", "evil",
                          "", "/\t/evil.example", "/\n/evil.example", "/ /evil", "/\u{7F}", "/\u{2028}x"] {
            #expect(WebNext.safe(elsewhere) == "/", "\(elsewhere.debugDescription)")
        }
        #expect(WebNext.safe(nil) == "/")
        #expect(WebNext.safe("/" + String(repeating: "a", count: 3_000)) == "/", "a path longer than any page's")
        #expect(WebNext.encode("/calendar?view=day&start=2027-01-02") == "/calendar?view%3Dday%26start%3D2027-01-02")
    }
}
