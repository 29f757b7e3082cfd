"""A fillable kit's fields and the places on its sheets in words, through the catalogs
(docs/FORMS.md): a field's title (its tooltip in a viewer, what a screen reader says for it)
and where on the sheets a transcribed log line was filled in (``kitgen validate KIT.pdf``).

A field name is its parts joined by ``.`` (``t2.rec03.r05.numbers-closed``); each part is a
catalog message: a numbered part (``t2``, ``rec03``, ``r05``) a pattern with its number, a
key (``numbers-closed``) a word, a numbered key (``round-2``, ``seat-1-total``) a pattern
with its number. A part the catalogs do not know is shown as it is, ``-`` read as a space.
The names themselves never change: only their words do.

A :data:`Place` is a field name's parts, the parts ``name`` (a player's name as printed)
and ``game-label`` (a game's label as written, or its number) taking the value beside them.

>>> field_title("t2.rec03.r05.numbers-closed")
'Table 2, record 3, row 5, numbers closed'
>>> place_text((("t2", ""), ("name", "Ana"), ("round-2", ""), ("r5", "")))
'Table 2, Ana, round 2, row 5'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kitgen.text import pgettext

Place = tuple[tuple[str, str], ...]  # (part, value): where on the sheets, as field-name parts

_NUMBERED_PART = re.compile(r"([a-z]+)([0-9]+)")  # "rec03": a prefix and its number
_NUMBER_IN_KEY = re.compile(r"(?<=-)[0-9]+(?=-|$)")  # the 2 of "round-2", the 1 of "seat-1-total"

# The prefixes of numbered parts (docs/FORMS.md), in words with their number.
_NUMBERED: dict[str, Callable[[int], str]] = {
    "t": lambda number: pgettext("form field", "Table {number}").format(number=number),
    "rec": lambda number: pgettext("form field", "record {number}").format(number=number),
    "r": lambda number: pgettext("form field", "row {number}").format(number=number),
    "strip": lambda number: pgettext("form field", "strip {number}").format(number=number),
    "tile": lambda number: pgettext("form field", "tile {number}").format(number=number),
    "seat": lambda number: pgettext("form field", "seat {number}").format(number=number),
    "sheet": lambda number: pgettext("form field", "sheet {number}").format(number=number),
    "board": lambda number: pgettext("form field", "game {number}").format(number=number),
}

# The keys of the kit's parts (kitgen/kit/parts, docs/FORMS.md) in words.
_KEYS: dict[str, Callable[[], str]] = {
    "player": lambda: pgettext("form field", "player"),
    "seat": lambda: pgettext("form field", "seat"),
    "table": lambda: pgettext("form field", "table"),
    "score": lambda: pgettext("form field", "score"),
    "total": lambda: pgettext("form field", "total"),
    "totals": lambda: pgettext("form field", "totals"),
    "winner": lambda: pgettext("form field", "winner"),
    "won": lambda: pgettext("form field", "won"),
    "mark": lambda: pgettext("form field", "mark"),
    "round": lambda: pgettext("form field", "round"),
    "starts": lambda: pgettext("form field", "starts"),
    "combined": lambda: pgettext("form field", "combined"),
    "remaining-sum": lambda: pgettext("form field", "remaining sum"),
    "round-wins": lambda: pgettext("form field", "round wins"),
    "shut-the-box": lambda: pgettext("form field", "shut the box"),
    "turns-played": lambda: pgettext("form field", "turns played"),
    "doubles-thrown": lambda: pgettext("form field", "doubles thrown"),
    "dice-1-2": lambda: pgettext("form field", "dice 1 2"),
    "roll-total": lambda: pgettext("form field", "roll total"),
    "numbers-closed": lambda: pgettext("form field", "numbers closed"),
    "checked-sum": lambda: pgettext("form field", "checked sum"),
    "value": lambda: pgettext("form field", "value"),  # a number sentence's (docs/rules.md section 9)
    "op-add": lambda: pgettext("form field", "add"),
    "op-sub": lambda: pgettext("form field", "subtract"),
    "op-mul": lambda: pgettext("form field", "multiply"),
    "op-div": lambda: pgettext("form field", "divide"),
    "turn-sheet": lambda: pgettext("form field", "turn sheet"),
    "continuation-sheet": lambda: pgettext("form field", "continuation sheet"),
    "board-sheet": lambda: pgettext("form field", "board sheet"),
    "closer": lambda: pgettext("form field", "closer"),
    "opener": lambda: pgettext("form field", "opener"),
    "turn-record": lambda: pgettext("form field", "turn record"),
    "turn": lambda: pgettext("form field", "turn"),
    "tiles-shut-or-opened": lambda: pgettext("form field", "tiles shut or opened"),
    "double": lambda: pgettext("form field", "double"),
    "extra-turns-held": lambda: pgettext("form field", "extra turns held"),
    "placement-record": lambda: pgettext("form field", "placement record"),
    "game": lambda: pgettext("form field", "game"),
    "face": lambda: pgettext("form field", "face"),
    "column": lambda: pgettext("form field", "column"),
    "dice-removed": lambda: pgettext("form field", "dice removed"),
    "left": lambda: pgettext("form field", "left"),
    "middle": lambda: pgettext("form field", "middle"),
    "right": lambda: pgettext("form field", "right"),
    "match": lambda: pgettext("form field", "match"),
    "match-record": lambda: pgettext("form field", "match record"),  # a place, not a field's part
    "started-by": lambda: pgettext("form field", "started by"),
    "result-winner-or-draw": lambda: pgettext("form field", "result winner or draw"),
    "match-winner": lambda: pgettext("form field", "match winner"),
}

# The numbered keys in words with their number, by their pattern: the number as "#".
_NUMBERED_KEYS: dict[str, Callable[[int], str]] = {
    "attempt-#": lambda number: pgettext("form field", "attempt {number}").format(number=number),
    "round-#": lambda number: pgettext("form field", "round {number}").format(number=number),
    "die-#": lambda number: pgettext("form field", "die {number}").format(number=number),
    "seat-#": lambda number: pgettext("form field", "seat {number}").format(number=number),
    "seat-#-total": lambda number: pgettext("form field", "seat {number} total").format(number=number),
    "seat-#-game-wins": lambda number: pgettext("form field", "seat {number} game wins").format(number=number),
}

# The parts of a place that carry a value.
_VALUED: dict[str, Callable[[str], str]] = {
    "name": lambda name: name or pgettext("form field", "no name"),
    "game-label": lambda label: pgettext("form field", "game {label}").format(label=label),
}


def field_title(name: str) -> str:
    """Return the field name ``name`` in words, in the language in use.

    >>> field_title("t1.board02.seat-1.left")
    'Table 1, game 2, seat 1, left'
    """
    return _joined(field_part_words(part) for part in name.split("."))


def place_text(place: Place) -> str:
    """Return ``place`` in words, in the language in use (``""`` for no place).

    >>> place_text((("t1", ""), ("match-record", ""), ("game-label", "2")))
    'Table 1, match record, game 2'
    """
    return _joined(_VALUED[part](value) if part in _VALUED else field_part_words(part) for part, value in place)


def field_part_words(part: str) -> str:
    """Return one part of a field name in words, in the language in use.

    >>> field_part_words("seat-2-game-wins"), field_part_words("rec103"), field_part_words("total-for-ana")
    ('seat 2 game wins', 'record 103', 'total for ana')
    """
    numbered = _NUMBERED_PART.fullmatch(part)
    if numbered and numbered[1] in _NUMBERED:
        return _NUMBERED[numbered[1]](int(numbered[2]))
    if part in _KEYS:
        return _KEYS[part]()
    numbers = _NUMBER_IN_KEY.findall(part)
    pattern = _NUMBER_IN_KEY.sub("#", part)
    if len(numbers) == 1 and pattern in _NUMBERED_KEYS:
        return _NUMBERED_KEYS[pattern](int(numbers[0]))
    return part.replace("-", " ")


def _joined(words: Iterable[str]) -> str:
    """Return ``words`` joined as the parts of a field's title or a place are."""
    return pgettext("form field", ", ").join(words)
