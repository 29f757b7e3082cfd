"""Totals tables that stay whole on paper (issue 22 item 5): a seat's row never splits across
pages, and a table never leaves a seat's row alone on a page: one whose first two rows do not
fit under the table above starts a new page, and its last two rows go over together."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest

pytestmark = pytest.mark.render

CASES = {  # case: (preset options, kit fields); each split a table on the old layout
    "best-of-3-letter-large": ({"format": "best-of-3"}, {"seats": 4, "paper": "letter", "large_print": True}),
    "best-of-7-a4-large": ({"format": "best-of-7"}, {"seats": 4, "paper": "a4", "large_print": True}),
}


def render(path: Path, case: str) -> Path:
    options, fields = CASES[case]
    build_kit(KitRequest(find_preset("classic").configure(options), host_key="none", output=path, **fields))
    return path


def table_pieces(path: Path) -> list[tuple[int, str, list[int]]]:
    """Return each piece of a totals table on a page: the page's number, the table's heading
    row ("Seat Player Round 5 Round 6 ...") and the seat numbers of the rows under it there."""
    pieces = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            words = page.extract_words()
            if "totals" not in [word["text"] for word in words[:6]]:
                continue
            heads = [word for word in words if word["text"] == "Seat"]
            for index, head in enumerate(heads):
                end = heads[index + 1]["top"] if index + 1 < len(heads) else page.height
                player = next(word for word in words if word["text"] == "Player" and abs(word["top"] - head["top"]) < 2)
                heading = " ".join(word["text"] for word in words if abs(word["top"] - head["top"]) < 2)
                seats: list[int] = []
                column = sorted((word for word in words
                                 if head["bottom"] < word["top"] < end and word["x1"] <= player["x0"]),
                                key=lambda word: word["top"])
                for word in column:  # the seat column: the round-start row's label, then the seats
                    if word["text"].isdigit():
                        seats.append(int(word["text"]))
                    elif seats:
                        break
                pieces.append((number, heading, seats))
    return pieces


@pytest.mark.parametrize("case", CASES)
def test_no_totals_table_leaves_a_seats_row_alone_on_a_page(kits, case):
    """The old layout left seat 1's row of rounds 5-7 alone under rounds 1-4 (large print,
    best of 3), the other seats on the next page."""
    seats = CASES[case][1]["seats"]
    pieces = table_pieces(kits(case))
    headings = list(dict.fromkeys(heading for _page, heading, _rows in pieces))
    assert len(headings) >= 2  # the kit prints tables of further rounds
    for heading in headings:
        on_pages = [(page, rows) for page, other, rows in pieces if other == heading]
        assert [seat for _page, rows in on_pages for seat in rows] == list(range(1, seats + 1)), on_pages
        assert all(len(rows) >= 2 for _page, rows in on_pages), (heading, on_pages)
