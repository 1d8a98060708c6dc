#!/usr/bin/env python3
"""Generates the same synthetic site for Tally and for Hugo (python3 standard library only).

Two cases, each for N pages:
  markdown  N Markdown pages (front matter with a date and tags, four paragraphs, a table and a list),
            a section listing, a tag listing and a page per tag.
  orgs      N organizations in SQLite rendered through one templated page; Hugo gets the same rows as
            Markdown files with the columns in front matter.

Usage: bench/generate.py CASE N DIR --tally PATH-TO-TALLY
Writes DIR/tally/ and DIR/hugo/. The output depends only on CASE and N (fixed random seed).
"""
import argparse
import os
import random
import shutil
import sqlite3
import subprocess

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore "
         "magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo "
         "consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint "
         "occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum").split()
TAG_COUNT = 100
SITE_TITLE = "Bench"

HUGO_CONFIG = """baseURL = "/"
title = "Bench"
languageCode = "en"
disableKinds = [{disabled}]
[taxonomies]
tag = "tags"
"""

# Minimal layouts, the same markup for both tools.
PAGE_HEAD = '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{title} · Bench</title></head>\n<body>\n'
HUGO_SINGLE = PAGE_HEAD.format(title="{{ .Title }}") + """<h1>{{ .Title }}</h1>
<p><time>{{ .Date.Format "2006-01-02" }}</time></p>
<ul class="tags">{{ range .Params.tags }}<li><a href="/tags/{{ . | urlize }}/">{{ . }}</a></li>{{ end }}</ul>
{{ .Content }}
</body>
</html>
"""
HUGO_LIST = PAGE_HEAD.format(title="{{ .Title }}") + """<h1>{{ .Title }}</h1>
<ul>
{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ul>
</body>
</html>
"""
HUGO_TAXONOMY = PAGE_HEAD.format(title="{{ .Title }}") + """<h1>{{ .Title }}</h1>
<ul>
{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
{{ end }}</ul>
</body>
</html>
"""
TALLY_DEFAULT = PAGE_HEAD.format(title="{{page.title}}") + """<h1>{{page.title}}</h1>
{{#page.date}}<p><time>{{page.date}}</time></p>{{/page.date}}
<ul class="tags">{{#page.tags}}<li><a href="/tags/{{.}}/">{{.}}</a></li>{{/page.tags}}</ul>
{{{content}}}
</body>
</html>
"""
TALLY_CONFIG = """title: Bench
database: data/site.sqlite
publish_users: []
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def sentence(rng, words):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def paragraph(rng):
    return " ".join(sentence(rng, rng.randint(10, 16)) for _ in range(5))


def tag_name(index):
    return "tag-%02d" % index


def markdown_body(rng, i):
    parts = [paragraph(rng), paragraph(rng)]
    rows = "\n".join("| %s | %d | %d.%02d | %s |" % (rng.choice(WORDS), rng.randint(1, 999), rng.randint(0, 99),
                                                   rng.randint(0, 99), rng.choice(WORDS)) for _ in range(5))
    parts.append("| Item | Count | Price | Note |\n|---|---:|---:|---|\n" + rows)
    parts.append(paragraph(rng))
    parts.append("\n".join("- **%s** %s" % (rng.choice(WORDS), sentence(rng, 8)) for _ in range(5)))
    parts.append(paragraph(rng) + " See [page %d](/posts/page-%05d/)." % (i, i))
    return "\n\n".join(parts) + "\n"


def generate_markdown(n, tally, hugo, tally_binary):
    rng = random.Random(6)
    for i in range(1, n + 1):
        tags = sorted(rng.sample(range(TAG_COUNT), 3))
        front = "---\ntitle: \"Page %d: %s\"\ndate: 2024-%02d-%02d\ndescription: \"%s\"\ntags: [%s]\n---\n" % (
            i, sentence(rng, 3)[:-1], rng.randint(1, 12), rng.randint(1, 28), sentence(rng, 8),
            ", ".join(tag_name(t) for t in tags))
        text = front + markdown_body(rng, i)
        write("%s/content/posts/page-%05d.md" % (tally, i), text)
        write("%s/content/posts/page-%05d.md" % (hugo, i), text)

    write(tally + "/templates/default.mustache", TALLY_DEFAULT)
    write(tally + "/tally.yaml", TALLY_CONFIG)
    write(tally + "/content/index.md", "---\ntitle: Bench\n---\n- [Posts](/posts/)\n- [Tags](/tags/)\n")
    write(tally + "/content/posts/index.md", """---
title: Posts
---
```sql posts
SELECT url, title FROM site_pages WHERE section = 'posts' AND url <> '/posts/' ORDER BY date DESC, title
```
{{#posts}}
- [{{title}}]({{url}})
{{/posts}}
""")
    write(tally + "/content/tags/index.md", """---
title: Tags
---
```sql tags
SELECT tag, count(*) AS pages FROM site_page_tags GROUP BY tag ORDER BY tag
```
{{#tags}}
- [{{tag}}](/tags/{{tag}}/) ({{pages}})
{{/tags}}
""")
    write(tally + "/content/tags/[tag].md", """---
pages: SELECT DISTINCT tag FROM site_page_tags
title: "{{params.tag}}"
---
```sql tagged
SELECT p.url, p.title FROM site_page_tags t JOIN site_pages p USING (url) WHERE t.tag = :tag ORDER BY p.date DESC, p.title
```
{{#tagged}}
- [{{title}}]({{url}})
{{/tagged}}
""")
    make_database(tally, tally_binary)

    write(hugo + "/config.toml", HUGO_CONFIG.format(disabled='"RSS", "sitemap", "robotsTXT", "404"'))
    write(hugo + "/content/_index.md", "---\ntitle: Bench\n---\n")
    write(hugo + "/content/posts/_index.md", "---\ntitle: Posts\n---\n")
    write(hugo + "/layouts/_default/single.html", HUGO_SINGLE)
    write(hugo + "/layouts/_default/list.html", HUGO_LIST)
    write(hugo + "/layouts/_default/term.html", HUGO_LIST)
    write(hugo + "/layouts/_default/taxonomy.html", HUGO_TAXONOMY)


ORG_TALLY_PAGE = """---
pages: SELECT slug, name, mission FROM organizations
title: "{{params.name}}"
description: "{{params.mission}}"
layout: org
---
```sql org
SELECT name, mission, description, website, city, country, rating, impact_unit,
       cost_per_unit_cents, minimum_donation_cents, created_at
FROM organizations WHERE slug = :slug
```

```sql tags
SELECT t.tag FROM organization_tags t JOIN organizations o ON o.id = t.organization_id
WHERE o.slug = :slug ORDER BY t.tag
```

{{#org}}
{{markdown(description)}}

| Fact | Value |
|---|---|
| Based in | {{city}}, {{country}} |
| Rating | {{number1(rating)}} out of 4 |
| Cost per {{impact_unit}} | {{money(cost_per_unit_cents)}} |
| Minimum gift | {{money(minimum_donation_cents)}} |
| Listed | {{date(created_at)}} |

[Website]({{url(website)}})
{{/org}}

Tags: {{#tags}}{{tag}}{{^last()}}, {{/last()}}{{/tags}}
"""
ORG_TALLY_LAYOUT = PAGE_HEAD.format(title="{{page.title}}") + """<h1>{{page.title}}</h1>
<p class="lede">{{page.description}}</p>
{{{content}}}
</body>
</html>
"""
ORG_HUGO_SINGLE = PAGE_HEAD.format(title="{{ .Title }}") + """<h1>{{ .Title }}</h1>
<p class="lede">{{ .Params.mission }}</p>
{{ .Content }}
<table>
<thead><tr><th>Fact</th><th>Value</th></tr></thead>
<tbody>
<tr><td>Based in</td><td>{{ .Params.city }}, {{ .Params.country }}</td></tr>
<tr><td>Rating</td><td>{{ lang.FormatNumber 1 .Params.rating }} out of 4</td></tr>
<tr><td>Cost per {{ .Params.impact_unit }}</td><td>{{ lang.FormatCurrency 2 "USD" (div .Params.cost_per_unit_cents 100.0) }}</td></tr>
<tr><td>Minimum gift</td><td>{{ lang.FormatCurrency 2 "USD" (div .Params.minimum_donation_cents 100.0) }}</td></tr>
<tr><td>Listed</td><td>{{ .Date.Format "Jan 2, 2006" }}</td></tr>
</tbody>
</table>
<p><a href="{{ .Params.website }}">Website</a></p>
<p>Tags: {{ delimit .Params.labels ", " }}</p>
</body>
</html>
"""
ORG_HUGO_LIST = PAGE_HEAD.format(title="{{ .Title }}") + """<h1>{{ .Title }}</h1>
<p>{{ len .Pages }} organizations.</p>
</body>
</html>
"""


def generate_orgs(n, tally, hugo, tally_binary):
    rng = random.Random(6)
    rows, tag_rows = [], []
    for i in range(1, n + 1):
        name = "%s %s Foundation %d" % (rng.choice(WORDS).capitalize(), rng.choice(WORDS).capitalize(), i)
        row = {
            "id": i, "slug": "org-%06d" % i, "name": name, "mission": sentence(rng, 10),
            "description": paragraph(rng) + "\n\n" + paragraph(rng), "website": "https://example.org/%d" % i,
            "city": rng.choice(WORDS).capitalize(), "country": rng.choice(["Kenya", "India", "Peru", "Ghana", "Chile"]),
            "rating": round(rng.uniform(0, 4), 1), "impact_unit": rng.choice(["bed net", "meal", "vaccination", "book"]),
            "cost_per_unit_cents": rng.randint(50, 50000), "minimum_donation_cents": rng.choice([100, 500, 1000, 2500]),
            "created_at": "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
        }
        rows.append(row)
        for tag in sorted(rng.sample(range(TAG_COUNT), 3)):
            tag_rows.append((i, tag_name(tag)))

    write(tally + "/tally.yaml", TALLY_CONFIG)
    write(tally + "/templates/default.mustache", TALLY_DEFAULT)
    write(tally + "/templates/org.mustache", ORG_TALLY_LAYOUT)
    write(tally + "/content/index.md", "---\ntitle: Bench\n---\n- [Organizations](/orgs/)\n")
    write(tally + "/content/orgs/index.md", """---
title: Organizations
---
```sql orgs
SELECT count(*) AS total FROM organizations
```
{{orgs.total}} organizations.
""")
    write(tally + "/content/orgs/[slug].md", ORG_TALLY_PAGE)
    database = make_database(tally, tally_binary)
    columns = list(rows[0].keys())
    with sqlite3.connect(database) as db:
        db.executemany("INSERT INTO organizations (%s) VALUES (%s)" % (", ".join(columns), ", ".join("?" * len(columns))),
                       [tuple(row[c] for c in columns) for row in rows])
        db.executemany("INSERT INTO organization_tags (organization_id, tag) VALUES (?, ?)", tag_rows)

    write(hugo + "/config.toml", HUGO_CONFIG.format(disabled='"RSS", "sitemap", "robotsTXT", "404", "taxonomy", "term"'))
    write(hugo + "/content/_index.md", "---\ntitle: Bench\n---\n")
    write(hugo + "/content/orgs/_index.md", "---\ntitle: Organizations\n---\n")
    write(hugo + "/layouts/_default/single.html", ORG_HUGO_SINGLE)
    write(hugo + "/layouts/_default/list.html", HUGO_LIST)
    write(hugo + "/layouts/orgs/list.html", ORG_HUGO_LIST)
    labels = {}
    for org_id, tag in tag_rows:
        labels.setdefault(org_id, []).append(tag)
    for row in rows:
        front = ["---", "title: %s" % quoted(row["name"]), "date: %s" % row["created_at"]]
        for key in ("mission", "website", "city", "country", "rating", "impact_unit", "cost_per_unit_cents",
                    "minimum_donation_cents"):
            value = row[key]
            front.append("%s: %s" % (key, quoted(value) if isinstance(value, str) else value))
        front.append("labels: [%s]" % ", ".join(labels[row["id"]]))
        front.append("---")
        write("%s/content/orgs/%s.md" % (hugo, row["slug"]), "\n".join(front) + "\n" + row["description"] + "\n")


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make_database(tally, tally_binary):
    """An empty database with Tally's schema, made by `tally migrate` so it always matches the contract."""
    path = tally + "/data/site.sqlite"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    subprocess.run([tally_binary, "migrate", path], check=True, stdout=subprocess.DEVNULL)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case", choices=["markdown", "orgs"])
    parser.add_argument("n", type=int)
    parser.add_argument("directory")
    parser.add_argument("--tally", required=True, help="the tally binary, used to create the database")
    args = parser.parse_args()
    shutil.rmtree(args.directory, ignore_errors=True)
    tally, hugo = args.directory + "/tally", args.directory + "/hugo"
    generate = generate_markdown if args.case == "markdown" else generate_orgs
    generate(args.n, tally, hugo, os.path.abspath(args.tally))


if __name__ == "__main__":
    main()
