"""Put the lines that state what decided a game (:class:`kitgen.logs.report.SummaryLine`) into
words, through the catalogs: the one place ``kitgen validate``'s summary and the session
report's results are worded (docs/cli.md, "kitgen validate").

>>> from kitgen.logs.report import SummaryLine
>>> summary_line_text(SummaryLine("winners", (("names", ("Ana", "Ben", "Cy")),
...                                            ("reason", "sharing-lowest-total"))))
'winners: Ana, Ben and Cy (sharing the lowest total)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from kitgen.text import gettext as _
from kitgen.text import pgettext

if TYPE_CHECKING:
    from kitgen.logs.report import SummaryLine

Params = dict[str, Any]


def summary_line_text(line: SummaryLine) -> str:
    """Return the words of one summary ``line``."""
    return _LINES[line.id](dict(line.params))


def and_list(names: Iterable[object]) -> str:
    """Return ``names`` joined for reading aloud: ``Ana``, ``Ana and Ben``, ``Ana, Ben and Cy``
    (the one way every message joins names, summaries and log errors alike)."""
    words = [str(name) for name in names]
    if len(words) == 1:
        return words[0]
    return _("{names} and {last}").format(names=listed(words[:-1]), last=words[-1])


def listed(items: Iterable[object]) -> str:
    """Return ``items`` joined as a list, with the separator of the language in use:
    ``3, 4``, ``Ana 2, Ben 1``."""
    return pgettext("list separator", ", ").join(str(item) for item in items)


def clauses(parts: Iterable[str]) -> str:
    """Return ``parts`` joined as the clauses of one sentence, with the separator of the
    language in use: ``Ana's total is 9, not 8; Ben's total is 7, not 6``."""
    return pgettext("clause separator", "; ").join(parts)


def _figure(value: int | None) -> str:
    return pgettext("a player's figure", "not played") if value is None else str(value)


def _figures(figures: Iterable[tuple[str, int | None]]) -> str:
    """Return ``Ana 23, Cy not played``: each player's figure."""
    return listed(_("{name} {figure}").format(name=name, figure=_figure(value)) for name, value in figures)


def count_list(counts: Iterable[tuple[str, int]]) -> str:
    """Return each player's count: ``Ana 2, Ben 1``."""
    return listed(_("{name} {count}").format(name=name, count=count) for name, count in counts)


def _attempts(name: str, scores: tuple[int, ...], total: int | None) -> str:
    """Return one strip player's attempts: ``Ana not played``, ``Ana 9 + not played``, ``Ana 9 + 11 = 20``."""
    if not scores:
        return _("{name} not played").format(name=name)
    if len(scores) == 1:
        return _("{name} {first} + {second}").format(name=name, first=scores[0], second=_figure(None))
    return _("{name} {first} + {second} = {total}").format(
        name=name, first=scores[0], second=scores[1], total=total)


_REASONS: dict[str, Callable[[Params], str]] = {  # why the winners won (docs/rules.md sections 2-7)
    "": lambda params: "",  # a line that states no reason
    "lowest-total": lambda params: _("lowest total"),
    "sharing-lowest-total": lambda params: _("sharing the lowest total"),
    "lowest-score": lambda params: _("lowest score"),
    "sharing-lowest-score": lambda params: _("sharing the lowest score"),
    "shut-the-box": lambda params: _("shut the box, which ends the game at once"),
    "first-to-round-wins": lambda params: _("first to {needed} round wins").format(needed=params["needed"]),
    "lowest-total-of-others": lambda params: _("lowest total of the others"),
    "sharing-lowest-total-of-others": lambda params: _("sharing the lowest total of the others"),
    "last-still-in": lambda params: _("the last player still in"),
    "lowest-total-out-together": lambda params: _(
        "lowest total of the players who went out together in round {round}").format(round=params["round"]),
    "sharing-lowest-total-out-together": lambda params: _(
        "sharing the lowest total of the players who went out together in round {round}").format(
        round=params["round"]),
    "closer-shut-last": lambda params: _(
        "the closer, shut the last open tile in the turn on line {line}").format(line=params["line"]),
    "opener-opened-last": lambda params: _(
        "the opener, opened the last shut tile in the turn on line {line}").format(line=params["line"]),
    "higher-total": lambda params: _("the higher total"),
}


def _winner(params: Params) -> str:
    return _("winner: {name} ({reason})").format(name=params["name"], reason=_REASONS[params["reason"]](params))


def _winners(params: Params) -> str:
    return _("winners: {names} ({reason})").format(
        names=and_list(params["names"]), reason=_REASONS[params["reason"]](params))


def _round_winners(params: Params) -> str:
    rounds = listed(_("{number} {winner}").format(number=number, winner=winner or _("none (tied)"))
                    for number, winner in enumerate(params["winners"], start=1))
    return _("round winners: {rounds}").format(rounds=rounds or _("no round finished yet"))


def _out(params: Params) -> str:
    groups = clauses(_("{names} in round {round} with {totals}").format(
        names=and_list(names), round=number, totals=and_list(totals)) for names, number, totals in params["groups"])
    return _("out: {groups}").format(groups=groups or _("nobody yet"))


def _resets(params: Params) -> str:
    resets = clauses(_("{player} in round {round} (line {line})").format(player=player, round=number, line=line)
                     for player, number, line in params["resets"])
    return _("resets to 0: {resets}").format(resets=resets or pgettext("no resets", "none"))


def _loser(params: Params) -> str:
    limit = _("passed 100") if params["limit"] == "passed-100" else _("reached 1000")
    return _("loser: {name} ({limit} with {total}); {winner}").format(
        name=params["name"], limit=limit, total=params["total"], winner=summary_line_text(params["winner"]))


# the long game's two roles (docs/rules.md section 6), as the results name them
_ROLES: dict[str, Callable[[], str]] = {
    "closer": lambda: pgettext("long-game role", "closer"),
    "opener": lambda: pgettext("long-game role", "opener"),
}


def _turns_played(params: Params) -> str:
    played = listed(_("{player} ({role}) {count}").format(player=player, role=_ROLES[role](), count=count)
                    for player, role, count in params["counts"])
    return _("turns: {played}").format(played=played or pgettext("no turns", "none"))


def _game(params: Params) -> str:
    outcome = {
        "won": lambda: _("{winner} won").format(winner=params["winner"]),
        "draw": lambda: _("a draw"),
        "abandoned": lambda: _("abandoned"),
        "unfinished": lambda: _("unfinished"),
    }[params["outcome"]]()
    return _("game {number}, started by {starter}: {totals}; {outcome}").format(
        number=params["number"], starter=params["starter"], totals=_figures(params["totals"]), outcome=outcome)


_LINES: dict[str, Callable[[Params], str]] = {
    "attempt-totals": lambda params: _("totals: {players}").format(
        players=listed(_attempts(*player) for player in params["players"])),
    "scores": lambda params: _("scores: {figures}").format(figures=_figures(params["figures"])),
    "round-winners": _round_winners,
    "round-wins": lambda params: _("round wins: {wins} ({needed} to win)").format(
        wins=count_list(params["wins"]), needed=params["needed"]),
    "out": _out,
    "still-in": lambda params: _("still in: {figures}").format(figures=_figures(params["figures"])),
    "running-totals": lambda params: _("running totals: {figures}").format(figures=_figures(params["figures"])),
    "resets": _resets,
    "loser": _loser,
    "turns-played": _turns_played,
    "game": _game,
    "game-wins": lambda params: _("game wins: {wins} ({needed} to win)").format(
        wins=count_list(params["wins"]), needed=params["needed"]),
    "match-winner": lambda params: _("match winner: {name} (first to {needed} game wins)").format(
        name=params["name"], needed=params["needed"]),
    "undecided": lambda params: _("no winner: the log ends before the game is decided"),
    "undecided-match": lambda params: _("no winner: the log ends before the match is decided"),
    "solo": lambda params: _("no winner: solo play declares none"),
    "winner": _winner,
    "winners": _winners,
}
