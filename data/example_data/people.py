"""The three example users and their monthly incomes."""

from .shared import MONTHS, month_str

USERS = [
    dict(id=1, username="ada", display_name="Ada Lindqvist", email="ada@example.com", zipcode="94110",
         party="Independent", pledge=10.0, created="2022-11-14T09:30:00Z", currency="USD", state="CA",
         timezone="America/Los_Angeles",
         bio="Software engineer in San Francisco. Giving 10% since 2021, mostly to global health. "
             "Weekend volunteer at the Mission food pantry."),
    dict(id=2, username="sam", display_name="Sam Okafor", email="sam.okafor@example.com", zipcode="10014",
         party="Democratic", pledge=5.0, created="2023-01-02T18:05:00Z", currency="EUR", state="NY",
         timezone="Europe/Berlin",
         bio="New Yorker living in Berlin (votes absentee). Urban planner, amateur baker, "
             "slowly working up to a 10% pledge."),
    dict(id=3, username="riley", display_name="Riley Navarro", email="riley.navarro@example.com", zipcode="78704",
         party="Republican", pledge=2.5, created="2023-05-27T21:40:00Z", currency="USD", state="TX",
         timezone="America/Chicago",
         bio="Nurse in Austin. Starting small: a monthly gift plus whatever is left at the end of the year."),
]


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


def write_users(w):
    w.comment("Users: ada and sam are published in the example site config; riley is NOT published")
    w.comment("(riley's rows must never appear on the generated site).")
    w.insert("users", ["id", "username", "display_name", "email", "zipcode", "party", "bio", "pledge_percent",
                       "created_at", "timezone"],
             [(u["id"], u["username"], u["display_name"], u["email"], u["zipcode"], u["party"], u["bio"],
               u["pledge"], u["created"], u["timezone"]) for u in USERS])
    w.blank()


def write_incomes(w, incomes):
    w.comment("Incomes (one Salary row per month, plus occasional Freelance / Extra shifts rows)")
    w.insert("incomes", ["id", "user_id", "month", "amount_cents", "currency", "source"], incomes)
    w.blank()
