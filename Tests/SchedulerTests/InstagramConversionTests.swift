import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Issue 25, item 6: a PNG for an Instagram Graph account is converted to JPEG on every path that sets a post's
/// media or accounts, as `schedule` converts it, instead of being refused by `edit` or a draft's scheduling.
@Suite final class InstagramConversionTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)
    let store: SQLiteStore
    let library = MediaLibrary(stateDirectory: NSTemporaryDirectory() + "instagram-conversion-\(UUID().uuidString)")
    let service: PostService

    init() throws {
        store = try SQLiteStore.inMemory()
        service = .withXAndInstagramRules(store: store, library: library, now: Self.now)
    }

    /// The state directory made for each test is removed with it (a class, so that it can).
    deinit { try? FileManager.default.removeItem(atPath: (library.directory as NSString).deletingLastPathComponent) }

    func upload(_ fixture: String) throws -> MediaReference {
        MediaReference(id: try library.store(try MediaSweepTests.fixture(fixture)).sha256, alt: "The track", name: "photos/\(fixture)")
    }

    func scheduled(_ request: SchedulePostRequest) async throws -> PostView {
        guard case .stored(let view) = try await service.schedule(request) else { throw RequestError.badRequest("not stored") }
        return view
    }

    @Test func editMedia_convertsAPNG_asScheduleDoes() async throws {
        try await store.addAccount("club", network: .instagram)
        let post = try await scheduled(SchedulePostRequest(text: "Track", to: ["instagram:@club"], at: "2030-01-02 07:30",
                                                           media: [try upload("run-4x5.jpg")]))
        let edited = try await service.edit(id: post.id, EditPostRequest(media: [try upload("square-ish.png")]))
        #expect(edited.media.map(\.contentType) == ["image/jpeg"])
        #expect(edited.media.first?.alt == "The track")
        #expect(edited.notes?.first?.hasPrefix("image 1 (PNG, 400×500) was converted to JPEG, because Instagram takes only JPEG") == true,
                "\(edited.notes ?? [])")
    }

    @Test func addingAnInstagramAccount_convertsThePostsPNG_forEveryAccount() async throws {
        try await store.addAccount("club")
        try await store.addAccount("club", network: .instagram)
        let post = try await scheduled(SchedulePostRequest(text: "Track", to: ["x:@club"], at: "2030-01-02 07:30", media: [try upload("square-ish.png")]))
        #expect(post.media.map(\.contentType) == ["image/png"], "X takes the PNG as it is")
        let edited = try await service.edit(id: post.id, EditPostRequest(addTo: ["instagram:@club"]))
        #expect(edited.deliveries.map(\.account) == ["x:@club", "instagram:@club"])
        #expect(edited.media.map(\.contentType) == ["image/jpeg"])
    }

    @Test func aDraftWithAPNG_isConvertedWhenScheduled() async throws {
        let instagram = try await store.addAccount("club", network: .instagram)
        var png = try library.item(id: try upload("square-ish.png").id, alt: "The track")
        png.name = nil
        // As a draft kept before conversions, or by another client of the store: its PNG and its Instagram account.
        let draft = try await store.insertPost(NewPost(text: "Track", time: nil, draftZone: "UTC", latenessLimitSeconds: 3_600,
                                                       targets: [NewPost.Target(accountID: instagram.id)], media: [png]), now: Self.now)
        let view = try await service.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2030-01-02 07:30"))
        #expect(view.deliveries.map(\.state) == [.scheduled])
        #expect(view.media.map(\.contentType) == ["image/jpeg"] && view.media.first?.alt == "The track")
        #expect(view.notes?.contains { $0.contains("was converted to JPEG") } == true, "\(view.notes ?? [])")
    }

    /// Friction: the alt-text error named the daemon's SHA-256 copy; it names the file as the person gave it.
    @Test func anAltTextTooLong_isNamedByThePathThePersonGave() async throws {
        try await store.addAccount("club")
        var reference = try upload("run-4x5.jpg")
        reference.alt = String(repeating: "a", count: 1_001)
        let error = await #expect(throws: RequestError.self) {
            _ = try await service.schedule(SchedulePostRequest(text: "Track", to: ["x:@club"], at: "2030-01-02 07:30", media: [reference]))
        }
        #expect(error?.message == "x:@club: the alt text of photos/run-4x5.jpg has 1001 characters, over X's limit of 1000", "\(error?.message ?? "")")
    }
}
