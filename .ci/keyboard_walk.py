#!/usr/bin/env python3
"""Walks pages of a built site with the Tab key, in Chromium or WebKitGTK, and fails on any of:

- the first Tab stop is not a skip link (an in-page link whose target exists), or following it does not move
  the focus into its target, so that the next Tab stop is inside the target or after it;
- a Tab stop shows no focus indicator (no outline and no box shadow, or a box of no size), or its outline is
  clipped by an ancestor that clips what overflows it (overflow other than visible) where no scrolling reveals
  it: a box with hidden or clipped overflow, an edge that its box is already scrolled to the end of, or a ring
  larger than the box. (Browsers do not scroll a box when the element focused in it is partly in view, so a link
  at the edge of a table that scrolls sideways can be cut until the reader scrolls: that is not a failure.)
- the focus never leaves the page or comes back to a stop it already visited (a keyboard trap).

Usage: keyboard_walk.py SITE_DIR [--setting ENGINE:WIDTH:SCHEME]... PAGE...

Pages and settings are given as for axe_check.py (see site_browser.py for the engines). Tab is a real key press
sent through WebDriver, so the browser moves the focus, scrolls to it and applies :focus-visible itself.
"""
import argparse
import pathlib
import sys
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import site_browser

# Installs window.__measure(): what the focused element is, and whether its focus indicator shows in full. An
# outline is drawn outside the border box by its width plus its offset; an ancestor whose overflow is not visible
# clips at its padding box. Every focus change is measured as it happens, into window.__walk, so that Tab can be
# pressed many times in one WebDriver command.
INSTALL = """
window.__walk = [];
window.__measure = () => {
const seen = window.__walkSeen || (window.__walkSeen = new Map());
const element = document.activeElement;
if (!element || element === document.body || element === document.documentElement) return {left: true};
if (!seen.has(element)) seen.set(element, seen.size);
const describe = node => {
  let text = node.tagName.toLowerCase();
  if (node.id) text += '#' + node.id;
  if (node.classList.length) text += '.' + [...node.classList].join('.');
  const label = node.getAttribute('aria-label') || node.getAttribute('href') || (node.textContent || '').trim();
  return label ? text + ' "' + label.replace(/\\s+/g, ' ').slice(0, 60) + '"' : text;
};
const style = getComputedStyle(element);
const outline = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) || 0 : 0;
const shadow = style.boxShadow !== 'none';
const box = element.getBoundingClientRect();
const result = {id: seen.get(element), name: describe(element), indicator: outline > 0 || shadow,
                empty: box.width < 1 || box.height < 1, clippedBy: null};
const reach = outline > 0 ? outline + (parseFloat(style.outlineOffset) || 0) : 0;
const ring = {left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach};
for (let node = element.parentElement; node; node = node.parentElement) {
  const clip = getComputedStyle(node);
  if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
  if (node === document.body || node === document.documentElement) continue;
  const outer = node.getBoundingClientRect();
  const left = outer.left + node.clientLeft, top = outer.top + node.clientTop;
  const right = left + node.clientWidth, bottom = top + node.clientHeight;
  const scrolls = axis => ['auto', 'scroll'].includes(axis);
  const x = scrolls(clip.overflowX), y = scrolls(clip.overflowY);
  const cut = [
    ring.left < left - 0.5 && !(x && node.scrollLeft > 0) && 'left',
    ring.right > right + 0.5 && !(x && node.scrollLeft + node.clientWidth < node.scrollWidth - 1) && 'right',
    ring.top < top - 0.5 && !(y && node.scrollTop > 0) && 'top',
    ring.bottom > bottom + 0.5 && !(y && node.scrollTop + node.clientHeight < node.scrollHeight - 1) && 'bottom',
    ring.right - ring.left > node.clientWidth + 1 && 'width',
    ring.bottom - ring.top > node.clientHeight + 1 && 'height',
  ].filter(Boolean);
  if (cut.length) {
    result.clippedBy = describe(node) + ' at its ' + cut.join(', ') + ' (overflow: ' + clip.overflowX + ' ' + clip.overflowY + ')';
    break;
  }
}
return result;
};
document.addEventListener('focusin', () => window.__walk.push(window.__measure()), true);
"""
MEASURE = "return window.__measure()"
STOPS = "return window.__walk.splice(0)"
# Tab presses per WebDriver command.
BATCH = 25

# The first stop's link target, after the link was followed: is the focus in it?
SKIP_TARGET = """
const link = arguments[0];
const id = decodeURIComponent(link.hash.slice(1));
const target = id && document.getElementById(id);
if (!target) return {missing: link.getAttribute('href')};
const focus = document.activeElement;
return {hash: location.hash, focused: focus === target || target.contains(focus)};
"""

# Is the focused element inside the element with this id, or after it in the document?
AFTER_TARGET = """
const target = document.getElementById(arguments[0]);
const focus = document.activeElement;
return !!focus && (target.contains(focus) || !!(target.compareDocumentPosition(focus) & Node.DOCUMENT_POSITION_FOLLOWING));
"""

# Elements a Tab may stop at: an upper bound for the walk, past which it is a trap.
TABBABLE_COUNT = """
return document.querySelectorAll('a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]').length;
"""


def walk(browser: site_browser.Browser, url: str, setting: site_browser.Setting, page: str) -> tuple[list[str], int]:
    """The problems one page has at one setting (none when it passes), and how many Tab stops it has."""
    driver = browser.driver
    driver.get(url)
    driver.execute_script(INSTALL)
    problems = []
    where = f"keyboard: {setting}: {page}"

    def tab(times=1):
        ActionChains(driver).send_keys(Keys.TAB * times).perform()

    tab()
    first = driver.execute_script(MEASURE)
    link = driver.switch_to.active_element
    if first.get("left") or link.tag_name != "a" or not (link.get_attribute("href") or "").split("#", 1)[1:]:
        return [f"{where}: the first Tab stop is {first.get('name', 'outside the page')}, not a skip link"], 0
    problems += check_stop(where, 1, first)
    target_id = link.get_attribute("href").split("#", 1)[1]
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    skip = driver.execute_script(SKIP_TARGET, link)
    if "missing" in skip:
        return problems + [f"{where}: the skip link {skip['missing']} names no element of the page"], 0
    if not skip["focused"]:
        problems.append(f"{where}: following the skip link does not move the focus to #{target_id}")
    tab()
    if not driver.execute_script(AFTER_TARGET, target_id):
        problems.append(f"{where}: after the skip link, Tab goes to {driver.execute_script(MEASURE).get('name')}, "
                        f"before #{target_id}")
    # Walk from the top of a fresh load, through every stop, until the focus leaves the page or wraps to the first.
    driver.get("about:blank")
    driver.get(url)
    driver.execute_script(INSTALL)
    limit = driver.execute_script(TABBABLE_COUNT) + 2
    visited = 0
    while True:
        tab(BATCH)
        stops = driver.execute_script(STOPS)
        for stop in stops:
            if stop["id"] < visited:
                if stop["id"] > 0:  # the first stop again is the walk wrapping round: the end
                    problems.append(f"{where}: keyboard trap: Tab stop {visited + 1} goes back to {stop['name']}")
                return problems, visited
            visited += 1
            problems += check_stop(where, visited, stop)
        if visited > limit:
            return problems + [f"{where}: keyboard trap: more than {limit} Tab stops"], visited
        if len(stops) < BATCH:
            break
    # A Tab that moved the focus nowhere: it must have left the page, not stayed on an element.
    last = driver.execute_script(MEASURE)
    if not last.get("left") and last["id"] != 0:
        problems.append(f"{where}: keyboard trap: Tab does not move the focus on from {last['name']}")
    return problems, visited


def check_stop(where: str, number: int, stop: dict) -> list[str]:
    if not stop["indicator"] or stop["empty"]:
        return [f"{where}: Tab stop {number}, {stop['name']}, shows no focus indicator"]
    if stop["clippedBy"]:
        return [f"{where}: Tab stop {number}, {stop['name']}: its focus ring is clipped by {stop['clippedBy']}"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--setting", action="append", type=site_browser.Setting.parse, dest="settings")
    parser.add_argument("pages", nargs="+")
    arguments = parser.parse_intermixed_args()
    site = arguments.site.resolve()
    pages = [site_browser.resolve(site, page) for page in arguments.pages]
    settings = arguments.settings or [site_browser.Setting("chromium", 1280, "light")]
    server = site_browser.serve(site)
    problems = []
    try:
        for setting in settings:
            start = time.monotonic()
            stops = 0
            browser = site_browser.Browser(setting.engine, setting.scheme)
            try:
                browser.set_width(setting.width)
                for page in pages:
                    url = f"http://127.0.0.1:{server.server_port}{page}"
                    try:
                        found, visited = walk(browser, url, setting, page)
                    except WebDriverException as error:
                        # The browser failed, not the page (a page's problems are returned, not raised): on a loaded
                        # machine WebKitWebDriver has dropped its session mid-walk with an empty message. The page
                        # is walked again in a new session, once; a second failure fails the gate.
                        print(f"keyboard: {setting}: {page}: the browser session failed "
                              f"({error.msg or type(error).__name__}); walking the page again in a new one",
                              file=sys.stderr, flush=True)
                        browser.quit_quietly()
                        browser = site_browser.Browser(setting.engine, setting.scheme)
                        browser.set_width(setting.width)
                        found, visited = walk(browser, url, setting, page)
                    browser.check_setting(setting)
                    for problem in found:
                        print(problem)
                    problems += found
                    stops += visited
            finally:
                browser.quit()
            print(f"keyboard: {setting}: {len(pages)} page(s), {stops} Tab stops in {time.monotonic() - start:.0f} s")
    finally:
        server.shutdown()
    if problems:
        print(f"keyboard: {len(problems)} problem(s)")
        return 1
    print(f"keyboard: {len(pages)} page(s) in {len(settings)} setting(s) passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
