#ifndef SCHEDULERD_CSQLITE_SHIM_H
#define SCHEDULERD_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_config is variadic: Swift cannot call it. Turns off SQLite's count of the memory it holds, which takes a
   process-wide mutex around every sqlite3_malloc and sqlite3_free; nothing here reads that count. Takes effect only
   before SQLite's first use in the process (SQLITE_MISUSE after, and nothing changes). */
static inline int sd_sqlite_disable_memory_status(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
