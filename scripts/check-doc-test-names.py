#!/usr/bin/env python3
"""Checks the test names and the local links that README.md and docs/*.md cite (issue 27), and that
docs/architecture.md lists every route of the control API (issue 49).

Test names are read from inline code spans (`...`), outside fenced code blocks:
  - a suite, `CrashRecoveryTests`: a `struct`, `class`, `enum` or `actor` of that name under Tests/ (a test target's
    folder, such as `EndToEndTests`, counts too);
  - a suite and a function, `Suite.function` or `Suite/function`: the suite as above, and a `func function` in a file
    that declares or extends the suite; `Suite.*` names the whole suite;
  - a function alone, `sigkillWhilePublishing_leavesEveryPostPublishedExactlyOnce` (camelCase with an underscore): a
    `func` of that name anywhere under Tests/.
A function ending in `…`, `...` or `*` is a prefix: some function must start with it. A name that is not found is
listed as FILE:LINE: NAME and the script exits 1.

Links: every Markdown link to a local file ([text](path) and [text](path#anchor)) must name a file or folder that
exists, relative to the page; an anchor must be a heading of the page it points into (GitHub's slugs).
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "Tests"

SPAN = re.compile(r"`([^`\n]+)`")
# Suite, then optionally .function or /function (a prefix may end in …, ... or *), or .* for the whole suite.
SUITE_REF = re.compile(r"(?<![\w/.])([A-Z]\w*Tests)(?:(?:\.|/)(\*|[a-z]\w*(?:…|\.\.\.|\*)?))?(?![\w.])")
# A test function cited alone: camelCase with an underscore, e.g. everyCommand_exitsWith…
FUNCTION_REF = re.compile(r"^([a-z][a-z0-9]*[A-Z]\w*_\w*|[a-z][a-z0-9]*_\w*[A-Z]\w*)(…|\.\.\.|\*)?$")
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
PARENS = r"\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)"  # attribute arguments, nested up to three deep
TYPE_DECL = re.compile(r"^[ \t]*(?:@\w+(?:" + PARENS + r")?\s+)*(?:(?:public|internal|private|fileprivate|final)\s+)*"
                       r"(?:struct|class|enum|actor|extension)\s+([A-Za-z_]\w*)", re.M)
FUNC_DECL = re.compile(r"\bfunc\s+([A-Za-z_]\w*)")


def test_index():
    """Suite name → the files that declare or extend it; file → the functions it declares; every function name."""
    suite_files, file_funcs, all_funcs = {}, {}, set()
    for path in TESTS.rglob("*.swift"):
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in TYPE_DECL.findall(text):
            suite_files.setdefault(name, set()).add(path)
        funcs = set(FUNC_DECL.findall(text))
        file_funcs[path] = funcs
        all_funcs |= funcs
    targets = {p.name for p in TESTS.iterdir() if p.is_dir()}
    return suite_files, file_funcs, all_funcs, targets


def doc_files():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def prose_lines(path):
    """(line number, line) outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def spans(path):
    """(line number, code span) outside fenced code blocks."""
    for number, line in prose_lines(path):
        for match in SPAN.finditer(line):
            yield number, match.group(1)


def split_prefix(name):
    for mark in ("…", "...", "*"):
        if name.endswith(mark):
            return name[: -len(mark)], True
    return name, False


def function_found(name, candidates):
    base, is_prefix = split_prefix(name)
    if is_prefix:
        return any(f.startswith(base) for f in candidates)
    return base in candidates


def check_tests(files):
    suite_files, file_funcs, all_funcs, targets = test_index()
    problems, checked = [], 0
    for path in files:
        rel = path.relative_to(ROOT)
        for number, span in spans(path):
            found_suite_ref = False
            for match in SUITE_REF.finditer(span):
                suite, function = match.group(1), match.group(2)
                if function == "swift" or span[match.end():].startswith(".swift"):
                    continue  # a file name, such as ExitCodeTableTests.swift
                found_suite_ref = True
                checked += 1
                if suite not in suite_files and suite not in targets:
                    problems.append(f"{rel}:{number}: {suite} (no such suite under Tests/)")
                    continue
                if function in (None, "*"):
                    continue
                funcs = set().union(*(file_funcs[f] for f in suite_files.get(suite, ())))
                if suite in targets and suite not in suite_files:
                    funcs = set().union(*(fs for f, fs in file_funcs.items() if suite in f.parts))
                if not function_found(function, funcs):
                    problems.append(f"{rel}:{number}: {suite}.{function} (no such test function in {suite})")
            if found_suite_ref:
                continue
            match = FUNCTION_REF.match(span.strip())
            if match:
                checked += 1
                if not function_found(match.group(1) + (match.group(2) or ""), all_funcs):
                    problems.append(f"{rel}:{number}: {span} (no such test function under Tests/)")
    return problems, checked


def slug(heading):
    text = re.sub(r"`|\*\*|\*|_(?=\w)|(?<=\w)_", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    seen, result, fenced = {}, set(), False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match and not fenced:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


def check_links(files):
    problems, checked = [], 0
    for path in files:
        rel = path.relative_to(ROOT)
        for number, line in prose_lines(path):
            for match in LINK.finditer(re.sub(r"`[^`]*`", "``", line)):
                target = match.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # https:, mailto:, …
                checked += 1
                file_part, _, anchor = target.partition("#")
                resolved = (path.parent / file_part).resolve() if file_part else path
                if not resolved.exists():
                    problems.append(f"{rel}:{number}: {target} (no such file)")
                elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                    problems.append(f"{rel}:{number}: {target} (no such heading in {resolved.name})")
    return problems, checked


ROUTE_DECL = re.compile(r"\bv1\.(get|post|put|patch|delete)\(\"([^\"]*)\"")
ROUTE_ROW = re.compile(r"^\| \w+ \| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \|", re.M)


def check_routes():
    """Every route declared under ControlAPI/ and every operation of the OpenAPI document is a row of
    docs/architecture.md's routes table, and every row is one of them."""
    import json
    api = ROOT / "Sources" / "SchedulerServer" / "ControlAPI"
    declared = set()
    for path in api.rglob("*.swift"):
        for method, route in ROUTE_DECL.findall(path.read_text(encoding="utf-8")):
            declared.add((method.upper(), "/v1/" + re.sub(r":(\w+)", r"{\1}", route)))
    document = json.loads((api / "openapi.json").read_text(encoding="utf-8"))
    documented = {(method.upper(), route) for route, operations in document["paths"].items()
                  for method in operations if method in ("get", "post", "put", "patch", "delete")}
    listed = set(ROUTE_ROW.findall((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")))
    problems = [f"docs/architecture.md: the route {m} {r} is declared in ControlAPI/ but not listed" for m, r in sorted(declared - listed)]
    problems += [f"docs/architecture.md: the route {m} {r} is in openapi.json but not listed" for m, r in sorted(documented - listed)]
    problems += [f"docs/architecture.md: {m} {r} is listed but is no route" for m, r in sorted(listed - declared - documented)]
    return problems, len(listed)


def main():
    files = [f for f in doc_files() if f.exists()]
    test_problems, test_count = check_tests(files)
    link_problems, link_count = check_links(files)
    route_problems, route_count = check_routes()
    for problem in test_problems + link_problems + route_problems:
        print(problem)
    print(f"checked {test_count} test names and {link_count} local links in {len(files)} files, and {route_count} routes: "
          f"{len(test_problems)} test names, {len(link_problems)} links and {len(route_problems)} routes not found")
    return 1 if test_problems or link_problems or route_problems else 0


if __name__ == "__main__":
    sys.exit(main())
