"""A pseudo-locale for tests (issue 24, item 4): every message of kitgen's catalog shown
marked and 40% longer, so that a kit printed in it shows what no catalog translates (English
left unmarked) and what a longer language would overflow.

Each word of a message keeps its letters' order, with each letter that has an accented
form in Latin-1 or Latin Extended-A (what every catalog's fonts must draw) swapped for it,
and grows by 40% of its length, rounded up, in ``ä``, ``ö`` and ``ü``: ``Score`` becomes
``Šçóŕéäö``. Placeholders (``{count}``, ``%(name)s``, ``%%``) are kept as they are, and so
is the language tag, which names the PDF's language. So a word the page prints in plain
ASCII letters came from no catalog.

>>> pseudo("{count} tiles shut")
'{count} ťíĺéšäö šĥúťäö'
>>> pseudo("%(heading)s - %(whose)s"), pseudo("Score")
('%(heading)s - %(whose)s', 'Šçóŕéäö')
"""

from __future__ import annotations

import gettext
import math
import re

ACCENTED = dict(zip(
    "aAcCdDeEgGhHiIjJkKlLnNoOrRsStTuUwWyYzZ",
    "áÁçÇďĎéÉĝĜĥĤíÍĵĴķĶĺĹñÑóÓŕŔšŠťŤúÚŵŴýÝžŽ",
    strict=True,
))
GROWTH = 0.4  # the share every word grows by
PADDING = "äöü"
KEPT = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]|%%")  # placeholders: kept as they are
WORD = re.compile(r"[A-Za-z]+")


def pseudo(message: str) -> str:
    """Return ``message`` in the pseudo-locale: each word marked and 40% longer."""
    parts = []
    at = 0
    for kept in KEPT.finditer(message):
        parts += [_words(message[at:kept.start()]), kept.group()]
        at = kept.end()
    return "".join([*parts, _words(message[at:])])


def _words(text: str) -> str:
    """Return ``text``, a stretch without placeholders, with each word marked and grown."""
    def marked(word: re.Match[str]) -> str:
        letters = "".join(ACCENTED.get(letter, letter) for letter in word.group())
        return letters + (PADDING * len(letters))[:math.ceil(GROWTH * len(letters))]

    return WORD.sub(marked, text)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale as a catalog: :func:`pseudo` of every message asked for."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return message if context == "language tag" else pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def unmarked_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Return the words of ``text`` (runs of two or more letters) written in plain ASCII
    letters only, leaving out ``allowed`` ones: words that came from no catalog.

    >>> unmarked_words("Šçóŕéäö 12 Score a b kitgen", frozenset({"kitgen"}))
    ['Score']
    """
    return [word for word in re.findall(r"[^\W\d_]{2,}", text) if word.isascii() and word not in allowed]
