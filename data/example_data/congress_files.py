"""data/imports/congress/: the example's roll calls in the layouts the chambers publish, and its fictional members
as a congress-legislators roster, for `tally import house-vote`, `senate-vote` and `congress-roster`.

  * roll{NNN}.xml  a House roll call as the Clerk publishes it (clerk.house.gov/evs/YEAR/rollNNN.xml): one for each
    House vote in the example's bill_votes, plus, for the Fiscal Responsibility Act (hr3746-118), a failed amendment
    and a failed motion to recommit before its passage, and one quorum call;
  * vote_{congress}_{session}_{number:05d}.xml  a Senate roll call as its LIS publishes it: one for each Senate vote
    in bill_votes;
  * legislators-current.yaml  the 535 fictional members of Congress in the layout of the congress-legislators
    project, keyed by the example's own ids (id.bioguide, and id.lis for senators).

A roll call that is in bill_votes records exactly the positions bill_votes has (yes → Yea, no → Nay,
abstain → Present, absent → Not Voting; a seat with no row was vacant and is not in the file), and its totals, by
party and in all, are counted from them. The votes that bill_votes does not have (the amendment, the motion to
recommit, the quorum call) are dealt to the same seated members from their own random.Random, so example.sql
and the other import files are untouched. Roll-call numbers and times are invented, except where the example's
notes give the number.
"""

import datetime as dt
import random
from xml.sax.saxutils import escape as xml_escape

from .civic import BILLS

CONGRESS_SEED = 2026
DIRECTORY = "congress"
ROSTER_FILE = "legislators-current.yaml"

FICTIONAL = ("FICTIONAL EXAMPLE DATA for Tally: the members are invented and so are the positions, except that each "
             "roll call's totals are the real ones where the example has the real vote.")

# What the data says about itself: `source` of the example's roll calls (civic.MEMBER_SOURCE is the members'). The
# import commands pass it with --set source=…; the three roll calls before H.R. 3746's passage are invented outright.
ROLL_CALL_SOURCE = "Real totals from the chamber; the members and who voted how are invented for the Tally example"
INVENTED_SOURCE = "Invented for the Tally example: not a real roll call"

PARTY_NAMES = {"D": "Democratic", "R": "Republican", "I": "Independent"}
ROSTER_PARTIES = {"D": "Democrat", "R": "Republican", "I": "Independent"}
HOUSE_VOTE = {"yes": "Yea", "no": "Nay", "abstain": "Present", "absent": "Not Voting"}
RECORDED_VOTE = {"yes": "Aye", "no": "No", "abstain": "Present", "absent": "Not Voting"}
# A vote as the files write it → roll_call_positions.position, as tally import reads it.
POSITIONS = {"Yea": "yes", "Aye": "yes", "Nay": "no", "No": "no", "Present": "present", "Not Voting": "not voting"}
ORDINAL = {1: "1st", 2: "2nd"}

# The roll-call number of each chamber vote in the example: the real number where the example's notes give it
# (Senate 314, House 404 and 243), otherwise invented (a plausible number for its date, unique per congress and
# session). Keyed by (bill, chamber).
NUMBERS = {
    ("hr3684-117", "senate"): 314, ("hr3684-117", "house"): 369,
    ("hr5376-117", "senate"): 325, ("hr5376-117", "house"): 420,
    ("s2938-117", "senate"): 242, ("s2938-117", "house"): 299,
    ("hr3076-117", "house"): 31, ("hr3076-117", "senate"): 77,
    ("hr4346-117", "senate"): 271, ("hr4346-117", "house"): 404,
    ("hr8404-117", "senate"): 362, ("hr8404-117", "house"): 513,
    ("hr3746-118", "house"): 243, ("hr3746-118", "senate"): 146,
    ("hr2617-117", "senate"): 421, ("hr2617-117", "house"): 549,
    ("s3373-117", "house"): 342, ("s3373-117", "senate"): 280,
    ("hr1319-117", "senate"): 110, ("hr1319-117", "house"): 72,
    ("s4822-117", "senate"): 341,
    ("hr22-119", "house"): 102,
}
# The bill whose day in the House has more than its passage: the amendment and the motion to recommit come first,
# and a quorum call opens the day.
FULL_DAY_BILL = "hr3746-118"
QUORUM_NUMBER, AMENDMENT_NUMBER, RECOMMIT_NUMBER = 240, 241, 242


def congress_of(day):
    """The congress and session sitting on a date (1st session in odd years)."""
    return 107 + (day.year - 2001) // 2, 1 if day.year % 2 else 2


def document(bill_id):
    """hr3684-117 → ('H.R.', 'H R', '3684')."""
    kind, number = bill_id.split("-")[0].rstrip("0123456789"), bill_id.split("-")[0].lstrip("hrs")
    return {"hr": ("H.R.", "H R"), "s": ("S.", "S")}[kind] + (number,)


class Members:
    """The example's members of Congress with a first and last name for the files."""

    def __init__(self, representatives):
        """representatives: rows as dicts (id, name, party, state, district, chamber, website…)."""
        self.by_id = {}
        for r in representatives:
            if r["chamber"] in ("house", "senate"):
                first, last = r["name"].split(" ", 1)
                self.by_id[r["id"]] = dict(r, first=first, last=last)

    def sort_key(self, rid):
        m = self.by_id[rid]
        return (m["last"], m["state"], m["first"], rid)


def attr(text):
    return xml_escape(text, {'"': "&quot;"})


def count(positions, position):
    """How many of `positions` [(member id, vote as written)] are `position` (yes, no, present, not voting)."""
    return sum(1 for _rid, written in positions if POSITIONS[written] == position)


def house_xml(members, meta, positions):
    """A Clerk roll call: meta has congress, session, number, legis, question, type, result, day, time, desc and
    optionally amendment; positions is [(member id, vote as written)]."""
    day, time = meta["day"], meta["time"]
    recorded = [(members.by_id[rid], written) for rid, written in sorted(positions, key=lambda p: members.sort_key(p[0]))]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE rollcall-vote PUBLIC "-//US House of Representatives//DTD Roll Call Vote 1.0//EN" '
             '"http://clerk.house.gov/evs/vote.dtd">',
             f"<!-- {FICTIONAL} -->",
             "<rollcall-vote>",
             "<vote-metadata>",
             f"<majority>{'D' if meta['congress'] == 117 else 'R'}</majority>",
             f"<congress>{meta['congress']}</congress>",
             f"<session>{ORDINAL[meta['session']]}</session>",
             "<chamber>U.S. House of Representatives</chamber>",
             f"<rollcall-num>{meta['number']}</rollcall-num>",
             f"<legis-num>{meta['legis']}</legis-num>"]
    if meta.get("amendment"):
        lines += [f"<amendment-num>{meta['amendment']}</amendment-num>",
                  f"<amendment-author>{xml_escape(meta['amendment_author'])}</amendment-author>"]
    hour, minute = time
    lines += [f"<vote-question>{xml_escape(meta['question'])}</vote-question>",
              f"<vote-type>{meta['type']}</vote-type>",
              f"<vote-result>{meta['result']}</vote-result>",
              f"<action-date>{day.day}-{day.strftime('%b')}-{day.year}</action-date>",
              f'<action-time time-etz="{hour:02d}:{minute:02d}">{(hour - 1) % 12 + 1}:{minute:02d} '
              f"{'AM' if hour < 12 else 'PM'}</action-time>",
              f"<vote-desc>{xml_escape(meta['desc'])}</vote-desc>",
              "<vote-totals>"]
    if meta["type"] == "QUORUM":
        for candidate in ("Present", "Not Voting"):
            lines.append(f"<totals-by-candidate><candidate>{candidate}</candidate>"
                         f"<candidate-total>{count(positions, POSITIONS[candidate])}</candidate-total></totals-by-candidate>")
    else:
        def totals(tag, label, rows):
            return (f"<{tag}>{label}<yea-total>{count(rows, 'yes')}</yea-total><nay-total>{count(rows, 'no')}</nay-total>"
                    f"<present-total>{count(rows, 'present')}</present-total>"
                    f"<not-voting-total>{count(rows, 'not voting')}</not-voting-total></{tag}>")
        for party in sorted({m["party"] for m, _w in recorded}, key=lambda p: PARTY_NAMES[p]):
            lines.append(totals("totals-by-party", f"<party>{PARTY_NAMES[party]}</party>",
                                [(m["id"], w) for m, w in recorded if m["party"] == party]))
        lines.append(totals("totals-by-vote", "<total-stub>Totals</total-stub>", positions))
    lines += ["</vote-totals>", "</vote-metadata>", "<vote-data>"]
    for m, written in recorded:
        name = attr(m["last"])
        lines.append(f'<recorded-vote><legislator name-id="{attr(m["id"])}" sort-field="{name}" '
                     f'unaccented-name="{name}" party="{m["party"]}" state="{m["state"]}" role="legislator">'
                     f"{xml_escape(m['last'])}</legislator><vote>{written}</vote></recorded-vote>")
    lines += ["</vote-data>", "</rollcall-vote>", ""]
    return "\n".join(lines)


SENATE_VOTE = {"yes": "Yea", "no": "Nay", "abstain": "Present", "absent": "Not Voting"}


def senate_xml(members, meta, positions):
    day, (hour, minute) = meta["day"], meta["time"]
    counted = {v: count(positions, v) for v in ("yes", "no", "present", "not voting")}
    title = meta["title"]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f"<!-- {FICTIONAL} -->",
             "<roll_call_vote>",
             f"  <congress>{meta['congress']}</congress>",
             f"  <session>{meta['session']}</session>",
             f"  <congress_year>{day.year}</congress_year>",
             f"  <vote_number>{meta['number']}</vote_number>",
             f"  <vote_date>{day.strftime('%B')} {day.day}, {day.year}, {(hour - 1) % 12 + 1:02d}:{minute:02d} "
             f"{'AM' if hour < 12 else 'PM'}</vote_date>",
             f"  <modify_date>{day.strftime('%B')} {day.day}, {day.year}, {(hour - 1) % 12 + 1:02d}:{minute:02d} "
             f"{'AM' if hour < 12 else 'PM'}</modify_date>",
             f"  <vote_question_text>{xml_escape(meta['question_text'])}</vote_question_text>",
             f"  <vote_document_text>{xml_escape(title)}</vote_document_text>",
             f"  <vote_result_text>{xml_escape(meta['result_text'])}</vote_result_text>",
             f"  <question>{xml_escape(meta['question'])}</question>",
             f"  <vote_title>{xml_escape(meta['vote_title'])}</vote_title>",
             f"  <majority_requirement>{meta['majority']}</majority_requirement>",
             f"  <vote_result>{xml_escape(meta['result'])}</vote_result>",
             "  <document>",
             f"    <document_congress>{meta['bill_congress']}</document_congress>",
             f"    <document_type>{meta['document'][0]}</document_type>",
             f"    <document_number>{meta['document'][2]}</document_number>",
             f"    <document_name>{meta['document'][0]} {meta['document'][2]}</document_name>",
             f"    <document_title>{xml_escape(title)}</document_title>",
             "    <document_short_title></document_short_title>",
             "  </document>",
             "  <amendment>",
             "    <amendment_number></amendment_number>",
             "    <amendment_to_amendment_number></amendment_to_amendment_number>",
             "    <amendment_to_amendment_to_amendment_number></amendment_to_amendment_to_amendment_number>",
             "    <amendment_to_document_number></amendment_to_document_number>",
             "    <amendment_to_document_short_title></amendment_to_document_short_title>",
             "    <amendment_purpose></amendment_purpose>",
             "  </amendment>",
             "  <count>",
             f"    <yeas>{counted['yes']}</yeas>",
             f"    <nays>{counted['no']}</nays>",
             f"    <present>{counted['present'] or ''}</present>",
             f"    <absent>{counted['not voting'] or ''}</absent>",
             "  </count>"]
    if meta.get("tie_breaker"):
        lines += ["  <tie_breaker>", "    <by_whom>Vice President</by_whom>",
                  f"    <tie_breaker_vote>{meta['tie_breaker']}</tie_breaker_vote>", "  </tie_breaker>"]
    else:
        lines += ["  <tie_breaker>", "    <by_whom></by_whom>", "    <tie_breaker_vote></tie_breaker_vote>",
                  "  </tie_breaker>"]
    lines.append("  <members>")
    for rid, vote in sorted(positions, key=lambda p: members.sort_key(p[0])):
        m = members.by_id[rid]
        lines += ["    <member>",
                  f"      <member_full>{xml_escape(m['last'])} ({m['party']}-{m['state']})</member_full>",
                  f"      <last_name>{xml_escape(m['last'])}</last_name>",
                  f"      <first_name>{xml_escape(m['first'])}</first_name>",
                  f"      <party>{m['party']}</party>",
                  f"      <state>{m['state']}</state>",
                  f"      <vote_cast>{vote}</vote_cast>",
                  f"      <lis_member_id>{xml_escape(m['id'])}</lis_member_id>",
                  "    </member>"]
    lines += ["  </members>", "</roll_call_vote>", ""]
    return "\n".join(lines)


def house_question(note):
    if "concurred" in note.lower():
        return "On Motion to Concur in the Senate Amendment", "Agreed to"
    return "On Passage", "Passed"


def senate_question(bill, note, document_name, yes, no):
    """(question text, question, result text, result, majority, tie-breaker)."""
    if "cloture" in note.lower():
        assert yes < 60
        return (f"On the Cloture Motion (Motion to Invoke Cloture: Motion to Proceed to {document_name})",
                "On the Cloture Motion", f"Cloture Motion Rejected ({yes}-{no}, 3/5 of the Senate duly chosen "
                "and sworn not having voted in the affirmative)", "Cloture Motion Rejected", "3/5", None)
    if "concurred" in note.lower():
        assert yes > no
        return (f"On the Motion (Motion to Concur in the House Amendment to {document_name})",
                "On the Motion", f"Motion Agreed to ({yes}-{no})", "Motion Agreed to", "1/2", None)
    if yes == no:
        return (f"On Passage of the Bill ({document_name} As Amended)", "On Passage of the Bill",
                f"Bill Passed ({yes + 1}-{no}, Vice President voted Yea)", "Bill Passed", "1/2", "Yea")
    assert yes > no
    return (f"On Passage of the Bill ({document_name})", "On Passage of the Bill", f"Bill Passed ({yes}-{no})",
            "Bill Passed", "1/2", None)


def dealt(rng, seated, members, chance):
    """Positions for a vote bill_votes does not have: `chance[party]` is the share voting yes; the members who
    did not vote on the bill that day do not vote on this either."""
    positions = []
    for rid, vote in seated:
        if vote == "absent":
            positions.append((rid, "absent"))
        else:
            positions.append((rid, "yes" if rng.random() < chance[members.by_id[rid]["party"]] else "no"))
    return positions


def plan(members, votes):
    """Every roll call of the example, in a fixed order: dicts with its file name, chamber, bill (None for the
    quorum call), meta (what the file says), positions [(member id, vote as written)] and whether it is invented.
    votes is {(bill, chamber): [(member id, example vote)]}, as bill_votes dealt them."""
    rng = random.Random(CONGRESS_SEED)
    calls = []

    def clock(base_hour):
        return base_hour + rng.randrange(0, 5), rng.randrange(0, 60)

    for bill in BILLS:
        official, clerk, number = document(bill["id"])
        bill_congress = int(bill["id"].split("-")[1])
        for chamber, date, _breakdown, note in bill["votes"]:
            day = dt.date.fromisoformat(date)
            congress, session = congress_of(day)
            seated = votes[(bill["id"], chamber)]
            roll = NUMBERS[(bill["id"], chamber)]
            if chamber == "house":
                if bill["id"] == FULL_DAY_BILL:
                    calls += full_day(rng, members, seated, day, congress, session, clerk, number, bill)
                question, result = house_question(note)
                meta = dict(congress=congress, session=session, number=roll, legis=f"{clerk} {number}",
                            question=question, type="YEA-AND-NAY", result=result, day=day,
                            time=clock(17) if bill["id"] == FULL_DAY_BILL else clock(14),
                            desc=bill["title"])
                calls.append(dict(file=f"roll{roll}.xml", chamber="house", bill=bill["id"], meta=meta,
                                  positions=[(rid, HOUSE_VOTE[v]) for rid, v in seated], invented=False))
            else:
                yes = sum(1 for _r, v in seated if v == "yes")
                no = sum(1 for _r, v in seated if v == "no")
                document_name = f"{official} {number}"
                qtext, question, rtext, result, majority, tie = senate_question(bill, note, document_name, yes, no)
                meta = dict(congress=congress, session=session, number=roll, day=day, time=clock(11),
                            question_text=qtext, question=question, result_text=rtext, result=result,
                            majority=majority, tie_breaker=tie, title=bill["title"], vote_title=bill["title"],
                            bill_congress=bill_congress, document=(official, clerk, number))
                calls.append(dict(file=f"vote_{congress}_{session}_{roll:05d}.xml", chamber="senate", bill=bill["id"],
                                  meta=meta, positions=[(rid, SENATE_VOTE[v]) for rid, v in seated], invented=False))
    assert len({c["file"] for c in calls}) == len(calls)
    return calls


def full_day(rng, members, seated, day, congress, session, clerk, number, bill):
    """The quorum call, the failed amendment and the failed motion to recommit before the passage vote."""
    legis = f"{clerk} {number}"
    # A quorum call: the members who voted on passage that day answer present; the others do not.
    quorum = [(rid, "Not Voting" if vote == "absent" else "Present") for rid, vote in seated]
    meta = dict(congress=congress, session=session, number=QUORUM_NUMBER, legis="QUORUM",
                question="Call of the House", type="QUORUM", result="", day=day, time=(10, 4), desc="")
    calls = [dict(file=f"roll{QUORUM_NUMBER}.xml", chamber="house", bill=None, meta=meta, positions=quorum,
                  invented=True)]

    # An amendment from the minority side of the fictional roster (Democrats hold 222 seats, Republicans 213).
    amendment = [(rid, RECORDED_VOTE[v]) for rid, v in dealt(rng, seated, members, {"D": 0.04, "R": 0.93, "I": 0.5})]
    assert count(amendment, "yes") < count(amendment, "no")
    author = members.by_id[sorted(r for r, v in amendment if v == "Aye" and members.by_id[r]["party"] == "R")[0]]
    meta = dict(congress=congress, session=session, number=AMENDMENT_NUMBER, legis=legis, amendment="1",
                amendment_author=f"{author['last']} of {author['state']} Amendment No. 1",
                question="On Agreeing to the Amendment", type="RECORDED VOTE", result="Failed", day=day,
                time=(15, 12), desc=bill["title"])
    calls.append(dict(file=f"roll{AMENDMENT_NUMBER}.xml", chamber="house", bill=bill["id"], meta=meta,
                      positions=amendment, invented=True))

    recommit = [(rid, HOUSE_VOTE[v]) for rid, v in dealt(rng, seated, members, {"D": 0.02, "R": 0.97, "I": 0.5})]
    assert count(recommit, "yes") < count(recommit, "no")
    meta = dict(congress=congress, session=session, number=RECOMMIT_NUMBER, legis=legis,
                question="On Motion to Recommit", type="YEA-AND-NAY", result="Failed", day=day, time=(16, 38),
                desc=bill["title"])
    calls.append(dict(file=f"roll{RECOMMIT_NUMBER}.xml", chamber="house", bill=bill["id"], meta=meta,
                      positions=recommit, invented=True))
    return calls


def seated_votes(members, bill_votes):
    """{(bill, chamber): [(member id, example vote)]} from bill_votes rows."""
    votes = {}
    for v in bill_votes:
        chamber = members.by_id[v["representative_id"]]["chamber"]
        votes.setdefault((v["bill_id"], chamber), []).append((v["representative_id"], v["vote"]))
    return votes


def build(example):
    """{path under data/imports/: text} for the congress files, and a summary of each roll call."""
    members = Members(example.rows["representatives"])
    calls = plan(members, seated_votes(members, example.kept["bill_votes"]))
    files, summary = {}, []
    for call in calls:
        meta, positions = call["meta"], call["positions"]
        if call["chamber"] == "house":
            files[f"{DIRECTORY}/{call['file']}"] = house_xml(members, meta, positions)
            if meta["type"] == "QUORUM":
                row = ("(none)", "House", meta["question"], "(quorum present)", count(positions, "present"), 0)
            else:
                row = (call["bill"], "House", meta["question"], meta["result"], count(positions, "yes"),
                       count(positions, "no"))
        else:
            files[f"{DIRECTORY}/{call['file']}"] = senate_xml(members, meta, positions)
            row = (call["bill"], "Senate", meta["question"], meta["result"], count(positions, "yes"),
                   count(positions, "no"))
        summary.append((call["file"],) + row)
    files[f"{DIRECTORY}/{ROSTER_FILE}"] = roster_yaml(example, members)
    return files, summary


# ---- the same roll calls as rows, for example.sql --------------------------------------------------------------

ROLL_CALL_COLUMNS = ["id", "chamber", "congress", "session", "number", "voted_at", "question", "vote_type",
                     "required_majority", "result", "passed", "bill_id", "bill_number", "amendment", "description",
                     "yea_count", "nay_count", "present_count", "not_voting_count", "tie_breaker_by",
                     "tie_breaker_vote", "source_file", "source"]
POSITION_COLUMNS = ["roll_call_id", "representative_id", "position", "vote", "party"]


def eastern_offset(day):
    """Washington's UTC offset on a day: daylight saving time runs from the second Sunday of March to the first
    Sunday of November (since 2007)."""
    def sunday(month, nth):
        first = dt.date(day.year, month, 1)
        return first + dt.timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))
    return "-04:00" if sunday(3, 2) <= day < sunday(11, 1) else "-05:00"


def passed(result):
    """roll_calls.passed as tally import reads the result (RollCall.passed): 1, 0 or None."""
    text = result.lower()
    if any(w in text for w in ("failed", "rejected", "not agreed", "sustained", "not confirmed", "not passed")):
        return 0
    if any(w in text for w in ("passed", "agreed to", "confirmed", "overridden", "adopted")):
        return 1
    return None


def table_rows(members, calls):
    """roll_calls and roll_call_positions rows, as tally import house-vote and then senate-vote write them: ids in
    the order the files are imported (each chamber's files in name order, as a shell pattern lists them)."""
    roll_calls, positions = [], []
    ordered = sorted(calls, key=lambda c: (c["chamber"] != "house", c["file"]))
    for roll_call_id, call in enumerate(ordered, start=1):
        meta = call["meta"]
        hour, minute = meta["time"]
        clock = f"{meta['day'].isoformat()}T{hour:02d}:{minute:02d}:00"
        counts = [count(call["positions"], p) for p in ("yes", "no", "present", "not voting")]
        if call["chamber"] == "house":
            kind = meta["type"]
            majority = ("2/3" if kind.startswith("2/3") else "QUORUM" if "QUORUM" in kind
                        else "1/2" if "YEA-AND-NAY" in kind or "RECORDED VOTE" in kind else "")
            quorum = meta["legis"].upper().startswith("QUORUM")
            fields = [clock + eastern_offset(meta["day"]), meta["question"], kind, majority, meta["result"],
                      passed(meta["result"]), call["bill"], None if quorum else meta["legis"], meta.get("amendment"),
                      meta["desc"]] + counts + [None, None]
        else:
            official, _clerk, number = meta["document"]
            tie = meta["tie_breaker"]
            fields = [clock, meta["question_text"], meta["question"], meta["majority"], meta["result"],
                      passed(meta["result"]), call["bill"], f"{official} {number}", None, meta["vote_title"]] \
                + counts + ["Vice President" if tie else None, tie]
        source = INVENTED_SOURCE if call["invented"] else ROLL_CALL_SOURCE
        roll_calls.append([roll_call_id, call["chamber"], meta["congress"], meta["session"], meta["number"]] + fields
                          + [call["file"], source])
        for rid, written in sorted(call["positions"]):
            positions.append((roll_call_id, rid, POSITIONS[written], written, members.by_id[rid]["party"]))
    return roll_calls, positions


def write_sql(w, representatives, bill_votes):
    """Writes the roll calls and their positions into example.sql."""
    members = Members(representatives)
    roll_calls, positions = table_rows(members, plan(members, seated_votes(members, bill_votes)))
    w.comment("Roll calls: the same as data/imports/congress/ holds and tally import house-vote and senate-vote")
    w.comment("read. Each says what it is in `source`: a real vote's question, result and totals, with fictional")
    w.comment("members dealt out so that the totals match; three House roll calls are invented outright.")
    w.insert("roll_calls", ROLL_CALL_COLUMNS, roll_calls)
    w.blank()
    w.insert("roll_call_positions", POSITION_COLUMNS, positions)
    w.blank()


def yaml_text(value):
    """A scalar as YAML writes it plainly, quoted when plain would read as something else."""
    if isinstance(value, int):
        return str(value)
    if value == "" or not all(c.isalnum() or c in " -./:_" for c in value) or value[0] in "-:" \
            or value.replace("-", "").isdigit():
        return "'" + value.replace("'", "''") + "'"
    return value


def roster_yaml(example, members):
    """legislators-current.yaml: the members of the House and the Senate, as congress-legislators lists them."""
    lines = [f"# {FICTIONAL.split(':')[0]}: these legislators are invented. Their bioguide ids are the example's",
             "# own representative ids (senators' LIS ids too), not real ones; the layout is congress-legislators'",
             "# legislators-current.yaml."]
    for rid, m in members.by_id.items():
        lines.append("- id:")
        lines.append(f"    bioguide: {yaml_text(rid)}")
        if m["chamber"] == "senate":
            lines.append(f"    lis: {yaml_text(rid)}")
        lines += ["  name:", f"    first: {yaml_text(m['first'])}", f"    last: {yaml_text(m['last'])}",
                  f"    official_full: {yaml_text(m['name'])}", "  terms:"]
        if m["chamber"] == "house":
            district = 0 if m["district"] == "At-Large" else int(m["district"])
            assert str(district) == m["district"] or district == 0
            term = [("type", "rep"), ("start", m["term_start"]), ("end", m["term_end"]), ("state", m["state"]),
                    ("district", district)]
        else:
            seat = int(rid.rsplit("-", 1)[1])
            term = [("type", "sen"), ("start", m["term_start"]), ("end", m["term_end"]), ("state", m["state"]),
                    ("class", 1 if seat == 1 else 3), ("state_rank", "senior" if seat == 1 else "junior")]
        term.append(("party", ROSTER_PARTIES[m["party"]]))
        # congress-legislators' order: url, address, phone, contact_form.
        term += [(key, m[column]) for key, column in (("url", "website"), ("address", "office"), ("phone", "phone"),
                                                       ("contact_form", "contact_form")) if m[column]]
        lines.append(f"  - {term[0][0]}: {yaml_text(term[0][1])}")
        lines += [f"    {k}: {yaml_text(v)}" for k, v in term[1:]]
    return "\n".join(lines) + "\n"
