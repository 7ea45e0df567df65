@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The one schema history both stores read their migrations from (``SchemaHistory``).
@Suite struct SchemaHistoryTests {
    @Test func eachDialectsMigrations_areNumberedInOrder_withoutGapsOrTwins() {
        for ids in [SchemaHistory.sqlite.map(\.id), SchemaHistory.postgres.map(\.id)] {
            let numbers = ids.map { Int($0.dropFirst().prefix { $0.isNumber }) }
            #expect(numbers == Array(1...ids.count).map(Optional.some), "\(ids)")
            #expect(Set(ids).count == ids.count, "\(ids)")
        }
    }

    @Test func aStepHeldByAnEarlierMigration_namesOneThatComesBeforeIt() {
        var seenSQLite: Set<String> = []
        var seenPostgres: Set<String> = []
        for step in SchemaHistory.steps {
            if case .heldBy(let id) = step.sqlite { #expect(seenSQLite.contains(id), "\(step.what): SQLite's \(id) comes later or not at all") }
            if case .heldBy(let id) = step.postgres { #expect(seenPostgres.contains(id), "\(step.what): PostgreSQL's \(id) comes later or not at all") }
            if let migration = step.sqlite.migration { seenSQLite.insert(migration.id) }
            if let migration = step.postgres.migration { seenPostgres.insert(migration.id) }
        }
    }

    @Test func everyStep_isMadeByAtLeastOneDialect_andSaysWhyTheOtherNeedsNothing() {
        for step in SchemaHistory.steps {
            #expect(step.sqlite.migration != nil || step.postgres.migration != nil, "\(step.what) runs nowhere")
            for part in [reason(step.sqlite), reason(step.postgres)] {
                if let part { #expect(!part.isEmpty, "\(step.what): a dialect needs nothing without saying why") }
            }
        }
    }

    @Test func theStoresMigrate_byTheHistorysLists() {
        #expect(SQLiteStore.migrator.migrations == SchemaHistory.sqlite.map(\.id))
        #expect(PostgresSchema.migrations.map(\.id) == SchemaHistory.postgres.map(\.id))
        #expect(SchemaHistory.sqlite.count == 23 && SchemaHistory.postgres.count == 19)
    }

    private func reason<M>(_ part: SchemaHistory.Part<M>) -> String? {
        if case .notNeeded(let because) = part { return because }
        return nil
    }
}
