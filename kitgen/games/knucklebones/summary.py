"""The few lines the text report states of a knucklebones log's results (docs/cli.md,
"kitgen validate"): each game's scores and result, the game wins of a match, and the
winner, as :class:`SummaryLine` records (worded by :mod:`kitgen.text.summaries`)."""

from __future__ import annotations

from kitgen.games.knucklebones.results import KnucklebonesResults
from kitgen.logs.report import SummaryLine


def summarize(wins_needed: int, results: KnucklebonesResults) -> tuple[SummaryLine, ...]:
    """Return a few short lines that state what decided a knucklebones game or match, read
    off ``results`` (so the text and ``--json`` agree).

    >>> from kitgen.games.knucklebones.results import GameResult
    >>> game = GameResult(1, "Ana", {"Ana": 32, "Ben": 45}, "won", "Ben")
    >>> [line.id for line in summarize(1, KnucklebonesResults((game,), {"Ana": 0, "Ben": 1},
    ...     ("Ben",), True, {}, {}))]
    ['game', 'winner']
    """
    lines = [
        SummaryLine.of("game", number=game.number, starter=game.starter,
                       totals=tuple(game.totals.items()), outcome=game.outcome, winner=game.winner)
        for game in results.games
    ]
    match = wins_needed > 1
    if match:
        lines.append(SummaryLine.of("game-wins", wins=tuple(results.wins.items()), needed=wins_needed))
    if not results.decided:
        lines.append(SummaryLine.of("undecided-match" if match else "undecided"))
    elif match:
        lines.append(SummaryLine.of("match-winner", name=results.winners[0], needed=wins_needed))
    else:
        lines.append(SummaryLine.of("winner", name=results.winners[0], reason="higher-total"))
    return tuple(lines)
