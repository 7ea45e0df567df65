/// Everything schedulerd keeps, by concern: the engine sees ``DeliveryStore``, the event bus ``EventStore``,
/// the services ``PostStore`` and ``AccountStore``. Two implementations: ``SQLiteStore`` (one daemon, one
/// file, the default) and ``PostgresStore`` (several daemons on several machines sharing one database).
package typealias SchedulerStore = AccountStore & DeliveryStore & EventStore & MediaReferenceStore & PostStore & QueueStore & SeriesStore
    & DeliveryCountStore & WebUserStore & InboxStore
