"""How kitgen's commands take their parameters, on Typer's public API: the command and group
classes (help without flag metavariables, usage lines as Click writes them, Click's words
for a refused value) and the preset options shared by `kit` and `check` (docs/cli.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from kitgen.errors import QUOTE_MAX_CHARS, quote
from kitgen.games import presets
from kitgen.text import gettext as _

LONG_QUOTE = re.compile(rf"'([^']{{{QUOTE_MAX_CHARS + 1},}})'")  # a value Click quotes whole
PYDANTIC_VALUE_ERROR = "Value error, "


# click's Parameter: Typer vendors click as the private typer._click and exports no name for it
def without_flag_metavars(params: list[Any]) -> list[Any]:
    """Return ``params`` with every flag's metavariable blanked, so help shows none for an
    option that takes no value (Typer shows ``<bool>``, inviting ``--force true``)."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


def repeated_option(params: list[Any], args: list[str]) -> tuple[Any, int] | None:
    """Return the first option taking one value that ``args`` give more than once
    (``--close "2 4" --close 6``, ``--tiles 9 --tiles=12``) and how many times, or ``None``.
    A flag given twice says one thing twice and is let be; an option's value is never read
    as an option; ``--`` ends the options."""
    options = {name: param for param in params if getattr(param, "param_type_name", "") == "option"
               for name in (*param.opts, *param.secondary_opts)}
    given: dict[str, list[str]] = {}  # a parameter's name: the names it was given by, in order
    taking = iter(args)
    for arg in taking:
        if arg == "--":
            break
        name, equals, _value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        param = options.get(name)
        if param is None:
            continue
        if param.is_flag or param.count:
            continue
        if not equals:
            next(taking, None)  # the option's value
        if not param.multiple:
            given.setdefault(param.name, []).append(name)
    for name, names in given.items():
        if len(names) > 1:
            return next(param for param in params if param.name == name), len(names)
    return None


def usage_name(argument: TyperArgument) -> str:
    """Return how the usage line names ``argument``, as Click does: ``LOG...`` for a list, the
    name bare when required and ``[PRESET]`` when not (Typer writes ``{LOG}...``)."""
    name = argument.metavar or (argument.name or "").upper()
    if argument.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if argument.required else f"[{name}]"


class Command(TyperCommand):
    """A Typer command whose help shows no metavariable for flags and its usage line names
    its arguments as Click does, and whose refusal of a value (a choice not offered, a number not a number) reads as
    Click's, quoting at most 40 characters of the value."""

    # Typer passes its vendored click Context, public only as the base of typer.Context: the
    # overrides name typer.Context, as Typer's documentation does (typer._click is private)
    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            usage = [usage_name(param)] if isinstance(param, TyperArgument) else param.get_usage_pieces(ctx)
            pieces.extend(usage)
        return pieces

    def get_params(self, ctx: typer.Context) -> list[Any]:  # type: ignore[override]
        return without_flag_metavars(super().get_params(ctx))

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        repeated = repeated_option(self.get_params(ctx), args)
        if repeated is not None:  # which one was meant is unclear, so neither is taken (docs/cli.md)
            param, count = repeated
            raise typer.BadParameter(_("it is given {count} times; give it once.").format(count=count),
                                     ctx=ctx, param=param)
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as error:
            error.message = clicks_message(error)
            raise


def clicks_message(error: typer.BadParameter) -> str:
    """Return the message of a refused value as Click words it, quoting at most 40
    characters of the value: Typer coerces through pydantic, which starts a ValueError's
    message "Value error, " and says "Input should be a valid integer, unable to parse..."
    of a number that is not one."""
    errors = getattr(error.__cause__, "errors", None)  # pydantic's ValidationError.errors
    first = errors()[0] if errors is not None and errors() else {}
    # pydantic's error types for a number that is not one, in Click's words
    if first.get("type") == "int_parsing":
        return _("{value} is not a valid integer.").format(value=quote(str(first.get("input"))))
    if first.get("type") == "float_parsing":
        return _("{value} is not a valid float.").format(value=quote(str(first.get("input"))))
    message = error.message.removeprefix(PYDANTIC_VALUE_ERROR)
    return LONG_QUOTE.sub(lambda found: quote(found.group(1)), message)


class Group(TyperGroup):
    """The Typer group of kitgen's commands; its help shows no metavariable for flags."""

    def get_params(self, ctx: typer.Context) -> list[Any]:  # type: ignore[override]  # as Command's
        return without_flag_metavars(super().get_params(ctx))


def choices(values: Iterable[str]) -> Any:
    """Return a ``Literal`` of ``values`` in order, once each: Typer shows it as
    ``[a|b]``, completes it, and refuses other values with Click's message."""
    return Literal[tuple(dict.fromkeys(values))]


def option_choices(name: str) -> Any:
    """Return the values the preset option ``name`` takes in any preset, as choices."""
    return choices(value for preset in presets() for option in preset.options
                   if option.name == name for value in option.values)


# Preset options, shared by `kit` and `check` (docs/cli.md: the names of a log's rules: line). Each
# takes a Literal of its values, made at import; mypy, which cannot read a Literal made at run
# time, checks each as the str Typer passes.
if TYPE_CHECKING:
    PresetId: TypeAlias = str
    TilesChoice: TypeAlias = str
    OneDieChoice: TypeAlias = str
    FormatChoice: TypeAlias = str
    ScoringChoice: TypeAlias = str
    MatchChoice: TypeAlias = str
else:
    PresetId = choices(preset.id for preset in presets())
    TilesChoice = option_choices("tiles")
    OneDieChoice = option_choices("one-die")
    FormatChoice = option_choices("format")
    ScoringChoice = option_choices("scoring")
    MatchChoice = option_choices("match")
PresetOption = Annotated[PresetId, typer.Option(
    "--rules", case_sensitive=False, help=_("The game: a preset id (kitgen rules lists them)."))]
TilesOption = Annotated[TilesChoice | None, typer.Option("--tiles", help=_("classic: tiles on the box."))]
OneDieOption = Annotated[OneDieChoice | None, typer.Option(
    "--one-die", case_sensitive=False, help=_("classic: the one-die rule."))]
FormatOption = Annotated[FormatChoice | None, typer.Option(
    "--format", case_sensitive=False, help=_("classic: single round, best of 3/5/7, or elimination."))]
ScoringOption = Annotated[ScoringChoice | None, typer.Option(
    "--scoring", case_sensitive=False, help=_("hundred: score the tiles' sum or their digits."))]
OpsOption = Annotated[str | None, typer.Option(
    "--ops", metavar="OPS", show_default="add",
    help=_("strip, classic, ten: the operations a throw may use, joined by + in this order: add, sub, mul, "
           "div (e.g. add+mul)."))]
MatchOption = Annotated[MatchChoice | None, typer.Option(
    "--match", case_sensitive=False, help=_("knucklebones: one game or a best-of match."))]
