"""The ``kitgen`` command line (docs/cli.md): thin Typer commands over the library.

Each command parses its options, calls one library function, prints, and maps
:class:`KitgenError` to exit status 2. Exit 1 means a rule said no. Nothing here
imports WeasyPrint or pypdf: the kit command imports the renderer when it runs.
"""

from __future__ import annotations

import codecs
import gc
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, TypeAlias, cast

import typer

from kitgen import __version__
from kitgen.cli.parameters import (
    Command,
    FormatOption,
    Group,
    MatchOption,
    OneDieOption,
    OpsOption,
    PresetId,
    PresetOption,
    ScoringOption,
    TilesOption,
    choices,
)
from kitgen.errors import KitgenError, quote
from kitgen.games import DEFAULT_PRESET, presets
from kitgen.games.preset import Rules
from kitgen.kit.request import HostKeyPlacement, PaperName
from kitgen.text import LANGUAGES, environment_language, ngettext, use_language
from kitgen.text import gettext as _

if TYPE_CHECKING:  # for annotations only: the CLI imports Rich and the session when a command runs
    from rich.progress import Progress, TaskID

    from kitgen.practice.levels import Level
    from kitgen.session.figures import Session


app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

STDOUT = Path("-")  # -o -: the kit PDF on standard output


def examples(*commands: str) -> str:
    """Return a command's epilog: the heading ``Examples:`` then each command line.

    >>> examples("kitgen rules")
    'Examples:\\n\\n  kitgen rules\\n'
    """
    return _("Examples:") + "".join(f"\n\n  {command}" for command in commands) + "\n"


KIT_EXAMPLES = examples(
    "kitgen kit --rules classic --format best-of-3 --roster examples/class.csv -o class.pdf",
    'kitgen kit --rules knucklebones --players "Ana, Ben" --paper letter -o knucklebones.pdf',
    "kitgen kit --seats 4 --tables 3 --host-key none -o - | lp",
)
TRANSCRIBE_EXAMPLES = examples(
    'kitgen kit --rules classic --players "Ana, Ben, Cy" --fillable -o club.pdf',
    "kitgen transcribe club.pdf -o logs",
    "kitgen transcribe club.pdf --force",
)
CHECK_EXAMPLES = examples(
    'kitgen check --open "1 2 4 9" --roll 5+1 --close "2 4"',
    'kitgen check --ops add+mul --open "5 7 8" --roll 6x2 --close "5 7"',
    'kitgen check --rules knucklebones --face 3 --column left --theirs "left:3"',
)
RULES_EXAMPLES = examples("kitgen rules", "kitgen rules knucklebones", "kitgen rules classic --ops add+mul")


def fail(message: str) -> NoReturn:
    """Print ``message`` as one sentence on standard error and exit with status 2 (misuse)."""
    typer.echo(f"kitgen: {message}", err=True)
    raise typer.Exit(2)


def settle_rules(preset: str, **chosen: str | None) -> Rules:
    """Return the :class:`Rules` of ``preset`` with the preset options given on the command
    line (those left as ``None`` keep their defaults)."""
    from kitgen.games import find_preset

    options = {name.replace("_", "-"): value for name, value in chosen.items() if value is not None}
    return find_preset(preset).configure(options)


def refuse_unused(rules: Rules, **given: object) -> None:
    """Fail naming the first option of ``given`` (option name with ``_`` for ``-``: value)
    that was given although it belongs to another game than ``rules``' (Game.options)."""
    from kitgen.games import find_game, games

    own = find_game(rules.preset).options
    for name, value in given.items():
        if value is not None and value is not False and name not in own:
            owner = next(game for game in games() if name in game.options)
            fail(_("{option} is for {game}, not {preset}.").format(
                option=f"--{name.replace('_', '-')}", game=_(owner.title), preset=rules.preset))


class KitProgress:
    """A progress bar on standard error for a kit render, shown only on a terminal and only
    once the render has taken more than a second (called as ``progress(done, total)``)."""

    DELAY_S = 1.0

    def __init__(self) -> None:
        self._started = time.monotonic()
        self._shown: tuple[Progress, TaskID] | None = None  # the bar and its task, once shown

    def __call__(self, done: int, total: int) -> None:
        if self._shown is None:
            if time.monotonic() - self._started < self.DELAY_S or not sys.stderr.isatty():
                return
            from rich.console import Console
            from rich.progress import Progress

            bar = Progress(console=Console(stderr=True), transient=True)
            bar.start()
            self._shown = (bar, bar.add_task(_("Rendering the kit"), total=total))
        bar, task = self._shown
        bar.update(task, completed=done)

    def close(self) -> None:
        """Remove the bar from the terminal, if it was shown."""
        if self._shown is not None:
            self._shown[0].stop()


def use_chosen_language(language: str | None) -> str | None:
    """Put the language ``--lang`` names in use for the command's messages; without it the
    language of ``KITGEN_LANG`` or the locale (docs/cli.md, "Languages"), so a command run
    in the same process as another (a test, a script) does not keep that one's ``--lang``.
    A ``KITGEN_LANG`` kitgen does not speak is refused with the list, as ``--lang`` is by
    its choices."""
    if not language and environment_language() not in LANGUAGES:
        fail(_("KITGEN_LANG is {language}; kitgen speaks {languages}.").format(
            language=quote(environment_language()), languages=", ".join(LANGUAGES)))
    use_language(language)
    return language


if TYPE_CHECKING:  # mypy cannot read a Literal made at run time: it checks the str Typer passes
    LanguageChoice: TypeAlias = str
else:
    LanguageChoice = choices(LANGUAGES)
PaperOption = Annotated[PaperName | None, typer.Option(
    "--paper", case_sensitive=False, show_default="$KITGEN_PAPER, $PAPERSIZE, /etc/papersize, a4",
    help=_("The paper size (the first of the defaults that is set)."))]
LanguageOption = Annotated[LanguageChoice | None, typer.Option(
    "--lang", case_sensitive=False, is_eager=True, callback=use_chosen_language,
    show_default=_("$KITGEN_LANG, the locale, en"),
    help=_("The language of what the command writes and prints."))]


def show_version(value: bool) -> None:
    """Print ``kitgen <version>`` and exit 0 when ``--version`` is given."""
    if value:
        typer.echo(f"kitgen {__version__}")
        raise typer.Exit()


def json_escapes(error: UnicodeError) -> tuple[str, int]:
    """Return the characters ``error`` could not encode as JSON's ``\\uXXXX`` escapes (a
    character beyond U+FFFF as its two UTF-16 halves), and where to go on: what
    ``--json`` prints stays valid JSON on any terminal, and text reads the same."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    escaped = []
    for char in error.object[error.start:error.end]:
        units = char.encode("utf-16-be", "surrogatepass")
        escaped += [f"\\u{int.from_bytes(units[at:at + 2], 'big'):04x}" for at in range(0, len(units), 2)]
    return "".join(escaped), error.end


def show_what_the_terminal_can() -> None:
    """Make standard output and error write a character their encoding cannot (``Ł`` on a
    Latin-1 terminal) as a JSON-style escape (``\\u0141``) instead of failing."""
    codecs.register_error("kitgen-json-escapes", json_escapes)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="kitgen-json-escapes")


def run() -> None:
    """The ``kitgen`` command: run :data:`app` and exit as Python does, with its status.

    What the command leaves is frozen out of the cyclic garbage collector as it exits
    (:func:`gc.freeze`): the process's memory goes back whole when it ends, and the last
    collection, over a kit's font tables and page boxes, is work for nothing
    (docs/performance.md, "The end of a command"). Exit handlers and ``finally`` blocks run as ever.
    """
    from kitgen.cores import sigterm_unwinds

    show_what_the_terminal_can()
    try:
        with sigterm_unwinds():  # a kill unwinds the render: its temporary font folder goes
            app(prog_name="kitgen")
    finally:
        gc.freeze()


def quiet_font_warnings() -> None:
    """Keep fontTools' warnings off standard error: kitgen reports a damaged font itself,
    in one sentence."""
    import logging

    logging.getLogger("fontTools").setLevel(logging.ERROR)


@app.callback(help=_("Print paper kits for exact-sum dice games and check what players wrote on them."))
def main(
    version: bool = typer.Option(
        False, "--version", callback=show_version, is_eager=True,
        help=_("Print the version and exit."),
    ),
) -> None:
    """Take the options given before a command (``--version``)."""


@app.command(cls=Command, epilog=KIT_EXAMPLES,
              help=_("Write a printable kit (PDF) and its host key; say on standard error what it holds."))
def kit(
    rules: PresetOption = DEFAULT_PRESET,
    tiles: TilesOption = None,
    one_die: OneDieOption = None,
    format: FormatOption = None,
    scoring: ScoringOption = None,
    match: MatchOption = None,
    ops: OpsOption = None,
    players: str | None = typer.Option(None, "--players", help=_('Names in seat order, e.g. "Ana, Ben".')),
    roster: Path | None = typer.Option(
        None, "--roster",
        help=_("A class list: one name a line, a CSV or spreadsheet (.xlsx) with a name column."),
    ),
    seats: int | None = typer.Option(
        None, "--seats", show_default=_("the preset's most players, at most 6"),
        help=_("Blank tables: how many seats each has, to write names in."),
    ),
    tables: int = typer.Option(1, "--tables", help=_("How many tables: blank ones, or at least this many for names.")),
    table_size: int | None = typer.Option(
        None, "--table-size", show_default=_("the preset's most players"),
        help=_("With names: seat at most this many at a table; the names are split in order "
               "into the fewest tables of balanced sizes."),
    ),
    rounds: int | None = typer.Option(
        None, "--rounds", show_default=_("what 19 in 20 games need"),
        help=_("Games of several rounds: the rounds to print (long-game: turns a seat)."),
    ),
    paper: PaperOption = None,
    host_key: HostKeyPlacement = typer.Option(
        "separate", "--host-key", case_sensitive=False,
        help=_("The host key as its own PDF, at the end of the kit, or left out."),
    ),
    large_print: bool = typer.Option(False, "--large-print", help=_("Text and boxes at least 1.5x.")),
    die_size: float | None = typer.Option(
        None, "--die-size", show_default="16",
        help=_("knucklebones: the width in mm of the dice the board cells hold."),
    ),
    output: Path | None = typer.Option(
        None, "-o", "--output", show_default="output/kit.pdf",
        help=_("The kit PDF, or - for standard output."),
    ),
    force: bool = typer.Option(False, "--force", help=_("Replace an existing file named with -o.")),
    fillable: bool = typer.Option(
        False, "--fillable", help=_("Form fields on every write-in place, to fill on a screen (docs/FORMS.md)."),
    ),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen kit`` (docs/cli.md)."""
    quiet_font_warnings()
    from kitgen.kit.build import build_kit, render_kit
    from kitgen.kit.papersize import default_paper
    from kitgen.kit.request import KitRequest
    from kitgen.kit.roster import read_roster
    from kitgen.kit.tables import split_names

    to_stdout = output == STDOUT
    try:
        settled = settle_rules(rules, tiles=tiles, one_die=one_die, format=format,
                               scoring=scoring, match=match, ops=ops)
        refuse_unused(settled, die_size=die_size)
        if players is not None and roster is not None:
            fail(_("give names with --players or --roster, not both."))
        if to_stdout and host_key == "separate":
            fail(_("-o - writes one PDF to standard output, so add --host-key none (or appended)."))
        if to_stdout and sys.stdout.isatty():
            fail(_("-o - writes a PDF to standard output: redirect it to a file or a pipe, not a terminal."))
        names = split_names(players) if players is not None else ()
        if roster is not None:
            read = read_roster(roster)
            typer.echo(f"kitgen: {read.summary()}", err=True)  # which column gave the names
            names = read.names
        request = KitRequest(
            rules=settled, players=names, seats=seats, tables=tables, table_size=table_size, rounds=rounds,
            paper=paper or cast(PaperName, default_paper()), host_key=host_key, large_print=large_print,
            die_size_mm=die_size, output=None if to_stdout else output, force=force,
            fillable=fillable,
        )
        progress = KitProgress()
        try:
            if to_stdout:
                rendered = render_kit(request, progress)
                typer.get_binary_stream("stdout").write(rendered.pdfs[0])
                summary = rendered.contents.summary([_("standard output")])
            else:
                written = build_kit(request, progress)
                summary = written.summary()
        finally:
            progress.close()
    except KitgenError as error:
        fail(str(error))
    if not to_stdout:
        for path in written.paths:
            typer.echo(str(path))
    for line in summary:
        typer.echo(line, err=True)


@app.command(cls=Command, epilog=CHECK_EXAMPLES,
              help=_("Judge one proposed move on a stated position (never proposes one)."))
def check(
    rules: PresetOption = DEFAULT_PRESET,
    tiles: TilesOption = None,
    one_die: OneDieOption = None,
    format: FormatOption = None,
    scoring: ScoringOption = None,
    match: MatchOption = None,
    ops: OpsOption = None,
    open_tiles: str | None = typer.Option(
        None, "--open", help=_('The open tiles, e.g. "1 2 4 9".')),
    roll: str | None = typer.Option(None, "--roll", help=_("The throw: 8, 5+3 or 'die 4'.")),
    close: str | None = typer.Option(
        None, "--close", help=_('The tiles the move shuts (or opens), e.g. "3 5".')),
    none: bool = typer.Option(False, "--none", help=_("Judge the claim that the throw has no move.")),
    role: Literal["close", "open"] | None = typer.Option(
        None, "--role", case_sensitive=False, show_default="close",
        help=_("long-game: the closer shuts tiles, the opener opens them."),
    ),
    mine: str | None = typer.Option(
        None, "--mine", help=_('knucklebones: your grid, e.g. "left:3,3 middle: right:6".')),
    theirs: str | None = typer.Option(
        None, "--theirs", help=_("knucklebones: the opponent's grid.")),
    face: int | None = typer.Option(
        None, "--face", help=_("knucklebones: the rolled face.")),
    column: Literal["left", "middle", "right", "l", "m", "r", "1", "2", "3", "a", "b", "c"] | None = typer.Option(
        None, "--column", case_sensitive=False,
        help=_("knucklebones: the column the die goes in (as in a log: also l, m, r, 1, 2, 3 or a, b, c)."),
    ),
    as_json: bool = typer.Option(False, "--json", help=_("Print the verdict as JSON.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen check`` (docs/cli.md)."""
    from kitgen.games import find_game

    try:
        settled = settle_rules(rules, tiles=tiles, one_die=one_die, format=format,
                               scoring=scoring, match=match, ops=ops)
        claim = {"open": open_tiles, "roll": roll, "close": close, "none": none,
                 "role": role, "mine": mine, "theirs": theirs, "face": face,
                 "column": column}
        refuse_unused(settled, **claim)
        verdict = find_game(settled.preset).check_move(settled, claim)
    except KitgenError as error:
        fail(str(error))
    if as_json:
        import json

        typer.echo(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        typer.echo(verdict.text())
    raise typer.Exit(0 if verdict.ok else 1)


VALIDATE_EPILOG = "\n\n".join((
    _("A game log is the paper record typed in, one line per throw (or placement) in the order "
      "played; '#' starts a comment. The format, every line form and the results are described "
      "in docs/log-format.md of kitgen's source (and in its README). For example:"),
    # TRANSLATORS: a sample log; translate only the comments after '#'.
    "\b\n" + _("""  rules: strip
  players: Ana, Ben
  turn Ana
  8: 8              # throw: tiles shut (a throw is 8, 5+3 or die 4)
  12: 6 4 2  = 12   # "= 12" is the checked sum
  11: -             # no move: the turn ends
  score: 9
  ...
  winner: Ana"""),
    examples("kitgen validate examples/club.log examples/table2.log",
             "kitgen validate --json examples > results.json"),
))


@app.command(cls=Command, epilog=VALIDATE_EPILOG,
              help=_("Check transcribed game logs: every rule, every fault with its line, what decided the game."))
def validate(
    # str, not Path: Typer converts each Path argument through a pydantic adapter, a cost per
    # file (docs/performance.md, "Start-up").
    logs: list[str] = typer.Argument(
        ..., metavar="LOG...",
        help=_("Game log files to check; a folder means every *.log file in it; - reads standard input; "
               "a filled fillable kit (PDF) means a log per table.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print one JSON array with one object per log.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen validate`` (docs/cli.md)."""
    from contextlib import closing

    from kitgen.logs.batch import check_files
    from kitgen.logs.report import tally
    from kitgen.logs.validate import expand_logs

    status = 0
    verdicts: list[dict[str, Any]] = []  # what the closing tally needs of each log, not the whole report
    paths = [str(path) for path in expand_logs([Path(name) for name in logs])]
    # --json: one object per line, each written once the next log is done (docs/cli.md: streamed
    # log by log, not held until the end).
    pending = None
    if as_json:
        typer.echo("[")
    with closing(check_files(paths, as_json)) as outcomes:
        for outcome in outcomes:
            status = max(status, outcome.status)
            for to_stderr, text in outcome.printed:
                typer.echo(text, err=to_stderr)
            for document in outcome.documents:
                if pending is not None:
                    typer.echo(pending + ",")
                pending = document
            verdicts.extend(outcome.verdicts)
    if as_json:
        typer.echo("]" if pending is None else f"{pending}\n]")
    elif len(verdicts) > 1:
        typer.echo(tally(verdicts))
    raise typer.Exit(status)


REPORT_EXAMPLES = examples(
    "kitgen report examples -o club-report.pdf",
    "kitgen report examples --paper letter --force",
    "kitgen report examples --csv > standings.csv",
)


@app.command(cls=Command, epilog=REPORT_EXAMPLES, help=_(
    "Write the session report of many tables' logs: results, standings, figures, the dice.\n\n"
    "Exit status 0 when every log is valid, 1 when a log has errors, 2 when a log could not\n"
    "be read (the report is written in every case, listing it)."))
def report(
    # str, not Path: Typer refuses a Path the user may not read with a usage message, where
    # the report lists that log as unreadable (LogUnreadableError) and goes on.
    logs: list[str] = typer.Argument(
        ..., metavar="LOG...", help=_("Game logs, one per table; a folder means every *.log file in it.")),
    output: Path | None = typer.Option(
        None, "-o", "--output", show_default="output/report.pdf", help=_("The report PDF.")),
    paper: PaperOption = None,
    force: bool = typer.Option(False, "--force", help=_("Replace an existing file named with -o.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print the standings and figures as JSON instead.")),
    as_csv: bool = typer.Option(False, "--csv", help=_("Print the standings and figures as CSV instead.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen report`` (docs/cli.md)."""
    from kitgen.session.collect import collect_session, collect_session_while

    quiet_font_warnings()
    if as_json and as_csv:
        fail(_("choose --json or --csv, not both."))
    if (as_json or as_csv) and output is not None:
        fail(_("--json and --csv print to standard output; redirect it to write a file."))
    try:
        if as_json or as_csv:
            import json

            from kitgen.session.export import session_csv, session_json

            session = collect_session([Path(name) for name in logs])
            text = (json.dumps(session_json(session), ensure_ascii=False, indent=1) + "\n"
                    if as_json else session_csv(session))
        else:
            from kitgen.kit.papersize import default_paper

            session, write_report = collect_session_while([Path(name) for name in logs], _report_writer)
            text = f"{write_report(session, output, paper or default_paper(), force)}\n"
    except KitgenError as error:
        fail(str(error))
    for table in session.tables:
        if table.unreadable is not None:
            typer.echo(f"kitgen: {table.file}: {table.unreadable}", err=True)
        elif table.errors:
            typer.echo("kitgen: " + ngettext(
                "{file}: {count} error, its figures taken as written; see kitgen validate {file}",
                "{file}: {count} errors, its figures taken as written; see kitgen validate {file}",
                table.errors).format(file=table.file, count=table.errors), err=True)
    if as_csv:  # the CSV holds the standings; the dice's caution is not lost
        for fit, what in ((session.two_dice, "two-dice"), (session.one_die, "one-die")):
            if fit.caution():
                typer.echo(f"kitgen: {fit.sentence(what)} {fit.caution()}", err=True)
    typer.echo(text, nl=False)
    counts = session.counts
    raise typer.Exit(2 if counts["unreadable"] else 1 if counts["with_errors"] else 0)


TALLY_EXAMPLES = examples(
    "kitgen tally class-4b.txt",
    "kitgen tally class-4b.txt --json",
    "kitgen tally class-4b.txt -o class-4b.pdf",
)


@app.command(cls=Command, epilog=TALLY_EXAMPLES, help=_(
    "Test a class's roll-and-tally sheet (docs/tally.md) against fair dice, as the session report does."))
def tally(
    # str, not Path: a sheet that cannot be read is one sentence of read_text's
    sheet: str = typer.Argument(
        ..., metavar="FILE", help=_("The tallies, one line a total (2-12); - for standard input.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print the figures as JSON instead.")),
    output: Path | None = typer.Option(None, "-o", "--output", help=_("Print the figures and chart to this PDF.")),
    paper: PaperOption = None,
    force: bool = typer.Option(False, "--force", help=_("Replace an existing file named with -o.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen tally`` (docs/cli.md, docs/tally.md)."""
    from kitgen.errors import TallyError
    from kitgen.session.tally import read_tally
    from kitgen.textfile import read_text

    if output == STDOUT:
        fail(_("tally writes its PDF to a file: name it with -o, not -."))
    if as_json and output is not None:
        fail(_("--json prints to standard output and -o writes a PDF: choose one."))
    try:
        sheet_tally = read_tally(read_text(sheet, "tally sheet", TallyError))
        if output is not None:
            quiet_font_warnings()
            from kitgen.kit.papersize import default_paper
            from kitgen.session.tally_report import write_tally_report

            typer.echo(str(write_tally_report(sheet_tally, output, paper or default_paper(), force)))
            return
    except KitgenError as error:
        fail(str(error))
    result = sheet_tally.fit()
    if as_json:
        import json

        typer.echo(json.dumps({
            "title": sheet_tally.title, "throws": result.throws,
            "counts": {str(total): count for total, count in result.counts.items()},
            "expected": {str(total): result.expected(total) for total in result.counts},
            "statistic": result.statistic, "freedom": result.freedom, "p_value": result.p_value,
            "verdict": result.sentence("two-dice"), "caution": result.caution(),
        }, ensure_ascii=False, indent=1))
        return
    if sheet_tally.title:
        typer.echo(sheet_tally.title)
    typer.echo(" ".join(filter(None, (result.sentence("two-dice"), result.caution()))))


TALLY_SHEET_EXAMPLES = examples(
    "kitgen tally-sheet",
    "kitgen tally-sheet --rolls 72 --roster class.csv -o dice-lesson.pdf",
)


@app.command("tally-sheet", cls=Command, epilog=TALLY_SHEET_EXAMPLES, help=_(
    "Print the roll-and-tally sheet of the dice lesson (docs/tally.md): a sheet a pupil, their "
    "counts typed in for kitgen tally."))
def tally_sheet_command(
    rolls: int = typer.Option(36, "--rolls", help=_("The rolls each pupil makes: 36 or 72.")),
    roster: Path | None = typer.Option(None, "--roster", help=_("A class list: one sheet per pupil, named.")),
    paper: PaperOption = None,
    large_print: bool = typer.Option(False, "--large-print", help=_("Text and boxes at least 1.5x.")),
    output: Path | None = typer.Option(None, "-o", "--output", show_default="output/tally-sheet.pdf",
                                       help=_("The sheets' PDF.")),
    force: bool = typer.Option(False, "--force", help=_("Replace an existing file named with -o.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen tally-sheet`` (docs/tally.md)."""
    from kitgen.practice.tally_sheet import COUNTER_COLUMNS

    if rolls not in COUNTER_COLUMNS:
        fail(_("--rolls is 36 or 72, not {rolls}.").format(rolls=rolls))
    if output == STDOUT:
        fail(_("tally-sheet writes a PDF file: name it with -o, not -."))
    try:
        names: tuple[str, ...] = ()
        if roster is not None:
            from kitgen.kit.roster import read_roster

            names = tuple(read_roster(roster).names)
        quiet_font_warnings()
        from kitgen.kit.papersize import default_paper
        from kitgen.practice.tally_sheet import write_tally_sheets

        written = write_tally_sheets(names, rolls, output, paper or default_paper(), large_print, force)
    except KitgenError as error:
        fail(str(error))
    typer.echo(str(written))


def _report_writer() -> Callable[[Session, Path | None, str, bool], Path]:
    """Return :func:`kitgen.session.printed.write_report`, importing the renderer."""
    from kitgen.session.printed import write_report

    return write_report


@app.command("transcribe", cls=Command, epilog=TRANSCRIBE_EXAMPLES,
              help=_("Write a game log per table of a filled fillable kit, ready to read, edit or validate."))
def transcribe_command(
    # str, not Path: a kit that cannot be read is one sentence of read_kit's, not a usage message
    kit: str = typer.Argument(..., metavar="KIT", help=_("A filled fillable kit (PDF).")),
    output: Path | None = typer.Option(
        None, "-o", "--output", show_default=_("the kit's folder"), help=_("The folder to write the logs in."),
    ),
    force: bool = typer.Option(False, "--force", help=_("Replace logs that exist.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen transcribe`` (docs/cli.md)."""
    from kitgen.forms.read import kit_logs
    from kitgen.kit.output import check_output_path, replaceable, write_files

    try:
        logs = kit_logs(Path(kit))
        folder = output if output is not None else Path(kit).parent
        files = {folder / f"{Path(kit).stem}-table-{log.number}.log": log.text.encode() for log in logs}
        for path in files:
            check_output_path(path, True, force)
        write_files(files, replaceable(True, force))  # every table's log, or none
    except KitgenError as error:
        fail(str(error))
    for path in files:
        typer.echo(str(path))


@app.command("rules", cls=Command, epilog=RULES_EXAMPLES,
              help=_("List the presets, or print one preset's rules in the kit's words."))
def rules_command(
    preset: PresetId | None = typer.Argument(
        None, metavar="PRESET", case_sensitive=False, show_default=False,
        help=_("A preset id; without one, list the presets.")),
    ops: OpsOption = None,
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen rules`` (docs/cli.md)."""
    from kitgen.games import find_preset
    from kitgen.rulebook import rules_text

    if preset is None and ops is not None:
        fail(_("--ops words one preset's rules: name it, e.g. kitgen rules classic --ops add+mul."))
    if preset is None:
        width = max(len(known.id) for known in presets())
        for known in presets():
            typer.echo(f"{known.id:<{width}}  {_(known.summary)}")
        return
    try:
        typer.echo(rules_text(find_preset(preset), {} if ops is None else {"ops": ops}))
    except KitgenError as error:
        fail(str(error))


PRACTICE_EXAMPLES = examples(
    "kitgen practice --level 2 --seed 7 -o week3.pdf",
    "kitgen practice --level 1 --roster class.csv --paper letter --large-print",
    "kitgen practice --level 2 --seed 7 --json",
    "kitgen practice --level 3 --roster class.csv --problems 8 --kinds make,sentence --json",
)


@app.command("practice", cls=Command, epilog=PRACTICE_EXAMPLES,
              help=_("Print practice sheets on the box and their answer key as two PDFs (docs/practice.md); "
                     "--json prints the problems and answers instead."))
def practice_command(
    level: int = typer.Option(1, "--level", min=1, max=4, help=_("The level: box, operations and open tiles.")),
    seed: int | None = typer.Option(None, "--seed", min=0, show_default=_("drawn at random"),
                                    help=_("The seed of the (first) sheet: the same seed gives the same sheet.")),
    problems: int = typer.Option(12, "--problems", min=1, max=100, help=_("Problems on each sheet.")),
    kinds: str | None = typer.Option(None, "--kinds", show_default="make,move,no-move,score,sentence",
                                     help=_("The kinds of problem, joined by commas.")),
    box: int | None = typer.Option(None, "--box", help=_("Set the level's box: 9, 10 or 12 tiles.")),
    ops: OpsOption = None,
    open_range: str | None = typer.Option(None, "--open", help=_('Set how many tiles are open, e.g. "4-8".')),
    roster: Path | None = typer.Option(
        None, "--roster", help=_("A class list: one sheet per pupil, each its own seed.")),
    paper: PaperOption = None,
    large_print: bool = typer.Option(False, "--large-print", help=_("Text and boxes at least 1.5x.")),
    output: Path | None = typer.Option(
        None, "-o", "--output", show_default="output/practice.pdf",
        help=_("The sheets' PDF; the answer key goes beside it as NAME-answers.pdf."),
    ),
    force: bool = typer.Option(False, "--force", help=_("Replace existing files named with -o.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print every sheet's problems and answers as JSON.")),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen practice`` (docs/practice.md)."""
    import json
    import random

    from kitgen.practice.levels import LEVELS
    from kitgen.practice.sheets import LevelError, class_set

    try:
        settled = practice_level(LEVELS[level], box, ops, open_range)
        chosen_kinds = practice_kinds(kinds)
        names: tuple[str | None, ...] = (None,)
        if roster is not None:
            from kitgen.kit.roster import read_roster

            names = tuple(read_roster(roster).names)
        if output == STDOUT:
            fail(_("practice writes two PDFs, the sheets and their answer key: name a file with -o, not -."))
        if as_json and (output is not None or force or paper is not None or large_print):
            fail(_("--json prints the problems to standard output; leave out -o, --force, --paper and --large-print."))
        first = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        sheets = class_set(first, settled, problems, names, chosen_kinds)
        if not as_json:
            quiet_font_warnings()
            from kitgen.kit.papersize import default_paper
            from kitgen.practice.printed import write_practice

            written = write_practice(sheets, output, paper or default_paper(), large_print, force)
    except KitgenError as error:
        fail(str(error))
    except LevelError:
        fail(_("these settings give no problem of every kind asked for: open more tiles or allow more operations."))
    if not as_json:
        for path in written:
            typer.echo(str(path))
        return
    from kitgen.practice.sheets import sheets_json

    typer.echo(json.dumps(sheets_json(sheets), ensure_ascii=False))


def practice_level(level: Level, box: int | None, ops: str | None, open_range: str | None) -> Level:
    """Return ``level`` with the settings given on the command line; fails with one sentence
    for a box, operations or open range it cannot take (docs/practice.md, "Levels")."""
    from dataclasses import replace

    from kitgen.games.box.presets import OPS
    from kitgen.practice.levels import BOX_SIZES

    changes: dict[str, Any] = {}
    if box is not None:
        if box not in BOX_SIZES:
            fail(_("--box is 9, 10 or 12, not {box}.").format(box=box))
        changes["box"] = box
        if box > 9:
            changes["scorings"] = ("sum",)  # digits scoring reads tiles as digits: a box of 9 only
    if ops is not None:
        read = OPS.read(ops)
        if read is None:
            fail(_("--ops is one or more of add, sub, mul, div joined by + in that order (e.g. add+mul), "
                   "not {ops}.").format(ops=quote(ops)))
        changes["ops"] = read
    size = changes.get("box", level.box)
    if open_range is not None:
        least, dash, most = open_range.partition("-")
        bounds = (least.strip(), (most if dash else least).strip())
        if not all(bound.isdigit() for bound in bounds) or not 1 <= int(bounds[0]) <= int(bounds[1]) <= size:
            fail(_("--open is how many tiles are open, from 1 to {size} (e.g. 4-8), not {text}.").format(
                size=size, text=quote(open_range)))
        changes["open_least"], changes["open_most"] = int(bounds[0]), int(bounds[1])
    elif size < level.open_most:
        changes["open_most"] = size
        changes["open_least"] = min(level.open_least, size)
    return replace(level, **changes)


def practice_kinds(text: str | None) -> tuple[str, ...]:
    """Return the problem kinds ``--kinds`` names (all five when not given); fails with one
    sentence naming the kinds for an unknown one."""
    from kitgen.practice.levels import KINDS

    if text is None:
        return KINDS
    chosen = tuple(dict.fromkeys(word.strip().lower() for word in text.split(",") if word.strip()))
    unknown = [kind for kind in chosen if kind not in KINDS]
    if unknown or not chosen:
        fail(_("--kinds takes {kinds}, joined by commas, not {text}.").format(
            kinds=", ".join(KINDS), text=quote(text)))
    return chosen


SERVE_EXAMPLES = examples("kitgen serve", "kitgen serve --port 8080 --data ~/kitgen-data",
                          "kitgen serve --host 0.0.0.0")


@app.command("serve", cls=Command, epilog=SERVE_EXAMPLES,
              help=_("Run kitgen's web app: make kits and check sheets in a browser (docs/web.md)."))
def serve_command(
    host: str = typer.Option(
        "127.0.0.1", "--host",
        help=_("The address to listen on; any but the loopback address asks for the access token printed."),
    ),
    port: int = typer.Option(8000, "--port", help=_("The port to listen on.")),
    data: Path | None = typer.Option(
        None, "--data", show_default="$XDG_DATA_HOME/kitgen, ~/.local/share/kitgen",
        help=_("The folder of the app's store (an SQLite file), made on first use."),
    ),
    lang: LanguageOption = None,
) -> None:
    """Run ``kitgen serve`` (docs/web.md)."""
    try:
        from kitgen.web.serve import serve
    except ImportError as error:  # starlette or uvicorn missing: the web extra is not installed
        fail(_("kitgen serve needs the web extra ({missing} is missing): pip install 'kitgen[web]'.").format(
            missing=error.name))
    try:
        serve(host, port, data)
    except KitgenError as error:
        fail(str(error))
