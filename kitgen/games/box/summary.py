"""The few lines the text report prints of a Shut the Box log's results (docs/cli.md,
"kitgen validate"): the winner or loser, the totals, round wins and who went out.
"""

from __future__ import annotations

from typing import Any

from kitgen.games.box.presets import BoxRules


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


def summarize(rules: BoxRules, results: dict[str, Any]) -> tuple[str, ...]:
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


def _elimination(rules: BoxRules, results: dict[str, Any]) -> tuple[str, ...]:
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
