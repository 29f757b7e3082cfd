"""Kits of this checkout against another's, page image by page image.

``python benchmarks/page_images.py --baseline CHECKOUT [--dpi 150] [--jobs 2] [--only PRESET]``
renders the same kits with both checkouts: every preset and every format or scoring variant
(classic with 12 tiles, without one die, best of 3/5/7 and elimination; hundred with digit
scoring; knucklebones best of 3 and 5), each on A4 and Letter, in normal and in large print,
for a class of long, wide, Greek, Cyrillic and accented names. Every page of the kit and of
its host key is turned into an image with Poppler's ``pdftoppm`` and compared (two PDFs
that are the same bytes have the same pages, and are counted without rendering). It prints,
per kit and PDF, its pages and file sizes and each page that differs (the box, in pixels,
where its images differ by more than anti-aliasing), then one summary line
``N kits, P pages, D pages differ`` and exits 1 when a page differs. ``--only`` (repeatable)
keeps the kits of one preset (``classic``) or one kit (``classic-best-of-3``); ``--jobs``
renders that many kits at once. Nothing is written into either checkout.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

NAMES = (
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", "Ana", "Ben", "Cy", "X0y", "Zoë 0",
    "Μαρία Παπαδοπούλου-Κωνσταντινίδου", "Dee", "Eve", "Fay", "X1y", "Zoë 1",
    "Владимир Константинопольский-Щербаков", "Gus", "Hal", "Ivy", "X2y", "Zoë 2",
    "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm", "Jo", "Kai", "Lu", "X3y", "Zoë 3",
)
TWO_PLAYER_NAMES = 12  # long-game and knucklebones seat two a table: half the class keeps kits short
# docs/cli.md "Presets and their options": every preset, and every value of each option
KITS = {
    "strip": ("--rules", "strip"),
    "classic": ("--rules", "classic"),
    "classic-12-tiles": ("--rules", "classic", "--tiles", "12"),
    "classic-one-die-off": ("--rules", "classic", "--one-die", "off"),
    "classic-best-of-3": ("--rules", "classic", "--format", "best-of-3"),
    "classic-best-of-5": ("--rules", "classic", "--format", "best-of-5"),
    "classic-best-of-7": ("--rules", "classic", "--format", "best-of-7"),
    "classic-elimination": ("--rules", "classic", "--format", "elimination"),
    "ten": ("--rules", "ten"),
    "hundred": ("--rules", "hundred"),
    "hundred-digits": ("--rules", "hundred", "--scoring", "digits"),
    "long-game": ("--rules", "long-game"),
    "knucklebones": ("--rules", "knucklebones"),
    "knucklebones-best-of-3": ("--rules", "knucklebones", "--match", "best-of-3"),
    "knucklebones-best-of-5": ("--rules", "knucklebones", "--match", "best-of-5"),
}
PRINTS = {
    "a4": ("--paper", "a4"),
    "a4-large": ("--paper", "a4", "--large-print"),
    "letter": ("--paper", "letter"),
    "letter-large": ("--paper", "letter", "--large-print"),
}
INK_STEP = 60  # a pixel differs when its grey differs by more than this (anti-aliasing stays under it)


@dataclass(frozen=True)
class Compared:
    """One kit on one print, both checkouts: the lines to print, pages compared and pages that differ."""

    lines: tuple[str, ...]
    pages: int
    differ: int


def render(checkout: Path, options: tuple[str, ...], roster: Path, output: Path) -> list[Path]:
    """Render one kit with ``checkout``'s kitgen; return the PDFs written (kit first)."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    environment.pop("KITGEN_PAPER", None)
    environment["PYTHONDONTWRITEBYTECODE"] = "1"  # nothing written into either checkout
    done = subprocess.run([sys.executable, "-m", "kitgen", "kit", *options, "--roster", str(roster),
                           "-o", str(output), "--force"],
                          check=False, capture_output=True, text=True, env=environment, cwd=checkout)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: kitgen kit {' '.join(options)} failed: {done.stderr.strip()}")
    return [Path(line) for line in done.stdout.splitlines() if line.strip()]


def page_files(pdf: Path, dpi: int) -> list[Path]:
    """Turn the pages of ``pdf`` into greyscale PNG files at ``dpi``; return their paths in page order."""
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(prefix)], check=True)
    pages = list(pdf.parent.glob(f"{prefix.name}-*.png"))
    return sorted(pages, key=lambda path: int(path.stem.rsplit("-", 1)[1]))


def page_count(pdf: Path) -> int:
    """Return the number of pages of ``pdf`` (Poppler's ``pdfinfo``)."""
    done = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    return next(int(line.split()[-1]) for line in done.stdout.splitlines() if line.startswith("Pages:"))


def page_difference(new: Path, old: Path) -> tuple[int, ...] | str | None:
    """Return where two page images differ beyond anti-aliasing (a box, or their sizes), or ``None``."""
    with Image.open(new) as page, Image.open(old) as before:
        if page.size != before.size:
            return f"size {page.size} (before {before.size})"
        box = ImageChops.difference(page.convert("L"), before.convert("L")).point(
            lambda grey: 255 if grey > INK_STEP else 0).getbbox()
        return box


def compare(kit: str, paper: str, roster: Path, folder: Path, checkouts: dict[str, Path], dpi: int) -> Compared:
    """Render ``kit`` on ``paper`` with both checkouts and compare every page of every PDF."""
    outputs = {}
    for side, checkout in checkouts.items():
        side_folder = folder / f"{kit}-{paper}-{side}"
        side_folder.mkdir()
        outputs[side] = render(checkout, (*KITS[kit], *PRINTS[paper]), roster, side_folder / "kit.pdf")
    lines, pages, differ = [], 0, 0
    if len(outputs["new"]) != len(outputs["old"]):
        lines.append(f"{kit}, {paper}: {len(outputs['new'])} PDFs (before {len(outputs['old'])})")
    for new_pdf, old_pdf in zip(outputs["new"], outputs["old"], strict=False):
        if new_pdf.read_bytes() == old_pdf.read_bytes():  # the same file: the same page images
            count = page_count(new_pdf)
            pages += count
            lines.append(f"{kit}, {paper} {new_pdf.name}: {count} pages, {new_pdf.stat().st_size:,} bytes, "
                         "byte for byte the same as before")
            continue
        new, old = page_files(new_pdf, dpi), page_files(old_pdf, dpi)
        found = [(number, page_difference(page, before))
                 for number, (page, before) in enumerate(zip(new, old, strict=False), start=1)]
        found = [(number, where) for number, where in found if where is not None]
        found += [(number, "missing before" if number > len(old) else "missing after")
                  for number in range(min(len(new), len(old)) + 1, max(len(new), len(old)) + 1)]
        pages += max(len(new), len(old))
        differ += len(found)
        lines.append(f"{kit}, {paper} {new_pdf.name}: {len(new)} pages (before {len(old)}), "
                     f"{new_pdf.stat().st_size:,} bytes (before {old_pdf.stat().st_size:,}), {len(found)} differ")
        lines += [f"    page {number}: differs in {where}" for number, where in found]
        for path in (*new, *old):
            path.unlink()
    return Compared(tuple(lines), pages, differ)


def chosen_kits(only: list[str] | None) -> list[str]:
    """Return the kits to compare: all, or those whose preset or own name is in ``only``."""
    if not only:
        return list(KITS)
    unknown = [name for name in only if name not in KITS and name not in {options[1] for options in KITS.values()}]
    if unknown:
        raise SystemExit(f"--only: no kit or preset {', '.join(unknown)} (kits: {', '.join(KITS)})")
    return [kit for kit, options in KITS.items() if kit in only or options[1] in only]


def main(argv: list[str] | None = None) -> None:
    """Compare every kit's pages; print one line per kit and PDF, per page that differs, and a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other kitgen checkout")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=1, help="kits rendered at once (2 on a 2-core machine)")
    parser.add_argument("--only", action="append", metavar="PRESET", help="a preset or kit name; repeatable")
    options = parser.parse_args(argv)
    checkouts = {"new": Path(__file__).resolve().parent.parent, "old": options.baseline.resolve()}
    kits = chosen_kits(options.only)
    with tempfile.TemporaryDirectory(prefix="kitgen-pages-") as scratch:
        folder = Path(scratch)
        jobs = []
        for kit in kits:
            two_players = KITS[kit][1] in ("long-game", "knucklebones")
            roster = folder / f"{kit}.txt"
            roster.write_text("\n".join(NAMES[:TWO_PLAYER_NAMES] if two_players else NAMES) + "\n", encoding="utf-8")
            jobs += [(kit, paper, roster) for paper in PRINTS]
        total_pages = total_differ = 0
        with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            results = pool.map(lambda job: compare(*job, folder, checkouts, options.dpi), jobs)
            for result in results:
                print("\n".join(result.lines), flush=True)
                total_pages += result.pages
                total_differ += result.differ
    print(f"{len(jobs)} kits, {total_pages} pages, {total_differ} pages differ", flush=True)
    sys.exit(1 if total_differ else 0)


if __name__ == "__main__":
    main()
