"""data/imports/: part of the example data as files that `tally import` reads, and the rest of example.sql
around them, so the example database can be rebuilt through the importer with the same site as a result.

    python3 data/generate_example.py --imports data/imports      # the files below and their README
    python3 data/generate_example.py --imports-rest DIR          # the SQL seeded around the imports

Three files and a folder, each in the shape of a real export, made from the same rows as example.sql:

  * irs-eo-bmf.csv  the 15 organizations in the columns of the IRS exempt-organization extract (EO BMF);
  * sam-girokonto.csv  Sam's euro gifts as a German bank's CSV export (semicolons, 1.234,56, 31.12.2025);
  * outbox.json  Ada's posts that reached Mastodon, as her account archive's outbox, plus five activities
    the importer must leave out (a boost, a reply, an unlisted and a followers-only post, a private mention);
  * congress/  the members of Congress as a congress-legislators roster and the bills' roll calls as the House
    Clerk's and the Senate's XML (congress_files.py).

A format carries only some of a row (no mission in the IRS extract, no like counts in tally's reading of an
outbox), and an import appends rows with new ids where example.sql interleaves them. The rest SQL supplies the
other columns and moves imported rows to example.sql's ids: `make example-db-from-imports` runs it in four
steps between the imports, and the site built from that database is byte for byte the one from example.sql.

Values that example.sql does not have (EINs, IBANs, bank references, Mastodon ids) are invented from their
own random.Random(IMPORTS_SEED), so the rows of example.sql and their order of draws are untouched.
"""

import csv
import datetime as dt
import io
import json
import os
import random
import re

from . import civic, congress_files
from .sql import SQLWriter, sql_literal

IMPORTS_SEED = 2025

ORGANIZATIONS_FILE = "irs-eo-bmf.csv"
BANK_FILE = "sam-girokonto.csv"
OUTBOX_FILE = "outbox.json"
BANK_USER, BANK_CURRENCY = "sam", "EUR"
MASTODON_USER, MASTODON_HOST = "ada", "mastodon.social"

REST_FILES = ["1-after-organizations.sql", "2-after-donations.sql", "3-after-mastodon.sql", "4-after-congress.sql"]

# `tally import` for each file, in the order the rebuild runs them: (format, file, the options after the file); the
# rest file of the same position is seeded after it. The Makefile's example-db-from-imports runs the same commands:
# keep the two in step.
ORGANIZATION_MAP_IGNORED = ["ICO", "STREET", "ZIP", "GROUP", "SUBSECTION", "AFFILIATION", "CLASSIFICATION", "RULING",
                            "DEDUCTIBILITY", "FOUNDATION", "ACTIVITY", "ORGANIZATION", "STATUS", "TAX_PERIOD",
                            "ASSET_CD", "INCOME_CD", "FILING_REQ_CD", "PF_FILING_REQ_CD", "ACCT_PD", "ASSET_AMT",
                            "INCOME_AMT", "REVENUE_AMT", "NTEE_CD", "SORT_NAME"]
IMPORTS = [
    ("csv", ORGANIZATIONS_FILE, [
        "--table", "organizations",
        "--map", "EIN=external_id,NAME=name,CITY=city,STATE=region",
        "--map", ",".join(c + "=" for c in ORGANIZATION_MAP_IGNORED),
    ]),
    ("csv", BANK_FILE, [
        "--table", "donations", "--user", BANK_USER, "--decimal-comma", "--date-format", "%d.%m.%Y",
        "--map", "Buchungstag=donated_at,Empfänger=organization,Verwendungszweck=note,Buchungsreferenz=external_id,"
                 "Betrag=amount,Währung=currency",
        "--map", "Valuta=,Buchungstext=,IBAN=,Soll/Haben=",
    ]),
    ("mastodon", OUTBOX_FILE, ["--user", MASTODON_USER]),
]
# Then the members of Congress and their roll calls (congress_files.py), one command per format, each file name a
# shell pattern; the last rest file is seeded after all three.
CONGRESS = congress_files.DIRECTORY
ROSTER_FILE = f"{CONGRESS}/{congress_files.ROSTER_FILE}"
CONGRESS_IMPORTS = [
    ("congress-roster", ROSTER_FILE, ["--set", f"source={civic.MEMBER_SOURCE}"]),
    ("house-vote", f"{CONGRESS}/roll*.xml", ["--set", f"source={congress_files.ROLL_CALL_SOURCE}"]),
    ("senate-vote", f"{CONGRESS}/vote_*.xml", ["--set", f"source={congress_files.ROLL_CALL_SOURCE}"]),
]

# The IRS extract's columns, in its order.
BMF_COLUMNS = ["EIN", "NAME", "ICO", "STREET", "CITY", "STATE", "ZIP", "GROUP", "SUBSECTION", "AFFILIATION",
               "CLASSIFICATION", "RULING", "DEDUCTIBILITY", "FOUNDATION", "ACTIVITY", "ORGANIZATION", "STATUS",
               "TAX_PERIOD", "ASSET_CD", "INCOME_CD", "FILING_REQ_CD", "PF_FILING_REQ_CD", "ACCT_PD", "ASSET_AMT",
               "INCOME_AMT", "REVENUE_AMT", "NTEE_CD", "SORT_NAME"]
# An NTEE code for the first of an organization's tags that has one (invented, but of the right kind).
NTEE_BY_TAG = {"malaria": "E70", "vaccines": "E70", "deworming": "E70", "neglected-tropical-diseases": "E70",
               "nutrition": "K40", "eye-health": "G41", "cash-transfers": "Q30", "surgery": "E20",
               "community-health": "E32", "climate": "C20", "research": "T50"}
US_ZIP_PREFIX = {"New York": "100", "Washington": "200", "San Jose": "951", "Boston": "021", "Oakland": "946"}
BANK_COLUMNS = ["Buchungstag", "Valuta", "Buchungstext", "Empfänger", "IBAN", "Verwendungszweck", "Buchungsreferenz",
                "Betrag", "Soll/Haben", "Währung"]

PUBLIC = "https://www.w3.org/ns/activitystreams#Public"


class CapturingWriter(SQLWriter):
    """Writes example.sql as SQLWriter does and keeps every table's rows, as dicts in insertion order."""

    def __init__(self):
        super().__init__()
        self.tables = {}  # table -> (columns, [row dict])
        self.kept = {}  # what SQLWriter.keep was given

    def keep(self, name, value):
        self.kept[name] = value

    def insert(self, table, columns, rows, chunk=250):
        rows = list(rows)
        self.tables.setdefault(table, (columns, []))[1].extend(dict(zip(columns, r)) for r in rows)
        super().insert(table, columns, rows, chunk)


class Example:
    """example.sql's rows, and which of them each import file carries."""

    def __init__(self, tables, kept):
        self.tables = tables
        self.kept = kept
        self.rows = {table: rows for table, (_columns, rows) in tables.items()}
        user_ids = {u["username"]: u["id"] for u in self.rows["users"]}
        self.bank_user, self.mastodon_user = user_ids[BANK_USER], user_ids[MASTODON_USER]
        self.org_by_id = {o["id"]: o for o in self.rows["organizations"]}
        self.bank_gifts = [d for d in self.rows["donations"]
                           if d["user_id"] == self.bank_user and d["currency"] == BANK_CURRENCY]
        self.account = next(a for a in self.rows["social_accounts"]
                            if a["user_id"] == self.mastodon_user and a["platform"] == "mastodon")
        self.account_url = f"https://{MASTODON_HOST}/users/{MASTODON_USER}"
        assert self.account["handle"] == f"@{MASTODON_USER}@{MASTODON_HOST}"
        on_mastodon = {d["post_id"]: d for d in self.rows["post_deliveries"]
                       if d["account_id"] == self.account["id"] and d["status"] == "published"}
        self.tooted = [(p, on_mastodon[p["id"]]) for p in self.rows["posts"] if p["id"] in on_mastodon]
        self.tooted.sort(key=lambda pd: (pd[1]["published_at"], pd[0]["id"]))
        self.tooted_ids = {p["id"] for p, _d in self.tooted}


def capture():
    from .main import build_sql  # main imports this module for its command line
    w = CapturingWriter()
    build_sql(w)
    return Example(w.tables, w.kept)


# ---- irs-eo-bmf.csv ------------------------------------------------------------------------------------------

def amount_code(dollars):
    """The extract's ASSET_CD / INCOME_CD: 0 for none, then one code per band up to 9 for $50,000,000 and more."""
    bounds = [1, 10_000, 25_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000, 50_000_000]
    return str(sum(dollars >= b for b in bounds))


def bmf_rows(example, rng):
    eins = sorted(rng.sample(range(1_000_000, 9_999_999), len(example.rows["organizations"])))
    tags = {}
    for t in example.rows["organization_tags"]:
        tags.setdefault(t["organization_id"], []).append(t["tag"])
    rows = []
    for org, ein in zip(example.rows["organizations"], eins):
        ntee = next((NTEE_BY_TAG[t] for t in tags[org["id"]] if t in NTEE_BY_TAG), "E70")
        zip_prefix = US_ZIP_PREFIX.get(org["city"]) if org["country"] == "United States" else None
        assets = rng.randrange(2_000_000, 400_000_000, 1000)
        income = int(assets * rng.uniform(0.6, 2.5)) // 1000 * 1000
        revenue = int(income * rng.uniform(0.9, 1.0)) // 1000 * 1000
        month = rng.choice(["06", "09", "12", "12", "12"])
        rows.append({
            "EIN": f"00{ein}",  # no EIN starts with 00: these are not any real organization's
            "NAME": org["name"], "ICO": "",
            "STREET": f"PO BOX {rng.randrange(100, 9999)}",
            "CITY": org["city"] or "", "STATE": org["region"] or "",
            "ZIP": f"{zip_prefix}{rng.randrange(10, 99)}-{rng.randrange(0, 9999):04d}" if zip_prefix else "",
            "GROUP": "0000", "SUBSECTION": "03", "AFFILIATION": "3", "CLASSIFICATION": "1000",
            "RULING": f"{rng.randrange(1985, 2016)}{rng.randrange(1, 13):02d}", "DEDUCTIBILITY": "1",
            "FOUNDATION": rng.choice(["15", "15", "16"]), "ACTIVITY": "000000000", "ORGANIZATION": "1",
            "STATUS": "01", "TAX_PERIOD": f"2024{month}", "ASSET_CD": amount_code(assets),
            "INCOME_CD": amount_code(income), "FILING_REQ_CD": "01", "PF_FILING_REQ_CD": "0", "ACCT_PD": month,
            "ASSET_AMT": str(assets), "INCOME_AMT": str(income), "REVENUE_AMT": str(revenue), "NTEE_CD": ntee,
            "SORT_NAME": "",
        })
    return rows


def slug(text):
    """Tally's Slug.make: lowercase ASCII letters and digits joined by single hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "-"


# ---- sam-girokonto.csv ---------------------------------------------------------------------------------------

def euros(cents):
    """1234567 → 12.345,67, as a German bank writes amounts."""
    whole = f"{cents // 100:,}".replace(",", ".")
    return f"{whole},{cents % 100:02d}"


def bank_rows(example, rng):
    ibans = {}
    rows = []
    for d in example.bank_gifts:
        org = example.org_by_id[d["organization_id"]]
        if org["id"] not in ibans:  # DE00…: 00 is never a valid check number, so no real account has these
            ibans[org["id"]] = "DE00" + "".join(str(rng.randrange(10)) for _ in range(18))
        day = dt.date.fromisoformat(d["donated_at"])
        rows.append({
            "Buchungstag": day.strftime("%d.%m.%Y"), "Valuta": day.strftime("%d.%m.%Y"),
            "Buchungstext": "Dauerauftrag" if d["recurring"] else "Online-Überweisung",
            "Empfänger": org["name"], "IBAN": ibans[org["id"]], "Verwendungszweck": d["note"],
            "Buchungsreferenz": day.strftime("%Y%m%d") + f"{rng.randrange(10**9):09d}",
            "Betrag": euros(d["amount_cents"]), "Soll/Haben": "S", "Währung": d["currency"],
        })
    assert len({r["Buchungsreferenz"] for r in rows}) == len(rows)
    return rows


# ---- outbox.json ---------------------------------------------------------------------------------------------

def status_id(when, rng):
    """A Mastodon status id: the creation time in milliseconds, shifted 16 bits, plus a sequence number."""
    ms = int(when.replace(tzinfo=dt.timezone.utc).timestamp()) * 1000 + rng.randrange(1000)
    return str((ms << 16) + rng.randrange(1 << 16))


def escape(text):
    """HTML text as Mastodon (Rails) escapes it."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#39;"))


def note_html(text, host):
    """A status's `content`: one paragraph, hashtags linked as Mastodon links them; and its `tag` list."""
    html, tags, last = [], [], 0
    for m in re.finditer(r"(?<![\w/])#(\w+)", text):
        html.append(escape(text[last:m.start()]))
        name = m.group(1)
        html.append(f'<a href="https://{host}/tags/{name}" class="mention hashtag" rel="tag">#<span>{name}</span></a>')
        tags.append({"type": "Hashtag", "href": f"https://{host}/tags/{name.lower()}", "name": f"#{name.lower()}"})
        last = m.end()
    html.append(escape(text[last:]))
    return "<p>" + "".join(html) + "</p>", tags


def mention(host, name):
    return (f'<span class="h-card" translate="no"><a href="https://{host}/@{name}" class="u-url mention">'
            f'@<span>{name}</span></a></span>')


class Outbox:
    def __init__(self, rng):
        self.rng = rng
        self.actor = f"https://{MASTODON_HOST}/users/{MASTODON_USER}"
        self.followers = self.actor + "/followers"
        self.items = []

    def note(self, when, content, tags=(), to=(PUBLIC,), cc=None, summary=None, in_reply_to=None, likes=0,
             shares=0):
        sid = status_id(when, self.rng)
        uri = f"{self.actor}/statuses/{sid}"
        published = when.strftime("%Y-%m-%dT%H:%M:%SZ")
        cc = [self.followers] if cc is None else list(cc)
        self.items.append({
            "id": uri + "/activity", "type": "Create", "actor": self.actor, "published": published,
            "to": list(to), "cc": cc,
            "object": {
                "id": uri, "type": "Note", "summary": summary, "inReplyTo": in_reply_to, "published": published,
                "url": f"https://{MASTODON_HOST}/@{MASTODON_USER}/{sid}", "attributedTo": self.actor,
                "to": list(to), "cc": cc, "sensitive": summary is not None, "atomUri": uri,
                "inReplyToAtomUri": in_reply_to,
                "conversation": f"tag:{MASTODON_HOST},{published[:10]}:objectId={self.rng.randrange(10**8, 10**9)}"
                                ":objectType=Conversation",
                "content": content, "attachment": [], "tag": list(tags),
                "likes": {"id": uri + "/likes", "type": "Collection", "totalItems": likes},
                "shares": {"id": uri + "/shares", "type": "Collection", "totalItems": shares},
            },
        })
        return uri

    def boost(self, when, status, author):
        sid = status_id(when, self.rng)
        self.items.append({
            "id": f"{self.actor}/statuses/{sid}/activity", "type": "Announce", "actor": self.actor,
            "published": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "to": [PUBLIC], "cc": [author, self.followers],
            "object": status,
        })

    def document(self):
        self.items.sort(key=lambda item: item["published"])
        return {
            "@context": ["https://www.w3.org/ns/activitystreams", {
                "ostatus": "http://ostatus.org#", "atomUri": "ostatus:atomUri",
                "inReplyToAtomUri": "ostatus:inReplyToAtomUri", "conversation": "ostatus:conversation",
                "sensitive": "as:sensitive", "toot": "http://joinmastodon.org/ns#", "Hashtag": "as:Hashtag"}],
            "id": "outbox.json", "type": "OrderedCollection", "totalItems": len(self.items),
            "orderedItems": self.items,
        }


def build_outbox(example, rng):
    """Ada's archive: every post published on her Mastodon account, and five activities tally leaves out.
    Returns the document and {post id: the note's id}."""
    box = Outbox(rng)
    note_ids = {}
    for post, delivery in example.tooted:
        when = dt.datetime.strptime(delivery["published_at"], "%Y-%m-%dT%H:%M:%SZ")
        content, tags = note_html(post["content"], MASTODON_HOST)
        note_ids[post["id"]] = box.note(when, content, tags, likes=delivery["likes"], shares=delivery["shares"])

    sam = "https://urbanists.social/users/sam"
    sam_status = f"{sam}/statuses/{status_id(dt.datetime(2025, 5, 6, 7, 12, 4), rng)}"
    box.boost(dt.datetime(2025, 4, 25, 13, 2, 51), f"{sam}/statuses/{status_id(dt.datetime(2025, 4, 25, 8, 40), rng)}", sam)
    box.note(dt.datetime(2025, 5, 6, 16, 20, 37),
             "<p>" + mention("urbanists.social", "sam") + " More benches, fewer cars: count me in for the "
             "Kiezblock tour when I&#39;m in Berlin 🌳</p>",
             [{"type": "Mention", "href": sam, "name": "@sam@urbanists.social"}],
             cc=[box.followers, sam], in_reply_to=sam_status, likes=2)
    box.note(dt.datetime(2025, 6, 14, 18, 3, 9), "<p>Testing a new client. Ignore me 🙃</p>",
             to=[box.followers], cc=[PUBLIC])
    box.note(dt.datetime(2025, 9, 2, 21, 48, 30),
             "<p>Rent went up 9% this year. Giving stays at 10%; the streaming services went instead.<br />"
             "Happy to share the spreadsheet if anyone wants it.</p>",
             to=[box.followers], cc=[], summary="money talk, rent")
    box.note(dt.datetime(2025, 11, 20, 12, 31, 55),
             "<p>" + mention("urbanists.social", "sam") + " are you coming to the giving circle dinner on the "
             "15th? I&#39;ll save you a seat.</p>",
             [{"type": "Mention", "href": sam, "name": "@sam@urbanists.social"}], to=[sam], cc=[])
    return box.document(), note_ids


# ---- the files -----------------------------------------------------------------------------------------------

def csv_text(columns, rows, delimiter=",", newline="\n"):
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, delimiter=delimiter, lineterminator=newline)
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def outbox_text(document):
    """The outbox as JSON with one activity a line: Mastodon writes it all on one line, which is valid too."""
    head = {k: v for k, v in document.items() if k != "orderedItems"}
    dump = lambda value: json.dumps(value, ensure_ascii=False)
    lines = [f"  {dump(k)}: {dump(v)}," for k, v in head.items()]
    items = ",\n".join("    " + dump(item) for item in document["orderedItems"])
    return "{\n" + "\n".join(lines) + '\n  "orderedItems": [\n' + items + "\n  ]\n}\n"


def build_files(example):
    """{file name: text} for data/imports/, and the note id of each imported post (the rest SQL needs both)."""
    rng = random.Random(IMPORTS_SEED)
    orgs = bmf_rows(example, rng)
    bank = bank_rows(example, rng)
    outbox, note_ids = build_outbox(example, rng)
    files = {
        ORGANIZATIONS_FILE: csv_text(BMF_COLUMNS, orgs),
        # A German bank's export: a byte-order mark, semicolons and CRLF line ends.
        BANK_FILE: "\ufeff" + csv_text(BANK_COLUMNS, bank, delimiter=";", newline="\r\n"),
        OUTBOX_FILE: outbox_text(outbox),
    }
    congress, roll_calls = congress_files.build(example)
    files.update(congress)
    files["README.md"] = readme(example, orgs, bank, outbox, roll_calls)
    return files, {"eins": [r["EIN"] for r in orgs], "references": [r["Buchungsreferenz"] for r in bank],
                   "notes": note_ids, "roll_calls": roll_calls}


def write_imports(directory):
    example = capture()
    files, _keys = build_files(example)
    os.makedirs(directory, exist_ok=True)
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(directory, name)), exist_ok=True)
        with open(os.path.join(directory, name), "w", encoding="utf-8", newline="") as fh:
            fh.write(text)


def command_lines(db="data/example.sqlite", tally="tally", rest="REST"):
    """The rebuild's commands for a shell, with a line break before each --map."""
    lines = [f"{tally} migrate {db}"]
    steps = [[i] for i in IMPORTS] + [CONGRESS_IMPORTS]
    for step, rest_file in zip(steps, REST_FILES):
        for fmt, name, args in step:
            words = [f"{tally} import {fmt} data/imports/{name} --db {db}"]
            for a in args:
                words.append(("\\\n    " if a == "--map" else "") + (a if re.fullmatch(r"[\w./=-]+", a) else f"'{a}'"))
            lines.append(" ".join(words))
        lines.append(f"{tally} migrate {db} --seed {rest}/{rest_file}")
    return lines


def roll_call_table(roll_calls):
    rows = ["| file | bill | chamber | question | result | yes–no |", "| --- | --- | --- | --- | --- | --- |"]
    for name, bill, chamber, question, result, yes, no in roll_calls:
        rows.append(f"| `{name}` | {bill} | {chamber} | {question} | {result} | {yes}–{no} |")
    return "\n".join(rows)


def readme(example, orgs, bank, outbox, roll_calls):
    left_out = len(outbox["orderedItems"]) - len(example.tooted)
    members = [r for r in example.rows["representatives"] if r["chamber"] in ("house", "senate")]
    house = [r for r in roll_calls if r[2] == "House"]
    senate = [r for r in roll_calls if r[2] == "Senate"]
    commands = "\n".join(command_lines(tally="$TALLY", rest="$REST"))
    own_slugs = [o["slug"] for o in example.rows["organizations"] if slug(o["name"]) != o["slug"]]
    slugs = " and ".join(f"`{s}`" for s in own_slugs)
    return f"""# Example data as import files

The files here hold part of the example database (`data/example.sql`) in the shapes people export such
data in, so that `tally import` can be tried on them and the example database can be rebuilt through the
importer. `python3 data/generate_example.py --imports data/imports` writes them from the same rows as
`example.sql`: do not edit them by hand.

| file | shape | holds | becomes |
| --- | --- | --- | --- |
| `{ORGANIZATIONS_FILE}` | the IRS exempt-organization extract (EO BMF): its 28 columns, comma-separated | the {len(orgs)} organizations | organizations: name, city, region, and the EIN as `external_id` |
| `{BANK_FILE}` | a German bank's CSV export: UTF-8 with a byte-order mark, `;`, CRLF line ends, dates as `31.12.2025`, amounts as `1.150,00` with `S` (debit) beside them | Sam's {len(bank)} gifts in euros (his gifts in pounds went from a UK card) | donations of `sam` |
| `{OUTBOX_FILE}` | `outbox.json` from a Mastodon account archive: an ActivityPub `OrderedCollection`, one activity a line | the {len(example.tooted)} posts published on Ada's Mastodon account, and {left_out} activities the importer leaves out | posts of `ada`, each with its Mastodon delivery |
| `{ROSTER_FILE}` | congress-legislators' `legislators-current.yaml`: a YAML list of `id`, `name` and `terms` | the {len(members)} fictional members of Congress, each with the example's id as `id.bioguide` (senators also as `id.lis`) | representatives: name, party, state, district, chamber, website, and the ids and term |
| `{CONGRESS}/roll*.xml` | the House Clerk's roll-call XML (`rollcall-vote`), one file per roll call | {len(house)} House roll calls | roll_calls and roll_call_positions |
| `{CONGRESS}/vote_*.xml` | the Senate LIS roll-call XML (`roll_call_vote`), one file per roll call | {len(senate)} Senate roll calls | roll_calls and roll_call_positions |

The {left_out} activities are a boost, a public reply, an unlisted post, a followers-only post with a content
warning and a private mention. `tally import mastodon` leaves them all out (a reply or an unlisted post
only comes in with `--replies` or `--unlisted`), so none of them reaches the site.

## What is invented

Where `example.sql` has a value, the files use it, as it is: an organization's `NAME`, `CITY` and `STATE`
are the example's name, city and region, although a real extract writes names in capitals, gives `STATE`
as a two-letter code and lists only organizations that are tax-exempt in the United States. Everything
else is made up: EINs start with `00`, which the IRS never assigns, IBANs have the check number `00`,
which no account has, and the streets, ZIP codes, ruling dates, amounts, NTEE codes, bank references and
Mastodon ids belong to nobody.

## Congress: the roster and the roll calls

The members of Congress are **fictional**, as in `example.sql`, and so are their positions; each file
says so in a comment, and the import commands say so in the data: `--set source=…` gives every member and
every roll call a `source` that the site shows beside them. The bills are real, and the roll calls are
exactly those of `example.sql` (`roll_calls` and `roll_call_positions`): each chamber's real totals dealt
out to the fictional members (a vacant seat has no position and is not in the file). The totals by party
and in all are counted from the positions, as the chambers' files state them: parties by name in the
House's `totals-by-party` (`Democratic`), by letter on each member. A member's `name-id` (House) and
`lis_member_id` (Senate) is the example's representative id (`H-CA-11`, `S-CA-1`), the same id the roster
gives as `id.bioguide` and, for senators, `id.lis`: no real bioguide or LIS id looks like these.

For the Fiscal Responsibility Act (`hr3746-118`) the House's day has more than its passage vote: a quorum
call, a failed amendment and a failed motion to recommit come first; their positions are dealt to the
members who voted on passage that day (those who did not vote on passage do not vote on them either),
from their own random numbers, so these three are invented outright and the last rest step says so in
their `source`. The roster gives the members with a website a made-up phone number (202-555-01xx, a range
kept for fiction), office and contact form. Roll-call numbers are the real ones where the example's notes give them
(Senate 314 for H.R. 3684, House 404 for H.R. 4346 and 243 for H.R. 3746); the others, the times of
day and the roster's terms are invented.

{roll_call_table(roll_calls)}

## Rebuilding the example database from these files

```sh
make example-db-from-imports     # data/example.sqlite, through tally import
make example-imports-check       # builds the site from it and from example.sql, and compares the two
```

`make example-db-from-imports` runs these commands, where `$TALLY` is the tally binary and `$REST` the
folder (`.build/example-imports/rest`) that `python3 data/generate_example.py --imports-rest $REST`
writes the rest of `example.sql` into:

```sh
{commands}
```

The imports say what they did: {len(orgs)} organizations inserted; {len(bank)} donations inserted;
{len(example.tooted)} posts and {len(example.tooted)} post deliveries inserted, Ada's Mastodon account found
(`social_accounts: 1 skipped`), and 1 boost, 1 followers-only post, 1 private mention, 1 reply and 1
unlisted post left out; the {len(members)} representatives found as they are (the first rest step
seeded them with the leadership posts the roster cannot name); {len(house)} House and {len(senate)} Senate
roll calls inserted with their positions.

The rest is `example.sql` without the imported rows, in four steps, because each needs rows that the
import before it made (Sam's gifts need the organizations, a post that shared a gift needs the gift):

1. `{REST_FILES[0]}`: for each organization what the IRS extract has no column for (mission,
   description, website, donate link, logo, country, rating, verified badge, minimum gift, cost per
   outcome, the date it was added) and, for {slugs}, the example's slug, which is not the name's
   (`the-end-fund`); the tags and media; every other table except posts; and the link from Ada's
   Mastodon account to her archive (`import_source` `mastodon`, her actor's address as `external_id`), so
   that the import finds the account instead of adding a second one.
2. `{REST_FILES[1]}`: which of Sam's gifts are standing orders (`recurring`: the bank says
   `Dauerauftrag` in `Buchungstext`, which no column map turns into a yes or no), each gift's id in
   `example.sql`, and the posts that are not in the outbox, with their deliveries.
3. `{REST_FILES[2]}`: each imported post's id in `example.sql`, when it was written (`created_at`;
   the outbox's `published` is when it reached Mastodon), its `scheduled_for`, the gift it shared, the
   likes and boosts of its Mastodon delivery (which the import also reads from the outbox: the same values),
   and its deliveries to the other platforms.
4. `{REST_FILES[3]}`: checks that the roster gave every member of Congress its source, that the roll
   calls came in, and that no roll call named a member the roster lacks, then gives the three invented roll
   calls their own `source`. The roster keeps each member's position (the leadership posts it cannot name)
   and writes district 0 as `At-Large`, as the example does.

An import appends rows, while `example.sql` numbers gifts and posts by date across all users. The site
shows post ids (the feed's entry ids) and breaks ties by id, so the rest moves the imported rows onto the
example's ids, finding each by its `external_id`. Each step first checks that the import before it gave
what it expects, and stops with a message if not.

Importing a file again into the rebuilt database changes nothing, except that the outbox sets the
imported posts' `created_at` back to their `published` time: the archive knows when a post reached
Mastodon, not when it was written.
"""


# ---- the rest of example.sql ---------------------------------------------------------------------------------

def guard(w, name, condition, message):
    """A statement that fails the seed with `message` unless the SQL `condition` holds."""
    w.raw(f'CREATE TEMP TABLE "{name}" (ok INTEGER CONSTRAINT {sql_literal(message)} CHECK (ok));')
    w.raw(f'INSERT INTO "{name}" SELECT {condition};')


def update(w, table, values, where):
    sets = ", ".join(f"{column} = {sql_literal(value)}" for column, value in values)
    w.raw(f"UPDATE {table} SET {sets} WHERE {where};")


def keyed(source, external_id):
    return f"import_source = {sql_literal(source)} AND external_id = {sql_literal(external_id)}"


def header(w, step, after):
    w.comment(f"The rest of data/example.sql, step {step}: seeded after {after}.")
    w.comment("Written by python3 data/generate_example.py --imports-rest DIR for make example-db-from-imports;")
    w.comment("see data/imports/README.md.")
    w.blank()
    w.raw("BEGIN;")
    w.blank()


def insert_table(w, example, table, keep=lambda row: True):
    columns, rows = example.tables[table]
    kept = [tuple(r[c] for c in columns) for r in rows if keep(r)]
    if kept:
        w.insert(table, columns, kept)


def rest_after_organizations(example, keys):
    w = SQLWriter()
    header(w, 1, f"tally import csv data/imports/{ORGANIZATIONS_FILE}")
    orgs = example.rows["organizations"]
    pairs = ", ".join(f"({o['id']}, {sql_literal(ein)})" for o, ein in zip(orgs, keys["eins"]))
    guard(w, "organizations imported", f"(SELECT count(*) FROM organizations) = {len(orgs)} AND "
          f"(SELECT count(*) FROM organizations WHERE import_source = {sql_literal(ORGANIZATIONS_FILE)} "
          f"AND (id, external_id) IN (VALUES {pairs})) = {len(orgs)}",
          f"data/imports/{ORGANIZATIONS_FILE} should have given the organizations the ids of example.sql")
    w.blank()
    w.comment("What the IRS extract has no column for; the slug where the example's is not the name's")
    imported = {"id", "name", "city", "region"}
    for o, ein in zip(orgs, keys["eins"]):
        values = [(c, o[c]) for c in example.tables["organizations"][0] if c not in imported and c != "slug"]
        if slug(o["name"]) != o["slug"]:
            values.insert(0, ("slug", o["slug"]))
        update(w, "organizations", values, keyed(ORGANIZATIONS_FILE, ein))
    w.blank()
    for table in ["organization_tags", "organization_media", "users"]:
        insert_table(w, example, table)
    w.comment(f"Donations, except {BANK_USER}'s gifts in {BANK_CURRENCY} ({BANK_FILE})")
    bank_ids = {d["id"] for d in example.bank_gifts}
    insert_table(w, example, "donations", lambda d: d["id"] not in bank_ids)
    for table in ["incomes", "exchange_rates", "budget_categories", "expenses", "representatives", "user_representatives", "bills",
                  "questions", "social_accounts"]:
        insert_table(w, example, table)
    w.comment(f"{MASTODON_USER}'s Mastodon account is the one her archive ({OUTBOX_FILE}) comes from")
    update(w, "social_accounts", [("import_source", "mastodon"), ("external_id", example.account_url)],
           f"id = {example.account['id']}")
    w.blank()
    w.raw("COMMIT;")
    return w.text()


def rest_after_donations(example, keys):
    w = SQLWriter()
    header(w, 2, f"tally import csv data/imports/{BANK_FILE}")
    n = len(example.bank_gifts)
    guard(w, "donations imported", f"count(*) = {n} FROM donations WHERE import_source = {sql_literal(BANK_FILE)}",
          f"data/imports/{BANK_FILE} should have given {n} donations")
    w.blank()
    w.comment(f"{BANK_USER}'s gifts onto example.sql's ids (out of the way first, so no two meet), and which are")
    w.comment("standing orders")
    w.raw(f"UPDATE donations SET id = -id WHERE import_source = {sql_literal(BANK_FILE)};")
    for d, reference in zip(example.bank_gifts, keys["references"]):
        update(w, "donations", [("id", d["id"]), ("recurring", d["recurring"])], keyed(BANK_FILE, reference))
    guard(w, "donations renumbered", "NOT EXISTS (SELECT 1 FROM donations WHERE id < 0)",
          f"a gift in data/imports/{BANK_FILE} is not the one example.sql has")
    w.blank()
    w.comment(f"Posts that are not in {OUTBOX_FILE}, and their deliveries")
    insert_table(w, example, "posts", lambda p: p["id"] not in example.tooted_ids)
    insert_table(w, example, "post_deliveries", lambda d: d["post_id"] not in example.tooted_ids)
    w.blank()
    w.raw("COMMIT;")
    return w.text()


def rest_after_mastodon(example, keys):
    w = SQLWriter()
    header(w, 3, f"tally import mastodon data/imports/{OUTBOX_FILE}")
    n = len(example.tooted)
    guard(w, "posts imported", f"count(*) = {n} FROM posts WHERE import_source = 'mastodon'",
          f"data/imports/{OUTBOX_FILE} should have given {n} posts")
    w.blank()
    w.comment("Each imported post onto example.sql's id, with what the outbox does not say: when it was written")
    w.comment("(published is when it reached Mastodon), when it was scheduled for, the gift it shared, and the")
    w.comment("likes and boosts of its Mastodon delivery. Posts and deliveries move together; the foreign keys")
    w.comment("are checked at COMMIT.")
    w.raw("PRAGMA defer_foreign_keys = ON;")
    w.raw("UPDATE post_deliveries SET post_id = -post_id WHERE post_id IN (SELECT id FROM posts WHERE import_source = 'mastodon');")
    w.raw("UPDATE posts SET id = -id WHERE import_source = 'mastodon';")
    for post, delivery in example.tooted:
        where = keyed("mastodon", keys["notes"][post["id"]])
        w.raw(f"UPDATE post_deliveries SET post_id = {post['id']}, likes = {delivery['likes']}, "
              f"shares = {delivery['shares']} WHERE post_id = (SELECT id FROM posts WHERE {where});")
        update(w, "posts", [("id", post["id"]), ("created_at", post["created_at"]),
                            ("scheduled_for", post["scheduled_for"]), ("donation_id", post["donation_id"])], where)
    guard(w, "posts renumbered", "NOT EXISTS (SELECT 1 FROM posts WHERE id < 0) AND "
          "NOT EXISTS (SELECT 1 FROM post_deliveries WHERE post_id < 0)",
          f"a post in data/imports/{OUTBOX_FILE} is not the one example.sql has")
    w.blank()
    w.comment("The imported posts' deliveries to the other platforms")
    insert_table(w, example, "post_deliveries",
                 lambda d: d["post_id"] in example.tooted_ids and d["account_id"] != example.account["id"])
    w.blank()
    w.raw("COMMIT;")
    return w.text()


def rest_after_congress(example, keys):
    w = SQLWriter()
    header(w, 4, f"tally import congress-roster, house-vote and senate-vote of data/imports/{CONGRESS}/")
    members = [r for r in example.rows["representatives"] if r["chamber"] in ("house", "senate")]
    roll_calls = example.rows["roll_calls"]
    guard(w, "roster imported", f"count(*) = {len(members)} FROM representatives WHERE bioguide_id IS NOT NULL "
          f"AND source = {sql_literal(civic.MEMBER_SOURCE)}",
          f"data/imports/{ROSTER_FILE} should have given the {len(members)} members of Congress their source")
    guard(w, "roll calls imported", f"count(*) = {len(roll_calls)} FROM roll_calls "
          f"WHERE source = {sql_literal(congress_files.ROLL_CALL_SOURCE)}",
          f"data/imports/{CONGRESS}/ should have given {len(roll_calls)} roll calls")
    guard(w, "no member added", f"(SELECT count(*) FROM representatives) = {len(example.rows['representatives'])}",
          "a roll call named a member who is not in the roster")
    w.blank()
    w.comment("The roll calls that are invented outright say so (the import gave every roll call the same source)")
    invented = ", ".join(sql_literal(r["source_file"]) for r in roll_calls if r["source"] == congress_files.INVENTED_SOURCE)
    update(w, "roll_calls", [("source", congress_files.INVENTED_SOURCE)], f"source_file IN ({invented})")
    w.blank()
    w.raw("COMMIT;")
    return w.text()


def write_rest(directory):
    example = capture()
    _files, keys = build_files(example)
    os.makedirs(directory, exist_ok=True)
    for name, make in zip(REST_FILES, [rest_after_organizations, rest_after_donations, rest_after_mastodon,
                                       rest_after_congress]):
        with open(os.path.join(directory, name), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(make(example, keys))
