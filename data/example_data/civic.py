#!/usr/bin/env python3
"""Generate Tally's bundled example data.

    python3 data/generate_example.py > data/example.sql
    python3 data/generate_example.py --logos static/images/logos

The first form prints INSERT statements (wrapped in BEGIN/COMMIT) for every
table of the schema; the schema itself comes from the app's migrations.  The
second form (re)writes the SVG monogram logos the organizations refer to.

Everything is deterministic: all randomness comes from random.Random(2024)
and no wall-clock time, locale or network is consulted, so re-running the
script reproduces example.sql byte for byte.  Standard library only.

What is real and what is not:
  * organizations, their programs, cities and cost figures are real (figures
    are rounded public estimates; see data/README.md);
  * bills, their dates and their roll-call totals are real;
  * every representative is FICTIONAL ("Ben Sample", "Cora Placeholder", ...)
    and so is every individual vote: members are dealt out so that each
    chamber's yes/no/abstain/absent totals equal the real roll call;
  * users, donations, budgets, expenses, questions and posts are invented.
"""

import argparse
import datetime as dt
import os
import random
import re
import sys

SEED = 2024
MASTER = random.Random(SEED)


def child_rng():
    """A fresh generator for one section, drawn from the master in a fixed order."""
    return random.Random(MASTER.getrandbits(64))


# --------------------------------------------------------------------------
# SQL helpers
# --------------------------------------------------------------------------

def sql_literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(round(value, 2))
    if not isinstance(value, str):
        raise TypeError(f"cannot quote {value!r}")
    # One row per line: line breaks inside text become char(10, ...) so that
    # a multi-paragraph description still fits on a single line of SQL.
    parts = re.split(r"(\n+)", value)
    pieces = []
    for part in parts:
        if part == "":
            continue
        if part.startswith("\n"):
            pieces.append("char(" + ", ".join(["10"] * len(part)) + ")")
        else:
            pieces.append("'" + part.replace("'", "''") + "'")
    if not pieces:
        return "''"
    return " || ".join(pieces)


class SQLWriter:
    def __init__(self):
        self.lines = []

    def comment(self, text=""):
        for line in text.split("\n"):
            self.lines.append(("-- " + line).rstrip())

    def blank(self):
        self.lines.append("")

    def raw(self, text):
        self.lines.append(text)

    def insert(self, table, columns, rows, chunk=250):
        rows = list(rows)
        for start in range(0, len(rows), chunk):
            batch = rows[start:start + chunk]
            self.lines.append(f"INSERT INTO {table} ({', '.join(columns)}) VALUES")
            for i, row in enumerate(batch):
                if len(row) != len(columns):
                    raise ValueError(f"{table}: row has {len(row)} values, expected {len(columns)}")
                end = ";" if i == len(batch) - 1 else ","
                self.lines.append("  (" + ", ".join(sql_literal(v) for v in row) + ")" + end)

    def text(self):
        return "\n".join(self.lines) + "\n"


# --------------------------------------------------------------------------
# Colour helpers (WCAG contrast against white)
# --------------------------------------------------------------------------

def _channel(c):
    c = c / 255.0
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_color):
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_with_white(hex_color):
    return 1.05 / (luminance(hex_color) + 0.05)


def shade(hex_color, factor):
    """Darken a colour towards black by `factor` (0..1)."""
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (max(0, min(255, round(c * (1 - factor)))) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


# --------------------------------------------------------------------------
# Organizations
# --------------------------------------------------------------------------

ORGS = [
    dict(
        slug="against-malaria-foundation", name="Against Malaria Foundation", initials="AMF",
        logo_color="#2f6690",
        mission="Funds long-lasting insecticidal bed nets to protect people from malaria.",
        description=(
            "The Against Malaria Foundation (AMF) buys **long-lasting insecticide-treated nets** "
            "and works with distribution partners and national malaria programs to get them "
            "hung over beds in areas with high malaria burden, mostly in sub-Saharan Africa.\n\n"
            "What a donation pays for:\n\n"
            "- nets purchased in bulk and shipped to the country of distribution\n"
            "- household registration before each campaign\n"
            "- follow-up surveys in the years after each distribution to check that nets are still in use\n\n"
            "AMF publishes every distribution and its monitoring data on its website. It has been "
            "a [GiveWell top charity](https://www.givewell.org/charities/amf) for many years."
        ),
        website="https://www.againstmalaria.com",
        donate_url="https://www.againstmalaria.com/Donate.aspx",
        city="London", region="England", country="United Kingdom",
        rating=4.0, verified=1, minimum=100, unit="bed net", cost=500,
        created="2023-01-04", tags=["global-health", "malaria", "children"],
    ),
    dict(
        slug="malaria-consortium", name="Malaria Consortium", initials="MC",
        logo_color="#6a4c93",
        mission="Prevents and treats malaria and other communicable diseases among vulnerable populations.",
        description=(
            "Malaria Consortium's GiveWell-recommended program is **seasonal malaria chemoprevention "
            "(SMC)**: during the rainy season, when most malaria cases occur, children aged 3–59 "
            "months receive a course of preventive antimalarial drugs once a month for four or five "
            "months.\n\n"
            "- delivered door to door by trained community distributors\n"
            "- run with national malaria programs in the Sahel and elsewhere\n"
            "- coverage measured by household surveys after each season\n\n"
            "Read more on [malariaconsortium.org](https://www.malariaconsortium.org)."
        ),
        website="https://www.malariaconsortium.org",
        donate_url="https://www.malariaconsortium.org/donate",
        city="London", region="England", country="United Kingdom",
        rating=4.0, verified=1, minimum=100, unit="child protected for one malaria season", cost=700,
        created="2023-01-04", tags=["global-health", "malaria", "children"],
    ),
    dict(
        slug="helen-keller-intl", name="Helen Keller Intl", initials="HKI",
        logo_color="#7a5230",
        mission="Works to eliminate preventable vision loss, malnutrition and disease.",
        description=(
            "Helen Keller Intl supports government **vitamin A supplementation** campaigns for "
            "children aged 6–59 months. Vitamin A deficiency weakens the immune system, and a "
            "high-dose supplement twice a year is a cheap way to reduce child deaths where "
            "deficiency is common.\n\n"
            "- technical and financial support to ministries of health\n"
            "- door-to-door and fixed-post distribution\n"
            "- coverage surveys after campaigns\n\n"
            "See GiveWell's [review of the program](https://www.givewell.org/charities/helen-keller-intl)."
        ),
        website="https://helenkellerintl.org",
        donate_url="https://helenkellerintl.org/donate/",
        city="New York", region="New York", country="United States",
        rating=3.5, verified=1, minimum=100, unit="vitamin A supplement", cost=150,
        created="2023-01-04", tags=["global-health", "nutrition", "children", "eye-health"],
    ),
    dict(
        slug="new-incentives", name="New Incentives", initials="NI",
        logo_color="#3a7d44",
        mission="Uses small cash incentives to increase routine childhood vaccination in northern Nigeria.",
        description=(
            "New Incentives offers caregivers in northern Nigeria **small conditional cash transfers** "
            "when they bring infants to clinics for routine vaccinations, and works with clinics to "
            "reduce vaccine stockouts.\n\n"
            "- transfers are paid at each vaccination visit\n"
            "- a randomized trial found the program increased vaccination rates\n"
            "- the program runs in several states of northern Nigeria\n\n"
            "More at [newincentives.org](https://www.newincentives.org)."
        ),
        website="https://www.newincentives.org",
        donate_url="https://www.newincentives.org/donate",
        city=None, region=None, country="Nigeria",
        rating=4.0, verified=1, minimum=100, unit="infant enrolled in vaccination incentives", cost=1800,
        created="2023-02-11", tags=["global-health", "vaccines", "children", "cash-transfers"],
    ),
    dict(
        slug="givedirectly", name="GiveDirectly", initials="GD",
        logo_color="#1f6f78",
        mission="Sends cash directly to people living in poverty, letting them decide how to use it.",
        description=(
            "GiveDirectly makes **unconditional cash transfers** by mobile money to households in "
            "East Africa and elsewhere. Recipients decide for themselves how to spend the money.\n\n"
            "- eligibility is checked in person and by phone\n"
            "- most of each dollar donated reaches recipients\n"
            "- programs and results are studied in randomized evaluations\n\n"
            "See [givedirectly.org](https://www.givedirectly.org) for current programs."
        ),
        website="https://www.givedirectly.org",
        donate_url="https://www.givedirectly.org/donate/",
        city="New York", region="New York", country="United States",
        rating=3.5, verified=1, minimum=100, unit="dollar transferred", cost=110,
        created="2023-01-04", tags=["cash-transfers", "poverty"],
    ),
    dict(
        slug="evidence-action", name="Evidence Action", initials="EA",
        logo_color="#8a5a00",
        mission="Scales evidence-based programs that improve the health and wellbeing of the world's poorest people.",
        description=(
            "Evidence Action runs the **Deworm the World Initiative**, which helps governments treat "
            "school-age children for parasitic worms through school-based deworming days, and "
            "**Dispensers for Safe Water**, which installs chlorine dispensers at village water points.\n\n"
            "- treatment is delivered by trained teachers in schools\n"
            "- independent monitors check coverage\n"
            "- the cost per treatment is well under a dollar\n\n"
            "More at [evidenceaction.org](https://www.evidenceaction.org)."
        ),
        website="https://www.evidenceaction.org",
        donate_url="https://www.evidenceaction.org/donate",
        city="Washington", region="District of Columbia", country="United States",
        rating=3.5, verified=1, minimum=500, unit="deworming treatment", cost=50,
        created="2023-03-02", tags=["global-health", "deworming", "children", "water"],
    ),
    dict(
        slug="unlimit-health", name="Unlimit Health", initials="UH",
        logo_color="#a23b5c",
        mission="Works to end parasitic infections in the world's poorest communities.",
        description=(
            "Unlimit Health — known until 2023 as the **SCI Foundation** (Schistosomiasis Control "
            "Initiative) — supports national programs that treat schistosomiasis and "
            "soil-transmitted worms with mass drug administration.\n\n"
            "- partners with ministries of health in sub-Saharan Africa\n"
            "- treats school-age children and at-risk adults\n\n"
            "See [unlimithealth.org](https://unlimithealth.org)."
        ),
        website="https://unlimithealth.org",
        donate_url="https://unlimithealth.org/donate/",
        city="London", region="England", country="United Kingdom",
        rating=2.5, verified=1, minimum=100, unit="deworming treatment", cost=100,
        created="2023-03-02", tags=["global-health", "deworming", "neglected-tropical-diseases"],
    ),
    dict(
        slug="sightsavers", name="Sightsavers", initials="SS",
        logo_color="#b5541b",
        mission="Works to prevent avoidable blindness and fight for the rights of people with disabilities.",
        description=(
            "Sightsavers works in more than 30 countries on eye health and **neglected tropical "
            "diseases**. Its deworming program, reviewed by GiveWell, supports mass treatment for "
            "schistosomiasis and intestinal worms.\n\n"
            "- cataract surgery and eye-care training\n"
            "- trachoma and river blindness elimination\n"
            "- disability inclusion programs\n\n"
            "More at [sightsavers.org](https://www.sightsavers.org)."
        ),
        website="https://www.sightsavers.org",
        donate_url="https://www.sightsavers.org/donate/",
        city="Haywards Heath", region="England", country="United Kingdom",
        rating=3.0, verified=1, minimum=100, unit="deworming treatment", cost=100,
        created="2023-05-19", tags=["eye-health", "deworming", "neglected-tropical-diseases"],
    ),
    dict(
        slug="end-fund", name="The END Fund", initials="END",
        logo_color="#4a5a8c",
        mission="Works to end the most common neglected tropical diseases.",
        description=(
            "The END Fund is a private philanthropic initiative that funds treatment programs for "
            "the most common **neglected tropical diseases** (NTDs): intestinal worms, "
            "schistosomiasis, trachoma, river blindness and lymphatic filariasis.\n\n"
            "- pools donor funding and grants it to national programs\n"
            "- most treatments are donated medicines delivered at scale\n\n"
            "Learn more at [end.org](https://end.org)."
        ),
        website="https://end.org",
        donate_url="https://end.org/donate/",
        city="New York", region="New York", country="United States",
        rating=None, verified=1, minimum=500, unit="NTD treatment", cost=50,
        created="2023-05-19", tags=["neglected-tropical-diseases", "deworming", "global-health"],
    ),
    dict(
        slug="fistula-foundation", name="Fistula Foundation", initials="FF",
        logo_color="#8e3b46",
        mission="Funds surgery that treats obstetric fistula, a childbirth injury that leaves women incontinent.",
        description=(
            "Obstetric fistula is a hole between the birth canal and bladder or rectum caused by "
            "prolonged, obstructed labor. It is treatable with **surgery**, but many women never "
            "get access to a trained surgeon.\n\n"
            "- funds surgeries at partner hospitals in Africa and Asia\n"
            "- trains fistula surgeons\n"
            "- supports outreach so that women know treatment exists\n\n"
            "See [fistulafoundation.org](https://fistulafoundation.org)."
        ),
        website="https://fistulafoundation.org",
        donate_url="https://fistulafoundation.org/donate/",
        city="San Jose", region="California", country="United States",
        rating=3.0, verified=1, minimum=1000, unit="fistula repair surgery", cost=60000,
        created="2023-06-01", tags=["surgery", "maternal-health", "global-health"],
    ),
    dict(
        slug="living-goods", name="Living Goods", initials="LG",
        logo_color="#5e6b1f",
        mission="Supports digitally empowered community health workers who deliver care to families at home.",
        description=(
            "Living Goods works with governments in **Kenya, Uganda and Burkina Faso** to train, "
            "equip, supervise and pay community health workers.\n\n"
            "- health workers use a smartphone app to diagnose, treat and follow up\n"
            "- focus on pregnancy, newborn and child health\n\n"
            "More at [livinggoods.org](https://livinggoods.org)."
        ),
        website="https://livinggoods.org",
        donate_url="https://livinggoods.org/donate/",
        city="Nairobi", region="Nairobi County", country="Kenya",
        rating=3.0, verified=0, minimum=100, unit=None, cost=None,
        created="2024-02-20", tags=["community-health", "children", "global-health"],
    ),
    dict(
        slug="clean-air-task-force", name="Clean Air Task Force", initials="CATF",
        logo_color="#2d5f5d",
        mission="Pushes the change in technologies and policies needed to reach a zero-emissions, high-energy planet.",
        description=(
            "Clean Air Task Force (CATF) is a climate policy and research organization. It works on "
            "**methane**, advanced nuclear, carbon capture, zero-carbon fuels and superhot rock "
            "geothermal.\n\n"
            "- policy analysis and advocacy in the US, Europe and elsewhere\n"
            "- technical research shared with governments and industry\n\n"
            "Learn more at [catf.us](https://www.catf.us)."
        ),
        website="https://www.catf.us",
        donate_url="https://www.catf.us/donate/",
        city="Boston", region="Massachusetts", country="United States",
        rating=3.5, verified=1, minimum=100, unit=None, cost=None,
        created="2023-09-12", tags=["climate", "research"],
    ),
    dict(
        slug="givewell", name="GiveWell", initials="GW",
        logo_color="#56606b",
        mission="Searches for the charities that save or improve lives the most per dollar.",
        description=(
            "GiveWell is a nonprofit charity evaluator. It publishes **in-depth research** on "
            "global health and poverty programs and recommends a short list of top charities.\n\n"
            "- cost-effectiveness models are published in full\n"
            "- donations to the **Top Charities Fund** are granted to the highest-priority gaps\n\n"
            "Read the research at [givewell.org](https://www.givewell.org)."
        ),
        website="https://www.givewell.org",
        donate_url="https://www.givewell.org/donate",
        city="Oakland", region="California", country="United States",
        rating=None, verified=1, minimum=100, unit=None, cost=None,
        created="2023-01-04", tags=["research", "global-health"],
    ),
    dict(
        slug="fred-hollows-foundation", name="The Fred Hollows Foundation", initials="FH",
        logo_color="#8b3a7a",
        mission="Works to end avoidable blindness.",
        description=(
            "Named after the ophthalmologist Fred Hollows, the foundation funds **cataract surgery**, "
            "trains eye-health workers and supports trachoma elimination in more than 25 countries.\n\n"
            "- low-cost intraocular lenses and surgical training\n"
            "- screening programs in remote communities\n\n"
            "More at [hollows.org](https://www.hollows.org)."
        ),
        website="https://www.hollows.org",
        donate_url="https://www.hollows.org/au/donate",
        city="Sydney", region="New South Wales", country="Australia",
        rating=3.0, verified=0, minimum=500, unit="cataract surgery", cost=2500,
        created="2024-04-08", tags=["eye-health", "surgery"],
    ),
    dict(
        slug="partners-in-health", name="Partners In Health", initials="PIH",
        logo_color="#b03a2e",
        mission="Brings the benefits of modern medical science to those most in need.",
        description=(
            "Partners In Health (PIH) works with ministries of health to build and run **hospitals "
            "and clinics** in places such as Haiti, Rwanda, Malawi, Sierra Leone and Peru.\n\n"
            "- trains and pays community health workers\n"
            "- treats tuberculosis, HIV, maternal complications and cancer\n\n"
            "More at [pih.org](https://www.pih.org)."
        ),
        website="https://www.pih.org",
        donate_url="https://www.pih.org/donate",
        city="Boston", region="Massachusetts", country="United States",
        rating=3.0, verified=1, minimum=100, unit=None, cost=None,
        created="2024-04-08", tags=["global-health", "community-health", "maternal-health"],
    ),
]
ORG_ID = {o["slug"]: i + 1 for i, o in enumerate(ORGS)}
ORG_NAME = {o["slug"]: o["name"] for o in ORGS}

MEDIA = [
    ("against-malaria-foundation", "photo", "https://www.againstmalaria.com/images/distributions/malawi-2024-households.jpg",
     "Households collecting nets at a distribution point in Malawi"),
    ("against-malaria-foundation", "video", "https://www.againstmalaria.com/videos/how-a-distribution-works.mp4",
     "How a net distribution works, from registration to hang-up"),
    ("malaria-consortium", "photo", "https://www.malariaconsortium.org/media/smc-distribution-nigeria.jpg",
     "A community distributor giving a child the first SMC dose of the season"),
    ("givedirectly", "video", "https://www.givedirectly.org/videos/how-givedirectly-works.mp4",
     "How GiveDirectly enrolls recipients and sends mobile-money transfers"),
    ("givedirectly", "photo", "https://www.givedirectly.org/images/recipient-kenya-shop.jpg",
     "A recipient in Kenya who used her transfer to stock a small shop"),
    ("evidence-action", "photo", "https://www.evidenceaction.org/images/deworming-day-kenya.jpg",
     "National School-Based Deworming Day in a Kenyan primary school"),
    ("evidence-action", "photo", "https://www.evidenceaction.org/images/chlorine-dispenser.jpg",
     "A chlorine dispenser installed next to a village water point"),
    ("fistula-foundation", "video", "https://fistulafoundation.org/videos/a-second-chance.mp4",
     "Patients and surgeons at a partner hospital talk about fistula repair"),
    ("helen-keller-intl", "photo", "https://helenkellerintl.org/images/vitamin-a-campaign.jpg",
     "A health worker giving vitamin A drops during a national campaign"),
]


def write_logo(directory, org):
    n = len(org["initials"])
    size = {1: 30, 2: 26, 3: 19, 4: 15}[n]
    color = org["logo_color"]
    assert contrast_with_white(color) >= 4.5, (org["slug"], color)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" '
        f'role="img" aria-label="{org["name"]}">'
        f'<title>{org["name"]}</title>'
        f'<rect width="64" height="64" rx="12" fill="{color}"/>'
        f'<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#ffffff" '
        'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, Helvetica, Arial, sans-serif" '
        f'font-size="{size}" font-weight="600" letter-spacing="0.5">{org["initials"]}</text>'
        '</svg>\n'
    )
    assert len(svg.encode()) < 1024
    with open(os.path.join(directory, org["slug"] + ".svg"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(svg)


# --------------------------------------------------------------------------
# Users
# --------------------------------------------------------------------------

USERS = [
    dict(id=1, username="ada", display_name="Ada Lindqvist", email="ada@example.com", zipcode="94110",
         party="Independent", pledge=10.0, created="2022-11-14T09:30:00Z", currency="USD", state="CA",
         bio="Software engineer in San Francisco. Giving 10% since 2021, mostly to global health. "
             "Weekend volunteer at the Mission food pantry."),
    dict(id=2, username="sam", display_name="Sam Okafor", email="sam.okafor@example.com", zipcode="10014",
         party="Democratic", pledge=5.0, created="2023-01-02T18:05:00Z", currency="EUR", state="NY",
         bio="New Yorker living in Berlin (votes absentee). Urban planner, amateur baker, "
             "slowly working up to a 10% pledge."),
    dict(id=3, username="riley", display_name="Riley Navarro", email="riley.navarro@example.com", zipcode="78704",
         party="Republican", pledge=2.5, created="2023-05-27T21:40:00Z", currency="USD", state="TX",
         bio="Nurse in Austin. Starting small: a monthly gift plus whatever is left at the end of the year."),
]

MONTHS = [(y, m) for y in (2023, 2024, 2025) for m in range(1, 13)]


def month_str(y, m):
    return f"{y:04d}-{m:02d}"


def date_str(y, m, d):
    return f"{y:04d}-{m:02d}-{d:02d}"


def days_in_month(y, m):
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).day


# --------------------------------------------------------------------------
# Incomes
# --------------------------------------------------------------------------

def build_incomes():
    rows = []
    # ada: monthly salary in USD, with raises each January, plus freelance work.
    ada_salary = {2023: 840000, 2024: 875000, 2025: 920000}
    ada_freelance = {"2023-04": 120000, "2023-10": 80000, "2024-03": 150000, "2024-09": 95000,
                     "2025-02": 110000, "2025-06": 180000, "2025-11": 70000}
    # sam: monthly salary in EUR plus occasional freelance planning work.
    sam_salary = {2023: 460000, 2024: 475000, 2025: 495000}
    sam_freelance = {"2023-05": 60000, "2023-11": 95000, "2024-02": 40000, "2024-07": 120000,
                     "2024-12": 75000, "2025-03": 85000, "2025-09": 140000, "2025-12": 50000}
    # riley: nurse's salary in USD from mid-2023, with occasional extra shifts.
    riley_salary = {2023: 410000, 2024: 425000, 2025: 440000}
    riley_extra = {"2024-01": 52000, "2024-08": 38000, "2025-01": 61000, "2025-07": 45000, "2025-12": 58000}

    for y, m in MONTHS:
        ms = month_str(y, m)
        rows.append((1, ms, ada_salary[y], "USD", "Salary"))
        if ms in ada_freelance:
            rows.append((1, ms, ada_freelance[ms], "USD", "Freelance"))
        rows.append((2, ms, sam_salary[y], "EUR", "Salary"))
        if ms in sam_freelance:
            rows.append((2, ms, sam_freelance[ms], "EUR", "Freelance"))
        if (y, m) >= (2023, 6):
            rows.append((3, ms, riley_salary[y], "USD", "Salary"))
            if ms in riley_extra:
                rows.append((3, ms, riley_extra[ms], "USD", "Extra shifts"))
    return [(i + 1,) + r for i, r in enumerate(rows)]


def income_by_year(incomes, user_id):
    totals = {}
    for _id, uid, ms, amount, _cur, _src in incomes:
        if uid == user_id:
            totals[int(ms[:4])] = totals.get(int(ms[:4]), 0) + amount
    return totals


# --------------------------------------------------------------------------
# Donations
# --------------------------------------------------------------------------

def round_to(amount_cents, step_cents):
    return max(step_cents, int(round(amount_cents / step_cents)) * step_cents)


def build_donations(incomes):
    rng = child_rng()
    rows = []  # (user_id, org_slug, amount_cents, currency, date, recurring, note)

    def add(uid, slug, amount, cur, date, recurring=0, note=""):
        rows.append([uid, slug, amount, cur, date, recurring, note])

    # ---- ada (USD, pledge 10%) ----
    ada_income = income_by_year(incomes, 1)
    for y, m in MONTHS:
        add(1, "against-malaria-foundation", 5000, "USD", date_str(y, m, 1), 1)
        add(1, "givedirectly", 2500, "USD", date_str(y, m, 15), 1)
        if (y, m) >= (2024, 7):
            add(1, "new-incentives", 2000, "USD", date_str(y, m, 1), 1,
                "Upgraded: new monthly gift" if (y, m) == (2024, 7) else "")
    giving_tuesday = {2023: "2023-11-28", 2024: "2024-12-03", 2025: "2025-12-02"}
    ada_gt = {2023: "malaria-consortium", 2024: "helen-keller-intl", 2025: "new-incentives"}
    ada_extra = {
        2023: [("fistula-foundation", "2023-03-08", 10000, "International Women's Day"),
               ("evidence-action", "2023-06-17", 7500, ""),
               ("givewell", "2023-09-30", 15000, "Birthday fundraiser_2023 — thanks friends!")],
        2024: [("clean-air-task-force", "2024-04-22", 10000, "Earth Day"),
               ("fistula-foundation", "2024-03-08", 10000, ""),
               ("malaria-consortium", "2024-07-19", 20000, "Matched 1:1 by employer*"),
               ("givewell", "2024-09-30", 20000, "Birthday fundraiser")],
        2025: [("fistula-foundation", "2025-03-08", 12500, "International Women's Day"),
               ("clean-air-task-force", "2025-04-22", 10000, "Earth Day"),
               ("evidence-action", "2025-05-14", 5000, ""),
               ("malaria-consortium", "2025-07-18", 25000, "Matched 1:1 by employer* (*match confirmed in Aug)"),
               ("givewell", "2025-09-30", 25000, "Birthday fundraiser")],
    }
    year_end = {
        2023: [("against-malaria-foundation", 0.40), ("malaria-consortium", 0.30), ("givewell", 0.30)],
        2024: [("against-malaria-foundation", 0.35), ("new-incentives", 0.25), ("malaria-consortium", 0.25),
               ("clean-air-task-force", 0.15)],
        2025: [("against-malaria-foundation", 0.30), ("new-incentives", 0.25), ("helen-keller-intl", 0.20),
               ("malaria-consortium", 0.15), ("givewell", 0.10)],
    }
    for y in (2023, 2024, 2025):
        add(1, ada_gt[y], 25000, "USD", giving_tuesday[y], 0, "#GivingTuesday")
        for slug, date, amount, note in ada_extra[y]:
            add(1, slug, amount, "USD", date, 0, note)
        so_far = sum(r[2] for r in rows if r[0] == 1 and r[4].startswith(str(y)))
        target = int(ada_income[y] * 0.10 * rng.uniform(0.99, 1.06))
        remaining = max(0, target - so_far)
        days = sorted(rng.sample(range(12, 31), len(year_end[y])))
        notes = ["Year-end gift", "", "Year-end top-up", "", ""]
        for (slug, share), day, note in zip(year_end[y], days, notes):
            add(1, slug, round_to(remaining * share, 5000), "USD", date_str(y, 12, day), 0, note)

    # ---- sam (mostly EUR, some GBP; pledge 5%) ----
    sam_income = income_by_year(incomes, 2)
    for y, m in MONTHS:
        add(2, "against-malaria-foundation", 3000, "EUR", date_str(y, m, 15), 1)
        add(2, "givedirectly", 2500, "EUR", date_str(y, m, 15), 1)
    gbp_gifts = [
        ("sightsavers", "2023-03-21", 5000, "Visiting London"), ("unlimit-health", "2023-06-12", 4000, ""),
        ("malaria-consortium", "2023-09-08", 5000, ""), ("sightsavers", "2023-12-09", 7500, ""),
        ("malaria-consortium", "2024-02-27", 5000, ""), ("unlimit-health", "2024-05-30", 4000, ""),
        ("sightsavers", "2024-08-14", 5000, "Sponsored walk for a colleague"),
        ("malaria-consortium", "2024-11-19", 10000, ""), ("sightsavers", "2025-01-24", 5000, ""),
        ("unlimit-health", "2025-04-25", 5000, "World Malaria Day week"),
        ("malaria-consortium", "2025-08-20", 7500, ""), ("sightsavers", "2025-10-09", 5000, "World Sight Day"),
    ]
    for slug, date, amount, note in gbp_gifts:
        add(2, slug, amount, "GBP", date, 0, note)
    sam_extra = {
        2023: [("evidence-action", "2023-07-02", 5000, "")],
        2024: [("clean-air-task-force", "2024-06-05", 7500, "World Environment Day"),
               ("new-incentives", "2024-10-01", 5000, "")],
        2025: [("clean-air-task-force", "2025-06-05", 10000, "World Environment Day"),
               ("new-incentives", "2025-09-15", 7500, ""), ("helen-keller-intl", "2025-11-06", 5000, "")],
    }
    sam_year_end = {
        2023: [("malaria-consortium", 0.6), ("givedirectly", 0.4)],
        2024: [("malaria-consortium", 0.5), ("new-incentives", 0.3), ("givedirectly", 0.2)],
        2025: [("new-incentives", 0.4), ("malaria-consortium", 0.35), ("givedirectly", 0.25)],
    }
    gbp_to_eur = 1.16  # rough rate, only used to size sam's year-end gifts
    for y in (2023, 2024, 2025):
        for slug, date, amount, note in sam_extra[y]:
            add(2, slug, amount, "EUR", date, 0, note)
        so_far = sum(r[2] * (gbp_to_eur if r[3] == "GBP" else 1)
                     for r in rows if r[0] == 2 and r[4].startswith(str(y)))
        target = sam_income[y] * 0.05 * rng.uniform(0.98, 1.05)
        remaining = max(0, target - so_far)
        days = sorted(rng.sample(range(14, 31), len(sam_year_end[y])))
        for (slug, share), day in zip(sam_year_end[y], days):
            add(2, slug, round_to(remaining * share, 2500), "EUR", date_str(y, 12, day), 0,
                "Jahresendspende" if slug == "malaria-consortium" else "")

    # ---- riley (USD, pledge 2.5%) ----
    riley_income = income_by_year(incomes, 3)
    for y, m in MONTHS:
        if (y, m) >= (2023, 6):
            add(3, "fistula-foundation", 2000, "USD", date_str(y, m, 5), 1,
                "First monthly gift" if (y, m) == (2023, 6) else "")
    riley_extra = [
        ("partners-in-health", "2023-08-19", 5000, ""), ("end-fund", "2023-10-12", 2500, ""),
        ("fred-hollows-foundation", "2024-02-14", 5000, "For Mom's eye surgery anniversary"),
        ("partners-in-health", "2024-05-12", 5000, "Nurses Week"), ("end-fund", "2024-09-02", 2500, ""),
        ("fred-hollows-foundation", "2025-02-14", 5000, ""), ("partners-in-health", "2025-05-12", 7500, "Nurses Week"),
        ("against-malaria-foundation", "2025-04-25", 5000, "World Malaria Day"),
        ("end-fund", "2025-08-30", 2500, ""),
    ]
    for slug, date, amount, note in riley_extra:
        add(3, slug, amount, "USD", date, 0, note)
    for y in (2023, 2024, 2025):
        so_far = sum(r[2] for r in rows if r[0] == 3 and r[4].startswith(str(y)))
        target = riley_income[y] * 0.025 * rng.uniform(0.95, 1.05)
        remaining = max(2500, target - so_far)
        add(3, "partners-in-health", round_to(remaining * 0.6, 2500), "USD", date_str(y, 12, rng.randint(18, 23)), 0,
            "End of year" if y != 2023 else "")
        add(3, "fistula-foundation", round_to(remaining * 0.4, 2500), "USD", date_str(y, 12, rng.randint(26, 31)), 0, "")

    rows.sort(key=lambda r: (r[4], r[0], ORG_ID[r[1]], r[2]))
    return [(i + 1, r[0], ORG_ID[r[1]], r[2], r[3], r[4], r[5], r[6]) for i, r in enumerate(rows)]


# --------------------------------------------------------------------------
# Budget categories and expenses
# --------------------------------------------------------------------------

# (name, base colour, parent monthly limit, [(sub name, monthly limit)], parent notes)
ADA_BUDGET = [
    ("Housing", "#1f4e79", 320000, [("Rent", 295000), ("Renter's insurance", 2000), ("Home & furniture", 15000)],
     "Rent is due on the 1st."),
    ("Food", "#2e6b30", 95000, [("Groceries", 55000), ("Restaurants", 30000), ("Coffee", 6000)],
     "Aim: cook at home 5 nights a week."),
    ("Transport", "#7a4a00", 30000, [("Transit", 12000), ("Rideshare", 10000), ("Bike", 4000)], ""),
    ("Health", "#a1262b", 25000, [("Pharmacy", 4000), ("Gym", 9500), ("Copays & dental", 10000)], ""),
    ("Utilities", "#5a4a8a", 25000, [("Electricity & gas", 12000), ("Internet", 6000), ("Phone", 4500)],
     "PG&E runs higher Dec–Feb."),
    ("Entertainment", "#8e2c6b", 20000, [("Streaming", 3500), ("Books & music", 6000), ("Concerts & events", 10000)], ""),
    ("Giving", "#0f6666", 15000, [("Gifts for friends", 10000), ("Local causes", 5000)],
     "Charity donations are tracked on the Donations page; this is *everything else*."),
    ("Savings", "#3d5a1e", 158400, [("Emergency fund", 100000), ("Retirement (Roth IRA)", 58400)],
     "Auto-transfer on the 1st → savings_hysa"),
    ("Education", "#6b4f1d", 12000, [("Online courses", 6000), ("Textbooks", 6000)], ""),
    ("Travel", "#1d5c8a", 40000, [("Flights", 25000), ("Lodging", 15000)], "Two trips a year."),
]

SAM_BUDGET = [
    ("Housing", "#1f4e79", 140000, [("Rent (warm)", 128000), ("Household", 8000)], "Warmmiete incl. heating."),
    ("Food", "#2e6b30", 65000, [("Groceries", 40000), ("Restaurants & Imbiss", 20000), ("Bakery & coffee", 5000)], ""),
    ("Transport", "#7a4a00", 10000, [("Deutschlandticket", 5800), ("Bike & repairs", 3000)], ""),
    ("Health", "#a1262b", 9000, [("Pharmacy", 2000), ("Sports club", 6900)], ""),
    ("Utilities", "#5a4a8a", 12000, [("Electricity", 6000), ("Internet", 4000), ("Mobile", 1500)], ""),
    ("Entertainment", "#8e2c6b", 12000, [("Cinema & concerts", 6000), ("Streaming", 2000), ("Books", 4000)], ""),
    ("Giving", "#0f6666", 8000, [("Gifts", 6000), ("Local causes", 2000)], ""),
    ("Savings", "#3d5a1e", 60000, [("ETF savings plan", 50000), ("Travel fund", 10000)], ""),
    ("Travel", "#1d5c8a", 30000, [("Trains", 15000), ("Flights & stays", 15000)], "Home to NYC once a year."),
]

RILEY_BUDGET = [
    ("Housing", "#1f4e79", 155000, [("Rent", 145000), ("Renter's insurance", 1500)], ""),
    ("Food", "#2e6b30", 60000, [("Groceries", 42000), ("Eating out", 18000)], ""),
    ("Transport", "#7a4a00", 35000, [("Gas", 16000), ("Car insurance", 13500), ("Parking", 3000)], ""),
    ("Health", "#a1262b", 12000, [("Pharmacy", 3000), ("Scrubs & shoes", 6000)], ""),
    ("Utilities", "#5a4a8a", 24000, [("Electricity", 14000), ("Internet", 6500), ("Phone", 3500)],
     "Summer AC bills are brutal."),
    ("Entertainment", "#8e2c6b", 10000, [("Movies", 5000), ("Streaming", 2500)], ""),
    ("Giving", "#0f6666", 6000, [("Gifts", 6000)], ""),
    ("Savings", "#3d5a1e", 40000, [("Emergency fund", 25000), ("401(k) extra", 15000)], ""),
]


def build_budget():
    """Returns (parent rows, child rows, {(user_id, name): id})."""
    parents, children, ids = [], [], {}
    next_id = 1
    plans = [(1, ADA_BUDGET), (2, SAM_BUDGET), (3, RILEY_BUDGET)]
    for uid, plan in plans:
        for name, color, limit, _subs, notes in plan:
            assert contrast_with_white(color) >= 4.5, (name, color)
            parents.append((next_id, uid, None, name, color, limit, notes))
            ids[(uid, name)] = next_id
            next_id += 1
    for uid, plan in plans:
        used = {color for name, color, *_ in plan}
        for name, color, _limit, subs, _notes in plan:
            for k, (sub, sub_limit) in enumerate(subs):
                sub_color = shade(color, 0.18 + 0.14 * k)
                assert sub_color not in used and contrast_with_white(sub_color) >= 4.5
                used.add(sub_color)
                note = ""
                if sub == "Renter's insurance":
                    note = "Paid monthly; covers bike theft too."
                elif sub == "Coffee":
                    note = "Includes beans for home."
                elif sub == "Retirement (Roth IRA)":
                    note = "Max out: $7,000/yr ÷ 12"
                children.append((next_id, uid, ids[(uid, name)], sub, sub_color, sub_limit, note))
                ids[(uid, sub)] = next_id
                next_id += 1
    return parents, children, ids


def build_expenses(cat_ids):
    rng = child_rng()
    rows = []

    def add(uid, cat, name, cents, cur, y, m, d, notes=""):
        d = min(d, days_in_month(y, m))
        rows.append((uid, cat_ids[(uid, cat)], name, int(cents), cur, date_str(y, m, d), notes))

    def amt(lo, hi):
        return rng.randint(int(lo * 100), int(hi * 100))

    # ---- ada, every month of 2025, USD ----
    for m in range(1, 13):
        y = 2025
        add(1, "Rent", "Rent — Valencia St apartment", 295000, "USD", y, m, 1)
        add(1, "Renter's insurance", "Lemonade renters insurance", 1850, "USD", y, m, 3)
        for _ in range(rng.choice([0, 1, 1, 2])):
            add(1, "Home & furniture", rng.choice(["Cole Hardware", "Target", "IKEA Emeryville", "Muji"]),
                amt(9, 85), "USD", y, m, rng.randint(2, 28))
        if m == 3:
            add(1, "Home & furniture", "IKEA – BILLY bookshelf + delivery", 32900, "USD", y, m, 16,
                "Finally replaced the milk crates")
        for _ in range(rng.randint(6, 8)):
            add(1, "Groceries", rng.choice(["Trader Joe's", "Rainbow Grocery", "Safeway", "Bi-Rite Market",
                                             "Mission Community Market"]),
                amt(18, 96), "USD", y, m, rng.randint(1, 28))
        for _ in range(rng.randint(3, 5)):
            add(1, "Restaurants", rng.choice(["La Taqueria", "Tartine Bakery", "Burma Superstar", "Zuni Café",
                                               "Nopalito", "Souvla", "Flour + Water", "Lers Ros Thai"]),
                amt(16, 78), "USD", y, m, rng.randint(1, 28))
        if m == 12:
            add(1, "Restaurants", "Dinner at Smith & Wollensky", 18640, "USD", y, m, 19,
                "Team holiday dinner — my share")
            add(1, "Restaurants", "Holiday brunch at Zazie", 6420, "USD", y, m, 27)
        if m == 5:
            add(1, "Restaurants", "Mom's birthday dinner (State Bird Provisions)", 21400, "USD", y, m, 10)
        for _ in range(rng.randint(4, 8)):
            add(1, "Coffee", rng.choice(["Ritual Coffee Roasters", "Blue Bottle Coffee", "Philz Coffee",
                                         "Four Barrel Coffee"]),
                amt(4.5, 7.25), "USD", y, m, rng.randint(1, 28))
        add(1, "Transit", "Muni monthly pass (Clipper)", 8600, "USD", y, m, 1)
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            add(1, "Rideshare", rng.choice(["Lyft", "Uber", "Lyft — late BART"]), amt(11, 34), "USD", y, m,
                rng.randint(1, 28))
        if m in (4, 10):
            add(1, "Bike", "Bike tune-up — Valencia Cyclery", 8500 if m == 4 else 6200, "USD", y, m, 12)
        add(1, "Gym", "Mission Cliffs membership", 9500, "USD", y, m, 2)
        for _ in range(rng.choice([0, 1, 1, 2])):
            add(1, "Pharmacy", rng.choice(["Walgreens", "CVS Pharmacy"]), amt(6, 32), "USD", y, m, rng.randint(1, 28))
        if m in (1, 7):
            add(1, "Copays & dental", "Dental cleaning copay", 4500, "USD", y, m, 14)
        if m == 6:
            add(1, "Copays & dental", "Root canal (dental)", 48000, "USD", y, m, 9, "Insurance covered 50%")
        winter = m in (1, 2, 12)
        add(1, "Electricity & gas", "PG&E", amt(110, 145) if winter else amt(62, 96), "USD", y, m, 20)
        add(1, "Internet", "Sonic fiber internet", 5000, "USD", y, m, 8)
        add(1, "Phone", "Mint Mobile", 3000, "USD", y, m, 11)
        add(1, "Streaming", "Spotify Premium", 1199, "USD", y, m, 6)
        add(1, "Streaming", "Netflix", 1549, "USD", y, m, 21)
        for _ in range(rng.choice([0, 1, 2])):
            add(1, "Books & music", rng.choice(["Green Apple Books", "Bandcamp Friday", "Dog Eared Books"]),
                amt(10, 38), "USD", y, m, rng.randint(1, 28))
        if rng.random() < 0.45 or m == 11:
            add(1, "Concerts & events", rng.choice(["SFJAZZ tickets", "The Chapel — show tickets",
                                                    "Roxie Theater", "Noise Pop festival pass"]),
                amt(18, 95), "USD", y, m, rng.randint(1, 28))
        for _ in range(rng.choice([0, 0, 1, 2])):
            add(1, "Gifts for friends", rng.choice(["Birthday gift for Maya", "Housewarming plant", "Wedding gift",
                                                    "Baby shower gift"]),
                amt(25, 90), "USD", y, m, rng.randint(1, 28))
        if rng.random() < 0.5:
            add(1, "Local causes", rng.choice(["School bake sale", "Street musician tip",
                                               "Mission food pantry supplies"]),
                amt(5, 30), "USD", y, m, rng.randint(1, 28))
        add(1, "Emergency fund", "Transfer to savings_hysa", 100000, "USD", y, m, 1)
        add(1, "Retirement (Roth IRA)", "Roth IRA contribution", 58333, "USD", y, m, 1)
        add(1, "Online courses", "Coursera Plus subscription", 5900, "USD", y, m, 9)
        if m in (2, 9):
            add(1, "Textbooks", "Designing Data-Intensive Applications" if m == 2 else "Statistics textbook (used)",
                amt(24, 48), "USD", y, m, 17)
        if m == 8:
            add(1, "Flights", "Alaska Airlines SFO–SEA", 28900, "USD", y, m, 2)
            add(1, "Lodging", "Airbnb — Seattle, 4 nights", 54000, "USD", y, m, 2, "Split with my sister")
        if m == 12:
            add(1, "Flights", "United SFO–ORD (holidays)", 41200, "USD", y, m, 4)
        if m == 4:
            add(1, "Lodging", "Yosemite campsite", 3600, "USD", y, m, 25)

    # ---- sam, 2025, EUR ----
    for m in range(1, 13):
        y = 2025
        add(2, "Rent (warm)", "Miete Wohnung Neukölln", 128000, "EUR", y, m, 1)
        if rng.random() < 0.6:
            add(2, "Household", rng.choice(["dm-drogerie markt", "IKEA Tempelhof", "Hellweg Baumarkt"]),
                amt(6, 45), "EUR", y, m, rng.randint(2, 28))
        for _ in range(rng.randint(3, 5)):
            add(2, "Groceries", rng.choice(["REWE", "Lidl", "Edeka", "Markthalle Neun", "Bio Company"]),
                amt(14, 72), "EUR", y, m, rng.randint(1, 28))
        for _ in range(rng.randint(1, 3)):
            add(2, "Restaurants & Imbiss", rng.choice(["Mustafa's Gemüse Kebap", "Curry 36", "Lode & Stijn",
                                                        "Monsieur Vuong", "Café Pförtner"]),
                amt(8, 48), "EUR", y, m, rng.randint(1, 28))
        for _ in range(rng.randint(1, 3)):
            add(2, "Bakery & coffee", rng.choice(["Zeit für Brot", "The Barn", "Bäckerei Siebert"]),
                amt(3, 9), "EUR", y, m, rng.randint(1, 28))
        add(2, "Deutschlandticket", "Deutschlandticket (BVG)", 5800, "EUR", y, m, 1)
        add(2, "Sports club", "Urban Sports Club M", 6900, "EUR", y, m, 3)
        add(2, "Electricity", "Vattenfall Strom", 5600, "EUR", y, m, 15)
        add(2, "Internet", "Telekom MagentaZuhause", 3995, "EUR", y, m, 10)
        add(2, "Mobile", "Fonic Smart", 1299, "EUR", y, m, 12)
        add(2, "ETF savings plan", "ETF-Sparplan (Vanguard FTSE All-World)", 50000, "EUR", y, m, 2)
        if m in (3, 6, 9, 11):
            add(2, "Cinema & concerts", rng.choice(["Yorck Kino", "Lido Berlin tickets", "Berliner Philharmoniker"]),
                amt(11, 58), "EUR", y, m, rng.randint(5, 25))
        if m in (2, 7, 10):
            add(2, "Books", "Dussmann das KulturKaufhaus", amt(12, 40), "EUR", y, m, rng.randint(5, 25))
        if m == 2:
            add(2, "Bike & repairs", "Fahrradladen — new chain & brake pads", 6400, "EUR", y, m, 22)
        if m == 7:
            add(2, "Flights & stays", "Condor BER–JFK (summer trip home)", 61200, "EUR", y, m, 3,
                "Booked late — over budget")
        if m == 4:
            add(2, "Trains", "Deutsche Bahn Berlin–München (Sparpreis)", 5490, "EUR", y, m, 17)
        if m in (5, 12):
            add(2, "Gifts", rng.choice(["Geburtstagsgeschenk für Lena", "Secret Santa gift"]),
                amt(20, 45), "EUR", y, m, rng.randint(5, 20))
        if m == 12:
            add(2, "Local causes", "Berliner Tafel volunteer potluck", 1500, "EUR", y, m, 14)

    # ---- riley, 2025, USD ----
    for m in range(1, 13):
        y = 2025
        add(3, "Rent", "Rent — South Lamar", 145000, "USD", y, m, 1)
        add(3, "Renter's insurance", "State Farm renters", 1400, "USD", y, m, 6)
        for _ in range(rng.randint(2, 4)):
            add(3, "Groceries", rng.choice(["H-E-B", "H-E-B", "Costco", "Trader Joe's"]),
                amt(30, 140), "USD", y, m, rng.randint(1, 28))
        for _ in range(rng.randint(1, 3)):
            add(3, "Eating out", rng.choice(["Torchy's Tacos", "Whataburger", "Veracruz All Natural",
                                              "Franklin Barbecue", "Kerbey Lane Cafe"]),
                amt(9, 45), "USD", y, m, rng.randint(1, 28))
        for _ in range(rng.randint(1, 2)):
            add(3, "Gas", rng.choice(["Buc-ee's", "Shell", "H-E-B Fuel"]), amt(28, 52), "USD", y, m, rng.randint(1, 28))
        add(3, "Car insurance", "Progressive auto", 13200, "USD", y, m, 9)
        hot = m in (6, 7, 8, 9)
        add(3, "Electricity", "Austin Energy", amt(165, 230) if hot else amt(70, 115), "USD", y, m, 18,
            "AC season" if hot else "")
        add(3, "Internet", "Google Fiber", 7000, "USD", y, m, 13)
        add(3, "Phone", "Visible", 2500, "USD", y, m, 20)
        if rng.random() < 0.5:
            add(3, "Movies", "Alamo Drafthouse", amt(14, 38), "USD", y, m, rng.randint(1, 28))
        add(3, "Streaming", "Hulu", 999, "USD", y, m, 14)
        add(3, "Emergency fund", "Transfer to savings", 25000, "USD", y, m, 2)
        if m in (3, 9):
            add(3, "Scrubs & shoes", "FIGS scrubs" if m == 3 else "Hoka Bondi (work shoes)", amt(90, 165), "USD", y, m, 11)

    rows.sort(key=lambda r: (r[5], r[0], r[1], r[2]))
    return [(i + 1,) + r for i, r in enumerate(rows)]


# --------------------------------------------------------------------------
# Representatives (all fictional)
# --------------------------------------------------------------------------

# Congressional districts per state after the 2020 census (435 in total).
APPORTIONMENT = {
    "AL": 7, "AK": 1, "AZ": 9, "AR": 4, "CA": 52, "CO": 8, "CT": 5, "DE": 1, "FL": 28, "GA": 14,
    "HI": 2, "ID": 2, "IL": 17, "IN": 9, "IA": 4, "KS": 4, "KY": 6, "LA": 6, "ME": 2, "MD": 8,
    "MA": 9, "MI": 13, "MN": 8, "MS": 4, "MO": 8, "MT": 2, "NE": 3, "NV": 4, "NH": 2, "NJ": 12,
    "NM": 3, "NY": 26, "NC": 14, "ND": 1, "OH": 15, "OK": 5, "OR": 6, "PA": 17, "RI": 2, "SC": 7,
    "SD": 1, "TN": 9, "TX": 38, "UT": 4, "VT": 1, "VA": 11, "WA": 10, "WV": 2, "WI": 8, "WY": 1,
}
assert sum(APPORTIONMENT.values()) == 435 and len(APPORTIONMENT) == 50

# Rough partisan lean, used only to make the fictional roster look plausible.
LEAN = {s: -1.0 for s in APPORTIONMENT}
LEAN.update({s: 1.0 for s in ("CA", "NY", "IL", "MA", "MD", "WA", "OR", "NJ", "CT", "RI", "HI", "DE", "VT",
                              "NM", "CO", "VA", "MN", "NV", "NH", "ME")})
LEAN.update({s: 0.0 for s in ("PA", "MI", "WI", "AZ", "GA", "NC")})

FIRST_NAMES = [
    "Ben", "Cora", "Dana", "Eli", "Faye", "Gus", "Hana", "Ivan", "June", "Kai", "Lena", "Milo", "Nora",
    "Otto", "Pia", "Quinn", "Rosa", "Silas", "Tess", "Uma", "Vera", "Wes", "Xena", "Yara", "Zane",
    "Abel", "Bea", "Cal", "Dora", "Emil", "Flora", "Gil", "Hazel", "Ira", "Jade", "Knox", "Lula", "Max",
    "Nell", "Oscar", "Pearl", "Reed", "Sage", "Theo", "Una", "Vince", "Wren", "Yusuf", "Zora", "Arlo",
    "Bram", "Clara", "Dex", "Edie", "Finn", "Greta", "Hugo", "Iris", "Jonah", "Kira", "Leo", "Mae",
    "Nico", "Olive", "Penn", "Ruth", "Sol", "Tobias", "Ursula", "Vic", "Willa", "Amos", "Bettina",
    "Cyrus", "Delia", "Ezra", "Fern", "Gideon", "Hattie", "Isaac", "Joy", "Kit", "Lionel", "Mira",
    "Ned", "Opal", "Percy", "Rhea", "Stella", "Tomas", "Val", "Walt", "Anya", "Boris", "Cleo", "Darius",
    "Elsa", "Felix", "Gemma", "Hal", "Ines", "Jasper", "Kenji", "Lars", "Marisol", "Nadia", "Omar",
    "Priya", "Rafael", "Sana", "Tariq", "Ulla", "Viktor", "Winona", "Xavier", "Yvette", "Zeke",
]
SURNAMES = [
    "Example", "Sample", "Specimen", "Placeholder", "Testcase", "Mockley", "Fixture", "Dummyworth",
    "Stubson", "Lorem", "Ipsum", "Exemplar", "Demoworth", "Sandbox", "Mockridge", "Testwell",
    "Samplewood", "Placeholt", "Proxley", "Draftwell", "Fakesley", "Stubbfield", "Mockford",
    "Testerton", "Samplesby", "Examplewood", "Fixturini", "Dummond", "Mockett", "Prototype",
]


def build_representatives():
    rng = child_rng()
    used_names = set()

    def name():
        while True:
            n = f"{rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)}"
            if n not in used_names:
                used_names.add(n)
                return n

    house, senate = [], []
    for state, n in APPORTIONMENT.items():
        for d in range(1, n + 1):
            if n == 1:
                rid, district = f"H-{state}-AL", "At-Large"
            else:
                rid, district = f"H-{state}-{d:02d}", str(d)
            house.append(dict(id=rid, state=state, district=district, chamber="house",
                              score=LEAN[state] + rng.gauss(0, 0.9)))
        for seat in (1, 2):
            senate.append(dict(id=f"S-{state}-{seat}", state=state, district=None, chamber="senate",
                               score=LEAN[state] + rng.gauss(0, 0.7)))

    # 117th Congress split: House 222 D / 213 R; Senate 48 D + 2 I (caucusing with D) / 50 R.
    for rep, rank in zip(sorted(house, key=lambda r: -r["score"]), range(len(house))):
        rep["party"] = "D" if rank < 222 else "R"
    independents = {"S-VT-1", "S-ME-2"}
    for r in senate:
        if r["id"] in independents:
            r["score"] = 99.0
    for rep, rank in zip(sorted(senate, key=lambda r: -r["score"]), range(len(senate))):
        rep["party"] = "D" if rank < 50 else "R"
    for r in senate:
        if r["id"] in independents:
            r["party"] = "I"

    for r in house:
        r["position"] = "Representative"
    for r in senate:
        r["position"] = "Senator"

    def pick(pool, party, title):
        cands = [r for r in pool if r["party"] == party and r["position"] in ("Representative", "Senator")]
        rng.choice(cands)["position"] = title

    pick(house, "D", "Speaker")
    pick(house, "D", "Majority Leader")
    pick(house, "D", "Majority Whip")
    pick(house, "R", "Minority Leader")
    pick(house, "R", "Minority Whip")
    pick(senate, "D", "Majority Leader")
    pick(senate, "D", "Majority Whip")
    pick(senate, "D", "President pro tempore")
    pick(senate, "R", "Minority Leader")
    pick(senate, "R", "Minority Whip")

    reps = []
    for r in house + senate:
        website = f"https://example.org/congress/{r['id'].lower()}" if rng.random() < 0.4 else None
        reps.append((r["id"], name(), r["party"], r["state"], r["district"], r["chamber"], r["position"], None, website))

    local = [
        ("L-SF-D9", "CA", "District 9", None, "Supervisor, District 9"),
        ("L-SF-MAYOR", "CA", None, None, "Mayor of San Francisco"),
        ("L-NYC-D3", "NY", "District 3", "D", "Council Member, District 3"),
        ("L-ATX-D9", "TX", "District 9", None, "Council Member, District 9"),
        ("L-ATX-MAYOR", "TX", None, None, "Mayor of Austin"),
    ]
    for rid, state, district, party, position in local:
        website = f"https://example.org/local/{rid.lower()}"
        reps.append((rid, name(), party, state, district, "local", position, None, website))
    return reps


# --------------------------------------------------------------------------
# Bills and roll calls
# --------------------------------------------------------------------------

def cg(congress, kind, number):
    ordinal = {117: "117th", 118: "118th", 119: "119th"}[congress]
    path = {"hr": "house-bill", "s": "senate-bill"}[kind]
    return f"https://www.congress.gov/bill/{ordinal}-congress/{path}/{number}"


# Each vote: (chamber, date, {party: (yes, no, present, not_voting)}, source note)
# Totals are the official roll-call totals. Party splits follow the record where
# known; where a note says "derived", not-voting was computed from the chamber's
# membership on that day.
BILLS = [
    dict(id="hr3684-117", title="Infrastructure Investment and Jobs Act", chamber="house", status="passed",
         introduced="2021-06-04", last_action="2021-11-15", url=cg(117, "hr", 3684),
         summary=("The **bipartisan infrastructure law**. It reauthorizes surface transportation programs and "
                  "provides roughly $550 billion in new federal spending over five years on:\n\n"
                  "- roads, bridges, rail and public transit\n"
                  "- broadband, water systems and the power grid\n"
                  "- electric-vehicle charging and resilience projects\n\n"
                  "Signed into law on November 15, 2021."),
         votes=[("senate", "2021-08-10", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (19, 30, 0, 1)},
                 "Senate passage with amendment, roll call 314"),
                ("house", "2021-11-05", {"D": (215, 6, 0, 0), "R": (13, 200, 0, 0)},
                 "House concurred in Senate amendment; 434 members seated")]),
    dict(id="hr5376-117", title="Inflation Reduction Act of 2022", chamber="house", status="passed",
         introduced="2021-09-27", last_action="2022-08-16", url=cg(117, "hr", 5376),
         summary=("Budget reconciliation law on **climate, health care and taxes**:\n\n"
                  "- about $370 billion for clean-energy and climate programs, largely as tax credits\n"
                  "- lets Medicare negotiate some prescription drug prices; caps insulin at $35 a month for "
                  "Medicare enrollees\n"
                  "- a 15% corporate minimum tax and a 1% excise tax on stock buybacks\n\n"
                  "Introduced as the Build Back Better Act; signed on August 16, 2022."),
         votes=[("senate", "2022-08-07", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (0, 50, 0, 0)},
                 "50–50; Vice President Harris broke the tie (her vote is not a senator's row)"),
                ("house", "2022-08-12", {"D": (220, 0, 0, 0), "R": (0, 207, 0, 4)},
                 "House concurred in Senate amendment")]),
    dict(id="s2938-117", title="Bipartisan Safer Communities Act", chamber="senate", status="passed",
         introduced="2021-10-05", last_action="2022-06-25", url=cg(117, "s", 2938),
         summary=("Gun-violence and mental-health law negotiated after the Uvalde and Buffalo shootings:\n\n"
                  "- enhanced background checks for buyers under 21\n"
                  "- closes the *boyfriend loophole* for dating-partner abusers\n"
                  "- grants for state crisis-intervention (red flag) programs\n"
                  "- funding for school safety and mental-health services\n\n"
                  "Enacted in the shell of S. 2938, a courthouse-naming bill. Signed June 25, 2022."),
         votes=[("senate", "2022-06-23", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (15, 33, 0, 2)},
                 "Senate concurred in House amendment with an amendment"),
                ("house", "2022-06-24", {"D": (220, 0, 0, 0), "R": (14, 193, 0, 3)},
                 "House concurred; three Republicans did not vote")]),
    dict(id="hr3076-117", title="Postal Service Reform Act of 2022", chamber="house", status="passed",
         introduced="2021-05-11", last_action="2022-04-06", url=cg(117, "hr", 3076),
         summary=("Overhauls the finances of the **U.S. Postal Service**:\n\n"
                  "- repeals the 2006 mandate to pre-fund retiree health benefits decades ahead\n"
                  "- integrates future postal retirees' health coverage with Medicare\n"
                  "- requires six-day delivery and a public online performance dashboard\n\n"
                  "Signed April 6, 2022."),
         votes=[("house", "2022-02-08", {"D": (222, 0, 0, 0), "R": (120, 92, 0, 0)},
                 "House passage; not voting derived (434 members seated)"),
                ("senate", "2022-03-08", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (29, 19, 0, 2)},
                 "Senate passage")]),
    dict(id="hr4346-117", title="CHIPS and Science Act", chamber="house", status="passed",
         introduced="2021-07-01", last_action="2022-08-09", url=cg(117, "hr", 4346),
         summary=("Industrial-policy and research law:\n\n"
                  "- about **$52 billion** for domestic semiconductor manufacturing and research\n"
                  "- a 25% investment tax credit for chip fabs\n"
                  "- authorizes large increases for NSF, NIST and Department of Energy science programs\n\n"
                  "Enacted in the vehicle of the FY2022 Legislative Branch Appropriations Act. "
                  "Signed August 9, 2022."),
         votes=[("senate", "2022-07-27", {"D": (46, 0, 0, 2), "I": (1, 1, 0, 0), "R": (17, 32, 0, 1)},
                 "Senate passage; Sen. Sanders (I) voted no"),
                ("house", "2022-07-28", {"D": (219, 0, 1, 0), "R": (24, 187, 0, 0)},
                 "House concurred, roll call 404; Rep. Sara Jacobs (D) voted present")]),
    dict(id="hr8404-117", title="Respect for Marriage Act", chamber="house", status="passed",
         introduced="2022-07-18", last_action="2022-12-13", url=cg(117, "hr", 8404),
         summary=("Repeals the 1996 **Defense of Marriage Act** and requires the federal government and the "
                  "states to recognize marriages validly entered into in another state, regardless of the "
                  "couple's sex, race, ethnicity or national origin.\n\n"
                  "A Senate amendment added protections for religious organizations. Signed December 13, 2022."),
         votes=[("senate", "2022-11-29", {"D": (47, 0, 0, 1), "I": (2, 0, 0, 0), "R": (12, 36, 0, 2)},
                 "Senate passage with amendment; Sens. Warnock, Sasse and Toomey did not vote"),
                ("house", "2022-12-08", {"D": (219, 0, 0, 0), "R": (39, 169, 1, 4)},
                 "House concurred; Rep. Burgess Owens (R) voted present")]),
    dict(id="hr3746-118", title="Fiscal Responsibility Act of 2023", chamber="house", status="passed",
         introduced="2023-05-29", last_action="2023-06-03", url=cg(118, "hr", 3746),
         summary=("The 2023 **debt-limit agreement**:\n\n"
                  "- suspends the debt limit until January 1, 2025\n"
                  "- caps discretionary spending for fiscal years 2024 and 2025\n"
                  "- rescinds some unspent COVID-19 and IRS funds; ends the student-loan payment pause\n"
                  "- expands work requirements for SNAP and TANF and speeds some energy permitting\n\n"
                  "Signed June 3, 2023."),
         votes=[("house", "2023-05-31", {"D": (165, 46, 0, 2), "R": (149, 71, 0, 2)},
                 "House passage, roll call 243 (118th Congress: 222 R, 213 D)"),
                ("senate", "2023-06-01", {"D": (44, 4, 0, 0), "I": (2, 1, 0, 0), "R": (17, 31, 0, 1)},
                 "Senate passage (118th Congress: 48 D, 3 I, 49 R); Sanders, Fetterman, Markey, Merkley "
                 "and Warren voted no")]),
    dict(id="hr2617-117", title="Consolidated Appropriations Act, 2023", chamber="house", status="passed",
         introduced="2021-04-16", last_action="2022-12-29", url=cg(117, "hr", 2617),
         summary=("The **$1.7 trillion omnibus** that funded the federal government for fiscal year 2023.\n\n"
                  "- all twelve regular appropriations bills\n"
                  "- emergency aid for Ukraine and for disaster recovery\n"
                  "- the Electoral Count Reform Act and the SECURE 2.0 retirement changes\n\n"
                  "Enacted in the shell of the Performance Enhancement Reform Act. Signed December 29, 2022."),
         votes=[("senate", "2022-12-22", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (18, 29, 0, 3)},
                 "Senate concurred with an amendment; Sens. Barrasso, Burr and Cramer did not vote"),
                ("house", "2022-12-23", {"D": (216, 1, 1, 1), "R": (9, 200, 0, 4)},
                 "House concurred; Rep. Tlaib voted present, Rep. Ocasio-Cortez no; not voting derived "
                 "(432 members seated)")]),
    dict(id="s3373-117", title="Sergeant First Class Heath Robinson Honoring our PACT Act of 2022",
         chamber="senate", status="passed", introduced="2021-12-16", last_action="2022-08-10",
         url=cg(117, "s", 3373),
         summary=("The **PACT Act** expands VA health care and disability benefits for veterans exposed to "
                  "burn pits, Agent Orange and other toxic substances.\n\n"
                  "- adds more than 20 presumptive conditions\n"
                  "- extends VA health-care eligibility for post-9/11 combat veterans\n"
                  "- requires toxic-exposure screenings at VA appointments\n\n"
                  "Signed August 10, 2022."),
         votes=[("house", "2022-07-13", {"D": (220, 0, 0, 0), "R": (122, 88, 0, 1)},
                 "House passage with amendment; party split approximate, not voting derived "
                 "(431 members seated)"),
                ("senate", "2022-08-02", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (36, 11, 0, 3)},
                 "Senate concurred; all 11 no votes were Republicans")]),
    dict(id="hr1319-117", title="American Rescue Plan Act of 2021", chamber="house", status="passed",
         introduced="2021-02-24", last_action="2021-03-11", url=cg(117, "hr", 1319),
         summary=("The **$1.9 trillion COVID-19 relief** package:\n\n"
                  "- $1,400 direct payments to most Americans\n"
                  "- extended federal unemployment benefits and an expanded, fully refundable child tax credit "
                  "for 2021\n"
                  "- $350 billion for state, local and tribal governments; funding for vaccines and schools\n\n"
                  "Passed by budget reconciliation; signed March 11, 2021."),
         votes=[("senate", "2021-03-06", {"D": (48, 0, 0, 0), "I": (2, 0, 0, 0), "R": (0, 49, 0, 1)},
                 "Senate passage with amendment; Sen. Sullivan did not vote"),
                ("house", "2021-03-10", {"D": (220, 1, 0, 0), "R": (0, 210, 0, 1)},
                 "House concurred; Rep. Golden (D) voted no; not voting derived (432 members seated)")]),
    dict(id="s4822-117", title="DISCLOSE Act of 2022", chamber="senate", status="failed",
         introduced="2022-09-12", last_action="2022-09-22", url=cg(117, "s", 4822),
         summary=("Would have required corporations, unions, super PACs and other groups that spend more "
                  "than $10,000 in an election cycle to **disclose their large donors**, and extended "
                  "disclosure rules to judicial-nomination advertising.\n\n"
                  "Cloture on the motion to proceed failed 49–49 on September 22, 2022 (60 votes were "
                  "needed), and the bill died at the end of the 117th Congress."),
         votes=[("senate", "2022-09-22", {"D": (47, 0, 0, 1), "I": (2, 0, 0, 0), "R": (0, 49, 0, 1)},
                 "Cloture on the motion to proceed, not invoked; party of the two absentees approximate")]),
    dict(id="hr22-119", title="SAVE Act", chamber="house", status="pending",
         introduced="2025-01-03", last_action="2025-04-10", url=cg(119, "hr", 22),
         summary=("The **Safeguard American Voter Eligibility Act** would require documentary proof of U.S. "
                  "citizenship to register to vote in federal elections and require states to remove "
                  "non-citizens from voter rolls.\n\n"
                  "Passed the House on April 10, 2025; received in the Senate, where it awaits action."),
         votes=[("house", "2025-04-10", {"R": (216, 0, 0, 4), "D": (4, 208, 0, 1)},
                 "House passage (119th Congress: 220 R, 213 D seated); not voting derived")]),
]


def vote_rows_for(rng, bill_id, chamber, date, breakdown, roster):
    """Deal the real tally out to the fictional roster of one chamber.

    Totals per vote value are exact; party splits match where the roster has
    enough members of that party.  Seats beyond the number of members who
    were seated on that day are left out (vacant) and get no row.
    """
    members = [r for r in roster if r[5] == chamber]
    by_party = {}
    for r in members:
        by_party.setdefault(r[2], []).append(r[0])
    for ids in by_party.values():
        rng.shuffle(ids)
    real_size = {p: sum(v) for p, v in breakdown.items()}
    vacancies = len(members) - sum(real_size.values())
    assert vacancies >= 0, (bill_id, chamber)
    while vacancies:
        surplus = {p: len(ids) - real_size.get(p, 0) for p, ids in by_party.items()}
        party = max(sorted(surplus), key=lambda p: surplus[p])
        by_party[party].pop()
        vacancies -= 1

    labels = ("yes", "no", "abstain", "absent")
    leftover_members, leftover_votes, rows = [], [], []
    for party in sorted(set(by_party) | set(breakdown)):
        ids = by_party.get(party, [])
        votes = []
        for label, n in zip(labels, breakdown.get(party, (0, 0, 0, 0))):
            votes += [label] * n
        rng.shuffle(votes)
        k = min(len(ids), len(votes))
        rows += [(bill_id, ids[i], votes[i], date) for i in range(k)]
        leftover_members += ids[k:]
        leftover_votes += votes[k:]
    assert len(leftover_members) == len(leftover_votes)
    rng.shuffle(leftover_votes)
    rows += [(bill_id, m, v, date) for m, v in zip(sorted(leftover_members), leftover_votes)]

    # Self-check: the dealt totals equal the real totals.
    want = [sum(v[i] for v in breakdown.values()) for i in range(4)]
    got = [sum(1 for r in rows if r[2] == label) for label in labels]
    assert want == got, (bill_id, chamber, want, got)
    return sorted(rows, key=lambda r: r[1])


# --------------------------------------------------------------------------
# Questions
# --------------------------------------------------------------------------

# (user, representative, text, votes, asked_at, answer or None, days until answer)
QUESTIONS = [
    (1, "H-CA-11", "Will you protect global health funding (malaria, vaccines, PEPFAR) in next year's "
                   "State–Foreign Operations appropriations bill?", 214, "2025-02-03T16:20:00Z",
     "Thank you for asking. **Yes.** Global health programs are some of the most cost-effective spending "
     "in the federal budget.\n\nI have signed the letter asking appropriators to keep:\n\n"
     "- the President's Malaria Initiative at no less than last year's level\n"
     "- our contribution to Gavi\n- PEPFAR's multi-year authorization\n\n"
     "You can track the letter on my website.", 9),
    (1, "S-CA-1", "Would you co-sponsor a universal charitable deduction so people who take the standard "
                  "deduction can still deduct their donations?", 171, "2025-02-19T08:45:00Z",
     "I support restoring an above-the-line deduction for charitable gifts. The temporary version in 2020–21 "
     "showed how many households give when the tax code recognizes it.\n\nI'm reviewing the current "
     "bill text and expect to decide on co-sponsorship this spring.", 21),
    (1, "S-CA-2", "What's your position on funding for the CDC's global immunization program?", 58,
     "2025-03-11T19:02:00Z", None, 0),
    (1, "L-SF-D9", "Can the Board fund more evening hours at the Mission branch library? It's the only quiet "
                   "place many kids in the district have to study.", 96, "2025-03-27T02:15:00Z",
     "Great question — and one we hear a lot. The library budget is set in the June budget process. "
     "I've asked the City Librarian for a cost estimate for **two extra evenings a week** and will share "
     "it at my April town hall.", 12),
    (1, "H-CA-11", "The IIJA's transit money runs out in 2026. What is your plan for reauthorization, and will "
                   "BART and Muni operations be eligible?", 133, "2025-04-14T17:40:00Z", None, 0),
    (1, "H-CA-11", "Do you support this year's \"World Malaria Day\" resolution? Will you sign on as a "
                   "co-sponsor before April 25?", 187, "2025-04-17T07:55:00Z",
     "I'm proud to say I signed on as a co-sponsor on April 22. Malaria still kills more than "
     "**half a million people a year**, most of them children under five, and we know how to prevent it.", 6),
    (1, "S-CA-1", "How will you vote on the next farm bill's food-aid provisions (Food for Peace)?", 41,
     "2025-05-30T21:10:00Z", None, 0),
    (1, "L-SF-MAYOR", "Will the city keep funding the Mission food pantry network now that the federal "
                      "grants have ended?", 122, "2025-06-22T15:30:00Z",
     "Food security remains a priority. The proposed budget keeps the pantry network at current levels "
     "for the next fiscal year, and we are seeking philanthropic partners for expansion.", 17),
    (1, "S-CA-2", "Would you support requiring the VA to report on PACT Act claim backlogs every quarter?", 67,
     "2025-07-08T11:25:00Z", "Yes — transparency on backlogs helps veterans and their advocates. I've asked "
                             "the committee to include quarterly reporting in the next VA authorization.", 25),
    (1, "H-CA-11", "What is your position on expanding the Child Tax Credit to its 2021 level?", 154,
     "2025-09-02T18:45:00Z", None, 0),
    (1, "S-CA-1", "Can you explain your vote on the rescissions package? I'd like to understand the trade-offs.",
     88, "2025-10-06T20:05:00Z", None, 0),
    (1, "L-SF-D9", "Any update on the Valencia Street bike lane redesign? It's been \"temporary\" for two years.",
     39, "2025-11-18T08:30:00Z", "The final design goes to the SFMTA board in January. I'll post the staff "
                                 "report as soon as it's public.", 14),
    (2, "H-NY-10", "As an overseas voter, my absentee ballot arrived only 10 days before the deadline. Will you "
                   "support funding for electronic ballot delivery under UOCAVA?", 241, "2025-01-21T09:10:00Z",
     "Thank you for writing from abroad. Every eligible American should be able to vote, wherever they "
     "live.\n\nI support:\n\n- full funding for the Federal Voting Assistance Program\n- electronic "
     "*delivery* of blank ballots in every state\n\nMy office can also help you check your registration.", 11),
    (2, "S-NY-1", "Will you back residence-based taxation so Americans abroad aren't double-filing?", 276,
     "2025-02-10T13:00:00Z", None, 0),
    (2, "S-NY-2", "What is your view on the US contribution to the Global Fund replenishment?", 119,
     "2025-03-04T10:35:00Z", "I strongly support a robust pledge. The Global Fund has helped save tens of "
                             "millions of lives, and our contribution leverages two dollars from other "
                             "donors for every one of ours.", 19),
    (2, "H-NY-10", "Will you oppose cuts to USAID's global health programs? Why or why not?", 203,
     "2025-03-19T07:20:00Z", None, 0),
    (2, "S-NY-1", "How will you make sure FBAR reporting thresholds get updated for inflation?", 64,
     "2025-05-07T16:45:00Z", "The $10,000 threshold hasn't changed since the 1970s. I'm drafting a bill to "
                             "index it to inflation and will share text with constituents abroad.", 30),
    (2, "H-NY-10", "What's your timeline for Second Avenue Subway phase 2 funding?", 33, "2025-06-11T18:15:00Z",
     None, 0),
    (2, "S-NY-2", "Would you support a tax credit for donations to highly cost-effective global charities?",
     92, "2025-08-26T09:50:00Z", None, 0),
    (2, "L-NYC-D3", "Will the Council extend the Open Streets program on my old block in the West Village?", 18,
     "2025-09-14T11:05:00Z", "Yes — it's in the renewal list for next year. Thanks for staying engaged from "
                             "Berlin!", 8),
    (2, "H-NY-10", "Can you explain why the SAVE Act's documentary-proof requirement would or wouldn't "
                   "affect overseas voters?", 158, "2025-10-21T08:40:00Z",
     "Overseas voters register through the Federal Post Card Application, and it isn't yet clear how the "
     "bill's **documentary proof** requirement would apply to them. I've asked the Congressional Research "
     "Service for an analysis and will publish it.", 23),
    (3, "H-TX-37", "What are you doing about nurse staffing ratios in Texas hospitals? We're burning out.", 188,
     "2025-02-25T03:30:00Z", "Thank you for your service. I support federal minimum staffing standards and "
                             "funding for nursing schools to expand capacity. I'd welcome a meeting with "
                             "nurses in the district.", 16),
    (3, "S-TX-1", "Will you support extending the ACA premium tax credits before they expire?", 97,
     "2025-04-09T22:10:00Z", None, 0),
    (3, "L-ATX-D9", "Can the city add shade structures at the Zilker bus stops? It's 105° out there.", 54,
     "2025-07-15T13:45:00Z", "Capital Metro and the city are installing shelters at 40 more stops this "
                             "year, and Zilker is on the list.", 10),
    (3, "S-TX-2", "What is your plan for the power grid after the last winter storm?", 75,
     "2025-08-03T19:25:00Z", None, 0),
    (3, "H-TX-37", "Do you support loan forgiveness for nurses who work in rural hospitals?", 42,
     "2025-10-29T04:05:00Z", None, 0),
    (1, "H-CA-11", "Follow-up: did the State–Foreign Ops bill keep malaria funding level? The committee "
                   "report's numbers are hard to read.", 77, "2025-12-04T17:20:00Z", None, 0),
    (2, "S-NY-1", "Quick one: will the office hold a virtual town hall for constituents living abroad?", 29,
     "2025-12-09T10:00:00Z", None, 0),
]


def build_questions():
    rows = []
    for i, (uid, rep, text, votes, asked, answer, days) in enumerate(QUESTIONS):
        answered_at = None
        if answer is not None:
            t = dt.datetime.strptime(asked, "%Y-%m-%dT%H:%M:%SZ") + dt.timedelta(days=days, hours=3, minutes=17)
            answered_at = t.strftime("%Y-%m-%dT%H:%M:%SZ")
            assert answered_at > asked and answered_at < "2026-01-01"
        rows.append((i + 1, uid, rep, text, votes, asked, answer, answered_at))
    return rows


# --------------------------------------------------------------------------
# Social accounts, posts and deliveries
# --------------------------------------------------------------------------

SOCIAL = [
    (1, "mastodon", "@ada@mastodon.social"),
    (1, "bluesky", "@ada-gives.bsky.social"),
    (1, "linkedin", "ada-lindqvist"),
    (1, "threads", "@ada.gives"),
    (2, "mastodon", "@sam@urbanists.social"),
    (2, "bluesky", "@samokafor.bsky.social"),
    (2, "linkedin", "sam-okafor-planner"),
    (3, "bluesky", "@rileyrn.bsky.social"),
    (3, "threads", "@riley.rn.atx"),
    (3, "mastodon", "@riley@mastodon.online"),
]

HOUR_WEIGHTS = {7: 8, 8: 10, 9: 6, 10: 3, 11: 2, 12: 5, 13: 3, 14: 2, 15: 2, 16: 2, 17: 3, 18: 6, 19: 8,
                20: 9, 21: 7, 22: 4, 23: 1}

# Post templates: (text, months it fits or None[, weekdays it fits, Monday = 0]).
# {slots} are filled from POST_FILL.
WEEKEND = {5, 6}
WEEKDAYS = {0, 1, 2, 3, 4}
ADA_POSTS = [
    ("Volunteered at the Mission food pantry this morning. {bags} bags packed before 10am 🥫", None, WEEKEND),
    ("Reminder to myself: the best charity is the one you actually keep giving to. Automate it.", None),
    ("Reading {report} with coffee ☕ Lots to think about.", None),
    ("Why I give to global health: a bed net costs about $5 delivered. That's {comparison}.", None),
    ("Spreadsheet Sunday: budget reconciled, savings transferred, giving on track. Boring is good.", None, {6}),
    ("If you've been thinking about taking a giving pledge, start at 1%. You can always go up.", None),
    ("Our team lunch-and-learn on effective giving had {people} people show up! Slides in the replies 👇", None,
     WEEKDAYS),
    ("Biked to work in the fog again. San Francisco summer is a lie 🌫️", {6, 7, 8, 9}, WEEKDAYS),
    ("Just emailed my rep about {issue}. Took 4 minutes. You can do it too.", None),
    ("Grateful for a Saturday at the pantry with my neighbors. Community is the best antidepressant.", None, {5}),
    ("Hot take: 'overhead' is not a good way to judge a charity. Ask what each dollar actually achieves.", None),
    ("Made a big pot of {soup} and froze half. Future me says thanks. Future budget too.", None),
    ("Pantry shift done ✅ We served {families} families today. The need isn't going away.", None),
    ("Friendly reminder that the 'Donate' button on your favorite charity's site is one click away 💙", None),
    ("New Incentives' results keep impressing me: small cash incentives, big jump in vaccination rates.", None),
    ("Town hall tonight. Bringing questions about {issue}. Wish me luck!", None, WEEKDAYS),
    ("Something I learned this week: SMC protects kids during exactly the months malaria peaks. Timing matters.",
     None),
    ("Cooking for the volunteer potluck. Bringing the only dish I'm trusted with: guacamole 🥑", None),
    ("No-spend weekend: long walk at {place}, library books, leftovers. Honestly great.", None, {6}),
    ("Giving isn't a sacrifice when you decide in advance. It's just another line in the budget.", None),
    ("Rainy day, good book, hot tea. {rainy}", {1, 2, 3, 11, 12}),
    ("Book of the week: {book}. {reaction}", None),
    ("Coffee with a friend who's thinking about a giving pledge. My advice: start small, automate, review "
     "once a year.", None),
    ("Did the math: my monthly AMF gift alone has paid for roughly {nets} bed nets since January 2023.", None),
    ("Walked past a new mural on 24th St today. This neighborhood 💛", None),
    ("World Malaria Day is April 25. Good week to learn how bed nets and SMC actually work.", {4}),
    ("Giving Tuesday is coming up. If you're new to giving, it's a good day to start.", {11}),
    ("Farmers market haul: {produce}. Under $25, zero regrets.", None, WEEKEND),
    ("Long week. Grateful for friends, soup, and a couch.", None),
    ("Drafted my end-of-year giving plan: mostly malaria and vaccines, a little climate.", {11, 12}),
    ("The Mission pantry needs Saturday volunteers next month! DM me if you're in SF.", None),
    ("Fog's in, laptop's open, budget's balanced. Small wins.", None),
    ("Asked my representative a question on Tally today. Let's see if anyone answers 👀", None),
    ("Number I keep coming back to: malaria still kills more than half a million people a year, mostly "
     "young children.", None),
    ("Evening run along the Embarcadero. {km} km, slow and happy.", None),
    ("Cancelled two streaming services and moved the money to my giving budget. Haven't missed them.", None),
    ("Friend asked why I don't give more locally. I do some! But a dollar goes much further against malaria.",
     None),
    ("Got my quarterly budget review done in 20 minutes. Past me set up good categories.", {3, 4, 6, 7, 9, 10}),
]
ADA_DONATION_POSTS = [
    ("Monthly gift to {org} just went out: {amount}. Small, steady, automatic 💙", "monthly"),
    ("{amount} to {org}, same as every month. Boring giving is good giving.", "monthly"),
    ("Gave {amount} to {org} today. Every bit counts. #EffectiveGiving", "small"),
    ("Just donated {amount} to {org}. Their reporting is some of the most transparent I've seen.", "any"),
    ("{amount} to {org} ✅ If you're looking for a place to give, I can't recommend them enough.", "any"),
    ("Big one today: {amount} to {org}. Decided on it months ago, still felt good to click the button.", "large"),
    ("Year-end giving: {amount} to {org}. Feels good to close the year this way 🎉", "yearend"),
]
SAM_POSTS = [
    ("Sunday bake: {bread} for the neighbors 🍞", None, {6}),
    ("Berlin transit tip: the Deutschlandticket is still the best deal in Europe. Go anywhere (slowly).", None),
    ("Absentee ballot request sent. Voting from abroad is a hassle, but it matters.", {9, 10}),
    ("Reading about seasonal malaria chemoprevention on the {line}. Monthly doses through one rainy season, "
     "huge impact.", None),
    ("Working towards a 10% pledge. At 5% now and it hasn't hurt a bit.", None),
    ("Volunteered at the Tafel sorting {veg}. Came home with sore arms and a good mood.", None),
    ("Urban planning nerd moment: {fact} 🚲", None),
    ("Budget check: rent, groceries, ETF, giving. Same boring routine, same good feeling.", None),
    ("Coffee with a friend who just took the Giving What We Can pledge. Proud of her!", None),
    ("Long walk on the Tempelhofer Feld. The sky is enormous today.", None),
    ("Reminder: your local council meeting is the most underrated form of civic engagement.", None),
    ("Finished a freelance planning report. Part of the fee goes straight to my year-end giving pot.",
     {3, 9, 12}),
    ("Spring in Berlin means the first Späti beer outside. Cheers 🍻", {3, 4, 5}),
    ("The case for cash transfers in one sentence: people know what they need better than we do.", None),
    ("Shoutout to everyone who emails their representatives. It works more often than you'd think.", None),
    ("Wrote to my NY reps about overseas ballot delivery. Will report back if they answer.", None),
    ("Made {dish} for the office potluck. Zero leftovers 🔥", None),
    ("On track for my 5% pledge this year. Next year: 6%.", {10, 11, 12}),
    ("Lake day at Schlachtensee. Summer in Berlin is unbeatable ☀️", {6, 7, 8}, WEEKEND),
    ("First Glühwein of the season at the Weihnachtsmarkt 🎄", {11, 12}),
    ("Reading {book} on the balcony.", {5, 6, 7, 8, 9}),
    ("Biked to work, {km} km each way. Cheaper than the gym.", None, WEEKDAYS),
    ("Berlin bureaucracy update: Bürgeramt appointment secured. Small miracles.", None, WEEKDAYS),
    ("Planning workshop today about a new Kiezblock. Fewer cars, more benches, more trees 🌳", None, WEEKDAYS),
    ("Called home to NYC. Mom asked if I'm eating enough. I am. Mostly bread.", None),
    ("At about €5 a bed net, my monthly coffee budget could protect a whole family from malaria.", None),
    ("Rainy Sunday: tea, budget spreadsheet, and a Tatort rerun.", {1, 2, 3, 4, 10, 11, 12}, {6}),
    ("Autumn leaves in Volkspark Friedrichshain 🍂", {10, 11}),
    ("Tried a new bakery in Neukölln. The Zimtschnecke was life-changing.", None),
    ("Quarterly budget review done. Under on groceries, over on trains. Worth it.", {4, 7, 10}),
]
SAM_DONATION_POSTS = [
    ("Donated {amount} to {org} today. Small steps 💚", "small"),
    ("Monthly gift to {org}: {amount}. Automate your giving, friends.", "monthly"),
    ("{amount} to {org}. Read their latest report and was impressed by the monitoring.", "any"),
    ("Bigger gift this time: {amount} to {org}. Freelance money well spent.", "large"),
    ("Year-end gift: {amount} to {org}. Guten Rutsch! 🎆", "yearend"),
]
RILEY_POSTS = [
    ("Twelve-hour shift done. Feet hurt, heart full.", None),
    ("Nurses Week reminder: hydrate, eat real food, and let someone else worry about you for once.", {5}),
    ("Thinking a lot about fistula surgery lately. Such a fixable injury, and so many women never get the "
     "chance.", None),
    ("It's {temp}° in Austin. My electric bill is doing cardio.", {6, 7, 8, 9}),
    ("Day off: Barton Springs, tacos, nap. Perfect.", {5, 6, 7, 8, 9}),
    ("If you can give even $10 a month, pick something and automate it. Future you will be proud.", None),
    ("Night shift brain. Forgive typos.", None),
    ("Called my senator's office about ACA credits. The staffer was kind. Keep calling, y'all.", None),
    ("Breakfast tacos after a night shift hit different 🌮", None),
    ("Three night shifts in a row done. Sleeping until Thursday.", None),
    ("Grateful for my coworkers. Nobody gets through a shift like that alone.", None),
]
RILEY_DONATION_POSTS = [
    ("Monthly gift to {org} ✅ ({amount})", "monthly"),
    ("Gave {amount} to {org} today 💙", "any"),
    ("End-of-year gift: {amount} to {org}. Proud of this one.", "yearend"),
]
POST_FILL = {
    "bags": lambda rng, day: str(rng.randrange(80, 170, 5)),
    "families": lambda rng, day: str(rng.randint(90, 180)),
    "people": lambda rng, day: str(rng.randint(14, 41)),
    "km": lambda rng, day: str(rng.choice([5, 6, 7, 8, 10])),
    "temp": lambda rng, day: str(rng.randint(101, 108)),
    "nets": lambda rng, day: str(10 * ((day.year - 2023) * 12 + day.month)),
    "report": ["GiveWell's latest cost-effectiveness update", "AMF's post-distribution monitoring reports",
               "a new seasonal malaria chemoprevention coverage survey", "GiveDirectly's latest research roundup"],
    "comparison": ["one fancy latte", "less than a movie ticket", "about one burrito"],
    "issue": ["global health funding", "the library budget", "transit funding", "the charitable deduction"],
    "soup": ["lentil soup", "minestrone", "chili", "pozole"],
    "place": ["Bernal Heights", "Dolores Park", "Lands End", "the Presidio"],
    "rainy": ["Also set up next year's recurring donations.", "Perfect excuse to skip the gym.",
              "Reading list is shrinking, slowly."],
    "book": ["*The Life You Can Save*", "*Poor Economics*", "*Doing Good Better*", "*Strangers Drowning*",
             "*Factfulness*"],
    "reaction": ["Highly recommend.", "Made me rethink a few donations.", "Dense but worth it."],
    "produce": ["strawberries, kale and far too many tomatoes", "peaches, corn and basil",
                "citrus, leeks and a sourdough loaf"],
    "bread": ["rye sourdough", "Franzbrötchen", "banana bread", "challah", "focaccia"],
    "line": ["U8", "M10 tram", "S-Bahn Ring"],
    "veg": ["potatoes", "apples", "cabbages", "carrots"],
    "fact": ["protected bike lanes make streets safer for everyone, not just cyclists",
             "a parking space takes about 12 m² — roughly the size of a small bedroom",
             "the best predictor of cycling rates is a connected network, not a single fancy lane"],
    "dish": ["Jollof rice", "puff-puff", "suya skewers", "pepper soup"],
}
SPECIAL_POSTS = {
    # Multilingual and special-character posts, on fixed days.
    (1, "2025-03-05"): "رمضان كريم to everyone observing — joined the interfaith iftar food drive tonight 🌙",
    (2, "2025-09-23"): "שנה טובה to friends celebrating Rosh Hashanah! Starting the new year with a gift to "
                       "malaria prevention.",
    (2, "2025-05-18"): "Long run training: 18 km done. Doing a sponsored run for Sightsavers in the autumn — "
                       "link in bio!",
    (1, "2025-12-31"): "Hit my 10% pledge for the year <3 #EffectiveGiving #TenPercent",
}
SCHEDULED_POSTS = [
    (1, "2025-12-29T20:14:00Z", "2026-01-01T09:00:00Z",
     "New year, new giving plan: 10% again, with a bit more for vaccines. Happy 2026! 🎉"),
    (1, "2025-12-30T19:40:00Z", "2026-01-05T08:30:00Z",
     "Reminder: recurring donations restart this week. Check your card hasn't expired 😅"),
    (1, "2025-12-31T10:02:00Z", "2026-01-12T18:00:00Z",
     "Giving circle meets again on the 15th. Topic: climate philanthropy. Bring snacks."),
    (2, "2025-12-30T21:20:00Z", "2026-01-02T09:15:00Z",
     "Frohes neues Jahr! 2026 goal: a 6% pledge and more bread for the neighbors 🍞"),
    (2, "2025-12-31T16:45:00Z", "2026-01-20T07:45:00Z",
     "Overseas voters: check your FPCA registration for the 2026 midterms now, not in October."),
]


def money(cents, currency):
    sym = {"USD": "$", "EUR": "€", "GBP": "£"}[currency]
    whole = cents % 100 == 0
    value = f"{cents // 100:,}" if whole else f"{cents / 100:,.2f}"
    return f"{sym}{value}"


def fill_template(rng, text, day):
    def repl(match):
        source = POST_FILL[match.group(1)]
        return source(rng, day) if callable(source) else rng.choice(source)
    return re.sub(r"\{(\w+)\}", repl, text)


class TemplateDeck:
    """Deals post templates in shuffled rounds so texts don't repeat back to back."""

    def __init__(self, rng, templates):
        self.rng, self.templates, self.deck = rng, templates, []

    def draw(self, day):
        for _attempt in range(3):
            for i, idx in enumerate(self.deck):
                months = self.templates[idx][1]
                weekdays = self.templates[idx][2] if len(self.templates[idx]) > 2 else None
                if (months is None or day.month in months) and (weekdays is None or day.weekday() in weekdays):
                    return self.templates[self.deck.pop(i)][0]
            self.deck += self.rng.sample(range(len(self.templates)), len(self.templates))
        raise RuntimeError("no template fits")


def build_posts(donations, social_ids):
    rng = child_rng()
    posts = []  # dicts

    def hour_minute():
        hours = list(HOUR_WEIGHTS)
        h = rng.choices(hours, weights=[HOUR_WEIGHTS[x] for x in hours])[0]
        return h, rng.randint(0, 59)

    plans = {
        1: dict(start=dt.date(2025, 3, 1), p_cont=0.68, p_start=0.28,
                gaps=[(dt.date(2025, 8, 10), dt.date(2025, 8, 24))], texts=ADA_POSTS, dtexts=ADA_DONATION_POSTS),
        2: dict(start=dt.date(2025, 3, 1), p_cont=0.60, p_start=0.22,
                gaps=[(dt.date(2025, 7, 1), dt.date(2025, 7, 16))], texts=SAM_POSTS, dtexts=SAM_DONATION_POSTS),
        3: dict(start=dt.date(2025, 4, 1), p_cont=0.25, p_start=0.08, gaps=[],
                texts=RILEY_POSTS, dtexts=RILEY_DONATION_POSTS),
    }
    end = dt.date(2025, 12, 31)
    for uid, plan in plans.items():
        day, active = plan["start"], False
        while day <= end:
            in_gap = any(a <= day <= b for a, b in plan["gaps"])
            p = plan["p_cont"] if active else plan["p_start"]
            active = (not in_gap) and day < dt.date(2025, 12, 29) and rng.random() < p
            special = SPECIAL_POSTS.get((uid, day.isoformat()))
            if active or special:
                for _ in range(1 + (rng.random() < 0.12)):
                    h, mi = hour_minute()
                    posts.append(dict(user=uid, day=day, h=h, mi=mi, donation=None, text=None, scheduled=None))
                if special:
                    posts[-1]["text"] = special
                active = True
            day += dt.timedelta(days=1)

    # Link about 15% of posts to a donation made by the same user on or shortly before the post.
    by_user = {}
    for d in donations:
        if d[5] >= "2025-02-25":
            by_user.setdefault(d[1], []).append(d)
    for uid in (1, 2, 3):
        user_posts = [p for p in posts if p["user"] == uid and p["text"] is None]
        target = round(0.15 * len([p for p in posts if p["user"] == uid]))
        cands = sorted(by_user.get(uid, []), key=lambda d: (d[6], -d[3], d[5]))  # one-off and large gifts first
        linked = 0
        for d in cands:
            if linked >= target:
                break
            ddate = dt.date.fromisoformat(d[5])
            window = [p for p in user_posts if p["donation"] is None and 0 <= (p["day"] - ddate).days <= 6]
            if not window:
                continue
            min(window, key=lambda p: (p["day"], p["h"]))["donation"] = d
            linked += 1

    decks = {uid: TemplateDeck(rng, plan["texts"]) for uid, plan in plans.items()}
    for p in sorted(posts, key=lambda p: (p["day"], p["h"], p["mi"], p["user"])):
        if p["text"] is not None:
            continue
        plan = plans[p["user"]]
        d = p["donation"]
        if d is not None:
            if d[6]:
                kinds = {"any", "monthly", "small"}
            elif d[3] >= 10000:
                kinds = {"any", "large"} | ({"yearend"} if d[5][5:7] == "12" else set())
            else:
                kinds = {"any", "small"}
            choices = [t for t, kind in plan["dtexts"] if kind in kinds]
            p["text"] = rng.choice(choices).format(org=ORGS[d[2] - 1]["name"], amount=money(d[3], d[4]))
        else:
            p["text"] = fill_template(rng, decks[p["user"]].draw(p["day"]), p["day"])

    # A few posts were written ahead of time and published at a scheduled hour later that day.
    for p in posts:
        p["created"] = f"{p['day'].isoformat()}T{p['h']:02d}:{p['mi']:02d}:00Z"
        if rng.random() < 0.08 and p["h"] < 20:
            later = dt.datetime.combine(p["day"], dt.time(p["h"])) + dt.timedelta(hours=rng.randint(1, 23 - p["h"]))
            p["scheduled"] = later.strftime("%Y-%m-%dT%H:%M:%SZ")

    for uid, created, scheduled, text in SCHEDULED_POSTS:
        posts.append(dict(user=uid, day=dt.date.fromisoformat(created[:10]), h=int(created[11:13]),
                          mi=int(created[14:16]), donation=None, text=text, created=created,
                          scheduled=scheduled, future=True))

    posts.sort(key=lambda p: (p["created"], p["user"]))
    post_rows, delivery_rows = [], []
    platform_scale = {"mastodon": 7, "bluesky": 11, "linkedin": 22, "threads": 6}
    for i, p in enumerate(posts):
        pid = i + 1
        post_rows.append((pid, p["user"], p["text"], p["created"], p["scheduled"],
                          p["donation"][0] if p["donation"] else None))
        accounts = social_ids[p["user"]]
        k = min(len(accounts), rng.choices([1, 2, 3], weights=[35, 45, 20])[0])
        for acc_id, platform in sorted(rng.sample(accounts, k)):
            if p.get("future"):
                delivery_rows.append((pid, acc_id, "scheduled", None, 0, 0))
                continue
            if rng.random() < 0.06:
                delivery_rows.append((pid, acc_id, "failed", None, 0, 0))
                continue
            base = p["scheduled"] or p["created"]
            t = dt.datetime.strptime(base, "%Y-%m-%dT%H:%M:%SZ") + dt.timedelta(seconds=rng.randint(2, 150))
            boost = 1.8 if p["donation"] else 1.0
            likes = int(rng.lognormvariate(0, 0.8) * platform_scale[platform] * boost)
            shares = int(likes * rng.uniform(0.05, 0.3))
            delivery_rows.append((pid, acc_id, "published", t.strftime("%Y-%m-%dT%H:%M:%SZ"), likes, shares))
    return post_rows, delivery_rows


# --------------------------------------------------------------------------
# Assemble
# --------------------------------------------------------------------------

def build_sql():
    w = SQLWriter()
    w.comment("Tally example data — generated by data/generate_example.py; do not edit by hand.")
    w.comment("Regenerate with:  python3 data/generate_example.py > data/example.sql")
    w.comment("")
    w.comment("Organizations, bills and roll-call totals are real. Every representative is FICTIONAL;")
    w.comment("users, donations, budgets, questions and posts are invented. See data/README.md.")
    w.blank()
    w.raw("BEGIN;")
    w.blank()

    # Organizations
    w.comment("Organizations (real charities; cost figures are rounded public estimates)")
    w.insert("organizations",
             ["id", "slug", "name", "mission", "description", "website", "donate_url", "logo", "city", "region",
              "country", "rating", "verified", "minimum_donation_cents", "impact_unit", "cost_per_unit_cents",
              "created_at"],
             [(ORG_ID[o["slug"]], o["slug"], o["name"], o["mission"], o["description"], o["website"],
               o["donate_url"], f"/images/logos/{o['slug']}.svg", o["city"], o["region"], o["country"],
               o["rating"], o["verified"], o["minimum"], o["unit"], o["cost"], o["created"]) for o in ORGS])
    w.blank()
    w.comment("Organization tags")
    w.insert("organization_tags", ["organization_id", "tag"],
             [(ORG_ID[o["slug"]], t) for o in ORGS for t in o["tags"]])
    w.blank()
    w.comment("Organization media (photos and videos on the organizations' own sites)")
    w.insert("organization_media", ["id", "organization_id", "kind", "url", "caption"],
             [(i + 1, ORG_ID[slug], kind, url, cap) for i, (slug, kind, url, cap) in enumerate(MEDIA)])
    w.blank()

    # Users
    w.comment("Users: ada and sam are published in the example site config; riley is NOT published")
    w.comment("(riley's rows must never appear on the generated site).")
    w.insert("users", ["id", "username", "display_name", "email", "zipcode", "party", "bio", "pledge_percent",
                       "created_at"],
             [(u["id"], u["username"], u["display_name"], u["email"], u["zipcode"], u["party"], u["bio"],
               u["pledge"], u["created"]) for u in USERS])
    w.blank()

    incomes = build_incomes()
    donations = build_donations(incomes)
    w.comment("Donations, 2023-01 to 2025-12 (ada: USD; sam: EUR plus some GBP; riley: USD)")
    w.insert("donations", ["id", "user_id", "organization_id", "amount_cents", "currency", "donated_at",
                           "recurring", "note"], donations)
    w.blank()
    w.comment("Incomes (one Salary row per month, plus occasional Freelance / Extra shifts rows)")
    w.insert("incomes", ["id", "user_id", "month", "amount_cents", "currency", "source"], incomes)
    w.blank()

    parents, children, cat_ids = build_budget()
    w.comment("Budget categories: top-level first, then sub-categories (parent_id -> top-level)")
    cols = ["id", "user_id", "parent_id", "name", "color", "monthly_limit_cents", "notes"]
    w.insert("budget_categories", cols, parents)
    w.insert("budget_categories", cols, children)
    w.blank()
    expenses = build_expenses(cat_ids)
    w.comment("Expenses, January to December 2025")
    w.insert("expenses", ["id", "user_id", "category_id", "name", "amount_cents", "currency", "spent_on", "notes"],
             expenses)
    w.blank()

    reps = build_representatives()
    w.comment("Representatives — ALL FICTIONAL. 435 House seats (one per district, 2020 apportionment),")
    w.comment("100 senators (two per state) and 5 local officials. Party split follows the 117th Congress:")
    w.comment("House 222 D / 213 R; Senate 48 D + 2 I / 50 R.")
    w.insert("representatives", ["id", "name", "party", "state", "district", "chamber", "position", "photo",
                                 "website"], reps)
    w.blank()
    w.comment("Each user's House member, two senators and (where they have one) local official")
    user_reps = [(1, "H-CA-11"), (1, "S-CA-1"), (1, "S-CA-2"), (1, "L-SF-D9"),
                 (2, "H-NY-10"), (2, "S-NY-1"), (2, "S-NY-2"),
                 (3, "H-TX-37"), (3, "S-TX-1"), (3, "S-TX-2"), (3, "L-ATX-D9")]
    w.insert("user_representatives", ["user_id", "representative_id"], user_reps)
    w.blank()

    w.comment("Bills (real)")
    w.insert("bills", ["id", "title", "summary", "chamber", "status", "introduced_on", "last_action_on", "url"],
             [(b["id"], b["title"], b["summary"], b["chamber"], b["status"], b["introduced"], b["last_action"],
               b["url"]) for b in BILLS])
    w.blank()

    w.comment("Bill votes. The members are fictional, but each chamber's totals reproduce the real")
    w.comment("roll call exactly ('not voting' -> absent, 'present' -> abstain). Party splits follow the")
    w.comment("real record as closely as the fictional roster allows. Seats that were vacant on the day")
    w.comment("(the real chamber had fewer members than the roster) get no row.")
    vote_rng = child_rng()
    for b in BILLS:
        for chamber, date, breakdown, note in b["votes"]:
            totals = [sum(v[i] for v in breakdown.values()) for i in range(4)]
            split = "; ".join(f"{p} {v[0]}-{v[1]}" + (f", {v[2]} present" if v[2] else "") +
                              (f", {v[3]} not voting" if v[3] else "")
                              for p, v in breakdown.items())
            w.blank()
            w.comment(f"{b['id']} {chamber} {date}: yes {totals[0]}, no {totals[1]}, present {totals[2]}, "
                      f"not voting {totals[3]}  ({split})")
            w.comment(f"  {note}")
            w.insert("bill_votes", ["bill_id", "representative_id", "vote", "voted_on"],
                     vote_rows_for(vote_rng, b["id"], chamber, date, breakdown, reps))
    w.blank()

    w.comment("Questions from users to representatives (answers are from the fictional offices)")
    w.insert("questions", ["id", "user_id", "representative_id", "text", "votes", "asked_at", "answer",
                           "answered_at"], build_questions())
    w.blank()

    social_rows = [(i + 1, uid, platform, handle, f"fake-token-{platform}-{uid}-{MASTER.getrandbits(48):012x}")
                   for i, (uid, platform, handle) in enumerate(SOCIAL)]
    social_ids = {}
    for sid, uid, platform, _h, _t in social_rows:
        social_ids.setdefault(uid, []).append((sid, platform))
    w.comment("Social accounts (auth_token values are fake placeholders)")
    w.insert("social_accounts", ["id", "user_id", "platform", "handle", "auth_token"], social_rows)
    w.blank()

    posts, deliveries = build_posts(donations, social_ids)
    w.comment("Posts, March to December 2025, plus a few scheduled for January 2026")
    w.insert("posts", ["id", "user_id", "content", "created_at", "scheduled_for", "donation_id"], posts)
    w.blank()
    w.comment("Post deliveries (published / failed / scheduled)")
    w.insert("post_deliveries", ["post_id", "account_id", "status", "published_at", "likes", "shares"], deliveries)
    w.blank()
    w.raw("COMMIT;")
    return w.text()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", help="write SQL to this file instead of standard output")
    parser.add_argument("--logos", metavar="DIR", help="write the organizations' SVG logos into DIR and exit")
    args = parser.parse_args(argv)
    if args.logos:
        os.makedirs(args.logos, exist_ok=True)
        for org in ORGS:
            write_logo(args.logos, org)
        return 0
    sql = build_sql()
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(sql)
    else:
        sys.stdout.buffer.write(sql.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
