"""The rules text of every preset, from the rule templates (docs/rules.md sections 1-8).

One source for what ``kitgen rules PRESET`` prints and for the kit's rules card, strips,
totals table and host key. Each preset has a template, ``templates/rules/<preset>.txt.j2``,
whose words go through gettext (:mod:`kitgen.text`); this module passes it the rules'
values and collects what it says as parts keyed by stable ids: a section (``setup``,
``turn``, ``scoring`` ...) and each of its paragraphs (``scoring.points``,
``format.best-of`` ...). :func:`rule_text` asks for the paragraphs of one key;
:func:`rulebook` gathers them into the rules card's record; :func:`rules_text` lays a
preset's rules out for the terminal, followed by what each option value changes.

Nothing here names a move for a game in progress: the worked examples are fixed text
(docs/rules.md, non-goals), and no sentence ranks or recommends a choice.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import jinja2

from kitgen.games import find_game, find_preset
from kitgen.games.preset import Preset, Rules
from kitgen.resources import data_folder
from kitgen.text import gettext, pgettext
from kitgen.text.templates import I18N_EXTENSION, install_words

TEXT_WIDTH = 78  # characters per terminal line in rules_text

# Parts that are not sections of the rules card: one paragraph each, or the host key's notes
# and the terminal's option effects (``option.<option name>``).
SINGLE_PARTS = ("title", "goal", "hint", "result")
NOT_SECTIONS = (*SINGLE_PARTS, "example", "host", "option")


@dataclass(frozen=True)
class Section:
    """A heading and its short paragraphs of plain text; ``key`` names the section and
    ``keys`` each paragraph (empty for a section not made from a rule template)."""

    heading: str
    paragraphs: tuple[str, ...]
    key: str = ""
    keys: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Rulebook:
    """The rules of one preset with settled options, as plain strings.

    ``sections`` run setup, turn, one-die rule (when it applies), scoring, format or
    rounds, ending, rulings. ``example`` is one fixed worked example; ``strip_hint`` is
    the line printed on every strip or board; ``result_rule`` goes under the totals
    table; ``host_notes`` are the scoring and ending rules in brief for the host key.
    """

    preset: str
    title: str
    goal: str
    sections: tuple[Section, ...]
    example: Section
    strip_hint: str
    result_rule: str
    host_notes: tuple[str, ...]

    def text(self, key: str) -> tuple[str, ...]:
        """Return the paragraphs of the rules card under ``key`` (as :func:`rule_text`).

        Raises :class:`RuleTextError` when the card has no such text.

        >>> from kitgen.games import find_preset
        >>> rulebook(find_preset("hundred").configure()).text("scoring.total")[1]
        "Shutting the box sets the player's running total back to 0."
        """
        found = _keyed(self.sections, key)
        if not found:
            raise RuleTextError(f"the rules of {self.preset!r} have no text {key!r}")
        return found


class RuleTextError(KeyError):
    """A rule text key that the preset's rules do not have (a kit built on a missing rule)."""


def rule_parts(rules: Rules) -> tuple[Section, ...]:
    """Return every part the rule template of ``rules`` says, in its order: sections with
    their keyed paragraphs, and the single parts (title, goal, hint, result) as sections
    of one paragraph without a heading.

    >>> from kitgen.games import find_preset
    >>> [part.key for part in rule_parts(find_preset("strip").configure())][:4]
    ['title', 'goal', 'setup', 'turn']
    """
    return template_parts(f"{find_preset(rules.preset).layout}.txt.j2", _values(rules))


def template_parts(name: str, values: dict[str, Any]) -> tuple[Section, ...]:
    """Return the parts the rule template ``name`` says with ``values``: each
    ``section(key, heading)`` call with the paragraphs of its ``part(key)`` calls, and each
    ``part(key)`` outside a section as a section of one paragraph without a heading."""
    parts: list[Section] = []
    opened: list[tuple[str, str, list[tuple[str, str]]]] = []

    def section(key: str, heading: str, caller: Callable[[], str]) -> str:
        opened.append((key, heading, []))
        caller()
        key, heading, paragraphs = opened.pop()
        parts.append(Section(heading, tuple(text for _, text in paragraphs), key,
                             tuple(name for name, _ in paragraphs)))
        return ""

    def part(key: str, caller: Callable[[], str]) -> str:
        words = caller().strip()
        if opened:
            opened[-1][2].append((key, words))
        else:
            parts.append(Section("", (words,), key, (key,)))
        return ""

    _environment().get_template(name).render(values, section=section, part=part)
    return tuple(parts)


def rule_text(rules: Rules, key: str) -> tuple[str, ...]:
    """Return the paragraphs ``rules`` word under ``key``: a section (``"rounds"``), a
    paragraph (``"scoring.points"``) or a group of paragraphs (``"scoring.total"`` gives
    ``scoring.total.added`` and ``scoring.total.reset``), in the rules' order.

    Raises :class:`RuleTextError` when the preset's rules have no such text.

    >>> from kitgen.games import find_preset
    >>> rule_text(find_preset("classic").configure(), "scoring.worst")
    ('The worst possible turn score is 43.',)
    """
    found = _keyed(rule_parts(rules), key)
    if not found:
        raise RuleTextError(f"the rules of {rules.preset!r} have no text {key!r}")
    return found


def _keyed(parts: tuple[Section, ...], key: str) -> tuple[str, ...]:
    """Return the paragraphs of ``parts`` under ``key``: a whole part, one paragraph, or
    the paragraphs whose keys start with ``key.``, in order."""
    return tuple(
        paragraph
        for part in parts
        for name, paragraph in zip(part.keys, part.paragraphs, strict=False)  # not from a template: no keys
        if part.key == key or name == key or name.startswith(key + ".")
    )


def rulebook(rules: Rules) -> Rulebook:
    """Return the rulebook for ``rules`` (a preset with its options settled).

    >>> from kitgen.games import find_preset
    >>> rulebook(find_preset("classic").configure({"format": "best-of-3"})).title
    'Shut the Box - best of 3, 9 tiles'
    """
    parts = {part.key: part for part in rule_parts(rules)}
    single = {key: parts[key].paragraphs[0] for key in SINGLE_PARTS}
    return Rulebook(
        preset=rules.preset,
        title=single["title"],
        goal=single["goal"],
        sections=tuple(part for key, part in parts.items() if key not in NOT_SECTIONS),
        example=parts["example"],
        strip_hint=single["hint"],
        result_rule=single["result"],
        host_notes=parts["host"].paragraphs,
    )


def rules_text(preset: Preset[Rules], chosen: Mapping[str, str] | None = None) -> str:
    """Return ``preset``'s rules as plain terminal text: its rulebook with the ``chosen``
    options (default: none, its default rulebook), then one paragraph per option listing what
    each value changes, and the set options chosen (``ops``) with their value (docs/cli.md,
    ``kitgen rules``). Raises :class:`OptionError` for an option or value the preset lacks.

    >>> from kitgen.games import find_preset
    >>> "45" in rules_text(find_preset("classic"))
    True
    """
    chosen = dict(chosen or {})
    book = rulebook(preset.configure(chosen))
    blocks = [_underlined(book.title), _wrapped(gettext("Goal: {goal}").format(goal=book.goal), "", "")]
    for section in (*book.sections, book.example):
        blocks.append(_section_text(section))
    blocks.append(_section_text(Section(pgettext("rules heading", "Result"), (book.result_rule,))))
    blocks.append(_options_text(preset, chosen))
    return "\n\n".join(blocks)


# --- Terminal layout -------------------------------------------------------------------


def _underlined(title: str) -> str:
    return f"{title}\n{'=' * len(title)}"


def _wrapped(paragraph: str, first: str = "- ", rest: str = "  ") -> str:
    return textwrap.fill(paragraph, TEXT_WIDTH, initial_indent=first, subsequent_indent=rest)


def _section_text(section: Section) -> str:
    return "\n".join([section.heading, *(_wrapped(paragraph) for paragraph in section.paragraphs)])


def _options_text(preset: Preset[Rules], chosen: dict[str, str]) -> str:
    heading = pgettext("rules heading", "Options")
    settled = dict(preset.configure(chosen).options)
    set_options = [option for option in preset.set_options if settled[option.name] != option.default]
    if not preset.options and not set_options:
        none = gettext("{preset} has no options.").format(preset=preset.id)  # outside an f-string: Babel extracts it
        return f"{heading}\n{_wrapped(none)}"
    lines = [gettext("Options (kitgen kit --rules {preset} --OPTION VALUE)").format(preset=preset.id)]
    for option in preset.options:
        lines.append(gettext("{option} (default {default}):").format(option=option.name, default=option.default))
        for value in option.values:
            effect = pgettext("sentence separator", " ").join(
                rule_text(preset.configure({**chosen, option.name: value}), f"option.{option.name}"))
            lines.append(_wrapped(gettext("{value}: {effect}").format(value=value, effect=effect), "  - ", "    "))
    for set_option in set_options:  # docs/rules.md section 9: listed only when chosen, not the default
        value = settled[set_option.name]
        lines.append(gettext("{option} (default {default}):").format(option=set_option.name,
                                                                    default=set_option.default))
        effect = pgettext("sentence separator", " ").join(
            rule_text(preset.configure(chosen), f"option.{set_option.name}"))
        lines.append(_wrapped(gettext("{value}: {effect}").format(value=value, effect=effect), "  - ", "    "))
    return "\n".join(lines)


# --- The templates and their values --------------------------------------------------------


@cache
def _environment() -> jinja2.Environment:
    """Return the environment of the rule templates: plain text (no escaping), strict about
    undefined names, compiled in memory once a process."""
    return install_words(jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_folder("templates") / "rules"),
        undefined=jinja2.StrictUndefined,
        extensions=[I18N_EXTENSION],
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    ))


def _values(rules: Rules) -> dict[str, Any]:
    """Return the numbers and choices a rule template words (docs/rules.md sections 1-7):
    the player range, and what the rules' game says of its own rules."""
    return {
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        **find_game(rules.preset).rule_values(rules),
    }
