"""What the browser gates share: the built site served on a free loopback port, its pages, and a browser at a
given width and colour scheme in one of two engines.

- chromium: Debian's chromium and chromium-driver, headless. Widths below 600 px are phone emulation
  (Chrome DevTools' device metrics with `mobile`, so the page's viewport meta applies and scrollbars overlay);
  the colour scheme is emulated media (`prefers-color-scheme`). Both change without reloading the page.
- webkit: Debian's webkit2gtk-driver (WebKitWebDriver), which drives WebKitGTK's MiniBrowser. It needs an X
  display: the gates run it under `xvfb-run` (Debian's xvfb), since its headless mode hung. MiniBrowser runs
  full-screen, without the toolbar that keeps its window 447 px wide at the least, and the window is then
  resized to the width. The dark scheme is MiniBrowser's `--dark-mode`, so each scheme is a browser of its own.
  An X server without a window manager gives no window the input focus, and WebKit matches :focus and
  :focus-visible only in a focused window, so Debian's xdotool focuses MiniBrowser's window once it shows.

Imported by axe_check.py and keyboard_walk.py (python3 puts their folder, .ci/, on the import path).
"""
import dataclasses
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import sys
import threading
import time

from selenium import webdriver

ENGINES = ("chromium", "webkit")
SCHEMES = ("light", "dark")
HEIGHT = 900


@dataclasses.dataclass(frozen=True)
class Setting:
    """One way of looking at a page: engine, viewport width in CSS pixels, colour scheme."""
    engine: str
    width: int
    scheme: str

    def __str__(self) -> str:
        return f"{self.engine} {self.width}px {self.scheme}"

    @staticmethod
    def parse(text: str) -> "Setting":
        """`chromium:375:dark` → Setting("chromium", 375, "dark")."""
        try:
            engine, width, scheme = text.split(":")
            setting = Setting(engine, int(width), scheme)
        except ValueError:
            sys.exit(f"not a setting: {text!r} (ENGINE:WIDTH:SCHEME, such as chromium:375:light)")
        if engine not in ENGINES or scheme not in SCHEMES or not 200 <= setting.width <= 4000:
            sys.exit(f"not a setting: {text!r} (engines: {', '.join(ENGINES)}; schemes: {', '.join(SCHEMES)})")
        return setting


def every_page(site: pathlib.Path) -> list[str]:
    """The site path of every HTML file in a built site, sorted: `/orgs/` for orgs/index.html."""
    pages = []
    for file in sorted(site.rglob("*.html")):
        relative = file.relative_to(site).as_posix()
        pages.append("/" + relative[: -len("index.html")] if file.name == "index.html" else "/" + relative)
    return pages


def resolve(site: pathlib.Path, page: str) -> str:
    """A site path with `*` segments replaced by the first matching folder that holds an index.html."""
    if "*" not in page:
        return page
    matches = sorted(site.glob(page.strip("/") + "/index.html"))
    if not matches:
        sys.exit(f"no page matches {page} in {site}")
    return "/" + str(matches[0].parent.relative_to(site)) + "/"


def serve(site: pathlib.Path) -> http.server.ThreadingHTTPServer:
    """Serves `site` on 127.0.0.1 at a free port, on a daemon thread."""
    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """A selenium session in one engine and scheme, whose width can change between pages."""

    def __init__(self, engine: str, scheme: str):
        self.engine = engine
        self.scheme = scheme
        self.width = None
        self.driver = _chromium() if engine == "chromium" else _webkit(scheme)
        # axe takes seconds on a large page, and much longer on a busy machine: allow for it.
        self.driver.set_script_timeout(300)
        self.driver.set_page_load_timeout(120)
        if engine == "chromium":
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                        {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def set_width(self, width: int) -> None:
        """Gives the page a viewport `width` CSS pixels wide: a phone's below 600 in Chromium."""
        if width == self.width:
            return
        self.width = width
        if self.engine == "chromium":
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": width < 600})
        else:
            # The window manager's answer may come after WebDriver's: wait until the page sees the new width.
            self.driver.set_window_size(width, HEIGHT)
            deadline = time.monotonic() + 10
            while self.driver.execute_script("return innerWidth") != width and time.monotonic() < deadline:
                time.sleep(0.05)

    def check_setting(self, setting: Setting) -> None:
        """Fails when the page does not see the width and scheme asked for (an emulation that did not apply)."""
        width, dark = self.driver.execute_script(
            "return [innerWidth, matchMedia('(prefers-color-scheme: dark)').matches]")
        if width != setting.width or dark != (setting.scheme == "dark"):
            sys.exit(f"{setting}: the page sees a viewport {width}px wide, {'dark' if dark else 'light'}: "
                     "the browser did not apply the setting")

    def quit(self) -> None:
        self.driver.quit()

    def quit_quietly(self) -> None:
        """Ends a session that has failed, whose driver may no longer answer."""
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001 - the session is being given up on whatever state it is in
            pass


def _chromium() -> webdriver.Chrome:
    from selenium.webdriver.chrome.service import Service
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        sys.exit("chromium and chromedriver must be installed (Debian: chromium chromium-driver; run make gate-deps)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size=1280,{HEIGHT}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


# How long WebKitWebDriver may take to start MiniBrowser and answer with a session (about 2 s here), and how many
# times it is started before the gate gives up. site-gates' self-test shortens the wait.
WEBKIT_START_SECONDS = float(os.environ.get("TALLY_WEBKIT_START_SECONDS", "60"))
WEBKIT_STARTS = 3


def _webkit(scheme: str) -> webdriver.WebKitGTK:
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
    driver = shutil.which("WebKitWebDriver")
    if not driver:
        sys.exit("WebKitWebDriver must be installed (Debian: webkit2gtk-driver; run make gate-deps)")
    options = Options()
    for argument in ("--automation", "--full-screen") + (("--dark-mode",) if scheme == "dark" else ()):
        options.add_argument(argument)
    if not shutil.which("xdotool"):
        sys.exit("xdotool must be installed (Debian: xdotool; run make gate-deps)")
    browser = _webkit_session(lambda service: webdriver.WebKitGTK(options=options, service=service),
                              lambda: Service(executable_path=driver))
    focus = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class", "MiniBrowser", "windowfocus"],
                           capture_output=True, text=True, timeout=60)
    if focus.returncode != 0 or not browser.execute_script("return document.hasFocus()"):
        browser.quit()
        sys.exit(f"webkit: could not focus MiniBrowser's window: {focus.stderr.strip() or 'the page has no focus'}")
    return browser


def _webkit_session(start, new_service) -> webdriver.WebKitGTK:
    """Starts WebKitWebDriver and its browser with `start`, again with a new driver when it has not answered in time.

    Now and then WebKitWebDriver starts no MiniBrowser and never answers the request for a session, and selenium
    waits for it without end (seen twice, the second time on 2026-11-28 between two settings of the axe gate: the
    gate, and with it CI, hung with the driver alive and no browser under it). Killing the driver ends the wait
    with a connection error, and a new driver starts the browser.
    """
    for attempt in range(1, WEBKIT_STARTS + 1):
        service = new_service()

        def kill_stalled_driver() -> None:
            process = getattr(service, "process", None)
            if process is not None:
                process.kill()

        watchdog = threading.Timer(WEBKIT_START_SECONDS, kill_stalled_driver)
        watchdog.start()
        try:
            return start(service)
        except Exception as error:  # selenium's errors, or the connection the killed driver reset
            if attempt == WEBKIT_STARTS:
                sys.exit(f"webkit: WebKitWebDriver gave no browser session in {WEBKIT_START_SECONDS} s, "
                         f"{WEBKIT_STARTS} times: {type(error).__name__}: {str(error).strip()}")
            print(f"webkit: no browser session after {WEBKIT_START_SECONDS} s ({type(error).__name__}: {str(error).strip()}); "
                  "starting WebKitWebDriver again", file=sys.stderr, flush=True)
        finally:
            watchdog.cancel()
    raise AssertionError("unreachable")
