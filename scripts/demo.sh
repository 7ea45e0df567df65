#!/usr/bin/env bash
# The tour: a sandbox daemon in a temporary state directory, an account, two posts, one published live.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(swift build --show-bin-path)
STATE=$(mktemp -d /tmp/schedulerd-demo.XXXXXX)
export SCHEDCTL_SOCKET="$STATE/control.sock"
schedctl() { "$BIN/schedctl" "$@"; }
# Echo a command the way a person would type it, quoting arguments that hold spaces.
show() { local line="\$ schedctl" arg; for arg in "$@"; do [[ $arg == *" "* ]] && line+=" '$arg'" || line+=" $arg"; done; printf '\n\033[1m%s\033[0m\n' "$line"; }
step() { show "$@"; schedctl "$@"; }
# wait_for WHAT COMMAND…: runs COMMAND until it succeeds, for at most $DEMO_WAIT seconds (120 by default: a
# machine busy compiling can be slow), then says what it was waiting for and stops the demo.
DEMO_WAIT=${DEMO_WAIT:-120}
wait_for() {
  local what=$1; shift
  local deadline=$((SECONDS + DEMO_WAIT))
  until "$@"; do
    if (( SECONDS >= deadline )); then
      printf '\ndemo: gave up after %ss waiting for %s (DEMO_WAIT=%s); the daemon log is %s\n' \
        "$DEMO_WAIT" "$what" "$DEMO_WAIT" "$STATE/daemon.log" >&2
      return 1
    fi
    sleep 0.2
  done
}
# Fails the wait at once when a process it depends on has exited.
alive() {
  kill -0 "$1" 2>/dev/null && return 0
  printf '\ndemo: %s exited early; see %s\n' "$2" "$3" >&2
  exit 1
}

"$BIN/schedulerd" --sandbox --state-dir "$STATE" --log-level warning 2> "$STATE/daemon.log" &
DAEMON=$!
trap 'kill -TERM $DAEMON 2>/dev/null; wait $DAEMON 2>/dev/null; echo; echo "daemon stopped; its log and database are in $STATE"' EXIT

daemon_answers() { alive "$DAEMON" schedulerd "$STATE/daemon.log"; schedctl status >/dev/null 2>&1; }
wait_for "schedulerd to answer on $SCHEDCTL_SOCKET" daemon_answers
echo "schedulerd is running in sandbox mode (state in $STATE)"
step status

# Link accounts as a person would: schedctl prints the authorization URL and waits on 127.0.0.1
# for the browser; `schedctl sandbox approve` plays the browser.
link() {
  show accounts link "$@"
  rm -f "$STATE/link.out"   # so the wait below sees this link's URL, not the last one's
  schedctl accounts link "$@" > "$STATE/link.out" 2> "$STATE/link.err" &
  local pid=$!
  url_printed() { alive "$pid" "schedctl accounts link $1" "$STATE/link.err"; [ -s "$STATE/link.out" ]; }
  wait_for "schedctl accounts link $1 to print the authorization URL" url_printed "$1"
  local url; url=$(head -1 "$STATE/link.out")
  echo "$url"
  printf '\033[2m(the browser approves and is sent back to schedctl)\033[0m\n'
  schedctl sandbox approve "$url" > /dev/null
  wait $pid
  tail -n +2 "$STATE/link.out"
}
link x
link linkedin
link facebook
link instagram
link threads
# Bluesky signs in with an app password, and a Mastodon account names its instance: the sandbox mints both.
for network in bluesky mastodon; do
  printf '\n\033[1m$ schedctl sandbox token %s | schedctl accounts add %s\033[0m\n' "$network" "$network"
  schedctl sandbox token "$network" | schedctl accounts add "$network"
done
step accounts list

step schedule "Easy 10k along the river this morning. Legs feel great!" --to x:@sandbox_user --at "in 3s"
step schedule "Sunday long run by the river #running" --to x:@sandbox_user facebook:@sandbox_user_s_running_club linkedin:@sandbox_user_sandbox instagram:@sandbox_user bluesky:@sandbox-user.bsky.sandbox mastodon:@sandbox_user@mastodon.sandbox threads:@sandbox_user --at "in 4s" --media Tests/EndToEndTests/Fixtures/run-4x5.jpg --alt "Route along the river"
step schedule "Long run Sunday, who's in?" --to x:@sandbox_user --at "tomorrow 07:30" --tz Europe/Paris
step schedule "What X would receive" --to x:@sandbox_user --at "in 1h" --dry-run

printf '\nwaiting for the first two posts to go out (8 deliveries)'
published() { [ "$(schedctl list --state published --json | grep -Eo '"state" ?: ?"published"' | wc -l)" -ge 8 ] || { printf '.'; return 1; }; }
wait_for "the first two posts' 8 deliveries to be published" published
echo
step sandbox received
step list --state published
step list --state pending
step history 2
step events --last 5
step pause x:@sandbox_user
step status
step resume
