"""The web app's store (docs/web.md, "The store"): one SQLite file in the user's data
folder, created on first use and migrated by version.

The schema's version is SQLite's own ``user_version``; :data:`MIGRATIONS` holds the
statements that take the store from each version to the next, applied in order in one
transaction each, so a store is always at a version this kitgen wrote.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kitgen.errors import KitgenError
from kitgen.rules.names import name_key
from kitgen.text import gettext

STORE_NAME = "kitgen.sqlite3"
# version n+1 is reached by MIGRATIONS[n]; never edit a step once released, add one
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: classes (a saved roster, picked again on the kit page)
        "CREATE TABLE class (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, names TEXT NOT NULL,"
        " saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    ),
    (  # 2: live tables (a knucklebones game played on the page: its rules, players, placements, the face rolled)
        "CREATE TABLE live_table (id INTEGER PRIMARY KEY, rules TEXT NOT NULL, players TEXT NOT NULL,"
        " placements TEXT NOT NULL DEFAULT '[]', face INTEGER, saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    ),
    (  # 3: Shut the Box turns at the live table (its rules line, the claims judged right, a throw not yet claimed)
        "CREATE TABLE box_turn (id INTEGER PRIMARY KEY, rules TEXT NOT NULL, claims TEXT NOT NULL DEFAULT '[]',"
        " throw TEXT, verdict TEXT NOT NULL DEFAULT '', saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    ),
    (  # 4: whole Shut the Box games (rules line, players, the claims judged right, a throw not yet
        # claimed, the last verdict) and the personal bests of the games decided (one row a player a game)
        "CREATE TABLE box_game (id INTEGER PRIMARY KEY, rules TEXT NOT NULL, players TEXT NOT NULL,"
        " claims TEXT NOT NULL DEFAULT '[]', throw TEXT, verdict TEXT NOT NULL DEFAULT '',"
        " saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        "CREATE TABLE box_best (player TEXT NOT NULL, rules TEXT NOT NULL, game INTEGER NOT NULL"
        " REFERENCES box_game (id), name TEXT NOT NULL, measure TEXT NOT NULL, value INTEGER NOT NULL,"
        " saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (player, rules, game))",
    ),
    (  # 5: checked sessions saved with their class (name, class, kitgen validate --json's verdicts,
        # the fault count) and their logs (as uploaded; a filled kit's as transcribed), one row a file
        "CREATE TABLE session (id INTEGER PRIMARY KEY, name TEXT NOT NULL, class INTEGER REFERENCES class (id),"
        " verdicts TEXT NOT NULL, faults INTEGER NOT NULL, saved TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        "CREATE TABLE session_file (session INTEGER NOT NULL REFERENCES session (id), number INTEGER NOT NULL,"
        " name TEXT NOT NULL, content BLOB NOT NULL, PRIMARY KEY (session, number))",
    ),
)
VERSION = len(MIGRATIONS)


class StoreError(KitgenError):
    """The store cannot be opened, or was written by a newer kitgen."""


def default_data_folder() -> Path:
    """Return the user's data folder for kitgen: ``$XDG_DATA_HOME/kitgen``, else
    ``~/.local/share/kitgen`` (the XDG base directory specification's default).

    >>> default_data_folder().name
    'kitgen'
    """
    base = os.environ.get("XDG_DATA_HOME") or ""
    return (Path(base) if Path(base).is_absolute() else Path.home() / ".local" / "share") / "kitgen"


@dataclass(frozen=True)
class Store:
    """The store's file; each call opens its own connection (a request is one thread)."""

    path: Path

    def connect(self) -> sqlite3.Connection:
        """Return a connection to the store, its rows readable by column name."""
        connection = sqlite3.connect(self.path, timeout=5)
        connection.row_factory = sqlite3.Row
        # with the write-ahead log, a commit need not wait for the disk: a live-table entry
        # answers in milliseconds; a power cut may lose the last entries, never the file
        connection.execute("PRAGMA synchronous = NORMAL")
        return connection

    def version(self) -> int:
        """Return the store's schema version."""
        with self.connect() as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

    def save_class(self, name: str, names: tuple[str, ...]) -> int:
        """Save ``names`` as the class ``name`` (replacing a class of that name) and return its id."""
        with self.connect() as connection:
            connection.execute("INSERT INTO class (name, names) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET "
                               "names = excluded.names, saved = CURRENT_TIMESTAMP", (name, json.dumps(names)))
            return int(connection.execute("SELECT id FROM class WHERE name = ?", (name,)).fetchone()[0])

    def classes(self) -> list[SavedClass]:
        """Return the saved classes by name."""
        with self.connect() as connection:
            rows = connection.execute("SELECT id, name, names FROM class ORDER BY name").fetchall()
        return [SavedClass(row["id"], row["name"], tuple(json.loads(row["names"]))) for row in rows]

    def saved_class(self, number: int) -> SavedClass | None:
        """Return the saved class of id ``number``, or ``None``."""
        return next((found for found in self.classes() if found.id == number), None)

    def new_table(self, rules: str, players: tuple[str, str]) -> int:
        """Save a new live table of ``rules`` (a log's rules: line) and ``players``; return its id."""
        with self.connect() as connection:
            cursor = connection.execute("INSERT INTO live_table (rules, players) VALUES (?, ?)",
                                        (rules, json.dumps(players)))
            return int(cursor.lastrowid or 0)

    def live_table(self, number: int) -> SavedTable | None:
        """Return the live table of id ``number``, or ``None``."""
        with self.connect() as connection:
            row = connection.execute("SELECT * FROM live_table WHERE id = ?", (number,)).fetchone()
        if row is None:
            return None
        players = json.loads(row["players"])
        return SavedTable(row["id"], row["rules"], (players[0], players[1]),
                          tuple((face, column) for face, column in json.loads(row["placements"])), row["face"])

    def save_table(self, table: SavedTable) -> None:
        """Save the live table's placements and face rolled."""
        with self.connect() as connection:
            connection.execute("UPDATE live_table SET placements = ?, face = ?, saved = CURRENT_TIMESTAMP WHERE id = ?",
                               (json.dumps(table.placements), table.face, table.id))


    def new_box_game(self, rules: str, players: tuple[str, ...]) -> int:
        """Save a new Shut the Box game of ``rules`` (a log's rules: line) and ``players``; return its id."""
        with self.connect() as connection:
            return int(connection.execute("INSERT INTO box_game (rules, players) VALUES (?, ?)",
                                          (rules, json.dumps(players))).lastrowid or 0)

    def box_game(self, number: int) -> SavedGame | None:
        """Return the Shut the Box game of id ``number``, or ``None``."""
        with self.connect() as connection:
            row = connection.execute("SELECT * FROM box_game WHERE id = ?", (number,)).fetchone()
        if row is None:
            return None
        claims = tuple((throw, tuple(tiles)) for throw, tiles in json.loads(row["claims"]))
        return SavedGame(row["id"], row["rules"], tuple(json.loads(row["players"])), claims, row["throw"],
                         row["verdict"])

    def save_box_game(self, game: SavedGame, bests: tuple[BestResult, ...] | None = None) -> None:
        """Save the game's claims, the throw not yet claimed and the last verdict and, with
        ``bests``, set the game's results in the personal bests to them (``()``: none, the
        game undecided again)."""
        with self.connect() as connection:
            connection.execute(
                "UPDATE box_game SET claims = ?, throw = ?, verdict = ?, saved = CURRENT_TIMESTAMP WHERE id = ?",
                (json.dumps(game.claims), game.throw, game.verdict, game.id))
            if bests is None:
                return
            connection.execute("DELETE FROM box_best WHERE game = ?", (game.id,))
            connection.executemany(
                "INSERT INTO box_best (player, rules, game, name, measure, value) VALUES (?, ?, ?, ?, ?, ?)",
                [(name_key(best.name), game.rules, game.id, best.name, best.measure, best.value) for best in bests])

    def bests(self, rules: str | None = None, names: tuple[str, ...] = ()) -> list[PersonalBest]:
        """Return the personal bests (the lowest value of each player at each rules line),
        of ``rules`` and the players ``names`` only where given, by rules and name."""
        query = ("SELECT player, rules, measure, MIN(value) AS best, name FROM box_best"
                 " WHERE (? IS NULL OR rules = ?) GROUP BY player, rules, measure ORDER BY rules, player")
        with self.connect() as connection:
            rows = connection.execute(query, (rules, rules)).fetchall()
        keys = {name_key(name) for name in names}
        return [PersonalBest(row["name"], row["rules"], row["measure"], row["best"]) for row in rows
                if not keys or row["player"] in keys]


    def save_session(self, name: str, class_id: int | None, verdicts: list[dict[str, Any]],
                     files: list[tuple[str, bytes]]) -> int:
        """Save a checked session: its ``name``, class, ``verdicts`` (``kitgen validate
        --json``'s array) and ``files`` (name, content) in order; return its id."""
        faults = sum(len(log.get("errors") or ()) + int(log.get("errors_left_out") or 0)
                     + (1 if log.get("unreadable") else 0) for log in verdicts)
        with self.connect() as connection:
            number = int(connection.execute(
                "INSERT INTO session (name, class, verdicts, faults) VALUES (?, ?, ?, ?)",
                (name, class_id, json.dumps(verdicts, ensure_ascii=False), faults)).lastrowid or 0)
            connection.executemany("INSERT INTO session_file (session, number, name, content) VALUES (?, ?, ?, ?)",
                                   [(number, index, file, content) for index, (file, content) in enumerate(files)])
        return number

    def sessions(self) -> list[SavedSession]:
        """Return the saved sessions, newest first, without their files' contents."""
        with self.connect() as connection:
            rows = connection.execute(
                "SELECT session.id, session.name, class.name AS class_name, session.saved, session.faults,"
                " session.verdicts, (SELECT count(*) FROM session_file WHERE session = session.id) AS files"
                " FROM session LEFT JOIN class ON class.id = session.class ORDER BY session.id DESC").fetchall()
        return [SavedSession(row["id"], row["name"], row["class_name"], row["saved"], row["files"], row["faults"],
                             json.loads(row["verdicts"])) for row in rows]

    def session(self, number: int) -> tuple[SavedSession, list[tuple[str, bytes]]] | None:
        """Return the saved session of id ``number`` and its files (name, content) in order, or ``None``."""
        found = next((saved for saved in self.sessions() if saved.id == number), None)
        if found is None:
            return None
        with self.connect() as connection:
            rows = connection.execute("SELECT name, content FROM session_file WHERE session = ? ORDER BY number",
                                      (number,)).fetchall()
        return found, [(row["name"], bytes(row["content"])) for row in rows]


@dataclass(frozen=True)
class SavedSession:
    """A checked session as saved: ``id``, ``name``, its class's name (or ``None``), when
    it was ``saved``, how many ``files`` and ``faults`` it has and its ``verdicts``."""

    id: int
    name: str
    class_name: str | None
    saved: str
    files: int
    faults: int
    verdicts: list[dict[str, Any]]


@dataclass(frozen=True)
class BestResult:
    """A player's result of a decided game as a personal best measures it (lower better)."""

    name: str
    measure: str
    value: int


@dataclass(frozen=True)
class PersonalBest:
    """A player's best at one rules line: the ``name`` as last written, the ``rules`` line,
    what it ``measure``s and the ``value``, the lowest of their decided games."""

    name: str
    rules: str
    measure: str
    value: int


@dataclass(frozen=True)
class SavedGame:
    """A Shut the Box game as saved: ``id``, ``rules`` line, ``players`` in seat order, the
    ``claims`` judged right (throw, tiles moved; no tiles: no move), the ``throw`` made and
    not yet claimed and the ``verdict`` on the last claim, as ``kitgen check`` words it."""

    id: int
    rules: str
    players: tuple[str, ...]
    claims: tuple[tuple[str, tuple[int, ...]], ...]
    throw: str | None
    verdict: str = ""


@dataclass(frozen=True)
class SavedTable:
    """A live table as saved: its ``id``, ``rules`` line, ``players``, ``placements``
    (face, column number) in order and the ``face`` rolled and not yet placed."""

    id: int
    rules: str
    players: tuple[str, str]
    placements: tuple[tuple[int, int], ...]
    face: int | None


@dataclass(frozen=True)
class SavedClass:
    """A roster saved as a class: its ``id``, ``name`` and ``names`` in order."""

    id: int
    name: str
    names: tuple[str, ...]


def open_store(folder: Path) -> Store:
    """Return the store in ``folder``, creating the folder (for this user only) and the
    store on first use and migrating an older store to :data:`VERSION`.

    Raises :class:`StoreError` with one sentence for a folder that cannot be made or a
    file that is not a store, or one of a newer kitgen's.
    """
    path = folder / STORE_NAME
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=5, isolation_level=None)  # transactions as written
    except (OSError, sqlite3.Error) as error:
        raise StoreError(gettext("the store {file} cannot be opened ({reason}).").format(
            file=repr(str(path)), reason=getattr(error, "strerror", None) or error)) from None
    try:
        found = int(connection.execute("PRAGMA user_version").fetchone()[0])
        connection.execute("PRAGMA journal_mode = WAL")  # kept in the file: readers never wait for a writer
        if found > VERSION:
            raise StoreError(gettext(
                "the store {file} was written by a newer kitgen (version {found}; this kitgen knows {known})."
            ).format(file=repr(str(path)), found=found, known=VERSION))
        for number in range(found, VERSION):
            connection.execute("BEGIN IMMEDIATE")  # one transaction a step, its DDL with it
            try:
                for statement in MIGRATIONS[number]:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {number + 1}")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        raise StoreError(gettext("the store {file} cannot be read ({reason}).").format(
            file=repr(str(path)), reason=error)) from None
    finally:
        connection.close()
    return Store(path)
