"""Random legal knucklebones matches written as logs, and single faults injected into them.

:func:`random_knucklebones_game` plays a whole match with random faces and random open
columns (the rules core decides removals, game ends and starters) and writes it in
docs/log-format.md syntax with random optional parts: the first ``game`` line, column
spellings, name case, ``score:``, ``winner:`` and ``match winner:`` claims, comments.
:func:`inject_fault` turns such a log into one with a single known fault. Both are plain
functions of a ``random.Random``, fast enough for benchmarks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.games.knucklebones.rules import SEATS, Column, Match, new_match, other_seat

CLAIM_CHANCE = 0.15  # a score: claim after a placement
RESULT_CHANCE = 0.6  # a winner: claim after a game, a match winner: claim after the match
COMMENT_CHANCE = 0.05  # a trailing comment on a placement line

FAULT_CODES = (
    "syntax", "unknown-player", "bad-roll", "bad-column", "column-full", "turn-order",
    "extra-turn", "wrong-score", "wrong-winner", "missing-turn",
)


@dataclass(frozen=True)
class PlacedDie:
    """One placement as written: its 1-based log line, seat, face and column, the mover's
    columns that were full before it, both totals after it, and whether it ended its game."""

    line: int
    seat: int
    face: int
    column: Column
    full_before: tuple[Column, ...]
    totals: tuple[int, int]
    ends_game: bool


@dataclass(frozen=True)
class GeneratedGame:
    """A random legal match: its log text, the match winner (as ``winners``), every
    placement as written and the final :class:`Match`."""

    text: str
    winners: tuple[str, ...]
    placements: tuple[PlacedDie, ...]
    players: tuple[str, str]
    match: Match

    @property
    def lines(self) -> list[str]:
        """Return the log's lines (line n is ``lines[n - 1]``)."""
        return self.text.split("\n")


@dataclass(frozen=True)
class Fault:
    """A log with one injected fault: its text, the code expected and its line (``None``
    for ``missing-turn``)."""

    text: str
    code: str
    line: int | None


def random_knucklebones_game(
    rng: random.Random, rules: KnucklebonesRules, players: tuple[str, str] = ("Ana", "Ben")
) -> GeneratedGame:
    """Return a random legal match of the knucklebones ``rules`` between ``players``."""
    lines = [f"rules: {rules.describe()}", f"players: {', '.join(players)}", ""]
    placements: list[PlacedDie] = []
    match = new_match(rules)
    while not match.over:
        match = match.start_game()
        if match.number > 1 or rng.random() < 0.5:
            lines.append(f"game {match.number}")
        seat = rng.choice(SEATS) if match.game.due is None else match.game.due
        while match.playing:
            grid = match.game.grids[seat]
            full = tuple(column for column in Column if grid.column_full(column))
            face = rng.randint(1, 6)
            column = rng.choice([column for column in Column if column not in full])
            match = match.place(seat, face, column)
            game = match.game
            lines.append(_placement_line(rng, players[seat], face, column))
            placements.append(PlacedDie(len(lines), seat, face, column, full, game.totals, game.ended))
            if rng.random() < CLAIM_CHANCE:
                lines.append(_score_line(rng, players, game.totals))
            seat = other_seat(seat)
        game = match.game
        if rng.random() < RESULT_CHANCE:
            lines.append(f"winner: {'draw' if game.winner is None else players[game.winner]}")
    assert match.winner is not None
    if rng.random() < RESULT_CHANCE:
        lines.append(f"match winner: {players[match.winner]}")
    return GeneratedGame("\n".join(lines), (players[match.winner],), tuple(placements), players, match)


def _placement_line(rng: random.Random, name: str, face: int, column: Column) -> str:
    written = rng.choice((column.label, column.label[0], str(column.value + 1)))
    if rng.random() < 0.1:
        name, written = name.upper(), written.upper()
    comment = "   # as read from the sheet" if rng.random() < COMMENT_CHANCE else ""
    return f"{name}: {face} {written}{comment}"


def _score_line(rng: random.Random, players: tuple[str, str], totals: tuple[int, int]) -> str:
    pairs = [f"{name} {total}" for name, total in zip(players, totals, strict=True)]
    rng.shuffle(pairs)
    return "score: " + ", ".join(pairs[: rng.choice((1, 2, 2))])


def inject_fault(rng: random.Random, game: GeneratedGame, code: str) -> Fault | None:
    """Return ``game``'s log with one fault of ``code`` (one of :data:`FAULT_CODES`) at a
    random place, or ``None`` when the game has no place for it (no full column arose)."""
    lines = game.lines
    placed = rng.choice(game.placements)
    if code == "column-full":
        chances = [die for die in game.placements if die.full_before]
        if not chances:
            return None
        placed = rng.choice(chances)
        return _rewritten(lines, game, placed, code, column=rng.choice(placed.full_before).label)
    if code == "syntax":
        return _replaced(lines, placed.line, lines[placed.line - 1].replace(":", "", 1), code)
    if code == "unknown-player":
        return _rewritten(lines, game, placed, code, name="Zed Unknown")
    if code == "bad-roll":
        return _rewritten(lines, game, placed, code, face=rng.choice((0, 7, 8, 9, 66)))
    if code == "bad-column":
        return _rewritten(lines, game, placed, code, column=rng.choice(("centre", "top", "4", "lft")))
    if code == "turn-order":
        placed = rng.choice([die for die in game.placements if not die.ends_game])
        return _inserted(lines, placed.line, lines[placed.line - 1], code)
    if code == "extra-turn":
        ended = [die for die in game.placements if die.ends_game]
        after = rng.choice(ended[:-1]).line if len(ended) > 1 and rng.random() < 0.5 else len(lines)
        name = rng.choice(game.players)
        return _inserted(lines, after, f"{name}: {rng.randint(1, 6)} left", code)
    if code == "wrong-score":
        seat = rng.choice(SEATS)
        claimed = placed.totals[seat] + rng.randint(1, 5)
        return _inserted(lines, placed.line, f"score: {game.players[seat]} {claimed}", code)
    if code == "wrong-winner":
        return _inserted(lines, placed.line, _wrong_winner_line(rng, game, placed), code)
    if code == "missing-turn":
        placed = rng.choice(game.placements[:-1])
        return Fault("\n".join(lines[: placed.line]), code, None)
    raise ValueError(f"no injector for {code!r}")


def _wrong_winner_line(rng: random.Random, game: GeneratedGame, placed: PlacedDie) -> str:
    """Return a winner claim that is wrong right after ``placed``: any claim while its game
    is still played, the wrong result once it has ended."""
    if not placed.ends_game:
        return f"winner: {rng.choice([*game.players, 'draw'])}"
    first, second = placed.totals
    if first == second:
        return f"winner: {rng.choice(game.players)}"
    loser = game.players[0] if first < second else game.players[1]
    return f"winner: {rng.choice((loser, 'draw'))}"


def _rewritten(
    lines: list[str], game: GeneratedGame, placed: PlacedDie, code: str,
    name: str | None = None, face: int | None = None, column: str | None = None,
) -> Fault:
    """Return the log with ``placed`` written again with the given name, face or column."""
    name = game.players[placed.seat] if name is None else name
    face = placed.face if face is None else face
    column = placed.column.label if column is None else column
    return _replaced(lines, placed.line, f"{name}: {face} {column}", code)


def _replaced(lines: list[str], line: int, text: str, code: str) -> Fault:
    return Fault("\n".join([*lines[: line - 1], text, *lines[line:]]), code, line)


def _inserted(lines: list[str], after: int, text: str, code: str) -> Fault:
    return Fault("\n".join([*lines[:after], text, *lines[after:]]), code, after + 1)
