"""The preset record and the rules it settles (docs/rules.md sections 2-7); the presets
themselves belong to their games (:mod:`kitgen.games`).

A :class:`Preset` is the record of one game: its box, one-die condition, scoring,
format, player range and the options a table may set. :meth:`Preset.configure`
settles the options and returns :class:`Rules`, the value every judging function
takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from kitgen.errors import OptionError, PlayerCountError, quote
from kitgen.text import gettext, ngettext

Game = Literal["box", "knucklebones"]
OneDie = Literal["never", "high-shut", "low-sum"]
Scoring = Literal["sum", "digits"]


@dataclass(frozen=True)
class Option:
    """One preset option: its name (as in a log's ``rules:`` line and on the CLI),
    the :class:`Rules` field it sets, and each allowed value with what it sets it to."""

    name: str
    field: str
    choices: tuple[tuple[str, object], ...]
    default: str

    @property
    def values(self) -> tuple[str, ...]:
        """Return the allowed values as written, e.g. ``('9', '12')``."""
        return tuple(value for value, _ in self.choices)


@dataclass(frozen=True)
class Rules:
    """A preset with every option settled: what the rules core judges play by.

    ``tiles`` is N for a Shut the Box preset and 0 for knucklebones; ``format`` is the
    preset's format (``two-attempts``, ``single``, ``best-of-3`` ... ``elimination``,
    ``shut-wins``, ``hundred``, ``long-game``) or, for knucklebones, its match length
    (``single``, ``best-of-3``, ``best-of-5``). ``options`` lists every option of the
    preset with its settled value, in declared order.
    """

    preset: str
    game: Game
    tiles: int
    one_die: OneDie
    scoring: Scoring
    format: str
    min_players: int
    max_players: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def full_box(self) -> int:
        """Return the sum of every tile, 1 + 2 + ... + N (45 on 9 tiles, 78 on 12)."""
        return self.tiles * (self.tiles + 1) // 2

    @property
    def wins_needed(self) -> int:
        """Return the game or round wins that decide a best-of match (1 for single).

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").configure({"format": "best-of-5"}).wins_needed
        3
        """
        if self.format.startswith("best-of-"):
            return int(self.format.removeprefix("best-of-")) // 2 + 1
        return 1

    def describe(self) -> str:
        """Return the rules as a log's ``rules:`` line writes them, e.g. ``classic tiles=12``,
        naming only the options that differ from the preset's defaults."""
        from kitgen.games import find_preset

        preset = find_preset(self.preset)
        defaults = {option.name: option.default for option in preset.options}
        changed = [f"{name}={value}" for name, value in self.options if defaults[name] != value]
        return " ".join([self.preset, *changed])


@dataclass(frozen=True)
class RecordShape:
    """How a preset's filled kit reads back into a log (docs/FORMS.md): ``body`` is the
    kind of record printed (``turns``: roll records, ``board``: the long game's turn record,
    ``grid``: knucklebones' placement record); for roll records, ``rounds`` orders turns
    round by round with the start seat moving on (``rounds_from_seat_1``: every round
    starts at seat 1), ``attempts`` numbers records by attempt with a combined totals
    claim, and ``round_scores`` reads a turn's score from its round's cell rather than one
    ``score`` cell."""

    body: str = "turns"
    rounds: bool = False
    rounds_from_seat_1: bool = False
    attempts: bool = False
    round_scores: bool = True


@dataclass(frozen=True)
class Preset:
    """One game of docs/rules.md as data: its defaults, the options a table may set and the
    shape of its printed records."""

    id: str
    title: str
    summary: str
    section: str
    defaults: Rules
    options: tuple[Option, ...] = ()
    record_shape: RecordShape = RecordShape()
    prints_as: str = ""  # the preset whose kit parts and rule card it prints with; "": its own

    @property
    def layout(self) -> str:
        """Return the id of the preset whose kit parts and rule card this preset prints with:
        :attr:`prints_as`, or its own id (a registered variant reuses a built-in layout).

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").layout
        'classic'
        """
        return self.prints_as or self.id

    def option(self, name: str) -> Option:
        """Return the option called ``name``.

        Raises :class:`OptionError` if the preset has no such option.
        """
        for option in self.options:
            if option.name == name.lower():
                return option
        sentence = (gettext("preset {preset} has no option {option} (its options: {known}).") if self.options
                    else gettext("preset {preset} has no option {option} (its options: none)."))
        raise OptionError(sentence.format(preset=quote(self.id), option=quote(name),
                                          known=", ".join(option.name for option in self.options)))

    def configure(self, chosen: Mapping[str, str] | None = None) -> Rules:
        """Return the :class:`Rules` for this preset with the ``chosen`` option values.

        Options not chosen keep their defaults. Raises :class:`OptionError` for an
        unknown option or a value the option does not allow.

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").configure({"tiles": "12"}).tiles
        12
        """
        chosen = chosen or {}
        fields: dict[str, Any] = {}
        settled: dict[str, str] = {option.name: option.default for option in self.options}
        for name, value in chosen.items():
            option = self.option(name)
            value = str(value).lower()
            if value not in option.values:
                allowed = ", ".join(option.values)
                raise OptionError(gettext(
                    "option {option} of {preset} cannot be {value} (allowed: {allowed})."
                ).format(option=quote(option.name), preset=quote(self.id), value=quote(value), allowed=allowed))
            settled[option.name] = value
        for option in self.options:
            fields[option.field] = dict(option.choices)[settled[option.name]]
        return replace(self.defaults, options=tuple(settled.items()), **fields)


def check_player_count(rules: Rules, count: int) -> None:
    """Check that ``count`` players or seats fit the preset's range (docs/rules.md sections 2-7).

    Raises :class:`PlayerCountError` with one sentence if they do not.
    """
    low, high = rules.min_players, rules.max_players
    if not low <= count <= high:
        sentence = (ngettext("{preset} is for {low} player, not {count}.",
                             "{preset} is for {low} players, not {count}.", high) if low == high else
                    ngettext("{preset} is for {low} to {high} player, not {count}.",
                             "{preset} is for {low} to {high} players, not {count}.", high))
        raise PlayerCountError(sentence.format(preset=rules.preset, low=low, high=high, count=count))
