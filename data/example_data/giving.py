"""Donations: each user's recurring, one-off and year-end gifts, sized by income and pledge."""

from .directory import ORG_ID
from .shared import MONTHS, date_str


def income_by_year(incomes, user_id):
    totals = {}
    for _id, uid, ms, amount, _cur, _src in incomes:
        if uid == user_id:
            totals[int(ms[:4])] = totals.get(int(ms[:4]), 0) + amount
    return totals


def round_to(amount_cents, step_cents):
    return max(step_cents, int(round(amount_cents / step_cents)) * step_cents)


def build_donations(rng, incomes):
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


def write_donations(w, donations):
    w.comment("Donations, 2023-01 to 2025-12 (ada: USD; sam: EUR plus some GBP; riley: USD)")
    w.insert("donations", ["id", "user_id", "organization_id", "amount_cents", "currency", "donated_at",
                           "recurring", "note"], donations)
    w.blank()
