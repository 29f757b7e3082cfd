"""Validate a knucklebones log (docs/log-format.md, "Knucklebones"; docs/rules.md section 7).

Each line of the body is read (:func:`kitgen.games.knucklebones.lines.read_line`, streamed
by :func:`kitgen.logs.lines.read_entries`; a line that fits no form is one ``syntax`` error
and is skipped) and the entries drive :class:`kitgen.games.knucklebones.rules.Match` as
written, in order, collecting every located error:

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
that player's placement when it is written as one (:mod:`kitgen.games.knucklebones.lines`).

The results are a :class:`kitgen.games.knucklebones.results.KnucklebonesResults` (its JSON
in that module); :func:`kitgen.games.knucklebones.summary.summarize` turns them into the
few lines the text report prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kitgen.games.knucklebones.lines import (
    BodyLine,
    GameLine,
    Placement,
    ScoreClaim,
    WinnerClaim,
    read_line,
    seat_of,
)
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
    slipped_column,
)
from kitgen.games.knucklebones.summary import summarize
from kitgen.logs.lines import Located, SyntaxProblem, read_entries, walk
from kitgen.logs.reader import Body, Header
from kitgen.logs.report import ErrorList, Report
from kitgen.logs.suggest import nearest, not_a_player, read_as_player
from kitgen.rules.problems import Problem
from kitgen.rules.slips import one_slip_from

DRAW = "draw"  # docs/log-format.md, "Knucklebones": winner: <name> | draw
_CENTRE_WORDS = ("centre", "center", "mid")  # what people write for the middle column ("c" is C, the right)


def validate_knucklebones_log(header: Header, body: Body, file: str) -> Report:
    """Return the :class:`Report` of a knucklebones log: every located error and the
    results described in this module's docstring (docs/log-format.md, "Knucklebones").

    ``header`` is the log's read header (its rules must be knucklebones), ``body`` the
    meaningful lines after it, ``file`` the name the report carries. Never raises for
    anything written in the body.
    """
    players = header.players

    def grammar(text: str) -> BodyLine | SyntaxProblem:
        return read_line(text, players)

    match = new_match(header.rules)
    walker = _Walk(players, match, _LookAhead(read_entries(body, grammar)))
    walk(read_entries(body, grammar), walker)
    walker.finish()
    results = walker.results()
    return Report(file, header.rules.describe(), walker.errors.kept(), results,
                  summarize(match.wins_needed, results),
                  header.players, errors_left_out=walker.errors.left_out)


class _LookAhead:
    """Finds the next placement or ``game`` line after a line of the body, in a second
    reading of it that only ever goes forward: the walk stays linear in the log and holds
    no line it has judged, however many placements look ahead."""

    def __init__(self, entries: Iterator[Located[BodyLine | SyntaxProblem]]) -> None:
        self._entries = entries
        self._found: Located[BodyLine | SyntaxProblem] | None = None

    def after(self, line: int) -> Located[BodyLine | SyntaxProblem] | None:
        """Return the first placement or ``game`` line after line ``line`` (``None``: the
        log ends first); ``line`` never goes down from one call to the next."""
        found = self._found
        if found is not None and found.line > line:
            return found  # nothing between line and it: it was the first after an earlier line
        for read in self._entries:
            if read.line > line and isinstance(read.entry, (Placement, GameLine)):
                self._found = read
                return read
        self._found = None
        return None


@dataclass
class _Walk:
    """The state of one validation: the players, the match as written, the look-ahead for
    the next placement, the errors so far."""

    players: tuple[str, ...]
    match: Match
    look_ahead: _LookAhead
    errors: ErrorList = field(default_factory=ErrorList)
    rolls: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    removed: list[int] = field(default_factory=lambda: [0, 0])
    impossible: int = 0

    @property
    def handlers(self) -> dict[type, Callable[[int, Any], None]]:
        """Return the judge of each kind of entry, by its type."""
        return {Placement: self.placement, GameLine: self.game_line, ScoreClaim: self.score_claim,
                WinnerClaim: self.any_winner_claim}

    def any_winner_claim(self, line: int, entry: WinnerClaim) -> None:
        """Check a ``winner:`` or ``match winner:`` claim."""
        if entry.match:
            self.match_winner_claim(line, entry)
        else:
            self.winner_claim(line, entry)

    def game_line(self, line: int, entry: GameLine) -> None:
        """Start a game; a ``game`` line during a game abandons it (``turn-order``)."""
        if self.match.over:
            self.errors.fault(line, "extra-turn", "match-won", winner=self.winner_name())
            return
        game = self.match.game
        if game is not None and game.begun and not game.ended:
            self.errors.fault(line, "turn-order", "game-abandoned", number=self.match.number)
        self.match = self.match.start_game()

    def placement(self, line: int, entry: Placement) -> None:
        """Judge one placement and play it as written (docs/log-format.md, "Knucklebones")."""
        if self.match.over or (self.match.game is not None and self.match.game.ended):
            if seat_of(entry.name, self.players) is None:  # docs/log-format.md ruling 5
                self.errors.add(line, not_a_player(entry.name, self.players, "counts-for-nobody"))
            if self.match.over:
                self.errors.fault(line, "extra-turn", "match-won", winner=self.winner_name())
            else:
                self.errors.fault(line, "extra-turn", "game-ended", number=self.match.number)
            return
        if self.match.game is None:
            self.match = self.match.start_game()
        game = self.match.game
        assert game is not None  # start_game has begun one
        seat = self.mover(line, entry, game)
        if entry.face in FACES:
            self.rolls[seat].append(entry.face)
        else:  # bad-roll: an impossible throw, left out of the session's dice as Shut the Box's are
            self.impossible += 1
        column = slipped_column(entry.column)
        player = self.players[seat]
        if column is not None:  # docs/log-format.md ruling 12: the die goes in that column
            read_as = Problem("bad-column", "read-as", (("text", entry.column), ("column", column.label)))
            self.errors.fault(line, "bad-column", "placement", player=player, fault=read_as)
        problems = judge_placement(game.grids[seat], entry.face, entry.column if column is None else column.label)
        for problem in problems:
            hint = self.column_hint(entry.column) if problem.code == "bad-column" else None
            self.errors.fault(line, problem.code, "placement", player=player, fault=problem, nearest=hint)
        if problems:
            self.match = self.match.use_turn(seat)
        else:
            opposing = game.grids[other_seat(seat)].dice
            self.match = self.match.place(seat, entry.face, parse_column(entry.column) if column is None else column)
            placed = self.match.game
            assert placed is not None  # the placement was made in the current game
            self.removed[seat] += opposing - placed.grids[other_seat(seat)].dice

    @staticmethod
    def column_hint(written: str) -> str | None:
        """Return the column nearest a column word that is not one, or ``None``."""
        if written.casefold() in _CENTRE_WORDS:
            return Column.MIDDLE.label
        return nearest(written, [column.label for column in Column])

    def mover(self, line: int, entry: Placement, game: GridGame) -> int:
        """Return the seat a placement counts for, reporting an unknown name or a wrong seat."""
        seat = seat_of(entry.name, self.players)
        if seat is None:
            seat = one_slip_from(entry.name, self.players)
            if seat is not None:  # docs/log-format.md ruling 12: read as that player's placement
                self.errors.add(line, read_as_player(entry.name, self.players[seat], "placement-read-as"))
        if seat is None:
            seat = game.due if game.due is not None else self.unknown_starter(line)
            self.errors.add(line, not_a_player(entry.name, self.players, "placement-as", player=self.players[seat]))
        elif game.due is not None and seat != game.due:
            due = self.players[game.due]
            if self.next_placer(line) == seat:
                # the same seat places next as well: this placement is the due seat's,
                # written under the other name (one slip, one error)
                self.errors.fault(line, "turn-order", "slip", due=due, player=self.players[seat])
                return game.due
            if game.begun:
                self.errors.fault(line, "turn-order", "alternate", due=due)
            else:
                self.errors.fault(line, "turn-order", "starter", due=due, game=self.match.number - 1)
        return seat

    def next_placement(self, line: int) -> Placement | None:
        """Return the game's next placement after line ``line``, or ``None`` (a ``game``
        line or the end of the log comes first)."""
        found = self.look_ahead.after(line)
        return found.entry if found is not None and isinstance(found.entry, Placement) else None

    def next_placer(self, line: int) -> int | None:
        """Return the seat of the game's next placement after line ``line``, or ``None``
        (none, or unknown)."""
        placement = self.next_placement(line)
        return None if placement is None else self.seat_named(placement.name)

    def seat_named(self, name: str) -> int | None:
        """Return the seat a placement's ``name`` is read as: the player's of that name, or
        of the one name it is one slip from (ruling 12), else ``None``."""
        seat = seat_of(name, self.players)
        return one_slip_from(name, self.players) if seat is None else seat

    def unknown_starter(self, line: int) -> int:
        """Return the seat an unknown name on line ``line`` counts as when either seat may
        start: the seat that did not make the game's next placement (the first seat if that
        is unknown too, or there is none)."""
        seat = self.next_placer(line)
        return 0 if seat is None else other_seat(seat)

    def score_claim(self, line: int, entry: ScoreClaim) -> None:
        """Check a ``score:`` claim against the current (or just ended) game's totals."""
        totals = self.match.game.totals if self.match.game is not None else (0, 0)
        wrong = []
        for name, claimed in entry.totals:
            seat = seat_of(name, self.players)
            if seat is None:
                self.errors.add(line, not_a_player(name, self.players))
            elif totals[seat] != claimed:
                wrong.append((self.players[seat], totals[seat], claimed))
        if wrong:
            self.errors.fault(line, "wrong-score", "totals", totals=tuple(wrong))

    def winner_claim(self, line: int, entry: WinnerClaim) -> None:
        """Check a ``winner:`` claim against the result of the game just ended."""
        claimed = self.claimed_seat(line, entry)
        if claimed is None:
            return
        game = self.match.game
        if game is None or not game.ended:
            self.errors.fault(line, "wrong-winner", "no-game-ended")
            return
        actual = DRAW if game.drawn else game.winner
        if claimed != actual:
            first, second = game.totals
            if game.winner is None:
                self.errors.fault(line, "wrong-winner", "game-draw", number=self.match.number,
                                  first=first, second=second)
            else:
                self.errors.fault(line, "wrong-winner", "game-won", number=self.match.number,
                           winner=self.players[game.winner], first=first, second=second)

    def match_winner_claim(self, line: int, entry: WinnerClaim) -> None:
        """Check a ``match winner:`` claim against the match result."""
        claimed = self.claimed_seat(line, entry)
        if claimed is None:
            return
        if claimed == DRAW:
            self.errors.fault(line, "wrong-winner", "match-draw")
        elif not self.match.over:
            self.errors.fault(line, "wrong-winner", "match-undecided")
        elif claimed != self.match.winner:
            self.errors.fault(line, "wrong-winner", "match-won", winner=self.winner_name())

    def claimed_seat(self, line: int, entry: WinnerClaim) -> int | str | None:
        """Return the seat a winner claim names, :data:`DRAW`, or ``None`` after reporting
        an unknown name (a player's name comes before the word ``draw``)."""
        seat = seat_of(entry.name, self.players)
        if seat is not None:
            return seat
        if entry.name.casefold() == DRAW:
            return DRAW
        self.errors.add(line, not_a_player(entry.name, self.players))
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
            self.errors.fault(None, "missing-turn", "during-game", number=self.match.number)
        elif not any(earlier.begun for earlier in self.match.games):
            self.errors.fault(None, "missing-turn", "before-placement")
        else:
            self.errors.fault(None, "missing-turn", "match-undecided", needed=self.match.wins_needed,
                       wins=tuple(zip(self.players, self.match.wins, strict=True)))

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
            dict(zip(players, self.removed, strict=True)), self.impossible,
        )

    def game_result(self, game: GridGame, number: int) -> Outcome:
        """Return ``won``, ``draw``, ``abandoned`` or ``unfinished`` for game ``number``."""
        if game.ended:
            return "draw" if game.drawn else "won"
        return "unfinished" if number == self.match.number else "abandoned"
