"""A number as a paper record writes it, in a log or a filled kit (docs/log-format.md):
plain ASCII digits, at most :data:`NUMBER_MAX_DIGITS` of them."""

from __future__ import annotations

NUMBER_MAX_DIGITS = 9  # a longer number cannot be read off a paper record


class NumberSyntaxError(ValueError):
    """A word that is not a number as a record writes it; ``too_long`` when it is plain
    digits, only more than :data:`NUMBER_MAX_DIGITS` of them."""

    def __init__(self, word: str, too_long: bool) -> None:
        super().__init__(word)
        self.word = word
        self.too_long = too_long


def parse_number(word: str) -> int:
    """Return the number ``word`` writes in plain ASCII digits.

    Raises :class:`NumberSyntaxError` for any other word: a sign, a space, a ``²``, ``①``
    or ``٣`` (which :func:`int` would read), or more than :data:`NUMBER_MAX_DIGITS` digits.

    >>> parse_number("12")
    12
    >>> parse_number("-3")
    Traceback (most recent call last):
    ...
    kitgen.rules.numbers.NumberSyntaxError: -3
    """
    if not (word.isascii() and word.isdigit()):
        raise NumberSyntaxError(word, too_long=False)
    if len(word) > NUMBER_MAX_DIGITS:
        raise NumberSyntaxError(word, too_long=True)
    return int(word)


def read_number(word: str) -> int | None:
    """Return the number ``word`` writes (:func:`parse_number`), or ``None`` for a word that
    is none: a filled kit's ``²`` or ``٣`` stays as written for the validator to report.

    >>> read_number("12"), read_number("²"), read_number("\u0663"), read_number("1 2")
    (12, None, None, None)
    """
    try:
        return parse_number(word)
    except NumberSyntaxError:
        return None
