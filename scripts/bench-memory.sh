#!/bin/sh
# The idle daemon's resident memory by library, for the self-contained build `make dist` packages (issue 31, goal 5):
# a sandbox daemon with nothing scheduled, measured once its control socket has answered and again after 5 s idle,
# first keeping its start-up pages (SCHEDULERD_KEEP_STARTUP_PAGES=1, the baseline) and then as it runs by default,
# handing them back (docs/benchmarks.md, "Idle memory"). The default run then waits for the idle hand-back (a minute
# after start, IdlePagesService), measures again, and times the first `status` after it against the next one: what the
# hand-back costs the first request. Needs root for /proc/PID/pagemap.
# Usage: bench-memory.sh UNSTRIPPED_SELF_CONTAINED_SCHEDULERD
set -eu
daemon=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT

resident() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

measure() {
    label=$1
    rm -rf "$work/state"
    mkdir -p "$work/state"
    printf 'sandbox = true\nstate_dir = "%s/state"\nlog_level = "debug"\n[networks.x]\napi_base_url = "http://127.0.0.1:9"\n' \
        "$work" >"$work/schedulerd.toml"
    "$daemon" --config "$work/schedulerd.toml" >"$work/daemon.log" 2>&1 &
    pid=$!
    deadline=$(($(date +%s) + 60))
    until curl -sf --max-time 2 --unix-socket "$work/state/control.sock" http://localhost/v1/status >/dev/null 2>&1; do
        if ! kill -0 "$pid" 2>/dev/null; then echo "bench-memory: the daemon exited:" >&2; cat "$work/daemon.log" >&2; exit 1; fi
        if [ "$(date +%s)" -gt "$deadline" ]; then echo "bench-memory: the daemon did not answer within 60 s" >&2; exit 1; fi
        sleep 0.05
    done
    at_ready=$(resident "$pid")
    sleep 5  # the measurement is of an idle daemon: five seconds of idling is what it measures
    echo "$label ($([ "$label" = baseline ] && echo keeping start-up pages || echo handing them back)): resident when ready $at_ready MB, after 5 s idle $(resident "$pid") MB"
    python3 "$here/resident-by-library.py" "$pid" "$daemon"
    if [ "$label" = default ]; then after_idle_hand_back; fi
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
}

export SCHEDULERD_KEEP_STARTUP_PAGES=1
# The idle hand-back's debug line, waited for with a deadline (its period is a minute); then the resident set, and the
# first status after it against the second.
after_idle_hand_back() {
    deadline=$(($(date +%s) + 150))
    until grep -q "idle pages handed back" "$work/daemon.log"; do
        if [ "$(date +%s)" -gt "$deadline" ]; then echo "bench-memory: no idle hand-back within 150 s" >&2; exit 1; fi
        sleep 1
    done
    echo
    echo "after the idle hand-back: resident $(resident "$pid") MB ($(grep "idle pages handed back" "$work/daemon.log" | tail -1 | sed 's/.*schedulerd: //'))"
    python3 "$here/resident-by-library.py" "$pid" "$daemon"
    status="curl -sf --max-time 2 --unix-socket $work/state/control.sock -o /dev/null -w %{time_total} http://localhost/v1/status"
    first=$($status)
    second=$($status)
    echo "status after the idle hand-back: first $first s, second $second s (curl's time_total); resident then $(resident "$pid") MB"
}

export SCHEDULERD_KEEP_STARTUP_PAGES=1
measure baseline
echo
unset SCHEDULERD_KEEP_STARTUP_PAGES
measure default
