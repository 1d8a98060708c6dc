"""The SQL writer: quotes values and writes INSERT statements, one row per line."""

import re


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

    def keep(self, name, value):
        """Data the example is made from but example.sql does not hold (imports.py's writer keeps it)."""

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
