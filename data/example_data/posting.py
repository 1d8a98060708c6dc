"""Social posting: each user's social accounts, their posts and each post's deliveries."""

import datetime as dt
import re
from zoneinfo import ZoneInfo

from .directory import ORGS
from .people import USERS

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
# Times of day in the writer's own zone, like every post time above: (user, written at, scheduled for, text).
SCHEDULED_POSTS = [
    (1, "2025-12-29T20:14:00", "2026-01-01T09:00:00",
     "New year, new giving plan: 10% again, with a bit more for vaccines. Happy 2026! 🎉"),
    (1, "2025-12-30T19:40:00", "2026-01-05T08:30:00",
     "Reminder: recurring donations restart this week. Check your card hasn't expired 😅"),
    (1, "2025-12-31T10:02:00", "2026-01-12T18:00:00",
     "Giving circle meets again on the 15th. Topic: climate philanthropy. Bring snacks."),
    (2, "2025-12-30T21:20:00", "2026-01-02T09:15:00",
     "Frohes neues Jahr! 2026 goal: a 6% pledge and more bread for the neighbors 🍞"),
    (2, "2025-12-31T16:45:00", "2026-01-20T07:45:00",
     "Overseas voters: check your FPCA registration for the 2026 midterms now, not in October."),
]


def utc_instant(user_id, local):
    """A wall-clock time in the user's own time zone (`users.timezone`) as the UTC instant the database stores:
    people post at 8 in the morning where they live, and the site reads the hour back in their zone."""
    zone = ZoneInfo(next(u["timezone"] for u in USERS if u["id"] == user_id))
    return local.replace(tzinfo=zone).astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


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


def build_posts(rng, donations, social_ids):
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
        p["created"] = utc_instant(p["user"], dt.datetime.combine(p["day"], dt.time(p["h"], p["mi"])))
        if rng.random() < 0.08 and p["h"] < 20:
            later = dt.datetime.combine(p["day"], dt.time(p["h"])) + dt.timedelta(hours=rng.randint(1, 23 - p["h"]))
            p["scheduled"] = utc_instant(p["user"], later)

    for uid, created, scheduled, text in SCHEDULED_POSTS:
        posts.append(dict(user=uid, day=dt.date.fromisoformat(created[:10]), h=int(created[11:13]),
                          mi=int(created[14:16]), donation=None, text=text,
                          created=utc_instant(uid, dt.datetime.fromisoformat(created)),
                          scheduled=utc_instant(uid, dt.datetime.fromisoformat(scheduled)), future=True))

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


def write_accounts(w, master):
    """Writes the social accounts, drawing each fake token from `master`; returns
    {user_id: [(account_id, platform)]}."""
    social_rows = [(i + 1, uid, platform, handle, f"fake-token-{platform}-{uid}-{master.getrandbits(48):012x}")
                   for i, (uid, platform, handle) in enumerate(SOCIAL)]
    social_ids = {}
    for sid, uid, platform, _h, _t in social_rows:
        social_ids.setdefault(uid, []).append((sid, platform))
    w.comment("Social accounts (auth_token values are fake placeholders)")
    w.insert("social_accounts", ["id", "user_id", "platform", "handle", "auth_token"], social_rows)
    w.blank()
    return social_ids


def write_posts(w, rng, donations, social_ids):
    posts, deliveries = build_posts(rng, donations, social_ids)
    w.comment("Posts, March to December 2025, plus a few scheduled for January 2026")
    w.insert("posts", ["id", "user_id", "content", "created_at", "scheduled_for", "donation_id"], posts)
    w.blank()
    w.comment("Post deliveries (published / failed / scheduled)")
    w.insert("post_deliveries", ["post_id", "account_id", "status", "published_at", "likes", "shares"], deliveries)
    w.blank()
