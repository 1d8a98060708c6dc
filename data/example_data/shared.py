"""What the sections share: one random stream per section, and the calendar."""

import datetime as dt
import random


def child_rng(master):
    """A fresh generator for one section, drawn from the master in a fixed order."""
    return random.Random(master.getrandbits(64))


MONTHS = [(y, m) for y in (2023, 2024, 2025) for m in range(1, 13)]


def month_str(y, m):
    return f"{y:04d}-{m:02d}"


def date_str(y, m, d):
    return f"{y:04d}-{m:02d}-{d:02d}"


def days_in_month(y, m):
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).day
