"""The few lines the text report states of a Shut the Box log's results (docs/cli.md,
"kitgen validate"): the winner or loser, the totals, round wins and who went out, as
:class:`SummaryLine` records (worded by :mod:`kitgen.text.summaries`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kitgen.games.box.presets import BoxRules
from kitgen.games.box.results import BoxResults
from kitgen.logs.report import SummaryLine


def _winner_line(results: BoxResults, why: str, shared: str, **figures: Any) -> SummaryLine:
    """Return the line that names the winners and why: ``why`` and ``shared`` (when several
    share) are reason ids of :mod:`kitgen.text.summaries`, ``figures`` what they state."""
    winners = results.winners
    if not results.decided:
        return SummaryLine.of("undecided")
    if not winners:
        return SummaryLine.of("solo")
    if len(winners) > 1:
        return SummaryLine.of("winners", names=winners, reason=shared, **figures)
    return SummaryLine.of("winner", name=winners[0], reason=why, **figures)


def summarize(rules: BoxRules, results: BoxResults) -> tuple[SummaryLine, ...]:
    """Return a few short lines that state what decided a Shut the Box game, read off its
    ``results`` (so the text and ``--json`` agree).

    >>> from kitgen.games import find_preset
    >>> [line.id for line in summarize(find_preset("classic").defaults,
    ...     BoxResults(("Cy",), True, (), {"Ana": 23, "Cy": 21}))]
    ['scores', 'winner']
    """
    fmt, totals, turns = rules.format, results.totals or {}, results.turns
    figures = tuple(totals.items())
    if fmt == "two-attempts":
        attempts: dict[str, list[int]] = {name: [] for name in totals}
        for turn in turns:
            if turn.score is not None:  # every turn of a scored format has its score
                attempts[turn.player].append(turn.score)
        return (SummaryLine.of("attempt-totals", players=tuple(
                    (name, tuple(scores), totals[name]) for name, scores in attempts.items())),
                _winner_line(results, "lowest-total", "sharing-lowest-total"))
    if fmt in ("single", "shut-wins") or len(totals) == 1:  # solo: one turn in every format
        shut = (fmt == "shut-wins" and results.winners and turns
                and turns[-1].score == 0 and turns[-1].player in results.winners)
        return (SummaryLine.of("scores", figures=figures),
                _winner_line(results, "shut-the-box" if shut else "lowest-score", "sharing-lowest-score"))
    if results.rounds is not None:
        return (SummaryLine.of("round-winners", winners=results.rounds.winners),
                SummaryLine.of("round-wins", wins=tuple(results.rounds.wins.items()), needed=rules.wins_needed),
                _winner_line(results, "first-to-round-wins", "", needed=rules.wins_needed))
    if results.out is not None:
        return _elimination(results, totals, results.out)
    if results.hundred is not None:
        lines = [SummaryLine.of("running-totals", figures=figures),
                 SummaryLine.of("resets", resets=tuple((reset.player, reset.round, reset.line)
                                              for reset in results.hundred.resets))]
        loser = results.hundred.loser
        if loser is None:
            lines.append(_winner_line(results, "", ""))
        else:
            lines.append(SummaryLine.of(
                "loser", name=loser, total=totals[loser],
                limit="passed-100" if rules.scoring == "sum" else "reached-1000",
                winner=_winner_line(results, "lowest-total-of-others", "sharing-lowest-total-of-others")))
        return tuple(lines)
    counts: dict[tuple[str, str], int] = {}
    for turn in turns:
        key = (turn.player, turn.role or "")
        counts[key] = counts.get(key, 0) + 1
    why = ""
    if results.winners:
        why = "closer-shut-last" if turns[-1].role == "closer" else "opener-opened-last"
    played = tuple((player, role, count) for (player, role), count in counts.items())
    return (SummaryLine.of("turns-played", counts=played),
            _winner_line(results, why, "", line=turns[-1].line if turns else None))


def _elimination(results: BoxResults, totals: Mapping[str, int | None],
                 out: Mapping[str, int]) -> tuple[SummaryLine, ...]:
    """Return the summary of an ``elimination`` game: who went out in which round with
    what total, who is still in, and why the winner won."""
    by_round: dict[int, list[str]] = {}
    for name, number in out.items():
        by_round.setdefault(number, []).append(name)
    lines = [SummaryLine.of("out", groups=tuple((tuple(names), number, tuple(totals[name] for name in names))
                                       for number, names in sorted(by_round.items())))]
    still_in = tuple((name, total) for name, total in totals.items() if name not in out)
    if still_in:
        lines.append(SummaryLine.of("still-in", figures=still_in))
    last_round = max(by_round, default=0)
    together = bool(results.winners) and results.winners[0] in out
    lines.append(_winner_line(results, "lowest-total-out-together" if together else "last-still-in",
                              "sharing-lowest-total-out-together", round=last_round))
    return tuple(lines)
