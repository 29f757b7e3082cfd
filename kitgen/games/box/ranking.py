"""How Shut the Box players are ranked across tables, and the figures a player row carries
(docs/rules.md sections 2-6; the standings of :mod:`kitgen.session.figures`)."""

from __future__ import annotations

import math

from kitgen.games import LOWEST, MOST, OperationCount, Placing, Ranking
from kitgen.games.box.presets import BoxRules
from kitgen.games.box.results import BoxResults
from kitgen.games.box.rules import faces_needed
from kitgen.text import N_


def ranking(rules: BoxRules) -> Ranking:
    """Return the :class:`Ranking` of ``rules``' format (:mod:`kitgen.session.figures`
    lists them)."""
    average = "average_score" if rules.scoring == "digits" else "average_left"
    fmt = rules.format
    if fmt == "two-attempts":
        return Ranking((("combined", LOWEST),), N_("Between tables: the combined remainder of both attempts, "
                       "lowest first; a player with fewer than two attempts recorded and no place is not ranked."))
    if fmt in ("single", "shut-wins"):
        return Ranking((("score", LOWEST),), N_("Between tables: the turn's score, lowest first; a player "
                       "without a turn recorded and no place is not ranked."))
    if fmt.startswith("best-of-"):
        return Ranking((("round_wins", MOST), (average, LOWEST)),
                       N_("Between tables: round wins, most first, then the average turn score, lowest first."))
    if fmt == "long-game":
        return Ranking((("tables_won", MOST),), N_("Between tables: tables won."))
    return Ranking(((average, LOWEST),), N_("Between tables: the average turn score, lowest first: how "
                   "many turns a table lasts depends on its players, what one turn scores does not."))


def placings(rules: BoxRules, results: BoxResults, players: tuple[str, ...]) -> dict[str, Placing]:
    """Return each player's result at the table whose log gave ``results``, as the format
    decides it (docs/rules.md sections 2-6): the winners won (or shared the win); in
    ``elimination`` the others went out in a round, a later round placing higher (then the
    lower running total); in ``hundred`` the loser lost and the others place by running
    total; in the long game the other player lost; otherwise the others place by round wins
    (``best-of-*``) or total, the lower the better. Nobody is placed when playing alone or
    when the log ends before the game is decided."""
    if len(players) == 1:
        return {players[0]: Placing(None, "solo")}
    if not results.decided:
        return {name: Placing(None, "undecided") for name in players}
    totals = results.totals or {}
    out = results.out or {}
    loser = results.hundred.loser if results.hundred else None

    def order(name: str) -> tuple[float, ...]:  # lower places higher
        if name in results.winners:
            return (0,)
        if name == loser or results.totals is None:
            return (2,)
        total = totals.get(name)
        written = math.inf if total is None else total
        if results.rounds is not None:
            return (1, -results.rounds.wins.get(name, 0), written)
        return (1, -out.get(name, math.inf), written)

    keys = {name: order(name) for name in players}
    placed = sorted(keys.values())
    result = {}
    for name in players:
        place = placed.index(keys[name]) + 1  # equal results share a place: 1, 1, 3
        if name in results.winners:
            outcome = "won" if len(results.winners) == 1 else "shared"
            result[name] = Placing(place, outcome)
        elif name in out:
            result[name] = Placing(place, "out", out[name])
        elif keys[name] == (2,):
            result[name] = Placing(place, "lost")
        else:
            result[name] = Placing(place, "place")
    return result


def player_figures(rules: BoxRules, results: BoxResults, name: str) -> dict[str, float | int | None]:
    """Return the figures of player ``name`` at the table whose log gave ``results`` (keys of
    :data:`kitgen.session.figures.HEADINGS` that apply to ``rules``)."""
    turns = [turn for turn in results.turns if turn.player == name]
    figures: dict[str, float | int | None] = {
        "attempts" if rules.format == "two-attempts" else "turns": len(turns),
        "throws": sum(len(turn.throws) for turn in turns),
    }
    if results.totals is None:  # the long game: no scores
        figures["tables_won"] = int(name in results.winners)
        return figures
    scores = [turn.score for turn in turns if turn.score is not None]
    figures.update({
        "average_left": _mean([remaining_sum(rules, score) for score in scores]),
        "shut": scores.count(0),  # docs/rules.md section 1: a turn scores 0 exactly when the box is shut
        "best": min(scores, default=None),
        "worst": max(scores, default=None),
    })
    if rules.scoring == "digits":
        figures["average_score"] = _mean(scores)
    if rules.format == "two-attempts":
        figures["combined"] = results.totals[name] if len(turns) == 2 else None
    elif rules.format in ("single", "shut-wins"):
        figures["score"] = scores[0] if scores else None
    elif rules.format.startswith("best-of-"):
        figures["round_wins"] = results.rounds.wins[name] if results.rounds else 0  # solo: no round to win
    return figures


def remaining_sum(rules: BoxRules, score: int) -> int:
    """Return the sum of the tiles left open by a turn that scored ``score``: the score itself,
    or with ``digits`` scoring the sum of its digits (the open tiles of a 9-tile box read as
    one number, docs/rules.md section 1).

    >>> from kitgen.games import find_preset
    >>> remaining_sum(find_preset("hundred").configure({"scoring": "digits"}), 159)
    15
    """
    if rules.scoring == "digits":
        return sum(int(digit) for digit in str(score))
    return score


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def count_throws(results: BoxResults, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
    """Add the throws the walk recorded in ``results`` to ``two_dice`` (totals 2-12) and
    ``one_die`` (faces 1-6), and return how many impossible throws were left out."""
    impossible = 0
    for turn in results.turns:
        for throw in turn.throws:
            if not throw.possible:
                impossible += 1
                continue
            counts = two_dice if throw.dice == 2 else one_die
            counts[throw.total] = counts.get(throw.total, 0) + 1
    return impossible


def count_operations(rules: BoxRules, results: BoxResults, operations: dict[str, OperationCount]) -> None:
    """Add every possible two-dice throw of ``results`` to ``operations`` by the operation it
    names (docs/rules.md section 9), with the tiles written after it, when ``rules`` allow
    an operation besides ``add``; a total written alone counts as ``add``, as it is judged.
    One-die throws name no operation and are left out, as are impossible throws.

    >>> from kitgen.games import find_preset
    >>> from kitgen.games.box.results import BoxTurn
    >>> from kitgen.games.box.rules import parse_throw
    >>> turn = BoxTurn(2, "Ana", (parse_throw("6x2"), parse_throw("5+1"), parse_throw("3-3")), 9,
    ...                round=1, shut=((5, 7), (6,), ()))
    >>> counts: dict[str, OperationCount] = {}
    >>> count_operations(find_preset("classic").configure({"ops": "add+sub+mul"}),
    ...                  BoxResults((), False, (turn,)), counts)
    >>> counts["mul"], counts["sub"].throws
    (OperationCount(throws=1, tiles=2, points=12), 1)
    """
    if not faces_needed(rules):
        return
    for turn in results.turns:
        for throw, shut in zip(turn.throws, turn.shut, strict=True):
            if throw.dice != 2 or not throw.possible:
                continue
            op = throw.operation or "add"
            operations[op] = operations.get(op, OperationCount()).plus(shut)
