#ifndef SCHEDULERD_BUILD_INFO_H
#define SCHEDULERD_BUILD_INFO_H

/// What this build is: the version (the VERSION file, `+dirty` when built from a changed tree), the git commit and the
/// build date. Package.swift defines them from what the Makefile passes in the environment; a C file, so that a new
/// commit or date recompiles this one file and relinks, instead of recompiling a Swift module and everything above it.
extern const char *const schedulerd_build_version;
extern const char *const schedulerd_build_commit;
extern const char *const schedulerd_build_date;

#endif
