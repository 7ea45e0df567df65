import Foundation
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// Issue 16, bug 4: the daemon kept (and later published) a JPEG cut short after its header; a file is decoded whole
/// before it is kept, and a damaged one is refused with what is wrong, nothing written.
@Suite final class MediaLibraryTests {
    let library = MediaLibrary(stateDirectory: NSTemporaryDirectory() + "media-library-\(UUID().uuidString)")

    /// The state directory made for each test is removed with it (a class, so that it can).
    deinit { try? FileManager.default.removeItem(atPath: (library.directory as NSString).deletingLastPathComponent) }

    @Test(arguments: [("run-4x5.jpg", "Premature end of JPEG file"), ("square-ish.png", "cut short")])
    func aFileCutShort_isRefused_namingTheDamage_andNothingIsStored(_ name: String, _ damage: String) throws {
        let whole = try MediaSweepTests.fixture(name)
        let cut = Array(whole.prefix(whole.count * 60 / 116))
        let error = #expect(throws: RequestError.self) { try library.store(cut) }
        #expect(error?.code == .badRequest)
        #expect(error?.message.contains(damage) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("nothing was stored") == true, "\(error?.message ?? "")")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: library.directory))?.isEmpty ?? true)

        let kept = try library.store(whole)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.directory) == [kept.fileName])
    }
}
