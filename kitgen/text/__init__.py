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
  string. So the language is chosen before ``kitgen.cli`` is imported: from the import of
  this module kitgen speaks :func:`environment_language` (``KITGEN_LANG``, then the
  locale), and the ``kitgen`` command (``kitgen.__main__``) reads a ``--lang`` among its
  arguments before it imports the command line, so that help follows it too. Every command's
  ``--lang`` option then chooses the language of its run's messages.
- What the commands print is worded when printed.

>>> ngettext("{count} tile", "{count} tiles", 2).format(count=2)
'2 tiles'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

DOMAIN = "kitgen"
LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "es", "fr", "de")  # what kitgen speaks: English, the source, and its catalogs
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX: the first one set names the locale


def environment_language(environ: Mapping[str, str] = os.environ) -> str:
    """Return the language ``environ`` asks for: ``KITGEN_LANG`` as it is written (a
    language kitgen does not speak is the command line's to refuse), else the language of
    the locale the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set names,
    where kitgen speaks it, else English.

    >>> environment_language({"LANG": "fr_FR.UTF-8"}), environment_language({"LC_ALL": "C", "LANG": "de_DE"})
    ('fr', 'en')
    >>> environment_language({"KITGEN_LANG": "es", "LANG": "de_DE"}), environment_language({"LANG": "it_IT"})
    ('es', 'en')
    """
    if environ.get("KITGEN_LANG"):
        return environ["KITGEN_LANG"]
    locale = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), "")
    language = locale.partition(".")[0].partition("@")[0].partition("_")[0].lower()
    return language if language in LANGUAGES else "en"


def language_asked(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> str:
    """Return the language a ``kitgen`` command line asks for with ``--lang X`` (or
    ``--lang=X``) before any ``--``, else :func:`environment_language`: what the command's
    help is worded in. A language kitgen does not speak gives English here; the command
    refuses it when it runs.

    >>> language_asked(["kit", "--lang", "de"]), language_asked(["kit", "--lang=fr", "--help"], {})
    ('de', 'fr')
    >>> language_asked(["check", "--", "--lang", "de"], {}), language_asked(["kit", "--lang", "xx"], {})
    ('en', 'en')
    """
    for at, arg in enumerate(args):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if name == "--lang":
            value = value if equals else (args[at + 1] if at + 1 < len(args) else "")
            return value if value in LANGUAGES else "en"
    language = environment_language(environ)
    return language if language in LANGUAGES else "en"


def _catalog(language: str) -> _gettext.NullTranslations:
    """Return the catalog of ``language``: English (the message ids themselves) where
    there is none."""
    return _gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[language], fallback=True)


_translations = _catalog(environment_language())


def use_language(language: str | None) -> None:
    """Show every later message in ``language`` (``"en"``, ``"es"`` ...), or, for ``None``,
    in :func:`environment_language`; English where it has no catalog."""
    use_catalog(_catalog(language or environment_language()))


def use_catalog(catalog: _gettext.NullTranslations) -> None:
    """Show every later message as ``catalog`` gives it (a catalog read elsewhere, such as
    a test's pseudo-locale)."""
    global _translations
    _translations = catalog


def language_in_use() -> str:
    """Return the language of :data:`LANGUAGES` messages are shown in now: English where
    the catalog in use is none of kitgen's (what a kit's manifest records).

    >>> use_language("en"); language_in_use()
    'en'
    """
    language = _translations.info().get("language", "en").partition("_")[0].lower()
    return language if language in LANGUAGES else "en"


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


def catalog_of(language: str) -> _gettext.NullTranslations:
    """Return the catalog of ``language``, for words wanted in it whatever the language in
    use (the words of a kit printed in another language); its calls are extracted as this
    module's are (``catalog_of(language).pgettext(context, message)``).

    >>> catalog_of("en").pgettext("tile state", "open")
    'open'
    """
    return _catalog(language)
