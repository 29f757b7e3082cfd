"""Read a game log's text into located lines and its header (docs/log-format.md, "Lexical rules"
and "Header").

The body of a log is read line by line by the game's own grammar into entries judged by its
walker (:mod:`kitgen.logs.lines`); this module holds what every log shares before that.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial, wraps
from pathlib import Path
from typing import Any, NamedTuple, ParamSpec, Protocol, TypeVar, cast

from kitgen.errors import KitgenError, LogUnreadableError, quote
from kitgen.games import find_preset
from kitgen.games.preset import Rules, check_player_count
from kitgen.logs.suggest import nearest
from kitgen.rules.names import parse_names
from kitgen.rules.problems import Problem
from kitgen.text import gettext
from kitgen.textfile import read_text, shown_name


class Line(NamedTuple):  # a named tuple, not a dataclass: one is made per line of every log
    """One meaningful line of a log: its 1-based number and its text, comment and
    surrounding spaces removed (never empty)."""

    number: int
    text: str


# Line((number, text)) without the Python-level __new__ of a named tuple: a command makes
# one per line of every log (docs/performance.md, "Validation")
_new_line = partial(tuple.__new__, Line)


@dataclass(frozen=True)
class Header:
    """A log's header: the settled rules, the players in seat order, the optional title,
    and the ``(line, problem)`` of each header line that is a ``syntax`` error (a second
    ``title:``, docs/log-format.md ruling 8)."""

    rules: Rules
    players: tuple[str, ...]
    title: str | None = None
    syntax: tuple[tuple[int, Problem], ...] = ()


@dataclass(frozen=True)
class Body:
    """The meaningful lines of a log after its header (:func:`content_lines` but the header's),
    read from the log's text again each time it is iterated: never held as a list, and a
    walker that must look ahead reads it a second time, forward only."""

    text: str
    header_lines: frozenset[int]

    def __iter__(self) -> Iterator[Line]:
        return _content_lines(self.text, self.header_lines)


def read_log_text(path: Path | str) -> str:
    """Return the text of the log file at ``path`` (``-``: standard input), decoded as
    UTF-8 (a BOM is dropped).

    Raises :class:`LogUnreadableError` with one sentence for a missing, unreadable,
    empty, binary, non-UTF-8 or huge (over 4 MiB) file, or one that is not a regular file.
    """
    text = read_text(path, "game log", LogUnreadableError,
                     folder=gettext("{file} is a folder with no *.log file in it."))
    if not text.strip():
        raise LogUnreadableError(gettext("{file} is empty.").format(file=repr(shown_name(path))))
    return text


def content_lines(text: str) -> Iterator[Line]:
    """Yield the meaningful lines of ``text``: comments (``#`` to line end), surrounding
    spaces and blank lines removed, each with its 1-based line number. Lazily, so a
    log of millions of lines is never held as a list.

    >>> list(content_lines("rules: strip  # club\\n\\nplayers: Ana"))
    [Line(number=1, text='rules: strip'), Line(number=3, text='players: Ana')]
    """
    return _content_lines(text, frozenset())


def _content_lines(text: str, skipped: frozenset[int]) -> Iterator[Line]:
    """Yield :func:`content_lines` but those whose number is in ``skipped``."""
    # docs/log-format.md: LF or CRLF line ends; only "\n" ends a line (str.splitlines would also
    # split at form feeds and Unicode separators, and line numbers would then disagree with
    # what an editor shows); the "\r" of CRLF goes with the surrounding spaces.
    raw_lines = io.StringIO(text.removeprefix("\ufeff"), newline="\n")
    new_line = _new_line
    for number, raw in enumerate(raw_lines, start=1):
        content = raw.partition("#")[0].strip()
        if content and number not in skipped:
            yield new_line((number, content))


def _keyword(line: Line) -> tuple[str, str] | None:
    key, colon, value = line.text.partition(":")
    if not colon:
        return None
    return key.strip().lower(), value.strip()


_P = ParamSpec("_P")
_R = TypeVar("_R", covariant=True)


class ShortTextCached(Protocol[_P, _R]):
    """A function decorated by :func:`cached_when_short`: called as before, with
    :func:`functools.lru_cache`'s ``cache_info`` and ``cache_clear``."""

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R: ...

    def cache_info(self) -> Any: ...

    def cache_clear(self) -> None: ...


def cached_when_short(
        maxsize: int, longest: int) -> Callable[[Callable[_P, _R]], ShortTextCached[_P, _R]]:
    """Return a decorator that caches a function of a text (its first argument) like
    :func:`functools.lru_cache`, but only for texts of at most ``longest`` characters: a
    cache keyed by whole lines would otherwise keep up to ``maxsize`` lines of up to 4 MiB
    each alive across the logs of one command (gigabytes from a folder of hostile logs).

    >>> @cached_when_short(maxsize=8, longest=3)
    ... def shout(text):
    ...     return text.upper()
    >>> shout("ab"), shout("abcd"), shout.cache_info().currsize
    ('AB', 'ABCD', 1)
    """
    def decorate(function: Callable[_P, _R]) -> ShortTextCached[_P, _R]:
        cached = lru_cache(maxsize=maxsize)(function)
        plain = cast("Callable[..., _R]", function)

        @wraps(function)
        def call(text: str, *rest: Hashable) -> _R:
            return (cached if len(text) <= longest else plain)(text, *rest)

        vars(call).update(cache_info=cached.cache_info, cache_clear=cached.cache_clear)
        return cast("ShortTextCached[_P, _R]", call)

    return decorate


@cached_when_short(maxsize=256, longest=200)
def parse_rules_line(value: str) -> Rules:
    """Return the :class:`Rules` a ``rules:`` line's value names, e.g. ``classic tiles=12``.
    Cached: a class's logs repeat a few ``rules:`` lines, and rules are immutable.

    Raises :class:`UnknownPresetError` or :class:`OptionError` for a preset, option or
    value the registry does not know, and :class:`LogUnreadableError` for a malformed
    option.
    """
    words = value.split()
    if not words:
        raise LogUnreadableError(gettext("the rules: line names no preset."))
    preset = find_preset(words[0])
    chosen: dict[str, str] = {}
    for word in words[1:]:
        key, equals, setting = word.partition("=")
        if not equals or not key or not setting:
            raise LogUnreadableError(gettext("the rules: option {option} is not written as key=value.").format(
                option=quote(word)))
        chosen[key.lower()] = setting
    return preset.configure(chosen)


_HEADER_KEYS = ("rules", "players", "title")
_CLAIM_KEYS = ("score", "totals", "winner", "loser", "match winner")  # body lines, not play
_PLAY_STARTS = re.compile(r"(turn|game)(\s.*)?", re.IGNORECASE)


def _starts_play(line: Line) -> bool:
    """Return whether ``line`` begins the play, which ends the header (docs/log-format.md: the
    header comes before the first turn, game or placement): a ``turn`` or ``game`` line,
    or a throw or placement (any ``key: value`` line that is not a header line or a claim)."""
    if _PLAY_STARTS.fullmatch(line.text):
        return True
    keyword = _keyword(line)
    return keyword is not None and " ".join(keyword[0].split()) not in _HEADER_KEYS + _CLAIM_KEYS


def read_header(text: str) -> tuple[Header, Body]:
    """Split the meaningful lines of the log ``text`` (:func:`content_lines`) into the
    header and the :class:`Body`, which reads the lines again: neither is ever held
    whole, however long the log.

    The header is the ``rules:``, ``players:`` and optional ``title:`` lines, in any order,
    before the first turn, game or placement; every other line (a ``round`` marker, a claim,
    an unreadable line, and all from the first turn, game or placement on) is the body, in
    order. A second ``title:`` line is a ``syntax`` fault of the header and the first stands
    (docs/log-format.md ruling 8). Raises a :class:`KitgenError` (exit status 2) with one
    sentence when a ``rules:`` or ``players:`` line is missing or repeated, or names an
    unknown preset, option or value, or ill-formed, repeated, too few or too many players.
    """
    found: dict[str, tuple[Line, str]] = {}
    syntax = []
    header_lines: set[int] = set()
    first_play = None
    for line in content_lines(text):
        if _starts_play(line):
            first_play = line
            break
        keyword = _keyword(line)
        if keyword is None or keyword[0] not in _HEADER_KEYS:
            continue  # a body line before the play: read with the body
        header_lines.add(line.number)
        if keyword[0] == "title" and "title" in found:
            syntax.append((line.number, Problem("syntax", "second-title", (("first", found["title"][0].number),))))
        elif keyword[0] in found:
            raise LogUnreadableError(gettext("line {line}: the header has a second {key}: line.").format(
                line=line.number, key=keyword[0]))
        else:
            found[keyword[0]] = (line, keyword[1])
    for key in ("rules", "players"):
        if key not in found:
            if first_play is not None:  # the line the header stopped at may be a misspelt one
                written = first_play.text.partition(":")[0].split(" ", 1)[0]
                if nearest(written, [key]):
                    raise LogUnreadableError(gettext(
                        "the log has no {key}: line in its header (line {line} starts with {written}: "
                        "did you mean {key}:?)."
                    ).format(key=key, line=first_play.number, written=quote(written)))
            raise LogUnreadableError(gettext("the log has no {key}: line in its header.").format(key=key))
    rules_line, rules_value = found["rules"]
    try:
        rules = parse_rules_line(rules_value)
    except KitgenError as error:
        raise LogUnreadableError(gettext("line {line}: {error}").format(line=rules_line.number, error=error)) from None
    players_line, players_value = found["players"]
    try:
        players = parse_names(players_value.split(","))
        check_player_count(rules, len(players))
    except KitgenError as error:
        raise LogUnreadableError(gettext("line {line}: {error}").format(
            line=players_line.number, error=error)) from None
    title = found["title"][1] if "title" in found else None
    return Header(rules, players, title, tuple(syntax)), Body(text, frozenset(header_lines))
