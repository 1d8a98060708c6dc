#!/usr/bin/env python3
"""Checks that every internal URL of a built site works where the site is served.

Usage: check_links.py SITE_DIR BASE_URL

BASE_URL is the address the site was built for, such as https://user.github.io/repo/. Every root-relative URL in
the HTML (href, src, srcset, action, poster and the content of og:url and og:image) and in CSS url() must start
with BASE_URL's path; every absolute URL that starts with BASE_URL, in HTML, sitemap.xml, robots.txt and the
Atom feeds, must name a file the build wrote; every .xml file must be well-formed. Exits 1 and lists the
problems otherwise.
"""
import html
import html.parser
import pathlib
import re
import sys
import urllib.parse
import xml.etree.ElementTree

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data"}
META_URL_PROPERTIES = {"og:url", "og:image", "twitter:image"}


class URLCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            if name in URL_ATTRIBUTES:
                self.urls.append(value)
            elif name == "srcset":
                self.urls += [candidate.split()[0] for candidate in value.split(",") if candidate.strip()]
            elif name == "style":
                self.urls += css_urls(value)
        if tag == "meta" and (values.get("property") or values.get("name")) in META_URL_PROPERTIES:
            self.urls.append(values.get("content") or "")
        self.in_style = tag == "style"

    def handle_data(self, data):
        if self.in_style:
            self.urls += css_urls(data)

    def handle_endtag(self, tag):
        self.in_style = False


def css_urls(css):
    return [match.strip("'\" ") for match in re.findall(r"url\(([^)]*)\)", css)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    site = pathlib.Path(sys.argv[1])
    base_url = sys.argv[2] if sys.argv[2].endswith("/") else sys.argv[2] + "/"
    base_path = urllib.parse.urlsplit(base_url).path or "/"
    broken = []
    checked = 0

    def check(source, url):
        nonlocal checked
        parts = urllib.parse.urlsplit(url)
        if url.startswith(base_url):
            path = parts.path
        elif not parts.scheme and not parts.netloc and url.startswith("/"):
            path = parts.path
            if not path.startswith(base_path):
                broken.append(f"{source}: {url} does not start with {base_path}")
                return
        else:
            return  # another site, a fragment, mailto:, or a relative URL
        checked += 1
        relative = urllib.parse.unquote(path[len(base_path):])
        target = site / relative
        if path.endswith("/"):
            target = target / "index.html"
        if not target.is_file():
            broken.append(f"{source}: {url} names no file ({target})")

    for file in sorted(site.rglob("*")):
        source = str(file.relative_to(site))
        if file.suffix == ".html":
            collector = URLCollector()
            collector.feed(file.read_text(encoding="utf-8"))
            for url in collector.urls:
                check(source, url)
        elif file.suffix == ".css":
            for url in css_urls(file.read_text(encoding="utf-8")):
                check(source, url)
        elif file.suffix in {".xml", ".txt"}:
            if file.suffix == ".xml":
                try:
                    xml.etree.ElementTree.parse(file)
                except xml.etree.ElementTree.ParseError as error:
                    broken.append(f"{source}: not well-formed XML: {error}")
            # Feeds hold escaped HTML: unescaped once, its attributes end at a quote like any other URL.
            for url in re.findall(r"https?://[^\s<>\"']+", html.unescape(file.read_text(encoding="utf-8"))):
                if url.startswith(base_url):
                    check(source, url)

    for line in broken[:50]:
        print("links: " + line)
    if broken:
        print(f"links: {len(broken)} problem(s); {checked} internal URLs under {base_url} were checked")
        return 1
    print(f"links: all {checked} internal URLs under {base_url} name files the build wrote")
    return 0


if __name__ == "__main__":
    sys.exit(main())
