"""Validate a knucklebones log (docs/log-format.md, "Knucklebones"; docs/rules.md section 7).

The body is read line by line into entries (a line that fits no form is one ``syntax``
error and is skipped), then the entries drive :class:`kitgen.games.knucklebones.rules.Match`
as written, collecting every located error:

- ``game <n>`` starts a game (optional before the first; the number is a label and is
  not checked). While a game is being played it is ``turn-order`` and the game is
  abandoned without a result; after the match is decided it is ``extra-turn``. Ruling:
  a ``game`` line before the current game's first placement starts nothing new.
- ``<name>: <face> <column>`` is one placement. After a game has ended and before the
  next ``game`` line, or after the match is decided, it is ``extra-turn`` and otherwise
  ignored (by a name that is not a player, also ``unknown-player``: ruling 5). By the
  wrong seat it is ``turn-order`` and taken as written (the other seat is due next),
  unless the game's next placement is by that same seat again: then the name was the
  slip, and the placement counts as the due seat's (one slip, one error). Each later game
  is due to be started by the seat that did not start the previous one. An unknown name
  is ``unknown-player`` (with the nearest player's name, if one is close) and the
  placement counts as the due player's. Ruling: at the very start of the match, where
  either seat may start, it counts as the seat that did not make the next placement of
  that game (the first seat when that one is unknown too). A face outside 1-6 (``bad-roll``), a bad column
  (``bad-column``) or a full column (``column-full``) leaves the grids unchanged, but
  the turn is used.
- ``score: <name> <n>, ...`` claims totals of the current (or just ended) game's grids,
  for one or both players (a name given twice is ``syntax``); a claim with any wrong
  total is one ``wrong-score`` on its line.
- ``winner: <name> | draw`` claims the result of the game just ended; any claim while no
  game has ended is ``wrong-winner``. ``match winner: <name>`` claims the match result;
  a claim before the match is decided, or ``draw``, is ``wrong-winner``. A name in a
  claim that is not a player is ``unknown-player`` (a player's name wins over ``draw``).
- A log that ends before the match is decided has one ``missing-turn`` error (line
  ``null``) and no winners.

A claim line whose keyword is also a player's name (a player called "Score") is read as
that player's placement when it is written as one.

The results are a :class:`kitgen.games.knucklebones.results.KnucklebonesResults` (its JSON
in that module); :func:`kitgen.games.knucklebones.summary.summarize` turns them into the
few lines the text report prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from kitgen.errors import quote
from kitgen.games.box.rules import NUMBER_MAX_DIGITS
from kitgen.games.knucklebones.results import GameResult, KnucklebonesResults, Outcome
from kitgen.games.knucklebones.rules import (
    FACES,
    Column,
    GridGame,
    Match,
    judge_placement,
    new_match,
    other_seat,
    parse_column,
)
from kitgen.games.knucklebones.summary import summarize
from kitgen.logs.reader import Header, Line, cached_when_short
from kitgen.logs.report import ErrorList, Report
from kitgen.logs.suggest import did_you_mean, nearest_form, not_a_player
from kitgen.rules.names import read_name
from kitgen.text.problems import describe

DRAW = "draw"  # docs/log-format.md, "Knucklebones": winner: <name> | draw
_GAME_LINE = re.compile(r"game\s+[0-9]+", re.IGNORECASE)
_PLACEMENT = re.compile(r"([0-9]+)\s+(\S+)")
_CLAIM_KEYWORDS = ("score", "winner", "match winner")
_CENTRE_WORDS = ("centre", "center", "mid", "c")  # what people write for the middle column


class _Unreadable(Exception):
    """A body line that fits none of the knucklebones forms (its message is one sentence)."""


@dataclass(frozen=True, slots=True)
class _GameLine:
    line: int


@dataclass(frozen=True, slots=True)
class _Placement:
    line: int
    name: str
    face: int
    column: str


@dataclass(frozen=True, slots=True)
class _ScoreClaim:
    line: int
    totals: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class _WinnerClaim:
    line: int
    name: str
    match: bool


_Entry = _GameLine | _Placement | _ScoreClaim | _WinnerClaim


def validate_knucklebones_log(header: Header, body: Iterable[Line], file: str) -> Report:
    """Return the :class:`Report` of a knucklebones log: every located error and the
    results described in this module's docstring (docs/log-format.md, "Knucklebones").

    ``header`` is the log's read header (its rules must be knucklebones), ``body`` the
    meaningful lines after it, ``file`` the name the report carries. Never raises for
    anything written in the body.
    """
    walk = _Walk(header.players, new_match(header.rules))
    entries: list[_Entry] = []
    for line in body:
        try:
            entries.append(_read_entry(line, header.players))
        except _Unreadable as error:
            walk.error(line.number, "syntax", f"{error}{_nearest_form(line.text, header.players)}")
    for index, entry in enumerate(entries):
        # the entries after this one, read lazily from there (islice would step over the
        # ones before it every time: a 3.6 MB log of placements took minutes)
        walk.take(entry, (entries[later] for later in range(index + 1, len(entries))))
    walk.finish()
    results = walk.results()
    return Report(file, header.rules.describe(), walk.errors.kept(), results,
                  summarize(new_match(header.rules).wins_needed, results),
                  header.players, errors_left_out=walk.errors.left_out)


@cached_when_short(maxsize=1024, longest=200)
def _seat_of(name: str, players: tuple[str, ...]) -> int | None:
    """Return the seat of ``name`` among ``players`` (matched ignoring case, typographic
    apostrophes read as ``'``), or ``None`` for a name that is not a player. Cached: every
    placement line names a player, so a log repeats the same few names."""
    wanted = read_name(name).casefold()
    for seat, player in enumerate(players):
        if player.casefold() == wanted:
            return seat
    return None


def _read_entry(line: Line, players: tuple[str, ...]) -> _Entry:
    """Return the entry ``line`` writes; raises :class:`_Unreadable` when it fits no form."""
    if _GAME_LINE.fullmatch(line.text):
        return _GameLine(line.number)
    key, colon, value = line.text.partition(":")
    key, value = " ".join(key.split()), value.strip()
    if not colon or not key:
        raise _Unreadable(f"{quote(line.text)} is not a placement ('<name>: <face> <column>'), "
                          "a claim or a game line.")
    keyword = key.casefold()
    placement = _PLACEMENT.fullmatch(value)
    if keyword in _CLAIM_KEYWORDS and not (placement and _seat_of(key, players) is not None):
        if keyword == "score":
            return _ScoreClaim(line.number, _read_totals(value))
        if not value:
            raise _Unreadable(f"the {keyword}: line names no one.")
        return _WinnerClaim(line.number, value, keyword == "match winner")
    if placement is None:
        raise _Unreadable(f"{quote(line.text)} is not a placement written as "
                          "'<name>: <face> <column>'.")
    return _Placement(line.number, key, _number(placement.group(1)), placement.group(2))


def _nearest_form(text: str, players: tuple[str, ...]) -> str:
    """Return " Did you mean ...?" with the nearest readable form of ``text``, or ``""``:
    a ``:`` put in after a name or keyword, or a placement's face and column swapped."""
    def reads(candidate: str) -> bool:
        try:
            _read_entry(Line(0, candidate), players)
        except _Unreadable:
            return False
        return True

    key, colon, value = text.partition(":")
    words = value.split()
    form = nearest_form(text, reads, ("score", "winner", "game"))
    if form is None and colon and len(words) == 2 and reads(f"{key}: {words[1]} {words[0]}"):
        form = f"{key.strip()}: {words[1]} {words[0]}"
    return f" Did you mean {quote(form)}?" if form else ""


def _read_totals(value: str) -> tuple[tuple[str, int], ...]:
    """Return the ``(name, total)`` pairs of a ``score:`` value such as ``Ana 15, Ben 29``."""
    totals = []
    for part in value.split(","):
        words = part.split()
        if len(words) < 2:
            raise _Unreadable(f"the score: claim {quote(value)} is not written as '<name> <n>, <name> <n>'.")
        totals.append((" ".join(words[:-1]), _number(words[-1])))
    names = [name.casefold() for name, _ in totals]
    if len(set(names)) != len(names):
        raise _Unreadable(f"the score: claim {quote(value)} names a player twice.")
    return tuple(totals)


def _number(text: str) -> int:
    """Return the plain decimal number ``text``; raises :class:`_Unreadable` otherwise."""
    if not re.fullmatch(r"[0-9]+", text):
        raise _Unreadable(f"{quote(text)} is not a number written in plain digits.")
    if len(text) > NUMBER_MAX_DIGITS:  # docs/log-format.md ruling 10
        raise _Unreadable(f"{quote(text)} is too long to be a number on a paper record.")
    return int(text)


@dataclass
class _Walk:
    """The state of one validation: the players, the match as written, the errors so far."""

    players: tuple[str, ...]
    match: Match
    errors: ErrorList = field(default_factory=ErrorList)
    rolls: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    removed: list[int] = field(default_factory=lambda: [0, 0])

    def error(self, line: int | None, code: str, message: str) -> None:
        """Record one located error."""
        self.errors.add(line, code, message)

    def take(self, entry: _Entry, rest: Iterable[_Entry]) -> None:
        """Judge one entry against the match as written; ``rest`` are the entries after it."""
        if isinstance(entry, _GameLine):
            self.game_line(entry)
        elif isinstance(entry, _Placement):
            self.placement(entry, rest)
        elif isinstance(entry, _ScoreClaim):
            self.score_claim(entry)
        elif entry.match:
            self.match_winner_claim(entry)
        else:
            self.winner_claim(entry)

    def game_line(self, entry: _GameLine) -> None:
        """Start a game; a ``game`` line during a game abandons it (``turn-order``)."""
        if self.match.over:
            self.error(entry.line, "extra-turn", f"the match was already won by {self.winner_name()}.")
            return
        game = self.match.game
        if game is not None and game.begun and not game.ended:
            self.error(
                entry.line, "turn-order",
                f"game {self.match.number} had not ended (no grid full); it is abandoned.",
            )
        self.match = self.match.start_game()

    def placement(self, entry: _Placement, rest: Iterable[_Entry]) -> None:
        """Judge one placement and play it as written (docs/log-format.md, "Knucklebones")."""
        if self.match.over or (self.match.game is not None and self.match.game.ended):
            if _seat_of(entry.name, self.players) is None:  # docs/log-format.md ruling 5
                self.error(entry.line, "unknown-player",
                           not_a_player(entry.name, self.players, "it counts for nobody"))
            if self.match.over:
                self.error(entry.line, "extra-turn", f"the match was already won by {self.winner_name()}.")
            else:
                self.error(entry.line, "extra-turn", f"game {self.match.number} has ended; "
                           "a 'game' line must start the next one.")
            return
        if self.match.game is None:
            self.match = self.match.start_game()
        game = self.match.game
        assert game is not None  # start_game has begun one
        seat = self.mover(entry, game, rest)
        if entry.face in FACES:
            self.rolls[seat].append(entry.face)
        problems = judge_placement(game.grids[seat], entry.face, entry.column)
        for problem in problems:
            hint = self.column_hint(entry.column) if problem.code == "bad-column" else ""
            self.error(entry.line, problem.code,
                       f"{self.players[seat]}'s placement: {describe(problem)}{hint}")
        if problems:
            self.match = self.match.use_turn(seat)
        else:
            opposing = game.grids[other_seat(seat)].dice
            self.match = self.match.place(seat, entry.face, parse_column(entry.column))
            placed = self.match.game
            assert placed is not None  # the placement was made in the current game
            self.removed[seat] += opposing - placed.grids[other_seat(seat)].dice

    @staticmethod
    def column_hint(written: str) -> str:
        """Return " Did you mean <column>?" for a column word that is not one, or ``""``."""
        if written.casefold() in _CENTRE_WORDS:
            return f" Did you mean {Column.MIDDLE.label}?"
        return did_you_mean(written, [column.label for column in Column])

    def mover(self, entry: _Placement, game: GridGame, rest: Iterable[_Entry]) -> int:
        """Return the seat a placement counts for, reporting an unknown name or a wrong seat."""
        seat = _seat_of(entry.name, self.players)
        if seat is None:
            seat = game.due if game.due is not None else self.unknown_starter(rest)
            self.error(entry.line, "unknown-player", not_a_player(
                entry.name, self.players, f"the placement counts as {self.players[seat]}'s"))
        elif game.due is not None and seat != game.due:
            due = self.players[game.due]
            if game.begun and self.next_placer(rest) == seat:
                # the same seat places next as well: this placement is the due seat's,
                # written under the other name (one slip, one error)
                self.error(entry.line, "turn-order", f"it was {due}'s turn, and {self.players[seat]} "
                           f"places next as well; the placement counts as {due}'s.")
                return game.due
            why = (f"the seat that did not start game {self.match.number - 1} starts this one"
                   if not game.begun else "placements alternate")
            self.error(entry.line, "turn-order", f"it was {due}'s turn ({why}).")
        return seat

    def next_placer(self, rest: Iterable[_Entry]) -> int | None:
        """Return the seat of the game's next placement, or ``None`` (none, or unknown)."""
        for entry in rest:
            if isinstance(entry, _GameLine):
                return None
            if isinstance(entry, _Placement):
                return _seat_of(entry.name, self.players)
        return None

    def unknown_starter(self, rest: Iterable[_Entry]) -> int:
        """Return the seat an unknown name counts as when either seat may start: the seat
        that did not make the game's next placement (the first seat if that is unknown too)."""
        for entry in rest:
            if isinstance(entry, _GameLine):
                break
            if isinstance(entry, _Placement):
                seat = _seat_of(entry.name, self.players)
                return 0 if seat is None else other_seat(seat)
        return 0

    def score_claim(self, entry: _ScoreClaim) -> None:
        """Check a ``score:`` claim against the current (or just ended) game's totals."""
        totals = self.match.game.totals if self.match.game is not None else (0, 0)
        wrong = []
        for name, claimed in entry.totals:
            seat = _seat_of(name, self.players)
            if seat is None:
                self.error(entry.line, "unknown-player", not_a_player(name, self.players))
            elif totals[seat] != claimed:
                wrong.append(f"{self.players[seat]}'s total is {totals[seat]}, not {claimed}")
        if wrong:
            self.error(entry.line, "wrong-score", "; ".join(wrong) + ".")

    def winner_claim(self, entry: _WinnerClaim) -> None:
        """Check a ``winner:`` claim against the result of the game just ended."""
        claimed = self.claimed_seat(entry)
        if claimed is None:
            return
        game = self.match.game
        if game is None or not game.ended:
            self.error(entry.line, "wrong-winner", "no game has just ended (no grid is full).")
            return
        actual = DRAW if game.drawn else game.winner
        if claimed != actual:
            first, second = game.totals
            result = "a draw" if game.winner is None else f"won by {self.players[game.winner]}"
            self.error(entry.line, "wrong-winner",
                       f"game {self.match.number} was {result}, {first} to {second}.")

    def match_winner_claim(self, entry: _WinnerClaim) -> None:
        """Check a ``match winner:`` claim against the match result."""
        claimed = self.claimed_seat(entry)
        if claimed is None:
            return
        if claimed == DRAW:
            self.error(entry.line, "wrong-winner", "a match never ends in a draw.")
        elif not self.match.over:
            self.error(entry.line, "wrong-winner", "the match is not decided at this point.")
        elif claimed != self.match.winner:
            self.error(entry.line, "wrong-winner", f"the match was won by {self.winner_name()}.")

    def claimed_seat(self, entry: _WinnerClaim) -> int | str | None:
        """Return the seat a winner claim names, :data:`DRAW`, or ``None`` after reporting
        an unknown name (a player's name comes before the word ``draw``)."""
        seat = _seat_of(entry.name, self.players)
        if seat is not None:
            return seat
        if entry.name.casefold() == DRAW:
            return DRAW
        self.error(entry.line, "unknown-player", not_a_player(entry.name, self.players))
        return None

    def winner_name(self) -> str:
        """Return the match winner's name (the match must be decided)."""
        assert self.match.winner is not None
        return self.players[self.match.winner]

    def finish(self) -> None:
        """Report a log that ends before the match is decided (``missing-turn``, line null)."""
        if self.match.over:
            return
        game = self.match.game
        if game is not None and game.begun and not game.ended:
            where = f"during game {self.match.number}, before a grid is full"
        elif not any(earlier.begun for earlier in self.match.games):
            where = "before any placement"
        else:
            wins = ", ".join(f"{name} {count}" for name, count in zip(self.players, self.match.wins, strict=True))
            where = f"before the match is decided (game wins: {wins}; {self.match.wins_needed} needed)"
        self.error(None, "missing-turn", f"the log ends {where}.")

    def results(self) -> KnucklebonesResults:
        """Return the results of the log as read (:class:`KnucklebonesResults`)."""
        players = self.players
        games = tuple(
            GameResult(number, players[game.starter], dict(zip(players, game.totals, strict=True)),
                       self.game_result(game, number), None if game.winner is None else players[game.winner])
            for number, game in enumerate(self.match.games, start=1) if game.starter is not None
        )
        winner = self.match.winner
        return KnucklebonesResults(
            games, dict(zip(players, self.match.wins, strict=True)),
            () if winner is None else (players[winner],), self.match.over,
            {name: tuple(faces) for name, faces in zip(players, self.rolls, strict=True)},
            dict(zip(players, self.removed, strict=True)),
        )

    def game_result(self, game: GridGame, number: int) -> Outcome:
        """Return ``won``, ``draw``, ``abandoned`` or ``unfinished`` for game ``number``."""
        if game.ended:
            return "draw" if game.drawn else "won"
        return "unfinished" if number == self.match.number else "abandoned"
