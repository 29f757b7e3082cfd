""""Did you mean" for a log's slips: the nearest player name or column to a word that is
neither, and a line's nearest readable form (docs/log-format.md, "What kitgen validate reports").

A suggestion only re-reads what the user wrote: a name or column from the header or the
format, or the user's own words with a separator put right. It never names a move. No words
are made here: a problem carries what it suggests as its ``nearest`` (a name or column) or
``form`` (a line) parameter, and :func:`kitgen.text.problems.describe` asks "Did you mean"
with it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

from kitgen.rules.problems import Problem

CLOSE_ENOUGH = 0.6  # difflib's ratio: "Bne" / "Ben" is 0.67, "Zed" / "Ben" 0.33
_SEPARATORS = re.compile(r"\s*[;=.,]\s*|\s+-\s+")  # a slip for the ':' after a throw or name


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """Return the choice closest to ``word`` (ignoring case), or ``None`` when none is close.

    >>> nearest("Bne", ["Ana", "Ben"]), nearest("Zed", ["Ana", "Ben"])
    ('Ben', None)
    """
    choices = list(choices)
    folded = {choice.casefold(): choice for choice in choices}
    found = difflib.get_close_matches(word.casefold(), folded, n=1, cutoff=CLOSE_ENOUGH)
    return folded[found[0]] if found else None


def not_a_player(name: str, players: Iterable[str], reason: str = "not-a-player", **params: object) -> Problem:
    """Return the ``unknown-player`` problem of a ``name`` that is not in the log's ``players:``
    line, in every game's log alike: ``reason`` says what the line counts as instead
    (``counts-for-nobody``, ``placement-as`` ...; stating ``params``), and the nearest
    player's name is suggested.

    >>> problem = not_a_player("Bne", ["Ana", "Ben"], "placement-as", player="Ben")
    >>> problem.param("player"), problem.param("nearest")
    ('Ben', 'Ben')
    """
    return Problem("unknown-player", reason, (("name", name), *params.items(), ("nearest", nearest(name, players))))


def read_as_player(name: str, player: str, reason: str) -> Problem:
    """Return the ``unknown-player`` problem of a ``name`` one slip from ``player``'s, read as
    theirs (docs/log-format.md ruling 12): ``reason`` says what is read as theirs
    (``turn-read-as``, ``attempt-read-as``, ``placement-read-as``); no "Did you mean": the
    sentence names the player.

    >>> read_as_player("Bem", "Ben", "turn-read-as").params
    (('name', 'Bem'), ('player', 'Ben'))
    """
    return Problem("unknown-player", reason, (("name", name), ("player", player)))


def nearest_form(text: str, reads: Callable[[str], bool], keywords: Iterable[str] = ()) -> str | None:
    """Return ``text`` rewritten into a readable line by one small repair, or ``None``.

    ``reads`` says whether a line is readable. Repairs tried, in order: a ``:`` put after a
    leading keyword (``score 9`` -> ``score: 9``), a ``:`` left out after a keyword that
    takes none (``turn: Ana`` -> ``turn Ana``), a separator (``;``, ``=``, ``.``, ``,`` or
    `` - ``) read as the ``:`` it stands for, and a ``:`` put after the longest run of
    leading words it makes readable (``8 8`` -> ``8: 8``, ``die 4 4`` -> ``die 4: 4``,
    ``5 + 3 3 5`` -> ``5 + 3: 3 5``, never ``5: + 3 3 5``, which would read the throw's
    ``+ 3`` as tiles). Every repair changes only the separator that was wrong: the user's
    words keep their order and what they are (docs/log-format.md, "What kitgen validate
    reports").

    >>> nearest_form("8 8", lambda line: line == "8: 8")
    '8: 8'
    >>> nearest_form("8 + 8", lambda line: True) is None  # never "8: + 8"
    True
    """
    words = text.split()
    candidates = []
    keywords = tuple(keywords)
    if words and words[0].lower().rstrip(":") in keywords:
        head, rest = words[0].rstrip(":"), " ".join(words[1:])
        candidates += [f"{head}: {rest}", f"{head} {rest}"]
    if ":" not in text:
        candidates.append(_SEPARATORS.sub(": ", text, count=1))
        candidates += [" ".join(words[:split]) + ": " + " ".join(words[split:])
                       for split in range(len(words) - 1, 0, -1)
                       if not words[split].startswith("+") and not words[split - 1].endswith("+")]  # a '+' joins faces
    for candidate in candidates:
        if candidate != text and reads(candidate):
            return candidate
    return None
