#!/usr/bin/env bash
# The control API's contract (docs/control-api.md): the OpenAPI document is valid, and the live daemon answers as it
# says. A sandbox daemon in a temporary state directory is given data (a linked account, posts published, queued,
# drafted, repeating and handed off), its socket is bridged to loopback TCP for the run, and schemathesis sends every
# operation a bounded number of generated requests: no answer may be a 5xx, and every status, content type, header and
# body must be one the document describes. Needs `make venv` (pinned tools in .build/venv), socat, and a debug build.
#
# API_CONTRACT_EXAMPLES: test cases per operation and phase (100); API_CONTRACT_SEED: schemathesis's seed (fixed, so a
# failure replays); API_CONTRACT_WAIT: seconds any readiness wait may take (120; a machine busy compiling is slow).
set -euo pipefail
cd "$(dirname "$0")/.."
DOCUMENT=Sources/SchedulerServer/ControlAPI/openapi.json
VENV=${VENV:-.build/venv}
EXAMPLES=${API_CONTRACT_EXAMPLES:-100}
SEED=${API_CONTRACT_SEED:-20261126}
WAIT=${API_CONTRACT_WAIT:-120}
START=$SECONDS

step() { printf '\n\033[1mapi-contract-test: %s\033[0m (%ss)\n' "$1" "$((SECONDS - START))"; }
fail() { printf 'api-contract-test: %s\n' "$1" >&2; exit 1; }

for tool in "$VENV/bin/openapi-spec-validator" "$VENV/bin/schemathesis"; do
  [ -x "$tool" ] || fail "$tool is missing; run make venv"
done
command -v socat >/dev/null || fail "socat is missing; run make deps (or apt-get install socat)"

step "the document is valid OpenAPI 3.1"
"$VENV/bin/openapi-spec-validator" --schema 3.1 "$DOCUMENT"

BIN=$(swift build --show-bin-path)
for product in schedulerd schedctl sandboxd; do
  [ -x "$BIN/$product" ] || fail "$BIN/$product is missing; run make build (schedctl and sandboxd are links to schedulerd)"
done
WORK=$(mktemp -d /tmp/schedulerd-contract.XXXXXX)
SOCKET="$WORK/control.sock"
export SCHEDCTL_SOCKET="$SOCKET"
schedctl() { "$BIN/schedctl" "$@"; }
DAEMON="" BRIDGE="" PASSED=""

# Every process this script started is stopped, on success and on failure; the logs stay when something failed.
stop() {
  local pid=$1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
# children_of PID: the ids of its child processes, from /proc (a minimal Debian has no procps).
children_of() {
  local parent=$1 stat fields
  for stat in /proc/[0-9]*/stat; do
    fields=$(cat "$stat" 2>/dev/null) || continue
    fields=${fields##*) }   # past the command name, which may hold spaces: "STATE PPID …"
    set -- $fields
    [ "${2:-}" = "$parent" ] && basename "$(dirname "$stat")"
  done
  return 0
}
cleanup() {
  stop "$BRIDGE"
  # The daemon stops the sandboxd it started; were it killed instead, its children are stopped here by their ids.
  local children=""
  [ -n "$DAEMON" ] && children=$(children_of "$DAEMON")
  stop "$DAEMON"
  for child in $children; do stop "$child"; done
  if [ -n "$PASSED" ]; then rm -rf "$WORK"; else echo "api-contract-test: logs and state kept in $WORK" >&2; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_for WHAT COMMAND…: runs COMMAND until it succeeds, for at most $WAIT seconds.
wait_for() {
  local what=$1; shift
  local deadline=$((SECONDS + WAIT))
  until "$@"; do
    (( SECONDS < deadline )) || fail "gave up after ${WAIT}s waiting for $what (API_CONTRACT_WAIT=$WAIT); see $WORK"
    sleep 0.2
  done
}
daemon_answers() {
  kill -0 "$DAEMON" 2>/dev/null || fail "schedulerd exited; see $WORK/daemon.log"
  schedctl status >/dev/null 2>&1
}

step "starting schedulerd --sandbox (state in $WORK/state)"
"$BIN/schedulerd" --sandbox --state-dir "$WORK/state" --socket "$SOCKET" --log-level warning 2> "$WORK/daemon.log" &
DAEMON=$!
wait_for "schedulerd to answer on $SOCKET" daemon_answers

step "giving the routes data: accounts, posts published, scheduled, drafted, repeating, handed off, queued"
schedctl sandbox token x | schedctl accounts add x >/dev/null
schedctl sandbox token x --username leaving_runner | schedctl accounts add x >/dev/null   # the document's example to unlink
schedctl accounts add instagram --handoff --handle club_runs >/dev/null
PHOTO=Tests/EndToEndTests/Fixtures/run-4x5.jpg
schedctl schedule "Contract test: out in a moment" --to x:@sandbox_user --at "in 2s" >/dev/null
schedctl schedule "Contract test: tomorrow" --to x:@sandbox_user --at "tomorrow 07:30" --tz Europe/Paris >/dev/null
schedctl schedule "Contract test: a draft" --to x:@sandbox_user --draft >/dev/null
schedctl schedule "Contract test: every Monday" --to x:@sandbox_user --at "next mon 18:30" --tz Europe/Paris \
  --repeat "weekly on mon" >/dev/null
schedctl schedule "Contract test: finish me in the app" --to instagram:@club_runs --at "in 2s" --media "$PHOTO" --alt "A run" >/dev/null
schedctl slots set x:@sandbox_user mon-fri 07:30,12:15 sat 09:00 >/dev/null
schedctl schedule "Contract test: queued" --to x:@sandbox_user --next-slot >/dev/null
published_and_handed_off() {
  schedctl list --state published --json | grep -q '"published"' && schedctl handoff list --json | grep -q '"delivery_id"'
}
wait_for "the first post to be published and the Instagram one handed off" published_and_handed_off

step "bridging the socket to loopback TCP"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
socat "TCP-LISTEN:$PORT,bind=127.0.0.1,reuseaddr,fork" "UNIX-CONNECT:$SOCKET" 2> "$WORK/socat.log" &
BRIDGE=$!
BASE="http://127.0.0.1:$PORT"
bridge_answers() {
  kill -0 "$BRIDGE" 2>/dev/null || fail "socat exited; see $WORK/socat.log"
  curl -sf -o /dev/null "$BASE/v1/status"
}
wait_for "the bridge on $BASE" bridge_answers

step "schemathesis: $EXAMPLES examples per operation and phase, seed $SEED"
# The document from the repository: schemathesis leaves out the operation it loads the document from, and
# OpenAPIDocumentTests shows the daemon serves these very bytes. One worker: with two, Debian 12's Python 3.11.2
# fails in hypothesis ("AST constructor recursion depth mismatch").
"$VENV/bin/schemathesis" --config-file scripts/api-contract.toml run "$DOCUMENT" --url "$BASE" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --phases examples,coverage,fuzzing --mode all --max-examples "$EXAMPLES" --seed "$SEED" --workers 1 \
  --request-timeout 30 --generation-database none --no-color \
  --report junit --report-junit-path "$WORK/schemathesis.xml"

step "GET /v1/events?follow=true streams events as newline-delimited JSON"
# The stream never ends by itself: read what comes within 3 s, then check its header and every line against the document.
curl -sS -N --max-time 3 --unix-socket "$SOCKET" -D "$WORK/follow.headers" -o "$WORK/follow.ndjson" \
  "http://localhost/v1/events?follow=true&limit=5" || [ $? -eq 28 ]
"$VENV/bin/python" - "$DOCUMENT" "$WORK/follow.headers" "$WORK/follow.ndjson" <<'PYTHON'
import json, sys, jsonschema
document, headers, body = (open(path).read() for path in sys.argv[1:])
assert headers.startswith("HTTP/1.1 200"), headers
content_type = next(line.split(":", 1)[1].strip() for line in headers.splitlines() if line.lower().startswith("content-type:"))
assert content_type == "application/x-ndjson", content_type
schema = {"$ref": "#/components/schemas/Event", "components": json.loads(document)["components"]}
lines = [line for line in body.split("\n") if line]
assert lines, "the stream gave no event within 3 s; the setup published a post, so there is at least one"
for line in lines:
    jsonschema.validate(json.loads(line), schema)
print(f"{len(lines)} streamed events match the Event schema")
PYTHON

step "schedulerd survived the run and stops cleanly"
kill -0 "$DAEMON" 2>/dev/null || fail "schedulerd died during the run; see $WORK/daemon.log"
stop "$BRIDGE"; BRIDGE=""
kill -TERM "$DAEMON"
status=0; wait "$DAEMON" || status=$?
DAEMON=""
[ "$status" -eq 0 ] || fail "schedulerd exited $status on SIGTERM; see $WORK/daemon.log"
PASSED=1
step "passed"
