"""A whole Shut the Box game at the live table (docs/web.md, "The live table";
:mod:`kitgen.games.live`, kind ``turn``): the players' claims (these tiles, or "no move"),
each judged by the rules core in ``kitgen check``'s words, kept in order and replayed on
every look as the game's kitgen log (docs/log-format.md).

No second rules engine: the claims are written as log lines and walked by the validator's
own walker (:class:`kitgen.games.box.log.BoxLogWalk`), line by line. The walker says when
a turn has ended (a no-move throw, the box completed, the long game's extra turns spent);
:class:`~kitgen.games.box.formats.Play` says whose turn is next, the round or attempt, and
when the game is decided; the walk's results (:class:`~kitgen.games.box.results.BoxResults`)
and their summary lines are the standings, as ``kitgen validate`` reports them.

The page never lists or suggests a move: a claim is judged as :func:`check_box_claim`
judges it, and a wrong "no move" only says that a move exists. The one-die throw is
offered only while :func:`one_die_allowed` holds on the box.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games import Verdict
from kitgen.games.box.check import check_box_claim
from kitgen.games.box.formats import OPENER, Play, has_opener
from kitgen.games.box.log import BoxLogWalk
from kitgen.games.box.presets import BoxRules, box_rules
from kitgen.games.box.results import BoxResults
from kitgen.games.box.rules import (
    Role,
    fresh_box,
    judge_move,
    movable_tiles,
    one_die_allowed,
    parse_throw,
    tiles_of,
    turn_score,
)
from kitgen.games.box.summary import summarize
from kitgen.games.live import TURN
from kitgen.games.preset import Rules, check_player_count
from kitgen.logs.reader import read_header
from kitgen.logs.report import SummaryLine
from kitgen.rules.problems import Problem

THROW_PROBLEMS = ("bad-roll", "one-die-not-allowed", "dice-needed", "bad-operation")  # a throw's own faults
HEADER_LINES = 2  # rules: and players:
# what a personal best measures (docs/web.md, "Personal bests"); lower is better for each
BEST_TOTAL, BEST_SCORE, BEST_TURNS = "total", "score", "turns"


@dataclass(frozen=True)
class EndedTurn:
    """The last turn that ended: its seat and the score the box told (``None`` in the long
    game, which has no scores)."""

    seat: int
    score: int | None


@dataclass(frozen=True)
class Best:
    """A player's result of one decided game as a personal best measures it (``measure``:
    :data:`BEST_TOTAL`, :data:`BEST_SCORE` or :data:`BEST_TURNS`; lower is better)."""

    name: str
    measure: str
    value: int


@dataclass(frozen=True)
class BoxGame:
    """A game replayed from its claims: the rules, the players in seat order, the log's
    lines so far, and the turn in play (``seat`` ``None`` once the game is decided): its
    box, its ``role`` (``open`` for the long game's opener), the ``attempt`` (``strip``)
    or ``round`` it is, its ``turn`` number in the game (counted from 1), the ``extra``
    turns it holds (the long game, else ``None``) and how many claims it has had; ``last``
    is the last turn that ended; ``results`` and ``summary`` are the walker's results of
    the turns ended, and ``faults`` what it found wrong (nothing, for claims judged right)."""

    rules: BoxRules
    players: tuple[str, ...]
    lines: tuple[str, ...]
    seat: int | None
    box: int
    role: Role
    attempt: int | None
    round: int | None
    turn: int
    extra: int | None
    claims: int
    last: EndedTurn | None
    results: BoxResults
    summary: tuple[SummaryLine, ...]
    faults: tuple[Problem, ...] = ()

    @property
    def over(self) -> bool:
        """Return whether the game is decided (nobody plays after this)."""
        return self.seat is None

    @property
    def all_tiles(self) -> tuple[int, ...]:
        return tiles_of(fresh_box(self.rules.tiles))

    @property
    def open_tiles(self) -> tuple[int, ...]:
        return tiles_of(self.box)

    @property
    def movable(self) -> tuple[int, ...]:
        """Return the tiles a move may tick: the open ones (for the opener, the shut ones)."""
        return tiles_of(movable_tiles(self.rules, self.box, self.role))

    @property
    def one_die(self) -> bool:
        """Return whether the player may throw one die now (docs/rules.md section 1)."""
        return not self.over and one_die_allowed(self.rules, self.box)

    @property
    def score(self) -> int:
        """Return the score the box tells now: that of the tiles left open (0 for a shut box)."""
        return turn_score(self.rules, self.box)

    @property
    def log_text(self) -> str:
        """Return the game's kitgen log (docs/log-format.md)."""
        return "\n".join(self.lines) + "\n"


def due_seat(play: Play) -> int:
    """Return the seat to play the next turn of a game not yet decided: ``Play.due``, and
    in ``strip``, where nobody is due, the attempts in seat order: everyone's first, then
    everyone's second (docs/rules.md section 2)."""
    if play.due is not None:
        return play.due
    return min(play.waiting, key=lambda seat: (play.attempts[seat], seat))


def throw_line(throw: str, tiles: tuple[int, ...]) -> str:
    """Return the log line of a throw and the tiles it moved (``-``: no move)."""
    return f"{throw}: {' '.join(map(str, tiles)) or '-'}"


class _Writer:
    """The log as it is written, each line walked as it is added (one replay's state)."""

    def __init__(self, rules: BoxRules, players: tuple[str, ...]) -> None:
        self.rules, self.players = rules, players
        self.lines = [f"rules: {rules.describe()}", f"players: {', '.join(players)}"]
        header, _ = read_header("\n".join(self.lines) + "\n")
        self.walk = BoxLogWalk(header)
        self.scored = not has_opener(rules)
        self.marks_rounds = self.scored and rules.format != "two-attempts"  # strip ignores round lines
        self.marked: int | None = None
        self.seat: int | None = None
        self.last: EndedTurn | None = None

    def add(self, text: str) -> None:
        self.lines.append(text)
        self.walk.line(len(self.lines), text)

    def start_turn(self) -> None:
        play = self.walk.play
        self.seat = due_seat(play)
        if self.marks_rounds and play.round != self.marked:
            self.add(f"round {play.round}")
            self.marked = play.round
        self.add(f"turn {self.players[self.seat]}")

    def claim(self, throw: str, tiles: tuple[int, ...]) -> None:
        if self.walk.turn_over:
            if self.end_turn():
                raise ValueError("a claim after the game was decided")
            self.start_turn()
        self.add(throw_line(throw, tiles))
        if self.walk.turn_over and self.scored:
            self.add(f"score: {turn_score(self.rules, self.walk.turn_box)}")

    def end_turn(self) -> bool:
        """Close the turn that ended, if one has, and return whether the game is decided."""
        score = turn_score(self.rules, self.walk.turn_box) if self.scored else None
        if self.walk.close() and self.seat is not None:
            self.last = EndedTurn(self.seat, score)
        return self.walk.play.over


def replay_game(rules: Rules, players: tuple[str, ...], claims: tuple[tuple[str, tuple[int, ...]], ...]) -> BoxGame:
    """Return the game of ``players`` after ``claims`` (each a throw as a log writes it and
    the tiles it moved, ``()`` for no move), each already judged right, in order.

    Raises :class:`PlayerCountError` for players outside the preset's range and
    ``ValueError`` for a claim after the game was decided."""
    settled = box_rules(rules)
    check_player_count(settled, len(players))
    writer = _Writer(settled, players)
    for throw, tiles in claims:
        writer.claim(throw, tiles)
    walk = writer.walk
    in_play = not walk.turn_over
    made = 0
    if not in_play:
        writer.end_turn()
    else:
        made = len(walk.turn.throws) if walk.turn is not None else 0
    play = walk.play
    results = walk.results()  # the turn in play is not counted until it ends
    if play.over:
        winners = results.winners
        writer.add(f"winner: {', '.join(winners) if winners else 'none'}")
        if results.hundred is not None and results.hundred.loser is not None:
            writer.add(f"loser: {results.hundred.loser}")
        return BoxGame(settled, players, tuple(writer.lines), None, walk.turn_box, "close", None, None,
                       len(results.turns), None, 0, writer.last, results, summarize(settled, results), walk.faults)
    seat = writer.seat if in_play and writer.seat is not None else due_seat(play)
    role: Role = "open" if has_opener(settled) and seat == OPENER else "close"
    if in_play:
        box = walk.turn_box
    else:
        box = walk.board if has_opener(settled) else fresh_box(settled.tiles)
    attempt = play.attempts[seat] + 1 if settled.format == "two-attempts" else None
    number = play.round if writer.marks_rounds else None
    extra = (walk.extra_turns if in_play else 0) if has_opener(settled) else None
    return BoxGame(settled, players, tuple(writer.lines), seat, box, role, attempt, number, len(results.turns) + 1,
                   extra, made, writer.last, results, summarize(settled, results), walk.faults)


def judge_throw(game: BoxGame, text: str) -> tuple[tuple[Problem, ...], str]:
    """Return the problems of the throw ``text`` on the turn's box (an impossible throw, a
    one-die throw the rules do not allow there, a total alone where both faces are needed,
    an operation the table does not allow) and the throw as a log writes it. Raises what
    :func:`parse_throw` raises."""
    throw = parse_throw(text)
    problems = tuple(problem for problem in judge_move(game.rules, game.box, throw, (), game.role)
                     if problem.code in THROW_PROBLEMS)
    if has_opener(game.rules) and throw.dice == 2 and not throw.faces:  # docs/rules.md section 6: doubles
        problems += (Problem("dice-needed", "faces", (("total", throw.total),)),)
    return problems, throw.text


def judge_claim(game: BoxGame, throw: str, tiles: tuple[int, ...]) -> Verdict:
    """Return the verdict on moving ``tiles`` (``()``: no move) after ``throw`` on the
    turn's box, as ``kitgen check`` words it. Raises what :func:`check_box_claim` raises."""
    open_text = " ".join(map(str, game.open_tiles)) or "-"
    return check_box_claim(game.rules, open_text, throw, " ".join(map(str, tiles)) if tiles else None, game.role)


def bests(game: BoxGame) -> tuple[Best, ...]:
    """Return each player's result of the decided ``game`` as a personal best measures it
    (docs/web.md, "Personal bests"; lower is better): ``strip``, the total of both
    attempts; the long game, the winner's turns to complete the board (the loser has
    none); every other preset, the player's lowest turn score in the game. ``()`` while
    the game is undecided."""
    results = game.results
    if not game.over:
        return ()
    if has_opener(game.rules):
        return tuple(Best(name, BEST_TURNS, sum(turn.player == name for turn in results.turns))
                     for name in results.winners)
    if game.rules.format == "two-attempts":
        return tuple(Best(name, BEST_TOTAL, total) for name, total in (results.totals or {}).items()
                     if total is not None)
    found: dict[str, int] = {}
    for turn in results.turns:
        if turn.score is not None:
            found[turn.player] = min(found.get(turn.player, turn.score), turn.score)
    return tuple(Best(name, BEST_SCORE, found[name]) for name in game.players if name in found)


@dataclass(frozen=True)
class BoxTable:
    """The live game of one Shut the Box preset's rules (a :class:`~kitgen.games.live.TurnTable`)."""

    rules: BoxRules
    kind: str = TURN

    def replay(self, players: tuple[str, ...], claims: tuple[tuple[str, tuple[int, ...]], ...]) -> BoxGame:
        return replay_game(self.rules, players, claims)

    def check_players(self, count: int) -> None:
        check_player_count(self.rules, count)

    def over(self, game: BoxGame) -> bool:
        return game.over

    def throw_text(self, faces: tuple[int, ...]) -> str:
        """Return the throw of ``faces`` as a log writes it: ``die 4`` for one die, ``5+3`` for two."""
        return f"die {faces[0]}" if len(faces) == 1 else "+".join(map(str, faces))

    def judge_throw(self, game: BoxGame, text: str) -> tuple[tuple[Problem, ...], str]:
        return judge_throw(game, text)

    def judge_claim(self, game: BoxGame, throw: str, tiles: tuple[int, ...]) -> Verdict:
        return judge_claim(game, throw, tiles)

    def log_text(self, game: BoxGame) -> str:
        return game.log_text

    def bests(self, game: BoxGame) -> tuple[Best, ...]:
        return bests(game)


def is_box_game(rules: Rules) -> bool:
    """Return whether ``rules`` are a Shut the Box preset's."""
    try:
        box_rules(rules)
    except ValueError:
        return False
    return True


def live_table(rules: BoxRules) -> BoxTable | None:
    """Return the live game of ``rules``, or ``None`` for rules not of a Shut the Box preset."""
    return BoxTable(rules) if is_box_game(rules) else None
