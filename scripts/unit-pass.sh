#!/bin/bash
# The unit pass of `make test`, watched: run as given ("$@", a `swift test` command line); if it is still running
# after UNIT_PASS_LIMIT seconds (it takes about 60 in a quiet fresh clone), it hung. Then the tests that started and never ended are
# named, the test process is ended, and the pass runs once more. Only a hang is retried; a failure fails.
#
# Why a watch at all: the pass was seen hung twice in about twenty runs (issue 49). One cause is fixed (a test
# server waited for with Foundation's Process.waitUntilExit, which spun both cooperative threads); the other left
# every thread idle with SharedPublishBudgetTests' two-daemon test unfinished, and was not reproduced again.
set -u
limit=${UNIT_PASS_LIMIT:-300}
log=$(mktemp /tmp/unit-pass.XXXXXX)
trap 'rm -f "$log"' EXIT

run() {
    timeout "$limit" "$@" > >(tee "$log") 2>&1
}

run "$@"; rc=$?
[ $rc = 124 ] || exit $rc
echo "the unit pass hung (no end after $limit s); the tests that started and never ended:" >&2
python3 - "$log" <<'PYTHON' >&2
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if m := re.match(r"◇ Test (\S+\(.*?\)) started\.", line):
        started.append(m.group(1))
    elif m := re.match(r"[✔✘] Test (\S+\(.*?\))( with \d+ test cases?)? (passed|failed)", line):
        ended.add(m.group(1))
for name in started:
    if name not in ended:
        print("  " + name)
PYTHON
pkill -KILL -f 'schedulerdPackage[T]ests[.]xctest'
echo "running the unit pass once more" >&2
"$@"
