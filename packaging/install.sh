#!/bin/sh
# Installs or uninstalls schedulerd: `make install` and `make uninstall` call this with the paths set.
#
#   packaging/install.sh install     copy what BINSRC and MANSRC hold into DESTDIR + PREFIX, SYSCONFDIR, …
#   packaging/install.sh uninstall   remove what install put there; an edited configuration and any secrets stay
#
# With DESTDIR empty and run as root it also creates the schedulerd system user (systemd-sysusers, else useradd)
# and reloads systemd; with DESTDIR set (a package being built, a test) the host's users and services are never
# touched: a package's postinst does that.
set -eu

: "${PREFIX:=/usr/local}"
: "${SYSCONFDIR:=/etc}"
: "${BINDIR:=$PREFIX/bin}"
: "${SBINDIR:=$BINDIR}"   # schedulerd; a package puts it in /usr/sbin, the daemons' place in Debian
: "${UNITDIR:=$PREFIX/lib/systemd/system}"
: "${SYSUSERSDIR:=$PREFIX/lib/sysusers.d}"
: "${TMPFILESDIR:=$PREFIX/lib/tmpfiles.d}"
: "${DATADIR:=$PREFIX/share}"
: "${MANDIR:=$DATADIR/man}"
: "${ZSHDIR:=$DATADIR/zsh/site-functions}"   # Debian's packages use $DATADIR/zsh/vendor-completions
: "${DOCDIR:=$DATADIR/doc/schedulerd}"
: "${DESTDIR:=}"
: "${BINSRC:=}"   # install: the directory holding the built schedulerd (schedctl and sandboxd are links to it)
: "${MANSRC:=}"   # install: the directory holding the generated schedctl.1, sandboxd.1 and schedulerd.8

CONFDIR="$SYSCONFDIR/schedulerd"
SECRETSDIR="$CONFDIR/secrets"
PROGRAMS="schedulerd schedctl sandboxd"
# One program, three names (Sources/schedulerd): schedulerd is the file; these are relative links to it.
LINKED="schedctl sandboxd"
MANPAGES="schedctl.1 sandboxd.1 schedulerd.8"
COMPLETED="schedctl schedulerd"
HERE=$(cd "$(dirname "$0")/.." && pwd)

# Whether this install may change the running system: a real root, not a staging directory.
on_host() { [ -z "$DESTDIR" ] && [ "$(id -u)" -eq 0 ]; }

# Where a program goes: the daemon in SBINDIR, the others in BINDIR.
program_dir() { if [ "$1" = schedulerd ]; then echo "$SBINDIR"; else echo "$BINDIR"; fi; }

# The files install lays down besides the configuration, one per line, without DESTDIR.
installed_files() {
    for p in $PROGRAMS; do echo "$(program_dir "$p")/$p"; done
    echo "$UNITDIR/schedulerd.service"
    echo "$SYSUSERSDIR/schedulerd.conf"
    echo "$TMPFILESDIR/schedulerd.conf"
    for c in $COMPLETED; do
        echo "$DATADIR/bash-completion/completions/$c"
        echo "$ZSHDIR/_$c"
        echo "$DATADIR/fish/vendor_completions.d/$c.fish"
    done
    for m in $MANPAGES; do echo "$MANDIR/man${m##*.}/$m"; done
    echo "$DOCDIR/README.md"
    for d in "$HERE"/docs/*.md; do echo "$DOCDIR/docs/${d##*/}"; done
    echo "$DOCDIR/schedulerd.toml.example"
}

create_user() {
    if command -v systemd-sysusers >/dev/null 2>&1; then
        systemd-sysusers "$SYSUSERSDIR/schedulerd.conf"
    elif ! getent passwd schedulerd >/dev/null 2>&1; then
        nologin=$(command -v nologin || echo /usr/sbin/nologin)
        useradd --system --user-group --home-dir /var/lib/schedulerd --no-create-home --shell "$nologin" \
            --comment "schedulerd daemon" schedulerd
    fi
}

do_install() {
    [ -n "$BINSRC" ] && [ -n "$MANSRC" ] || { echo "install: BINSRC and MANSRC must name the built programs and man pages" >&2; exit 2; }
    [ -x "$BINSRC/schedulerd" ] && [ ! -L "$BINSRC/schedulerd" ] \
        || { echo "install: $BINSRC/schedulerd is missing; build it first (make install builds it)" >&2; exit 1; }
    for m in $MANPAGES; do
        [ -f "$MANSRC/$m" ] || { echo "install: $MANSRC/$m is missing; make install generates it" >&2; exit 1; }
    done
    install -d -m 0755 "$DESTDIR$BINDIR" "$DESTDIR$SBINDIR" "$DESTDIR$UNITDIR" "$DESTDIR$SYSUSERSDIR" "$DESTDIR$TMPFILESDIR" \
        "$DESTDIR$DOCDIR" "$DESTDIR$DOCDIR/docs" "$DESTDIR$MANDIR/man1" "$DESTDIR$MANDIR/man8" "$DESTDIR$DATADIR/bash-completion/completions" \
        "$DESTDIR$ZSHDIR" "$DESTDIR$DATADIR/fish/vendor_completions.d"
    install -m 0755 "$BINSRC/schedulerd" "$DESTDIR$SBINDIR/schedulerd"
    target=$(realpath -m --relative-to="$BINDIR" "$SBINDIR/schedulerd")
    for p in $LINKED; do ln -sfn "$target" "$DESTDIR$BINDIR/$p"; done

    # The unit names the binaries and the configuration where they are installed.
    sed -e "s|/usr/local/bin/schedulerd|$SBINDIR/schedulerd|g" -e "s|/etc/schedulerd/|$CONFDIR/|g" \
        -e "s|file:///usr/local/share/doc/schedulerd/|file://$DOCDIR/|g" \
        "$HERE/systemd/schedulerd.service" > "$DESTDIR$UNITDIR/schedulerd.service"
    chmod 0644 "$DESTDIR$UNITDIR/schedulerd.service"
    install -m 0644 "$HERE/packaging/schedulerd.sysusers" "$DESTDIR$SYSUSERSDIR/schedulerd.conf"
    install -m 0644 "$HERE/packaging/schedulerd.tmpfiles" "$DESTDIR$TMPFILESDIR/schedulerd.conf"

    # Completions come from the argument parser of the binaries just installed, so they match them.
    for c in $COMPLETED; do
        "$DESTDIR$(program_dir "$c")/$c" --generate-completion-script bash > "$DESTDIR$DATADIR/bash-completion/completions/$c"
        "$DESTDIR$(program_dir "$c")/$c" --generate-completion-script zsh > "$DESTDIR$ZSHDIR/_$c"
        "$DESTDIR$(program_dir "$c")/$c" --generate-completion-script fish > "$DESTDIR$DATADIR/fish/vendor_completions.d/$c.fish"
        chmod 0644 "$DESTDIR$DATADIR/bash-completion/completions/$c" "$DESTDIR$ZSHDIR/_$c" \
            "$DESTDIR$DATADIR/fish/vendor_completions.d/$c.fish"
    done
    for m in $MANPAGES; do install -m 0644 "$MANSRC/$m" "$DESTDIR$MANDIR/man${m##*.}/$m"; done
    install -m 0644 "$HERE/README.md" "$DESTDIR$DOCDIR/README.md"
    # The guides the README links to, beside it as in the source tree, so its links work where it is installed.
    install -m 0644 "$HERE"/docs/*.md "$DESTDIR$DOCDIR/docs/"
    install -m 0644 "$HERE/config/schedulerd.toml" "$DESTDIR$DOCDIR/schedulerd.toml.example"

    if on_host; then create_user; fi
    # The configuration says which apps and files to use, no secret; still not for every local user to read.
    # Secrets: 0750 root:schedulerd, because the daemon (User=schedulerd) reads the *_secret_file paths itself;
    # root writes them, others cannot even list the names. Files put there: 0640 root:schedulerd.
    install -d -m 0755 "$DESTDIR$CONFDIR"
    install -d -m 0750 "$DESTDIR$SECRETSDIR"
    if [ -e "$DESTDIR$CONFDIR/schedulerd.toml" ]; then
        echo "install: kept your $DESTDIR$CONFDIR/schedulerd.toml; the current example is $DOCDIR/schedulerd.toml.example"
    else
        install -m 0640 "$HERE/config/schedulerd.toml" "$DESTDIR$CONFDIR/schedulerd.toml"
    fi
    if on_host && getent group schedulerd >/dev/null 2>&1; then
        chgrp schedulerd "$CONFDIR/schedulerd.toml" "$SECRETSDIR"
    fi
    if on_host && [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi

    echo "installed schedulerd into ${DESTDIR:-/} (PREFIX=$PREFIX)"
    if [ -z "$DESTDIR" ]; then
        echo "next: edit $CONFDIR/schedulerd.toml, put app secrets in $SECRETSDIR (0640 root:schedulerd),"
        echo "      schedulerd --check-config, then systemctl enable --now schedulerd"
    fi
}

do_uninstall() {
    if on_host && [ -d /run/systemd/system ]; then systemctl disable --now schedulerd.service 2>/dev/null || true; fi
    installed_files | while read -r f; do rm -f "$DESTDIR$f"; done
    rmdir "$DESTDIR$DOCDIR/docs" "$DESTDIR$DOCDIR" 2>/dev/null || true
    # Like a package removed but not purged: the configuration goes only if it is still the example.
    if [ -f "$DESTDIR$CONFDIR/schedulerd.toml" ]; then
        if cmp -s "$HERE/config/schedulerd.toml" "$DESTDIR$CONFDIR/schedulerd.toml"; then
            rm -f "$DESTDIR$CONFDIR/schedulerd.toml"
        else
            echo "uninstall: kept $DESTDIR$CONFDIR/schedulerd.toml: it was edited"
        fi
    fi
    if [ -d "$DESTDIR$SECRETSDIR" ] && ! rmdir "$DESTDIR$SECRETSDIR" 2>/dev/null; then
        echo "uninstall: kept $DESTDIR$SECRETSDIR: it holds secrets"
    fi
    rmdir "$DESTDIR$CONFDIR" 2>/dev/null || true
    if on_host && [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
    echo "uninstalled schedulerd from ${DESTDIR:-/} (PREFIX=$PREFIX)"
    if [ -z "$DESTDIR" ]; then
        echo "left as they are: the schedulerd user and /var/lib/schedulerd (posts, accounts, the credential key)"
    fi
}

case "${1:-}" in
    install) do_install ;;
    uninstall) do_uninstall ;;
    *) echo "usage: $0 install|uninstall" >&2; exit 2 ;;
esac
