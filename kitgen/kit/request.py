"""What a user asks a kit to be: the value the CLI builds and :func:`build_kit` takes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from kitgen.games.preset import Rules

PaperName = Literal["a4", "letter"]
HostKeyPlacement = Literal["separate", "appended", "none"]


@dataclass(frozen=True)
class KitRequest:
    """One kit: the settled rules, who sits where, and how it prints.

    ``players`` are names already checked by the name rule (empty for blank tables);
    ``seats`` is the seats of each blank table (``None``: the preset's maximum, at most 6);
    ``tables`` the number of blank tables; ``table_size`` caps a named table lower;
    ``rounds`` the rounds (long game: turns a seat) a game of several prints (``None``: as
    many as 19 in 20 games need); ``die_size_mm`` sizes knucklebones cells (``None``: for 16 mm dice); ``output`` is the
    kit's path (``None``: ``./output/kit.pdf``, replacing only a kit kitgen wrote);
    ``force`` allows replacing a named file; ``fillable`` asks for form fields on every
    write-in place and an embedded manifest (docs/FORMS.md).
    """

    rules: Rules
    players: tuple[str, ...] = ()
    seats: int | None = None
    tables: int = 1
    table_size: int | None = None
    rounds: int | None = None
    paper: PaperName = "a4"
    host_key: HostKeyPlacement = "separate"
    large_print: bool = False
    die_size_mm: float | None = None
    output: Path | None = None
    force: bool = False
    fillable: bool = False
