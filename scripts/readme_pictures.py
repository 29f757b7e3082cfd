"""Write the README's kit pictures (docs/<preset>-kit.png) from the kits this checkout makes.

Each preset's kit is made as the README's first command makes the strip kit (``kitgen kit
--rules PRESET``: one blank table, A4), with its host key apart. The strip kit's picture is its
first page; each other preset's is the first page of each of its first four sheets (the rules
card, the sheets a player plays on, the records, the totals or match record), side by side on
a grey ground, so a reader sees what goes on the table. Pages are drawn at 40 dpi by PDFium
(pypdfium2, a test dependency) and joined with Pillow.

Usage: ``python scripts/readme_pictures.py [FOLDER]`` (docs/ unless given), from the checkout.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("strip", "classic", "ten", "hundred", "long-game", "knucklebones")
DPI = 40
SHEETS = 4  # sheets a preset's picture shows
GUTTER_PX = 24
GROUND = (210, 210, 210)


def sheet_heading(page: pdfium.PdfPage) -> str:
    """Return the heading a page starts with, less its page count (``Roll records (1 of 4)``)."""
    text = page.get_textpage().get_text_range().strip()
    return text.splitlines()[0].split(" (")[0].strip() if text else ""


def first_pages(pdf: Path, sheets: int) -> list[Image.Image]:
    """Return the first page of each of the first ``sheets`` sheets of the kit at ``pdf``."""
    document = pdfium.PdfDocument(pdf)
    seen: list[str] = []
    pages: list[Image.Image] = []
    for page in document:
        heading = sheet_heading(page)
        if heading in seen:
            continue
        seen.append(heading)
        pages.append(page.render(scale=DPI / 72).to_pil().convert("RGB"))
        if len(pages) == sheets:
            break
    return pages


def joined(pages: list[Image.Image]) -> Image.Image:
    """Return ``pages`` side by side, a gutter of the ground's grey between them."""
    width = sum(page.width for page in pages) + GUTTER_PX * (len(pages) - 1)
    picture = Image.new("RGB", (width, max(page.height for page in pages)), GROUND)
    left = 0
    for page in pages:
        picture.paste(page, (left, 0))
        left += page.width + GUTTER_PX
    return picture


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "docs"
    with tempfile.TemporaryDirectory() as scratch:
        for preset in PRESETS:
            pdf = Path(scratch) / f"{preset}.pdf"
            subprocess.run([sys.executable, "-m", "kitgen", "kit", "--rules", preset, "-o", str(pdf)],
                           cwd=ROOT, check=True, capture_output=True)
            pages = first_pages(pdf, 1 if preset == "strip" else SHEETS)
            joined(pages).save(folder / f"{preset}-kit.png", optimize=True)
            print(f"{folder / f'{preset}-kit.png'}: {len(pages)} pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
