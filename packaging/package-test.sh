#!/bin/sh
# `make package-test`: the .deb `make deb` built, installed and used where there is no Swift: a clean Debian 12 root made
# by debootstrap. Inside it: install with apt-get, --version, --check-config (the installed configuration, then a broken
# one as the unit's ExecStartPre runs it), the daemon in sandbox mode as the schedulerd user, an X sandbox account and a
# post published through schedctl, an upgrade to a newer package over the running daemon with a post scheduled in
# between, SIGTERM, purge, and what is left. Each step prints its time.
#
# The base root is cached as a tarball in .build/package-test (and the packages apt downloads beside it), so a second
# run skips the download. Needs root (chroot, mount); run by `make package-test`, which installs debootstrap.
set -eu

HERE=$(cd "$(dirname "$0")/.." && pwd)
: "${VERSION:?VERSION must be set (make package-test sets it)}"
: "${DIST:?DIST must name the built programs (make package-test sets it)}"
: "${MANSRC:?MANSRC must name the man pages (make package-test sets it)}"
CACHE="$HERE/.build/package-test"
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
TARBALL="$CACHE/$SUITE-minbase.tar.gz"
ARCH=$(dpkg --print-architecture)
DEB="$HERE/.build/deb/schedulerd_${VERSION}_${ARCH}.deb"
NEWER_VERSION="$VERSION+upgrade1"

[ "$(id -u)" -eq 0 ] || { echo "package-test: needs root (debootstrap, chroot, mount)" >&2; exit 1; }
[ -f "$DEB" ] || { echo "package-test: $DEB is missing; make package-test builds it with make deb" >&2; exit 1; }
mkdir -p "$CACHE/apt-archives/partial"
WORK=$(mktemp -d "$CACHE/run.XXXXXX")
ROOT="$WORK/root"
failures=0

cleanup() {
    for pidfile in "$ROOT/run/package-test.pid" "$ROOT/run/package-test-sandboxd.pid"; do
        if [ -f "$pidfile" ]; then kill -TERM "$(cat "$pidfile")" 2> /dev/null || true; fi
    done
    for mount in "$ROOT/var/cache/apt/archives" "$ROOT/dev" "$ROOT/proc"; do
        if mountpoint -q "$mount" 2> /dev/null; then umount -l "$mount" || true; fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

fail() { echo "package-test: FAIL: $*" >&2; failures=$((failures + 1)); }
# Runs a shell command inside the root, with a clean environment.
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    HOME=/root DEBIAN_FRONTEND=noninteractive /bin/sh -c "$1"; }
STEP_STARTED=0
step() { STEP_STARTED=$(date +%s.%N); printf 'package-test: %s … ' "$1"; }
done_step() { awk -v from="$STEP_STARTED" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f s\n", to - from }'; }
# Waits for a command inside the root to succeed, up to $2 seconds; a condition with a deadline, never a bare sleep.
wait_in_root() { # COMMAND SECONDS WHAT
    deadline=$(($(date +%s) + $2))
    until in_root "$1" > /dev/null 2>&1; do
        if [ "$(date +%s)" -ge "$deadline" ]; then
            fail "$3 did not happen within $2 s"
            in_root "cat /var/log/schedulerd-test.log" >&2 || true
            return 1
        fi
        sleep 0.2
    done
}

# 1. The base root: debootstrap's minbase, cached.
step "Debian $SUITE root"
if [ ! -f "$TARBALL" ]; then
    debootstrap --variant=minbase --make-tarball="$TARBALL.part" "$SUITE" "$WORK/tarball" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
        || { tail -20 "$WORK/debootstrap.log" >&2; echo "package-test: debootstrap could not download $SUITE from $MIRROR" >&2; exit 1; }
    mv "$TARBALL.part" "$TARBALL"
    rm -rf "$WORK/tarball"
fi
debootstrap --variant=minbase --unpack-tarball="$TARBALL" "$SUITE" "$ROOT" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
mount -t proc proc "$ROOT/proc"
mount --bind /dev "$ROOT/dev"
mount --bind "$CACHE/apt-archives" "$ROOT/var/cache/apt/archives"
[ ! -e "$ROOT/opt/swift" ] && ! in_root "command -v swift" > /dev/null || fail "the root has a Swift toolchain"
done_step

# 2. Install with apt-get, which fetches what Depends: names.
step "apt-get install ./$(basename "$DEB")"
cp "$DEB" "$ROOT/tmp/"
in_root "apt-get update -qq && apt-get install -y -qq ./tmp/$(basename "$DEB")" > "$WORK/install.log" 2>&1 \
    || { cat "$WORK/install.log" >&2; echo "package-test: apt-get install failed" >&2; exit 1; }
done_step

step "what the package installed"
for program in usr/sbin/schedulerd usr/bin/schedctl usr/bin/sandboxd; do
    [ -x "$ROOT/$program" ] || fail "/$program is missing"
    if readelf -d "$ROOT/$program" | grep -q 'R.*PATH'; then fail "/$program has a RUNPATH: $(readelf -d "$ROOT/$program" | grep 'R.*PATH')"; fi
    in_root "ldd /$program" > "$WORK/ldd" 2>&1 || fail "ldd /$program failed: $(cat "$WORK/ldd")"
    if grep -q "not found" "$WORK/ldd"; then fail "/$program needs libraries the package does not bring: $(grep 'not found' "$WORK/ldd" | tr '\n' ' ')"; fi
done
# One program, three names (issue 49): the two in /usr/bin are links to the daemon's file, not copies.
for link in schedctl sandboxd; do
    [ "$(readlink "$ROOT/usr/bin/$link")" = ../sbin/schedulerd ] || fail "/usr/bin/$link is not a link to ../sbin/schedulerd: $(ls -l "$ROOT/usr/bin/$link")"
done
getent_user=$(in_root "getent passwd schedulerd" || true)
[ -n "$getent_user" ] || fail "the schedulerd user was not created"
# Owners by name as the root's own passwd has them, so stat runs inside it.
expect_mode() { # PATH "MODE OWNER GROUP"
    found=$(in_root "stat -c '%a %U %G' $1" 2> /dev/null || echo missing)
    [ "$found" = "$2" ] || fail "$1 is '$found', expected '$2'"
}
expect_mode /var/lib/schedulerd "700 schedulerd schedulerd"
expect_mode /run/schedulerd "750 schedulerd schedulerd"
expect_mode /etc/schedulerd/schedulerd.toml "640 root schedulerd"
expect_mode /etc/schedulerd/secrets "750 root schedulerd"
grep -qx "/etc/schedulerd/schedulerd.toml" "$ROOT/var/lib/dpkg/info/schedulerd.conffiles" || fail "the configuration is not a conffile"
in_root "dpkg -L schedulerd" > "$WORK/files"
done_step

# 3. The programs run, and say which build they are.
step "schedulerd --version"
version=$(in_root "schedulerd --version")
case "$version" in "$VERSION (commit "*", built "*")") ;; *) fail "schedulerd --version says '$version', expected '$VERSION (commit …, built …)'" ;; esac
in_root "schedctl --version && sandboxd --version" > /dev/null || fail "schedctl or sandboxd --version failed"
done_step

step "schedulerd --check-config (the installed configuration)"
in_root "schedulerd --check-config --config /etc/schedulerd/schedulerd.toml" > "$WORK/check.log" 2>&1 || fail "--check-config refused the installed configuration: $(cat "$WORK/check.log")"
# The unit's own ExecStartPre, run on a broken configuration: 78, with the line and what is wrong.
pre=$(sed -n 's/^ExecStartPre=//p' "$ROOT/lib/systemd/system/schedulerd.service")
[ -n "$pre" ] || fail "the unit has no ExecStartPre"
cp "$ROOT/etc/schedulerd/schedulerd.toml" "$WORK/good.toml"
printf 'state_dir = \n' >> "$ROOT/etc/schedulerd/schedulerd.toml"
set +e; in_root "$pre" > "$WORK/broken.log" 2>&1; status=$?; set -e
[ "$status" -eq 78 ] || fail "ExecStartPre on a broken configuration exited $status, expected 78 (EX_CONFIG)"
grep -q "configuration error: /etc/schedulerd/schedulerd.toml:" "$WORK/broken.log" || fail "the broken configuration's message does not name the file and line: $(cat "$WORK/broken.log")"
cp "$WORK/good.toml" "$ROOT/etc/schedulerd/schedulerd.toml"
done_step

# 4. The daemon as the schedulerd user, in sandbox mode, and one post through schedctl. The emulations run as a process
# of their own (sandboxd, from the package too), not as the daemon's child: they keep what they issued and received
# when the daemon restarts for the upgrade below, as the real networks would.
step "sandboxd and schedulerd started, as nobody and as the schedulerd user"
in_root "setsid runuser -u nobody -- sandboxd > /var/log/sandboxd-test.log 2>&1 < /dev/null & echo \$! > /run/package-test-sandboxd.pid"
wait_in_root "grep -q '^sandboxd listening ' /var/log/sandboxd-test.log" 30 "sandboxd announcing its URLs"
set -- $(grep '^sandboxd listening ' "$ROOT/var/log/sandboxd-test.log")
x_url=$3; facebook_url=${4#facebook=}; linkedin_url=${5#linkedin=}
cat > "$ROOT/etc/schedulerd/sandbox.toml" <<TOML
sandbox = true
state_dir = "/var/lib/schedulerd"
socket = "/run/schedulerd/control.sock"
timezone = "Europe/Paris"
[networks.x]
api_base_url = "$x_url"
[networks.facebook]
graph_base_url = "$facebook_url"
[networks.linkedin]
api_base_url = "$linkedin_url"
TOML
chmod 0640 "$ROOT/etc/schedulerd/sandbox.toml"
in_root "chgrp schedulerd /etc/schedulerd/sandbox.toml"
start_daemon() {
    in_root "rm -f /run/package-test.pid; setsid runuser -u schedulerd -- schedulerd --config /etc/schedulerd/sandbox.toml \
        >> /var/log/schedulerd-test.log 2>&1 < /dev/null & echo \$! > /run/package-test.pid"
    wait_in_root "schedctl status" 30 "the daemon answering on /run/schedulerd/control.sock"
}
start_daemon
expect_mode /var/lib/schedulerd/schedulerd.sqlite "600 schedulerd schedulerd"
done_step

step "an X sandbox account linked and a post published through schedctl"
in_root "schedctl sandbox token x --username runner | schedctl accounts add x" > "$WORK/link.log" 2>&1 || fail "linking x:@runner failed: $(cat "$WORK/link.log")"
in_root "schedctl schedule 'Package test: first post' --to x:@runner --at 'in 1s'" > /dev/null || fail "scheduling failed"
wait_in_root "schedctl list --state published --json | grep -q 'Package test: first post'" 30 "the first post being published"
in_root "schedctl sandbox records received --json" | grep -q "Package test: first post" || fail "the sandbox X did not receive the first post"
done_step

# 5. An upgrade over the running daemon: a post scheduled before, the newer package installed, one restart, the post
# published once after it and the first still there. Without systemd in the root, a systemctl that records its calls
# stands in (dpkg runs maintainer scripts with a PATH of its own, so it goes in /usr/bin, where systemd's would be); the
# real deb-systemd-invoke calls it, and its try-restart does what systemd's would: SIGTERM, then start the new programs.
step "upgrade to $NEWER_VERSION over the running daemon"
LINTIAN=skip DEB_COMPRESSION=none DEB_OUT="$WORK/newer" DIST="$DIST" MANSRC="$MANSRC" VERSION="$NEWER_VERSION" "$HERE/packaging/deb/build-deb.sh" > "$WORK/newer.log" 2>&1 \
    || { cat "$WORK/newer.log" >&2; exit 1; }
mkdir -p "$ROOT/run/systemd/system"
[ ! -e "$ROOT/usr/bin/systemctl" ] || fail "the root has a systemctl of its own; the stand-in would replace it"
cat > "$ROOT/usr/bin/systemctl" <<'STUB'
#!/bin/sh
echo "systemctl $*" >> /var/log/systemd-calls.log
if [ "$1" = try-restart ] && [ "$2" = schedulerd.service ] && [ -f /run/package-test.pid ] && kill -0 "$(cat /run/package-test.pid)" 2> /dev/null; then
    pid=$(cat /run/package-test.pid)
    kill -TERM "$pid"
    while kill -0 "$pid" 2> /dev/null; do sleep 0.1; done
    setsid runuser -u schedulerd -- schedulerd --config /etc/schedulerd/sandbox.toml >> /var/log/schedulerd-test.log 2>&1 < /dev/null &
    echo $! > /run/package-test.pid
fi
exit 0
STUB
chmod 0755 "$ROOT/usr/bin/systemctl"
old_pid=$(cat "$ROOT/run/package-test.pid")
in_root "schedctl schedule 'Package test: scheduled before the upgrade' --to x:@runner --at 'in 20s'" > /dev/null || fail "scheduling before the upgrade failed"
cp "$WORK/newer/schedulerd_${NEWER_VERSION}_${ARCH}.deb" "$ROOT/tmp/"
in_root "apt-get install -y -qq ./tmp/schedulerd_${NEWER_VERSION}_${ARCH}.deb" > "$WORK/upgrade.log" 2>&1 \
    || { cat "$WORK/upgrade.log" >&2; fail "apt-get install of the newer package failed"; }
[ "$(in_root "dpkg-query -W -f='\${Version}' schedulerd")" = "$NEWER_VERSION" ] || fail "the newer package is not the one installed"
restarts=$(grep -c "^systemctl try-restart schedulerd.service$" "$ROOT/var/log/systemd-calls.log" 2> /dev/null || echo 0)
[ "$restarts" = 1 ] || { fail "the upgrade asked for $restarts restarts, expected exactly 1; systemd calls: $(cat "$ROOT/var/log/systemd-calls.log" 2> /dev/null || echo none)"; cat "$WORK/upgrade.log" >&2; }
[ "$(cat "$ROOT/run/package-test.pid")" != "$old_pid" ] || fail "the daemon was not restarted by the upgrade"
wait_in_root "schedctl status" 30 "the restarted daemon answering"
wait_in_root "schedctl list --state published --json | grep -q 'scheduled before the upgrade'" 60 "the post scheduled before the upgrade being published"
in_root "schedctl sandbox records received --json" > "$WORK/received.json"
posts=$(python3 -c 'import json, sys; print(sum(1 for r in json.load(open(sys.argv[1])) if r.get("kind") == "post" and r.get("text") == sys.argv[2]))' \
    "$WORK/received.json" "Package test: scheduled before the upgrade")
[ "$posts" = 1 ] || fail "the sandbox X received the post scheduled before the upgrade $posts times, expected once"
[ "$(in_root "schedctl list --state published --json" | grep -o 'Package test: ' | wc -l)" -eq 2 ] || fail "after the upgrade, published are not exactly the two posts"
[ ! -s "$ROOT/etc/schedulerd/schedulerd.toml.dpkg-dist" ] || fail "the upgrade left a .dpkg-dist beside an unchanged configuration"
done_step

# 6. SIGTERM: a clean stop.
step "SIGTERM"
pid=$(cat "$ROOT/run/package-test.pid")
kill -TERM "$pid"
deadline=$(($(date +%s) + 30))
while kill -0 "$pid" 2> /dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || { fail "the daemon did not stop within 30 s of SIGTERM"; break; }
    sleep 0.1
done
grep -q "schedulerd stopped" "$ROOT/var/log/schedulerd-test.log" || fail "the daemon's log does not say it stopped"
rm -f "$ROOT/run/package-test.pid"
done_step

# 7. Purge: the package's files, the state and the configuration go; the user stays, as Debian leaves system users.
step "apt-get purge schedulerd"
rm -f "$ROOT/etc/schedulerd/sandbox.toml"   # this test's own file: purge leaves what an administrator added
kill -TERM "$(cat "$ROOT/run/package-test-sandboxd.pid")" 2> /dev/null || true
rm -f "$ROOT/run/package-test-sandboxd.pid"
in_root "apt-get purge -y -qq schedulerd" > "$WORK/purge.log" 2>&1 || { cat "$WORK/purge.log" >&2; fail "apt-get purge failed"; }
left=""
while read -r path; do
    [ -d "$ROOT$path" ] && continue
    [ -e "$ROOT$path" ] && left="$left $path"
done < "$WORK/files"
[ -z "$left" ] || fail "purge left the package's files:$left"
for path in /var/lib/schedulerd /etc/schedulerd /run/schedulerd; do
    [ ! -e "$ROOT$path" ] || fail "purge left $path: $(find "$ROOT$path" | head -5 | tr '\n' ' ')"
done
in_root "getent passwd schedulerd" > /dev/null || fail "purge removed the schedulerd user (Debian leaves system users)"
done_step

if [ "$failures" -gt 0 ]; then
    echo "package-test: $failures problem(s)" >&2
    exit 1
fi
echo "package-test: schedulerd_${VERSION}_${ARCH}.deb installed, ran as the schedulerd user, published, upgraded with one restart, stopped and purged in a Debian $SUITE root without Swift"
