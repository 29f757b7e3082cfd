"""Errors kitgen raises for bad input; the CLI turns each into one sentence and an exit code.

Every message is one plain sentence meant for a person, quoting the bad input with
:func:`quote` (at most 40 characters of it, docs/cli.md "Limits and bad input"). The rules
core, which makes no words, raises its errors with the :class:`Problem` they state (a code
and its figures): it is put into words when the error is shown
(:func:`kitgen.text.problems.describe`).
Rule faults found while judging a move or a log are not exceptions: they are returned as
values (:class:`Problem` and ``kitgen.logs.report.LogError``).
"""


from kitgen.rules.problems import Problem

QUOTE_MAX_CHARS = 40  # docs/cli.md "Limits and bad input": a message quotes at most 40 characters


def quote(text: str) -> str:
    """Return ``repr(text)``, cut after 40 characters with ``...`` so a message stays one
    short sentence.

    >>> quote("8 = 3 5 ?"), quote("x" * 50)
    ("'8 = 3 5 ?'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'")
    """
    if len(text) > QUOTE_MAX_CHARS:
        text = text[:QUOTE_MAX_CHARS] + "..."
    return repr(text)


class KitgenError(Exception):
    """Base of every error kitgen reports to a user (exit status 2), raised with its
    sentence or with the :class:`Problem` it states, worded when shown.

    >>> str(TileSyntaxError(Problem("syntax", "no-tiles")))
    'no tiles are written (write - for a throw with no move).'
    """

    def __str__(self) -> str:
        if self.args and isinstance(self.args[0], Problem):
            from kitgen.text.problems import describe

            return describe(self.args[0])
        return super().__str__()


class UnknownPresetError(KitgenError, ValueError):
    """A preset id that is not in the registry."""


class OptionError(KitgenError, ValueError):
    """A preset option that the preset does not have, or a value it does not allow."""


class PlayerNameError(KitgenError, ValueError):
    """A player name that breaks the name rule of docs/rules.md, or a repeated one."""


class PlayerCountError(KitgenError, ValueError):
    """Too few or too many players or seats for a preset."""


class ThrowSyntaxError(KitgenError, ValueError):
    """A throw that is not written as ``8``, ``5+3`` or ``die 4``."""


class TileSyntaxError(KitgenError, ValueError):
    """A tile list that is not numbers separated by spaces, commas or ``+``."""


class PositionError(KitgenError, ValueError):
    """A stated box position that cannot be: a tile not on the box, or a tile given twice."""


class GridSyntaxError(KitgenError, ValueError):
    """A knucklebones grid that is not written in the documented notation."""


class ColumnSyntaxError(KitgenError, ValueError):
    """A knucklebones column that is not ``left``, ``middle`` or ``right`` (``l m r``, ``1 2 3``)."""


class LogUnreadableError(KitgenError):
    """A game log that cannot be validated at all (missing, binary, no header, bad header)."""


class RosterError(KitgenError):
    """A roster file that cannot be read, or that holds no names."""


class OutputExistsError(KitgenError):
    """An output file that exists and would be overwritten without ``--force``."""


class RenderError(KitgenError):
    """A kit render that failed: a font, resource or URL that did not load, or a foreign font."""


class TallyError(KitgenError, ValueError):
    """A tally file (docs/tally.md) with a total outside 2-12, a count that is not a whole
    number, or a total given twice."""
