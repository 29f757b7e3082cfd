"""Validate the body of a Shut the Box log: ``strip``, ``classic``, ``ten``, ``hundred`` and
``long-game`` (docs/log-format.md, "Shut the Box presets" and "What kitgen validate reports").

Every line is read (:func:`kitgen.games.box.lines.read_line`, streamed by
:func:`kitgen.logs.lines.read_entries`; a line that is none of the forms is a ``syntax``
error) and judged in order against the rules core: :mod:`kitgen.games.box.rules` for each throw,
:class:`kitgen.games.box.formats.Play` for who plays when and for the result. The reader never
stops at a fault: it reports it on its line and carries on from the state as written (tiles
written that were movable count as moved). How it carries on:

- A ``turn`` line by a known player who is not due is one ``turn-order`` error and the turn
  is theirs; a turn the format has no room for (the game over, the player's turn in this
  round already taken or the player out, a third strip attempt) is one ``extra-turn`` error
  and its lines are ignored. An unknown name is ``unknown-player``; one slip from exactly
  one player's name (ruling 12) it is read as that player's turn, otherwise it is the due
  player's (in ``strip`` nobody's: judged, not counted).
- A turn ends with its no-move throw (or, in the long game, a no-move throw with no extra
  turn left to spend), or as soon as its moves complete the box. A throw after that is
  ``play-after-end`` and otherwise ignored. A written move on a throw that had no move
  (ruling 3): if the record carries on, so does the turn, from the box as written; if the
  record stops there, the turn ended with the box as it stood before that throw.
- A turn block runs from its ``turn`` line to the next ``turn`` line (or the end of the log);
  it is scored and counted when it closes. Claims and ``round`` markers inside it do not end
  it (ruling 1): ``score:`` is checked against the turn's final score; ``totals:`` and
  ``round`` count the turn as finished only when none of its throws follows them. A block
  that stops with the turn still going is ``unfinished-turn`` (on its ``turn`` line) and
  counts as it stands. ``winner:`` and ``loser:`` are checked against the final result. A
  log that ends before its game is decided gets one ``missing-turn`` (line ``null``).

The results are a :class:`kitgen.games.box.results.BoxResults` (its JSON in that module).

:func:`kitgen.games.box.summary.summarize` turns the results into the few lines the text
report prints; :mod:`kitgen.games.box.lines` reads each line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kitgen.games.box.formats import OPENER, Play, start_play
from kitgen.games.box.lines import (
    LoserClaim,
    RoundLine,
    ScoreClaim,
    ThrowLine,
    TotalsClaim,
    TurnLine,
    WinnerClaim,
    read_line,
)
from kitgen.games.box.presets import box_rules
from kitgen.games.box.results import BoxResults, BoxTurn, HundredResult, Reset, RoundWins
from kitgen.games.box.rules import (
    Role,
    Throw,
    apply_move,
    finished,
    fresh_box,
    judge_move,
    movable_tiles,
    throw_has_move,
    turn_score,
)
from kitgen.games.box.summary import summarize
from kitgen.logs.lines import read_entries, walk
from kitgen.logs.reader import Body, Header
from kitgen.logs.report import ErrorList, Report
from kitgen.logs.suggest import not_a_player, read_as_player
from kitgen.rules.names import name_key
from kitgen.rules.problems import Problem
from kitgen.rules.slips import one_slip_from

PLAYING, ENDABLE, ENDED, CLOSED, IGNORED = range(5)  # the stages of a turn block


class _Turn:
    """One turn block as it is read, from its ``turn`` line to the next: the ``turn`` line,
    seat (``None``: nobody's), role, box, stage, the extra turns its doubles have earned
    (long game), whether one of its moves completed the box (shut it; for the opener,
    opened it), the line of its last throw, the line of the throw that ended it, the line
    of a no-move throw that spent an extra turn (when that was its last throw), the box
    before a written move on a throw that had no move (when that was its last throw), and
    its throws as written with the tiles written after each (none for a no-move)."""

    __slots__ = ("line", "seat", "role", "box", "stage", "extra", "completed", "last_throw",
                 "ended_at", "spent_at", "revert_to", "throws", "shut")

    def __init__(self, line: int, seat: int | None, role: Role, box: int, stage: int) -> None:
        self.line, self.seat, self.role, self.box, self.stage = line, seat, role, box, stage
        self.extra = 0
        self.completed = False
        self.last_throw: int | None = None
        self.ended_at: int | None = None
        self.spent_at: int | None = None
        self.revert_to: int | None = None
        self.throws: list[Throw] = []
        self.shut: list[tuple[int, ...]] = []


PendingClaim = ScoreClaim | TotalsClaim | RoundLine


class _BoxLogReader:
    """Reads one Shut the Box log body line by line, collecting errors (not part of the
    rules core: it holds the state of one reading)."""

    def __init__(self, header: Header) -> None:
        self.rules = box_rules(header.rules)
        self.players = header.players
        self.seat_of = {name_key(name): seat for seat, name in enumerate(header.players)}
        self.play: Play = start_play(self.rules, len(header.players))
        self.long = self.rules.format == "long-game"
        self.scored = not self.long
        self.board = fresh_box(self.rules.tiles)
        self.turn: _Turn | None = None
        self.pending: list[tuple[int, PendingClaim]] = []
        self.errors = ErrorList()
        self.turns: list[BoxTurn] = []
        self.resets: list[Reset] = []
        self.winner_claims: list[tuple[int, frozenset[int]]] = []
        self.loser_claims: list[tuple[int, int | None]] = []
        self.handlers: dict[type, Callable[[int, Any], None]] = {
            ThrowLine: self.read_throw, TurnLine: self.read_turn, RoundLine: self.read_round,
            ScoreClaim: self.read_score, TotalsClaim: self.read_totals,
            WinnerClaim: self.read_winner, LoserClaim: self.read_loser,
        }

    def read_turn(self, number: int, parsed: TurnLine) -> None:
        self.close_turn()
        seat = self.seat_of.get(parsed.key)
        stage = PLAYING
        if seat is None:
            seat = one_slip_from(parsed.name, self.players)
            if seat is not None:  # docs/log-format.md ruling 12: read as that player's turn
                reason = "attempt-read-as" if self.rules.format == "two-attempts" else "turn-read-as"
                self.errors.add(number, read_as_player(parsed.name, self.players[seat], reason))
        if seat is None:
            seat = self.play.due
            if self.play.over:
                self.errors.add(number, not_a_player(parsed.name, self.players, "counts-for-nobody"))
            elif seat is None:  # strip: nobody is due
                self.errors.add(number, not_a_player(parsed.name, self.players, "attempt-for-nobody"))
            else:
                self.errors.add(number, not_a_player(parsed.name, self.players, "turn-of-due",
                                                due=self.players[seat]))
            if self.play.over:
                self.errors.fault(number, "extra-turn", "game-over")
                stage = IGNORED
        else:
            admission = self.play.admit(seat)
            if admission != "ok":
                self.errors.add(number, self.admission_problem(admission, seat))
                stage = IGNORED if admission == "extra-turn" else PLAYING
        role: Role = "open" if self.long and seat == OPENER else "close"
        box = self.board if self.long else fresh_box(self.rules.tiles)
        self.turn = _Turn(number, seat, role, box, stage)

    def admission_problem(self, admission: str, seat: int) -> Problem:
        """Return why a turn by ``seat`` is not admitted (``admission``: its error code)."""
        play, name = self.play, self.players[seat]
        if play.over:
            return Problem(admission, "game-over")
        due = play.due
        if due is not None and (self.long or seat in play.waiting):
            return Problem(admission, "not-due", (("due", self.players[due]), ("name", name)))
        if self.rules.format == "two-attempts":
            return Problem(admission, "both-attempts", (("name", name),))
        if play.out[seat]:
            return Problem(admission, "went-out", (("name", name), ("round", play.out[seat])))
        return Problem(admission, "had-turn", (("name", name), ("round", play.round)))

    def read_throw(self, number: int, parsed: ThrowLine) -> None:
        turn = self.turn
        if turn is None:
            self.errors.fault(number, "syntax", "throw-before-turn")
            return
        if turn.stage == IGNORED:
            return
        turn.revert_to = None  # docs/log-format.md ruling 3: the record carries on
        if turn.stage >= ENDED:
            self.errors.add(number, self.ended_problem(turn))
            return
        rules, throw, tiles, box = self.rules, parsed.throw, parsed.tiles, turn.box
        turn.throws.append(throw)
        turn.shut.append(tiles)
        problems = judge_move(rules, box, throw, tiles, turn.role)
        for problem in problems:
            self.errors.add(number, problem)
        if self.long and throw.dice == 2 and not throw.faces:
            self.errors.fault(number, "dice-needed", "faces", total=throw.total)
        if parsed.checked is not None and parsed.checked != sum(tiles):
            self.errors.fault(number, "checked-sum", "sum", checked=parsed.checked, sum=sum(tiles))
        if tiles:
            turn.box = apply_move(rules, box, tiles, turn.role)
        if self.long and throw.double:
            turn.extra += 1  # docs/rules.md section 6: every double earns an extra turn
        turn.last_throw = number
        self.advance(turn, number, box, throw, tiles, bool(problems))

    def advance(self, turn: _Turn, number: int, box: int, throw: Throw, tiles: tuple[int, ...],
                faulty: bool) -> None:
        """Set the stage of ``turn`` after the throw on line ``number`` from ``box`` (docs/rules.md
        sections 1 and 6): ended when its moves complete the box, or on a no-move throw with
        no extra turn left to spend; endable after a faulty move when no move existed (the
        box before it is kept: docs/log-format.md ruling 3); playing otherwise."""
        turn.spent_at = None
        if tiles and faulty and not throw_has_move(self.rules, movable_tiles(self.rules, box, turn.role), throw):
            turn.revert_to = box
        if turn.box != box and finished(self.rules, turn.box, turn.role):
            turn.completed = True
            turn.stage, turn.ended_at = ENDED, number
        elif not tiles and turn.extra:  # docs/rules.md section 6: spend one, keep throwing
            turn.extra -= 1
            turn.stage, turn.spent_at = PLAYING, number
        elif not tiles:
            turn.stage, turn.ended_at = ENDED, number
        elif turn.revert_to is not None:
            turn.stage = ENDABLE
        else:
            turn.stage = PLAYING

    def in_turn(self) -> bool:
        """Return whether a counted turn block is open, so that a claim or marker read now
        is judged when the block closes (docs/log-format.md ruling 1)."""
        return self.turn is not None and self.turn.stage < CLOSED

    def read_score(self, number: int, parsed: ScoreClaim) -> None:
        turn = self.turn
        if not self.scored:
            self.errors.fault(number, "syntax", "long-game-scores")
        elif turn is None:
            self.errors.fault(number, "syntax", "score-before-turn")
        elif self.in_turn():
            self.pending.append((number, parsed))

    def read_totals(self, number: int, parsed: TotalsClaim) -> None:
        if not self.scored:
            self.errors.fault(number, "syntax", "long-game-scores")
        elif self.in_turn():
            self.pending.append((number, parsed))
        else:
            self.judge_totals(number, parsed)

    def read_round(self, number: int, parsed: RoundLine) -> None:
        if self.rules.format in ("two-attempts", "long-game"):
            return  # docs/log-format.md: round markers are ignored in strip and the long game
        if self.in_turn():
            self.pending.append((number, parsed))
        else:
            self.judge_round(number, parsed)

    def judge_totals(self, number: int, parsed: TotalsClaim) -> None:
        wrong = []
        for name, key, claimed in parsed.totals:
            seat = self.seat_of.get(key)
            if seat is None:
                self.errors.add(number, not_a_player(name, self.players))
            elif self.play.totals[seat] != claimed:
                wrong.append((self.players[seat], self.play.totals[seat], claimed))
        if wrong:
            self.errors.fault(number, "wrong-total", "totals", totals=tuple(wrong))

    def judge_round(self, number: int, parsed: RoundLine) -> None:
        if not self.play.over and parsed.number != self.play.round:  # ruling 9: over, ignored
            self.errors.fault(number, "turn-order", "round", round=self.play.round, written=parsed.number)

    def judge_pending(self, turn: _Turn, after: bool) -> None:
        """Judge the claims and markers of the closing ``turn`` block that stand before its
        last throw (``after`` false: the turn is not yet counted) or after it."""
        for number, parsed in self.pending:
            if (turn.last_throw is None or number > turn.last_throw) != after:
                continue
            if isinstance(parsed, ScoreClaim):
                actual = turn_score(self.rules, turn.box)  # ruling 1: the turn's final score
                if parsed.score != actual:
                    self.errors.fault(number, "wrong-score", "turn", score=actual, claimed=parsed.score)
            elif isinstance(parsed, TotalsClaim):
                self.judge_totals(number, parsed)
            else:
                self.judge_round(number, parsed)

    def claimed_seats(self, number: int,
                      names: tuple[tuple[str, str], ...]) -> frozenset[int] | None:
        seats = set()
        for name, key in names:
            seat = self.seat_of.get(key)
            if seat is None:
                self.errors.add(number, not_a_player(name, self.players))
                return None
            seats.add(seat)
        return frozenset(seats)

    def read_winner(self, number: int, parsed: WinnerClaim) -> None:
        seats = self.claimed_seats(number, parsed.names)
        if seats is not None:
            self.winner_claims.append((number, seats))

    def read_loser(self, number: int, parsed: LoserClaim) -> None:
        if self.rules.format != "hundred":
            self.errors.fault(number, "syntax", "loser-not-hundred")
            return
        seats = self.claimed_seats(number, (parsed.name,) if parsed.name else ())
        if seats is not None:
            self.loser_claims.append((number, next(iter(seats), None)))

    @staticmethod
    def ended_problem(turn: _Turn) -> Problem:
        """Return why a throw after ``turn`` ended is not part of it."""
        if turn.completed:
            reason = "opened-last" if turn.role == "open" else "shut-box"
        else:
            reason = "no-move"
        return Problem("play-after-end", reason, (("line", turn.ended_at),))

    @staticmethod
    def unfinished_problem(turn: _Turn) -> Problem:
        """Return why ``turn``, whose record stops while it is still being played, is unfinished."""
        if turn.last_throw is None:
            return Problem("unfinished-turn", "no-throws")
        if turn.spent_at is not None:
            return Problem("unfinished-turn", "extra-turn-spent", (("line", turn.spent_at),))
        return Problem("unfinished-turn", "tiles-shut" if turn.role == "open" else "tiles-open")

    def close_turn(self) -> None:
        """End the current turn block: settle its box (ruling 3), report it if unfinished,
        judge its claims and markers (ruling 1) and count it."""
        turn = self.turn
        if turn is None or turn.stage >= CLOSED:
            return
        if turn.revert_to is not None:  # ruling 3: the record stops at a move that had none
            turn.box, turn.completed = turn.revert_to, False
        elif turn.stage == PLAYING:
            self.errors.add(turn.line, self.unfinished_problem(turn))
        self.judge_pending(turn, after=False)
        if turn.seat is not None:
            score = turn_score(self.rules, turn.box) if self.scored else 0
            count = (self.play.attempts[turn.seat] + 1 if self.rules.format == "two-attempts"
                     else self.play.round)
            if self.rules.format == "hundred" and turn.completed:
                self.resets.append(Reset(turn.line, self.players[turn.seat], count))
            self.play = self.play.record(turn.seat, score, turn.completed)
            self.turns.append(self.turn_record(turn, turn.seat, count, score))
        self.board = turn.box
        turn.stage = CLOSED
        self.judge_pending(turn, after=True)
        self.pending.clear()

    def finish(self) -> None:
        """Close the last turn, report a missing turn and check the result claims."""
        self.close_turn()
        play = self.play
        if not play.over:
            if play.due is not None:
                self.errors.fault(None, "missing-turn", "due", due=self.players[play.due])
            else:  # strip: whoever still has an attempt to play
                self.errors.fault(None, "missing-turn", "to-play",
                           players=tuple(self.players[seat] for seat in play.waiting))
        winners = frozenset(play.winners or ())
        for number, seats in self.winner_claims:
            if seats != winners:
                self.errors.add(number, self.result_problem(winners, "winner"))
        for number, seat in self.loser_claims:
            if seat != play.loser:
                self.errors.add(number, self.result_problem(
                    frozenset(() if play.loser is None else (play.loser,)), "loser"))

    def result_problem(self, seats: frozenset[int], role: str) -> Problem:
        """Return the ``wrong-winner`` problem stating who the ``role`` (``winner`` or
        ``loser``) is: ``seats``."""
        winner = role == "winner"
        if not self.play.over:
            return Problem("wrong-winner", "undecided-winner" if winner else "undecided-loser")
        if not seats:
            return Problem("wrong-winner", "solo-winner" if winner else "solo-loser")
        return Problem("wrong-winner", role, (("names", tuple(self.players[seat] for seat in sorted(seats))),))

    def results(self) -> BoxResults:
        """Return the results of the log as read (:class:`BoxResults`)."""
        play, names, fmt = self.play, self.players, self.rules.format
        solo = len(names) == 1  # docs/rules.md: one turn is the whole solo game, whatever the format
        totals = rounds = out = hundred = None
        if self.scored:
            totals = {name: total if turns else None
                      for name, total, turns in zip(names, play.totals, play.attempts, strict=True)}
        if fmt.startswith("best-of-") and not solo:
            rounds = RoundWins(dict(zip(names, play.wins, strict=True)),
                               tuple(None if seat is None else names[seat] for seat in play.round_winners))
        if fmt == "elimination" and not solo:
            out = {name: number for name, number in zip(names, play.out, strict=True) if number}
        if fmt == "hundred":
            hundred = HundredResult(None if play.loser is None else names[play.loser], tuple(self.resets))
        return BoxResults(tuple(names[seat] for seat in play.winners or ()), play.over,
                          tuple(self.turns), totals, rounds, out, hundred)

    def turn_record(self, turn: _Turn, seat: int, number: int, score: int) -> BoxTurn:
        """Return the record of the counted ``turn``, played by ``seat`` as its attempt or
        round ``number``, which scored ``score``."""
        line, player, throws, shut = turn.line, self.players[seat], tuple(turn.throws), tuple(turn.shut)
        if not self.scored:
            return BoxTurn(line, player, throws, role="opener" if seat == OPENER else "closer", shut=shut)
        if self.rules.format == "two-attempts":
            return BoxTurn(line, player, throws, score, attempt=number, shut=shut)
        return BoxTurn(line, player, throws, score, round=number, shut=shut)


def validate_box_log(header: Header, body: Body, file: str) -> Report:
    """Return the :class:`Report` on a Shut the Box log: every error of ``body`` (the lines
    after ``header``) with its line and code, and the results (:class:`BoxResults`),
    as docs/log-format.md specifies. Never raises for anything in the body.
    """
    reader = _BoxLogReader(header)
    walk(read_entries(body, read_line), reader)
    reader.finish()
    results = reader.results()
    return Report(file, header.rules.describe(), reader.errors.kept(), results,
                  summarize(reader.rules, results), header.players,
                  errors_left_out=reader.errors.left_out)


class BoxLogWalk(_BoxLogReader):
    """A Shut the Box log walked line by line as it is written, for the live table
    (:mod:`kitgen.games.box.live`): the walker of :func:`validate_box_log` itself, fed one
    line at a time, so the live game's turns, rounds and results are the validator's."""

    def line(self, number: int, text: str) -> None:
        """Walk the body line ``text``, line ``number`` of the log (one of its forms)."""
        parsed = read_line(text)
        self.handlers[type(parsed)](number, parsed)

    def close(self) -> bool:
        """Close the turn block read last and return whether one was still open."""
        closing = self.turn is not None and self.turn.stage < CLOSED
        self.close_turn()
        return closing

    @property
    def turn_over(self) -> bool:
        """Return whether no turn is in play: none begun yet, or the last one ended."""
        return self.turn is None or self.turn.stage >= ENDED

    @property
    def turn_box(self) -> int:
        """Return the box of the turn in play (as its last throw left it)."""
        return self.board if self.turn is None else self.turn.box

    @property
    def extra_turns(self) -> int:
        """Return the extra turns the turn in play holds (the long game's doubles)."""
        return 0 if self.turn is None else self.turn.extra

    @property
    def faults(self) -> tuple[Problem, ...]:
        """Return the problems found so far (none for a log of right claims)."""
        return tuple(error.problem for error in self.errors.kept())
