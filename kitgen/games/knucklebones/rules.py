"""Knucklebones: grids, placements, removals, scores, games and matches (docs/rules.md section 7).

Pure values and functions. A :class:`Grid` is one player's three columns; :func:`place`
puts a die in the mover's column and removes every die of that face from the opponent's
facing column; :func:`column_score` and :attr:`Grid.total` score them. A :class:`GridGame` and
a :class:`Match` are small state machines over seats 0 and 1 (the ``players:`` order):
the log validator drives them as written, a random-game generator drives them legally.

Syntax is kept apart from legality: :func:`parse_column` and :func:`parse_grid` raise at
the first syntax fault; :func:`judge_placement` returns every :class:`Problem` of a
placement. Nothing here compares, ranks or suggests columns: :func:`preview_placement`
is arithmetic on one placement the caller names.

Grid notation (``kitgen check --mine/--theirs``), read by :func:`parse_grid`: column groups
``<column>:<faces>`` separated by spaces, e.g. ``left:3,3 middle: right:6``. ``<column>``
is ``left``, ``middle`` or ``right`` (also ``l m r``, ``1 2 3`` or ``a b c``): the printed
boards letter the columns A B C, A being the left as the host sees the table, so that A
faces A (docs/rules.md section 7); ``<faces>`` is zero to three faces 1-6 separated by
commas (or spaces), bottom of the column first. A column that is not named is empty, so
``""`` is an empty grid; a column is named at most once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import cached_property

from kitgen.errors import ColumnSyntaxError, GridSyntaxError
from kitgen.games.knucklebones.presets import knucklebones_rules
from kitgen.games.preset import Rules
from kitgen.rules.problems import Problem
from kitgen.rules.slips import one_slip_from

FACES = range(1, 7)  # docs/rules.md section 7: one shared six-sided die
_FACE_SET = frozenset(FACES)
COLUMN_DICE = 3  # docs/rules.md section 7: a column has 3 spaces
GRID_DICE = 9  # docs/rules.md section 7: 3 columns of 3; a game ends when a grid holds 9 dice
MAX_TOTAL = 162  # docs/rules.md section 7: three columns of three 6s
SEATS = (0, 1)  # docs/rules.md section 7: 2 players, seat 0 first in ``players:``


class Column(IntEnum):
    """A column as labelled on the printed boards (docs/rules.md section 7). Both boards share
    one orientation, so each player's LEFT column faces the other's LEFT column."""

    LEFT = 0
    MIDDLE = 1
    RIGHT = 2

    @property
    def label(self) -> str:
        """Return the printed label: ``left``, ``middle`` or ``right``."""
        return self.name.lower()

    @property
    def letter(self) -> str:
        """Return the letter the boards print on the facing pair: ``A`` (left), ``B``
        (middle) or ``C`` (right), as the host sees the table (docs/rules.md section 7)."""
        return "ABC"[self.value]


_COLUMN_WORDS = {  # docs/log-format.md, "Knucklebones": left, middle, right; l, m, r; 1, 2, 3; a, b, c
    word: column
    for column in Column
    for word in (column.label, column.label[0], str(column.value + 1), column.letter.lower())
}
SLIP_COLUMN_LEAST = 3  # docs/log-format.md ruling 12: a column of 3 or more characters may be a slip


def parse_column(text: str) -> Column:
    """Return the column ``text`` names: ``left``, ``middle``, ``right``, ``l``, ``m``, ``r``,
    ``1``, ``2``, ``3``, or ``a``, ``b``, ``c`` (the boards' letters: A left, B middle, C right),
    ignoring case and surrounding spaces (docs/log-format.md, "Knucklebones").

    Raises :class:`ColumnSyntaxError` for any other text.

    >>> parse_column("M"), parse_column("c")
    (<Column.MIDDLE: 1>, <Column.RIGHT: 2>)
    """
    try:
        return _COLUMN_WORDS[text.strip().lower()]
    except KeyError:
        raise ColumnSyntaxError(Problem("syntax", "column", (("text", text),))) from None


def slipped_column(text: str) -> Column | None:
    """Return the column a column word that is none (:func:`parse_column` refuses it) is one
    slip from: ``left``, ``middle`` or ``right``, for a word of 3 or more characters one slip
    from exactly one of them (docs/log-format.md ruling 12); ``None`` otherwise, and for a
    word that is a column.

    >>> slipped_column("midle"), slipped_column("rigth"), slipped_column("mid"), slipped_column("left")
    (<Column.MIDDLE: 1>, <Column.RIGHT: 2>, None, None)
    """
    word = text.strip()
    if len(word) < SLIP_COLUMN_LEAST or word.lower() in _COLUMN_WORDS:
        return None
    index = one_slip_from(word, [column.label for column in Column])
    return None if index is None else Column(index)


def column_score(faces: Sequence[int]) -> int:
    """Return the score of a column holding ``faces``: for each face f shown c times,
    f x c x c (docs/rules.md section 7), summed as the seed words it, each die scoring its face
    times how many dice of the column show that face.

    >>> [column_score(faces) for faces in ([2, 2], [6, 6, 6], [5, 5, 1], [4, 1, 4])]
    [8, 54, 21, 17]
    """
    return sum(face * faces.count(face) for face in faces)


@dataclass(frozen=True)
class Grid:
    """One player's grid: three columns (indexed by :class:`Column`) of 0-3 faces 1-6 each,
    bottom first, as a tuple of three tuples (docs/rules.md section 7).

    Raises ``ValueError`` for any other shape.
    """

    columns: tuple[tuple[int, ...], ...] = ((), (), ())

    def __post_init__(self) -> None:
        if len(self.columns) != len(Column) or any(
            not isinstance(faces, tuple) or len(faces) > COLUMN_DICE or not _FACE_SET.issuperset(faces)
            for faces in self.columns
        ):
            raise ValueError(f"not a knucklebones grid: {self.columns!r}")

    def column(self, column: Column) -> tuple[int, ...]:
        """Return the faces in ``column``, bottom first."""
        return self.columns[column]

    def column_full(self, column: Column) -> bool:
        """Return whether ``column`` holds its 3 dice."""
        return len(self.columns[column]) == COLUMN_DICE

    @cached_property
    def dice(self) -> int:
        """Return how many dice the grid holds (0-9)."""
        return sum(len(faces) for faces in self.columns)

    @property
    def full(self) -> bool:
        """Return whether the grid holds 9 dice, which ends the game (docs/rules.md section 7)."""
        return self.dice == GRID_DICE

    @cached_property
    def total(self) -> int:
        """Return the grid's total, the sum of its three column scores (0-162)."""
        return sum(column_score(faces) for faces in self.columns)

    def with_die(self, column: Column, face: int) -> Grid:
        """Return the grid with ``face`` placed on top of ``column``; raises ``ValueError``
        when the column is full or the face is not 1-6."""
        return self._with_column(column, self.columns[column] + (face,))

    def without_face(self, column: Column, face: int) -> Grid:
        """Return the grid with every die showing ``face`` removed from ``column``, the
        remaining dice closed up in their order."""
        return self._with_column(column, tuple(die for die in self.columns[column] if die != face))

    def _with_column(self, column: Column, faces: tuple[int, ...]) -> Grid:
        columns = list(self.columns)
        columns[column] = faces
        return Grid(tuple(columns))


def parse_grid(text: str) -> Grid:
    """Return the :class:`Grid` written in the grid notation of this module's docstring,
    e.g. ``left:3,3 middle: right:6``.

    Raises :class:`GridSyntaxError` for a face before any column, an unknown or repeated
    column, a face that is not 1-6, or more than 3 faces in a column.

    >>> parse_grid("left:3,3 r:6").columns
    ((3, 3), (), (6,))
    """
    tokens = re.findall(r"[^\s,:]+|:", text)
    columns: dict[Column, list[int]] = {}
    current: list[int] | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == ":":
            raise GridSyntaxError(Problem("syntax", "grid-colon-first", (("grid", text),)))
        if index + 1 < len(tokens) and tokens[index + 1] == ":":
            column = _grid_column(text, token)
            if column in columns:
                raise GridSyntaxError(Problem("syntax", "grid-column-twice",
                                              (("grid", text), ("column", column.label))))
            current = columns[column] = []
            index += 2
            continue
        if current is None:
            raise GridSyntaxError(Problem("syntax", "grid-no-column", (("grid", text), ("word", token))))
        if token.lower() in _COLUMN_WORDS and not token.isdecimal():
            raise GridSyntaxError(Problem("syntax", "grid-colon-missing", (("grid", text), ("word", token))))
        if not re.fullmatch(r"[1-6]", token):
            raise GridSyntaxError(Problem("syntax", "grid-face", (("grid", text), ("word", token))))
        if len(current) == COLUMN_DICE:
            raise GridSyntaxError(Problem("syntax", "grid-too-many", (("grid", text), ("most", COLUMN_DICE))))
        current.append(int(token))
        index += 1
    return Grid(tuple(tuple(columns.get(column, ())) for column in Column))


def _grid_column(text: str, word: str) -> Column:
    try:
        return parse_column(word)
    except ColumnSyntaxError as error:
        raise GridSyntaxError(Problem("syntax", "grid-column", (("grid", text), ("error", error.args[0])))) from None


def format_grid(grid: Grid) -> str:
    """Return ``grid`` in the grid notation, every column named, e.g. ``left:3,3 middle: right:6``.

    >>> format_grid(parse_grid("r:6 l:3 3"))
    'left:3,3 middle: right:6'
    """
    return " ".join(
        f"{column.label}:" + ",".join(str(face) for face in grid.column(column)) for column in Column
    )


def judge_placement(grid: Grid, face: int, column: str) -> tuple[Problem, ...]:
    """Return every problem of placing ``face`` in the column of ``grid`` named ``column``
    (docs/rules.md section 7; docs/log-format.md, "Knucklebones"): ``bad-roll`` for a face outside
    1-6, ``bad-column`` for a name :func:`parse_column` refuses, ``column-full`` for a
    column that already holds 3 dice. An empty tuple means the placement can be made.

    >>> [problem.code for problem in judge_placement(Grid(), 7, "centre")]
    ['bad-roll', 'bad-column']
    """
    problems = []
    if face not in FACES:
        problems.append(Problem("bad-roll", "face", (("face", face),)))
    try:
        named = parse_column(column)
    except ColumnSyntaxError as error:
        problems.append(Problem("bad-column", "syntax", (("error", str(error)),)))
    else:
        if grid.column_full(named):
            problems.append(Problem("column-full", "full", (("column", named.label),)))
    return tuple(problems)


def place(mine: Grid, theirs: Grid, face: int, column: Column) -> tuple[Grid, Grid]:
    """Return ``(mine, theirs)`` after the mover places ``face`` in ``column`` of ``mine``
    and every die of that face leaves the opponent's facing ``column`` (docs/rules.md section 7).
    The mover's own dice and the other columns are never touched.

    Raises ``ValueError`` for a placement :func:`judge_placement` refuses.

    >>> place(parse_grid("l:3"), parse_grid("l:3,4,3 m:3"), 3, Column.LEFT)[1].columns
    ((4,), (3,), ())
    """
    if face not in FACES or mine.column_full(column):
        raise ValueError(f"cannot place {face!r} in the {column.label} column; judge it first")
    return mine.with_die(column, face), theirs.without_face(column, face)


@dataclass(frozen=True)
class Preview:
    """What one named placement makes of the stated position (docs/rules.md section 7): the
    face, the column, that column's score after it, both totals after it (0-162) and how
    many opposing dice it removes (0-3). Arithmetic, never a comparison of columns."""

    face: int
    column: Column
    column_score: int
    mine_total: int
    theirs_total: int
    removed: int


def preview_placement(mine: Grid, theirs: Grid, face: int, column: Column) -> Preview:
    """Return the :class:`Preview` of placing ``face`` in ``column`` of ``mine`` against
    ``theirs``. Raises ``ValueError`` for a placement :func:`judge_placement` refuses.

    >>> preview_placement(parse_grid("l:5"), parse_grid("l:5,5,1"), 5, Column.LEFT)
    Preview(face=5, column=<Column.LEFT: 0>, column_score=20, mine_total=20, theirs_total=1, removed=2)
    """
    after_mine, after_theirs = place(mine, theirs, face, column)
    return Preview(
        face=face,
        column=column,
        column_score=column_score(after_mine.column(column)),
        mine_total=after_mine.total,
        theirs_total=after_theirs.total,
        removed=len(theirs.column(column)) - len(after_theirs.column(column)),
    )


def other_seat(seat: int) -> int:
    """Return the seat that is not ``seat`` (seats are 0 and 1)."""
    return 1 - seat


@dataclass(frozen=True)
class GridGame:
    """One game: both grids (indexed by seat), the seat that started it (``None`` before
    its first placement) and the seat due to place next (``None`` while either may start,
    which is only before the first placement of a match's first game)."""

    grids: tuple[Grid, Grid] = (Grid(), Grid())
    starter: int | None = None
    due: int | None = None

    @property
    def begun(self) -> bool:
        """Return whether the game has had a placement (its first shows who started it)."""
        return self.starter is not None

    @property
    def ended(self) -> bool:
        """Return whether a grid holds 9 dice, which ends the game (docs/rules.md section 7)."""
        return any(grid.full for grid in self.grids)

    @property
    def totals(self) -> tuple[int, int]:
        """Return both grids' totals, by seat."""
        return self.grids[0].total, self.grids[1].total

    @property
    def winner(self) -> int | None:
        """Return the seat with the higher total once the game has ended; ``None`` while it
        is played and for a draw (equal totals)."""
        if not self.ended:  # first: a game in play is asked after every placement
            return None
        first, second = self.totals
        if first == second:
            return None
        return 0 if first > second else 1

    @property
    def drawn(self) -> bool:
        """Return whether the game has ended with equal totals."""
        return self.ended and self.totals[0] == self.totals[1]

    def place(self, seat: int, face: int, column: Column) -> GridGame:
        """Return the game after ``seat`` places ``face`` in ``column`` (with its removals),
        taken as written whoever was due; the other seat is due next.

        Raises ``ValueError`` after the game has ended or for a placement
        :func:`judge_placement` refuses.
        """
        if self.ended:
            raise ValueError("the game has ended; no placement follows")
        mine, theirs = place(self.grids[seat], self.grids[other_seat(seat)], face, column)
        grids = (mine, theirs) if seat == 0 else (theirs, mine)
        return replace(self.use_turn(seat), grids=grids)

    def use_turn(self, seat: int) -> GridGame:
        """Return the game after ``seat`` used a turn without changing the grids (a placement
        that could not be made still uses the turn, docs/log-format.md "Knucklebones")."""
        starter = seat if self.starter is None else self.starter
        return replace(self, starter=starter, due=other_seat(seat))


@dataclass(frozen=True)
class _Earlier:
    """The games of a match before its current one, latest first: a linked list, so that
    starting a game or placing a die never copies the games before it."""

    game: GridGame
    before: _Earlier | None = None


@dataclass(frozen=True)
class Match:
    """A match of ``wins_needed`` game wins (1 single, 2 best-of-3, 3 best-of-5;
    docs/rules.md section 7) and every game begun in it (:attr:`games`, in order, the current
    one last). A game that was not played to its end and is not last was abandoned.

    Build one with :func:`new_match` or :meth:`of`; the fields hold the current ``game``,
    the ``earlier`` games, how many games were begun (``number``) and the earlier games'
    wins, so each step takes the same time however long the match.
    """

    wins_needed: int
    game: GridGame | None = None
    earlier: _Earlier | None = None
    number: int = 0
    earlier_wins: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, wins_needed: int, games: tuple[GridGame, ...]) -> Match:
        """Return the match of ``wins_needed`` wins whose games so far are ``games``."""
        match = cls(wins_needed)
        for game in games:
            match = match._followed_by(game)
        return match

    @property
    def games(self) -> tuple[GridGame, ...]:
        """Return every game begun, in order, the current one last (a new tuple each call)."""
        games = []
        earlier = self.earlier
        while earlier is not None:
            games.append(earlier.game)
            earlier = earlier.before
        games.reverse()
        return (*games, self.game) if self.game is not None else ()

    @property
    def wins(self) -> tuple[int, int]:
        """Return each seat's game wins; draws count for neither."""
        first, second = self.earlier_wins
        winner = self.game.winner if self.game is not None else None
        return first + (winner == 0), second + (winner == 1)

    @property
    def winner(self) -> int | None:
        """Return the seat that has won the match, or ``None`` while it is undecided."""
        for seat, wins in zip(SEATS, self.wins, strict=True):
            if wins >= self.wins_needed:
                return seat
        return None

    @property
    def over(self) -> bool:
        """Return whether the match is decided."""
        return self.winner is not None

    @property
    def playing(self) -> bool:
        """Return whether a game is being played (begun or not, and not ended)."""
        return self.game is not None and not self.game.ended

    def start_game(self) -> Match:
        """Return the match with a new game begun. It is started by the seat that did not
        start the previous game (also after a draw), or by either seat for the first game
        (docs/rules.md section 7). A game still being played is abandoned without a result;
        one without a placement is simply replaced.

        Raises ``ValueError`` once the match is decided.
        """
        if self.over:
            raise ValueError("the match is decided; no game follows")
        if self.game is not None and not self.game.begun:
            due = self.game.due
            return replace(self, game=GridGame(due=due))
        starter = None if self.game is None else self.game.starter
        due = None if starter is None else other_seat(starter)
        return self._followed_by(GridGame(due=due))

    def place(self, seat: int, face: int, column: Column) -> Match:
        """Return the match after :meth:`GridGame.place` in the current game; raises
        ``ValueError`` when no game is being played or the placement is refused."""
        return replace(self, game=self._current().place(seat, face, column))

    def use_turn(self, seat: int) -> Match:
        """Return the match after :meth:`GridGame.use_turn` in the current game; raises
        ``ValueError`` when no game is being played."""
        return replace(self, game=self._current().use_turn(seat))

    def _current(self) -> GridGame:
        if self.game is None or not self.playing:
            raise ValueError("no game is being played; start one first")
        return self.game

    def _followed_by(self, game: GridGame) -> Match:
        """Return the match with ``game`` begun after the current one."""
        if self.game is None:
            return replace(self, game=game, number=1)
        return replace(self, game=game, earlier=_Earlier(self.game, self.earlier),
                       number=self.number + 1, earlier_wins=self.wins)


def new_match(rules: Rules) -> Match:
    """Return an empty :class:`Match` for the knucklebones ``rules``. Raises ``ValueError``
    for the rules of another game."""
    return Match(knucklebones_rules(rules).wins_needed)
