"""Fill fillable kits as their users would (tests): a generated game's throws and claims
into the fields, typed in by two independent engines, pypdf and PDFium (pypdfium2's
form-fill API, the engine of Chrome's PDF viewer), and the pages rendered as a printer
gets them.

:func:`box_values` and :func:`knucklebones_values` turn a game from ``games_box`` or
``games_knucklebones`` into field values under the scheme of docs/FORMS.md;
:func:`fill_with_pypdf` and :func:`fill_with_pdfium` type them into a kit.
"""

from __future__ import annotations

import ctypes
import random
import re
from pathlib import Path

from games_box import GeneratedGame, random_box_game, rules_for
from games_knucklebones import GeneratedGame as KnucklebonesGame
from games_knucklebones import random_knucklebones_game
from pypdf import PdfReader

from kitgen.forms.read import read_kit
from kitgen.forms.scheme import Manifest
from kitgen.games.box.rules import faces_needed

FILLABLE_PRESETS = {  # a fillable kit of each preset (and format): its rules and players
    "strip": (rules_for("strip"), ("Ana", "Ben", "Cy")),
    "classic": (rules_for("classic"), ("Ana", "Ben", "Cy")),
    "classic-best-of-3": (rules_for("classic", format="best-of-3", tiles="12"), ("Ana", "Ben", "Cy")),
    "classic-elimination": (rules_for("classic", format="elimination"), ("Ana", "Ben", "Cy")),
    "ten": (rules_for("ten"), ("Ana", "Ben", "Cy", "Dee")),
    "hundred": (rules_for("hundred"), ("Ana", "Ben")),
    "long-game": (rules_for("long-game"), ("Ana", "Ben")),
    "knucklebones": (rules_for("knucklebones"), ("Ana", "Ben")),
}
# fillable kits whose roll records are number sentences (docs/rules.md section 9; docs/FORMS.md)
OPS_PRESETS = {
    "strip-ops": (rules_for("strip", ops="add+sub+mul+div"), ("Ana", "Ben", "Cy")),
    "classic-ops": (rules_for("classic", tiles="12", ops="add+mul"), ("Ana", "Ben", "Cy")),
    "ten-ops": (rules_for("ten", ops="add+sub+mul+div"), ("Ana", "Ben", "Cy", "Dee")),
}
OPERATION_TICKS = {"add": "op-add", "sub": "op-sub", "mul": "op-mul", "div": "op-div"}  # a sentence's tick boxes
ROW_FIELD = re.compile(r"(t\d+\.[a-z-]+\.sheet(\d+))\.r(\d+)\.")


def fields_of(path: Path) -> set[str]:
    return set(PdfReader(path).get_fields())


def legal_game(rules, players: tuple[str, ...], kit: Path):
    """Return a generated legal game under ``rules`` of ``players`` that the fillable ``kit``
    has room for, and the field values that record it."""
    manifest, _ = read_kit(kit)
    fields = fields_of(kit)
    for seed in range(300):
        rng = random.Random(seed)
        try:
            if rules.preset == "knucklebones":
                game = random_knucklebones_game(rng, rules, players)
                return game, knucklebones_values(game, fields, rng)
            game = random_box_game(rng, rules, players)
            return game, box_values(game, manifest, fields, rng)
        except (LookupError, StopIteration):
            continue
    raise AssertionError(f"no generated {rules.preset} game fits its kit")


def box_values(game: GeneratedGame, manifest: Manifest, fields: set[str], rng: random.Random,
               table: int = 1) -> dict[str, str]:
    """Return the field values that record ``game`` on table ``table`` of a kit: each
    throw in its roll record's row (long game: the turn record), the score and winner
    claims the game makes in the totals table; on a table of blank seats, the players'
    names where the totals table leaves them to write (a seat's blank roll records print
    together, in seat order, docs/FORMS.md). Raises ``LookupError`` when the kit has no room for the
    game (more turns or throws than it prints)."""
    if game.rules.format == "long-game":
        return {**seat_names(game.players, fields, table), **_long_game_values(game, fields, table)}
    records = list(manifest.records[table - 1])
    seats = len(manifest.tables[table - 1])
    # a seat's records print together, as many a seat, the spares (no round) after them
    seated = sum(1 for _player, printed_round in records if printed_round) or seats
    prefix = f"t{table}"
    values: dict[str, str] = seat_names(game.players, fields, table)
    turns: dict[str, int] = {}
    record = seat = round_number = None
    row = 0
    for entry in game.entries:
        if entry.kind == "turn":
            named = entry.text.split(" ", 1)[1].casefold()
            name = next(player for player in game.players if player.casefold() == named)
            seat = game.players.index(name) + 1
            turns[name] = turns.get(name, 0) + 1
            round_number = str(turns[name])
            wanted = (name, "" if game.rules.preset == "ten" else round_number)
            blank = ("", wanted[1])
            found = [index for index, printed in enumerate(records, start=1)
                     if printed == wanted or (printed == blank and index <= seated
                                                      and (index - 1) * seats // seated == seat - 1)]
            if not found:
                raise LookupError(f"the kit prints no record for {wanted}")
            record = found[0]
            row = 0
        elif entry.kind == "throw":
            row += 1
            cells = _sentence_cells(entry, rng) if faces_needed(game.rules) else _throw_cells(entry, rng)
            for key, value in cells.items():
                name = f"{prefix}.rec{record:02d}.r{row:02d}.{key}"
                if name not in fields:
                    raise LookupError(f"the kit has no field {name}")
                values[name] = value
        elif entry.kind == "winner":
            values[f"{prefix}.totals.winner"] = entry.text.split(":", 1)[1].strip()
        elif entry.kind == "score":
            column = {"strip": f"attempt-{round_number}", "ten": "score"}.get(
                game.rules.preset, "score" if game.rules.format == "single" else f"round-{round_number}.score")
            values[f"{prefix}.seat{seat}.{column}"] = entry.text.split(":")[1].strip()
    return values


def seat_names(players: tuple[str, ...], fields: set[str], table: int = 1) -> dict[str, str]:
    """Return the players' names in the name fields of table ``table``'s blank seats: the
    totals table's (``t1.seat2.player``), else the match record's; none on a named kit."""
    values = {}
    for seat, name in enumerate(players, start=1):
        field = next((field for field in (f"t{table}.seat{seat}.player", f"t{table}.match.seat{seat}.player")
                      if field in fields), None)
        if field:
            values[field] = name
    return values


def _throw_cells(entry, rng: random.Random) -> dict[str, str]:
    throw = entry.throw
    cells = {}
    if throw.dice == 1:
        cells["dice-1-2"] = "1"
        cells["roll-total"] = str(throw.total)
    else:
        cells["roll-total"] = "+".join(map(str, throw.faces)) if throw.faces else str(throw.total)
    return cells | _tiles_cells(entry, rng)


def _tiles_cells(entry, rng: random.Random) -> dict[str, str]:
    """Return the tiles cell of a row recording ``entry`` (its tiles, or for no move ``-``
    or nothing) and its checked sum where the game has one."""
    cells = {}
    if entry.tiles:
        cells["numbers-closed"] = " ".join(map(str, entry.tiles))
    elif rng.random() < 0.5:
        cells["numbers-closed"] = "-"
    if entry.checked is not None:
        cells["checked-sum"] = str(entry.checked)
    return cells


def _sentence_cells(entry, rng: random.Random) -> dict[str, str]:
    """Return the cells of a number sentence's row recording ``entry``: both dice and the
    operation's tick box (one die: its face, in either die's cell), the value now and then,
    the tiles (or ``-``, or nothing) and the checked sum where the game has one."""
    throw = entry.throw
    if throw.dice == 1:
        cells = {rng.choice(("die-1", "die-2")): str(throw.total)}
    else:
        cells = {"die-1": str(throw.faces[0]), "die-2": str(throw.faces[1]), OPERATION_TICKS[throw.operation]: "/on"}
        if throw.value is not None and rng.random() < 0.5:
            cells["value"] = str(throw.value)
    return cells | _tiles_cells(entry, rng)


def _long_game_values(game: GeneratedGame, fields: set[str], table: int) -> dict[str, str]:
    rows = sorted({(int(found[2]), int(found[3]), found[1]) for name in fields
                   if name.startswith(f"t{table}.turn-record.") and (found := ROW_FIELD.match(name))})
    values: dict[str, str] = {}
    places = iter(rows)
    block = -1
    for entry in game.entries:
        if entry.kind != "throw":
            continue
        _, row, sheet = next(places)  # StopIteration (not a LookupError): caught by the caller too
        prefix = f"{sheet}.r{row:02d}"
        if entry.block != block:
            block = entry.block
            values[f"{prefix}.turn"] = str(block + 1)
        faces = entry.throw.faces or (entry.throw.total,)
        values[f"{prefix}.die-1"] = str(faces[0])
        if len(faces) > 1:
            values[f"{prefix}.die-2"] = str(faces[1])
        values[f"{prefix}.tiles-shut-or-opened"] = " ".join(map(str, entry.tiles)) or "-"
    for seat, name in enumerate(game.players, start=1):
        if name in game.winners:
            values[f"t{table}.seat{seat}.won.mark"] = "/on"
    return values


def knucklebones_values(game: KnucklebonesGame, fields: set[str], rng: random.Random,
                        table: int = 1) -> dict[str, str]:
    """Return the field values that record the knucklebones ``game``: each placement on
    its game's placement sheets, both totals now and then, each game's result and the
    match winner in the match record, and on a kit of blank seats the players' names in
    the match record. Raises ``LookupError`` when a game runs past the rows the kit prints
    for it."""
    sheets: dict[str, list[int]] = {}
    for name in fields:
        if name.startswith(f"t{table}.placement-record.") and (found := ROW_FIELD.match(name)):
            sheets.setdefault(found[1], []).append(int(found[3]))
    games: list[list[tuple[str, int]]] = []
    for sheet in sorted(sheets):
        rows = sorted(set(sheets[sheet]))
        if rows[0] == 1:
            games.append([])
        games[-1].extend((sheet, row) for row in rows)
    values: dict[str, str] = seat_names(game.players, fields, table)
    players = game.players
    game_number, places, new_game = 0, iter(()), False
    for placed in game.placements:
        if game_number == 0 or new_game:
            game_number += 1
            if game_number > len(games):
                raise LookupError("the kit prints fewer games")
            places = iter(games[game_number - 1])
            values[f"{games[game_number - 1][0][0]}.game"] = str(game_number)
        sheet, row = next(places, (None, None))
        if sheet is None:
            raise LookupError("a game runs past the rows printed for it")
        prefix = f"{sheet}.r{row:02d}"
        values[f"{prefix}.player"] = players[placed.seat] if rng.random() < 0.7 else str(placed.seat + 1)
        values[f"{prefix}.face"] = str(placed.face)
        values[f"{prefix}.column"] = placed.column.label
        if rng.random() < 0.3:
            values[f"{prefix}.seat-1-total"], values[f"{prefix}.seat-2-total"] = map(str, placed.totals)
        new_game = placed.ends_game
        if new_game:
            winner = game.match.games[game_number - 1].winner
            values[f"t{table}.match.r{game_number:02d}.result-winner-or-draw"] = (
                "draw" if winner is None else players[winner])
    values[f"t{table}.match.match-winner"] = game.winners[0]
    return values


def fill_with_pypdf(source: Path, target: Path, values: dict[str, str]) -> None:
    """Write ``source`` with ``values`` typed into its fields by pypdf (which draws each
    field's look), to ``target``."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(source))
    for page in writer.pages:
        names = {annotation.get_object().get("/T") for annotation in page.get("/Annots", ())}
        mine = {name: value for name, value in values.items() if name in names}
        if mine:
            writer.update_page_form_field_values(page, mine, auto_regenerate=False)
    writer.write(target)


def fill_with_pdfium(source: Path, target: Path, values: dict[str, str]) -> None:
    """Write ``source`` with ``values`` typed into its fields through PDFium's form-fill
    API (focus a field, select its text, type over it; click a tick box), to ``target``."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(source)
    pdf.init_forms()
    form = pdf.formenv.raw
    for index in range(len(pdf)):
        page = pdf[index]
        for number in range(raw.FPDFPage_GetAnnotCount(page.raw)):
            annotation = raw.FPDFPage_GetAnnot(page.raw, number)
            name = _field_name(raw, form, annotation)
            if name in values:
                if raw.FPDFAnnot_GetFormFieldType(form, annotation) == raw.FPDF_FORMFIELD_CHECKBOX:
                    if values[name] == "/on":
                        rect = raw.FS_RECTF()
                        raw.FPDFAnnot_GetRect(annotation, rect)
                        x, y = (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2
                        raw.FORM_OnLButtonDown(form, page.raw, 0, x, y)
                        raw.FORM_OnLButtonUp(form, page.raw, 0, x, y)
                else:
                    raw.FORM_SetFocusedAnnot(form, annotation)
                    raw.FORM_SelectAllText(form, page.raw)
                    text = ctypes.c_char_p((values[name] + "\0").encode("utf-16-le"))
                    raw.FORM_ReplaceSelection(form, page.raw, ctypes.cast(text, raw.FPDF_WIDESTRING))
                    raw.FORM_ForceToKillFocus(form)
            raw.FPDFPage_CloseAnnot(annotation)
        page.close()
    pdf.save(target)
    pdf.close()


def _field_name(raw, form, annotation) -> str:
    size = raw.FPDFAnnot_GetFormFieldName(form, annotation, None, 0)
    buffer = ctypes.create_string_buffer(size)
    raw.FPDFAnnot_GetFormFieldName(form, annotation, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), size)
    return buffer.raw[:size - 2].decode("utf-16-le")


def field_pixels(path: Path, name: str, renderer: str = "pdfium") -> int:
    """Return the count of dark pixels inside the field ``name`` when ``path`` is printed:
    by PDFium as Chrome prints (its form layer drawing each field's look, printing flag
    set) or by Poppler's ``pdftoppm`` (the fields' looks as stored)."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    for index, page in enumerate(reader.pages):
        for annotation in page.get("/Annots", ()):
            widget = annotation.get_object()
            if widget.get("/T") != name:
                continue
            x1, y1, x2, y2 = (float(value) for value in widget["/Rect"])
            left, right, bottom, top = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
            scale = 2
            image = _printed_page(path, index, scale, renderer)
            height = float(page.mediabox.height)
            box = (int(left * scale) + 2, int((height - top) * scale) + 2,
                   int(right * scale) - 2, int((height - bottom) * scale) - 2)
            return sum(1 for value in image.crop(box).get_flattened_data() if value < 128)
    raise LookupError(name)


def _printed_page(path: Path, index: int, scale: int, renderer: str):
    """Return page ``index`` of ``path`` as a greyscale image at ``scale`` x 72 dpi."""
    if renderer == "poppler":
        import subprocess
        import tempfile

        from PIL import Image

        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(["pdftoppm", "-r", str(72 * scale), "-f", str(index + 1), "-l", str(index + 1),
                            "-singlefile", "-gray", "-png", str(path), f"{folder}/page"], check=True)
            return Image.open(f"{folder}/page.png").convert("L")
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(path)
    try:
        pdf.init_forms()
        return pdf[index].render(scale=scale, extra_flags=raw.FPDF_PRINTING).to_pil().convert("L")
    finally:
        pdf.close()
