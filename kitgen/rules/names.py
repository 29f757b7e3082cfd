"""The player-name rule shared by kits and logs (RULES.md, "Player names")."""

from __future__ import annotations

import unicodedata
from typing import Iterable

from kitgen.errors import PlayerNameError

NAME_MAX_CHARS = 40  # RULES.md, "Player names"
_PUNCTUATION = frozenset(" -'.")
_TYPOGRAPHIC_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def parse_name(text: str) -> str:
    """Return ``text`` as a player name: trimmed, inner spaces single, typographic
    apostrophes read as ``'``, in Unicode NFC form (so "Zoë" typed either way is one name).

    A name is 1-40 characters of letters of any alphabet (with their combining marks),
    digits, spaces, ``-``, ``'`` and ``.``. Raises :class:`PlayerNameError` otherwise.

    >>> parse_name("  O\u2019Neil ")
    "O'Neil"
    """
    name = unicodedata.normalize("NFC", " ".join(text.translate(_TYPOGRAPHIC_APOSTROPHES).split()))
    if not name:
        raise PlayerNameError("a player name is empty.")
    if len(name) > NAME_MAX_CHARS:
        raise PlayerNameError(
            f"player name {name[:20] + '...'!r} is longer than {NAME_MAX_CHARS} characters."
        )
    for index, char in enumerate(name):
        if not (char.isalpha() or char.isdecimal() or char in _PUNCTUATION
                or (index and _is_mark(char) and not name[index - 1] in _PUNCTUATION)):
            raise PlayerNameError(
                f"player name {name!r} has the character {char!r}; names may use letters, "
                "digits, spaces, '-', \"'\" and '.' only."
            )
    return name


def read_name(text: str) -> str:
    """Return a name written in a log as :func:`parse_name` reads it; text that breaks the
    name rule comes back with its spaces collapsed, so it matches no player.

    >>> read_name("o’neil"), read_name("<b>  Ana</b>")
    ("o'neil", '<b> Ana</b>')
    """
    try:
        return parse_name(text)
    except PlayerNameError:
        return " ".join(text.split())


def _is_mark(char: str) -> bool:
    """Return whether ``char`` is a combining mark (an accent or vowel sign that belongs to
    the letter before it, as in Devanagari or a decomposed "e" + diaeresis)."""
    return unicodedata.category(char).startswith("M")


def parse_names(texts: Iterable[str]) -> tuple[str, ...]:
    """Return every name parsed by :func:`parse_name`, in order.

    Raises :class:`PlayerNameError` for a bad name or a name repeated ignoring case.

    >>> parse_names(["Ana", "Ben"])
    ('Ana', 'Ben')
    """
    names = tuple(parse_name(text) for text in texts)
    seen: dict[str, str] = {}
    for name in names:
        key = name.casefold()
        if key in seen:
            raise PlayerNameError(f"player name {name!r} is given twice (also as {seen[key]!r}).")
        seen[key] = name
    return names
