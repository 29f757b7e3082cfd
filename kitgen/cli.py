"""The ``kitgen`` command line (CLI.md): thin Typer commands over the library.

Each command parses its options, calls one library function, prints, and maps
:class:`KitgenError` to exit status 2. Exit 1 means a rule said no. Nothing here
imports WeasyPrint or pypdf: the kit command imports the renderer when it runs.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from kitgen import __version__
from kitgen.errors import KitgenError

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Preset options, shared by `kit` and `check` (CLI.md: the names of a log's rules: line).
Preset = Annotated[str, typer.Option("--rules", help="Preset id: strip, classic, ten, hundred, long-game or knucklebones.")]
Tiles = Annotated[Optional[str], typer.Option("--tiles", help="classic: 9 or 12 tiles.")]
OneDie = Annotated[Optional[str], typer.Option("--one-die", help="classic: on or off (the one-die rule).")]
Format = Annotated[Optional[str], typer.Option(
    "--format", help="classic: single, best-of-3, best-of-5, best-of-7 or elimination.")]
Scoring = Annotated[Optional[str], typer.Option("--scoring", help="hundred: sum or digits.")]
Match = Annotated[Optional[str], typer.Option("--match", help="knucklebones: single, best-of-3 or best-of-5.")]


def fail(message: str) -> NoReturn:
    """Print ``message`` as one sentence on standard error and exit with status 2 (misuse)."""
    typer.echo(f"kitgen: {message}", err=True)
    raise typer.Exit(2)


def settle_rules(preset: str, **chosen: Optional[str]):
    """Return the :class:`Rules` of ``preset`` with the preset options given on the command
    line (those left as ``None`` keep their defaults)."""
    from kitgen.rules.presets import find_preset

    options = {name.replace("_", "-"): value for name, value in chosen.items() if value is not None}
    return find_preset(preset).configure(options)


class KitProgress:
    """A progress bar on standard error for a kit render, shown only on a terminal and only
    once the render has taken more than a second (called as ``progress(done, total)``)."""

    DELAY_S = 1.0

    def __init__(self) -> None:
        self._started = time.monotonic()
        self._bar = None
        self._task = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            if time.monotonic() - self._started < self.DELAY_S or not sys.stderr.isatty():
                return
            from rich.console import Console
            from rich.progress import Progress

            self._bar = Progress(console=Console(stderr=True), transient=True)
            self._bar.start()
            self._task = self._bar.add_task("Rendering the kit", total=total)
        self._bar.update(self._task, completed=done)

    def close(self) -> None:
        """Remove the bar from the terminal, if it was shown."""
        if self._bar is not None:
            self._bar.stop()


def show_version(value: bool) -> None:
    """Print ``kitgen <version>`` and exit 0 when ``--version`` is given."""
    if value:
        typer.echo(f"kitgen {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=show_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Print paper kits for exact-sum dice games and check what players wrote on them."""


@app.command()
def kit(
    rules: Preset = "strip",
    tiles: Tiles = None,
    one_die: OneDie = None,
    format: Format = None,
    scoring: Scoring = None,
    match: Match = None,
    players: Optional[str] = typer.Option(None, "--players", help='Names in seat order, e.g. "Ana, Ben".'),
    roster: Optional[Path] = typer.Option(
        None, "--roster", help="A text file with one name a line, or a CSV with a 'name' column."
    ),
    seats: Optional[int] = typer.Option(None, "--seats", help="Seats of each blank table."),
    tables: int = typer.Option(1, "--tables", help="Number of blank tables."),
    table_size: Optional[int] = typer.Option(None, "--table-size", help="Cap the players of a named table."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    host_key: str = typer.Option("separate", "--host-key", help="separate, appended or none."),
    large_print: bool = typer.Option(False, "--large-print", help="Text and boxes at least 1.5x."),
    die_size: float = typer.Option(16.0, "--die-size", help="knucklebones: die size in mm."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Path of the kit PDF."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file named with -o."),
) -> None:
    """Write a printable kit (PDF) and its host key."""
    from kitgen.kit.build import build_kit
    from kitgen.kit.request import KitRequest
    from kitgen.kit.tables import read_roster, split_names

    try:
        settled = settle_rules(rules, tiles=tiles, one_die=one_die, format=format,
                               scoring=scoring, match=match)
        if players is not None and roster is not None:
            fail("give names with --players or --roster, not both.")
        names = split_names(players) if players is not None else ()
        if roster is not None:
            names = read_roster(roster)
        request = KitRequest(
            rules=settled, players=names, seats=seats, tables=tables, table_size=table_size,
            paper=paper.lower(), host_key=host_key.lower(), large_print=large_print,
            die_size_mm=die_size, output=output, force=force,
        )
        progress = KitProgress()
        try:
            written = build_kit(request, progress)
        finally:
            progress.close()
    except KitgenError as error:
        fail(str(error))
    for path in written:
        typer.echo(str(path))


@app.command()
def check(
    rules: Preset = "strip",
    tiles: Tiles = None,
    one_die: OneDie = None,
    format: Format = None,
    scoring: Scoring = None,
    match: Match = None,
    open_tiles: Optional[str] = typer.Option(None, "--open", help='The open tiles, e.g. "1 2 4 9".'),
    roll: Optional[str] = typer.Option(None, "--roll", help="The throw: 8, 5+3 or 'die 4'."),
    close: Optional[str] = typer.Option(None, "--close", help='The tiles the move shuts (or opens), e.g. "3 5".'),
    none: bool = typer.Option(False, "--none", help="Judge the claim that the throw has no move."),
    role: str = typer.Option("close", "--role", help="long-game: close or open."),
    mine: Optional[str] = typer.Option(None, "--mine", help='knucklebones: your grid, e.g. "left:3,3 middle: right:6".'),
    theirs: Optional[str] = typer.Option(None, "--theirs", help="knucklebones: the opponent's grid."),
    face: Optional[int] = typer.Option(None, "--face", help="knucklebones: the rolled face."),
    column: Optional[str] = typer.Option(None, "--column", help="knucklebones: left, middle or right."),
    as_json: bool = typer.Option(False, "--json", help="Print the verdict as JSON."),
) -> None:
    """Judge one proposed move on a stated position (never proposes one)."""
    from kitgen.check import check_box_claim, check_placement

    try:
        settled = settle_rules(rules, tiles=tiles, one_die=one_die, format=format,
                               scoring=scoring, match=match)
        if settled.game == "knucklebones":
            if face is None or column is None:
                fail("knucklebones needs --face and --column (and --mine, --theirs for the grids).")
            verdict = check_placement(settled, mine or "", theirs or "", face, column)
        else:
            if open_tiles is None or roll is None:
                fail("give the position with --open and the throw with --roll.")
            if none == (close is not None):
                fail("give either --close with the tiles moved or --none, not both and not neither.")
            verdict = check_box_claim(settled, open_tiles, roll, None if none else close, role.lower())
    except KitgenError as error:
        fail(str(error))
    typer.echo(json.dumps(verdict.to_json(), ensure_ascii=False) if as_json else verdict.text())
    raise typer.Exit(0 if verdict.ok else 1)


VALIDATE_EPILOG = (
    "A game log is the paper record typed in, one line per throw (or placement) in the order "
    "played; '#' starts a comment. The format, every line form and the results are described "
    "in docs/log-format.md of kitgen's source (and in its README). For example:"
) + """

\b
  rules: strip
  players: Ana, Ben
  turn Ana
  8: 8              # throw: tiles shut (a throw is 8, 5+3 or die 4)
  12: 6 4 2  = 12   # "= 12" is the checked sum
  11: -             # no move: the turn ends
  score: 9
  ...
  winner: Ana
"""


@app.command(epilog=VALIDATE_EPILOG)
def validate(
    logs: list[Path] = typer.Argument(..., help="Game log files to check; a folder means every *.log file in it."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON array with one object per log."),
) -> None:
    """Check transcribed game logs: every rule, every fault with its line, what decided the game."""
    from kitgen.logs.report import format_text, tally
    from kitgen.logs.validate import expand_logs, validate_path

    status = 0
    documents = []
    logs = expand_logs(logs)
    for path in logs:
        try:
            report = validate_path(path)
        except KitgenError as error:
            status = 2
            documents.append({"file": str(path), "valid": False, "unreadable": str(error)})
            if not as_json:
                typer.echo(f"kitgen: {path}: {error}", err=True)
            continue
        if not report.valid:
            status = max(status, 1)
        documents.append(report.to_json())
        if not as_json:
            typer.echo(format_text(report))
    if len(logs) > 1 and not as_json:
        typer.echo(tally(documents))
    if as_json:
        # One object per line: readable, and json's C encoder (indent= falls back to the
        # pure-Python one, several times slower on thousands of logs).
        typer.echo("[\n" + ",\n".join(json.dumps(document, ensure_ascii=False)
                                       for document in documents) + "\n]")
    raise typer.Exit(status)


@app.command("rules")
def rules_command(
    preset: Optional[str] = typer.Argument(None, help="A preset id; without one, list the presets."),
) -> None:
    """List the presets, or print one preset's rules in the kit's words."""
    from kitgen.rulebook import rules_text
    from kitgen.rules.presets import PRESETS, find_preset

    if preset is None:
        width = max(len(known.id) for known in PRESETS)
        for known in PRESETS:
            typer.echo(f"{known.id:<{width}}  {known.summary}")
        return
    try:
        typer.echo(rules_text(find_preset(preset)))
    except KitgenError as error:
        fail(str(error))
