"""Kits of this checkout against another's, page image by page image.

``python benchmarks/page_images.py --baseline CHECKOUT [--dpi 150]`` renders the same kits
(every preset, with a class of long, wide, Greek, Cyrillic and accented names, on A4 and
in large print on Letter) with both checkouts, turns every page into an image with
Poppler's ``pdftoppm`` and prints, per kit, its pages and file sizes and each page that
differs: the box (in pixels) where its images differ by more than anti-aliasing. Nothing
is written into either checkout.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops

NAMES = (
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", "Ana", "Ben", "Cy", "X0y", "Zoë 0",
    "Μαρία Παπαδοπούλου-Κωνσταντινίδου", "Dee", "Eve", "Fay", "X1y", "Zoë 1",
    "Владимир Константинопольский-Щербаков", "Gus", "Hal", "Ivy", "X2y", "Zoë 2",
    "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm", "Jo", "Kai", "Lu", "X3y", "Zoë 3",
)
KITS = {
    "strip": ("--rules", "strip"),
    "classic": ("--rules", "classic"),
    "classic-best-of-3": ("--rules", "classic", "--format", "best-of-3"),
    "classic-elimination": ("--rules", "classic", "--format", "elimination"),
    "ten": ("--rules", "ten"),
    "hundred": ("--rules", "hundred"),
    "long-game": ("--rules", "long-game"),
    "knucklebones": ("--rules", "knucklebones"),
}
PRINTS = {"a4": ("--paper", "a4"), "letter-large": ("--paper", "letter", "--large-print")}
INK_STEP = 60  # a pixel differs when its grey differs by more than this (anti-aliasing stays under it)


def render(checkout: Path, options: tuple[str, ...], roster: Path, output: Path) -> list[Path]:
    """Render one kit with ``checkout``'s kitgen; return the PDFs written (kit first)."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-m", "kitgen", "kit", *options, "--roster", str(roster),
                           "-o", str(output), "--force"], capture_output=True, text=True, env=environment, cwd=checkout)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: kitgen kit {' '.join(options)} failed: {done.stderr.strip()}")
    return [Path(line) for line in done.stdout.splitlines()]


def images(pdf: Path, dpi: int) -> list[Image.Image]:
    """Return the pages of ``pdf`` as greyscale images at ``dpi``."""
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(prefix)], check=True)
    return [Image.open(path).convert("L") for path in sorted(pdf.parent.glob(f"{prefix.name}-*.png"))]


def differences(new: list[Image.Image], old: list[Image.Image]) -> list[tuple[int, tuple[int, ...]]]:
    """Return (page number, box) for each page whose images differ beyond anti-aliasing."""
    found = []
    for number, (page, before) in enumerate(zip(new, old), start=1):
        box = ImageChops.difference(page, before).point(lambda grey: 255 if grey > INK_STEP else 0).getbbox()
        if box is not None or page.size != before.size:
            found.append((number, box))
    return found


def main(argv: list[str] | None = None) -> None:
    """Compare every kit's pages and print one line per kit and per page that differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other kitgen checkout")
    parser.add_argument("--dpi", type=int, default=150)
    options = parser.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="kitgen-pages-") as scratch:
        folder = Path(scratch)
        for kit, kit_options in KITS.items():
            names = NAMES[:12] if kit in ("long-game", "knucklebones") else NAMES
            roster = folder / f"{kit}.txt"
            roster.write_text("\n".join(names) + "\n", encoding="utf-8")
            for paper, paper_options in PRINTS.items():
                name = f"{kit}, {paper}"
                outputs = {}
                for side, checkout in (("new", here), ("old", options.baseline.resolve())):
                    side_folder = folder / f"{kit}-{paper}-{side}"
                    side_folder.mkdir()
                    outputs[side] = render(checkout, (*kit_options, *paper_options), roster, side_folder / "kit.pdf")
                for new_pdf, old_pdf in zip(outputs["new"], outputs["old"]):
                    new, old = images(new_pdf, options.dpi), images(old_pdf, options.dpi)
                    found = differences(new, old)
                    print(f"{name} {new_pdf.name}: {len(new)} pages (before {len(old)}), "
                          f"{new_pdf.stat().st_size:,} bytes (before {old_pdf.stat().st_size:,}), "
                          f"{len(found)} differ", flush=True)
                    for number, box in found:
                        print(f"    page {number}: differs in {box}")


if __name__ == "__main__":
    main()
