"""The exact-sum box shared by every Shut the Box preset (docs/rules.md section 1).

Throws, tile lists, box states, the values a throw makes under the operations a table allows
(section 9), judging a move, whether a move exists, and turn scores.
Syntax is kept apart from legality: :func:`parse_throw` and :func:`parse_tiles` raise at
the first syntax fault and accept impossible values (``13``, ``7+1``, ``die 0``, tile 13);
:func:`judge_move` returns every :class:`Problem` of a move on a box state.

A **box state** is an ``int`` bitmask of the open tiles: tile ``t`` is bit ``t - 1``, so a
fresh 9-tile box is ``0b111111111`` (:func:`fresh_box`). In the long game the opener's moves
open shut tiles (docs/rules.md section 6): every function that moves tiles takes a ``role``,
``"close"`` (shut open tiles) or ``"open"`` (open shut tiles).

Whether a move exists is answered by a table built once at import, from every set of open
tiles (a 12-bit mask; a smaller box uses the low bits) to the bitset of totals its non-empty
subsets reach: a lookup, never a list of moves. Nothing here names, counts or ranks moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal, NamedTuple

from kitgen.errors import ThrowSyntaxError, TileSyntaxError
from kitgen.games.box.presets import BoxRules, Operation
from kitgen.rules.numbers import NumberSyntaxError, parse_number, read_number
from kitgen.rules.problems import Problem

Role = Literal["close", "open"]

MAX_TILES = 12  # docs/rules.md section 1: N = 9, 10 or 12
FACES = range(1, 7)  # docs/rules.md section 1: six-sided dice, faces 1-6
TWO_DICE_TOTALS = range(2, 13)  # docs/rules.md section 1: two dice total 2-12
HIGH_SHUT_FROM = 7  # docs/rules.md section 1, one-die "high-shut": every tile from 7 up to N is shut
LOW_SUM_LIMIT = 6  # docs/rules.md section 1, one-die "low-sum": the open tiles add up to 6 or less
FIRST_THROW_LEAST = 2  # docs/rules.md section 1: the first throw (two dice, full box) shuts at least 2
NO_MOVE_WORDS = ("-", "none", "no move")  # docs/log-format.md: a throw with no move (any case and spacing)
# docs/log-format.md, "Shut the Box presets": the signs a two-dice throw names its operation by
OPERATION_SIGNS: dict[str, Operation] = {
    "+": "add", "-": "sub", "\u2212": "sub", "x": "mul", "*": "mul", "\u00d7": "mul", "/": "div", "\u00f7": "div"}
SIGN_OF: dict[Operation, str] = {"add": "+", "sub": "-", "mul": "x", "div": "/"}  # as a throw's text writes it


def _tile(word: str) -> int:
    """Return the tile number ``word`` writes (:func:`parse_number`); raises
    :class:`TileSyntaxError` otherwise."""
    try:
        return parse_number(word)
    except NumberSyntaxError as fault:
        reason = "tile-too-long" if fault.too_long else "not-a-tile"
        raise TileSyntaxError(Problem("syntax", reason, (("word", word),))) from None


@dataclass(frozen=True)
class Throw:
    """One throw as written: ``dice`` (1 or 2), the ``faces`` written (empty when a two-dice
    throw gives its total only), the ``total`` of the dice and ``op``, the operation a two-dice
    throw names besides ``+`` (``mul`` for ``6x2``: docs/rules.md section 9; ``None`` for
    ``5+3``, a total or one die: see :attr:`operation`). Values need not be possible (see
    :attr:`possible`)."""

    dice: int
    faces: tuple[int, ...]
    total: int
    op: Operation | None = None

    def __repr__(self) -> str:
        """Return the throw's fields, ``op`` only when the throw names one besides ``+``."""
        named = f", op={self.op!r}" if self.op is not None else ""
        return f"Throw(dice={self.dice!r}, faces={self.faces!r}, total={self.total!r}{named})"

    @cached_property
    def text(self) -> str:
        """Return the throw as a log writes it: ``8``, ``5+3``, ``6x2`` or ``die 4`` (cached: a
        log reader's throws are shared by every line that writes them)."""
        if self.dice == 1:
            return f"die {self.total}"
        return SIGN_OF[self.op or "add"].join(map(str, self.faces)) if self.faces else str(self.total)

    @cached_property
    def operation(self) -> Operation | None:
        """Return the operation the throw names: ``add`` for ``5+3``, ``mul`` for ``6x2``,
        ``None`` for a total or one die (docs/rules.md section 9).

        >>> parse_throw("5+3").operation, parse_throw("6x2").operation, parse_throw("8").operation
        ('add', 'mul', None)
        """
        if self.op is not None:
            return self.op
        return "add" if self.dice == 2 and self.faces else None

    @cached_property
    def value(self) -> int | None:
        """Return the value the throw's operation makes (docs/rules.md section 9): its total
        for a total, one die or ``add``; ``None`` when the operation makes none for the faces
        (``3-3``, ``5/2``).

        >>> parse_throw("6x2").value, parse_throw("2/6").value, parse_throw("5/2").value
        (12, 3, None)
        """
        if self.op is None:
            return self.total
        return operation_value(self.op, self.faces)

    @cached_property
    def possible(self) -> bool:
        """Return whether real dice can show this throw: every face 1-6, a two-dice total
        2-12 (docs/rules.md section 1)."""
        if self.faces:
            return all(face in FACES for face in self.faces)
        return self.total in TWO_DICE_TOTALS

    @cached_property
    def double(self) -> bool:
        """Return whether this is a possible two-dice throw showing the same face twice
        (docs/rules.md section 6); a total-only throw shows no double."""
        return len(self.faces) == 2 and self.faces[0] == self.faces[1] and self.possible


def operation_value(op: Operation, faces: tuple[int, ...]) -> int | None:
    """Return the value the operation ``op`` makes from two ``faces`` (docs/rules.md section 9):
    ``add`` their sum; ``sub`` the larger minus the smaller, when they differ; ``mul`` their
    product; ``div`` the larger divided by the smaller, when it divides exactly; else ``None``.

    >>> [operation_value(op, (3, 6)) for op in ("add", "sub", "mul", "div")]
    [9, 3, 18, 2]
    >>> operation_value("sub", (4, 4)), operation_value("div", (4, 4)), operation_value("div", (5, 2))
    (None, 1, None)
    """
    high, low = max(faces), min(faces)
    if op == "add":
        return high + low
    if op == "mul":
        return high * low
    if op == "sub":
        return high - low if high != low else None
    return high // low if low and high % low == 0 else None


def _operation_sign(words: str) -> str | None:
    """Return the first operation sign in ``words`` (:data:`OPERATION_SIGNS`), or ``None``."""
    return next((char for char in words if char in OPERATION_SIGNS), None)


def parse_throw(text: str) -> Throw:
    """Return the :class:`Throw` written as ``8`` (two dice, total only), ``5+3`` (two dice,
    both faces), ``6x2``, ``6-2``, ``6/2`` (two dice and the operation used, docs/rules.md
    section 9; also ``X``, ``*``, ``\u00d7``, ``\u2212``, ``\u00f7``) or ``die 4`` (one die), ignoring case and
    spaces (docs/log-format.md, "Shut the Box presets"). Impossible values such as ``13``,
    ``7+1`` or ``die 0`` parse, and so does an operation the table does not allow.

    Raises :class:`ThrowSyntaxError` for any other text.

    >>> parse_throw("5+3")
    Throw(dice=2, faces=(5, 3), total=8)
    >>> parse_throw("6x2")
    Throw(dice=2, faces=(6, 2), total=8, op='mul')
    >>> parse_throw("6 X 2").text, parse_throw("6\u00f72").op
    ('6x2', 'div')
    >>> parse_throw("die 4").total
    4
    """
    words = text.strip().lower()
    sign = _operation_sign(words)
    if words.startswith("die"):
        face = read_number(words[3:].strip())
        if face is not None:
            return Throw(1, (face,), face)
    elif sign is not None:
        first, _, second = words.partition(sign)
        faces = (read_number(first.strip()), read_number(second.strip()))
        if faces[0] is not None and faces[1] is not None:
            op = OPERATION_SIGNS[sign]
            return Throw(2, (faces[0], faces[1]), faces[0] + faces[1], None if op == "add" else op)
    else:
        total = read_number(words)
        if total is not None:
            return Throw(2, (), total)
    raise ThrowSyntaxError(Problem("syntax", _sentence_fault(words), (("text", text.strip()),)))


_WRONG_VALUE = re.compile(r"(.+?)\s*\(value\s+[^()]*\)")  # a number sentence's value written wrong


def _sentence_fault(words: str) -> str:
    """Return why ``words`` (lower case) is not a throw: ``no-operation`` for two faces and
    no sign between them (``6 2``), ``operations`` for two faces and more than one sign
    (``6x/2``), ``die-missing`` for a sign with a face missing beside it (``x2``): a number
    sentence of a fillable kit's roll record with no operation ticked, two ticked, or a die
    left blank (docs/FORMS.md); else ``throw``.

    A throw followed by ``(value N)`` is ``value``: a sentence whose value is written wrong.

    >>> _sentence_fault("6 2"), _sentence_fault("6x/2"), _sentence_fault("x 2"), _sentence_fault("five")
    ('no-operation', 'operations', 'die-missing', 'throw')
    >>> _sentence_fault("6x2 (value 13)")
    'value'
    """
    written = _WRONG_VALUE.fullmatch(words)
    if written:
        try:
            parse_throw(written[1])
        except ThrowSyntaxError:
            return "throw"
        return "value"
    signs = [char for char in words if char in OPERATION_SIGNS]
    parts = [part.strip() for part in re.split("[" + re.escape("".join(OPERATION_SIGNS)) + "]+", words)]
    if not signs:
        faces = words.split()
        return "no-operation" if len(faces) == 2 and all(read_number(face) is not None for face in faces) else "throw"
    if len(parts) != 2 or any(part and read_number(part) is None for part in parts):
        return "throw"
    if not all(parts):
        return "die-missing"
    return "operations" if len(signs) > 1 else "throw"


def is_no_move(text: str) -> bool:
    """Return whether ``text`` writes "no move": ``-``, ``none`` or ``no move``, ignoring case
    and spacing (docs/log-format.md, "Shut the Box presets").

    >>> is_no_move(" No  MOVE "), is_no_move("nomove")
    (True, False)
    """
    return " ".join(text.lower().split()) in NO_MOVE_WORDS


def parse_tiles(text: str) -> tuple[int, ...]:
    """Return the tile numbers written in ``text``, in the order written, separated by
    spaces, commas or ``+``; ``-``, ``none`` or ``no move`` (any case and spacing, as the kit
    words it) is the empty tuple, "no move" (docs/log-format.md, "Shut the Box presets"). Tiles
    off the box and repeats parse.

    Raises :class:`TileSyntaxError` for anything but numbers, for an empty list, and for
    more numbers than the largest box has tiles (12).

    >>> parse_tiles("6 4, 2")
    (6, 4, 2)
    >>> parse_tiles("none"), parse_tiles("No  Move")
    ((), ())
    """
    words = text.strip().lower()
    if is_no_move(words):
        return ()
    numbers = words.replace(",", " ").replace("+", " ").split()
    if not numbers:
        raise TileSyntaxError(Problem("syntax", "no-tiles"))
    if len(numbers) > MAX_TILES:
        raise TileSyntaxError(Problem("syntax", "too-many-tiles", (("text", text.strip()),)))
    return tuple(_tile(word) for word in numbers)


def fresh_box(tiles: int) -> int:
    """Return the state of a fresh box of tiles 1..``tiles``: every tile open.

    >>> bin(fresh_box(9))
    '0b111111111'
    """
    return (1 << tiles) - 1


def box_of(tiles: tuple[int, ...] | list[int]) -> int:
    """Return the box state with exactly ``tiles`` open (each 1..12).

    >>> box_of((1, 5, 9)) == 0b100010001
    True
    """
    box = 0
    for tile in tiles:
        box |= 1 << (tile - 1)
    return box


@lru_cache(maxsize=1 << MAX_TILES)
def tiles_of(box: int) -> tuple[int, ...]:
    """Return the open tiles of ``box`` in ascending order (cached: 4096 states at most).

    >>> tiles_of(0b100010001)
    (1, 5, 9)
    """
    return tuple(tile for tile in range(1, box.bit_length() + 1) if box >> (tile - 1) & 1)


def _tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Build, for every set of tiles from 1..12 (a 12-bit mask), the bitset of totals its
    non-empty subsets reach (bit ``t`` for total ``t``) and the tiles' sum."""
    size = 1 << MAX_TILES
    reach = [0] * size
    sums = [0] * size
    for box in range(1, size):
        lowest = box & -box
        tile = lowest.bit_length()
        rest = box ^ lowest
        reach[box] = reach[rest] | (reach[rest] << tile) | (1 << tile)
        sums[box] = sums[rest] + tile
    return tuple(reach), tuple(sums)


_REACH, _SUMS = _tables()


def has_move(movable: int, total: int) -> bool:
    """Return whether some non-empty set of the tiles in ``movable`` adds up to ``total``
    (docs/rules.md section 1). ``movable`` is the open tiles for a closer, the shut tiles of the
    box for the long game's opener. Answered by lookup, without listing moves.

    >>> has_move(0b100010001, 4)  # 1, 5, 9 open; neither 4 nor 3+1 can be made
    False
    >>> has_move(0b100010001, 10)
    True
    """
    return bool(_REACH[movable] >> total & 1)


def open_sum(box: int) -> int:
    """Return the sum of the open tiles of ``box``.

    >>> open_sum(0b100010001)
    15
    """
    return _SUMS[box]


def movable_tiles(rules: BoxRules, box: int, role: Role = "close") -> int:
    """Return the tiles a move may use on ``box``: the open tiles when closing, the shut
    tiles of the preset's box when opening (docs/rules.md section 6)."""
    return box if role == "close" else fresh_box(rules.tiles) & ~box


def one_die_allowed(rules: BoxRules, box: int) -> bool:
    """Return whether the preset's one-die condition holds on ``box`` (docs/rules.md section 1):
    ``never``; ``high-shut``, every tile from 7 up to N shut; ``low-sum``, the open tiles
    add up to 6 or less. The long game judges it on the board as it stands, for either role.

    >>> from kitgen.games import find_preset
    >>> one_die_allowed(find_preset("hundred").defaults, 0b000111111)
    True
    """
    if rules.one_die == "high-shut":
        return box >> (HIGH_SHUT_FROM - 1) == 0
    if rules.one_die == "low-sum":
        return _SUMS[box] <= LOW_SUM_LIMIT
    return False


def turn_score(rules: BoxRules, box: int) -> int:
    """Return the score of a turn that ends on ``box`` (docs/rules.md section 1): the sum of the
    open tiles, or with ``digits`` scoring the open tiles read in ascending order as one
    decimal number; 0 for a shut box.

    >>> from kitgen.games import find_preset
    >>> turn_score(find_preset("hundred").configure({"scoring": "digits"}), 0b100010001)
    159
    """
    if rules.scoring == "digits":
        return int("".join(map(str, tiles_of(box))) or 0)
    return _SUMS[box]


def faces_needed(rules: BoxRules) -> bool:
    """Return whether ``rules`` allow an operation besides ``add``, so that every two-dice
    throw must give both faces (docs/rules.md section 9)."""
    return rules.ops != ("add",)


def throw_values(rules: BoxRules, throw: Throw) -> tuple[int, ...]:
    """Return, ascending, the values ``throw`` makes under the operations ``rules`` allow
    (docs/rules.md section 9): for two faces, each allowed operation's value (none when no
    allowed operation makes one); for a total or one die, the total (a total-only throw is
    judged as an ``add`` throw of it).

    >>> from kitgen.games import find_preset
    >>> throw_values(find_preset("classic").configure({"ops": "add+mul"}), parse_throw("6+2"))
    (8, 12)
    >>> throw_values(find_preset("classic").configure({"ops": "sub"}), parse_throw("3-3"))
    ()
    """
    if not throw.faces or throw.dice == 1:
        return (throw.total,)
    values = {operation_value(op, throw.faces) for op in rules.ops}
    return tuple(sorted(value for value in values if value is not None))


def possible_values(rules: BoxRules) -> tuple[int, ...]:
    """Return, ascending, every value a throw can make under ``rules`` (docs/rules.md sections 1
    and 9): the values of every pair of faces (:func:`throw_values`) and, where one die may be
    thrown, each face; up to 36 (6 x 6).

    >>> from kitgen.games import find_preset
    >>> possible_values(find_preset("strip").configure({"ops": "mul"}))
    (1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 18, 20, 24, 25, 30, 36)
    >>> possible_values(find_preset("strip").defaults) == tuple(TWO_DICE_TOTALS)
    True
    """
    throws = [Throw(2, (first, second), first + second) for first in FACES for second in FACES if first <= second]
    if rules.one_die != "never":
        throws += [Throw(1, (face,), face) for face in FACES]
    return tuple(sorted({value for throw in throws for value in throw_values(rules, throw)}))


def throw_has_move(rules: BoxRules, movable: int, throw: Throw) -> bool:
    """Return whether some value ``throw`` makes under ``rules`` (:func:`throw_values`) can be
    made from the tiles in ``movable``: whether the throw has a move (docs/rules.md sections 1
    and 9). Answered by lookup, without listing moves.

    >>> from kitgen.games import find_preset
    >>> throw_has_move(find_preset("classic").configure({"ops": "add+mul"}), 0b100010000, parse_throw("5x1"))
    True
    """
    return any(has_move(movable, value) for value in throw_values(rules, throw))


def _bad_operation(rules: BoxRules, throw: Throw, tiles: tuple[int, ...]) -> Problem | None:
    """Return the ``bad-operation`` problem of ``throw`` (docs/log-format.md): an operation the
    table does not allow, or one that makes no value for the faces. A no-move claim on a throw
    that makes no value under any allowed operation is none: it is the throw of docs/rules.md
    section 9 that has no move even on a full box (docs/log-format.md, "Shut the Box presets")."""
    op = throw.operation
    if op is None:
        return None
    if op not in rules.ops:
        return Problem("bad-operation", "not-allowed", (("throw", throw.text), ("op", op), ("ops", rules.ops)))
    if throw.value is None and (tiles or throw_values(rules, throw)):
        return Problem("bad-operation", "no-value", (("throw", throw.text), ("op", op)))
    return None


def _bad_roll(throw: Throw) -> Problem:
    if throw.faces:
        wrong = [face for face in throw.faces if face not in FACES]
        return Problem("bad-roll", "faces", (("throw", throw.text), ("faces", tuple(wrong))))
    return Problem("bad-roll", "total", (("total", throw.total),))


_OFF_EVERY_BOX = 1 << MAX_TILES  # the bit :func:`_written` sets for a tile outside 1..12


class _Written(NamedTuple):
    """What judging and applying a move needs of its tiles as written: their bitmask (bit
    ``t - 1`` for tile ``t``, bit 12 for any tile outside 1..12), their sum (repeats
    included) and whether a tile is written twice."""

    mask: int
    total: int
    repeated: bool


@lru_cache(maxsize=4096)
def _written(tiles: tuple[int, ...]) -> _Written:
    """Return :class:`_Written` for ``tiles``. Cached: a log repeats its moves, and a move
    is judged and then applied."""
    mask = 0
    for tile in tiles:
        mask |= 1 << (tile - 1) if 1 <= tile <= MAX_TILES else _OFF_EVERY_BOX
    return _Written(mask, sum(tiles), len(set(tiles)) != len(tiles))


def _unavailable(rules: BoxRules, tiles: tuple[int, ...], movable: int, role: Role) -> Problem:
    off_box = sorted({tile for tile in tiles if not 1 <= tile <= rules.tiles})
    stuck = sorted({tile for tile in tiles
                    if 1 <= tile <= rules.tiles and not movable >> (tile - 1) & 1})
    return Problem("tile-unavailable", "unavailable", (
        ("stuck", tuple(stuck)), ("off_box", tuple(off_box)), ("size", rules.tiles), ("role", role)))


def _repeated(tiles: tuple[int, ...]) -> Problem:
    repeated = sorted({tile for tile in tiles if tiles.count(tile) > 1})
    return Problem("repeated-tile", "repeated", (("tiles", tuple(repeated)),))


def _sum_mismatch(tiles: tuple[int, ...], throw: Throw) -> Problem:
    if throw.op is None:
        return Problem("sum-mismatch", "mismatch", (("tiles", tiles), ("total", throw.total)))
    return Problem("sum-mismatch", "value", (("tiles", tiles), ("throw", throw.text), ("value", throw.value)))


def judge_move(
    rules: BoxRules, box: int, throw: Throw, tiles: tuple[int, ...], role: Role = "close"
) -> tuple[Problem, ...]:
    """Return every problem of moving ``tiles`` (``()``: "no move") after ``throw`` on
    ``box`` under ``rules`` (docs/rules.md sections 1 and 6), in the order below; ``()`` if the
    move, or the "no move" claim, is right.

    Codes (docs/log-format.md, "Error codes"): ``bad-roll`` (a face outside 1-6, a two-dice total
    outside 2-12), ``one-die-not-allowed``, ``dice-needed`` (a total only, where ``rules``
    allow an operation besides ``add``: then judged as an ``add`` throw of it),
    ``bad-operation`` (docs/rules.md section 9: then only ``repeated-tile`` and
    ``tile-unavailable`` are judged), ``repeated-tile``, ``tile-unavailable`` (off the
    box, or not open; for ``role="open"`` not shut), ``sum-mismatch`` (the tiles as written,
    repeats included, against the value the throw's operation makes) and ``missed-move`` ("no
    move" although some value the throw makes under ``rules`` had one; not judged for an
    impossible throw). A message names only tiles the caller wrote.

    >>> from kitgen.games import find_preset
    >>> strip = find_preset("strip").defaults
    >>> judge_move(strip, fresh_box(9), parse_throw("8"), (3, 5))
    ()
    >>> problems = judge_move(strip, 0b111111110, parse_throw("7+1"), (1, 1, 7))
    >>> [problem.code for problem in problems]
    ['bad-roll', 'repeated-tile', 'tile-unavailable', 'sum-mismatch']
    """
    problems = []
    possible = throw.possible
    if not possible:
        problems.append(_bad_roll(throw))
    if throw.dice == 1 and not one_die_allowed(rules, box):
        problems.append(Problem("one-die-not-allowed", "rule", (("throw", throw.text), ("rule", rules.one_die))))
    if throw.dice == 2 and not throw.faces and faces_needed(rules):
        problems.append(Problem("dice-needed", "ops", (("total", throw.total), ("ops", rules.ops))))
    bad_operation = _bad_operation(rules, throw, tiles)
    if bad_operation is not None:
        problems.append(bad_operation)
    movable = movable_tiles(rules, box, role)
    if not tiles:
        if possible and bad_operation is None and throw_has_move(rules, movable, throw):
            problems.append(Problem("missed-move", "no-move", (("throw", throw.text),)))
        return tuple(problems)
    written = _written(tiles)
    if written.repeated:
        problems.append(_repeated(tiles))
    if written.mask & ~movable:
        problems.append(_unavailable(rules, tiles, movable, role))
    if bad_operation is None and written.total != throw.value:
        problems.append(_sum_mismatch(tiles, throw))
    return tuple(problems)


def apply_move(rules: BoxRules, box: int, tiles: tuple[int, ...], role: Role = "close") -> int:
    """Return ``box`` after moving ``tiles`` as written: every written tile that is on the
    box and movable (open when closing, shut when opening) is shut (opened); the others
    are left as they are, as docs/log-format.md's "state as written" asks.

    >>> from kitgen.games import find_preset
    >>> tiles_of(apply_move(find_preset("strip").defaults, fresh_box(9), (3, 5, 13)))
    (1, 2, 4, 6, 7, 8, 9)
    """
    moved = _written(tiles).mask & fresh_box(rules.tiles)
    if role == "close":
        return box & ~moved
    return box | moved


def finished(rules: BoxRules, box: int, role: Role = "close") -> bool:
    """Return whether a turn's moves have completed ``box`` for their ``role``: every tile
    shut when closing, every tile open when opening (docs/rules.md sections 1 and 6)."""
    return box == 0 if role == "close" else box == fresh_box(rules.tiles)
