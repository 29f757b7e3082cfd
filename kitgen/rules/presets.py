"""Presets as data, and the registry that finds them (RULES.md sections 2-7).

A :class:`Preset` is the record of one game: its box, one-die condition, scoring,
format, player range and the options a table may set. :meth:`Preset.configure`
settles the options and returns :class:`Rules`, the value every judging function
takes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Mapping

from kitgen.errors import OptionError, PlayerCountError, UnknownPresetError, quote

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

        >>> find_preset("classic").configure({"format": "best-of-5"}).wins_needed
        3
        """
        if self.format.startswith("best-of-"):
            return int(self.format.removeprefix("best-of-")) // 2 + 1
        return 1

    def describe(self) -> str:
        """Return the rules as a log's ``rules:`` line writes them, e.g. ``classic tiles=12``,
        naming only the options that differ from the preset's defaults."""
        preset = find_preset(self.preset)
        defaults = {option.name: option.default for option in preset.options}
        changed = [f"{name}={value}" for name, value in self.options if defaults[name] != value]
        return " ".join([self.preset, *changed])


@dataclass(frozen=True)
class Preset:
    """One game of RULES.md as data: its defaults and the options a table may set."""

    id: str
    title: str
    summary: str
    section: str
    defaults: Rules
    options: tuple[Option, ...] = ()

    def option(self, name: str) -> Option:
        """Return the option called ``name``.

        Raises :class:`OptionError` if the preset has no such option.
        """
        for option in self.options:
            if option.name == name.lower():
                return option
        known = ", ".join(option.name for option in self.options) or "none"
        raise OptionError(f"preset {quote(self.id)} has no option {quote(name)} (its options: {known}).")

    def configure(self, chosen: Mapping[str, str] | None = None) -> Rules:
        """Return the :class:`Rules` for this preset with the ``chosen`` option values.

        Options not chosen keep their defaults. Raises :class:`OptionError` for an
        unknown option or a value the option does not allow.

        >>> find_preset("classic").configure({"tiles": "12"}).tiles
        12
        """
        chosen = chosen or {}
        fields: dict[str, object] = {}
        settled: dict[str, str] = {option.name: option.default for option in self.options}
        for name, value in chosen.items():
            option = self.option(name)
            value = str(value).lower()
            if value not in option.values:
                allowed = ", ".join(option.values)
                raise OptionError(
                    f"option {quote(option.name)} of {quote(self.id)} cannot be {quote(value)} (allowed: {allowed})."
                )
            settled[option.name] = value
        for option in self.options:
            fields[option.field] = dict(option.choices)[settled[option.name]]
        return replace(self.defaults, options=tuple(settled.items()), **fields)


def _box(preset: str, tiles: int, one_die: OneDie, fmt: str, players: tuple[int, int]) -> Rules:
    return Rules(preset, "box", tiles, one_die, "sum", fmt, *players)


PRESETS: tuple[Preset, ...] = (
    Preset(
        "strip",
        "Exact-sum number strips",
        "1-6 players, two attempts each on a 1-9 strip; lowest combined remainder wins.",
        "RULES.md section 2",
        _box("strip", 9, "never", "two-attempts", (1, 6)),
    ),
    Preset(
        "classic",
        "Shut the Box",
        "1-4 players, 9 or 12 tiles; single round, best of 3/5/7 or elimination.",
        "RULES.md section 3",
        _box("classic", 9, "high-shut", "single", (1, 4)),
        (
            Option("tiles", "tiles", (("9", 9), ("12", 12)), "9"),
            Option("one-die", "one_die", (("on", "high-shut"), ("off", "never")), "on"),
            Option(
                "format",
                "format",
                tuple((name, name) for name in
                      ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")),
                "single",
            ),
        ),
    ),
    Preset(
        "ten",
        "Ten-tile box",
        "1-8 players, tiles 1-10, one turn each; shutting the box wins at once.",
        "RULES.md section 4",
        _box("ten", 10, "low-sum", "shut-wins", (1, 8)),
    ),
    Preset(
        "hundred",
        "Race to 100",
        "2-8 players, running totals; a shut box resets to 0, passing 100 loses.",
        "RULES.md section 5",
        _box("hundred", 9, "high-shut", "hundred", (2, 8)),
        (Option("scoring", "scoring", (("sum", "sum"), ("digits", "digits")), "sum"),),
    ),
    Preset(
        "long-game",
        "The long game",
        "2 players, closer against opener on one board; doubles earn extra turns.",
        "RULES.md section 6",
        _box("long-game", 9, "high-shut", "long-game", (2, 2)),
    ),
    Preset(
        "knucklebones",
        "Knucklebones",
        "2 players, two 3x3 grids and one die; matching faces knock out the facing column.",
        "RULES.md section 7",
        Rules("knucklebones", "knucklebones", 0, "never", "sum", "single", 2, 2),
        (
            Option("match", "format",
                   tuple((name, name) for name in ("single", "best-of-3", "best-of-5")),
                   "single"),
        ),
    ),
)

_REGISTRY = {preset.id: preset for preset in PRESETS}


def find_preset(name: str) -> Preset:
    """Return the preset whose id is ``name`` (case-insensitive).

    Raises :class:`UnknownPresetError` naming the known presets.

    >>> find_preset("Strip").defaults.tiles
    9
    """
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise UnknownPresetError(f"unknown preset {quote(name)} (known presets: {known}).") from None


def check_player_count(rules: Rules, count: int) -> None:
    """Check that ``count`` players or seats fit the preset's range (RULES.md sections 2-7).

    Raises :class:`PlayerCountError` with one sentence if they do not.
    """
    low, high = rules.min_players, rules.max_players
    if not low <= count <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise PlayerCountError(
            f"{rules.preset} is for {span} players, not {count}."
        )
