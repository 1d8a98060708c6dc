"""Civic data: the fictional representatives, each user's representatives, the real bills
with their roll calls (bill_votes), and the users' questions to representatives."""

import datetime as dt

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


def build_representatives(rng):
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
# Writing the civic tables
# --------------------------------------------------------------------------

# Each user's House member, two senators and (where they have one) local official.
USER_REPRESENTATIVES = [(1, "H-CA-11"), (1, "S-CA-1"), (1, "S-CA-2"), (1, "L-SF-D9"),
                        (2, "H-NY-10"), (2, "S-NY-1"), (2, "S-NY-2"),
                        (3, "H-TX-37"), (3, "S-TX-1"), (3, "S-TX-2"), (3, "L-ATX-D9")]


# What the data says about itself: every representative's `source` (the roll calls' is in congress_files.py).
# No commas: the import commands pass it as --set source=…, whose pairs commas separate.
MEMBER_SOURCE = "Fictional: invented for the Tally example with made-up contact details"
REPRESENTATIVE_COLUMNS = ["id", "name", "party", "state", "district", "chamber", "position", "photo", "website",
                          "bioguide_id", "lis_id", "official_name", "phone", "office", "contact_form", "term_start",
                          "term_end", "source"]


def roster_columns(index, rep):
    """What the congress-legislators roster gives a member (data/imports/congress/legislators-current.yaml): the
    ids (the example's own), the current term and, for members with a website, a phone, an office and a contact
    form, all made up: 202-555-01xx numbers are reserved for fiction."""
    rid, name, _party, _state, _district, chamber, _position, _photo, website = rep
    if chamber == "local":
        return (None,) * 8 + (MEMBER_SOURCE,)
    if chamber == "house":
        term = ("2021-01-03", "2023-01-03")
        office = f"{1000 + index} Example House Office Building, Washington, DC 20515"
    else:
        term = ("2019-01-03", "2025-01-03") if rid.endswith("-1") else ("2021-01-03", "2027-01-03")
        office = f"{index - 300} Example Senate Office Building, Washington, DC 20510"
    contact = (f"202-555-01{index % 100:02d}", office, f"{website}/contact") if website else (None, None, None)
    return (rid, rid if chamber == "senate" else None, name) + contact + term + (MEMBER_SOURCE,)


def write_representatives(w, rng):
    """Writes the representatives and each user's own; returns the representative rows."""
    reps = [rep + roster_columns(i, rep) for i, rep in enumerate(build_representatives(rng))]
    w.comment("Representatives — ALL FICTIONAL. 435 House seats (one per district, 2020 apportionment),")
    w.comment("100 senators (two per state) and 5 local officials. Party split follows the 117th Congress:")
    w.comment("House 222 D / 213 R; Senate 48 D + 2 I / 50 R.")
    w.insert("representatives", REPRESENTATIVE_COLUMNS, reps)
    w.blank()
    w.comment("Each user's House member, two senators and (where they have one) local official")
    w.insert("user_representatives", ["user_id", "representative_id"], USER_REPRESENTATIVES)
    w.blank()
    return reps


def write_bills(w, vote_rng, reps):
    """Writes the bills and returns each chamber's votes on them, dealt out to the representatives `reps`, as
    bill_votes rows (example.sql records them as roll calls: congress_files.write_sql)."""
    w.comment("Bills (real)")
    w.insert("bills", ["id", "title", "summary", "chamber", "status", "introduced_on", "last_action_on", "url"],
             [(b["id"], b["title"], b["summary"], b["chamber"], b["status"], b["introduced"], b["last_action"],
               b["url"]) for b in BILLS])
    w.blank()

    w.comment("How each chamber voted on each bill. The members are fictional, but each chamber's totals")
    w.comment("reproduce the real roll call exactly; party splits follow the real record as closely as the")
    w.comment("fictional roster allows. Seats that were vacant on the day (the real chamber had fewer members")
    w.comment("than the roster) cast no vote. The roll calls below record these votes.")
    votes = []
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
            votes += vote_rows_for(vote_rng, b["id"], chamber, date, breakdown, reps)
    w.blank()
    return [dict(zip(["bill_id", "representative_id", "vote", "voted_on"], v)) for v in votes]


def write_questions(w):
    w.comment("Questions from users to representatives (answers are from the fictional offices)")
    w.insert("questions", ["id", "user_id", "representative_id", "text", "votes", "asked_at", "answer",
                           "answered_at"], build_questions())
    w.blank()
