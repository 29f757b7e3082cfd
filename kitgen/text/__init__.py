"""kitgen's words: every sentence a person reads comes through this module's gettext calls.

The catalogs are gettext catalogs of the domain ``kitgen`` (``kitgen/text/locale/<lang>/
LC_MESSAGES/kitgen.mo``); their messages are extracted with Babel (``babel.cfg``). English is
the source language: with no catalog the message ids themselves are the English text. Code
passes codes and parameters; words are made only where they are shown (the CLI, a kit, a
report), by these functions.

When words are made:

- An error (:class:`kitgen.errors.KitgenError`) of the shell (files, options, kits) is worded
  where it is raised, in the language in use then (a lookup is cheap). The rules core makes
  no words: a rule fault found while judging a move or a log is a code with parameters
  (:class:`kitgen.rules.problems.Problem`), and so is what its syntax and name errors carry;
  both are worded by :mod:`kitgen.text.problems` where they are shown.
- A log's errors (the syntax problems of its lines and what its game's walker finds) are
  problems too, worded by :mod:`kitgen.text.problems` when the report is shown, so a line
  read once and cached by its text is shown in the language in use; so is the place on a
  fillable kit's sheets a line was read from, by :mod:`kitgen.text.fields`.
- Words kept in data (a preset's summary, a game's title, a ranking rule, a
  figure's heading) are message ids marked with :func:`N_` where declared, and go through
  :func:`gettext` where shown.
- The command line's help (``kitgen.cli``: command and option help, the epilogs) is worded
  when ``kitgen.cli`` is imported, because Typer cleans the help strings into the Click
  commands it builds then (``inspect.cleandoc``) and neither Typer nor Click takes a lazy
  string. So the language is chosen before ``kitgen.cli`` is imported: as every gettext
  program does, kitgen speaks the language the environment names (``LANGUAGE``,
  ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), from the import of this module, where a catalog
  for it ships, and English elsewhere. An option such as ``--language`` could not change
  the help, only the messages of the run.
- What the commands print is worded when printed.

>>> ngettext("{count} tile", "{count} tiles", 2).format(count=2)
'2 tiles'
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "kitgen"
LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"

def _catalog(language: str | None) -> _gettext.NullTranslations:
    """Return the catalog of ``language``, or of the environment's language for ``None``;
    English (the message ids themselves) where there is none."""
    return _gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[language] if language else None,
                                fallback=True)


_translations = _catalog(None)


def use_language(language: str | None) -> None:
    """Show every later message in ``language`` (``"en"``, ``"es"`` ...), or, for ``None``,
    in the language the environment names; English where it has no catalog."""
    global _translations
    _translations = _catalog(language)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it, which Babel extracts)
    """Return ``message`` as it is: it marks a message kept in data for Babel to extract,
    shown later through :func:`gettext`.

    >>> gettext(N_("Score"))
    'Score'
    """
    return message


def gettext(message: str) -> str:
    """Return ``message`` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Return the form of a message for ``count`` in the language in use (its own plural rule)."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Return ``message`` in the language in use, as meant in ``context`` (a word that could
    mean two things, e.g. ``pgettext("tile state", "open")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """Return the form for ``count`` of a message meant in ``context``."""
    return _translations.npgettext(context, singular, plural, count)
