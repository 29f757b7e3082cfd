"""The kit form (docs/web.md, "Make a kit"): every option of ``kitgen kit`` as a field of
the same name, and a posted form as that command's arguments.

The fields are read off the ``kit`` command itself (its options, in order, with their
help), so an option added to the command is a field of the form; only ``-o`` and
``--force``, which name a file on the server, are not. The values a choice takes come from
the registry, as the command's do (:mod:`kitgen.cli.parameters`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

from kitgen.errors import OptionError, quote
from kitgen.games import DEFAULT_PRESET, presets
from kitgen.kit.request import HostKeyPlacement, PaperName
from kitgen.text import LANGUAGES, gettext, language_in_use

Kind = Literal["choice", "text", "int", "float", "flag", "file"]
NOT_FIELDS = ("output", "force")  # they name a file on the server, which the app chooses
NUMBERS: dict[str, Kind] = {"seats": "int", "tables": "int", "table-size": "int", "rounds": "int",
                            "die-size": "float"}
TRUE = ("on", "true", "1", "yes")  # a ticked box sends "on"
FALSE = ("", "off", "false", "0", "no")


@dataclass(frozen=True)
class Field:
    """A field of the kit form: the option's ``name`` (``table-size``), what it takes, the
    ``choices`` of a list (the first is the default, or ``""`` for the command's own),
    and the option's ``help``."""

    name: str
    kind: Kind
    choices: tuple[str, ...] = ()
    help: str = ""


def choices_of(name: str) -> tuple[str, ...]:
    """Return the values the ``kit`` option ``name`` takes where it is a list, else ``()``.

    >>> choices_of("paper"), choices_of("lang"), choices_of("players")
    (('a4', 'letter'), ('en', 'es', 'fr', 'de'), ())
    """
    if name == "rules":
        return tuple(preset.id for preset in presets())
    if name == "paper":
        return get_args(PaperName)
    if name == "host-key":
        return get_args(HostKeyPlacement)
    if name == "lang":
        return LANGUAGES
    return tuple(dict.fromkeys(value for preset in presets() for option in preset.options
                               if option.name == name for value in option.values))


@cache
def kit_fields() -> tuple[Field, ...]:
    """Return the fields of the kit form, one per option of ``kitgen kit`` but ``-o`` and ``--force``."""
    import typer.main

    from kitgen.cli import app

    command = typer.main.get_command(app).commands["kit"]  # type: ignore[attr-defined]
    fields = []
    for param in command.params:
        name = max(param.opts, key=len).removeprefix("--")
        if param.name in NOT_FIELDS:
            continue
        kind: Kind
        if param.is_flag:
            kind = "flag"
        elif name == "roster":
            kind = "file"
        elif name in NUMBERS:
            kind = NUMBERS[name]
        else:
            kind = "choice" if choices_of(name) else "text"
        fields.append(Field(name, kind, choices_of(name) if kind == "choice" else (), param.help or ""))
    return tuple(fields)


def kit_arguments(values: list[tuple[str, str]], roster: str | None) -> list[str]:
    """Return the ``kitgen kit`` arguments of a posted kit form: its ``values`` (field
    name, text), and ``roster``, the name of the roster file given, if one was.

    A value left empty is an option not given; a field no option has, a field given twice
    or a tick box with another value than on or off is refused with :class:`OptionError`.

    >>> kit_arguments([("rules", "classic"), ("players", "Ana, Ben"), ("large-print", "on"), ("seats", "")], None)
    ['--rules=classic', '--players=Ana, Ben', '--large-print']
    """
    fields = {field.name: field for field in kit_fields()}
    arguments = []
    seen = set()
    for name, value in values:
        field = fields.get(name)
        if field is None or field.kind == "file":
            raise OptionError(gettext("{field} is not an option of kitgen kit.").format(field=quote(name)))
        if name in seen:
            raise OptionError(gettext("--{option}: it is given {count} times; give it once.").format(
                option=name, count=sum(1 for given, _ in values if given == name)))
        seen.add(name)
        if field.kind == "flag":
            if value.lower() not in TRUE + FALSE:
                raise OptionError(gettext("--{option} is a tick box: give it on or off, not {value}.").format(
                    option=name, value=quote(value)))
            if value.lower() in TRUE:
                arguments.append(f"--{name}")
        elif value.strip():
            arguments.append(f"--{name}={value}")  # one word: a value may start with a dash
    if roster is not None:
        arguments.append(f"--roster={roster}")
    return arguments


def default_choice(field: Field) -> str:
    """Return the value a list field shows first: the command's default (for the language,
    the app's).

    >>> default_choice(Field("rules", "choice", ("strip", "classic")))
    'strip'
    """
    defaults = {"rules": DEFAULT_PRESET, "host-key": "separate", "lang": language_in_use()}
    return defaults.get(field.name, "")
