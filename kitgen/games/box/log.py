"""Validate the body of a Shut the Box log: ``strip``, ``classic``, ``ten``, ``hundred`` and
``long-game`` (LOG-FORMAT.md, "Shut the Box presets" and "What kitgen validate reports").

Every line is read (:func:`parse_line`; a line that is none of the forms is a ``syntax``
error) and judged in order against the rules core: :mod:`kitgen.games.box.rules` for each throw,
:class:`kitgen.games.box.formats.Play` for who plays when and for the result. The reader never
stops at a fault: it reports it on its line and carries on from the state as written (tiles
written that were movable count as moved). How it carries on:

- A ``turn`` line by a known player who is not due is one ``turn-order`` error and the turn
  is theirs; a turn the format has no room for (the game over, the player's turn in this
  round already taken or the player out, a third strip attempt) is one ``extra-turn`` error
  and its lines are ignored. An unknown name is ``unknown-player`` and the turn is the due
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

``Report.results`` fields (JSON):

- ``winners``: list of names, always (empty for solo play or an undecided game);
- ``decided``: whether the game is decided (``false``: the log ends first);
- ``loser`` (``hundred`` only): the name, or ``null`` while undecided;
- ``totals`` (all but ``long-game``): name -> sum of the player's turn scores so far
  (``strip``: both attempts combined; ``hundred``: the running total with resets), ``null``
  for a player with no counted turn;
- ``round_wins`` (``best-of-*`` only, not solo): name -> rounds won; ``round_winners``: the
  winner of each finished round in order, ``null`` for a tied round (no round win);
- ``out`` (``elimination`` only, not solo): name -> the round the player went out in, for
  those out (a solo game is one turn in every format, RULES.md, and is summarized as ``single``);
- ``resets`` (``hundred`` only): one object per turn that shut the box and reset its
  player's running total to 0: ``line`` (of its ``turn`` line), ``player``, ``round``;
- ``turns``: one object per counted turn in log order: ``line`` (of its ``turn`` line),
  ``player`` and, but in the long game, ``score`` with ``attempt`` (``strip``) or ``round``;
  in the long game ``role`` (``closer`` or ``opener``) instead; the long game's winner
  completed the board in the last turn; and ``throws``, the turn's throws as written
  (``"8"``, ``"5+3"``, ``"die 4"``), play after the turn ended left out.

:func:`summarize` turns the results into the few lines the text report prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kitgen.errors import KitgenError, quote
from kitgen.games.box.formats import OPENER, Play, start_play
from kitgen.games.box.rules import (
    NUMBER_MAX_DIGITS,
    Role,
    Throw,
    apply_move,
    finished,
    fresh_box,
    has_move,
    judge_move,
    movable_tiles,
    parse_throw,
    parse_tiles,
    turn_score,
)
from kitgen.games.preset import Rules
from kitgen.logs.reader import Header, Line, cached_when_short
from kitgen.logs.report import ErrorList, Report
from kitgen.logs.suggest import nearest_form, not_a_player
from kitgen.rules.names import read_name
from kitgen.text.problems import describe


@dataclass(frozen=True)
class TurnLine:
    """``turn <name>``: ``name`` as written, ``key`` the name as matched (case-folded)."""

    name: str
    key: str


@dataclass(frozen=True)
class RoundLine:
    """``round <n>``."""

    number: int


@dataclass(frozen=True)
class ThrowLine:
    """``<throw>: <tiles> [= <checked sum>]``; ``tiles`` is ``()`` for no move."""

    throw: Throw
    tiles: tuple[int, ...]
    checked: int | None


@dataclass(frozen=True)
class ScoreClaim:
    """``score: <n>``."""

    score: int


@dataclass(frozen=True)
class TotalsClaim:
    """``totals: <name> <n>, ...`` as ``(name, key, total)`` triples."""

    totals: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WinnerClaim:
    """``winner: <name>, ...`` as ``(name, key)`` pairs; empty for ``winner: none``."""

    names: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class LoserClaim:
    """``loser: <name>`` as ``(name, key)``; ``None`` for ``loser: none``."""

    name: tuple[str, str] | None


@dataclass(frozen=True)
class Unreadable:
    """A line that is none of the forms, and why, in one sentence."""

    message: str


BodyLine = (TurnLine | RoundLine | ThrowLine | ScoreClaim | TotalsClaim | WinnerClaim
            | LoserClaim | Unreadable)


def _number(word: str) -> int | None:
    word = word.strip()
    if word.isascii() and word.isdigit() and len(word) <= NUMBER_MAX_DIGITS:
        return int(word)
    return None


@cached_when_short(maxsize=4096, longest=200)
def _name(text: str) -> tuple[str, str]:
    """Return a name as written and as matched: trimmed, apostrophes read as ``'``,
    case-folded (RULES.md, "Player names"). An ill-formed name simply matches nobody.
    Cached: the logs of one command name the same players on many different lines."""
    name = read_name(text)
    return name, name.casefold()


def _names(text: str) -> tuple[tuple[str, str], ...] | None:
    parts = [part.strip() for part in text.split(",")]
    if not all(parts):
        return None
    return tuple(_name(part) for part in parts)


def _totals(text: str) -> TotalsClaim | Unreadable:
    items = []
    for part in text.split(","):
        words = part.split()
        number = _number(words[-1]) if len(words) > 1 else None
        if number is None:
            return Unreadable(f"totals: {quote(part.strip())} is not a name and a number.")
        items.append((*_name(" ".join(words[:-1])), number))
    return TotalsClaim(tuple(items))


def _claim(key: str, value: str) -> BodyLine:
    if key == "score":
        number = _number(value)
        if number is None:
            return Unreadable(f"score: {quote(value)} is not a number.")
        return ScoreClaim(number)
    if key == "totals":
        return _totals(value)
    if value.lower() == "none":
        return WinnerClaim(()) if key == "winner" else LoserClaim(None)
    names = _names(value)
    if names is None:
        return Unreadable(f"{key}: {quote(value)} is not a list of names.")
    if key == "winner":
        return WinnerClaim(names)
    if len(names) != 1:
        return Unreadable(f"loser: names one player, not {len(names)}.")
    return LoserClaim(names[0])


# Cached: a command's logs write few throws and tile lists in many more different lines
# (2,000 generated logs: 59 throws and 1,451 tile lists in 4,174 throw lines); a Throw
# shared is also one whose text, possible and double are worked out once.
_parse_throw = cached_when_short(maxsize=1024, longest=200)(parse_throw)
_parse_tiles = cached_when_short(maxsize=4096, longest=200)(parse_tiles)


def _throw_line(key: str, value: str) -> BodyLine:
    tiles_text, equals, checked_text = value.partition("=")
    try:
        throw = _parse_throw(key)
        tiles = _parse_tiles(tiles_text)
    except KitgenError as error:
        return Unreadable(str(error))
    checked = None
    if equals:
        checked = _number(checked_text)
        if checked is None:
            return Unreadable(f"the checked sum {quote(checked_text.strip())} is not a number.")
    return ThrowLine(throw, tiles, checked)


_KEYWORDS = ("turn", "round", "score", "totals", "winner", "loser")


def _readable(text: str) -> bool:
    return not isinstance(parse_line(text), Unreadable)


def _unreadable(message: str, text: str) -> Unreadable:
    """Return :class:`Unreadable` with ``message`` and, when one small repair makes ``text``
    readable, "did you mean" that form (never a move: the user's own words)."""
    form = nearest_form(text, _readable, _KEYWORDS)
    return Unreadable(message + (f" Did you mean {quote(form)}?" if form else ""))


@cached_when_short(maxsize=1 << 14, longest=200)
def parse_line(text: str) -> BodyLine:
    """Return what the body line ``text`` (comment and outer spaces removed) says: one of
    the forms of LOG-FORMAT.md's "Shut the Box presets", or :class:`Unreadable` with the
    reason (and the nearest readable form, if a small repair gives one). Never raises.
    Cached: a log repeats its lines.

    >>> parse_line("12: 6 4 2  = 12")
    ThrowLine(throw=Throw(dice=2, faces=(), total=12), tiles=(6, 4, 2), checked=12)
    >>> parse_line("Turn Ana")
    TurnLine(name='Ana', key='ana')
    >>> parse_line("8 8").message
    "'8 8' is not a turn, round, throw or claim line. Did you mean '8: 8'?"
    """
    words = text.split(None, 1)
    word = words[0].lower() if words else ""
    if word == "turn":
        return TurnLine(*_name(words[1])) if len(words) > 1 else Unreadable(
            "a turn line needs the player's name.")
    if word == "round":
        number = _number(words[1]) if len(words) > 1 else None
        return RoundLine(number) if number is not None else Unreadable(
            "a round line needs the round's number.")
    key, colon, value = text.partition(":")
    if not colon:
        return _unreadable(f"{quote(text)} is not a turn, round, throw or claim line.", text)
    key, value = key.strip(), value.strip()
    if key.lower() in ("turn", "round"):
        return _unreadable(f"a {key.lower()} line has no ':'.", text)
    if key.lower() in ("score", "totals", "winner", "loser"):
        return _claim(key.lower(), value)
    if key.lower() in ("rules", "players", "title"):
        return Unreadable(f"a {key.lower()}: line belongs in the header, before the first turn.")
    return _throw_line(key, value)


PLAYING, ENDABLE, ENDED, CLOSED, IGNORED = range(5)  # the stages of a turn block


class _Turn:
    """One turn block as it is read, from its ``turn`` line to the next: the ``turn`` line,
    seat (``None``: nobody's), role, box, stage, the extra turns its doubles have earned
    (long game), whether one of its moves completed the box (shut it; for the opener,
    opened it), the line of its last throw, the line of the throw that ended it, the line
    of a no-move throw that spent an extra turn (when that was its last throw), the box
    before a written move on a throw that had no move (when that was its last throw), and
    its throws as written."""

    __slots__ = ("line", "seat", "role", "box", "stage", "extra", "completed", "last_throw",
                 "ended_at", "spent_at", "revert_to", "throws")

    def __init__(self, line: int, seat: int | None, role: Role, box: int, stage: int) -> None:
        self.line, self.seat, self.role, self.box, self.stage = line, seat, role, box, stage
        self.extra = 0
        self.completed = False
        self.last_throw: int | None = None
        self.ended_at: int | None = None
        self.spent_at: int | None = None
        self.revert_to: int | None = None
        self.throws: list[str] = []


PendingClaim = ScoreClaim | TotalsClaim | RoundLine


class _BoxLogReader:
    """Reads one Shut the Box log body line by line, collecting errors (not part of the
    rules core: it holds the state of one reading)."""

    def __init__(self, header: Header) -> None:
        self.rules = header.rules
        self.players = header.players
        self.seat_of = {name.casefold(): seat for seat, name in enumerate(header.players)}
        self.play: Play = start_play(self.rules, len(header.players))
        self.long = self.rules.format == "long-game"
        self.scored = not self.long
        self.board = fresh_box(self.rules.tiles)
        self.turn: _Turn | None = None
        self.pending: list[tuple[int, PendingClaim]] = []
        self.errors = ErrorList()
        self.turns: list[tuple[int, int, int, int, list[str]]] = []
        self.resets: list[tuple[int, int, int]] = []
        self.winner_claims: list[tuple[int, frozenset[int]]] = []
        self.loser_claims: list[tuple[int, int | None]] = []
        self.handlers: dict[type, Callable[[int, Any], None]] = {
            ThrowLine: self.read_throw, TurnLine: self.read_turn, RoundLine: self.read_round,
            ScoreClaim: self.read_score, TotalsClaim: self.read_totals,
            WinnerClaim: self.read_winner, LoserClaim: self.read_loser,
            Unreadable: self.read_unreadable,
        }

    def error(self, line: int | None, code: str, message: str) -> None:
        self.errors.add(line, code, message)

    def read_unreadable(self, number: int, parsed: Unreadable) -> None:
        self.error(number, "syntax", parsed.message)

    def read_turn(self, number: int, parsed: TurnLine) -> None:
        self.close_turn()
        seat = self.seat_of.get(parsed.key)
        stage = PLAYING
        if seat is None:
            seat = self.play.due
            if self.play.over:
                counts = "it counts for nobody"
            elif seat is None:  # strip: nobody is due
                counts = "the attempt counts for nobody"
            else:
                counts = f"the turn counts as {self.players[seat]}'s, who was due"
            self.error(number, "unknown-player", not_a_player(parsed.name, self.players, counts))
            if self.play.over:
                self.error(number, "extra-turn", "the game was already over.")
                stage = IGNORED
        else:
            admission = self.play.admit(seat)
            if admission != "ok":
                self.error(number, admission, self.admission_message(seat))
                stage = IGNORED if admission == "extra-turn" else PLAYING
        role: Role = "open" if self.long and seat == OPENER else "close"
        box = self.board if self.long else fresh_box(self.rules.tiles)
        self.turn = _Turn(number, seat, role, box, stage)

    def admission_message(self, seat: int) -> str:
        play, name = self.play, self.players[seat]
        if play.over:
            return "the game was already over."
        due = play.due
        if due is not None and (self.long or seat in play.waiting):
            return f"it was {self.players[due]}'s turn, not {name}'s."
        if self.rules.format == "two-attempts":
            return f"{name} has already played both attempts."
        if play.out[seat]:
            return f"{name} went out in round {play.out[seat]}."
        return f"{name} has already had a turn in round {play.round}."

    def read_throw(self, number: int, parsed: ThrowLine) -> None:
        turn = self.turn
        if turn is None:
            self.error(number, "syntax", "a throw comes before any turn line.")
            return
        if turn.stage == IGNORED:
            return
        turn.revert_to = None  # LOG-FORMAT.md ruling 3: the record carries on
        if turn.stage >= ENDED:
            self.error(number, "play-after-end", self.ended_message(turn))
            return
        rules, throw, tiles, box = self.rules, parsed.throw, parsed.tiles, turn.box
        turn.throws.append(throw.text)
        problems = judge_move(rules, box, throw, tiles, turn.role)
        for problem in problems:
            self.error(number, problem.code, describe(problem))
        if self.long and throw.dice == 2 and not throw.faces:
            self.error(number, "dice-needed", "the long game needs both faces of a two-dice "
                       f"throw, not only {throw.total}.")
        if parsed.checked is not None and parsed.checked != sum(tiles):
            self.error(number, "checked-sum", f"the checked sum is {parsed.checked}, the tiles "
                       f"written add up to {sum(tiles)}.")
        if tiles:
            turn.box = apply_move(rules, box, tiles, turn.role)
        if self.long and throw.double:
            turn.extra += 1  # RULES.md section 6: every double earns an extra turn
        turn.last_throw = number
        self.advance(turn, number, box, throw, tiles, bool(problems))

    def advance(self, turn: _Turn, number: int, box: int, throw: Throw, tiles: tuple[int, ...],
                faulty: bool) -> None:
        """Set the stage of ``turn`` after the throw on line ``number`` from ``box`` (RULES.md
        sections 1 and 6): ended when its moves complete the box, or on a no-move throw with
        no extra turn left to spend; endable after a faulty move when no move existed (the
        box before it is kept: LOG-FORMAT.md ruling 3); playing otherwise."""
        turn.spent_at = None
        if tiles and faulty and not has_move(movable_tiles(self.rules, box, turn.role), throw.total):
            turn.revert_to = box
        if turn.box != box and finished(self.rules, turn.box, turn.role):
            turn.completed = True
            turn.stage, turn.ended_at = ENDED, number
        elif not tiles and turn.extra:  # RULES.md section 6: spend one, keep throwing
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
        is judged when the block closes (LOG-FORMAT.md ruling 1)."""
        return self.turn is not None and self.turn.stage < CLOSED

    def read_score(self, number: int, parsed: ScoreClaim) -> None:
        turn = self.turn
        if not self.scored:
            self.error(number, "syntax", "the long game has no scores.")
        elif turn is None:
            self.error(number, "syntax", "a score: line comes before any turn line.")
        elif self.in_turn():
            self.pending.append((number, parsed))

    def read_totals(self, number: int, parsed: TotalsClaim) -> None:
        if not self.scored:
            self.error(number, "syntax", "the long game has no scores.")
        elif self.in_turn():
            self.pending.append((number, parsed))
        else:
            self.judge_totals(number, parsed)

    def read_round(self, number: int, parsed: RoundLine) -> None:
        if self.rules.format in ("two-attempts", "long-game"):
            return  # LOG-FORMAT.md: round markers are ignored in strip and the long game
        if self.in_turn():
            self.pending.append((number, parsed))
        else:
            self.judge_round(number, parsed)

    def judge_totals(self, number: int, parsed: TotalsClaim) -> None:
        wrong = []
        for name, key, claimed in parsed.totals:
            seat = self.seat_of.get(key)
            if seat is None:
                self.error(number, "unknown-player", not_a_player(name, self.players))
            elif self.play.totals[seat] != claimed:
                wrong.append(f"{self.players[seat]}'s total is {self.play.totals[seat]}, "
                             f"not {claimed}")
        if wrong:
            self.error(number, "wrong-total", "; ".join(wrong) + ".")

    def judge_round(self, number: int, parsed: RoundLine) -> None:
        if not self.play.over and parsed.number != self.play.round:  # ruling 9: over, ignored
            self.error(number, "turn-order",
                       f"this is round {self.play.round}, not {parsed.number}.")

    def judge_pending(self, turn: _Turn, after: bool) -> None:
        """Judge the claims and markers of the closing ``turn`` block that stand before its
        last throw (``after`` false: the turn is not yet counted) or after it."""
        for number, parsed in self.pending:
            if (turn.last_throw is None or number > turn.last_throw) != after:
                continue
            if isinstance(parsed, ScoreClaim):
                actual = turn_score(self.rules, turn.box)  # ruling 1: the turn's final score
                if parsed.score != actual:
                    self.error(number, "wrong-score", f"the turn scores {actual}, not {parsed.score}.")
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
                self.error(number, "unknown-player", not_a_player(name, self.players))
                return None
            seats.add(seat)
        return frozenset(seats)

    def read_winner(self, number: int, parsed: WinnerClaim) -> None:
        seats = self.claimed_seats(number, parsed.names)
        if seats is not None:
            self.winner_claims.append((number, seats))

    def read_loser(self, number: int, parsed: LoserClaim) -> None:
        if self.rules.format != "hundred":
            self.error(number, "syntax", "loser: is only for hundred.")
            return
        seats = self.claimed_seats(number, (parsed.name,) if parsed.name else ())
        if seats is not None:
            self.loser_claims.append((number, next(iter(seats), None)))

    def ended_message(self, turn: _Turn) -> str:
        """Return why a throw after ``turn`` ended is not part of it."""
        if turn.completed:
            done = "opened the last shut tile" if turn.role == "open" else "shut the box"
            return f"the throw on line {turn.ended_at} {done}, which ended the turn."
        return f"the turn ended with the no-move throw on line {turn.ended_at}."

    def unfinished_message(self, turn: _Turn) -> str:
        """Return why ``turn``, whose record stops while it is still being played, is unfinished."""
        if turn.last_throw is None:
            return "the turn has no throws."
        if turn.spent_at is not None:
            return (f"the no-move throw on line {turn.spent_at} used up an extra turn earned by "
                    "a double, so the player throws again, but the record stops there.")
        state = "shut" if turn.role == "open" else "open"
        return f"the turn stops with tiles still {state} and no no-move throw."

    def close_turn(self) -> None:
        """End the current turn block: settle its box (ruling 3), report it if unfinished,
        judge its claims and markers (ruling 1) and count it."""
        turn = self.turn
        if turn is None or turn.stage >= CLOSED:
            return
        if turn.revert_to is not None:  # ruling 3: the record stops at a move that had none
            turn.box, turn.completed = turn.revert_to, False
        elif turn.stage == PLAYING:
            self.error(turn.line, "unfinished-turn", self.unfinished_message(turn))
        self.judge_pending(turn, after=False)
        if turn.seat is not None:
            score = turn_score(self.rules, turn.box) if self.scored else 0
            count = (self.play.attempts[turn.seat] + 1 if self.rules.format == "two-attempts"
                     else self.play.round)
            if self.rules.format == "hundred" and turn.completed:
                self.resets.append((turn.line, turn.seat, count))
            self.play = self.play.record(turn.seat, score, turn.completed)
            self.turns.append((turn.line, turn.seat, count, score, turn.throws))
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
                waiting = f" ({self.players[play.due]} is due)"
            else:  # strip: whoever still has an attempt to play
                waiting = f" ({', '.join(self.players[seat] for seat in play.waiting)} to play)"
            self.error(None, "missing-turn", f"the log ends before the game is decided{waiting}.")
        winners = frozenset(play.winners or ())
        for number, seats in self.winner_claims:
            if seats != winners:
                self.error(number, "wrong-winner", self.result_message(winners, "winner"))
        for number, seat in self.loser_claims:
            if seat != play.loser:
                self.error(number, "wrong-winner", self.result_message(
                    frozenset(() if play.loser is None else (play.loser,)), "loser"))

    def result_message(self, seats: frozenset[int], role: str) -> str:
        if not self.play.over:
            return f"the log ends before the game is decided, so it has no {role} yet."
        if not seats:
            return f"there is no {role} (solo play)."
        names = " and ".join(self.players[seat] for seat in sorted(seats))
        return f"the {role}{'s are' if len(seats) > 1 else ' is'} {names}."

    def results(self) -> dict[str, Any]:
        """Return the results object described in this module's docstring."""
        play, names, fmt = self.play, self.players, self.rules.format
        results: dict[str, Any] = {"winners": [names[seat] for seat in play.winners or ()],
                         "decided": play.over}
        if fmt == "hundred":
            results["loser"] = None if play.loser is None else names[play.loser]
        if self.scored:
            results["totals"] = {name: total if turns else None
                                 for name, total, turns in zip(names, play.totals, play.attempts, strict=True)}
        solo = len(names) == 1  # RULES.md: one turn is the whole solo game, whatever the format
        if fmt.startswith("best-of-") and not solo:
            results["round_wins"] = dict(zip(names, play.wins, strict=True))
            results["round_winners"] = [None if seat is None else names[seat]
                                        for seat in play.round_winners]
        if fmt == "elimination" and not solo:
            results["out"] = {name: out for name, out in zip(names, play.out, strict=True) if out}
        if fmt == "hundred":
            results["resets"] = [{"line": line, "player": names[seat], "round": number}
                                 for line, seat, number in self.resets]
        count = "attempt" if fmt == "two-attempts" else "round"
        results["turns"] = [
            {"line": line, "player": names[seat], count: number, "score": score,
             "throws": throws} if self.scored
            else {"line": line, "player": names[seat],
                  "role": "opener" if seat == OPENER else "closer", "throws": throws}
            for line, seat, number, score, throws in self.turns
        ]
        return results


def _and(names: list[str]) -> str:
    """Return ``names`` joined for reading aloud: ``Ana``, ``Ana and Ben``, ``Ana, Ben and Cy``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _figure(value: int | None) -> str:
    return "not played" if value is None else str(value)


def _winner_line(results: dict[str, Any], why: str, shared: str) -> str:
    """Return the line that names the winners and why (``shared`` when several share)."""
    winners = results["winners"]
    if not results["decided"]:
        return "no winner: the log ends before the game is decided"
    if not winners:
        return "no winner: solo play declares none"
    if len(winners) > 1:
        return f"winners: {_and(winners)} ({shared})"
    return f"winner: {winners[0]} ({why})"


def summarize(rules: Rules, results: dict[str, Any]) -> tuple[str, ...]:
    """Return a few short lines that state what decided a Shut the Box game, read off the
    ``results`` of :meth:`_BoxLogReader.results` (so the text and ``--json`` agree).

    >>> from kitgen.games import find_preset
    >>> summarize(find_preset("classic").defaults, {"winners": ["Cy"], "decided": True,
    ...     "totals": {"Ana": 23, "Cy": 21}, "turns": []})
    ('scores: Ana 23, Cy 21', 'winner: Cy (lowest score)')
    """
    fmt, totals, turns = rules.format, results.get("totals", {}), results["turns"]
    figures = ", ".join(f"{name} {_figure(total)}" for name, total in totals.items())
    if fmt == "two-attempts":
        attempts: dict[str, list[int]] = {name: [] for name in totals}
        for turn in turns:
            attempts[turn["player"]].append(turn["score"])
        return (
            "totals: " + ", ".join(
                f"{name} not played" if not scores else
                f"{name} {scores[0]} + {_figure(scores[1] if len(scores) > 1 else None)}"
                + (f" = {totals[name]}" if len(scores) > 1 else "")
                for name, scores in attempts.items()),
            _winner_line(results, "lowest total", "sharing the lowest total"),
        )
    if fmt in ("single", "shut-wins") or len(totals) == 1:  # solo: one turn in every format
        shut = (fmt == "shut-wins" and results["winners"] and turns
                and turns[-1]["score"] == 0 and turns[-1]["player"] in results["winners"])
        why = "shut the box, which ends the game at once" if shut else "lowest score"
        return f"scores: {figures}", _winner_line(results, why, "sharing the lowest score")
    if fmt.startswith("best-of-"):
        rounds = ", ".join(f"{number} {winner or 'none (tied)'}"
                           for number, winner in enumerate(results["round_winners"], start=1))
        wins = ", ".join(f"{name} {count}" for name, count in results["round_wins"].items())
        return (f"round winners: {rounds or 'no round finished yet'}",
                f"round wins: {wins} ({rules.wins_needed} to win)",
                _winner_line(results, f"first to {rules.wins_needed} round wins", ""))
    if fmt == "elimination":
        return _elimination(rules, results)
    if fmt == "hundred":
        loses = "passed 100" if rules.scoring == "sum" else "reached 1000"
        resets = "; ".join(f"{reset['player']} in round {reset['round']} (line {reset['line']})"
                           for reset in results["resets"])
        lines = [f"running totals: {figures}", f"resets to 0: {resets or 'none'}"]
        loser = results["loser"]
        if loser is None:
            lines.append(_winner_line(results, "", ""))
        else:
            lines.append(f"loser: {loser} ({loses} with {totals[loser]}); " + _winner_line(
                results, "lowest total of the others", "sharing the lowest total of the others"))
        return tuple(lines)
    counts: dict[str, int] = {}
    for turn in turns:
        key = f"{turn['player']} ({turn['role']})"
        counts[key] = counts.get(key, 0) + 1
    played = ", ".join(f"{key} {count}" for key, count in counts.items()) or "none"
    why = ""
    if results["winners"]:
        last = turns[-1]
        did = "shut the last open tile" if last["role"] == "closer" else "opened the last shut tile"
        why = f"the {last['role']}, {did} in the turn on line {last['line']}"
    return f"turns: {played}", _winner_line(results, why, "")


def _elimination(rules: Rules, results: dict[str, Any]) -> tuple[str, ...]:
    """Return the summary of an ``elimination`` game: who went out in which round with
    what total, who is still in, and why the winner won."""
    totals, out = results["totals"], results["out"]
    by_round: dict[int, list[str]] = {}
    for name, number in out.items():
        by_round.setdefault(number, []).append(name)
    went_out = "; ".join(
        f"{_and(names)} in round {number} with {_and([str(totals[name]) for name in names])}"
        for number, names in sorted(by_round.items()))
    lines = [f"out: {went_out or 'nobody yet'}"]
    still_in = [name for name in totals if name not in out]
    if still_in:
        lines.append("still in: " + ", ".join(f"{name} {_figure(totals[name])}" for name in still_in))
    last_round = max(by_round, default=0)
    together = f"lowest total of the players who went out together in round {last_round}"
    why = together if results["winners"] and results["winners"][0] in out else "the last player still in"
    lines.append(_winner_line(results, why, f"sharing the {together}"))
    return tuple(lines)


def validate_box_log(header: Header, body: Iterable[Line], file: str) -> Report:
    """Return the :class:`Report` on a Shut the Box log: every error of ``body`` (the lines
    after ``header``) with its line and code, and the results (fields in the module doc),
    as LOG-FORMAT.md specifies. Never raises for anything in the body.
    """
    reader = _BoxLogReader(header)
    handlers = reader.handlers
    for number, text in body:  # each line to its kind's handler: it runs for every line
        parsed = parse_line(text)
        handlers[type(parsed)](number, parsed)
    reader.finish()
    results = reader.results()
    return Report(file, header.rules.describe(), reader.errors.kept(), results,
                  summarize(header.rules, results), header.players,
                  errors_left_out=reader.errors.left_out)
