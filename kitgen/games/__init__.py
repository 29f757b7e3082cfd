"""The games kitgen prints and judges, found through one registry (docs/rules.md sections 2-7).

A :class:`Game` is one family of presets with its own rules: the Shut the Box family
(:mod:`kitgen.games.box`: strip, classic, ten, hundred, long game) and knucklebones
(:mod:`kitgen.games.knucklebones`). Each game owns its presets (with their aliases), judges
its moves and its logs, and ranks its players; everything outside this package asks the registry,
:func:`find_game` or :func:`find_preset`, and never compares a game's or a preset's name.
A game from elsewhere (a test, a plug-in) joins with :func:`register`.

>>> find_game("classic").id
'box'
>>> find_game("chess")
Traceback (most recent call last):
...
ValueError: unknown preset: 'chess'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from kitgen.errors import UnknownPresetError, quote
from kitgen.games.preset import Preset, Rules
from kitgen.text import gettext
from kitgen.text.summaries import listed

if TYPE_CHECKING:
    from kitgen.games.lengths import GameLength
    from kitgen.games.live import LiveTable
    from kitgen.kit.layout import Layout
    from kitgen.kit.parts.part import Part
    from kitgen.kit.tables import Table
    from kitgen.logs.reader import Body, Header
    from kitgen.logs.report import Report, Results
    from kitgen.rulebook import Rulebook

DEFAULT_PRESET = "strip"  # docs/cli.md: what `kitgen kit` and `kitgen check` play without --rules
LOWEST, MOST = "lowest", "most"  # the direction a ranking figure is better in


@dataclass(frozen=True)
class Ranking:
    """How one format's players are ranked across tables: the ``keys`` compared in order,
    each a figure name and the direction it is better in, and the ``rule`` printed with
    the standings, a catalog message (marked N_) worded where shown."""

    keys: tuple[tuple[str, str], ...]
    rule: str


@dataclass(frozen=True)
class Placing:
    """A player's result at their own table, as the game's format decides it: ``place``
    (1 for a winner; equal results share a place, 1, 1, 3; ``None`` when the table gives no
    order: played alone, or its game not decided) and ``outcome``, one of :data:`OUTCOMES`,
    with the ``round`` a player went ``out`` in.

    >>> Placing(2, "out", 3).place
    2
    """

    place: int | None
    outcome: str
    round: int | None = None

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome: {self.outcome!r}")


@dataclass(frozen=True)
class OperationCount:
    """What the throws that named one operation did over a session (docs/rules.md section 9):
    how many there were, and the tiles they shut and the points those tiles add up to, as
    written.

    >>> OperationCount().plus((5, 7))
    OperationCount(throws=1, tiles=2, points=12)
    """

    throws: int = 0
    tiles: int = 0
    points: int = 0

    def plus(self, shut: tuple[int, ...]) -> OperationCount:
        """Return the count with one more throw, which shut the tiles ``shut``."""
        return OperationCount(self.throws + 1, self.tiles + len(shut), self.points + sum(shut))


OUTCOMES = ("won", "shared", "place", "out", "lost", "solo", "undecided")  # worded by kitgen.session.figures


@dataclass(frozen=True)
class Verdict:
    """The answer to one check: whether the move (or the "no move" claim) is right, the
    reason in one sentence per problem, and facts about the named move for ``--json``."""

    ok: bool
    reasons: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the verdict for people: ``valid:`` or ``not valid:`` and the reasons."""
        verdict = gettext("valid: {reasons}") if self.ok else gettext("not valid: {reasons}")
        return verdict.format(reasons=" ".join(self.reasons))

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as ``{"valid": bool, "reasons": [...], **facts}``."""
        return {"valid": self.ok, "reasons": list(self.reasons), **self.facts}


GameRules = TypeVar("GameRules", bound=Rules)


class Game(Generic[GameRules]):
    """One game of docs/rules.md and its presets: subclass it for the game's own rules type
    (``Game[BoxRules]``), set :attr:`id`, :attr:`presets` and :attr:`aliases`, and give it
    the judging, walking, ranking and wording of its play."""

    id: ClassVar[str]
    title: ClassVar[str]  # how a message names its presets, a catalog message: N_("the Shut the Box presets")
    presets: ClassVar[tuple[Preset[Rules], ...]] = ()  # each settling the game's rules type
    aliases: ClassVar[tuple[tuple[str, str], ...]] = ()  # (alias, preset id)
    options: ClassVar[frozenset[str]] = frozenset()  # the command-line options only this game takes

    def check_move(self, rules: GameRules, claim: Mapping[str, Any]) -> Verdict:
        """Return the verdict on one claimed move of ``rules`` (``kitgen check``): ``claim``
        holds the command's options of this game, by name (docs/cli.md, "check").

        Raises :class:`~kitgen.errors.OptionError` when ``claim`` lacks what the move needs.
        """
        raise NotImplementedError

    def validate_log(self, header: Header, body: Body, file: str) -> Report:
        """Return the :class:`Report` of a log of this game: its ``header`` read, ``body``
        the lines after it."""
        raise NotImplementedError

    lengths_module: ClassVar[str]  # the module of the game's measured GAME_LENGTHS

    def game_length(self, rules: GameRules, seats: int) -> GameLength:
        """Return how long games of ``rules`` for ``seats`` players last, as measured
        (:mod:`kitgen.games.lengths`): what a kit prints rounds and roll records for.

        Raises :class:`~kitgen.errors.PlayerCountError` for seats outside the preset's range.
        """
        from kitgen.games.lengths import measured_length

        return measured_length(import_module(self.lengths_module).GAME_LENGTHS, rules, seats)

    ranking_module: ClassVar[str]  # the module of the game's ranking, imported when a report needs it

    def _ranking(self) -> Any:
        return import_module(self.ranking_module)

    def ranking(self, rules: GameRules) -> Ranking:
        """Return how players of ``rules`` are ranked across tables."""
        return cast(Ranking, self._ranking().ranking(rules))

    def player_figures(self, rules: GameRules, results: Results, name: str) -> dict[str, float | int | None]:
        """Return the figures of player ``name`` at the table whose log gave ``results``
        (this game's results record)."""
        return cast(dict[str, float | int | None], self._ranking().player_figures(rules, results, name))

    def placings(self, rules: GameRules, results: Results, players: tuple[str, ...]) -> dict[str, Placing]:
        """Return each of ``players``' :class:`Placing` at the table whose log gave
        ``results`` (this game's results record): who won, shared, placed or went out."""
        return cast(dict[str, Placing], self._ranking().placings(rules, results, players))

    # which of its throws the session's dice count, as two-dice totals and as one-die faces:
    # catalog messages (N_), "" for none
    two_dice_counted: ClassVar[str] = ""
    one_die_counted: ClassVar[str] = ""

    def count_throws(self, results: Results, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
        """Add the throws recorded in ``results`` (this game's results record) to
        ``two_dice`` and ``one_die`` and return how many impossible throws were left out."""
        return cast(int, self._ranking().count_throws(results, two_dice, one_die))

    def count_operations(self, rules: GameRules, results: Results, operations: dict[str, OperationCount]) -> None:
        """Add the throws recorded in ``results`` to ``operations`` by the operation each
        used, by its name (``add``, ``sub``, ``mul``, ``div``: docs/rules.md section 9),
        when ``rules`` allow an operation besides addition; a game without operations, and
        rules of addition alone, add nothing."""
        return None

    def several_rounds(self, rules: GameRules) -> bool:
        """Return whether a game of ``rules`` runs over a number of rounds not fixed in
        advance, so its kit prints turn sheets for as many as games take and a
        continuation sheet (docs/kit.md)."""
        return False

    def table_parts(self, rules: GameRules, table: Table, layout: Layout, book: Rulebook,
                    rounds: int | None) -> tuple[Part, ...]:
        """Return the kit parts one table of ``rules`` prints, in order, for ``rounds``
        rounds (``None``: as many as games need). A game without a kit raises
        ``NotImplementedError``."""
        raise NotImplementedError

    def host_key_parts(self, rules: GameRules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
        """Return the parts of the host key of a kit of ``rules``."""
        raise NotImplementedError

    def continuation_parts(self, rules: GameRules, table: Table, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
        """Return the parts a kit of ``rules`` prints at the end of ``table``'s pages for a
        game that runs past its sheets (docs/kit.md): none unless the game has
        :meth:`several_rounds`."""
        return ()

    def rule_values(self, rules: GameRules) -> dict[str, Any]:
        """Return the numbers and choices of ``rules`` that the preset's rule template
        (``templates/rules/<preset>.txt.j2``) words, besides the player range."""
        raise NotImplementedError

    def live_table(self, rules: GameRules) -> LiveTable | None:
        """Return how ``rules`` are played live at ``kitgen serve``'s table
        (:mod:`kitgen.games.live`; the web shows the page its ``kind`` names), or ``None``
        for rules not played live."""
        return None


GameT = TypeVar("GameT", bound="Game[Any]")

_GAMES: dict[str, Game[Any]] = {}  # game id -> game, in registration order
_PRESETS: dict[str, tuple[Game[Any], Preset[Rules]]] = {}  # preset id or alias -> its game and preset


def register(game: GameT) -> GameT:
    """Add ``game`` and its presets and aliases to the registry and return it.

    Raises ``ValueError`` if a preset id or alias is already taken by another game.
    """
    names = [(preset.id, preset) for preset in game.presets]
    by_id = {preset.id: preset for preset in game.presets}
    names += [(alias, by_id[target]) for alias, target in game.aliases]
    for name, _ in names:
        if name in _PRESETS and _PRESETS[name][0] is not game:
            raise ValueError(f"preset name {name!r} is already registered")
    _GAMES[game.id] = game
    for name, preset in names:
        _PRESETS[name] = (game, preset)
    return game


def unregister(game: Game[Any]) -> None:
    """Remove ``game`` and its presets from the registry (a test's game, say)."""
    _GAMES.pop(game.id, None)
    for name in [name for name, (owner, _) in _PRESETS.items() if owner is game]:
        del _PRESETS[name]


def games() -> tuple[Game[Any], ...]:
    """Return every registered game, in registration order."""
    return tuple(_GAMES.values())


def presets() -> tuple[Preset[Rules], ...]:
    """Return every registered preset (not its aliases), in registration order."""
    return tuple(preset for game in _GAMES.values() for preset in game.presets)


def find_game(preset: str) -> Game[Any]:
    """Return the game that owns the preset (or alias) ``preset``, case-insensitive.

    Raises ``ValueError("unknown preset: ...")`` for a name no game owns (a fault of the
    caller: a user's preset is read with :func:`find_preset`).
    """
    try:
        return _PRESETS[preset.strip().lower()][0]
    except KeyError:
        raise ValueError(f"unknown preset: {preset!r}") from None


def find_preset(name: str) -> Preset[Rules]:
    """Return the preset called ``name`` (its id or an alias, case-insensitive).

    Raises :class:`UnknownPresetError` naming the known presets.

    >>> find_preset("Strip").defaults.tiles
    9
    """
    try:
        return _PRESETS[name.strip().lower()][1]
    except KeyError:
        known = listed(preset.id for preset in presets())
        raise UnknownPresetError(gettext("unknown preset {preset} (known presets: {known}).").format(
            preset=quote(name), known=known)) from None


def _register_builtin() -> None:
    from kitgen.games.box import BoxGame
    from kitgen.games.knucklebones import KnucklebonesGame

    register(BoxGame())
    register(KnucklebonesGame())


_register_builtin()
