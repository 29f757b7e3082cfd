"""Every preset's kit in every language, on every print: pages against English, and print defects.

``python benchmarks/languages.py [--language es] [--print letter-large] [--out DIR]``
renders each preset of tests/test_kit_print.py (classic with 12 tiles and best of 3, hundred
with digit scoring, knucklebones best of 3, the rest as they come), seated with its limit
names (40 wide letters, Greek, Cyrillic with Latin and marks) and its host key appended, in
each language kitgen speaks and in the pseudo-locale of tests/pseudo_locale.py, on A4 and
Letter in normal and large print. It prints one line per kit: its pages, the pages English
takes for the same kit and the print defects tests/print_defects.py finds (each defect
after it), then ``N kits, D defects`` and exits 1 when there is a defect. ``--language``
and ``--print`` (repeatable) keep some; ``--out`` keeps the PDFs there (page images:
``pdftoppm -r 60 -png``). The suite renders only large print on Letter in each language,
and A4 in the pseudo-locale (tests/test_languages_print.py): this is the rest.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from print_defects import print_defects  # noqa: E402
from pypdf import PdfReader  # noqa: E402
from test_kit_print import PRESETS, PRINTS  # noqa: E402
from test_languages_print import PSEUDO, kit_in  # noqa: E402

from kitgen import text  # noqa: E402

LANGUAGES = (*text.LANGUAGES, PSEUDO)


def render(language: str, preset: str, size: str, folder: Path) -> Path:
    """Render ``preset`` in ``language`` on the print ``size`` into ``folder``, as the suite
    does (:func:`test_languages_print.kit_in`)."""
    path = folder / f"{language}-{preset}-{size}.pdf"
    path.unlink(missing_ok=True)
    return kit_in(language, preset, size, path)


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", action="append", choices=LANGUAGES)
    parser.add_argument("--print", action="append", choices=list(PRINTS), dest="prints")
    parser.add_argument("--out", type=Path)
    options = parser.parse_args(arguments)
    languages = options.language or list(LANGUAGES)
    with tempfile.TemporaryDirectory() as temporary:
        folder = options.out or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        kits = defects = 0
        for size in options.prints or list(PRINTS):
            for preset in PRESETS:
                english = len(PdfReader(render("en", preset, size, folder)).pages)  # the kit other languages meet
                for language in languages:
                    path = folder / f"en-{preset}-{size}.pdf"
                    if language != "en":
                        path = render(language, preset, size, folder)
                    found = print_defects(path)
                    kits, defects = kits + 1, defects + len(found)
                    print(f"{language:6} {preset:13} {size:13} pages {len(PdfReader(path).pages):3} "
                          f"(English {english:3})  defects {len(found)}", flush=True)
                    for defect in found:
                        print(f"    {defect}")
        print(f"{kits} kits, {defects} defects")
    return 1 if defects else 0


if __name__ == "__main__":
    raise SystemExit(main())
