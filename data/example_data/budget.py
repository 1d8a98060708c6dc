"""Budget categories (top-level and sub-categories) and every expense of 2025."""

from .colors import contrast_with_dark, contrast_with_white, shade
from .shared import date_str, days_in_month


# (name, base colour, parent monthly limit, [(sub name, monthly limit)], parent notes)
ADA_BUDGET = [
    ("Housing", "#456c90", 320000, [("Rent", 295000), ("Renter's insurance", 2000), ("Home & furniture", 15000)],
     "Rent is due on the 1st."),
    ("Food", "#3b743c", 95000, [("Groceries", 55000), ("Restaurants", 30000), ("Coffee", 6000)],
     "Aim: cook at home 5 nights a week."),
    ("Transport", "#8a601f", 30000, [("Transit", 12000), ("Rideshare", 10000), ("Bike", 4000)], ""),
    ("Health", "#ae4449", 25000, [("Pharmacy", 4000), ("Gym", 9500), ("Copays & dental", 10000)], ""),
    ("Utilities", "#6e6098", 25000, [("Electricity & gas", 12000), ("Internet", 6000), ("Phone", 4500)],
     "PG&E runs higher Dec–Feb."),
    ("Entertainment", "#9e4a80", 20000, [("Streaming", 3500), ("Books & music", 6000), ("Concerts & events", 10000)], ""),
    ("Giving", "#227272", 15000, [("Gifts for friends", 10000), ("Local causes", 5000)],
     "Charity donations are tracked on the Donations page; this is *everything else*."),
    ("Savings", "#566f3b", 158400, [("Emergency fund", 100000), ("Retirement (Roth IRA)", 58400)],
     "Auto-transfer on the 1st → savings_hysa"),
    ("Education", "#7d6438", 12000, [("Online courses", 6000), ("Textbooks", 6000)], ""),
    ("Travel", "#346c96", 40000, [("Flights", 25000), ("Lodging", 15000)], "Two trips a year."),
]

SAM_BUDGET = [
    ("Housing", "#456c90", 140000, [("Rent (warm)", 128000), ("Household", 8000)], "Warmmiete incl. heating."),
    ("Food", "#3b743c", 65000, [("Groceries", 40000), ("Restaurants & Imbiss", 20000), ("Bakery & coffee", 5000)], ""),
    ("Transport", "#8a601f", 10000, [("Deutschlandticket", 5800), ("Bike & repairs", 3000)], ""),
    ("Health", "#ae4449", 9000, [("Pharmacy", 2000), ("Sports club", 6900)], ""),
    ("Utilities", "#6e6098", 12000, [("Electricity", 6000), ("Internet", 4000), ("Mobile", 1500)], ""),
    ("Entertainment", "#9e4a80", 12000, [("Cinema & concerts", 6000), ("Streaming", 2000), ("Books", 4000)], ""),
    ("Giving", "#227272", 8000, [("Gifts", 6000), ("Local causes", 2000)], ""),
    ("Savings", "#566f3b", 60000, [("ETF savings plan", 50000), ("Travel fund", 10000)], ""),
    ("Travel", "#346c96", 30000, [("Trains", 15000), ("Flights & stays", 15000)], "Home to NYC once a year."),
]

RILEY_BUDGET = [
    ("Housing", "#456c90", 155000, [("Rent", 145000), ("Renter's insurance", 1500)], ""),
    ("Food", "#3b743c", 60000, [("Groceries", 42000), ("Eating out", 18000)], ""),
    ("Transport", "#8a601f", 35000, [("Gas", 16000), ("Car insurance", 13500), ("Parking", 3000)], ""),
    ("Health", "#ae4449", 12000, [("Pharmacy", 3000), ("Scrubs & shoes", 6000)], ""),
    ("Utilities", "#6e6098", 24000, [("Electricity", 14000), ("Internet", 6500), ("Phone", 3500)],
     "Summer AC bills are brutal."),
    ("Entertainment", "#9e4a80", 10000, [("Movies", 5000), ("Streaming", 2500)], ""),
    ("Giving", "#227272", 6000, [("Gifts", 6000)], ""),
    ("Savings", "#566f3b", 40000, [("Emergency fund", 25000), ("401(k) extra", 15000)], ""),
]


def build_budget():
    """Returns (parent rows, child rows, {(user_id, name): id})."""
    parents, children, ids = [], [], {}
    next_id = 1
    plans = [(1, ADA_BUDGET), (2, SAM_BUDGET), (3, RILEY_BUDGET)]
    for uid, plan in plans:
        for name, color, limit, _subs, notes in plan:
            # A top-level colour is drawn in the budget's charts in both themes: 3:1 on the dark background too.
            assert contrast_with_white(color) >= 4.5 and contrast_with_dark(color) >= 3, (name, color)
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


def build_expenses(rng, cat_ids):
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


def write_sql(w, rng):
    parents, children, cat_ids = build_budget()
    w.comment("Budget categories: top-level first, then sub-categories (parent_id -> top-level)")
    cols = ["id", "user_id", "parent_id", "name", "color", "monthly_limit_cents", "notes"]
    w.insert("budget_categories", cols, parents)
    w.insert("budget_categories", cols, children)
    w.blank()
    expenses = build_expenses(rng, cat_ids)
    w.comment("Expenses, January to December 2025")
    w.insert("expenses", ["id", "user_id", "category_id", "name", "amount_cents", "currency", "spent_on", "notes"],
             expenses)
    w.blank()
