"""Random legal Shut the Box games as logs, and single faults put into them (tests, benchmarks).

:func:`random_box_game` plays a legal game of any Shut the Box preset and format with a
``random.Random`` (so a seed gives the same game) and writes it in docs/log-format.md syntax,
using the format's optional features at random: ``score:``/``totals:``/``winner:``/``loser:``
claims, checked sums, both-faces or total-only throws, one-die throws when allowed, ``round``
markers, comments, blank lines, ``none`` for ``-``, other tile separators and letter case.
It drives the same :class:`kitgen.games.box.formats.Play` as the validator for seat order and
results; which tiles a throw moves is chosen here (tests may list moves; the product never does).

:func:`inject_fault` puts exactly one fault of a given error code into such a game, as the
example cases in ``fixtures/cases`` do, and says where it must be reported.

Benchmarks import this module (``tests/`` on ``sys.path``): it imports only kitgen's rules core.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache, partial

from kitgen.games import find_preset
from kitgen.games.box.formats import OPENER, Play, start_play
from kitgen.games.box.presets import OPERATIONS, BoxRules
from kitgen.games.box.rules import (
    LOW_SUM_LIMIT,
    Throw,
    apply_move,
    faces_needed,
    finished,
    fresh_box,
    has_move,
    movable_tiles,
    one_die_allowed,
    open_sum,
    operation_value,
    tiles_of,
    turn_score,
)
from kitgen.games.preset import Rules

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hana", "O'Neil", "Mary Ann",
         "José", "Zoë", "Иван", "Ayşe")
UNKNOWN_NAME = "Nobody Here"
UNREADABLE_LINES = ("then she rolled again", "8 = 3 5 ?", "roll: eight", "turn", "7: 3 x",
                    "score: many", "5+: 5")

SETUPS: tuple[tuple[str, dict[str, str]], ...] = (
    ("strip", {}),
    *(("classic", {"tiles": tiles, "one-die": one_die, "format": fmt})
      for tiles in ("9", "12") for one_die in ("on", "off")
      for fmt in ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")),
    ("ten", {}),
    ("hundred", {"scoring": "sum"}),
    ("hundred", {"scoring": "digits"}),
    ("long-game", {}),
)

# docs/rules.md section 9: every non-empty set of operations, as ops= writes it
OPERATION_SETS = tuple("+".join(op for bit, op in enumerate(OPERATIONS) if mask >> bit & 1)
                       for mask in range(1, 1 << len(OPERATIONS)))
OPS_SETUPS: tuple[tuple[str, dict[str, str]], ...] = tuple(
    (preset, {**options, "ops": ops}) for ops in OPERATION_SETS
    for preset, options in (("strip", {}), ("classic", {}), ("classic", {"tiles": "12", "format": "best-of-3"}),
                            ("classic", {"one-die": "off", "format": "elimination"}), ("ten", {})))

FAULT_CODES = (
    "syntax", "unknown-player", "bad-roll", "one-die-not-allowed", "tile-unavailable",
    "repeated-tile", "sum-mismatch", "missed-move", "play-after-end", "unfinished-turn",
    "checked-sum", "wrong-score", "wrong-total", "wrong-winner", "turn-order", "extra-turn",
    "missing-turn", "dice-needed",
)


@dataclass(frozen=True)
class Entry:
    """One line of a generated log and what the generator knew when it wrote it.

    ``kind``: ``header``, ``blank``, ``comment``, ``round``, ``turn``, ``throw``, ``score``,
    ``totals``, ``winner`` or ``loser``. ``block`` is the index of the turn block (-1 outside
    one). For a throw: the ``throw``, the ``tiles`` moved, the ``box`` before it, the
    ``role``, whether it ``completed`` the box, and ``checked`` (the checked sum written).
    """

    kind: str
    text: str
    block: int = -1
    throw: Throw | None = None
    tiles: tuple[int, ...] = ()
    box: int = 0
    role: str = "close"
    completed: bool = False
    checked: int | None = None


@dataclass(frozen=True)
class GeneratedGame:
    """A legal game as a log: its ``text``, the expected ``winners`` (names, in seat order),
    ``loser`` (``hundred``) and final ``totals`` (per seat), the number of ``throws``, the
    ``turns`` each seat took, and its ``entries`` line by line."""

    rules: BoxRules
    players: tuple[str, ...]
    text: str
    winners: tuple[str, ...]
    loser: str | None
    totals: tuple[int, ...]
    throws: int
    turns: tuple[int, ...]
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Fault:
    """A log with one fault: the ``code`` it must raise on ``line`` (``None``: whole log) and
    the other codes it may also raise (``None``: any, when the fault upsets what follows)."""

    text: str
    code: str
    line: int | None
    also: frozenset[str] | None = frozenset()


@dataclass(frozen=True)
class _Style:
    """The optional features one generated log uses, each with a chance per place."""

    claims: float
    checked: float
    faces: float
    die: float
    markers: bool
    noise: float
    loose: bool

    @classmethod
    def draw(cls, rng: random.Random) -> _Style:
        return cls(claims=rng.choice((0.0, 0.3, 1.0)), checked=rng.choice((0.0, 0.3, 1.0)),
                   faces=rng.choice((0.0, 0.5, 1.0)), die=rng.choice((0.0, 0.5, 1.0)),
                   markers=rng.random() < 0.5, noise=rng.choice((0.0, 0.1)),
                   loose=rng.random() < 0.3)


def random_setup(rng: random.Random) -> tuple[BoxRules, tuple[str, ...]]:
    """Return random rules (any Shut the Box preset and options) and a fitting list of names."""
    preset, options = rng.choice(SETUPS)
    rules = find_preset(preset).configure(options)
    count = rng.randint(rules.min_players, rules.max_players)
    return rules, tuple(rng.sample(NAMES, count))


def rules_for(preset: str, **options: str) -> Rules:
    """Return the rules of ``preset`` with ``options`` (underscores for dashes)."""
    chosen = {key.replace("_", "-"): value for key, value in options.items()}
    return find_preset(preset).configure(chosen)


def pick_tiles(rng: random.Random, movable: int, total: int) -> tuple[int, ...]:
    """Return a random set of tiles from ``movable`` adding up to ``total`` (one must exist)."""
    tiles = []
    while total:
        choices = [tile for tile in tiles_of(movable) if tile == total
                   or (tile < total and has_move(movable & ~(1 << (tile - 1)), total - tile))]
        tile = rng.choice(choices)
        tiles.append(tile)
        movable &= ~(1 << (tile - 1))
        total -= tile
    return tuple(sorted(tiles))


def pick_largest(rng: random.Random, movable: int, total: int) -> tuple[int, ...]:
    """Return the set of tiles from ``movable`` adding up to ``total`` (one must exist) that
    a player who shuts the largest tiles first takes: the largest tile that leaves a move
    for the rest, then the same for the rest (``rng`` is not used)."""
    tiles = []
    while total:
        tile = max(tile for tile in tiles_of(movable) if tile == total
                   or (tile < total and has_move(movable & ~(1 << (tile - 1)), total - tile)))
        tiles.append(tile)
        movable &= ~(1 << (tile - 1))
        total -= tile
    return tuple(sorted(tiles))


def _throw(rng: random.Random, rules: BoxRules, style: _Style, box: int) -> Throw:
    if one_die_allowed(rules, box) and rng.random() < style.die:
        face = rng.randint(1, 6)
        return Throw(1, (face,), face)
    faces = (rng.randint(1, 6), rng.randint(1, 6))
    if faces_needed(rules):  # docs/rules.md section 9: both faces, and the operation chosen later
        return Throw(2, faces, sum(faces))
    if rules.format != "long-game" and rng.random() >= style.faces:
        return Throw(2, (), sum(faces))
    return Throw(2, faces, sum(faces))


def _throw_text(rng: random.Random, style: _Style, throw: Throw, tiles: tuple[int, ...],
                checked: int | None) -> str:
    head = throw.text
    if style.loose and throw.dice == 1 and rng.random() < 0.3:
        head = head.upper()
    if not tiles:
        body = rng.choice(("-", "none", "None")) if style.loose else "-"
    else:
        shown = list(tiles)
        if style.loose:
            rng.shuffle(shown)
        separator = rng.choice((" ", ", ", "+", ",")) if style.loose else " "
        body = separator.join(map(str, shown))
    checked_text = "" if checked is None else f"  = {checked}"
    return f"{head}: {body}{checked_text}"


def _operation(rng: random.Random, rules: BoxRules, throw: Throw, movable: int) -> tuple[Throw, int | None]:
    """Return ``throw`` naming an allowed operation, and the value to move (``None``: no
    move): one whose value has a move when any has (docs/rules.md section 9), else any allowed
    operation that makes a value, else (the throw makes none) any allowed operation."""
    values = {op: operation_value(op, throw.faces) for op in rules.ops}
    moving = [op for op, value in values.items() if value is not None and has_move(movable, value)]
    making = [op for op, value in values.items() if value is not None]
    op = rng.choice(moving or making or list(rules.ops))
    named = Throw(2, throw.faces, throw.total, None if op == "add" else op)
    return named, (values[op] if moving else None)


class _Writer:
    """Accumulates the entries of one generated log."""

    def __init__(self, rng: random.Random, style: _Style) -> None:
        self.rng, self.style = rng, style
        self.entries: list[Entry] = []

    def add(self, entry: Entry) -> None:
        if self.style.noise and self.rng.random() < self.style.noise:
            blank = self.rng.random() < 0.5
            self.entries.append(Entry("blank", "") if blank
                                else Entry("comment", "# copied from the paper record"))
        self.entries.append(entry)

    def chance(self, rate: float) -> bool:
        return self.rng.random() < rate


def _play_turn(writer: _Writer, rules: BoxRules, box: int, role: str,
               block: int, pick) -> tuple[int, bool, int]:
    """Play one legal turn from ``box``; return the box after it, whether it completed the
    box, and the number of throws."""
    rng, style = writer.rng, writer.style
    extra = 0
    throws = 0
    while True:
        throws += 1
        throw = _throw(rng, rules, style, box)
        movable = movable_tiles(rules, box, role)
        if rules.format == "long-game" and throw.double:
            extra += 1  # docs/rules.md section 6: every double earns an extra turn
        if faces_needed(rules) and throw.dice == 2:
            throw, value = _operation(rng, rules, throw, movable)
            tiles = pick(rng, movable, value) if value is not None else ()
        else:
            tiles = pick(rng, movable, throw.total) if has_move(movable, throw.total) else ()
        checked = sum(tiles) if tiles and writer.chance(style.checked) else None
        after = apply_move(rules, box, tiles, role)
        completed = bool(tiles) and finished(rules, after, role)
        writer.add(Entry("throw", _throw_text(rng, style, throw, tiles, checked), block, throw,
                         tiles, box, role, completed, checked))
        box = after
        if completed:
            return box, True, throws
        if not tiles:
            if not extra:
                return box, False, throws
            extra -= 1


def _turn_text(writer: _Writer, name: str) -> str:
    if writer.style.loose and writer.chance(0.3):
        keyword = writer.rng.choice(("Turn", "TURN", "turn"))
        return f"{keyword} {writer.rng.choice((name.lower(), name.upper(), name))}"
    return f"turn {name}"


def _totals_text(players: tuple[str, ...], totals: tuple[int, ...]) -> str:
    return "totals: " + ", ".join(f"{name} {total}" for name, total in zip(players, totals, strict=True))


def random_box_game(rng: random.Random, rules: BoxRules, players: tuple[str, ...],
                    pick=pick_tiles) -> GeneratedGame:
    """Return a random legal game of ``rules`` for ``players`` (seat order) as a log, each
    move's tiles chosen by ``pick(rng, movable, total)`` (:func:`pick_tiles`: at random;
    :func:`pick_largest`: the largest tiles first).

    >>> game = random_box_game(random.Random(1), rules_for("strip"), ("Ana", "Ben"))
    >>> game.text.startswith("rules: strip\\nplayers: Ana, Ben\\n")
    True
    """
    style = _Style.draw(rng)
    writer = _Writer(rng, style)
    writer.entries.append(Entry("header", f"rules: {rules.describe()}"))
    writer.entries.append(Entry("header", "players: " + ", ".join(players)))
    if rng.random() < 0.2:
        writer.entries.append(Entry("header", "title: table 2, Thursday club"))
    play = start_play(rules, len(players))
    board = fresh_box(rules.tiles)
    throws = 0
    marked = 0
    block = 0
    scored = rules.format != "long-game"
    while not play.over:
        seat = play.due
        if seat is None:  # strip: attempts in seat rotation, or in any order
            seat = (min(play.waiting, key=lambda waiting: play.attempts[waiting])
                    if rng.random() < 0.5 else rng.choice(play.waiting))
        if style.markers and scored and rules.format != "two-attempts" and play.round != marked:
            marked = play.round
            writer.add(Entry("round", f"round {play.round}"))
        writer.add(Entry("turn", _turn_text(writer, players[seat]), block))
        role = "open" if rules.format == "long-game" and seat == OPENER else "close"
        box = board if rules.format == "long-game" else fresh_box(rules.tiles)
        box, completed, count = _play_turn(writer, rules, box, role, block, pick)
        throws += count
        board = box
        score = turn_score(rules, box) if scored else 0
        if scored and writer.chance(style.claims):
            writer.add(Entry("score", f"score: {score}", block))
        play = play.record(seat, score, completed)
        block += 1
        if scored and writer.chance(style.claims / 4):
            writer.add(Entry("totals", _totals_text(players, play.totals)))
    return _finish(writer, rules, players, play, throws)


def _finish(writer: _Writer, rules: BoxRules, players: tuple[str, ...], play: Play,
            throws: int) -> GeneratedGame:
    winners = tuple(players[seat] for seat in play.winners or ())
    loser = None if play.loser is None else players[play.loser]
    if rules.format != "long-game" and writer.chance(writer.style.claims):
        writer.add(Entry("totals", _totals_text(players, play.totals)))
    if loser is not None and writer.chance(writer.style.claims):
        writer.add(Entry("loser", f"loser: {loser}"))
    if writer.chance(writer.style.claims):
        writer.add(Entry("winner", "winner: " + (", ".join(winners) or "none")))
    entries = tuple(writer.entries)
    return GeneratedGame(rules, players, _text(entries), winners, loser, play.totals, throws,
                         play.attempts, entries)


def _text(entries: tuple[Entry, ...] | list[Entry]) -> str:
    return "\n".join(entry.text for entry in entries) + "\n"


# --- single faults ------------------------------------------------------------------------


def _blocks(entries: list[Entry]) -> dict[int, list[int]]:
    """Return, per block, the indices of its entries (its turn line first)."""
    blocks: dict[int, list[int]] = {}
    for index, entry in enumerate(entries):
        if entry.block >= 0:
            blocks.setdefault(entry.block, []).append(index)
    return blocks


def _retext(entry: Entry, throw_text: str | None = None, tiles: tuple[int, ...] | None = None,
            checked: int | None | bool = False) -> Entry:
    """Return ``entry`` (a throw) rewritten with another throw text, tiles or checked sum."""
    head, _, rest = entry.text.partition(":")
    tiles_part, equals, checked_part = rest.partition("=")
    head = throw_text if throw_text is not None else head
    if tiles is not None:
        tiles_part = " " + " ".join(map(str, tiles))
    checked_text = f" = {checked_part.strip()}" if equals else ""
    if checked is None:
        checked_text = ""
    elif checked is not False:
        checked_text = f" = {checked}"
    return replace(entry, text=f"{head}:{tiles_part.rstrip()}{checked_text}")


def _faces_for(rng: random.Random, total: int, double: bool) -> tuple[int, int] | None:
    pairs = [(a, total - a) for a in range(1, 7)
             if 1 <= total - a <= 6 and (a == total - a) == double]
    return rng.choice(pairs) if pairs else None


def _other_throw(rng: random.Random, entry: Entry, wanted) -> str | None:
    """Return the text of a throw of the same kind as ``entry``'s (one die, both faces or
    total only; a double stays a double) whose total is not the entry's and passes ``wanted``."""
    throw = entry.throw
    if throw.dice == 1:
        faces = [face for face in range(1, 7) if face != throw.total and wanted(face)]
        return f"die {rng.choice(faces)}" if faces else None
    totals = [total for total in range(2, 13) if total != throw.total and wanted(total)]
    if not throw.faces:
        return str(rng.choice(totals)) if totals else None
    rng.shuffle(totals)
    for total in totals:
        faces = _faces_for(rng, total, throw.double)
        if faces:
            return f"{faces[0]}+{faces[1]}"
    return None


def _fault(entries: list[Entry], code: str, index: int | None, also=frozenset()) -> Fault:
    return Fault(_text(entries), code, None if index is None else index + 1, also)


def inject_fault(rng: random.Random, game: GeneratedGame, code: str) -> Fault | None:
    """Return ``game`` with one fault of ``code`` put in (docs/log-format.md, "Error codes"), the
    line it must be reported on and the other codes it may bring; ``None`` when this game
    offers no place for that fault (e.g. no score claim in the long game)."""
    entries = list(game.entries)
    return _INJECTORS[code](rng, game, entries)


def _throws(entries: list[Entry], test) -> list[int]:
    return [index for index, entry in enumerate(entries) if entry.kind == "throw" and test(entry)]


def _choose(rng: random.Random, candidates: list[int]) -> int | None:
    return rng.choice(candidates) if candidates else None


def _steady(game: GeneratedGame, entry: Entry) -> bool:
    """Return whether rewriting ``entry``'s throw keeps the flow of the game: outside the
    long game always; in it, only a two-dice throw that is not a double."""
    return game.rules.format != "long-game" or (entry.throw.dice == 2 and not entry.throw.double)


def _syntax(rng, game, entries):
    start = sum(1 for entry in entries if entry.kind == "header")
    index = rng.randint(start, len(entries))
    entries.insert(index, Entry("bad", rng.choice(UNREADABLE_LINES)))
    return _fault(entries, "syntax", index)


def _bad_roll(rng, game, entries):
    index = _choose(rng, _throws(entries, lambda entry: entry.throw.dice == 2
                                 and _steady(game, entry)))
    if index is None:
        return None
    total = entries[index].throw.total
    entries[index] = _retext(entries[index], f"7+{total - 7}" if total >= 8 else f"0+{total}")
    return _fault(entries, "bad-roll", index)


def _one_die(rng, game, entries):
    rules = game.rules
    index = _choose(rng, _throws(entries, lambda entry: entry.throw.dice == 2
                                 and entry.throw.total <= 6 and _steady(game, entry)
                                 and not one_die_allowed(rules, entry.box)))
    if index is None:
        return None
    entries[index] = _retext(entries[index], f"die {entries[index].throw.total}")
    return _fault(entries, "one-die-not-allowed", index)


def _sum_mismatch(rng, game, entries):
    candidates = _throws(entries, lambda entry: bool(entry.tiles))
    rng.shuffle(candidates)
    for index in candidates:
        text = _other_throw(rng, entries[index], lambda total: True)
        if text:
            # docs/log-format.md ruling 3: if the new throw has no move and its tiles completed
            # the box, the turn ends with the box before it, and the game goes on
            also = None if entries[index].completed else frozenset()
            entries[index] = _retext(entries[index], text)
            return _fault(entries, "sum-mismatch", index, also)
    return None


def _checked_sum(rng, game, entries):
    index = _choose(rng, _throws(entries, lambda entry: bool(entry.tiles)))
    if index is None:
        return None
    entries[index] = _retext(entries[index], checked=sum(entries[index].tiles) + 1)
    return _fault(entries, "checked-sum", index)


def _repeated_tile(rng, game, entries):
    index = _choose(rng, _throws(entries, lambda entry: bool(entry.tiles)))
    if index is None:
        return None
    tiles = entries[index].tiles
    entries[index] = _retext(entries[index], tiles=tiles + (rng.choice(tiles),), checked=None)
    return _fault(entries, "repeated-tile", index, frozenset({"sum-mismatch"}))


def _tile_unavailable(rng, game, entries):
    index = _choose(rng, _throws(entries, lambda entry: bool(entry.tiles) and not entry.completed
                                 and _steady(game, entry)))
    if index is None:
        return None
    entries.insert(index + 1, entries[index])
    return _fault(entries, "tile-unavailable", index + 1)


def _missed_move(rng, game, entries):
    candidates = _throws(entries, lambda entry: not entry.tiles)
    rng.shuffle(candidates)
    for index in candidates:
        entry = entries[index]
        movable = movable_tiles(game.rules, entry.box, entry.role)
        text = _other_throw(rng, entry, partial(has_move, movable))
        if text:
            entries[index] = _retext(entry, text)
            return _fault(entries, "missed-move", index)
    return None


def _play_after_end(rng, game, entries):
    block = rng.choice(list(_blocks(entries).values()))
    last = max(index for index in block if entries[index].kind == "throw")
    entries.insert(last + 1, Entry("throw", rng.choice(("5: 5", "3+4: 7", "9: -", "die 2: 2"))))
    return _fault(entries, "play-after-end", last + 1)


def _unfinished_turn(rng, game, entries):
    ends = [indices for indices in _blocks(entries).values()
            if not entries[max(i for i in indices if entries[i].kind == "throw")].tiles]
    if not ends:
        return None
    block = rng.choice(ends)
    del entries[max(index for index in block if entries[index].kind == "throw")]
    return _fault(entries, "unfinished-turn", block[0])


def _wrong_score(rng, game, entries):
    if game.rules.format == "long-game":
        return None
    blocks = list(_blocks(entries).values())
    indices = rng.choice(blocks)
    claim = next((index for index in indices if entries[index].kind == "score"), None)
    last = max(index for index in indices if entries[index].kind == "throw")
    score = turn_score(game.rules, _box_after(game.rules, entries[last]))
    wrong = score + 1 if score == 0 or rng.random() < 0.5 else score - 1
    if claim is None:
        claim = last + 1
        entries.insert(claim, Entry("score", "", entries[last].block))
    entries[claim] = replace(entries[claim], text=f"score: {wrong}")
    return _fault(entries, "wrong-score", claim)


def _box_after(rules: BoxRules, entry: Entry) -> int:
    return apply_move(rules, entry.box, entry.tiles, entry.role)


def _claims_end(entries: list[Entry]) -> int:
    """Return where the closing claims begin (after the last block's last entry)."""
    last_block = max(index for index, entry in enumerate(entries) if entry.block >= 0)
    return last_block + 1


def _wrong_total(rng, game, entries):
    if game.rules.format == "long-game":
        return None
    totals = list(game.totals)
    seat = rng.randrange(len(totals))
    totals[seat] += rng.choice((1, 2, 10))
    index = _claims_end(entries)
    entries.insert(index, Entry("totals", _totals_text(game.players, tuple(totals))))
    return _fault(entries, "wrong-total", index)


def _wrong_winner(rng, game, entries):
    others = [name for name in game.players if name not in game.winners]
    if game.loser is not None and rng.random() < 0.5:
        wrong = rng.choice([name for name in game.players if name != game.loser])
        text = f"loser: {wrong}"
    else:
        wrong_names = [rng.choice(others)] if others else ["none"]
        text = "winner: " + ", ".join(wrong_names)
    index = len(entries)
    entries.append(Entry("winner", text))
    return _fault(entries, "wrong-winner", index)


def _turn_order(rng, game, entries):
    if game.rules.format == "two-attempts" or len(game.players) < 2:
        return None
    blocks = _blocks(entries)
    if len(blocks) < 2 or (game.rules.format in ("shut-wins", "hundred") and len(blocks) < 3):
        return None
    first, second = blocks[0], blocks[1]
    between = entries[first[-1] + 1:second[0]]
    if any(entry.kind not in ("blank", "comment") for entry in between):
        return None
    moved = [entries[index] for index in second]
    stayed = [entries[index] for index in first]
    entries[first[0]:second[-1] + 1] = moved + between + stayed
    also = None if game.rules.format == "long-game" else frozenset()
    return _fault(entries, "turn-order", first[0], also)


def _unknown_player(rng, game, entries):
    indices = rng.choice(list(_blocks(entries).values()))
    entries[indices[0]] = replace(entries[indices[0]], text=f"turn {UNKNOWN_NAME}")
    also = frozenset()
    if game.rules.format == "two-attempts":  # the attempt counts for nobody (docs/log-format.md)
        also = frozenset({"missing-turn", "wrong-total", "wrong-winner"})
    return _fault(entries, "unknown-player", indices[0], also)


def _extra_turn(rng, game, entries):
    indices = rng.choice(list(_blocks(entries).values()))
    index = len(entries)
    entries.extend(entries[i] for i in indices)
    return _fault(entries, "extra-turn", index)


def _missing_turn(rng, game, entries):
    last = max(_blocks(entries))
    start = _blocks(entries)[last][0]
    del entries[start:]
    return _fault(entries, "missing-turn", None)


def _dice_needed(rng, game, entries):
    if game.rules.format != "long-game":
        return None
    index = _choose(rng, _throws(entries, lambda entry: entry.throw.dice == 2
                                 and not entry.throw.double))
    if index is None:
        return None
    entries[index] = _retext(entries[index], str(entries[index].throw.total))
    return _fault(entries, "dice-needed", index)


_INJECTORS = {
    "syntax": _syntax, "unknown-player": _unknown_player, "bad-roll": _bad_roll,
    "one-die-not-allowed": _one_die, "tile-unavailable": _tile_unavailable,
    "repeated-tile": _repeated_tile, "sum-mismatch": _sum_mismatch, "missed-move": _missed_move,
    "play-after-end": _play_after_end, "unfinished-turn": _unfinished_turn,
    "checked-sum": _checked_sum, "wrong-score": _wrong_score, "wrong-total": _wrong_total,
    "wrong-winner": _wrong_winner, "turn-order": _turn_order, "extra-turn": _extra_turn,
    "missing-turn": _missing_turn, "dice-needed": _dice_needed,
}


# --- game lengths: habits real players have (issue 22 item 4) -----------------------------


@dataclass(frozen=True)
class Habit:
    """How a player plays, for measuring game lengths: when they throw one die where the
    preset allows it (``dice``: ``never``, ``allowed`` whenever allowed, ``low`` only when the
    open tiles add up to 6 or less, ``mixed`` as :func:`random_box_game` does, a chance of 0,
    1/2 or 1 drawn per game) and which tiles they move (``pick``: :func:`pick_tiles` at random
    or :func:`pick_largest`). The rules core judges what is allowed (docs/rules.md section 1)."""

    name: str
    dice: str
    pick: object

    def one_die(self, rng: random.Random, rules: BoxRules, box: int, chance: float) -> bool:
        if not one_die_allowed(rules, box):
            return False
        if self.dice == "allowed":
            return True
        if self.dice == "low":
            return open_sum(box) <= LOW_SUM_LIMIT
        return self.dice == "mixed" and rng.random() < chance


@cache
def _tile_choices(movable: int, total: int) -> tuple[int, ...]:
    """The tiles :func:`pick_tiles` chooses among (cached for the length measurements)."""
    return tuple(tile for tile in tiles_of(movable) if tile == total
                 or (tile < total and has_move(movable & ~(1 << (tile - 1)), total - tile)))


def _quick_random(rng: random.Random, movable: int, total: int) -> tuple[int, ...]:
    """:func:`pick_tiles` with its choices cached: the same tiles for the same ``rng``."""
    tiles = []
    while total:
        tile = rng.choice(_tile_choices(movable, total))
        tiles.append(tile)
        movable &= ~(1 << (tile - 1))
        total -= tile
    return tuple(tiles)


@cache
def _quick_largest(movable: int, total: int) -> tuple[int, ...]:
    return pick_largest(random.Random(0), movable, total)


QUICK = {pick_tiles: _quick_random, pick_largest: lambda rng, movable, total: _quick_largest(movable, total)}

HABITS = tuple(Habit(f"{dice} {pick.__name__.removeprefix('pick_')}", dice, pick)
               for dice in ("mixed", "never", "allowed", "low") for pick in (pick_tiles, pick_largest))


def habits_for(rules: BoxRules) -> tuple[Habit, ...]:
    """Return the habits that differ under ``rules``: where one die is never allowed, the
    dice habits all throw two dice, so only the tile habits are kept."""
    return HABITS if rules.one_die != "never" else tuple(habit for habit in HABITS if habit.dice == "never")


def box_game_length(rng: random.Random, rules: BoxRules, seats: int, habit: Habit) -> tuple[int, int]:
    """Play one legal game of ``rules`` for ``seats`` players under ``habit`` through the rules
    core and :class:`Play`, writing no log; return (the most turns a seat took, throws)."""
    chance = rng.choice((0.0, 0.5, 1.0))
    play = start_play(rules, seats)
    board = fresh_box(rules.tiles)
    throws = 0
    long_game = rules.format == "long-game"
    pick = QUICK[habit.pick]
    dice = rng.random
    while not play.over:
        seat = play.due
        if seat is None:  # strip: attempts in seat rotation
            seat = min(play.waiting, key=lambda waiting: play.attempts[waiting])
        role = "open" if long_game and seat == OPENER else "close"
        box = board if long_game else fresh_box(rules.tiles)
        extra = 0
        completed = False
        while True:
            throws += 1
            if habit.one_die(rng, rules, box, chance):
                total, double = int(dice() * 6) + 1, False
            else:
                first, second = int(dice() * 6) + 1, int(dice() * 6) + 1
                total, double = first + second, first == second
            if long_game and double:
                extra += 1  # docs/rules.md section 6: every double earns an extra turn
            movable = movable_tiles(rules, box, role)
            if has_move(movable, total):
                box = apply_move(rules, box, pick(rng, movable, total), role)
                if finished(rules, box, role):
                    completed = True
                    break
            elif extra:
                extra -= 1
            else:
                break
        board = box
        play = play.record(seat, turn_score(rules, box) if not long_game else 0, completed)
    return max(play.attempts), throws
