"""A class's roll-and-tally sheet typed in (docs/tally.md): one line a total, ``7: 6``,
``#`` comments, an optional ``title:`` line, read into counts for :func:`kitgen.session.dice.fit`
so the class gets the same fairness figure as the session report. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import TallyError
from kitgen.games.box.rules import TWO_DICE_TOTALS
from kitgen.session.dice import TWO_DICE, Fit, fit
from kitgen.text import gettext as _


@dataclass(frozen=True)
class Tally:
    """The tallied totals (every total 2-12, missing ones 0) and the sheet's title ("" if none)."""

    counts: dict[int, int]
    title: str

    def fit(self) -> Fit:
        """Return the tallies set against fair dice, as the session report does."""
        return fit(self.counts, TWO_DICE)


def read_tally(text: str) -> Tally:
    """Return the :class:`Tally` written in ``text``, or raise :class:`TallyError` with one
    sentence naming the line.

    >>> read_tally("title: Class 4B\\n7: 6  # sevens\\n2: 1\\n").counts[7]
    6
    """
    counts: dict[int, int] = {}
    title = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if key.casefold() == "title" and colon:
            title = value
            continue
        if not colon or not key.isdigit() or int(key) not in TWO_DICE_TOTALS:
            raise TallyError(_("Line {line}: {key!r} is not a total of two dice (2 to 12).").format(
                line=number, key=key))
        if not value.isdigit():
            raise TallyError(_("Line {line}: the count {value!r} for {total} is not a whole number.").format(
                line=number, value=value, total=int(key)))
        total = int(key)
        if total in counts:
            raise TallyError(_("Line {line}: the total {total} is given twice.").format(line=number, total=total))
        counts[total] = int(value)
    return Tally({total: counts.get(total, 0) for total in TWO_DICE_TOTALS}, title)
