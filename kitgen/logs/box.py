"""Validate the body of a Shut the Box log: ``strip``, ``classic``, ``ten``, ``hundred`` and
``long-game`` (LOG-FORMAT.md, "Shut the Box presets" and "What kitgen validate reports").

Every line is read (:func:`parse_line`; a line that is none of the forms is a ``syntax``
error) and judged in order against the rules core: :mod:`kitgen.rules.box` for each throw,
:class:`kitgen.rules.formats.Play` for who plays when and for the result. The reader never
stops at a fault: it reports it on its line and carries on from the state as written (tiles
written that were movable count as moved). How it carries on:

- A ``turn`` line by a known player who is not due is one ``turn-order`` error and the turn
  is theirs; a turn the format has no room for (the game over, the player's turn in this
  round already taken or the player out, a third strip attempt) is one ``extra-turn`` error
  and its lines are ignored. An unknown name is ``unknown-player`` and the turn is the due
  player's (in ``strip`` nobody's: judged, not counted).
- A turn ends with its no-move throw (or, in the long game, a no-move throw with no extra
  turn left to spend), or as soon as its moves complete the box. A throw after that is
  ``play-after-end`` and otherwise ignored. A throw whose written tiles are not a move when
  no move existed may be the turn's last: if the record carries on, so does the turn.
- A turn is scored and recorded when its block ends: at the next ``turn`` or ``round`` line,
  at a ``totals:``, ``winner:`` or ``loser:`` claim, or at the end of the log. A block that
  stops with the turn still going is ``unfinished-turn`` (on its ``turn`` line) and counts
  as it stands.
- ``score:`` is checked against the turn's box as it stands at that line; ``totals:`` against
  the totals so far; ``winner:`` and ``loser:`` against the final result. A log that ends
  before its game is decided gets one ``missing-turn`` (line ``null``) and no winners.

``Report.results`` fields (JSON):

- ``winners``: list of names, always (empty for solo play or an undecided game);
- ``loser`` (``hundred`` only): the name, or ``null`` while undecided;
- ``totals`` (all but ``long-game``): name -> sum of the player's turn scores so far
  (``strip``: both attempts combined; ``hundred``: the running total with resets);
- ``round_wins`` (``best-of-*`` only): name -> rounds won;
- ``out`` (``elimination`` only): name -> the round the player went out in, for those out;
- ``turns``: one object per counted turn in log order: ``line`` (of its ``turn`` line),
  ``player`` and, but in the long game, ``score`` with ``attempt`` (``strip``) or ``round``;
  in the long game ``role`` (``closer`` or ``opener``) instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from kitgen.errors import KitgenError
from kitgen.logs.reader import Header, Line
from kitgen.logs.report import LogError, Report, sort_errors
from kitgen.rules.box import (
    NUMBER_MAX_DIGITS, Throw, apply_move, finished, fresh_box, has_move, judge_move,
    movable_tiles, parse_throw, parse_tiles, quote, turn_score,
)
from kitgen.rules.formats import OPENER, Play, start_play
from kitgen.rules.names import read_name


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


def _name(text: str) -> tuple[str, str]:
    """Return a name as written and as matched: trimmed, apostrophes read as ``'``,
    case-folded (RULES.md, "Player names"). An ill-formed name simply matches nobody."""
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


def _throw_line(key: str, value: str) -> BodyLine:
    tiles_text, equals, checked_text = value.partition("=")
    try:
        throw = parse_throw(key)
        tiles = parse_tiles(tiles_text)
    except KitgenError as error:
        return Unreadable(str(error))
    checked = None
    if equals:
        checked = _number(checked_text)
        if checked is None:
            return Unreadable(f"the checked sum {quote(checked_text.strip())} is not a number.")
    return ThrowLine(throw, tiles, checked)


@lru_cache(maxsize=1 << 14)
def parse_line(text: str) -> BodyLine:
    """Return what the body line ``text`` (comment and outer spaces removed) says: one of
    the forms of LOG-FORMAT.md's "Shut the Box presets", or :class:`Unreadable` with the
    reason. Never raises. Cached: a log repeats its lines.

    >>> parse_line("12: 6 4 2  = 12")
    ThrowLine(throw=Throw(dice=2, faces=(), total=12), tiles=(6, 4, 2), checked=12)
    >>> parse_line("Turn Ana")
    TurnLine(name='Ana', key='ana')
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
        return Unreadable(f"{quote(text)} is not a turn, round, throw or claim line.")
    key, value = key.strip(), value.strip()
    if key.lower() in ("score", "totals", "winner", "loser"):
        return _claim(key.lower(), value)
    if key.lower() in ("rules", "players", "title"):
        return Unreadable(f"a {key.lower()}: line belongs in the header, before the first turn.")
    return _throw_line(key, value)


PLAYING, ENDABLE, ENDED, CLOSED, IGNORED = range(5)  # the stages of a turn block


class _Turn:
    """One turn block as it is read: its ``turn`` line, seat (``None``: nobody's), role,
    box, stage, the extra turns its doubles have earned (long game), and whether one of its
    moves completed the box (shut it; for the opener, opened it)."""

    __slots__ = ("line", "seat", "role", "box", "stage", "extra", "completed")

    def __init__(self, line: int, seat: int | None, role: str, box: int, stage: int) -> None:
        self.line, self.seat, self.role, self.box, self.stage = line, seat, role, box, stage
        self.extra = 0
        self.completed = False


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
        self.errors: list[LogError] = []
        self.turns: list[tuple[int, int, int, int]] = []
        self.winner_claims: list[tuple[int, frozenset[int]]] = []
        self.loser_claims: list[tuple[int, int | None]] = []
        self.handlers = {
            ThrowLine: self.read_throw, TurnLine: self.read_turn, RoundLine: self.read_round,
            ScoreClaim: self.read_score, TotalsClaim: self.read_totals,
            WinnerClaim: self.read_winner, LoserClaim: self.read_loser,
            Unreadable: self.read_unreadable,
        }

    def error(self, line: int | None, code: str, message: str) -> None:
        self.errors.append(LogError(line, code, message))

    def read(self, line: Line) -> None:
        parsed = parse_line(line.text)
        self.handlers[type(parsed)](line.number, parsed)

    def read_unreadable(self, number: int, parsed: Unreadable) -> None:
        self.error(number, "syntax", parsed.message)

    def read_turn(self, number: int, parsed: TurnLine) -> None:
        self.close_turn()
        seat = self.seat_of.get(parsed.key)
        stage = PLAYING
        if seat is None:
            self.error(number, "unknown-player", f"{parsed.name!r} is not in the players: line.")
            seat = self.play.due
            if self.play.over:
                self.error(number, "extra-turn", "the game was already over.")
                stage = IGNORED
        else:
            admission = self.play.admit(seat)
            if admission != "ok":
                self.error(number, admission, self.admission_message(seat))
                stage = IGNORED if admission == "extra-turn" else PLAYING
        role = "open" if self.long and seat == OPENER else "close"
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
        if turn.stage >= ENDED:
            if turn.stage != IGNORED:
                self.error(number, "play-after-end", "this throw comes after the turn had ended.")
            return
        rules, throw, tiles, box = self.rules, parsed.throw, parsed.tiles, turn.box
        problems = judge_move(rules, box, throw, tiles, turn.role)
        for problem in problems:
            self.error(number, problem.code, problem.message)
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
        self.advance(turn, box, throw, tiles, bool(problems))

    def advance(self, turn: _Turn, box: int, throw: Throw, tiles: tuple[int, ...],
                faulty: bool) -> None:
        """Set the stage of ``turn`` after a throw from ``box`` (RULES.md sections 1 and 6):
        ended when its moves complete the box, or on a no-move throw with no extra turn left
        to spend; endable after a faulty move when no move existed; playing otherwise."""
        if turn.box != box and finished(self.rules, turn.box, turn.role):
            turn.completed = True
            turn.stage = ENDED
        elif not tiles and turn.extra:  # RULES.md section 6: spend one, keep throwing
            turn.extra -= 1
            turn.stage = PLAYING
        elif not tiles:
            turn.stage = ENDED
        elif faulty and not has_move(movable_tiles(self.rules, box, turn.role), throw.total):
            turn.stage = ENDABLE
        else:
            turn.stage = PLAYING

    def read_score(self, number: int, parsed: ScoreClaim) -> None:
        turn = self.turn
        if not self.scored:
            self.error(number, "syntax", "the long game has no scores.")
        elif turn is None:
            self.error(number, "syntax", "a score: line comes before any turn line.")
        elif turn.stage != IGNORED:
            actual = turn_score(self.rules, turn.box)
            if parsed.score != actual:
                self.error(number, "wrong-score", f"the turn scores {actual}, not {parsed.score}.")

    def read_totals(self, number: int, parsed: TotalsClaim) -> None:
        if not self.scored:
            self.error(number, "syntax", "the long game has no scores.")
            return
        self.close_turn()
        wrong = []
        for name, key, claimed in parsed.totals:
            seat = self.seat_of.get(key)
            if seat is None:
                self.error(number, "unknown-player", f"{name!r} is not in the players: line.")
            elif self.play.totals[seat] != claimed:
                wrong.append(f"{self.players[seat]} has {self.play.totals[seat]}, not {claimed}")
        if wrong:
            self.error(number, "wrong-total", "; ".join(wrong) + ".")

    def claimed_seats(self, number: int,
                      names: tuple[tuple[str, str], ...]) -> frozenset[int] | None:
        seats = set()
        for name, key in names:
            seat = self.seat_of.get(key)
            if seat is None:
                self.error(number, "unknown-player", f"{name!r} is not in the players: line.")
                return None
            seats.add(seat)
        return frozenset(seats)

    def read_winner(self, number: int, parsed: WinnerClaim) -> None:
        self.close_turn()
        seats = self.claimed_seats(number, parsed.names)
        if seats is not None:
            self.winner_claims.append((number, seats))

    def read_loser(self, number: int, parsed: LoserClaim) -> None:
        if self.rules.format != "hundred":
            self.error(number, "syntax", "loser: is only for hundred.")
            return
        self.close_turn()
        seats = self.claimed_seats(number, (parsed.name,) if parsed.name else ())
        if seats is not None:
            self.loser_claims.append((number, next(iter(seats), None)))

    def read_round(self, number: int, parsed: RoundLine) -> None:
        if self.rules.format in ("two-attempts", "long-game"):
            return  # LOG-FORMAT.md: round markers are ignored in strip and the long game
        self.close_turn()
        if not self.play.over and parsed.number != self.play.round:
            self.error(number, "turn-order",
                       f"this is round {self.play.round}, not {parsed.number}.")

    def close_turn(self) -> None:
        turn = self.turn
        if turn is None or turn.stage >= CLOSED:
            return
        if turn.stage == PLAYING:
            self.error(turn.line, "unfinished-turn",
                       "the turn stops with tiles still open and no no-move throw.")
        if turn.seat is not None:
            score = turn_score(self.rules, turn.box) if self.scored else 0
            count = (self.play.attempts[turn.seat] + 1 if self.rules.format == "two-attempts"
                     else self.play.round)
            self.play = self.play.record(turn.seat, score, turn.completed)
            self.turns.append((turn.line, turn.seat, count, score))
        self.board = turn.box
        turn.stage = CLOSED

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
            return f"the game is not decided, so there is no {role}."
        if not seats:
            return f"there is no {role} (solo play)."
        names = " and ".join(self.players[seat] for seat in sorted(seats))
        return f"the {role}{'s are' if len(seats) > 1 else ' is'} {names}."

    def results(self) -> dict:
        play, names, fmt = self.play, self.players, self.rules.format
        results: dict = {"winners": [names[seat] for seat in play.winners or ()]}
        if fmt == "hundred":
            results["loser"] = None if play.loser is None else names[play.loser]
        if self.scored:
            results["totals"] = dict(zip(names, play.totals))
        if fmt.startswith("best-of-"):
            results["round_wins"] = dict(zip(names, play.wins))
        if fmt == "elimination":
            results["out"] = {name: out for name, out in zip(names, play.out) if out}
        count = "attempt" if fmt == "two-attempts" else "round"
        results["turns"] = [
            {"line": line, "player": names[seat], count: number, "score": score} if self.scored
            else {"line": line, "player": names[seat],
                  "role": "opener" if seat == OPENER else "closer"}
            for line, seat, number, score in self.turns
        ]
        return results


def validate_box_log(header: Header, body: list[Line], file: str) -> Report:
    """Return the :class:`Report` on a Shut the Box log: every error of ``body`` (the lines
    after ``header``) with its line and code, and the results (fields in the module doc),
    as LOG-FORMAT.md specifies. Never raises for anything in the body.
    """
    reader = _BoxLogReader(header)
    for line in body:
        reader.read(line)
    reader.finish()
    return Report(file, header.rules.describe(), sort_errors(reader.errors), reader.results())
