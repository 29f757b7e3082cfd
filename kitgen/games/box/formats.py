"""Seat order and results for every Shut the Box format (docs/rules.md sections 2-6).

A :class:`Play` is the state of one game between turns: who is due, who still has a turn in
this round, the totals, round wins, eliminations and, once the game is decided, the winners
(and the loser in ``hundred``). It is an immutable value: :func:`start_play` makes the first
state, :meth:`Play.admit` says whether a seat may take the next turn, and :meth:`Play.record`
returns the state after a turn. The log validator drives it with the turns as written, a
legal-game generator with the turns a legal game takes. Seats are 0-based indices into the
``players:`` order. It is a named tuple rather than a frozen dataclass because its
``_replace`` makes the next state faster than ``dataclasses.replace`` (docs/performance.md,
"Validation").

Formats (``BoxRules.format``):

- ``two-attempts`` (``strip``, section 2): every player plays 2 attempts, in any order;
  lowest combined score wins, ties share; solo, no winner.
- ``single``, ``best-of-3/5/7``, ``elimination`` (``classic``, section 3): rounds in which
  every player still in takes one turn, each round starting one seat further on (skipping
  players who are out). Single: lowest score wins, ties share. Best-of: a unique lowest
  score wins the round, the first to 2/3/4 round wins wins. Elimination: from round 2 on,
  a player whose running total has reached the full box (45 / 78) at a round's end is out;
  the last player left wins, and if all go out together the lowest total wins, ties share.
  Solo: one turn is the whole game, no winner.
- ``shut-wins`` (``ten``, section 4): one round in seat order; shutting the box wins at once;
  otherwise lowest score wins, ties share.
- ``hundred`` (section 5): rounds always starting at seat 1; a shut box resets the running
  total to 0; the game ends when a total passes 100 (sum) or reaches 1000 (digits): that
  player loses, the lowest of the others win, ties share.
- ``long-game`` (section 6): seat 1 (closer) and seat 2 (opener) alternate on one board; the
  player whose turn completes the board for their role wins. The board and the extra turns
  earned by doubles are the caller's: a turn is recorded once it has ended.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from kitgen.games.box.presets import BoxRules, box_rules
from kitgen.games.preset import Rules, check_player_count

Admission = Literal["ok", "turn-order", "extra-turn"]

ATTEMPTS = 2  # docs/rules.md section 2: each player plays 2 attempts
CLOSER, OPENER = 0, 1  # docs/rules.md section 6: seat 1 is the closer, seat 2 the opener
FIRST_ELIMINATION_ROUND = 2  # docs/rules.md section 3: no one can go out in round 1


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1:]


def _lowest(seats: Iterable[int], values: tuple[int, ...] | dict[int, int]) -> tuple[int, ...]:
    """Return the seats whose value is the lowest, in seat order (ties share)."""
    seats = sorted(seats)
    if not seats:
        return ()
    low = min(values[seat] for seat in seats)
    return tuple(seat for seat in seats if values[seat] == low)


class Play(NamedTuple):
    """The state of one Shut the Box game between turns (docs/rules.md sections 2-6).

    ``round`` counts from 1; ``starter`` is the seat that starts this round; ``waiting`` holds the
    seats still to take a turn in this round in their order (``two-attempts``: the seats with
    an attempt left, in seat order; ``long-game``: empty, see :attr:`due`); ``round_scores``
    the ``(seat, score)`` of this round's turns; ``round_winners`` the winning seat of each
    finished round (``None`` for a tied round; ``best-of-*`` only). Per seat: ``totals`` (sum of turn scores;
    ``hundred``: the running total with resets), ``attempts`` (turns taken), ``wins`` (round
    wins) and ``out`` (the round a player went out in, 0 while in). ``last`` is the seat of the
    last turn. ``winners`` is ``None`` while the game is undecided, then the winning seats
    (empty for solo play); ``loser`` is the losing seat in ``hundred``.
    """

    rules: BoxRules
    seats: int
    round: int = 1
    starter: int = 0
    waiting: tuple[int, ...] = ()
    round_scores: tuple[tuple[int, int], ...] = ()
    round_winners: tuple[int | None, ...] = ()
    totals: tuple[int, ...] = ()
    attempts: tuple[int, ...] = ()
    wins: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    last: int | None = None
    winners: tuple[int, ...] | None = None
    loser: int | None = None

    @property
    def over(self) -> bool:
        """Return whether the game is decided: nobody plays after this."""
        return self.winners is not None

    @property
    def due(self) -> int | None:
        """Return the seat whose turn is next, or ``None`` when the game is over or, in
        ``two-attempts``, where nobody is due (attempts may come in any order)."""
        if self.over or self.rules.format == "two-attempts":
            return None
        if self.rules.format == "long-game":
            return CLOSER if self.last is None else 1 - self.last
        return self.waiting[0]

    def admit(self, seat: int) -> Admission:
        """Return how a turn by ``seat`` at this point stands (docs/log-format.md, "Error codes"):
        ``ok``; ``turn-order``, a player who has a turn to take but is not due (the turn
        counts); or ``extra-turn``, a turn beyond the format (the game is over, or the player
        has no turn left in this round: played already, out, or both strip attempts used).
        """
        if self.over:
            return "extra-turn"
        if self.rules.format == "two-attempts":
            return "ok" if self.attempts[seat] < ATTEMPTS else "extra-turn"
        if self.rules.format == "long-game":
            return "ok" if seat == self.due else "turn-order"
        if seat not in self.waiting:
            return "extra-turn"
        return "ok" if seat == self.waiting[0] else "turn-order"

    def record(self, seat: int, score: int, completed: bool) -> Play:
        """Return the state after ``seat`` ended a turn scoring ``score`` (see
        :func:`kitgen.games.box.rules.turn_score`); ``completed`` says the turn's moves completed
        the box for the seat's role (shut it; for the long game's opener, opened it).

        The caller records only a turn that :meth:`admit` did not call ``extra-turn``.
        """
        attempts = _with(self.attempts, seat, self.attempts[seat] + 1)
        fmt = self.rules.format
        if fmt == "long-game":
            return self._replace(attempts=attempts, last=seat, winners=(seat,) if completed else None)
        if fmt == "two-attempts":
            return self._record_attempt(seat, score, attempts)
        total = 0 if fmt == "hundred" and completed else self.totals[seat] + score
        totals = _with(self.totals, seat, total)
        winners = loser = None
        if fmt == "hundred" and total >= self.rules.loses_at:
            loser = seat
            winners = _lowest((other for other in range(self.seats) if other != seat), totals)
        elif fmt == "shut-wins" and completed:
            winners = (seat,) if self.seats > 1 else ()
        play = self._replace(
            attempts=attempts, last=seat, totals=totals, winners=winners, loser=loser,
            waiting=tuple(waiting for waiting in self.waiting if waiting != seat),
            round_scores=self.round_scores + ((seat, score),),
        )
        return play if play.over or play.waiting else play._end_round()

    def _record_attempt(self, seat: int, score: int, attempts: tuple[int, ...]) -> Play:
        totals = _with(self.totals, seat, self.totals[seat] + score)
        waiting = tuple(other for other in range(self.seats) if attempts[other] < ATTEMPTS)
        winners = None
        if not waiting:
            winners = _lowest(range(self.seats), totals) if self.seats > 1 else ()
        return self._replace(attempts=attempts, last=seat, totals=totals, waiting=waiting,
                             winners=winners)

    def _end_round(self) -> Play:
        """Return the state after the last turn of a round: a decided game or the next round."""
        if self.seats == 1:
            return self._replace(winners=())
        fmt = self.rules.format
        scores = dict(self.round_scores)
        if fmt in ("single", "shut-wins"):
            return self._replace(winners=_lowest(scores, scores))
        play = self
        if fmt.startswith("best-of-"):
            play = self._score_round_win(scores)
        elif fmt == "elimination" and self.round >= FIRST_ELIMINATION_ROUND:
            play = self._eliminate()
        return play if play.over else play._next_round()

    def _score_round_win(self, scores: dict[int, int]) -> Play:
        low = _lowest(scores, scores)
        if len(low) != 1:
            return self._replace(round_winners=self.round_winners + (None,))
        seat = low[0]
        wins = _with(self.wins, seat, self.wins[seat] + 1)
        winners = (seat,) if wins[seat] >= self.rules.wins_needed else None
        return self._replace(wins=wins, winners=winners, round_winners=self.round_winners + (seat,))

    def _eliminate(self) -> Play:
        playing = [seat for seat in range(self.seats) if not self.out[seat]]
        going = [seat for seat in playing if self.totals[seat] >= self.rules.full_box]
        out = self.out
        for seat in going:
            out = _with(out, seat, self.round)
        left = [seat for seat in playing if seat not in going]
        winners = None
        if len(left) == 1:
            winners = tuple(left)
        elif not left:
            winners = _lowest(going, self.totals)
        return self._replace(out=out, winners=winners)

    def _next_round(self) -> Play:
        playing = [seat for seat in range(self.seats) if not self.out[seat]]
        if self.rules.format == "hundred":
            starter = 0  # docs/rules.md section 5: every round starts with seat 1
        else:  # docs/rules.md section 3: one seat further on, skipping players who are out
            starter = next(seat for step in range(1, self.seats + 1)
                           if (seat := (self.starter + step) % self.seats) in playing)
        at = playing.index(starter)
        return self._replace(round=self.round + 1, starter=starter,
                             waiting=tuple(playing[at:] + playing[:at]), round_scores=())


def has_opener(rules: BoxRules) -> bool:
    """Return whether ``rules`` seat an opener, whose moves open shut tiles (the long game,
    docs/rules.md section 6).

    >>> from kitgen.games import find_preset
    >>> has_opener(find_preset("long-game").defaults), has_opener(find_preset("classic").defaults)
    (True, False)
    """
    return rules.format == "long-game"


def several_rounds(rules: BoxRules) -> bool:
    """Return whether a game of ``rules`` runs over a number of rounds (long game: turns)
    not fixed in advance: classic best-of and elimination, hundred, the long game.

    >>> from kitgen.games import find_preset
    >>> several_rounds(find_preset("hundred").defaults), several_rounds(find_preset("ten").defaults)
    (True, False)
    """
    return rules.format.startswith("best-of-") or rules.format in ("elimination", "hundred", "long-game")


def start_play(rules: Rules, seats: int) -> Play:
    """Return the state of a new game of a Shut the Box preset for ``seats`` players.

    Raises :class:`PlayerCountError` for a number of players outside the preset's range, and
    ``ValueError`` for a knucklebones preset.

    >>> from kitgen.games import find_preset
    >>> start_play(find_preset("classic").defaults, 3).due
    0
    """
    rules = box_rules(rules)
    check_player_count(rules, seats)
    zeros = (0,) * seats
    waiting = () if rules.format == "long-game" else tuple(range(seats))
    return Play(rules, seats, waiting=waiting, totals=zeros, attempts=zeros, wins=zeros, out=zeros)
