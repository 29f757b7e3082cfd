"""Numbers as the language in use writes them (Babel's locale data): ``1,000`` and ``0.25`` in
English, ``1.000`` and ``0,25`` in Spanish and German, ``1 000`` and ``0,25`` in French.

Babel is imported when a number is first written, not with :mod:`kitgen.text`.
"""

from __future__ import annotations

from kitgen.text import language_in_use


def whole(value: int) -> str:
    """Return ``value`` with the language's thousands separator.

    >>> whole(12345)
    '12,345'
    """
    from babel.numbers import format_decimal

    return format_decimal(value, format="#,##0", locale=language_in_use())


def decimal(value: float, places: int) -> str:
    """Return ``value`` rounded to ``places`` decimal places, in the language's decimal sign.

    >>> decimal(22.375, 1), decimal(1, 2)
    ('22.4', '1.00')
    """
    from babel.numbers import format_decimal

    # rounded as Python rounds the float itself (2.675 is 2.67499...: 2.67), then written
    return format_decimal(round(value, places), format="0." + "0" * places if places else "0",
                          locale=language_in_use())


def significant(value: float, digits: int) -> str:
    """Return ``value`` (a small probability) to ``digits`` significant digits, in the
    language's decimal sign.

    >>> significant(0.00123, 2), significant(0.000995, 2)
    ('0.0012', '0.001')
    """
    from babel.numbers import format_decimal

    # rounded by Python first: Babel's significant-digit rounding can drop a digit (0.000995)
    return format_decimal(float(f"{value:.{digits}g}"), format="@" + "#" * (digits - 1), locale=language_in_use())
