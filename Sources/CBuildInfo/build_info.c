#include "build_info.h"

#ifndef SCHEDULERD_VERSION
#define SCHEDULERD_VERSION "unknown"
#endif
#ifndef SCHEDULERD_COMMIT
#define SCHEDULERD_COMMIT "unknown"
#endif
#ifndef SCHEDULERD_BUILD_DATE
#define SCHEDULERD_BUILD_DATE "unknown"
#endif

const char *const schedulerd_build_version = SCHEDULERD_VERSION;
const char *const schedulerd_build_commit = SCHEDULERD_COMMIT;
const char *const schedulerd_build_date = SCHEDULERD_BUILD_DATE;
