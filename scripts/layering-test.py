#!/usr/bin/env python3
"""The layering rules of docs/architecture.md, checked on the source tree (`make layering-test`, part of `make test`).

Each rule is a function from the tree to a list of violations; `--self-test` (run first, every time) feeds each rule a
made-up violation and fails unless the rule reports it, so a rule that stopped checking anything cannot pass quietly.

  1. A route file (ControlAPI/Routes/, ControlAPIRoutes.swift, Web/WebPages*.swift, in the target holding them) names no store, engine or connector
     type, and reaches no `.store`: routes decode, call one service, encode.
  2. schedctl (SchedctlApp) imports (and its target depends on) no Connectors, OAuth, Scheduler or GRDB.
  3. Connectors import no GRDB or PostgresNIO.
  4. NetworkRules imports no HTTPClient or OAuth (and exists).
  5. A store file (Store/SQLite, Store/PostgreSQL) words no refusal of a person's request itself: not-found and conflict
     refusals, and invalid ones outside the files about connecting, come from the domain layer (Sources/SchedulerDomain/Domain).
  6. No function, initializer or computed property in Sources/ is over 60 lines.
  7. A store file (Store/Interface, Store/SQLite, Store/PostgreSQL) imports no Connectors: a store keeps records, and
     what it shares with the connectors (RateLimitHint) lives below both, in SchedulerCore.
  8. The scheduler's targets exist and depend one way (Package.swift): SchedulerDomain on no other scheduler target and
     no GRDB, PostgresNIO or Hummingbird; SchedulerStores on no services or server; SchedulerServices and SchedulerServer
     on no store (SchedulerStores, GRDB, PostgresNIO), the services on no Hummingbird. The compiler then refuses the
     imports (make builds with --explicit-target-dependency-import-check error); this rule keeps the edges themselves.
  9. A store file (Store/Interface, Store/SQLite, Store/PostgreSQL) names no type ending in `View`: stores return the
     Domain's records (`PostRecord`, `AccountRecord`, …), and the services make the control API's views from them.
  10. The layers below the doors (SchedulerDomain, SchedulerStores, SchedulerServices) hold no string literal naming a
      schedctl command (`schedctl `) or a flag (` --flag`): a refusal carries a code and its facts (RefusalHint), and
      schedctl, the web app and the API each word the advice (STYLE.md item 20). DOOR_WORDS_ALLOWED lists the few texts
      kept, each with why.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MAX_FUNCTION_LINES = 60
# Store files that may word `.invalid` themselves: they refuse a store's configuration (its URL, TLS, login), not a request.
STORE_CONNECTION_FILES = {"PostgresConnectProbe.swift", "PostgresLocation.swift"}
# Texts below the doors that may name a command line, by file and a piece of the literal, each with why (rule 10).
DOOR_WORDS_ALLOWED = {
    # The daemon's own command line talking to its operator, in an exit message at start-up.
    ("SQLiteStore.swift", "Check --state-dir"), ("SQLiteStore.swift", "--state-dir elsewhere"),
    ("KeyFile.swift", "schedulerd store forget-credentials --state-dir"),
    # PostgreSQL's own tool, for whoever runs the database server: no door of this daemon has another word for it.
    ("BackupService.swift", "pg_dump --format=custom"),
    # An event's `confirm` is documented as the command that settles it (docs/events.md) and stored with the event, which
    # hooks receive as it is; moving it to a hint is a change of the stored events and the hooks' payload, not yet made.
    ("DeliveryEvents.swift", "schedctl handoff done"), ("DeliveryEvents.swift", "schedctl accounts link"),
    ("Engine.swift", "schedctl handoff done"), ("HandoffDesk.swift", "schedctl handoff done"),
}
DOOR_WORDS = re.compile(r"schedctl |(?:^|[\s(`'=])--[a-z]")
STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')
# Top-level declarations only: a nested type (`MastodonAPI.PublishedStatus`) is reached through its outer type's name,
# which is caught, while its own short name (`Status`, `Session`) would flag a route naming `HTTPResponse.Status`.
DECLARATION = re.compile(r"^(?:public\s+|internal\s+|private\s+|fileprivate\s+|final\s+|package\s+)*"
                         r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(\w+)", re.M)


def swift_files(*parts):
    base = os.path.join(ROOT, *parts)
    for folder, _, names in os.walk(base):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as file:
                    yield os.path.relpath(path, ROOT), file.read()


def strip_comments(text):
    return "\n".join(line.split("//")[0] if not line.lstrip().startswith("///") else "" for line in text.split("\n"))


def declared_types(files, protocols_only=False):
    names = set()
    for _, text in files:
        for match in DECLARATION.finditer(text):
            if protocols_only and not re.search(r"(protocol|typealias)\s+" + match.group(1) + r"\b", match.group(0)):
                continue
            names.add(match.group(1))
    return names


def forbidden_in_routes(tree):
    store = declared_types(tree["store_impl"]) | declared_types(tree["store_interface"], protocols_only=True) | {"SchedulerStore", "DaemonStore"}
    engine = declared_types(tree["engine"])
    connectors = declared_types(tree["connectors"])
    return {name: "store" for name in store} | {name: "engine" for name in engine} | {name: "connector" for name in connectors}


def rule_routes(tree):
    forbidden = forbidden_in_routes(tree)
    problems = []
    for path, text in tree["routes"]:
        code = strip_comments(text)
        for number, line in enumerate(code.split("\n"), 1):
            for word in set(re.findall(r"\b[A-Z]\w*\b", line)):
                if word in forbidden:
                    problems.append(f"{path}:{number}: a route names the {forbidden[word]} type {word}; call a service instead")
            if re.search(r"\.store\b", line):
                problems.append(f"{path}:{number}: a route reaches a service's store; call the service instead")
            if re.match(r"\s*import\s+Connectors\b", line):
                problems.append(f"{path}:{number}: a route imports Connectors")
    return problems


def imports_rule(files, banned, who):
    problems = []
    for path, text in files:
        for match in IMPORT.finditer(text):
            if match.group(1) in banned:
                line = text[:match.start()].count("\n") + 1
                problems.append(f"{path}:{line}: {who} imports {match.group(1)}")
    return problems


def target_dependencies(package, name):
    match = re.search(r'\.(?:executableTarget|target)\(\s*name:\s*"' + re.escape(name) + r'"(.*?)\n        \)', package, re.S)
    if not match:
        match = re.search(r'\.(?:executableTarget|target)\(name:\s*"' + re.escape(name) + r'"([^\n]*)', package)
    return set(re.findall(r'"(\w+)"', match.group(1))) if match else set()


def rule_schedctl(tree):
    banned = {"Connectors", "OAuth", "Scheduler", "GRDB"}
    problems = imports_rule(tree["schedctl"], banned, "schedctl")
    for dependency in sorted(target_dependencies(tree["package"], "SchedctlApp") & banned):
        problems.append(f"Package.swift: SchedctlApp (schedctl) depends on {dependency}")
    return problems


def rule_connectors(tree):
    return imports_rule(tree["connectors"], {"GRDB", "PostgresNIO"}, "Connectors")


def rule_network_rules(tree):
    if not tree["network_rules"]:
        return ["Sources/NetworkRules: the target with the networks' text and media rules is missing"]
    return imports_rule(tree["network_rules"], {"HTTPClient", "OAuth"}, "NetworkRules")


def rule_store_refusals(tree):
    problems = []
    for path, text in tree["store_impl"]:
        code = strip_comments(text)
        for number, line in enumerate(code.split("\n"), 1):
            if re.search(r"\b(StoreError|RequestError)\(\s*\.(conflict|notFound)\b", line) or re.search(r"\bRequestError\(", line) or (
                    re.search(r"\bStoreError\(\s*\.invalid\b", line) and os.path.basename(path) not in STORE_CONNECTION_FILES):
                problems.append(f"{path}:{number}: a store words a refusal itself; take it from the domain layer (Sources/SchedulerDomain/Domain)")
    return problems


def literals(text):
    """Each line's string literals (the whole line inside a multi-line one, without its SQL comment), with its number;
    comments are not code, and an SQL comment in a released migration is never edited."""
    inside = False
    for number, line in enumerate(strip_comments(text).split("\n"), 1):
        if line.count('"""') % 2 == 1:
            inside = not inside
            continue
        yield from ((number, literal) for literal in ([re.sub(r"--\s.*$", "", line)] if inside else STRING_LITERAL.findall(line)))


def rule_door_words(tree):
    problems = []
    for path, text in tree["below_doors"]:
        for number, literal in literals(text):
            allowed = any(os.path.basename(path) == name and piece in literal for name, piece in DOOR_WORDS_ALLOWED)
            if DOOR_WORDS.search(literal) and not allowed:
                problems.append(f"{path}:{number}: a schedctl command or flag below the doors ({literal.strip()[:60]}); give the "
                                "refusal a RefusalHint and let each door word it (STYLE.md item 20)")
    return problems


FUNCTION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|override|mutating|nonisolated|"
                      r"final|package|class|convenience|required)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|(?:var|let)\s+\w+\s*:[^={]*\{\s*$)")


def long_functions(path, text):
    lines = text.split("\n")
    problems = []
    for start, line in enumerate(lines):
        match = FUNCTION.match(line)
        if not match:
            continue
        depth, opened, end = 0, False, start
        while end < len(lines) and end <= start + 15 or opened:
            if end >= len(lines):
                break
            code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end]).split("//")[0]
            for char in code:
                if char == "{":
                    depth, opened = depth + 1, True
                elif char == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            end += 1
        if opened and end - start + 1 > MAX_FUNCTION_LINES:
            problems.append(f"{path}:{start + 1}: {match.group(1).strip()} is {end - start + 1} lines (at most {MAX_FUNCTION_LINES})")
    return problems


def rule_function_length(tree):
    return [problem for path, text in tree["all_sources"] for problem in long_functions(path, text)]


def rule_store_imports(tree):
    return imports_rule(tree["store_impl"] + tree["store_interface"], {"Connectors"}, "a store")


# A type whose name ends in `View` (`PostView`, `StatusView.Daemon`): the control API's wire form, which a store never names.
VIEW_TYPE = re.compile(r"\b[A-Z]\w*View\b")


def rule_store_views(tree):
    problems = []
    for path, text in tree["store_impl"] + tree["store_interface"]:
        for number, line in enumerate(strip_comments(text).split("\n"), 1):
            for name in VIEW_TYPE.findall(line):
                problems.append(f"{path}:{number}: a store names {name}; return a Domain record and let a service make the view")
    return problems


# What each scheduler target must not depend on (rule 8).
SCHEDULER_TARGETS = {
    "SchedulerDomain": {"SchedulerStores", "SchedulerServices", "SchedulerServer", "Scheduler", "GRDB", "PostgresNIO", "Hummingbird", "HummingbirdCore"},
    "SchedulerStores": {"SchedulerServices", "SchedulerServer", "Scheduler", "Hummingbird", "HummingbirdCore"},
    "SchedulerServices": {"SchedulerStores", "SchedulerServer", "Scheduler", "GRDB", "PostgresNIO", "Hummingbird", "HummingbirdCore"},
    "SchedulerServer": {"SchedulerStores", "Scheduler", "GRDB", "PostgresNIO"},
}


def rule_scheduler_targets(tree):
    problems = []
    for name, banned in SCHEDULER_TARGETS.items():
        if not re.search(r'name:\s*"' + name + '"', tree["package"]):
            problems.append(f"Package.swift: the target {name} is missing")
            continue
        for dependency in sorted(target_dependencies(tree["package"], name) & banned):
            problems.append(f"Package.swift: {name} depends on {dependency}, against the layers' direction")
    return problems


RULES = [rule_routes, rule_schedctl, rule_connectors, rule_network_rules, rule_store_refusals, rule_function_length, rule_store_imports,
         rule_scheduler_targets, rule_store_views, rule_door_words]
# The scheduler's targets as the rules allow them, for the self-test's allowed tree.
ALLOWED_PACKAGE = "".join(f'.target(\n            name: "{name}",\n            dependencies: ["SchedulerCore"]\n        )\n'
                          for name in SCHEDULER_TARGETS)


# Where each layer's files are, since the scheduler is several targets (Package.swift, docs/architecture.md).
SERVER = ("Sources", "SchedulerServer")
STORES = ("Sources", "SchedulerStores")
DOMAIN = ("Sources", "SchedulerDomain")
# The engine, and the engine's types that live below the stores (the wake signal, the publish budget).
ENGINE = [("Sources", "SchedulerServices", "Engine"), ("Sources", "SchedulerDomain", "Engine")]


def load_tree():
    routes = list(swift_files(*SERVER, "ControlAPI", "Routes"))
    routes += [entry for entry in swift_files(*SERVER, "ControlAPI") if entry[0].endswith("ControlAPIRoutes.swift")]
    # The web app's pages translate as routes do: they call services, never a store, engine or connector.
    routes += [entry for entry in swift_files(*SERVER, "Web") if entry[0].split("/")[-1].startswith("WebPages")]
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as file:
        package = file.read()
    return {
        "routes": routes,
        "store_impl": list(swift_files(*STORES, "SQLite")) + list(swift_files(*STORES, "PostgreSQL")),
        "store_interface": list(swift_files(*DOMAIN, "Store", "Interface")),
        "engine": [entry for parts in ENGINE for entry in swift_files(*parts)],
        "connectors": list(swift_files("Sources", "Connectors")),
        "network_rules": list(swift_files("Sources", "NetworkRules")),
        "schedctl": list(swift_files("Sources", "SchedctlApp")),
        "all_sources": list(swift_files("Sources")),
        "below_doors": [entry for target in ["SchedulerDomain", "SchedulerStores", "SchedulerServices"] for entry in swift_files("Sources", target)],
        "package": package,
    }


def self_test():
    """Each rule must report a violation planted in an otherwise empty tree."""
    def tree(**given):
        base = {key: [] for key in ["routes", "store_impl", "store_interface", "engine", "connectors", "network_rules", "schedctl", "all_sources", "below_doors"]}
        base["package"] = ""
        base["network_rules"] = [("Sources/NetworkRules/A.swift", "import SchedulerCore\n")]
        base.update(given)
        return base
    long_body = "func tooLong() {\n" + "    step()\n" * MAX_FUNCTION_LINES + "}\n"
    planted = {
        rule_routes: [
            tree(routes=[("R.swift", "let x = SQLiteStore()\n")], store_impl=[("S.swift", "public final class SQLiteStore {}\n")]),
            tree(routes=[("R.swift", "try await posts.store.post(id: 1)\n")]),
            tree(routes=[("R.swift", "engine.wake()\nlet e: Engine\n")], engine=[("E.swift", "public actor Engine {}\n")]),
            tree(routes=[("R.swift", "let c: XConnector\n")], connectors=[("C.swift", "struct XConnector {}\n")]),
            tree(routes=[("R.swift", "let s: any PostStore\n")], store_interface=[("I.swift", "public protocol PostStore {}\n")]),
        ],
        rule_schedctl: [tree(schedctl=[("Sources/SchedctlApp/A.swift", f"import {name}\n")]) for name in ["Connectors", "OAuth", "Scheduler", "GRDB"]]
        + [tree(package='.target(\n            name: "SchedctlApp",\n            dependencies: ["Connectors"]\n        )\n')],
        rule_connectors: [tree(connectors=[("C.swift", f"import {name}\n")]) for name in ["GRDB", "PostgresNIO"]],
        rule_network_rules: [tree(network_rules=[("N.swift", f"import {name}\n")]) for name in ["HTTPClient", "OAuth"]] + [tree(network_rules=[])],
        rule_store_refusals: [tree(store_impl=[("Store/SQLite/A.swift", f'throw StoreError(.{code}, "no post")\n')]) for code in ["conflict", "notFound", "invalid"]]
        + [tree(store_impl=[("Store/SQLite/A.swift", 'throw RequestError.badRequest("no")\nthrow RequestError(.conflict, "x")\n')])],
        rule_function_length: [tree(all_sources=[("F.swift", long_body)])],
        rule_store_imports: [tree(store_impl=[("Store/SQLite/A.swift", "import Connectors\n")]),
                             tree(store_interface=[("Store/Interface/A.swift", "import Connectors\n")])],
        rule_scheduler_targets: [tree(package=ALLOWED_PACKAGE.replace(f'"{name}",\n            dependencies: ["SchedulerCore"]',
                                                                      f'"{name}",\n            dependencies: ["SchedulerCore", "{banned}"]'))
                                 for name, bans in SCHEDULER_TARGETS.items() for banned in sorted(bans)]
        + [tree(package=ALLOWED_PACKAGE.replace('name: "SchedulerServices"', 'name: "Services"'))],
        rule_store_views: [tree(store_impl=[("Store/SQLite/A.swift", "func post(id: Int64) throws -> PostView {\n")]),
                           tree(store_interface=[("Store/Interface/A.swift", "    func daemons() async throws -> [StatusView.Daemon]\n")])],
        rule_door_words: [tree(below_doors=[("Sources/SchedulerDomain/Domain/A.swift", 'StoreError(.notFound, "no post; `schedctl list` shows them")\n')]),
                          tree(below_doors=[("Sources/SchedulerServices/A.swift", 'RequestError.badRequest("give --at TIME")\n')]),
                          tree(below_doors=[("Sources/SchedulerStores/A.swift", 'let sql = """\n  VALUES (\'paused with schedctl pause\')\n  """\n')]),
                          tree(below_doors=[("Sources/SchedulerStores/KeyFile2.swift", '"schedulerd store forget-credentials --state-dir"\n')])],
    }
    failures = [f"{rule.__name__} did not report a planted violation ({index})"
                for rule, trees in planted.items() for index, given in enumerate(trees) if not rule(given)]
    allowed = tree(store_impl=[("Store/PostgreSQL/PostgresLocation.swift", 'throw StoreError(.invalid, "bad URL")\n'),
                               ("Store/SQLite/B.swift", "/// Services make the `PostView`.\nfunc post(id: Int64) throws -> PostRecord {\n")],
                   package=ALLOWED_PACKAGE,
                   all_sources=[("F.swift", "func short() {\n    step()\n}\n")],
                   below_doors=[("Sources/SchedulerServices/Secrets/KeyFile.swift", '"schedulerd store forget-credentials --state-dir"\n'),
                                ("Sources/SchedulerDomain/A.swift", '/// `schedctl backup` copies it\nlet range = "2026-10--2026-11"\n')])
    failures += [f"{rule.__name__} reported an allowed tree: {rule(allowed)}" for rule in RULES if rule(allowed)]
    return failures


def main():
    failures = self_test()
    if failures:
        print("layering-test: the checker itself is broken:", *failures, sep="\n  ")
        return 2
    tree = load_tree()
    problems = [problem for rule in RULES for problem in rule(tree)]
    counts = f"{len(tree['routes'])} route files, {len(tree['store_impl'])} store files, {len(tree['schedctl'])} schedctl files, " \
             f"{len(tree['all_sources'])} source files"
    if problems:
        print(f"layering-test: {len(problems)} violations ({counts}):", *problems, sep="\n  ")
        return 1
    print(f"layering-test: {len(RULES)} rules hold ({counts}); the self-test planted a violation of each and each was caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
