"""The player-name rule shared by kits and logs (docs/rules.md, "Player names").

Two names are one when they are equal ignoring case, or when they would look the same on
paper: equal UTS #39 skeletons (Unicode's confusables, e.g. a Latin and a Cyrillic "A"),
also once in their NFKC form (a fullwidth "Ａｎａ" is drawn as "Ana"). A name holds no
invisible character: a letter that prints as nothing (a Hangul filler) would make a blank
name, or two names that look alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from kitgen.errors import PlayerNameError
from kitgen.rules.confusables import ascii_prototypes, prototypes
from kitgen.rules.problems import Problem

NAME_MAX_CHARS = 40  # docs/rules.md, "Player names"
MARKS_MAX = 2  # docs/rules.md, "Player names": a letter carries at most 2 combining marks
SKELETON_ROUNDS = 4  # every prototype in the table settles within 3 rounds (2 changes)
_PUNCTUATION = frozenset(" -'.")
_TYPOGRAPHIC_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_ASCII_NAME = re.compile(r"[A-Za-z0-9 .'-]+")  # an ASCII name: no marks, NFC and NFD as typed
# Unicode's Default_Ignorable_Code_Point characters (DerivedCoreProperties.txt), which print
# as nothing, and the Khitan filler, a mark that prints as nothing too. Most are format
# characters the letter rule refuses anyway; the Hangul fillers pass as letters and the
# variation selectors, Mongolian free variation selectors, Khmer inherent vowels and the
# combining grapheme joiner as marks.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U00016fe4\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def parse_name(text: str) -> str:
    """Return ``text`` as a player name: trimmed, inner spaces single, typographic
    apostrophes read as ``'``, in Unicode NFC form (so "Zoë" typed either way is one name).

    A name is 1-40 characters of letters of any alphabet (each with at most 2 combining
    marks), digits, spaces, ``-``, ``'`` and ``.``, none of them invisible (a Hangul filler,
    a variation selector). Raises :class:`PlayerNameError` otherwise.

    >>> parse_name("  O\u2019Neil ")
    "O'Neil"
    """
    name = unicodedata.normalize("NFC", " ".join(text.translate(_TYPOGRAPHIC_APOSTROPHES).split()))
    if not name:
        raise PlayerNameError(Problem("name", "empty"))
    if len(name) > NAME_MAX_CHARS:
        raise PlayerNameError(Problem("name", "too-long", (("name", name), ("most", NAME_MAX_CHARS))))
    if name.isascii() and _ASCII_NAME.fullmatch(name):
        return name  # what the checks below accept of ASCII, without a loop per character
    invisible = _INVISIBLE.search(name)
    if invisible:
        char = invisible.group()
        raise PlayerNameError(Problem("name", "invisible", (("name", name), ("char", char))))
    for index, char in enumerate(name):
        if not (char.isalpha() or char.isdecimal() or char in _PUNCTUATION
                or (index and _is_mark(char) and name[index - 1] not in _PUNCTUATION)):
            raise PlayerNameError(Problem("name", "character", (("name", name), ("char", char))))
    marks = 0
    for char in unicodedata.normalize("NFD", name):  # marks counted as drawn: "ệ" is e + 2
        marks = marks + 1 if _is_mark(char) else 0
        if marks > MARKS_MAX:
            raise PlayerNameError(Problem("name", "marks", (("name", name), ("most", MARKS_MAX))))
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


def name_key(text: str) -> str:
    """Return the key a player's name is matched by wherever a log or a filled kit names a
    player: the name as :func:`read_name` reads it, case-folded (docs/rules.md, "Player
    names": equal ignoring case, typographic apostrophes read as ``'``).

    >>> name_key("O’NEIL") == name_key("o'Neil")
    True
    """
    return read_name(text).casefold()


def _is_mark(char: str) -> bool:
    """Return whether ``char`` is a combining mark (an accent or vowel sign that belongs to
    the letter before it, as in Devanagari or a decomposed "e" + diaeresis)."""
    return unicodedata.category(char).startswith("M")


def skeleton(text: str) -> str:
    """Return the UTS #39 skeleton of ``text``: its NFD form with every character replaced
    by the prototype it may be mistaken for, in NFD form again. Two texts with one skeleton
    look the same (a Latin and a Cyrillic "A", "ǅ" and "Dž").

    A prototype can itself decompose into characters that have one (the "ž" of "ǅ"'s
    "Dž" into "z" and a caron, drawn like a breve), so the mapping is repeated until the
    text stays the same (at most a few rounds).

    >>> skeleton("\u0410na") == skeleton("Ana"), skeleton("\u01c5emal") == skeleton("D\u017eemal")
    (True, True)
    """
    if text.isascii():  # NFD leaves ASCII as it is, and no ASCII prototype maps again
        # most names are ASCII: their skeleton needs neither normalization nor the whole table
        mapped = text.translate(ascii_prototypes())
        if mapped.isascii():
            return mapped
    current = unicodedata.normalize("NFD", text)
    table = prototypes()
    for _ in range(SKELETON_ROUNDS):
        mapped = unicodedata.normalize("NFD", current.translate(table))
        if mapped == current:
            break
        current = mapped
    return current


def parse_names(texts: Iterable[str]) -> tuple[str, ...]:
    """Return every name parsed by :func:`parse_name`, in order.

    Raises :class:`PlayerNameError` for a bad name or a name repeated ignoring case or
    looking the same as another on paper (the same :func:`skeleton`, also ignoring case or
    in NFKC form).

    >>> parse_names(["Ana", "Ben"])
    ('Ana', 'Ben')
    >>> parse_names(["Ana", "\uff21\uff4e\uff41"])
    Traceback (most recent call last):
    ...
    kitgen.errors.PlayerNameError: player name 'Ａｎａ' would look the same on paper as 'Ana'.
    """
    names = tuple(parse_name(text) for text in texts)
    seen: dict[tuple[str, str], str] = {}
    for name in names:
        for key in _sameness_keys(name):
            if key in seen:
                twin = seen[key]
                if name_key(twin) == name_key(name):
                    raise PlayerNameError(Problem("name", "twice", (("name", name), ("twin", twin))))
                raise PlayerNameError(Problem("name", "look-alike", (("name", name), ("twin", twin))))
        for key in _sameness_keys(name):
            seen[key] = name
    return names


def _sameness_keys(name: str) -> tuple[tuple[str, str], ...]:
    """Return the keys two names share when they count as one: the case-folded name, and
    the skeleton as written and case-folded, of the name and of its NFKC form (the same
    as the name's for ASCII)."""
    folded = name_key(name)
    keys = (("case", folded), ("look", skeleton(name)), ("look", skeleton(folded)))
    if name.isascii():
        return keys
    compatible = unicodedata.normalize("NFKC", name)
    return (*keys, ("look", skeleton(compatible)), ("look", skeleton(compatible.casefold())))
