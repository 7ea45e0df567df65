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

"$BIN/schedulerd" --sandbox --state-dir "$STATE" --log-level warning 2> "$STATE/daemon.log" &
DAEMON=$!
trap 'kill -TERM $DAEMON 2>/dev/null; wait $DAEMON 2>/dev/null; echo; echo "daemon stopped; its log and database are in $STATE"' EXIT

for _ in $(seq 1 100); do schedctl status >/dev/null 2>&1 && break; sleep 0.1; done
echo "schedulerd is running in sandbox mode (state in $STATE)"
step status

# Link accounts as a person would: schedctl prints the authorization URL and waits on 127.0.0.1
# for the browser; `schedctl sandbox approve` plays the browser.
link() {
  show accounts link "$@"
  schedctl accounts link "$@" > "$STATE/link.out" 2> "$STATE/link.err" &
  local pid=$!
  for _ in $(seq 1 100); do [ -s "$STATE/link.out" ] && break; sleep 0.1; done
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
step accounts list

step schedule "Easy 10k along the river this morning. Legs feel great!" --to x:@sandbox_user --at "in 3s"
step schedule "Sunday long run by the river #running" --to x:@sandbox_user facebook:@sandbox_user_s_running_club linkedin:@sandbox_user_sandbox instagram:@sandbox_user --at "in 4s" --media Tests/EndToEndTests/Fixtures/run-4x5.jpg --alt "Route along the river"
step schedule "Long run Sunday, who's in?" --to x:@sandbox_user --at "tomorrow 07:30" --tz Europe/Paris
step schedule "What X would receive" --to x:@sandbox_user --at "in 1h" --dry-run

printf '\nwaiting for the first two posts to go out'
for _ in $(seq 1 150); do
  [ "$(schedctl list --state published --json | grep -c '"state" : "published"')" -ge 5 ] && break
  printf '.'; sleep 0.2
done
echo
step sandbox received
step list --state published
step list --state pending
step history 2
step events --last 5
step pause x:@sandbox_user
step status
step resume
