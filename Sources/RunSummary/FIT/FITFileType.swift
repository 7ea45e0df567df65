/// The file_id message's `type` ("FIT Profile", enum `file`): only an activity file holds a run. A watch also writes
/// settings, workouts, courses and weigh-ins as FIT files, and one picked by mistake is named for what it is rather
/// than read as an empty run.
enum FITFileType {
    static let activity: Int64 = 4

    static let names: [Int64: String] = [1: "device", 2: "settings", 3: "sport settings", 5: "workout", 6: "course",
                                         7: "schedules", 9: "weight", 10: "totals", 11: "goals", 14: "blood pressure",
                                         15: "monitoring", 20: "activity summary", 28: "daily monitoring", 32: "monitoring",
                                         34: "segment", 35: "segment list"]

    /// "is a workout file, not an activity: …".
    static func refusal(_ type: Int64) -> String {
        let name = names[type].map { "a \($0) file" } ?? "a FIT file of type \(type)"
        return "is \(name), not an activity: export the run itself from the watch or its app"
    }
}
