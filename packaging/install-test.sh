#!/bin/sh
# `make install-test` (part of `make test`): installs the debug build into a scratch root with DESTDIR, checks that
# every file is where a user, systemd, man and the shells look for it, with the right modes and nothing else, then
# that `make uninstall` removes it all but an edited configuration and the secrets. The host is never touched:
# every install and uninstall here has DESTDIR set.
set -eu

HERE=$(cd "$(dirname "$0")/.." && pwd)
MAKE=${MAKE:-make}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/schedulerd-install-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/root"
SAVED="$WORK/built"
failures=0

fail() { echo "install-test: FAIL: $*" >&2; failures=$((failures + 1)); }
expect_mode() { # PATH MODE
    if [ ! -e "$ROOT$1" ]; then fail "$1 is missing"; return; fi
    mode=$(stat -c %a "$ROOT$1")
    [ "$mode" = "$2" ] || fail "$1 has mode $mode, expected $2"
}
expect_contains() { # PATH TEXT
    grep -qF -- "$2" "$ROOT$1" 2>/dev/null || fail "$1 does not contain '$2'"
}
files_in() { (cd "$1" && find . \( -type f -o -type l \) | sed 's|^\.||' | sort); }
# The installs after the first reuse what it copied instead of building again.
reinstall() { # DESTDIR [VAR=VALUE…]
    dest=$1; shift
    env DESTDIR="$dest" BINSRC="$SAVED/bin" MANSRC="$SAVED/man" "$@" "$HERE/packaging/install.sh" install
}

user_before=$(getent passwd schedulerd || true)

"$MAKE" -s -C "$HERE" install BUILD=debug DESTDIR="$ROOT" > "$WORK/install.log" 2>&1 || { cat "$WORK/install.log" >&2; exit 1; }

# path mode, for every file and directory install lays down (PREFIX=/usr/local, SYSCONFDIR=/etc).
expected="/usr/local/bin/schedulerd 755
/usr/local/lib/systemd/system/schedulerd.service 644
/usr/local/lib/sysusers.d/schedulerd.conf 644
/usr/local/lib/tmpfiles.d/schedulerd.conf 644
/usr/local/share/bash-completion/completions/schedctl 644
/usr/local/share/bash-completion/completions/schedulerd 644
/usr/local/share/zsh/site-functions/_schedctl 644
/usr/local/share/zsh/site-functions/_schedulerd 644
/usr/local/share/fish/vendor_completions.d/schedctl.fish 644
/usr/local/share/fish/vendor_completions.d/schedulerd.fish 644
/usr/local/share/man/man1/schedctl.1 644
/usr/local/share/man/man1/sandboxd.1 644
/usr/local/share/man/man8/schedulerd.8 644
/usr/local/share/doc/schedulerd/README.md 644
/usr/local/share/doc/schedulerd/schedulerd.toml.example 644
/etc/schedulerd/schedulerd.toml 640"
# The guides the README links to, each beside it under docs/ (issue 27).
for guide in "$HERE"/docs/*.md; do expected="$expected
/usr/local/share/doc/schedulerd/docs/${guide##*/} 644"; done
while read -r path mode; do expect_mode "$path" "$mode"; done <<LIST
$expected
LIST
expect_mode /etc/schedulerd 755
expect_mode /etc/schedulerd/secrets 750

# One program, three names: schedctl and sandboxd are links to schedulerd, not copies of it (issue 49).
for link in schedctl sandboxd; do
    [ -L "$ROOT/usr/local/bin/$link" ] && [ "$(readlink "$ROOT/usr/local/bin/$link")" = schedulerd ] \
        || fail "/usr/local/bin/$link is not a link to schedulerd: $(ls -l "$ROOT/usr/local/bin/$link" 2>&1)"
done

# Nothing else: every file in the scratch root is one of the expected ones.
{ echo "$expected" | awk '{ print $1 }'; echo /usr/local/bin/schedctl; echo /usr/local/bin/sandboxd; } | sort > "$WORK/expected"
files_in "$ROOT" > "$WORK/found"
extra=$(comm -23 "$WORK/found" "$WORK/expected" | tr '\n' ' ')
[ -z "$extra" ] || fail "install put files nobody expects: $extra"

"$ROOT/usr/local/bin/schedctl" --help | grep -q "USAGE: schedctl" || fail "the installed schedctl does not run as schedctl"
"$ROOT/usr/local/bin/sandboxd" --help | grep -q "USAGE: sandboxd" || fail "the installed sandboxd does not run as sandboxd"
"$ROOT/usr/local/bin/schedulerd" --help > /dev/null || fail "the installed schedulerd does not run"
# Self-contained: the Swift runtime and Foundation are linked in, so nothing points into the toolchain (issue 26).
for p in schedulerd; do
    if readelf -d "$ROOT/usr/local/bin/$p" | grep -q 'R.*PATH'; then fail "$p has a RUNPATH: $(readelf -d "$ROOT/usr/local/bin/$p" | grep 'R.*PATH')"; fi
    if ldd "$ROOT/usr/local/bin/$p" | grep -q -i swift; then fail "$p needs a Swift library: $(ldd "$ROOT/usr/local/bin/$p" | grep -i swift | tr '\n' ' ')"; fi
done
unit=/usr/local/lib/systemd/system/schedulerd.service
expect_contains $unit "ExecStart=/usr/local/bin/schedulerd --config /etc/schedulerd/schedulerd.toml"
expect_contains $unit "ExecStartPre=/usr/local/bin/schedulerd --check-config --config /etc/schedulerd/schedulerd.toml"
expect_contains $unit "User=schedulerd"
expect_contains /usr/local/lib/sysusers.d/schedulerd.conf "u schedulerd - "
expect_contains /usr/local/lib/tmpfiles.d/schedulerd.conf "d /var/lib/schedulerd 0700 schedulerd schedulerd -"
expect_contains /usr/local/share/bash-completion/completions/schedctl "complete -o filenames -F _schedctl schedctl"
expect_contains /usr/local/share/bash-completion/completions/schedulerd "_schedulerd"
expect_contains /usr/local/share/zsh/site-functions/_schedctl "#compdef schedctl"
expect_contains /usr/local/share/zsh/site-functions/_schedulerd "#compdef schedulerd"
expect_contains /usr/local/share/fish/vendor_completions.d/schedctl.fish "complete -c 'schedctl'"
expect_contains /usr/local/share/fish/vendor_completions.d/schedulerd.fish "complete -c 'schedulerd'"
expect_contains /usr/local/share/man/man1/schedctl.1 ".Dt SCHEDCTL 1"
expect_contains /usr/local/share/man/man1/schedctl.1 "accounts"
expect_contains /usr/local/share/man/man8/schedulerd.8 ".Dt SCHEDULERD 8"
expect_contains /usr/local/share/man/man8/schedulerd.8 "check-config"
cmp -s "$HERE/config/schedulerd.toml" "$ROOT/etc/schedulerd/schedulerd.toml" || fail "/etc/schedulerd/schedulerd.toml is not the example"
if command -v mandoc > /dev/null 2>&1; then
    mandoc -T lint -W error "$ROOT/usr/local/share/man/man1/schedctl.1" "$ROOT/usr/local/share/man/man1/sandboxd.1" \
        "$ROOT/usr/local/share/man/man8/schedulerd.8" \
        || fail "mandoc finds errors in the man pages"
fi
[ "$(getent passwd schedulerd || true)" = "$user_before" ] || fail "install with DESTDIR changed the host's users"

mkdir -p "$SAVED/bin" "$SAVED/man"
cp -P "$ROOT/usr/local/bin/"* "$SAVED/bin/"
cp "$ROOT/usr/local/share/man/man1/schedctl.1" "$ROOT/usr/local/share/man/man1/sandboxd.1" "$ROOT/usr/local/share/man/man8/schedulerd.8" "$SAVED/man/"

# Another PREFIX: the unit follows the binaries there.
reinstall "$WORK/other" PREFIX=/opt/schedulerd > /dev/null
grep -qF "ExecStart=/opt/schedulerd/bin/schedulerd --config /etc/schedulerd/schedulerd.toml" \
    "$WORK/other/opt/schedulerd/lib/systemd/system/schedulerd.service" \
    || fail "with PREFIX=/opt/schedulerd the unit does not start /opt/schedulerd/bin/schedulerd"
[ -x "$WORK/other/opt/schedulerd/bin/schedctl" ] && [ "$(readlink "$WORK/other/opt/schedulerd/bin/schedctl")" = schedulerd ] || fail "with PREFIX=/opt/schedulerd schedctl is not in /opt/schedulerd/bin"

# A missing man page stops the install before anything is copied.
mkdir -p "$WORK/no-man"
if env DESTDIR="$WORK/stopped" BINSRC="$SAVED/bin" MANSRC="$WORK/no-man" "$HERE/packaging/install.sh" install > /dev/null 2>&1; then
    fail "install went on without the man pages"
fi
[ ! -e "$WORK/stopped" ] || fail "an install that stopped left files behind"

# Installing again keeps an edited configuration.
echo 'log_format = "json"' >> "$ROOT/etc/schedulerd/schedulerd.toml"
cp "$ROOT/etc/schedulerd/schedulerd.toml" "$WORK/edited.toml"
reinstall "$ROOT" > /dev/null || fail "a second install failed"
cmp -s "$WORK/edited.toml" "$ROOT/etc/schedulerd/schedulerd.toml" || fail "a second install overwrote the edited configuration"

# Uninstall: everything goes but the edited configuration and a secret put in place.
echo "not-a-real-secret" > "$ROOT/etc/schedulerd/secrets/x-consumer-secret"
"$MAKE" -s -C "$HERE" uninstall DESTDIR="$ROOT" > /dev/null 2>&1 || fail "make uninstall failed"
left=$(files_in "$ROOT" | tr '\n' ' ')
[ "$left" = "/etc/schedulerd/schedulerd.toml /etc/schedulerd/secrets/x-consumer-secret " ] \
    || fail "uninstall should leave only the edited configuration and the secret; left: $left"

# With the configuration as installed and no secret, nothing is left at all.
rm -f "$ROOT/etc/schedulerd/secrets/x-consumer-secret" "$ROOT/etc/schedulerd/schedulerd.toml"
reinstall "$ROOT" > /dev/null || fail "install after uninstall failed"
env DESTDIR="$ROOT" "$HERE/packaging/install.sh" uninstall > /dev/null || fail "uninstall failed"
left=$(files_in "$ROOT" | tr '\n' ' ')
[ -z "$left" ] || fail "uninstall left files: $left"
[ ! -d "$ROOT/etc/schedulerd" ] || fail "uninstall left /etc/schedulerd"

if [ "$failures" -gt 0 ]; then
    echo "install-test: $failures problem(s)" >&2
    exit 1
fi
echo "install-test: make install DESTDIR=… laid out every file with its mode and nothing else; make uninstall removed them"
