"""The pieces every kit part shares (docs/kit.md, "Contents"): a :class:`Part` names its
template, a :class:`Chunk` is one document of parts, and the write-in fields that head strips,
turn sheets and records are sized here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import ceil
from typing import ClassVar, TypeVar

from kitgen.games.preset import Rules
from kitgen.kit.guide import PlayingPaper, how_to_use
from kitgen.kit.layout import Layout
from kitgen.kit.measure import text_mm
from kitgen.kit.tables import Table
from kitgen.rulebook import Section
from kitgen.text import gettext as _
from kitgen.text import pgettext

Item = TypeVar("Item")


PLAYER_KEY = "player"  # the name field on strips, turn sheets and roll records (docs/FORMS.md, scheme 2)
SEAT_KEY = "seat"
TABLE_KEY = "table"
SCORE_KEY = "score"
REMAINING_SUM_KEY = "remaining-sum"  # a strip's score field in the strip game


def field_label(key: str) -> str:
    """Return the printed label of the write-in field ``key`` (``PLAYER_KEY``...), in the
    language in use: the words are measured to fit, so ask for them before measuring."""
    return {
        PLAYER_KEY: _("Player"),
        SEAT_KEY: _("Seat"),
        TABLE_KEY: pgettext("game table", "Table"),
        SCORE_KEY: _("Score"),
        REMAINING_SUM_KEY: _("Remaining sum"),
    }[key]


def round_word(kind: str) -> str:
    """Return what a sheet calls a round of ``kind``: ``"attempt"``, ``"round"`` or
    ``"turn"`` (``""``: a game of one turn each, no round field), in the language in use.

    >>> round_word("attempt"), round_word("")
    ('Attempt', '')
    """
    if not kind:
        return ""
    return {"attempt": _("Attempt"), "round": _("Round"), "turn": _("Turn")}[kind]


class Part:
    """A printed part of a kit; each subclass names the template that prints it and, when
    it prints sizes, the stylesheet template that sets them (from the part's mm fields)."""

    template: ClassVar[str]
    stylesheet: ClassVar[str | None] = None


@dataclass(frozen=True)
class Chunk:
    """One document of a kit, rendered on its own: a ``label`` printed in every page's
    footer (``"Table 2"``, ``"Host key"``), its parts in print order, and its ``bookmark``
    in the kit's outline (``"Table 2 - Ana, Ben"``; the label when empty)."""

    label: str
    parts: tuple[Part, ...]
    bookmark: str = ""


def name_sizes(sizes_pt: Iterable[float]) -> tuple[float, ...]:
    """Return the distinct sizes names print at, in order, for a part's stylesheet.

    >>> name_sizes([10.5, 8.25, 10.5])
    (8.25, 10.5)
    """
    return tuple(sorted(set(sizes_pt)))


def filled(count: int, per_page: int) -> int:
    """Return ``count`` rounded up to fill the last page of ``per_page``.

    >>> filled(14, 6)
    18
    """
    return ceil(count / per_page) * per_page


def paginate(items: Sequence[Item], per_page: int) -> tuple[tuple[Item, ...], ...]:
    """Return ``items`` cut into pages of at most ``per_page``, in order.

    >>> paginate("abcde", 2)
    (('a', 'b'), ('c', 'd'), ('e',))
    """
    return tuple(tuple(items[start:start + per_page]) for start in range(0, len(items), per_page))


def kit_guide(rules: Rules, table: Table, paper: PlayingPaper) -> Section | None:
    """Return the kit's "How to use this kit" for players on ``paper`` when ``table`` is
    the kit's first (``None`` for the others): the host reads it once, not once a table."""
    return how_to_use(rules, len(table.seats), paper) if table.number == 1 else None


Turns = Sequence[tuple[str, str]]  # (player, round number) in print order


def rotation(seats: Sequence[str], rounds: int) -> list[tuple[str, str]]:
    """Return every seat's turn in each of ``rounds`` rounds, round by round in seat order.

    >>> rotation(("Ana", "Ben"), 2)
    [('Ana', '1'), ('Ben', '1'), ('Ana', '2'), ('Ben', '2')]
    """
    return [(player, str(number)) for number in range(1, rounds + 1) for player in seats]


def table_label_mm(label: str, table: Table, size_pt: float) -> float:
    """Return the width ``label``, which names ``table``, takes set at ``size_pt`` with the
    widest table number of as many digits: tables that differ only in their number then
    have the same layout, laid out once (kitgen.kit.stamps).

    >>> table = Table(1, ())
    >>> table_label_mm("Table 1", table, 10) >= text_mm("Table 1", 10)
    True
    """
    number = str(table.number)
    widest_digit_mm = max(text_mm(digit, size_pt) for digit in "0123456789")
    return round(text_mm(label, size_pt) - text_mm(number, size_pt) + len(number) * widest_digit_mm, 2)


def player_field_mm(layout: Layout, width_mm: float, fields: Sequence[tuple[str, float]]) -> float:
    """Return the width of the ``Player`` field on a line of write-in fields ``width_mm``
    wide that goes on with ``fields``, each a (label, width in mm); a field whose label is
    ``""`` is not printed."""
    shown = [(label, field_mm) for label, field_mm in fields if label]
    labels = (field_label(PLAYER_KEY), *(label for label, field_mm in shown))
    return layout.name_field_mm(width_mm, labels, tuple(field_mm for label, field_mm in shown))
