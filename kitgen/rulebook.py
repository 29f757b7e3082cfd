"""The rules text of every preset, in kitgen's own words (RULES.md sections 1-8).

One source for what ``kitgen rules PRESET`` prints and for the kit's rules card,
strips, totals table and host key. :func:`rulebook` returns plain strings (no HTML,
no markup) for one set of settled options; :func:`rules_text` lays a preset's default
rulebook out for the terminal, followed by what each option value changes.

Nothing here names a move for a game in progress: the worked examples are fixed
text (RULES.md, non-goals), and no sentence ranks or recommends a choice.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Callable

from kitgen.rules.box import HIGH_SHUT_FROM, LOW_SUM_LIMIT
from kitgen.rules.formats import ATTEMPTS, HUNDRED_LOSES_AT
from kitgen.rules.knucklebones import MAX_TOTAL
from kitgen.rules.presets import Preset, Rules

TEXT_WIDTH = 78  # characters per terminal line in rules_text
SUM_LIMIT = HUNDRED_LOSES_AT["sum"] - 1  # RULES.md section 5: a running total above 100 loses
DIGITS_LIMIT = HUNDRED_LOSES_AT["digits"]  # RULES.md section 5: 1000 or more loses
FIRST_THROW_LEAST = 2  # RULES.md section 1: the first throw (two dice, full box) shuts at least 2


@dataclass(frozen=True)
class Section:
    """A heading and its short paragraphs of plain text."""

    heading: str
    paragraphs: tuple[str, ...]


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


def rulebook(rules: Rules) -> Rulebook:
    """Return the rulebook for ``rules`` (a preset with its options settled).

    The text follows RULES.md sections 1-8 for the preset and its options (tiles,
    one-die rule, format, scoring, match length).

    >>> from kitgen.rules.presets import find_preset
    >>> rulebook(find_preset("classic").configure({"format": "best-of-3"})).title
    'Shut the Box - best of 3, 9 tiles'
    """
    return _BUILDERS[rules.preset](rules)


def rules_text(preset: Preset) -> str:
    """Return ``preset``'s rules as plain terminal text: its default rulebook, then one
    paragraph per option listing what each value changes (CLI.md, ``kitgen rules``).

    >>> from kitgen.rules.presets import find_preset
    >>> "45" in rules_text(find_preset("classic"))
    True
    """
    book = rulebook(preset.configure())
    blocks = [_underlined(book.title), _wrapped("Goal: " + book.goal, "", "")]
    for section in (*book.sections, book.example):
        blocks.append(_section_text(section))
    blocks.append(_section_text(Section("Result", (book.result_rule,))))
    blocks.append(_options_text(preset))
    return "\n\n".join(blocks)


# --- Terminal layout -------------------------------------------------------------------


def _underlined(title: str) -> str:
    return f"{title}\n{'=' * len(title)}"


def _wrapped(paragraph: str, first: str = "- ", rest: str = "  ") -> str:
    return textwrap.fill(paragraph, TEXT_WIDTH, initial_indent=first, subsequent_indent=rest)


def _section_text(section: Section) -> str:
    return "\n".join([section.heading, *(_wrapped(paragraph) for paragraph in section.paragraphs)])


def _options_text(preset: Preset) -> str:
    if not preset.options:
        return f"Options\n{_wrapped(f'{preset.id} has no options.')}"
    lines = [f"Options (kitgen kit --rules {preset.id} --OPTION VALUE)"]
    for option in preset.options:
        lines.append(f"{option.name} (default {option.default}):")
        effect = _OPTION_EFFECTS[preset.id, option.name]
        for value in option.values:
            rules = preset.configure({option.name: value})
            lines.append(_wrapped(f"{value}: {effect(rules)}", "  - ", "    "))
    return "\n".join(lines)


# --- Shared box text (RULES.md section 1) ------------------------------------------------


def _tile_range(rules: Rules) -> str:
    return f"1 to {rules.tiles}"


def _fresh_box_setup(rules: Rules) -> str:
    """Return the setup sentence of a preset played on a fresh box every turn (ten, hundred)."""
    return (
        f"{rules.min_players} to {rules.max_players} players, two dice, and a box "
        f"of tiles {_tile_range(rules)}, all open at the start of each turn."
    )


def _worst_score(rules: Rules) -> int:
    return rules.full_box - FIRST_THROW_LEAST


def _one_die_condition(rules: Rules) -> str:
    """Return when one die may be chosen, e.g. 'when tiles 7, 8 and 9 are all shut'."""
    if rules.one_die == "low-sum":
        return f"when the open tiles add up to {LOW_SUM_LIMIT} or less"
    high = range(HIGH_SHUT_FROM, rules.tiles + 1)
    if len(high) == 3:
        return f"when tiles {high[0]}, {high[1]} and {high[2]} are all shut"
    return f"when every tile from {HIGH_SHUT_FROM} up to {rules.tiles} is shut"


def _dice_rule(rules: Rules) -> str:
    if rules.one_die == "never":
        return "Roll both dice for every throw, even when only a few tiles are left open."
    return "Roll two dice, or one die when the one-die rule below allows it."


def _move_rule(verb: str, state: str) -> str:
    return (
        f"A move {verb} one or more different {state} tiles whose numbers add up to exactly "
        "the total of the throw."
    )


_NO_TRICKS = (
    "Only the total counts: no subtracting, no multiplying, no joining digits, and no "
    "using each die on its own."
)
_NO_PASS = (
    "If any set fits the throw, one must be used: a player cannot pass. Which set is "
    "always the player's own choice, even when only one fits; nobody chooses for them."
)
_TIES = "Ties share: every player tied for the lowest is listed as a winner."


def _article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _throw_section(rules: Rules, turn: str) -> Section:
    return Section(
        _article(turn).capitalize(),
        (
            _dice_rule(rules),
            "After each throw, the player shuts a set of open tiles that adds up to the "
            "throw: one tile or several, each tile once.",
            f"Then throw again. The {turn} ends when a throw matches no set of open tiles, "
            "or at once when every tile is shut.",
            f"The opening throw of {_article(turn)} uses two dice with every tile open, so "
            "it always has a move.",
        ),
    )


def _one_die_section(rules: Rules) -> tuple[Section, ...]:
    if rules.one_die == "never":
        return ()
    return (
        Section(
            "The one-die rule",
            (
                f"Before any throw, the player may choose to roll one die {_one_die_condition(rules)}. "
                "The choice is made again before every throw.",
                "One die is never forced: rolling two dice is always allowed.",
                "A one-die throw of 1 with tile 1 already shut has no move, so the turn ends.",
            ),
        ),
    )


def _box_score(rules: Rules, turn: str = "turn", all_shut: str = "a shut box scores 0") -> str:
    """Return how ``turn`` scores; ``all_shut`` says what every tile shut scores, in the
    preset's words (the strip game has no box)."""
    if rules.scoring == "digits":
        return (
            f"{_article(turn).capitalize()} scores the open tiles read lowest first as one "
            f"number: with 1, 5 and 9 open the score is 159; {all_shut}."
        )
    return f"{_article(turn).capitalize()} scores the open tiles added together; {all_shut}."


def _box_rulings(extra: tuple[str, ...] = ()) -> Section:
    return Section(
        "Rulings",
        (_move_rule("shuts", "open"), _NO_TRICKS, _NO_PASS, *extra),
    )


def _box_example(rules: Rules) -> Section:
    """Return the fixed worked example of a Shut the Box rules card (KIT.md, rules card)."""
    score = "146, the open tiles read as one number" if rules.scoring == "digits" else "1+4+6 = 11"
    return Section(
        "Worked example",
        (
            "A throw of 8 with every tile open: 8 alone, 1+7, 2+6, 3+5, 1+2+5 or 1+3+4 are "
            "all allowed; the player picks one.",
            "With only 1, 4 and 6 open, a throw of 9 matches no set (1+4 is 5, 1+6 is 7, "
            f"4+6 is 10, all three are 11), so the turn ends and scores {score}.",
        ),
    )


def _box_hint(rules: Rules, shut: str = "shut open tiles", stop: str = "stop and add what is open") -> str:
    one_die = "" if rules.one_die == "never" else f" (one die allowed {_one_die_condition(rules)})"
    return f"Roll{one_die}, {shut} that add up to the roll; none fit: {stop}."


def _turn_end_note(turn: str) -> str:
    return f"{_article(turn).capitalize()} ends when a throw has no move, or at once when every tile is shut."


def _one_die_note(rules: Rules) -> tuple[str, ...]:
    if rules.one_die == "never":
        return ("Two dice for every throw.",)
    return (f"One die may be chosen {_one_die_condition(rules)}; never forced.",)


# --- strip (RULES.md section 2) -----------------------------------------------------------

def _strip(rules: Rules) -> Rulebook:
    return Rulebook(
        preset=rules.preset,
        title=f"Exact-sum number strips - {ATTEMPTS} attempts each, {rules.tiles} tiles",
        goal="Cross out numbers that add up to each roll, leaving as little as possible open.",
        sections=(
            Section(
                "Setup",
                (
                    f"{rules.min_players} to {rules.max_players} players, two dice, a pencil, "
                    f"and a fresh strip with the numbers {_tile_range(rules)} for each attempt. "
                    "Each number is a tile: crossing it out shuts it.",
                    f"Each player plays {ATTEMPTS} attempts. At the table, everyone plays attempt 1 "
                    "in seat order, then everyone plays attempt 2.",
                ),
            ),
            _throw_section(rules, "attempt"),
            Section(
                "Scoring",
                (_box_score(rules, "attempt", "with every number crossed out it scores 0"),
                 "A player's total is attempt 1 plus attempt 2."),
            ),
            Section(
                "Ending",
                (
                    "When every player has played both attempts, the lowest total wins. "
                    + _TIES,
                ),
            ),
            _box_rulings(
                ("Playing alone: the two attempts are written down and compared, "
                 "and there is no winner.",),
            ),
        ),
        example=_box_example(rules),
        strip_hint=_box_hint(rules, "cross out open numbers"),
        result_rule="Lowest combined total wins; equal totals share the win. Alone: no winner.",
        host_notes=(
            "Attempt score: the sum of the numbers still open; all crossed out scores 0.",
            _turn_end_note("attempt"),
            *_one_die_note(rules),
            f"Total: attempt 1 + attempt 2. Lowest total wins; ties share. "
            f"Worst attempt score: {_worst_score(rules)}.",
        ),
    )


# --- classic (RULES.md section 3) ---------------------------------------------------------


def _format_label(fmt: str, single: str = "single round") -> str:
    """Return a format for a title: ``single`` for ``single``, else e.g. ``best of 3``."""
    if fmt == "single":
        return single
    return fmt.replace("-", " ")


def _classic_tiles(rules: Rules) -> str:
    return (
        f"tiles {_tile_range(rules)}; the worst turn score is {_worst_score(rules)}; "
        f"in elimination a running total of {rules.full_box} or more is out."
    )


def _classic_one_die(rules: Rules) -> str:
    if rules.one_die == "never":
        return "the one-die rule is off: two dice for every throw."
    return f"the one-die rule is on: one die may be chosen {_one_die_condition(rules)}."


def _classic_format(rules: Rules) -> tuple[str, ...]:
    """Return the paragraphs of classic's format rule (RULES.md section 3)."""
    if rules.format == "single":
        return ("Single round: one round is the game. The lowest score wins; a shared lowest "
                "score is a tie.",)
    if rules.format == "elimination":
        return (
            "Elimination: each round's score is added to the player's running total. When a "
            f"round is over, a player with a running total of {rules.full_box} or more is out. The "
            "one player still in at the end wins. Nobody can be out after round 1, because one "
            f"turn scores at most {_worst_score(rules)}.",
            "If one round puts out everyone who was still in, the one of them with the lowest "
            "running total wins, and equal totals share the win.",
        )
    length = rules.format.removeprefix("best-of-")
    return (
        f"Best of {length}: a round is won only by a single lowest score; a tied lowest score "
        f"wins nobody that round. The first player to {rules.wins_needed} round wins takes the "
        f"match, and play goes on past {length} rounds if nobody has {rules.wins_needed} yet.",
    )


def _classic_format_effect(rules: Rules) -> str:
    return " ".join(_classic_format(rules))


def _classic_result(rules: Rules) -> str:
    if rules.format == "single":
        return "Lowest score wins; equal lowest scores share the win. Alone: no winner."
    if rules.format == "elimination":
        return (
            f"Out at {rules.full_box} or more after a round; the last player left wins. "
            "All out together: lowest running total wins, ties share."
        )
    return (
        f"A single lowest score wins the round; a tie wins nobody the round. "
        f"First to {rules.wins_needed} round wins takes the match."
    )


def _classic(rules: Rules) -> Rulebook:
    title = f"Shut the Box - {_format_label(rules.format)}, {rules.tiles} tiles"
    if rules.one_die == "never":
        title += ", one-die rule off"
    return Rulebook(
        preset=rules.preset,
        title=title,
        goal="Shut tiles that add up to each roll, so that as little as possible is left open.",
        sections=(
            Section(
                "Setup",
                (
                    f"{rules.min_players} to {rules.max_players} players, two dice, and a box "
                    f"of tiles {_tile_range(rules)} (or a fresh strip each turn), all open.",
                    "Agree on the format before the first throw.",
                ),
            ),
            _throw_section(rules, "turn"),
            *_one_die_section(rules),
            Section(
                "Scoring",
                (_box_score(rules), f"The worst possible turn score is {_worst_score(rules)}."),
            ),
            Section(
                "Rounds",
                (
                    "In each round, every player still in takes exactly one turn on a fresh "
                    "open box. Shutting the box does not end the round for the others.",
                    "Round 1 starts with seat 1. Each later round starts one seat further on "
                    "than the seat that started the round before, skipping players who are out. "
                    "Within a round, play goes round the table in seat order, skipping players "
                    "who are out.",
                ),
            ),
            Section("Format", _classic_format(rules)),
            Section(
                "Ending",
                ("A player on their own takes a single turn and that turn is the game, "
                 "whatever the format: the score is written down and there is no winner.",),
            ),
            # best-of: a tie wins no round, and the match has one winner, so nothing is shared
            _box_rulings(() if rules.format.startswith("best-of-") else (_TIES,)),
        ),
        example=_box_example(rules),
        strip_hint=_box_hint(rules),
        result_rule=_classic_result(rules),
        host_notes=(
            f"Turn score: the sum of the open tiles; a shut box scores 0; worst {_worst_score(rules)}.",
            _turn_end_note("turn"),
            *_one_die_note(rules),
            *_classic_format(rules),
        ),
    )


# --- ten (RULES.md section 4) -------------------------------------------------------------


def _ten(rules: Rules) -> Rulebook:
    return Rulebook(
        preset=rules.preset,
        title=f"Ten-tile box - {rules.tiles} tiles, one turn each",
        goal="Shut every tile to win at once, or finish your turn with the lowest score.",
        sections=(
            Section(
                "Setup",
                (
                    _fresh_box_setup(rules),
                    "Each player takes one turn, in seat order.",
                ),
            ),
            _throw_section(rules, "turn"),
            *_one_die_section(rules),
            Section(
                "Scoring",
                (_box_score(rules), f"The worst possible turn score is {_worst_score(rules)}."),
            ),
            Section(
                "Ending",
                (
                    "A player who shuts the box wins at once and the game is over: "
                    "the seats after them do not play.",
                    "Otherwise, when every player has had a turn, the lowest score wins.",
                    "Playing alone, the score is written down and there is no winner, "
                    "even when the box is shut.",
                ),
            ),
            _box_rulings(
                (
                    _TIES,
                    f"A table seats {rules.min_players} to {rules.max_players} players.",
                ),
            ),
        ),
        example=_box_example(rules),
        strip_hint=_box_hint(rules),
        result_rule="Shutting the box wins at once; otherwise the lowest score wins, "
        "equal scores share the win.",
        host_notes=(
            f"Turn score: the sum of the open tiles; worst {_worst_score(rules)}.",
            _turn_end_note("turn"),
            *_one_die_note(rules),
            "Shutting the box wins at once; later seats do not play. Otherwise lowest score "
            "wins; ties share. Alone: no winner.",
        ),
    )


# --- hundred (RULES.md section 5) ---------------------------------------------------------


def _hundred_end(rules: Rules) -> str:
    """Return what loses, for a title: 'reaching 1000' or 'passing 100'."""
    return f"reaching {DIGITS_LIMIT}" if rules.scoring == "digits" else f"passing {SUM_LIMIT}"


def _hundred_loss(rules: Rules) -> str:
    """Return how a player loses, e.g. 'to reach 1000 (a running total of 1000 or more)'."""
    if rules.scoring == "digits":
        return f"to reach {DIGITS_LIMIT} (a running total of {DIGITS_LIMIT} or more)"
    return (
        f"to pass {SUM_LIMIT} (a running total of more than {SUM_LIMIT}; "
        f"exactly {SUM_LIMIT} does not lose)"
    )


def _hundred_scoring(rules: Rules) -> str:
    return f"{_box_score(rules)} The first player {_hundred_loss(rules)} loses."


def _hundred(rules: Rules) -> Rulebook:
    return Rulebook(
        preset=rules.preset,
        title=f"Race to 100 - {rules.scoring} scoring: {_hundred_end(rules)} loses",
        goal=f"Keep your running total low: the first player {_hundred_loss(rules)} loses.",
        sections=(
            Section(
                "Setup",
                (
                    _fresh_box_setup(rules),
                    "Everyone's running total starts at 0.",
                ),
            ),
            _throw_section(rules, "turn"),
            *_one_die_section(rules),
            Section(
                "Scoring",
                (
                    _box_score(rules),
                    "Each turn's score is added to the player's running total.",
                    "Shutting the box sets the player's running total back to 0.",
                ),
            ),
            Section(
                "Rounds",
                (
                    "In each round every player takes one turn in seat order. "
                    "Every round starts with seat 1.",
                ),
            ),
            Section(
                "Ending",
                (
                    f"The first player {_hundred_loss(rules)} loses at once. The game ends "
                    "there: nobody plays after that turn.",
                    "The others are ranked by running total, lowest first. The lowest total "
                    "wins, and equal lowest totals share the win.",
                ),
            ),
            _box_rulings(),
        ),
        example=_box_example(rules),
        strip_hint=_box_hint(rules, stop="stop, score what is open and add it to your total"),
        result_rule=f"The first player {_hundred_loss(rules)} loses; of the others, "
        "the lowest running total wins, ties share.",
        host_notes=(
            _box_score(rules),
            _turn_end_note("turn"),
            *_one_die_note(rules),
            "Running total: add each turn's score; a shut box resets it to 0. Seat 1 starts "
            "every round.",
            f"Loser: the first player {_hundred_loss(rules)}; play stops there. Others: lowest "
            "running total wins, ties share.",
        ),
    )


# --- long-game (RULES.md section 6) -------------------------------------------------------


def _long_game(rules: Rules) -> Rulebook:
    return Rulebook(
        preset=rules.preset,
        title=f"The long game - closer against opener, {rules.tiles} tiles",
        goal="The closer tries to shut every tile; the opener tries to open every tile again.",
        sections=(
            Section(
                "Setup",
                (
                    f"2 players, two dice, and one box of tiles {_tile_range(rules)}. "
                    "Seat 1 is the closer, seat 2 the opener.",
                    "The closer starts on a box with every tile open.",
                ),
            ),
            Section(
                "A turn",
                (
                    _dice_rule(rules),
                    "The closer plays an ordinary turn: each move shuts open tiles that add up "
                    "to the throw.",
                    "Then the opener takes the board exactly as it was left. Each of the "
                    "opener's moves opens shut tiles that add up to the throw.",
                    "A throw with no move ends the turn, and the board passes to the other "
                    "player as it stands. Turns go on like this, back and forth.",
                ),
            ),
            Section(
                "The one-die rule",
                (
                    f"Either player may choose to roll one die {_one_die_condition(rules)} on "
                    "the board as it stands. The choice is made again before every throw.",
                    "One die is never forced: rolling two dice is always allowed.",
                    "A one-die throw of 1 has no move for the closer when tile 1 is shut, "
                    "and none for the opener when tile 1 is open.",
                ),
            ),
            Section(
                "Doubles",
                (
                    "Every two-dice throw that shows a double (both dice the same) earns the "
                    "thrower one extra turn.",
                    "When a throw has no move and the thrower holds an unused extra turn, they "
                    "use one and keep throwing on the same board instead of passing it.",
                    "Extra turns that are not used are lost when the board passes.",
                    "A double that has no move still earns its extra turn; it is used at once "
                    "and the thrower throws again.",
                    "Write down both dice of every two-dice throw.",
                ),
            ),
            Section(
                "The board on paper",
                (
                    "The board sheet has one row per turn, the closer's and the opener's "
                    "turns taking turns down the sheet. Row 1 starts with every tile open.",
                    "Start every later row by copying the board from the row above: cross "
                    "out each tile that is shut there, that is crossed out and not circled.",
                    "The closer crosses out each tile a move shuts. The opener draws a circle "
                    "round each crossed-out tile a move opens.",
                    "So on any row, a tile crossed out and not circled is shut; every other "
                    "tile is open. An extra turn from a double goes on in the same row.",
                    "Never erase: if a row goes wrong, copy the board again on the next row, "
                    "correctly, and carry on there.",
                ),
            ),
            Section(
                "Ending",
                (
                    "The closer wins with a move that shuts the last open tile.",
                    "The opener wins with a move that opens the last shut tile.",
                    "There are no scores.",
                ),
            ),
            Section(
                "Rulings",
                (
                    _move_rule("shuts", "open") + " For the opener, a move opens one or more "
                    "different shut tiles with that total.",
                    _NO_TRICKS,
                    _NO_PASS,
                ),
            ),
        ),
        example=Section(
            "Worked example",
            (
                "The closer throws 8 with every tile open: 8 alone, 1+7, 2+6, 3+5, 1+2+5 or "
                "1+3+4 are all allowed; the closer picks one.",
                "Later the opener throws 7 with only 2, 5 and 7 shut: opening 7 alone or 2+5 "
                "are both allowed; the opener picks one.",
            ),
        ),
        strip_hint="Copy the row above: cross out its shut tiles (crossed out, not circled). "
        "Closer: cross out the tiles you shut. Opener: circle the crossed-out tiles you open. "
        f"One die is allowed {_one_die_condition(rules)}; none fit: use an extra turn from a "
        "double on the same row, or pass the board.",
        result_rule="The closer wins by shutting the last open tile; the opener wins by "
        "opening the last shut tile.",
        host_notes=(
            "No scores. Closer wins on shutting the last open tile; opener wins on opening "
            "the last shut tile.",
            "A turn ends when a throw has no move; the board passes as it stands.",
            *_one_die_note(rules),
            "Each two-dice double earns one extra turn, spent on a no-move throw to keep "
            "throwing; unused extra turns lapse when the board passes.",
        ),
    )


# --- knucklebones (RULES.md section 7) ----------------------------------------------------


def _match_rule(rules: Rules) -> str:
    if rules.format == "single":
        return "Single game: the first game won decides; a drawn game is played again."
    length = rules.format.removeprefix("best-of-")
    return f"Best of {length}: the first seat to win {rules.wins_needed} games wins the match."


def _knucklebones(rules: Rules) -> Rulebook:
    return Rulebook(
        preset=rules.preset,
        title=f"Knucklebones - {_format_label(rules.format, 'single game')}",
        goal="Have the higher total on your grid when a grid is full.",
        sections=(
            Section(
                "Setup",
                (
                    "2 players and one ordinary die, shared. Each player has a grid of "
                    "3 columns, left, middle and right, with 3 spaces each.",
                    "Left faces left, middle faces middle, right faces right. The names are "
                    "the labels printed on the boards, which both read the same way round, "
                    "not each player's own left and right.",
                    "A random draw decides who starts the first game. Then the players "
                    "alternate turns.",
                ),
            ),
            Section(
                "A turn",
                (
                    "Roll the die once.",
                    "Place it in any column of your own grid that is not full. The column "
                    "is your choice, even when only one column has room.",
                    "Then look at the opponent's column facing the one you used: every die "
                    "there showing your face is taken off, and the dice left slide together.",
                    "Your own dice are never removed, and the other columns are not touched.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "In each column, a face f that shows c times scores f x c x c.",
                    "A lone 5 scores 5; 5, 5 scores 5 x 2 x 2 = 20; 6, 6, 6 scores "
                    "6 x 3 x 3 = 54; 5, 5, 1 scores 20 + 1 = 21; 4, 1, 4 scores 16 + 1 = 17.",
                    f"A grid's total is the sum of its three column scores. The highest total is "
                    f"{MAX_TOTAL} (three columns of three 6s). Totals go down when dice "
                    "are removed.",
                ),
            ),
            Section(
                "Matches",
                (
                    _match_rule(rules),
                    "Both grids are cleared between games. The other seat starts the next "
                    "game, also after a draw, when the drawn game is played again.",
                    "A drawn game is a win for nobody, and a match cannot finish on a draw.",
                ),
            ),
            Section(
                "Ending",
                (
                    "Right after a placement and its removals, if a grid holds 9 dice, the "
                    "game ends. Only the mover's grid can be full then.",
                    "The grid with the higher total wins the game; equal totals make a draw.",
                ),
            ),
            Section(
                "Rulings",
                (
                    "A roll cannot be rolled again, a turn cannot be skipped, and a placed die "
                    "stays where it was put.",
                    "Removals happen on every placement, also the one that fills a grid, "
                    "before the game end is checked.",
                ),
            ),
        ),
        example=Section(
            "Worked example",
            (
                "You roll a 4. Your middle column holds one 4; the opponent's middle column "
                "holds 4, 2, 4 and scores 16 + 2 = 18. You choose your middle column.",
                "Your middle column becomes 4, 4 and scores 4 x 2 x 2 = 16. Both 4s leave "
                "the opponent's middle column; it closes up to a lone 2 and scores 2.",
            ),
        ),
        strip_hint="Roll, place the die in one of your columns; the same face is removed "
        "from the facing column opposite.",
        result_rule="The higher total wins the game; equal totals make a draw. " + _match_rule(rules),
        host_notes=(
            "Column score: each face f shown c times scores f x c x c; the grid total is the "
            f"sum of the three columns; highest {MAX_TOTAL}.",
            "A placement takes every die showing its face off the opponent's facing column.",
            "The game ends right after a placement and its removals if a grid holds 9 dice; "
            "the higher total wins, equal totals make a draw.",
            _match_rule(rules) + " The other seat starts the next game, also after a draw; "
            "a draw is a win for nobody.",
        ),
    )


_BUILDERS: dict[str, Callable[[Rules], Rulebook]] = {
    "strip": _strip,
    "classic": _classic,
    "ten": _ten,
    "hundred": _hundred,
    "long-game": _long_game,
    "knucklebones": _knucklebones,
}

# What each option value changes, in one sentence, keyed by (preset id, option name).
_OPTION_EFFECTS: dict[tuple[str, str], Callable[[Rules], str]] = {
    ("classic", "tiles"): _classic_tiles,
    ("classic", "one-die"): _classic_one_die,
    ("classic", "format"): _classic_format_effect,
    ("hundred", "scoring"): _hundred_scoring,
    ("knucklebones", "match"): _match_rule,
}
