"""The preset record and the rules it settles (docs/rules.md sections 2-7); the presets
themselves, and the rules type each game settles, belong to their games (:mod:`kitgen.games`).

A :class:`Preset` is the record of one game: its default rules (of the game's own
:class:`Rules` type, e.g. :class:`~kitgen.games.box.presets.BoxRules`) and the options a
table may set. :meth:`Preset.configure` settles the options and returns the rules of that
type, the value every judging function takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from kitgen.errors import OptionError, PlayerCountError, quote
from kitgen.text import gettext, ngettext
from kitgen.text.summaries import listed


@dataclass(frozen=True)
class Option:
    """One preset option: its name (as in a log's ``rules:`` line and on the CLI), the field
    of the game's rules type it sets, and each allowed value with what it sets it to."""

    name: str
    field: str
    choices: tuple[tuple[str, object], ...]
    default: str

    @property
    def values(self) -> tuple[str, ...]:
        """Return the allowed values as written, e.g. ``('9', '12')``."""
        return tuple(value for value, _ in self.choices)


@dataclass(frozen=True)
class SetOption:
    """A preset option whose value is a non-empty set of ``items``, written joined by ``+``
    in the declared order (``ops=add+mul``, docs/rules.md section 9). It sets the field
    ``field`` of the game's rules type to the tuple of the items chosen, in that order.

    Kept apart from :attr:`Preset.options`: its many values are not combined with the
    others' in a kit's measured lengths, a preset's golden words or ``kitgen rules``'
    option list, and the game with only ``default`` chosen is the game without the option.

    >>> ops = SetOption("ops", "ops", ("add", "sub", "mul", "div"), "add")
    >>> ops.read("ADD+mul"), ops.read("mul+add")
    (('add', 'mul'), None)
    """

    name: str
    field: str
    items: tuple[str, ...]
    default: str

    def read(self, value: str) -> tuple[str, ...] | None:
        """Return the items ``value`` writes (``add+mul``), or ``None`` unless it writes a
        non-empty set of the items, each once, in the declared order."""
        words = tuple(word.strip() for word in value.lower().split("+"))
        if not all(word in self.items for word in words) or len(set(words)) != len(words):
            return None
        return words if list(words) == sorted(words, key=self.items.index) else None

    def ordered(self, value: str) -> str | None:
        """Return ``value`` written in the declared order (``mul+add`` -> ``add+mul``) when it
        names a set of the items, each once, in another order; ``None`` otherwise."""
        words = [word.strip() for word in value.lower().split("+")]
        if not all(word in self.items for word in words) or len(set(words)) != len(words):
            return None
        return "+".join(sorted(words, key=self.items.index))


@dataclass(frozen=True, kw_only=True)
class Rules:
    """A preset with every option settled: what every game's rules share. Each game
    subclasses it with the fields its play is judged by.

    ``options`` lists every option of the preset with its settled value, in declared order.
    """

    preset: str
    min_players: int
    max_players: int
    options: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        """Return the rules as a log's ``rules:`` line writes them, e.g. ``classic tiles=12``,
        naming only the options that differ from the preset's defaults."""
        from kitgen.games import find_preset

        preset = find_preset(self.preset)
        defaults = {option.name: option.default for option in preset.every_option}
        changed = [f"{name}={value}" for name, value in self.options if defaults[name] != value]
        return " ".join([self.preset, *changed])


def best_of(length: str) -> int:
    """Return N of the match length ``best-of-N``, or 0 for any other length or format (one
    game or round decides).

    >>> best_of("best-of-5"), best_of("single"), best_of("two-attempts")
    (5, 0, 0)
    """
    return int(length.removeprefix("best-of-")) if length.startswith("best-of-") else 0


def wins_needed(length: str) -> int:
    """Return the game or round wins that decide a match of ``length`` (1: one decides).

    >>> wins_needed("best-of-5"), wins_needed("single")
    (3, 1)
    """
    return best_of(length) // 2 + 1


RulesType = TypeVar("RulesType", bound=Rules, covariant=True)


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
class Preset(Generic[RulesType]):
    """One game of docs/rules.md as data: its default rules (of its game's rules type), the
    options a table may set and the shape of its printed records."""

    id: str
    summary: str  # the line ``kitgen rules`` lists it with: a catalog message (marked N_), in words where shown
    defaults: RulesType
    options: tuple[Option, ...] = ()
    record_shape: RecordShape = RecordShape()
    prints_as: str = ""  # the preset whose kit parts and rule card it prints with; "": its own
    set_options: tuple[SetOption, ...] = ()  # options whose value is a set (docs/rules.md section 9)

    @property
    def layout(self) -> str:
        """Return the id of the preset whose kit parts and rule card this preset prints with:
        :attr:`prints_as`, or its own id (a registered variant reuses a built-in layout).

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").layout
        'classic'
        """
        return self.prints_as or self.id

    @property
    def every_option(self) -> tuple[Option | SetOption, ...]:
        """Return the options, then the set options (:class:`SetOption`), in declared order."""
        return (*self.options, *self.set_options)

    def option(self, name: str) -> Option | SetOption:
        """Return the option called ``name``.

        Raises :class:`OptionError` if the preset has no such option.
        """
        every = self.every_option
        for option in every:
            if option.name == name.lower():
                return option
        sentence = (gettext("preset {preset} has no option {option} (its options: {known}).") if every
                    else gettext("preset {preset} has no option {option} (its options: none)."))
        raise OptionError(sentence.format(preset=quote(self.id), option=quote(name),
                                          known=listed(option.name for option in every)))

    def configure(self, chosen: Mapping[str, str] | None = None) -> RulesType:
        """Return the rules of this preset (its game's rules type) with the ``chosen``
        option values.

        Options not chosen keep their defaults. Raises :class:`OptionError` for an
        unknown option or a value the option does not allow.

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").configure({"tiles": "12"}).tiles
        12
        """
        chosen = chosen or {}
        fields: dict[str, Any] = {}
        settled: dict[str, str] = {option.name: option.default for option in self.every_option}
        for name, value in chosen.items():
            option = self.option(name)
            value = str(value).lower()
            if isinstance(option, SetOption):
                settled[option.name] = self._set_value(option, value)
                continue
            if value not in option.values:
                allowed = listed(option.values)
                raise OptionError(gettext(
                    "option {option} of {preset} cannot be {value} (allowed: {allowed})."
                ).format(option=quote(option.name), preset=quote(self.id), value=quote(value), allowed=allowed))
            settled[option.name] = value
        for option in self.options:
            fields[option.field] = dict(option.choices)[settled[option.name]]
        for set_option in self.set_options:
            fields[set_option.field] = set_option.read(settled[set_option.name])
        return replace(self.defaults, options=tuple(settled.items()), **fields)

    def _set_value(self, option: SetOption, value: str) -> str:
        """Return ``value`` of the set option ``option`` as settled (its items joined by
        ``+``); raises :class:`OptionError` with one sentence when it writes no such set."""
        if option.read(value) is not None:
            return "+".join(option.read(value) or ())
        ordered = option.ordered(value)
        if ordered is not None:
            raise OptionError(gettext(
                "option {option} of {preset} cannot be {value}; write {ordered} ({items} joined by + in that order)."
            ).format(option=quote(option.name), preset=quote(self.id), value=quote(value),
                     ordered=quote(ordered), items=listed(option.items)))
        raise OptionError(gettext(
            "option {option} of {preset} cannot be {value} (one or more of {items}, joined by + in that "
            "order, e.g. {example})."
        ).format(option=quote(option.name), preset=quote(self.id), value=quote(value),
                 items=listed(option.items), example="+".join(option.items[:2])))


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
