#!/bin/sh
# Links the one program as it is installed: the Swift runtime and Foundation (with ICU's data) linked in, no RUNPATH.
#
#   packaging/link-static.sh CONFIG OUT     CONFIG: debug or release (what `swift build -c CONFIG` built); OUT: the file
#
# The objects are the ones `swift build` compiled for the tests and benchmarks, not a second build: this reruns the
# link SwiftPM ran for schedulerd (read from its build manifest, .build/CONFIG.yaml) with `-static-stdlib`, without
# `$ORIGIN`, and with the archives the toolchain's static Foundation needs that objects compiled for dynamic linking do
# not name. SwiftPM's own `--static-swift-stdlib` is not used here: it recompiles some modules for static linking in
# the same folder, after which the tests' dynamic link fails, since SwiftPM does not rebuild them when only that flag
# changes back. A missing archive shows as an undefined reference at this link, never at run time.
set -eu
CONFIG=$1
OUT=$2
mkdir -p "$(dirname "$OUT")"
HERE=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$HERE" && ${SWIFT:-swift} build -c "$CONFIG" --show-bin-path)
TRIPLE=$(basename "$(dirname "$BIN")")
MANIFEST="$HERE/.build/$CONFIG.yaml"
[ -f "$MANIFEST" ] && [ -x "$BIN/schedulerd" ] \
    || { echo "link-static: build schedulerd first (swift build -c $CONFIG --product schedulerd): no $MANIFEST or $BIN/schedulerd" >&2; exit 1; }
python3 - "$MANIFEST" "C.schedulerd-$TRIPLE-$CONFIG.exe" "$OUT" <<'PYTHON'
import json, subprocess, sys
manifest, command, out = sys.argv[1:]
lines = open(manifest, encoding="utf-8").read().split("\n")
start = lines.index(f'  "{command}":')
args = json.loads(next(line for line in lines[start:] if line.strip().startswith("args: ")).strip()[len("args: "):])
linked = []
skip = 0
for index, arg in enumerate(args):
    if skip:
        skip -= 1
        continue
    if arg == "-o":
        linked += ["-o", out]
        skip = 1
    elif arg == "-Xlinker" and index + 1 < len(args) and args[index + 1].startswith("-rpath="):
        skip = 1
    else:
        linked.append(arg)
# What libFoundation.a, libFoundationXML.a and their Swift parts need, in the order the linker resolves them.
extras = ["CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "FoundationEssentials",
          "FoundationInternationalization", "swiftSynchronization", "FoundationXML", "_CFXMLInterface", "xml2", "stdc++"]
linked += ["-static-stdlib"] + [flag for name in extras for flag in ("-Xlinker", "-l" + name)]
sys.exit(subprocess.run(linked).returncode)
PYTHON
