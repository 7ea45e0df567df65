#!/usr/bin/env python3
"""Writes Sources/NetworkRules/X/TwitterText/XTopLevelDomains.swift from twitter-text's tld_lib.yml.

X counts a URL written without a scheme only when its host ends in a known top-level domain, so the
daemon needs the list at run time, where the conformance folder is not available.

Usage: python3 scripts/generate-x-tlds.py [TLD_LIB_YML] [OUTPUT_SWIFT]
Defaults: ../shared/conformance/twitter-text/tld_lib.yml and the Swift file above, both relative
to the repository root. Only the standard library is used; tld_lib.yml is a flat two-section list
(`country:` and `generic:`, one `- name` per line, a few names quoted), read here by hand.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_INPUT = ROOT.parent / "shared" / "conformance" / "twitter-text" / "tld_lib.yml"
DEFAULT_OUTPUT = ROOT / "Sources" / "NetworkRules" / "X" / "TwitterText" / "XTopLevelDomains.swift"
SECTIONS = ("country", "generic")
PER_LINE = 8


def unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def read_sections(path: pathlib.Path) -> dict:
    sections = {}
    current = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line == "---" or line.startswith("#"):
            continue
        if line.endswith(":") and not line.startswith("-"):
            current = line[:-1]
            sections[current] = []
        elif line.startswith("- ") and current is not None:
            sections[current].append(unquote(line[2:].strip()))
        else:
            sys.exit(f"{path}:{number}: unexpected line {raw!r}")
    return sections


def check(sections: dict, path: pathlib.Path) -> None:
    if sorted(sections) != sorted(SECTIONS):
        sys.exit(f"{path}: expected sections {SECTIONS}, found {sorted(sections)}")
    for name, tlds in sections.items():
        if not tlds:
            sys.exit(f"{path}: section {name} is empty")
        for tld in tlds:
            if not tld or any(c.isspace() or c in "\\\"." for c in tld) or tld != tld.lower():
                sys.exit(f"{path}: {name} has an entry that cannot be a lower-case TLD: {tld!r}")


def swift_array(name: str, doc: str, tlds: list) -> str:
    lines = [f"    /// {doc}", f"    static let {name}: [String] = ["]
    for start in range(0, len(tlds), PER_LINE):
        chunk = tlds[start:start + PER_LINE]
        lines.append("        " + ", ".join(f'"{tld}"' for tld in chunk) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def render(sections: dict) -> str:
    country, generic = sections["country"], sections["generic"]
    return "\n".join([
        "// GENERATED FILE, do not edit. Regenerate from the repository root with:",
        "//     python3 scripts/generate-x-tlds.py",
        "// Source: twitter-text conformance/tld_lib.yml (Apache License 2.0, Copyright 2018 Twitter, Inc.),",
        "// kept in ../shared/conformance/twitter-text/. Order is the file's order, which the URL pattern keeps.",
        "",
        "/// Top-level domains that make a host without a scheme count as a URL on X.",
        "enum XTopLevelDomains {",
        swift_array("country", f"Country-code TLDs ({len(country)}), including internationalised ones.", country),
        "",
        swift_array("generic", f"Generic TLDs ({len(generic)}).", generic),
        "}",
        "",
    ])


def main() -> None:
    source = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_INPUT
    target = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_OUTPUT
    sections = read_sections(source)
    check(sections, source)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(sections), encoding="utf-8")
    counts = ", ".join(f"{len(sections[name])} {name}" for name in SECTIONS)
    print(f"wrote {target} ({counts})")


if __name__ == "__main__":
    main()
