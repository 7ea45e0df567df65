#!/usr/bin/env python3
"""The web app in a real browser (issue 29): headless Chromium, driven by Selenium, against a sandbox daemon.

A daemon with `[web] listen` on a free loopback port is started in a temporary state directory, with the sandbox
networks beside it; people are added with `schedctl web user add`; then each person gets a Chromium of their own (its
own profile, so its own cookies) and uses the pages as a person would:

  1. the owner signs in, links X and Facebook through the browser, composes a photo with alt text to both, sees it in
     the calendar, watches it be published, and the sandbox networks received it once each, with the alt text;
  2. an editor schedules a GPX run's card to X; it awaits approval until the owner approves it; it is published;
  3. a hostile text is shown as text on every page that shows it, with no alert and no injected element;
  5. every page is photographed at 390x844 and 1280x800 (.build/browser-screenshots/), and at both sizes every link and
     control a finger aims at measures at least 44 px each way, and a checkbox keeps its size beside a wrapping label;
  6. Status names the post a pause holds as `schedctl status` does, Today and Status say what lifts the pause and the
     owner resumes it from the page (an editor sees no Resume), every time carries its zone, and the composer counts
     each account ticked as its network counts it (photographed at both sizes, after 5 so the pictures are kept);
  7. a link to a post opened signed out leads to the sign-in page and, once signed in, to the post; a `next` that
     leads off the site leads to Today instead;
  4. a form without its CSRF token is refused, a viewer cannot schedule, and failed sign-ins are throttled.

Scenario 4 runs last: every browser here comes from 127.0.0.1, and the throttle it trips counts failures per address,
so any sign-in after it would be refused for a while.

Selenium cannot read an answer's status or headers, so those are read by fetching the same URL with `requests`,
carrying the browser's session cookie. Every wait has a deadline (BROWSER_TEST_WAIT seconds, 90 by default: a
machine busy compiling is slow); a check that fails says what it expected and what it found, and the scenario's end
prints the daemon's log tail. Checks of how a page is made (headers, navigation, CSRF fields, no CSP violation) are
recorded and the scenario goes on; a step that later steps need stops its scenario when it fails. Exits 1 when any
check failed, and ends with the line `N passed, M failed`.

Environment: BIN (the programs; default `swift build --show-bin-path`), BROWSER_TEST_WAIT, BROWSER_TEST_SCENARIOS
(say `1,3` to run some), BROWSER_TEST_REQUIRE_APPROVAL (0 leaves `require_approval` out of the configuration, for a
daemon that does not know the key yet), CHROMIUM and CHROMEDRIVER (the programs, /usr/bin/… by default).
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

import requests
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, NoSuchElementException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
PHOTO = ROOT / "Tests/EndToEndTests/Fixtures/run-4x5.jpg"
SCREENSHOTS = ROOT / ".build/browser-screenshots"
WAIT = float(os.environ.get("BROWSER_TEST_WAIT", "90"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

PASSWORD = "long enough passphrase"
PEOPLE = {"ada": "owner", "ben": "editor", "cleo": "viewer"}
X = "x:@sandbox_user"
FACEBOOK = "facebook:@sandbox_user_s_running_club"
HOSTILE = '<script>alert(1)</script> "><img src=x onerror=alert(2)>'
SIZES = [(390, 844), (1280, 800)]
NAV = {"/": "Today", "/calendar": "Calendar", "/compose": "Compose", "/runs": "Runs", "/accounts": "Accounts",
       "/events": "Events", "/status": "Status"}
# The pages photographed, by file name; "post" is filled in with a post's page once there is one.
PAGES = {"today": "/", "compose": "/compose", "calendar": "/calendar", "runs": "/runs", "accounts": "/accounts",
         "handoffs": "/handoffs", "events": "/events", "status": "/status"}


# MARK: Checks and their report


class CheckFailed(Exception):
    """A step later steps depend on did not happen: the scenario stops here. `reported` when Results said so already."""

    def __init__(self, message: str, reported: bool = False):
        super().__init__(message)
        self.reported = reported


@dataclass
class Results:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    scenario: str = ""

    def expect(self, name: str, ok: bool, expected: str = "", actual: object = "") -> bool:
        """Records a check; the scenario goes on either way."""
        label = f"[{self.scenario}] {name}"
        if ok:
            self.passed.append(label)
            print(f"  ok    {name}", flush=True)
        else:
            self.failed.append(label)
            print(f"  FAIL  {name}\n        expected: {expected}\n        found:    {_short(actual)}", flush=True)
        return ok

    def require(self, name: str, ok: bool, expected: str = "", actual: object = "") -> None:
        """Records a check; when it fails, the scenario stops (CheckFailed, already reported)."""
        if not self.expect(name, ok, expected, actual):
            raise CheckFailed(name, reported=True)


def _short(value: object, limit: int = 600) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def eventually(what: str, probe: Callable[[], object], timeout: float = WAIT, every: float = 0.2):
    """Probes until it answers something truthy, which is returned; past the deadline, CheckFailed naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        answer = probe()
        if answer:
            return answer
        if time.monotonic() >= deadline:
            raise CheckFailed(f"gave up after {timeout:.0f}s waiting for {what} (BROWSER_TEST_WAIT={WAIT:.0f})")
        time.sleep(every)  # the poll's interval, not a wait for something to have happened


# MARK: Processes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children_of(parent: int) -> list[int]:
    """The ids of a process's children, from /proc (a minimal Debian has no procps)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # past the command name, which may hold spaces
        except (OSError, IndexError):
            continue
        if int(fields[1]) == parent:
            children.append(int(stat.parent.name))
    return children


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat's fields after the command name: state, parent, …, the start time at index 19."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def descendants_of(parent: int) -> list[tuple[int, str]]:
    """Each descendant as (pid, start time): a pid is signalled later only if it still names the same process."""
    found = []
    for child in children_of(parent):
        fields = _stat(child)
        if fields:
            found += [(child, fields[19])] + descendants_of(child)
    return found


def _running(pid: int, started: str) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[19] == started and fields[0] != "Z"


def stop_pid(pid: int, started: str, grace: float = 10) -> None:
    """SIGTERM, then SIGKILL if it is still there after `grace` seconds; nothing if the pid is another process by now."""
    if not _running(pid, started):
        return
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if not _running(pid, started):
            return
        time.sleep(0.1)  # the poll's interval
    if _running(pid, started):
        os.kill(pid, signal.SIGKILL)


def become_subreaper() -> None:
    """Orphans of what this script starts (Chromium's helpers when their parent exits, a sandboxd whose daemon died)
    become this process's children instead of init's, so that they are stopped and reaped here (stop_orphans)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def stop_orphans() -> None:
    """Stops what is left among this process's children, all started by this script, and reaps them."""
    for pid in children_of(os.getpid()):
        if fields := _stat(pid):
            stop_pid(pid, fields[19], grace=5)
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


class Daemon:
    """schedulerd --sandbox with the web app on a free loopback port, in a state directory of its own."""

    def __init__(self, bin_dir: Path, work: Path, require_approval: bool):
        self.bin = bin_dir
        self.state = work / "state"
        self.log = self.state / "daemon.log"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.require_approval = require_approval
        self.process: subprocess.Popen | None = None
        # The zone the pages show times in: fixed, so a date computed here is the one the calendar shows.
        self.env = {**os.environ, "TZ": "UTC", "SCHEDCTL_SOCKET": str(self.state / "control.sock")}

    def configuration(self) -> str:
        # 127.0.0.1 is a trusted proxy so that the throttle test can speak for another address (X-Forwarded-For).
        lines = ["[web]", f'listen = "127.0.0.1:{self.port}"', f'base_url = "{self.base}"', 'trusted_proxies = ["127.0.0.1"]']
        if self.require_approval:
            lines.append("require_approval = true")
        return "\n".join(lines) + "\n"

    def start(self) -> None:
        self.state.mkdir(parents=True)
        config = self.state.parent / "schedulerd.toml"
        config.write_text(self.configuration())
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [str(self.bin / "schedulerd"), "--sandbox", "--state-dir", str(self.state), "--config", str(config),
                 "--log-level", "info"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, env=self.env)
        eventually(f"schedulerd to log 'web app ready' on {self.base}", self._ready)

    def _ready(self) -> bool:
        if self.process.poll() is not None:
            hint = ""
            if "require_approval" in self.log_tail():
                hint = "\n(a daemon that does not know [web] require_approval yet: BROWSER_TEST_REQUIRE_APPROVAL=0 leaves it out)"
            raise CheckFailed(f"schedulerd exited with {self.process.returncode} before its web app was ready:\n{self.log_tail()}{hint}")
        text = self.log.read_text(errors="replace")
        return any("web app ready" in line and f"127.0.0.1:{self.port}" in line for line in text.splitlines())

    def schedctl(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run([str(self.bin / "schedctl"), *args], input=stdin, capture_output=True, text=True,
                              env=self.env, timeout=WAIT)
        if done.returncode != 0:
            raise CheckFailed(f"schedctl {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    def schedctl_json(self, *args: str):
        return json.loads(self.schedctl(*args, "--json"))

    def received(self) -> list[dict]:
        """What the emulated networks accepted, from the sandbox's own record."""
        return self.schedctl_json("sandbox", "received")

    def post_count(self) -> int:
        return len(self.schedctl_json("list", "--state", "all", "--limit", "1000"))

    def log_lines(self) -> list[str]:
        try:
            return self.log.read_text(errors="replace").splitlines()
        except OSError:
            return []

    def log_tail(self, since: int = 0, lines: int = 40) -> str:
        """The last lines of the log, of those after line `since` (what one scenario made it say)."""
        return "\n".join(self.log_lines()[since:][-lines:]) or "(nothing)"

    def stop(self) -> None:
        """The daemon stops the sandboxd it started; were it killed instead, its children are stopped here by id."""
        if not self.process or self.process.poll() is not None:
            return
        children = descendants_of(self.process.pid)
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for child, started in children:
            stop_pid(child, started)


# MARK: Browsers


class Browser:
    """One person's headless Chromium with a profile of its own, so its cookies (who is signed in) are its own."""

    def __init__(self, base: str, who: str):
        self.base = base
        self.who = who
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        options.binary_location = CHROMIUM
        # The console carries the browser's word on Content-Security-Policy violations (source "security").
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        # An alert a page raises makes the next command fail with UnexpectedAlertPresentException.
        options.unhandled_prompt_behavior = "dismiss and notify"
        self.driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        self.driver.set_page_load_timeout(WAIT)
        self.size(1280, 800)

    # Navigation and the page

    def open(self, path: str) -> None:
        self.driver.get_log("browser")  # drop the last page's messages: what is read next is this page's
        self.driver.get(self.base + path)

    @property
    def path(self) -> str:
        parsed = urlparse(self.driver.current_url)
        return parsed.path + (f"?{parsed.query}" if parsed.query else "")

    def find(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def one(self, css: str, what: str) -> WebElement:
        """The element, or CheckFailed saying what was looked for and on which page (a 404 shows as its heading)."""
        try:
            return self.driver.find_element(By.CSS_SELECTOR, css)
        except NoSuchElementException:
            raise CheckFailed(f"expected {what} ({css}) on {self.path}, whose heading is {self.heading()!r}") from None

    def heading(self) -> str:
        found = self.find("h1")
        return found[0].text if found else ""

    def texts(self, css: str) -> list[str]:
        return [element.text for element in self.find(css)]

    def type(self, css: str, text: str, what: str) -> None:
        element = self.one(css, what)
        element.clear()
        element.send_keys(text)

    def wait(self, what: str, condition: Callable[[webdriver.Chrome], object], timeout: float = WAIT, every: float = 0.2):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=every).until(condition)
        except TimeoutException:
            raise CheckFailed(f"gave up after {timeout:.0f}s waiting for {what}; the browser is on {self.path} "
                              f"({self.heading()!r})") from None

    def click_and_leave(self, css: str, what: str) -> None:
        """Clicks what submits a form or follows a link, and waits until the browser is on the next page."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        self.one(css, what).click()
        self.wait(f"the page after {what}", lambda _: _is_stale(old))

    def csp_violations(self) -> list[str]:
        return [entry["message"] for entry in self.driver.get_log("browser") if entry.get("source") == "security"]

    def alert_text(self) -> str | None:
        try:
            return self.driver.switch_to.alert.text
        except NoAlertPresentException:
            return None

    # Sizes and screenshots

    def size(self, width: int, height: int) -> None:
        """The viewport itself at this size (a window's size would include what the browser draws around it)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.driver.get_screenshot_as_file(str(path))
        return path

    # What Selenium cannot see: statuses and headers, read with the browser's cookies

    def http(self) -> requests.Session:
        session = requests.Session()
        for cookie in self.driver.get_cookies():
            session.cookies.set(cookie["name"], cookie["value"], path=cookie.get("path", "/"))
        return session

    def fetch(self, path: str) -> requests.Response:
        return self.http().get(self.base + path, allow_redirects=False, timeout=WAIT)

    def post(self, path: str, fields: dict, files: dict | None = None) -> requests.Response:
        return self.http().post(self.base + path, data=fields, files=files, allow_redirects=False, timeout=WAIT)

    def quit(self) -> None:
        """Quits Chromium; what is left of the driver's processes afterwards is stopped by id."""
        service = self.driver.service.process
        leftovers = []
        if service and (fields := _stat(service.pid)):
            leftovers = [(service.pid, fields[19]), *descendants_of(service.pid)]
        try:
            self.driver.quit()
        except Exception as error:  # noqa: BLE001 - the processes are stopped below all the same
            print(f"  (quitting {self.who}'s browser: {error})")
        for pid, started in leftovers:
            stop_pid(pid, started, grace=5)


def _is_stale(element: WebElement) -> bool:
    try:
        element.tag_name
        return False
    except WebDriverException:
        return True


# MARK: What every page must be


def header_problems(response: requests.Response) -> list[str]:
    """What is missing from the security headers the web app puts on every answer."""
    headers = response.headers
    csp = headers.get("Content-Security-Policy", "")
    problems = []
    if "script-src 'self'" not in csp:
        problems.append(f"Content-Security-Policy without script-src 'self': {csp!r}")
    if "unsafe-inline" in csp:
        problems.append(f"Content-Security-Policy allows unsafe-inline: {csp!r}")
    if "frame-ancestors 'none'" not in csp:
        problems.append(f"Content-Security-Policy without frame-ancestors 'none': {csp!r}")
    if headers.get("X-Frame-Options") != "DENY":
        problems.append(f"X-Frame-Options: {headers.get('X-Frame-Options')!r}")
    if not headers.get("Referrer-Policy"):
        problems.append("no Referrer-Policy")
    if headers.get("X-Content-Type-Options") != "nosniff":
        problems.append(f"X-Content-Type-Options: {headers.get('X-Content-Type-Options')!r}")
    return problems


def check_page(results: Results, browser: Browser, role: str | None) -> None:
    """What every page the browser is on must be: answered 200 with the security headers, no CSP violation, every
    form with its CSRF field; signed in (`role` given), the navigation and a logout form."""
    path = browser.path
    answer = browser.fetch(path)
    problems = header_problems(answer)
    results.expect(f"GET {path}: security headers", not problems, "CSP, X-Frame-Options, Referrer-Policy, nosniff", problems)
    if not results.expect(f"GET {path} as {browser.who}: 200", answer.status_code == 200, "200", f"{answer.status_code} ({browser.heading()!r})"):
        return  # what follows would only say the same again, of an error page
    violations = browser.csp_violations()
    results.expect(f"GET {path}: no Content-Security-Policy violation", not violations, "none", violations)
    # POST forms only: a GET form (the calendar's view switch) changes nothing and needs no token.
    bare = [form.get_attribute("action") for form in browser.find('form[method="post" i]')
            if not [field for field in form.find_elements(By.CSS_SELECTOR, 'input[type="hidden"][name="csrf"]') if field.get_attribute("value")]]
    results.expect(f"GET {path}: every POST form carries a csrf field", not bare, "a hidden csrf input with a value in each form",
                   f"forms without one: {bare}")
    if role:
        check_navigation(results, browser, role)


def a(role: str) -> str:
    return ("an " if role[0] in "aeiou" else "a ") + role


def check_navigation(results: Results, browser: Browser, role: str) -> None:
    links = {urlparse(link.get_attribute("href")).path: link.text.strip() for link in browser.find("nav a")}
    wanted = {path: words for path, words in NAV.items() if path != "/status" or role == "owner"}
    missing = {path: words for path, words in wanted.items() if links.get(path) != words}
    results.expect(f"GET {browser.path}: navigation for {a(role)}", not missing, f"nav links {wanted}", f"found {links}")
    if role != "owner":
        results.expect(f"GET {browser.path}: no Status link for {a(role)}", "/status" not in links, "no /status", links)
    results.expect(f"GET {browser.path}: a logout form", bool(browser.find('form[action="/logout"]')), "form[action=/logout]", "none")


# MARK: What people do


def sign_in(browser: Browser, name: str, password: str) -> None:
    """Types a name and a password into /login and sends them; the caller checks where that led."""
    browser.open("/login")
    browser.type("#name", name, "the name field")
    browser.type("#password", password, "the password field")
    browser.click_and_leave('form[action="/login"] button[type="submit"]', "the sign-in button")


def compose(results: Results, browser: Browser, text: str, accounts: list[str], at: str, photo: Path | None = None, alt: str = "") -> int:
    """Fills /compose and presses Schedule; answers the new post's id (the page it redirects to)."""
    browser.open("/compose")
    browser.one("form#compose", "the compose form")
    browser.type("textarea#text", text, "the text")
    tick(browser, accounts)
    if photo:
        browser.one("input#media", "the photo field").send_keys(str(photo))
        browser.type("input#alt", alt, "the alt text")
    browser.type("input#at", at, "the time")
    browser.click_and_leave("button#schedule", "the Schedule button")
    return post_id_of_page(results, browser, "scheduling from /compose")


def tick(browser: Browser, accounts: list[str]) -> None:
    for account in accounts:
        box = browser.one(f'input[name="account"][value="{account}"]', f"the checkbox of {account}")
        if not box.is_selected():
            box.click()


def post_id_of_page(results: Results, browser: Browser, what: str) -> int:
    match = re.fullmatch(r"/posts/(\d+)", urlparse(browser.driver.current_url).path)
    results.require(f"{what} lands on the new post's page", match is not None, "/posts/ID",
                    f"{browser.path} ({browser.heading()!r}), errors: {browser.texts('.error')}")
    return int(match.group(1))


@dataclass
class Delivery:
    text: str
    state: str
    link: str | None


def deliveries(browser: Browser) -> list[Delivery]:
    found = []
    for item in browser.find("li.delivery"):
        states = item.find_elements(By.CSS_SELECTOR, "span.state")
        links = item.find_elements(By.CSS_SELECTOR, "a.network-link")
        found.append(Delivery(item.text, states[0].text.strip() if states else "", links[0].get_attribute("href") if links else None))
    return found


def delivery_of(found: list[Delivery], account: str) -> Delivery | None:
    return next((delivery for delivery in found if account in delivery.text), None)


def wait_published(results: Results, browser: Browser, post: int, accounts: list[str]) -> dict[str, Delivery]:
    """Reloads the post's page until every account's delivery says published with a link to the network."""
    seen: list[Delivery] = []

    def published(_) -> bool:
        browser.open(f"/posts/{post}")
        seen[:] = deliveries(browser)
        return all((d := delivery_of(seen, account)) and d.state == "published" and d.link for account in accounts)

    try:
        WebDriverWait(browser.driver, WAIT, poll_frequency=0.5).until(published)
        done = True
    except TimeoutException:
        done = False
    results.require(f"post {post}: published to {', '.join(accounts)}, each with a.network-link", done,
                    f"within {WAIT:.0f}s (BROWSER_TEST_WAIT)", f"its page last said {[(d.text, d.state, d.link) for d in seen]}")
    return {account: delivery_of(seen, account) for account in accounts}


def same_words(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def network_posts(received: list[dict], network: str, text: str) -> list[dict]:
    return [record for record in received
            if record.get("network") == network and record.get("kind") == "post" and same_words(record.get("text") or "", text)]


def related_records(received: list[dict], post: dict) -> list[dict]:
    """The post's record and those of its media on the same network (X takes alt text in a call of its own)."""
    media = set(post.get("media") or [])
    return [record for record in received if record.get("network") == post.get("network")
            and (record is post or media & set(record.get("media") or []))]


def write_gpx(path: Path) -> Path:
    """Three laps of a 1 km circle in Paris at 5:00 per km, a point every 5 s (RunSummaryEndToEndTests.loopGPX)."""
    radius, latitude0, longitude0, per_lap = 1_000 / (2 * math.pi), 48.85, 2.35, 60
    start = datetime(2026, 11, 22, 6, 30, tzinfo=timezone.utc)
    points = []
    for index in range(3 * per_lap + 1):
        angle = 2 * math.pi * (index % per_lap) / per_lap
        latitude = latitude0 + radius * math.sin(angle) / 111_320
        longitude = longitude0 + radius * (1 - math.cos(angle)) / (111_320 * math.cos(math.radians(latitude0)))
        when = (start + timedelta(seconds=5 * index)).strftime("%Y-%m-%dT%H:%M:%SZ")
        points.append(f'<trkpt lat="{latitude:.7f}" lon="{longitude:.7f}"><ele>{30 + 10 * math.sin(angle):.1f}</ele>'
                      f"<time>{when}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{140 + index % 21}</gpxtpx:hr>"
                      "</gpxtpx:TrackPointExtension></extensions></trkpt>")
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<gpx version="1.1" creator="schedulerd browser test" xmlns="http://www.topografix.com/GPX/1/1" '
                    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n'
                    "<trk><name>Loop</name><trkseg>\n" + "\n".join(points) + "\n</trkseg></trk></gpx>\n")
    return path


# MARK: The world the scenarios share


class World:
    """The daemon, its people's browsers (each signed in on first use), and what one scenario leaves for another."""

    def __init__(self, daemon: Daemon, results: Results, work: Path):
        self.daemon = daemon
        self.results = results
        self.work = work
        self.browsers: dict[str, Browser] = {}
        self.used: set[str] = set()  # the browsers the running scenario used: those it photographs when it fails
        self.posts: list[int] = []

    def browser(self, who: str) -> Browser:
        """`who`'s browser, signed in (a name of PEOPLE), or a browser nobody signed in to (any other label)."""
        self.used.add(who)
        if who not in self.browsers:
            browser = Browser(self.daemon.base, who)
            self.browsers[who] = browser
            if who in PEOPLE:
                sign_in(browser, who, PASSWORD)
                self.results.require(f"{who} ({PEOPLE[who]}) signs in and lands on Today", browser.path == "/" and browser.heading() == "Today",
                                     "/ with the heading Today", f"{browser.path} ({browser.heading()!r}), errors {browser.texts('.error')}")
        return self.browsers[who]

    def x_account(self) -> str:
        """The X account, linked by scenario 1 through the browser; when that did not run or failed, linked here with
        schedctl (setup, not under test), so that each scenario tests its own subject whatever came before."""
        if X not in [f"{a['network']}:@{a['handle']}" for a in self.daemon.schedctl_json("accounts", "list")]:
            print(f"  (setup: {X} linked with schedctl, scenario 1 did not link it)")
            self.daemon.schedctl("accounts", "add", "x", stdin=self.daemon.schedctl("sandbox", "token", "x"))
        return X

    def some_post(self) -> int:
        """A post for pages that need one: the scenarios' own, else one scheduled with schedctl (setup, not under test)."""
        if self.posts:
            return self.posts[0]
        made = self.daemon.schedctl_json("schedule", "A post to look at", "--to", self.x_account(), "--at", "in 2h")
        self.posts.append(int(made["id"]))
        return self.posts[0]

    def close(self) -> None:
        for browser in self.browsers.values():
            browser.quit()
        self.browsers.clear()


# MARK: Scenario 1: the owner links X and Facebook, and publishes a photo to both


def owner_publishes_a_photo(world: World) -> None:
    results, ada = world.results, world.browser("ada")
    check_page(results, ada, "owner")
    for network, account in (("x", X), ("facebook", FACEBOOK)):
        link_through_the_browser(world, ada, network, account)

    text = f"Sunday long run by the river, {datetime.now(timezone.utc):%H:%M:%S} #browser-test"
    alt = "Route along the river, drawn on a map"
    post = compose(results, ada, text, [X, FACEBOOK], "in 20s", PHOTO, alt)
    world.posts.append(post)
    check_page(results, ada, "owner")
    results.expect(f"post {post}: heading", ada.heading() == f"Post {post}", f"Post {post}", ada.heading())
    results.expect(f"post {post}: the text", ada.texts("p.text") == [text], [text], ada.texts("p.text"))
    scheduled = deliveries(ada)
    for account in (X, FACEBOOK):
        found = delivery_of(scheduled, account)
        results.expect(f"post {post}: {account} scheduled", found is not None and found.state == "scheduled",
                       f"an li.delivery naming {account} with span.state 'scheduled'", [(d.text, d.state) for d in scheduled])

    see_in_the_calendar(world, ada, post, ["x", "facebook"])

    published = wait_published(results, ada, post, [X, FACEBOOK])
    check_the_networks_received(world, text, alt, published)


def link_through_the_browser(world: World, ada: Browser, network: str, account: str) -> None:
    """a#link-NETWORK leads to the sandbox's authorization page, which approves and sends the browser back."""
    results = world.results
    ada.open("/accounts")
    check_page(results, ada, "owner")
    ada.click_and_leave(f"a#link-{network}", f"the link to link {network}")
    ada.wait(f"{network}'s authorization to send the browser back to the web app",
             lambda _: ada.driver.current_url.startswith(ada.base + "/accounts"))
    # Landing on /accounts itself, not on the callback's address: a reload there would replay a spent code.
    results.expect(f"linking {network} lands on /accounts", urlparse(ada.driver.current_url).path == "/accounts", "/accounts", ada.path)
    listed = ada.texts("li.account")
    results.require(f"/accounts lists {account} after linking through the browser", any(account in item for item in listed),
                    f"an li.account with {account}", listed)
    notes = ada.texts(".note")
    results.expect(f"/accounts says {network} was linked", any("linked" in note.lower() for note in notes), "a .note saying it was linked", notes)
    linked = [f"{a['network']}:@{a['handle']}" for a in world.daemon.schedctl_json("accounts", "list")]
    results.require(f"the daemon has {account} (schedctl accounts list)", account in linked, account, linked)


def calendar_entry(results: Results, browser: Browser, post: int, due: datetime, view: str = "week") -> WebElement:
    """The post's entry in the calendar's week (the default view) or month of `due`, so that a run across midnight
    finds it too; the scenario stops without it."""
    browser.open(f"/calendar?start={due:%Y-%m-%d}" + (f"&view={view}" if view != "week" else ""))
    entries = browser.find(f'a.entry[href="/posts/{post}"]')
    results.require(f"calendar, {view} view: an entry for post {post}", len(entries) == 1, f"one a.entry linking /posts/{post}",
                    f"{len(entries)} on {browser.path} ({browser.heading()!r})")
    return entries[0]


def see_in_the_calendar(world: World, ada: Browser, post: int, networks: list[str]) -> None:
    now = datetime.now(timezone.utc)
    calendar_entry(world.results, ada, post, now, view="month")
    entry = calendar_entry(world.results, ada, post, now)
    check_page(world.results, ada, "owner")
    words = entry.text
    world.results.expect(f"calendar: post {post}'s entry shows its time", re.search(r"\b\d{1,2}:\d{2}\b", words) is not None, "a time such as 07:30", words)
    for network in networks:
        named = re.search(rf"\b{network}\b", words, re.IGNORECASE) is not None
        world.results.expect(f"calendar: post {post}'s entry names {network}", named, network, words)
    world.results.expect(f"calendar: post {post}'s entry says its state in words",
                         any(state in words for state in ("scheduled", "publishing", "published")), "scheduled, publishing or published", words)


def check_the_networks_received(world: World, text: str, alt: str, published: dict[str, Delivery]) -> None:
    results, received = world.results, world.daemon.received()
    for account in published:
        network = account.split(":")[0]
        posts = network_posts(received, network, text)
        results.expect(f"the {network} sandbox received the post once", len(posts) == 1, "1 post record with the text",
                       f"{len(posts)}; all received: {[(r.get('network'), r.get('kind'), r.get('text')) for r in received]}")
        if len(posts) != 1:
            continue
        related = related_records(received, posts[0])
        results.expect(f"the {network} sandbox received the photo", bool(posts[0].get("media")), "media on the post record", posts[0])
        results.expect(f"the {network} sandbox received the alt text", any(alt in json.dumps(r) for r in related), alt, related)
        link, remote = published[account].link or "", str(posts[0].get("remote_id", ""))
        results.expect(f"the page's {network} link is the post the network received", bool(remote) and remote in link, f"a link with {remote}", link)


# MARK: Scenario 2: an editor's run waits for the owner's approval


def editor_run_waits_for_approval(world: World) -> None:
    results, ben = world.results, world.browser("ben")
    check_page(results, ben, "editor")
    ben.open("/runs")
    check_page(results, ben, "editor")
    ben.one("form#run", "the run form")
    # By name: the contract's input#run would share its id with form#run.
    ben.one('form#run input[type="file"][name="run"]', "the run file field").send_keys(str(write_gpx(world.work / "sunday.gpx")))
    tick(ben, [world.x_account()])
    ben.type("input#at", "in 20s", "the time")
    ben.click_and_leave("button#schedule", "the Schedule button of /runs")
    post = post_id_of_page(results, ben, "scheduling a run from /runs")
    world.posts.append(post)
    states = [d.state for d in deliveries(ben)]
    results.require(f"post {post} (ben's run): awaiting approval", states == ["awaiting approval"], ["awaiting approval"], states)
    results.expect(f"post {post}: an editor is offered no approve button", not ben.find("button#approve"), "no button#approve", "one")
    text = " ".join(ben.texts("p.text"))

    ada = world.browser("ada")
    ada.open(f"/posts/{post}")
    check_page(results, ada, "owner")
    results.expect(f"post {post}: the owner is offered approve and reject", bool(ada.find("button#approve") and ada.find("input#reason") and ada.find("button#reject")),
                   "button#approve, input#reason, button#reject", [b.get_attribute("id") for b in ada.find("button, input")])
    ada.click_and_leave("button#approve", "the Approve button")
    published = wait_published(results, ada, post, [X])
    run_posts = network_posts(world.daemon.received(), "x", text)
    results.expect("the x sandbox received the run's post once", len(run_posts) == 1, f"1 post with the page's text {text!r}", run_posts)
    results.expect("the x sandbox received the run's card", bool(run_posts and run_posts[0].get("media")), "media on the post record", run_posts)
    results.expect("the page's link is the run's post on x", bool(run_posts) and str(run_posts[0].get("remote_id")) in (published[X].link or ""),
                   "a link with the remote id", published[X].link)


# MARK: Scenario 3: a hostile text is shown as text


def hostile_text_is_text(world: World) -> None:
    results, ada = world.results, world.browser("ada")
    post = compose(results, ada, HOSTILE, [world.x_account()], "in 30m")
    world.posts.append(post)
    due = datetime.now(timezone.utc) + timedelta(minutes=30)

    check_page(results, ada, "owner")
    results.expect("post page: the text is shown as text", ada.texts("p.text") == [HOSTILE], [HOSTILE], ada.texts("p.text"))
    nothing_injected(results, ada, "post page")

    ada.open("/")
    check_page(results, ada, "owner")
    shown = [item.find_element(By.CSS_SELECTOR, "p.text").text for item in ada.find("li")
             if item.find_elements(By.CSS_SELECTOR, f'a[href="/posts/{post}"]') and item.find_elements(By.CSS_SELECTOR, "p.text")]
    results.expect("today: the text is shown as text", shown == [HOSTILE], [HOSTILE], shown)
    nothing_injected(results, ada, "today")

    entry = calendar_entry(results, ada, post, due)
    check_page(results, ada, "owner")
    shown = [element.text for element in entry.find_elements(By.CSS_SELECTOR, ".text")]
    results.expect("calendar: the entry shows the text as text", shown == [HOSTILE], f"the entry's .text is {HOSTILE!r}", shown or entry.text)
    nothing_injected(results, ada, "calendar")


def nothing_injected(results: Results, browser: Browser, page: str) -> None:
    alert = browser.alert_text()
    results.expect(f"{page}: no alert", alert is None, "no alert", alert)
    results.expect(f"{page}: no injected img[src=x]", not browser.find('img[src="x"]'), "none", len(browser.find('img[src="x"]')))
    scripts = [s.get_attribute("src") or "(inline)" for s in browser.find("script")]
    results.expect(f"{page}: no script but the app's own", all(src.endswith("/static/app.js") for src in scripts), "only /static/app.js", scripts)


# MARK: Scenario 5: every page at a phone's and a laptop's size


def screenshots(world: World) -> None:
    results = world.results
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()  # so that no picture of an earlier run passes for this one's
    stranger = world.browser("stranger")
    stranger.open("/login")
    check_page(results, stranger, None)
    photograph(results, stranger, "login")

    ada = world.browser("ada")
    pages = {**PAGES, "post": f"/posts/{world.some_post()}"}
    for name, path in pages.items():
        ada.open(path)
        check_page(results, ada, "owner")
        photograph(results, ada, name)


    # The question before unlinking, for its "Keep it" link: the answer to a POST, asked again at each size rather than
    # reloaded (a reload would send the form again).
    world.x_account()

    def ask_to_unlink() -> None:
        ada.open("/accounts")
        ada.click_and_leave('form[action="/accounts/unlink"] button', "an account's Unlink button")
    photograph(results, ada, "unlink", load=ask_to_unlink)


# Links and controls a finger aims at (docs/web.md: at least 44 px), and checkboxes, which must not shrink.
TOUCH_TARGETS = "nav a, .brand, a.new, .actions a, .free a, .day-name a, a.button, button, select, input:not([type=hidden]):not([type=checkbox])"
MEASURE = """return Array.from(document.querySelectorAll(arguments[0])).map(function (e) {
  var r = e.getBoundingClientRect();
  return {what: e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " " + (e.textContent || e.name || "").trim().slice(0, 24),
          width: r.width, height: r.height};
}).filter(function (m) { return m.width > 0 && m.height > 0; });"""


def photograph(results: Results, browser: Browser, name: str, load: Callable[[], None] | None = None) -> None:
    for width, height in SIZES:
        browser.size(width, height)
        if load:
            load()
        else:
            browser.driver.refresh()  # laid out anew at this size
        path = browser.screenshot(f"{name}-{width}x{height}")
        results.expect(f"screenshot {path.relative_to(ROOT)}", path.stat().st_size > 0, "a PNG", path.stat().st_size)
        overflow = browser.driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        results.expect(f"{name} at {width}x{height}: fits the width (no sideways scrolling)", overflow <= 0, "no overflow", f"{overflow}px too wide")
        small = [f"{m['what']!r} {m['width']:.0f}x{m['height']:.0f}" for m in browser.driver.execute_script(MEASURE, TOUCH_TARGETS)
                 if m["width"] < 43.5 or m["height"] < 43.5]
        results.expect(f"{name} at {width}x{height}: touch targets at least 44x44 px", not small, "none smaller", small)
        shrunk = [f"{m['width']:.0f}x{m['height']:.0f}" for m in browser.driver.execute_script(MEASURE, "input[type=checkbox]")
                  if m["width"] < 19.5 or m["height"] < 19.5]
        results.expect(f"{name} at {width}x{height}: checkboxes keep their 20 px", not shrunk, "none shrunk", shrunk)
    browser.size(1280, 800)


# MARK: Scenario 6: pauses and the next due post as schedctl says them, times with their zone, each account counted


ZONED = re.compile(r"\d\d:\d\d [+-]\d\d:\d\d")


def pauses_zones_and_counts(world: World) -> None:
    """Issue 47: Status names the post a pause holds as `schedctl status` does, Today and Status say what lifts each pause
    and an owner resumes from the page; every time carries its zone; the composer counts every account ticked."""
    results, daemon = world.results, world.daemon
    x = world.x_account()
    linked = [f"{a['network']}:@{a['handle']}" for a in daemon.schedctl_json("accounts", "list") if a["network"] == "bluesky"]
    if not linked:  # setup, not under test: Bluesky is linked with an app password, from schedctl
        token = daemon.schedctl("sandbox", "token", "bluesky", "--username", "browser-sky")
        linked = ["bluesky:@" + json.loads(daemon.schedctl("accounts", "add", "bluesky", "--json", stdin=token))["handle"]]
    sky = linked[0]
    daemon.schedctl_json("schedule", "Held by a pause", "--to", x, "--at", "in 50m")
    daemon.schedctl_json("schedule", "Goes out first", "--to", sky, "--at", "in 70m")
    daemon.schedctl("pause", x)
    try:
        cli = daemon.schedctl("status")
        named = re.search(r"next due:\s+post (\d+) .*; waits: " + re.escape(x) + " is paused", cli)
        results.require("schedctl status names a post the pause holds as next due", named is not None, f"next due: post N …; waits: {x} is paused", cli)
        held = int(named.group(1))
        ada = world.browser("ada")
        ada.open("/status")
        facts = ada.texts(".facts li")
        next_due = [line for line in facts if line.startswith("Next due:")]
        results.expect("Status: the same next due post as schedctl status", next_due[:1] and next_due[0].startswith(f"Next due: post {held} at ")
                       and f"waits: {x} is paused" in next_due[0], f"Next due: post {held} at …; waits: {x} is paused", facts)
        results.expect("Status: its time has its zone", bool(next_due) and ZONED.search(next_due[0]) is not None, "HH:MM +hh:mm", next_due)
        for path, name in (("/status", "status-held"), ("/", "today-held")):
            ada.open(path)
            check_page(results, ada, "owner")
            holds = ada.texts(".hold")
            results.expect(f"{path}: says {x} is paused by hand", any(f"{x} is paused, by hand." in h for h in holds), "the pause and what lifts it", holds)
            results.expect(f"{path}: a Resume button for the owner", bool(ada.find(f'form[action="/resume"] input[name="account"][value="{x}"]')),
                           "form[action=/resume]", holds)
            photograph(results, ada, name)
        ada.open("/")
        times = [t for t in ada.texts(".posts .time") if t != "draft"]
        results.expect("Today: every time has its zone", bool(times) and all(ZONED.search(t) for t in times), "Tue 8 Dec 06:30 +01:00", times)
        ben = world.browser("ben")
        ben.open("/")
        results.expect("Today for an editor: the pause, no Resume", any(f"{x} is paused" in h for h in ben.texts(".hold"))
                       and not ben.find('form[action="/resume"]'), "the pause without a button", ben.texts(".hold"))
        ada.click_and_leave(f'form[action="/resume"] input[value="{x}"] + button', f"Resume {x}")
        results.expect("Resume goes back to Today", ada.path == "/", "/", ada.path)
        paused = daemon.schedctl_json("status").get("paused") or {}
        results.expect("Resume lifted the pause, as schedctl resume does", x not in paused.get("accounts", []), f"{x} not paused", paused)
        results.expect("Today no longer shows the pause", not any(f"{x} is paused" in h for h in ada.texts(".hold")), "no pause", ada.texts(".hold"))

        ada.open("/calendar")
        cells = ada.texts(".entry .time")
        results.expect("Calendar: every time has its zone", bool(cells) and all(ZONED.search(t) for t in cells), "HH:MM +hh:mm", cells)
        ada.open("/compose")
        ada.type("textarea#text", "Tempo tonight \U0001F44D\U0001F3FD", "the text")
        tick(ada, [x, sky])
        count = ada.wait("a count for each account ticked",
                         lambda _: (t := ada.one("#text-count", "the live count").text) and f"{x} (X):" in t and f"{sky} (Bluesky):" in t and t)
        results.expect("Compose: X counted of 280 and Bluesky of 300", " of 280" in count and " of 300" in count, "… of 280 · … of 300", count)
        for width, height in SIZES:
            ada.size(width, height)
            path = ada.screenshot(f"compose-counts-{width}x{height}")
            results.expect(f"screenshot {path.relative_to(ROOT)}", path.stat().st_size > 0, "a PNG", path.stat().st_size)
        ada.size(1280, 800)
    finally:
        daemon.schedctl("resume", x)


# MARK: Scenario 8: the post page does what schedctl does


def the_post_page_does_what_schedctl_does(world: World) -> None:
    """Issue 47: a post's page shows each account's text and the first comment and edits them in the composer's form;
    a save lands on the post after a redirect (a reload submits nothing); cancelling asks first; a draft is scheduled
    from its page; an editor sees their rejected post with the reason on Today until they dismiss it."""
    results, daemon = world.results, world.daemon
    x = world.x_account()
    own, comment = "Club run Thursday: 8 km, all paces", "Route: https://example.org/r/7"
    made = daemon.schedctl_json("schedule", "Club run Thursday", "--to", x, "--at", "in 3h", "--text-for", f"{x}={own}", "--first-comment", comment)
    post = int(made["id"])
    ada = world.browser("ada")
    ada.open(f"/posts/{post}")
    check_page(results, ada, "owner")
    results.expect("the post page shows the account's own text", any(own in t for t in ada.texts(".own-text")), own, ada.texts(".own-text"))
    results.expect("the post page shows the first comment", any(comment in t for t in ada.texts(".first-comment")), comment, ada.texts(".first-comment"))
    photograph(results, ada, "post-page")
    changed = "Club run Thursday: 9 km by the river"
    ada.type(f'textarea[name="override:{x}"]', changed, f"the own text of {x}")
    ada.click_and_leave("button#save", "the Save button")
    results.expect("Save lands on the post's page", ada.path == f"/posts/{post}", f"/posts/{post}", ada.path)
    results.expect("it says Saved.", "Saved." in ada.texts(".note"), "Saved.", ada.texts(".note"))
    shown = daemon.schedctl_json("show", str(post))
    results.expect("the delivery has the new own text, as schedctl shows it", shown["deliveries"][0].get("text") == changed, changed, shown["deliveries"])
    ada.driver.refresh()
    results.expect("a reload shows the post and submits nothing", "Saved." not in ada.texts(".note")
                   and daemon.schedctl_json("show", str(post))["version"] == shown["version"], "no note, the same version", ada.texts(".note"))

    ada.click_and_leave("button#cancel", "Cancel what has not gone out…")
    results.expect("cancelling asks first", ada.heading() == f"Cancel post {post}?", f"Cancel post {post}?", ada.heading())
    photograph(results, ada, "cancel-asks")
    ada.click_and_leave(f'a[href="/posts/{post}"]', "Keep it")
    results.expect("Keep it cancels nothing", states_of(daemon.schedctl_json("show", str(post))) == ["scheduled"], ["scheduled"],
                   states_of(daemon.schedctl_json("show", str(post))))

    draft = int(daemon.schedctl_json("schedule", "Hill repeats, time to be set", "--to", x, "--draft")["id"])
    ada.open(f"/posts/{draft}")
    ada.type("input#schedule-at", "in 4h", "the draft's time")
    ada.click_and_leave("button#schedule-draft", "the Schedule button")
    results.expect("a draft is scheduled from its page", states_of(daemon.schedctl_json("show", str(draft))) == ["scheduled"], ["scheduled"],
                   states_of(daemon.schedctl_json("show", str(draft))))

    ben = world.browser("ben")
    proposed = compose(results, ben, "Tempo Tuesday at the track", [x], "in 5h")
    ada.open("/")
    results.expect("the owner's Today says who wrote what waits", any("written by ben" in t for t in ada.texts("#awaiting ~ ul li, .posts li")),
                   "written by ben", ada.texts(".posts li"))
    daemon.schedctl("reject", str(proposed), "--reason", "Say which Tuesday")
    ben.open("/")
    rejected = ben.texts('section[aria-labelledby="rejected"] li')
    results.expect("the editor's Today shows the rejection with its reason", any("Say which Tuesday" in t for t in rejected),
                   "rejected by …: Say which Tuesday", rejected)
    photograph(results, ben, "today-rejected")
    ben.click_and_leave(f'form[action="/posts/{proposed}/dismiss"] button', "Dismiss")
    ben.open("/")
    results.expect("dismissed, it leaves Today", not ben.find('section[aria-labelledby="rejected"]'), "no Rejected section",
                   ben.texts('section[aria-labelledby="rejected"] li'))


# MARK: Scenario 7: a deep link survives signing in, and leads nowhere else


def deep_link_after_sign_in(world: World) -> None:
    results, post = world.results, world.some_post()
    visitor = world.browser("a signed-out visitor")
    visitor.open(f"/posts/{post}")
    results.require(f"/posts/{post} signed out: sent to sign in, told where to return", visitor.path == f"/login?next=/posts/{post}",
                    f"/login?next=/posts/{post}", visitor.path)
    sign_in_here(visitor, "ben", PASSWORD)
    results.expect(f"signed in from /login?next=/posts/{post}: on the post", visitor.path == f"/posts/{post}", f"/posts/{post}",
                   f"{visitor.path} ({visitor.heading()!r})")
    for elsewhere in ["//example.org/", "/\\example.org", "https://example.org/"]:
        stranger = world.browser(f"a visitor sent to {elsewhere}")
        stranger.open("/login?next=" + requests.utils.quote(elsewhere, safe=""))
        sign_in_here(stranger, "ben", PASSWORD)
        results.expect(f"next={elsewhere}: signed in, on Today instead", urlparse(stranger.driver.current_url).netloc == urlparse(world.daemon.base).netloc
                       and stranger.path == "/", "/ on this site", stranger.driver.current_url)
        stranger.quit()
        del world.browsers[f"a visitor sent to {elsewhere}"]


def sign_in_here(browser: Browser, name: str, password: str) -> None:
    """Fills the sign-in form of the page the browser is on (keeping its `next`) and sends it."""
    browser.type("#name", name, "the name field")
    browser.type("#password", password, "the password field")
    browser.click_and_leave('form[action="/login"] button[type="submit"]', "the sign-in button")


# MARK: Scenario 4: refusals (CSRF, a viewer, the throttle): last, see the module's docstring


def refusals(world: World) -> None:
    a_form_without_its_token_is_refused(world)
    a_viewer_cannot_schedule(world)
    failed_sign_ins_are_throttled(world)


def a_form_without_its_token_is_refused(world: World) -> None:
    results, ada = world.results, world.browser("ada")
    ada.open("/")
    # The logout form is on every page: without its token it must be refused, and the person stays signed in.
    ada.one('form[action="/logout"] input[name="csrf"]', "the logout form's token")
    ada.driver.execute_script('document.querySelector(\'form[action="/logout"] input[name="csrf"]\').remove()')
    ada.click_and_leave('form[action="/logout"] button', "Log out, without the form's token")
    results.expect("logout without its token: refused", ada.heading() == "Not sent from this app", "Not sent from this app", ada.heading())
    ada.open("/")
    results.expect("logout without its token: still signed in", ada.path == "/" and ada.heading() == "Today", "/ (Today)", ada.path)

    post = world.some_post()
    before = world.daemon.schedctl_json("show", str(post))
    answer = ada.post(f"/posts/{post}/cancel", {})
    refused(results, answer, f"POST /posts/{post}/cancel without a token")
    after = world.daemon.schedctl_json("show", str(post))
    results.expect(f"POST /posts/{post}/cancel without a token: nothing changed", states_of(after) == states_of(before), states_of(before), states_of(after))

    count = world.daemon.post_count()
    answer = ada.post("/compose", {"text": "No token", "account": X, "at": "in 1h", "action": "schedule"}, files={"media": ("", b"")})
    refused(results, answer, "POST /compose without a token")
    results.expect("POST /compose without a token: nothing stored", world.daemon.post_count() == count, f"{count} posts", world.daemon.post_count())


def refused(results: Results, answer: requests.Response, what: str) -> None:
    results.expect(f"{what}: 403", answer.status_code == 403, "403", answer.status_code)
    results.expect(f"{what}: says 'Not sent from this app'", "Not sent from this app" in answer.text, "Not sent from this app", answer.text)
    problems = header_problems(answer)
    results.expect(f"{what}: security headers on the refusal", not problems, "CSP, X-Frame-Options, Referrer-Policy, nosniff", problems)


def states_of(post: dict) -> list[str]:
    return [delivery.get("state", "") for delivery in post.get("deliveries", [])]


def a_viewer_cannot_schedule(world: World) -> None:
    results, cleo = world.results, world.browser("cleo")
    check_page(results, cleo, "viewer")
    token = cleo.one('form[action="/logout"] input[name="csrf"]', "the session's token").get_attribute("value")
    cleo.open("/compose")
    status = cleo.fetch("/compose").status_code
    results.expect("a viewer's /compose: 403 or no Schedule button", status == 403 or (status == 200 and not cleo.find("button#schedule")),
                   "403, or a page without button#schedule", f"{status}, {len(cleo.find('button#schedule'))} Schedule buttons")
    count = world.daemon.post_count()
    answer = cleo.post("/compose", {"csrf": token, "text": "A viewer tries", "account": X, "at": "in 1h", "action": "schedule"},
                       files={"media": ("", b"")})
    results.expect("a viewer's POST /compose with its token: 403", answer.status_code == 403, "403", answer.status_code)
    results.expect("a viewer's POST /compose: nothing stored", world.daemon.post_count() == count, f"{count} posts", world.daemon.post_count())


def failed_sign_ins_are_throttled(world: World) -> None:
    """Five failures for a name (and so from this address) slow the next tries: the sixth, with the right password,
    is refused; so is another name from this address, and the same name from another address. The wait after the
    fifth failure is 2 s, so the three tries after it are made at once."""
    results, stranger = world.results, world.browser("stranger")
    for attempt in range(1, 6):
        sign_in(stranger, "ada", "not the password")
        results.expect(f"wrong password {attempt}: 'Wrong name or password.'", stranger.texts(".error") == ["Wrong name or password."],
                       ["Wrong name or password."], stranger.texts(".error"))
    fifth = time.monotonic()
    sign_in(stranger, "ada", PASSWORD)
    sixth = time.monotonic() - fifth
    errors = stranger.texts(".error")
    results.expect("sixth try, right password: 'Too many failed sign-ins'", stranger.path == "/login" and len(errors) == 1
                   and re.fullmatch(r"Too many failed sign-ins\. Try again in \d+ seconds\.", errors[0]) is not None,
                   "Too many failed sign-ins. Try again in N seconds.", f"{stranger.path}, {errors}, {sixth:.2f}s after the fifth failure")
    another_name = form_sign_in(world.daemon.base, "ben", PASSWORD)
    throttled(results, another_name, "ben from the same address (per address)", fifth)
    another_address = form_sign_in(world.daemon.base, "ada", PASSWORD, forwarded_for="192.0.2.7")
    throttled(results, another_address, "ada from another address (per name)", fifth)


def form_sign_in(base: str, name: str, password: str, forwarded_for: str | None = None) -> requests.Response:
    """Signs in as the form does (its token from the page, in its cookie), where the answer's status can be read."""
    session = requests.Session()
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    page = session.get(f"{base}/login", headers=headers, timeout=WAIT)
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)
    fields = {"csrf": token.group(1) if token else "", "name": name, "password": password}
    return session.post(f"{base}/login", data=fields, headers=headers, allow_redirects=False, timeout=WAIT)


def throttled(results: Results, answer: requests.Response, who: str, fifth: float) -> None:
    late = f"{time.monotonic() - fifth:.2f}s after the fifth failure"
    results.expect(f"{who}: 429 with Retry-After", answer.status_code == 429 and answer.headers.get("Retry-After", "").isdigit(),
                   "429 and Retry-After: N", f"{answer.status_code}, Retry-After {answer.headers.get('Retry-After')!r}, {late}")
    results.expect(f"{who}: says 'Too many failed sign-ins'", "Too many failed sign-ins" in answer.text, "Too many failed sign-ins", late)


# MARK: Running it all


SCENARIOS = [  # in the order they run: 4 last (see the module's docstring)
    ("1", "the owner links X and Facebook and publishes a photo to both", owner_publishes_a_photo),
    ("2", "an editor's run waits for the owner's approval", editor_run_waits_for_approval),
    ("3", "a hostile text is shown as text", hostile_text_is_text),
    ("5", "every page at 390x844 and 1280x800", screenshots),
    # After 5, which clears the screenshots of earlier runs first: this one's pictures are kept.
    ("6", "pauses and next due as schedctl says them, zones, each account counted", pauses_zones_and_counts),
    ("7", "a deep link survives signing in", deep_link_after_sign_in),
    ("8", "the post page does what schedctl does", the_post_page_does_what_schedctl_does),
    ("4", "refusals: CSRF, a viewer, the sign-in throttle", refusals),
]


def run_scenario(world: World, number: str, title: str, scenario: Callable[[World], None]) -> None:
    results = world.results
    results.scenario = number
    failures, log_start = len(results.failed), len(world.daemon.log_lines())
    world.used.clear()
    print(f"\n\033[1mscenario {number}: {title}\033[0m", flush=True)
    try:
        scenario(world)
    except CheckFailed as stop:
        if not stop.reported:
            results.expect("the scenario could go on", False, "what the scenario needed next", str(stop))
    except WebDriverException as error:  # an alert a page raised lands here too (UnexpectedAlertPresentException)
        results.expect(f"the browser: {type(error).__name__}", False, "no browser error", error.msg or str(error))
    except Exception as error:  # noqa: BLE001 - a bug in this script is a failure too, reported with its trace
        results.expect(f"the test itself: {type(error).__name__}", False, "no error", traceback.format_exc())
    if len(results.failed) > failures:
        for who, browser in world.browsers.items():
            if who not in world.used:
                continue
            try:
                print(f"  {who}'s browser is on {browser.path}; picture: {browser.screenshot(f'failure-{number}-{who}').relative_to(ROOT)}")
            except WebDriverException:
                pass
        print(f"  the daemon's log during the scenario ends:\n{indent(world.daemon.log_tail(since=log_start))}", flush=True)


def indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def bin_dir() -> Path:
    if os.environ.get("BIN"):
        return Path(os.environ["BIN"])
    return Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip())


def preflight(bin_path: Path) -> list[str]:
    """What must be there before anything starts, each with how to get it."""
    problems = [f"{bin_path / p} is missing (make build, which links schedctl and sandboxd to schedulerd; or BIN=…)" for p in ("schedulerd", "schedctl", "sandboxd") if not (bin_path / p).exists()]
    problems += [f"{p} is missing (apt-get install chromium chromium-driver)" for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    if not PHOTO.exists():
        problems.append(f"{PHOTO} is missing")
    return problems


def main() -> int:
    # SIGTERM (make's ^C, a CI timeout) unwinds like an error, so the finally below stops every process.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    become_subreaper()
    bin_path = bin_dir()
    problems = preflight(bin_path)
    if problems:
        print("browser-test: cannot start:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    wanted = [s.strip() for s in os.environ.get("BROWSER_TEST_SCENARIOS", "").split(",") if s.strip()]
    require_approval = os.environ.get("BROWSER_TEST_REQUIRE_APPROVAL", "1") != "0"
    work = Path(tempfile.mkdtemp(prefix="schedulerd-browser."))
    results = Results()
    daemon = Daemon(bin_path, work, require_approval)
    world = World(daemon, results, work)
    started = time.monotonic()
    results.scenario = "setup"
    try:
        print(f"browser-test: {bin_path}, state in {work}, web app on {daemon.base}, require_approval {require_approval}")
        daemon.start()
        for name, role in PEOPLE.items():
            daemon.schedctl("web", "user", "add", name, "--role", role, stdin=PASSWORD + "\n")
        for number, title, scenario in SCENARIOS:
            if not wanted or number in wanted:
                run_scenario(world, number, title, scenario)
    except CheckFailed as error:  # the daemon did not start, or people could not be added
        results.expect("setup", False, "a daemon with its web app and three people", str(error))
    except (KeyboardInterrupt, SystemExit) as stop:  # ^C or SIGTERM: stop everything, and say so
        results.expect("the run was not interrupted", False, "to run to its end", f"stopped ({type(stop).__name__} {stop})")
    finally:
        world.close()
        daemon.stop()
        stop_orphans()
    return report(results, work, time.monotonic() - started)


def report(results: Results, work: Path, seconds: float) -> int:
    print(f"\n\033[1mbrowser-test: {len(results.passed)} checks passed in {seconds:.0f}s\033[0m")
    for name in results.passed:
        print(f"  ok    {name}")
    if results.failed:
        print(f"\033[1mbrowser-test: {len(results.failed)} checks failed\033[0m (state and log kept in {work}; screenshots in {SCREENSHOTS.relative_to(ROOT)})")
        for name in results.failed:
            print(f"  FAIL  {name}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(results.passed)} passed, {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
