"""The engine's floor: a bare WeasyPrint render of plain A4 pages, each with one table.

``python benchmarks/weasyprint_floor.py PAGES OUT.pdf`` writes PAGES pages, each a heading
and a 32-row, 5-column bordered table of 7 mm rows (about the cells of a roll-record
page), set in kitgen's own packaged fonts declared the same way as the kit's stylesheet
(every face of every family in ``fonts/fonts.toml``). No templates, no page furniture,
no flexbox, no checks, no pypdf: what any kit page costs at least in this engine.
"""

from __future__ import annotations

import html
import importlib
import json
import sys
import tomllib
from pathlib import Path

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from kitgen.resources import data_folder

ROWS = 32
COLUMNS = ("No.", "Player", "Roll total", "Numbers closed", "Checked sum")
NAMES = ("Ana", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Zoë")


def font_faces() -> list[tuple[str, Path, str, int | None]]:
    """Return ``(family, file, style, weight)`` for every face kitgen's kits declare."""
    config = tomllib.loads((data_folder("fonts") / "fonts.toml").read_text(encoding="utf-8"))
    faces = []
    for family in config["family"]:
        root = Path(importlib.import_module(family["package"]).ROOT)
        for entry in json.loads((root / "metadata.json").read_text(encoding="utf-8"))["files"]:
            weight = None if entry.get("variable") else entry.get("weight")
            faces.append((family["name"], root / entry["path"], entry["style"], weight))
    return faces


def stylesheet() -> str:
    """Return the floor's CSS: the fonts, A4 with 10 mm margins, one table a page."""
    faces = font_faces()
    rules = [
        f'@font-face {{ font-family: "{family}"; src: url("{path.as_uri()}"); font-style: {style};'
        + (f" font-weight: {weight};" if weight else "") + " }"
        for family, path, style, weight in faces
    ]
    families = ", ".join(f'"{family}"' for family in dict.fromkeys(face[0] for face in faces))
    rules += [
        "@page { size: 210mm 297mm; margin: 10mm; }",
        f"html {{ font-family: {families}; font-size: 10pt; }}",
        "section { break-before: page; } section:first-child { break-before: auto; }",
        "h2 { font-size: 14pt; margin: 0 0 4mm; border-bottom: 0.4mm solid #000; }",
        "table { border-collapse: collapse; width: 100%; }",
        "th, td { border: 0.3mm solid #000; height: 7mm; padding: 0 1.5mm; text-align: left; }",
        "td.player { font-weight: bold; }",
    ]
    return "\n".join(rules)


def document(pages: int) -> str:
    """Return the floor's HTML: ``pages`` sections, each a heading and one table."""
    head = "".join(f"<th>{html.escape(column)}</th>" for column in COLUMNS)
    sections = []
    for page in range(1, pages + 1):
        rows = "".join(
            f"<tr><td>{row}</td><td class=player>{html.escape(NAMES[(page + row) % len(NAMES)])}</td>"
            "<td></td><td></td><td></td></tr>"
            for row in range(1, ROWS + 1)
        )
        sections.append(f"<section><h2>Table page {page}</h2><table><thead><tr>{head}</tr></thead>"
                        f"<tbody>{rows}</tbody></table></section>")
    return f"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>floor</title>{''.join(sections)}</html>"


def render_floor(pages: int) -> bytes:
    """Return the PDF bytes of a ``pages``-page floor document."""
    fonts = FontConfiguration()
    css = CSS(string=stylesheet(), font_config=fonts)
    return HTML(string=document(pages)).write_pdf(stylesheets=[css], font_config=fonts)


if __name__ == "__main__":
    count, output = int(sys.argv[1]), Path(sys.argv[2])
    output.write_bytes(render_floor(count))
