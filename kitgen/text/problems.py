"""Put a rule fault (:class:`kitgen.rules.problems.Problem`) into words: the one place its
sentences are made, through the catalogs (docs/log-format.md, "Error codes"). The rules
core's syntax and name errors carry a problem too (code ``syntax`` or ``name``), worded here
when the error is shown (:class:`kitgen.errors.KitgenError`); so do the syntax problems of a
log's lines (:class:`kitgen.logs.lines.SyntaxProblem`) and the errors a log's walker finds
(:class:`kitgen.logs.report.LogError`), worded when a report is shown.

A problem with a ``nearest`` parameter (a player's name or a column) or a ``form`` (a line
of the log, quoted) ends with "Did you mean" it.

>>> from kitgen.rules.problems import Problem
>>> describe(Problem("repeated-tile", "repeated", (("tiles", (3, 4)),)))
'tiles 3, 4 are written more than once in one move.'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from kitgen.errors import quote
from kitgen.rules.problems import Problem
from kitgen.text import gettext as _
from kitgen.text import ngettext
from kitgen.text.summaries import and_list, clauses, count_list, listed


def describe(problem: Problem) -> str:
    """Return the sentence for a person that states ``problem``."""
    params: dict[str, Any] = dict(problem.params)
    sentence = _SENTENCES[problem.code, problem.reason](params)
    if params.get("nearest") is not None:
        return _did_you_mean(sentence, params["nearest"])
    if params.get("form") is not None:
        return _did_you_mean(sentence, quote(params["form"]))
    return sentence


def _did_you_mean(sentence: str, choice: str) -> str:
    """Return ``sentence`` followed by the question whether ``choice`` was meant."""
    return _("{sentence} Did you mean {choice}?").format(sentence=sentence, choice=choice)


def _one_die(params: dict[str, Any]) -> str:
    rule = {  # docs/rules.md section 1, one-die conditions
        "never": _("one die is never allowed in this game"),
        "high-shut": _("one die is allowed only when every tile from 7 up is shut"),
        "low-sum": _("one die is allowed only when the open tiles add up to 6 or less"),
    }[params["rule"]]
    return _("{throw}: {rule}.").format(throw=params["throw"], rule=rule)


def _unavailable(params: dict[str, Any]) -> str:
    parts = []
    stuck, off_box = params["stuck"], params["off_box"]
    if stuck:
        if params["role"] == "close":
            part = ngettext("tile {tiles} is not open", "tiles {tiles} are not open", len(stuck))
        else:
            part = ngettext("tile {tiles} is not shut", "tiles {tiles} are not shut", len(stuck))
        parts.append(part.format(tiles=listed(stuck)))
    if off_box:
        parts.append(_("there is no tile {tiles} on the {size}-tile box").format(
            tiles=listed(off_box), size=params["size"]))
    return _("{clauses}.").format(clauses=clauses(parts))


def _invisible(params: dict[str, Any]) -> str:
    char = params["char"]
    return _("player name {name} has the invisible character U+{code:04X} ({char_name}), which prints as "
             "nothing.").format(name=quote(params["name"]), code=ord(char),
                                char_name=unicodedata.name(char, "unassigned"))


def _repeated(params: dict[str, Any]) -> str:
    tiles = params["tiles"]
    return ngettext("tile {tiles} is written more than once in one move.",
                    "tiles {tiles} are written more than once in one move.",
                    len(tiles)).format(tiles=listed(tiles))


def _sum_mismatch(params: dict[str, Any]) -> str:
    tiles, total = params["tiles"], params["total"]
    if len(tiles) == 1:
        return _("tile {tile} does not match the throw of {total}.").format(tile=tiles[0], total=total)
    return _("{tiles} is {sum}, the throw was {total}.").format(
        tiles="+".join(map(str, tiles)), sum=sum(tiles), total=total)


def _sum_mismatch_value(params: dict[str, Any]) -> str:
    tiles, value = params["tiles"], params["value"]
    if len(tiles) == 1:
        return _("tile {tile} does not match {throw}, which makes {value}.").format(
            tile=tiles[0], throw=params["throw"], value=value)
    return _("{tiles} is {sum}, but {throw} makes {value}.").format(
        tiles="+".join(map(str, tiles)), sum=sum(tiles), throw=params["throw"], value=value)


def operation_names(ops: tuple[str, ...]) -> str:
    """Return the operations ``ops`` in words, as a list: ``addition, multiplication``
    (docs/rules.md section 9)."""
    words = {"add": _("addition"), "sub": _("subtraction"), "mul": _("multiplication"), "div": _("division")}
    return and_list([words[op] for op in ops])


def _operation_not_allowed(params: dict[str, Any]) -> str:
    if params["ops"] == ("add",):
        return _("{throw} names {operation}, but this game allows only addition (write the dice as 5+3).").format(
            throw=params["throw"], operation=operation_names((params["op"],)))
    return _("{throw} names {operation}, but this game allows only {allowed}.").format(
        throw=params["throw"], operation=operation_names((params["op"],)), allowed=operation_names(params["ops"]))


def _operation_no_value(params: dict[str, Any]) -> str:
    if params["op"] == "sub":
        return _("{throw}: subtraction makes no value from two equal faces.").format(throw=params["throw"])
    return _("{throw}: the larger face is not a whole multiple of the smaller, so division makes no value.").format(
        throw=params["throw"])


def _wrong_totals(params: dict[str, Any]) -> str:
    return _("{clauses}.").format(clauses=clauses(
        _("{name}'s total is {total}, not {claimed}").format(name=name, total=total, claimed=claimed)
        for name, total, claimed in params["totals"]))


def _winners_are(params: dict[str, Any]) -> str:
    names = params["names"]
    return ngettext("the winner is {names}.", "the winners are {names}.", len(names)).format(names=and_list(names))


def _placement(params: dict[str, Any]) -> str:
    return _("{player}'s placement: {fault}").format(player=params["player"], fault=describe(params["fault"]))


_SENTENCES: dict[tuple[str, str], Callable[[dict[str, Any]], str]] = {
    ("bad-roll", "faces"): lambda params: _("{throw}: a die shows 1 to 6, not {faces}.").format(
        throw=params["throw"], faces=listed(params["faces"])),
    ("bad-roll", "total"): lambda params: _("{total} is not a two-dice total (2 to 12).").format(
        total=params["total"]),
    ("bad-roll", "face"): lambda params: _("{face} is not a face of a six-sided die (1-6).").format(
        face=params["face"]),
    ("one-die-not-allowed", "rule"): _one_die,
    ("missed-move", "no-move"): lambda params: _(
        "the throw {throw} is recorded as no move, but a move existed.").format(throw=params["throw"]),
    ("tile-unavailable", "unavailable"): _unavailable,
    ("repeated-tile", "repeated"): _repeated,
    ("sum-mismatch", "mismatch"): _sum_mismatch,
    ("sum-mismatch", "value"): _sum_mismatch_value,
    ("bad-operation", "not-allowed"): _operation_not_allowed,
    ("bad-operation", "no-value"): _operation_no_value,
    ("bad-column", "syntax"): lambda params: str(params["error"]),
    ("bad-column", "read-as"): lambda params: _("{text} is not a column; it is read as the {column} column.").format(
        text=quote(params["text"]), column=params["column"]),
    ("column-full", "full"): lambda params: _("the {column} column already holds 3 dice.").format(
        column=params["column"]),
    ("extra-turn", "grid-full"): lambda params: _("the opponent's grid is full, so the game has ended."),
    # what a throw, a tile list or a grid as written cannot be (the rules core's syntax errors)
    ("syntax", "throw"): lambda params: _("{text} is not a throw (write 8, 5+3 or die 4).").format(
        text=quote(params["text"])),
    # a number sentence as a fillable kit's roll record reads back (docs/FORMS.md)
    ("syntax", "no-operation"): lambda params: _(
        "{text} names no operation: tick one (as 6x2, 6-2, 6/2 or 6+2).").format(text=quote(params["text"])),
    ("syntax", "operations"): lambda params: _(
        "{text} names more than one operation: tick one (as 6x2).").format(text=quote(params["text"])),
    ("syntax", "die-missing"): lambda params: _(
        "{text} has a die left blank: write both faces (as 6x2), or one die as die 4.").format(
        text=quote(params["text"])),
    ("syntax", "value"): lambda params: _(
        "{text}: the value written is not the one the operation ticked makes.").format(text=quote(params["text"])),
    ("syntax", "tile-too-long"): lambda params: _("{word} is too long to be a tile number.").format(
        word=quote(params["word"])),
    ("syntax", "not-a-tile"): lambda params: _("{word} is not a tile number (plain digits expected).").format(
        word=quote(params["word"])),
    ("syntax", "no-tiles"): lambda params: _("no tiles are written (write - for a throw with no move)."),
    ("syntax", "too-many-tiles"): lambda params: _("{text} lists more tiles than a box has.").format(
        text=quote(params["text"])),
    ("syntax", "column"): lambda params: _(
        "{text} is not a column (left, middle or right; also l, m, r, 1, 2, 3 or a, b, c).").format(
        text=quote(params["text"])),
    ("syntax", "grid-colon-first"): lambda params: _(
        "grid {grid} has a ':' without a column name before it.").format(grid=quote(params["grid"])),
    ("syntax", "grid-column-twice"): lambda params: _("grid {grid} names the {column} column twice.").format(
        grid=quote(params["grid"]), column=params["column"]),
    ("syntax", "grid-no-column"): lambda params: _(
        "grid {grid} has {word} before any column name; write columns as e.g. 'left:3,3 middle: right:6'."
    ).format(grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-colon-missing"): lambda params: _(
        "grid {grid} needs a ':' after the column name {word}.").format(
        grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-face"): lambda params: _("grid {grid} has {word}, which is not a face 1-6.").format(
        grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-too-many"): lambda params: _("grid {grid} has more than {most} dice in a column.").format(
        grid=quote(params["grid"]), most=params["most"]),
    ("syntax", "grid-column"): lambda params: _("grid {grid}: {error}").format(
        grid=quote(params["grid"]), error=describe(params["error"])),
    # what a player's name cannot be (docs/rules.md, the name rule)
    ("name", "empty"): lambda params: _("a player name is empty."),
    ("name", "too-long"): lambda params: _("player name {name} is longer than {most} characters.").format(
        name=quote(params["name"]), most=params["most"]),
    ("name", "invisible"): _invisible,
    ("name", "character"): lambda params: _(
        "player name {name} has the character {char}; names may use letters, digits, spaces, '-', \"'\" and "
        "'.' only.").format(name=quote(params["name"]), char=repr(params["char"])),
    ("name", "marks"): lambda params: _(
        "player name {name} puts more than {most} combining marks on one letter.").format(
        name=quote(params["name"]), most=params["most"]),
    ("name", "twice"): lambda params: _("player name {name} is given twice (also as {twin}).").format(
        name=quote(params["name"]), twin=quote(params["twin"])),
    ("name", "look-alike"): lambda params: _("player name {name} would look the same on paper as {twin}.").format(
        name=quote(params["name"]), twin=quote(params["twin"])),
    # what a log's line cannot be (docs/log-format.md, "Shut the Box presets" and "Knucklebones")
    ("syntax", "second-title"): lambda params: _(
        "the header already has a title: line (line {first}); this one is not read.").format(first=params["first"]),
    ("syntax", "box-line"): lambda params: _("{text} is not a turn, round, throw or claim line.").format(
        text=quote(params["text"])),
    ("syntax", "keyword-colon"): lambda params: _("a {keyword} line has no ':'.").format(keyword=params["keyword"]),
    ("syntax", "header-line"): lambda params: _(
        "a {keyword}: line belongs in the header, before the first turn.").format(keyword=params["keyword"]),
    ("syntax", "turn-name"): lambda params: _("a turn line needs the player's name."),
    ("syntax", "round-number"): lambda params: _("a round line needs the round's number."),
    ("syntax", "totals-item"): lambda params: _("totals: {item} is not a name and a number.").format(
        item=quote(params["item"])),
    ("syntax", "score-number"): lambda params: _("score: {text} is not a number.").format(text=quote(params["text"])),
    ("syntax", "claim-names"): lambda params: _("{keyword}: {text} is not a list of names.").format(
        keyword=params["keyword"], text=quote(params["text"])),
    ("syntax", "loser-count"): lambda params: ngettext(
        "loser: names one player, not {count}.", "loser: names one player, not {count}.", params["count"]
    ).format(count=params["count"]),
    ("syntax", "checked-sum-number"): lambda params: _("the checked sum {text} is not a number.").format(
        text=quote(params["text"])),
    ("syntax", "knucklebones-line"): lambda params: _(
        "{text} is not a placement ('<name>: <face> <column>'), a claim or a game line.").format(
        text=quote(params["text"])),
    ("syntax", "claim-no-one"): lambda params: _("the {keyword}: line names no one.").format(
        keyword=params["keyword"]),
    ("syntax", "placement"): lambda params: _("{text} is not a placement written as '<name>: <face> <column>'.").format(
        text=quote(params["text"])),
    ("syntax", "score-claim"): lambda params: _(
        "the score: claim {text} is not written as '<name> <n>, <name> <n>'.").format(text=quote(params["text"])),
    ("syntax", "score-claim-twice"): lambda params: _("the score: claim {text} names a player twice.").format(
        text=quote(params["text"])),
    ("syntax", "number-too-long"): lambda params: _("{word} is too long to be a number on a paper record.").format(
        word=quote(params["word"])),
    ("syntax", "number"): lambda params: _("{word} is not a number written in plain digits.").format(
        word=quote(params["word"])),
    # what a log's walker finds against the rules (docs/log-format.md, "What kitgen validate reports")
    ("syntax", "throw-before-turn"): lambda params: _("a throw comes before any turn line."),
    ("syntax", "score-before-turn"): lambda params: _("a score: line comes before any turn line."),
    ("syntax", "long-game-scores"): lambda params: _("the long game has no scores."),
    ("syntax", "loser-not-hundred"): lambda params: _("loser: is only for hundred."),
    ("unknown-player", "not-a-player"): lambda params: _("{name} is not in the players: line.").format(
        name=quote(params["name"])),
    ("unknown-player", "counts-for-nobody"): lambda params: _(
        "{name} is not in the players: line; it counts for nobody.").format(name=quote(params["name"])),
    ("unknown-player", "attempt-for-nobody"): lambda params: _(
        "{name} is not in the players: line; the attempt counts for nobody.").format(name=quote(params["name"])),
    ("unknown-player", "turn-of-due"): lambda params: _(
        "{name} is not in the players: line; the turn counts as {due}'s, who was due.").format(
        name=quote(params["name"]), due=params["due"]),
    ("unknown-player", "turn-read-as"): lambda params: _(
        "{name} is not in the players: line; the turn is read as {player}'s.").format(
        name=quote(params["name"]), player=params["player"]),
    ("unknown-player", "attempt-read-as"): lambda params: _(
        "{name} is not in the players: line; the attempt is read as {player}'s.").format(
        name=quote(params["name"]), player=params["player"]),
    ("unknown-player", "placement-read-as"): lambda params: _(
        "{name} is not in the players: line; the placement is read as {player}'s.").format(
        name=quote(params["name"]), player=params["player"]),
    ("unknown-player", "placement-as"): lambda params: _(
        "{name} is not in the players: line; the placement counts as {player}'s.").format(
        name=quote(params["name"]), player=params["player"]),
    ("extra-turn", "game-over"): lambda params: _("the game was already over."),
    ("turn-order", "not-due"): lambda params: _("it was {due}'s turn, not {name}'s.").format(
        due=params["due"], name=params["name"]),
    ("extra-turn", "both-attempts"): lambda params: _("{name} has already played both attempts.").format(
        name=params["name"]),
    ("extra-turn", "went-out"): lambda params: _("{name} went out in round {round}.").format(
        name=params["name"], round=params["round"]),
    ("extra-turn", "had-turn"): lambda params: _("{name} has already had a turn in round {round}.").format(
        name=params["name"], round=params["round"]),
    ("turn-order", "round"): lambda params: _("this is round {round}, not {written}.").format(
        round=params["round"], written=params["written"]),
    ("play-after-end", "shut-box"): lambda params: _(
        "the throw on line {line} shut the box, which ended the turn.").format(line=params["line"]),
    ("play-after-end", "opened-last"): lambda params: _(
        "the throw on line {line} opened the last shut tile, which ended the turn.").format(line=params["line"]),
    ("play-after-end", "no-move"): lambda params: _(
        "the turn ended with the no-move throw on line {line}.").format(line=params["line"]),
    ("dice-needed", "faces"): lambda params: _(
        "the long game needs both faces of a two-dice throw, not only {total}.").format(total=params["total"]),
    ("dice-needed", "ops"): lambda params: _(
        "with {operations} allowed, write both faces of a two-dice throw and the operation used (6x2, "
        "6-2, 6+2), not only {total}; the tiles are checked against {total}.").format(
        total=params["total"], operations=operation_names(params["ops"])),
    ("checked-sum", "sum"): lambda params: _(
        "the checked sum is {checked}, the tiles written add up to {sum}.").format(
        checked=params["checked"], sum=params["sum"]),
    ("wrong-score", "turn"): lambda params: _("the turn scores {score}, not {claimed}.").format(
        score=params["score"], claimed=params["claimed"]),
    ("wrong-total", "totals"): _wrong_totals,
    ("wrong-score", "totals"): _wrong_totals,
    ("unfinished-turn", "no-throws"): lambda params: _("the turn has no throws."),
    ("unfinished-turn", "extra-turn-spent"): lambda params: _(
        "the no-move throw on line {line} used up an extra turn earned by a double, so the player throws "
        "again, but the record stops there.").format(line=params["line"]),
    ("unfinished-turn", "tiles-open"): lambda params: _("the turn stops with tiles still open and no no-move throw."),
    ("unfinished-turn", "tiles-shut"): lambda params: _("the turn stops with tiles still shut and no no-move throw."),
    ("missing-turn", "due"): lambda params: _("the log ends before the game is decided ({due} is due).").format(
        due=params["due"]),
    ("missing-turn", "to-play"): lambda params: _(
        "the log ends before the game is decided ({players} to play).").format(players=listed(params["players"])),
    ("wrong-winner", "undecided-winner"): lambda params: _(
        "the log ends before the game is decided, so it has no winner yet."),
    ("wrong-winner", "undecided-loser"): lambda params: _(
        "the log ends before the game is decided, so it has no loser yet."),
    ("wrong-winner", "solo-winner"): lambda params: _("there is no winner (solo play)."),
    ("wrong-winner", "solo-loser"): lambda params: _("there is no loser (solo play)."),
    ("wrong-winner", "winner"): _winners_are,
    ("wrong-winner", "loser"): lambda params: _("the loser is {name}.").format(name=params["names"][0]),
    # knucklebones
    ("extra-turn", "match-won"): lambda params: _("the match was already won by {winner}.").format(
        winner=params["winner"]),
    ("extra-turn", "game-ended"): lambda params: _(
        "game {number} has ended; a 'game' line must start the next one.").format(number=params["number"]),
    ("turn-order", "game-abandoned"): lambda params: _(
        "game {number} had not ended (no grid full); it is abandoned.").format(number=params["number"]),
    ("turn-order", "slip"): lambda params: _(
        "it was {due}'s turn, and {player} places next as well; the placement counts as {due}'s.").format(
        due=params["due"], player=params["player"]),
    ("turn-order", "alternate"): lambda params: _("it was {due}'s turn (placements alternate).").format(
        due=params["due"]),
    ("turn-order", "starter"): lambda params: _(
        "it was {due}'s turn (the seat that did not start game {game} starts this one).").format(
        due=params["due"], game=params["game"]),
    ("bad-roll", "placement"): _placement,
    ("bad-column", "placement"): _placement,
    ("column-full", "placement"): _placement,
    ("wrong-winner", "no-game-ended"): lambda params: _("no game has just ended (no grid is full)."),
    ("wrong-winner", "game-draw"): lambda params: _("game {number} was a draw, {first} to {second}.").format(
        number=params["number"], first=params["first"], second=params["second"]),
    ("wrong-winner", "game-won"): lambda params: _("game {number} was won by {winner}, {first} to {second}.").format(
        number=params["number"], winner=params["winner"], first=params["first"], second=params["second"]),
    ("wrong-winner", "match-draw"): lambda params: _("a match never ends in a draw."),
    ("wrong-winner", "match-undecided"): lambda params: _("the match is not decided at this point."),
    ("wrong-winner", "match-won"): lambda params: _("the match was won by {winner}.").format(winner=params["winner"]),
    ("missing-turn", "during-game"): lambda params: _(
        "the log ends during game {number}, before a grid is full.").format(number=params["number"]),
    ("missing-turn", "before-placement"): lambda params: _("the log ends before any placement."),
    ("missing-turn", "match-undecided"): lambda params: _(
        "the log ends before the match is decided (game wins: {wins}; {needed} needed).").format(
        wins=count_list(params["wins"]), needed=params["needed"]),
}
