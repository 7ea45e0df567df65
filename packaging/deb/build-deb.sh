#!/bin/sh
# `make deb`: builds .build/deb/schedulerd_VERSION_ARCH.deb from the programs `make dist` made (DIST) and the man pages
# `make man` made (MANSRC). The tree is laid out by packaging/install.sh, so the package and `make install` put the
# same files in the same places (Debian's: the daemon in /usr/sbin, the unit in /lib/systemd/system, zsh completions
# in vendor-completions), then compressed and described as Debian policy asks. Depends: comes from dpkg-shlibdeps.
set -eu

HERE=$(cd "$(dirname "$0")/../.." && pwd)
: "${DIST:?DIST must name the directory of the built programs (make deb sets it)}"
: "${MANSRC:?MANSRC must name the directory of the man pages (make deb sets it)}"
: "${VERSION:?VERSION must be set (make deb sets it from the VERSION file)}"
OUT="${DEB_OUT:-$HERE/.build/deb}"

missing=""
for tool in dpkg-deb dpkg-shlibdeps dpkg-gencontrol; do command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"; done
if [ -n "$missing" ]; then
    echo "make deb: missing$missing; install Debian's dpkg-dev: sudo apt-get install dpkg-dev" >&2
    exit 1
fi
ARCH=$(dpkg --print-architecture)
DEB="$OUT/schedulerd_${VERSION}_${ARCH}.deb"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/schedulerd-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/root"

env DESTDIR="$ROOT" PREFIX=/usr SYSCONFDIR=/etc SBINDIR=/usr/sbin UNITDIR=/lib/systemd/system \
    ZSHDIR=/usr/share/zsh/vendor-completions BINSRC="$DIST" MANSRC="$MANSRC" \
    "$HERE/packaging/install.sh" install > /dev/null

# Debian policy 12.3: man pages and documentation compressed with gzip -9n; the copyright and a changelog in the doc folder.
DOC="$ROOT/usr/share/doc/schedulerd"
find "$ROOT/usr/share/man" -type f -exec gzip -9n {} +
gzip -9n "$DOC/README.md" "$DOC"/docs/*.md
sed -i "s|file:///usr/share/doc/schedulerd/README.md|file:///usr/share/doc/schedulerd/README.md.gz|" "$ROOT/lib/systemd/system/schedulerd.service"
install -m 0644 "$HERE/packaging/deb/copyright" "$DOC/copyright"
# bash sources completions; a #! line on them only misleads (lintian: bash-completion-with-hashbang).
sed -i '1{/^#!/d}' "$ROOT/usr/share/bash-completion/completions/"*
# The two modes lintian would warn of are meant: the configuration and the secrets are the daemon's group's alone.
install -d -m 0755 "$ROOT/usr/share/lintian/overrides"
install -m 0644 "$HERE/packaging/deb/lintian-overrides" "$ROOT/usr/share/lintian/overrides/schedulerd"
DATE=$(git -C "$HERE" log -1 --format=%aD 2>/dev/null || date -R)
COMMIT=$(git -C "$HERE" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
cat > "$WORK/changelog" <<CHANGES
schedulerd ($VERSION) unstable; urgency=medium

  * Built from commit $COMMIT; the git history says what changed.

 -- schedulerd maintainers <maintainers@schedulerd.example.org>  $DATE
CHANGES
gzip -9n -c "$WORK/changelog" > "$DOC/changelog.gz"
chmod 0644 "$DOC/changelog.gz"

# The control file, with Depends: computed from the program's own NEEDED entries (schedctl and sandboxd link to it).
install -d -m 0755 "$ROOT/DEBIAN" "$WORK/debian"
cp "$HERE/packaging/deb/control" "$WORK/debian/control"
cp "$WORK/changelog" "$WORK/debian/changelog"
(cd "$WORK" && dpkg-shlibdeps -T"debian/substvars" -e"root/usr/sbin/schedulerd" 2> "$WORK/shlibdeps.log") \
    || { cat "$WORK/shlibdeps.log" >&2; echo "make deb: dpkg-shlibdeps could not compute the dependencies" >&2; exit 1; }
(cd "$WORK" && dpkg-gencontrol -v"$VERSION" -c"debian/control" -l"debian/changelog" -T"debian/substvars" -P"root" -O > "$ROOT/DEBIAN/control")
# dpkg-gencontrol writes the installed size of the tree; conffiles and the maintainer scripts follow.
echo "/etc/schedulerd/schedulerd.toml" > "$ROOT/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m 0755 "$HERE/packaging/deb/$script" "$ROOT/DEBIAN/$script"; done
(cd "$ROOT" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort | xargs md5sum) > "$ROOT/DEBIAN/md5sums"
chmod 0644 "$ROOT/DEBIAN/control" "$ROOT/DEBIAN/conffiles" "$ROOT/DEBIAN/md5sums"

mkdir -p "$OUT"
rm -f "$OUT"/schedulerd_*.deb
# xz for a release; a debug build's 300 MB compress in a quarter of the time with gzip.
if [ "${BUILD:-release}" = debug ]; then default_compression=gzip; else default_compression=xz; fi
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-$default_compression}" --build "$ROOT" "$DEB" > /dev/null
echo "built $DEB ($(du -h "$DEB" | cut -f1)); $(grep '^Depends:' "$ROOT/DEBIAN/control")"

if [ "${LINTIAN:-}" = skip ]; then
    echo "lintian: skipped (LINTIAN=skip)"
elif command -v lintian >/dev/null 2>&1; then
    # Errors fail the build; warnings and notes are printed (docs/install.md explains those left).
    lintian --tag-display-limit 0 "$DEB" > "$WORK/lintian.log" 2>&1 || true
    cat "$WORK/lintian.log"
    if grep -q '^E:' "$WORK/lintian.log"; then echo "make deb: lintian found errors (above)" >&2; exit 1; fi
    echo "lintian: no errors"
else
    echo "lintian is not installed (sudo apt-get install lintian); the package was not checked"
fi
