"""Kits in every language kitgen speaks (issue 24, item 4): every preset, seated with the
limit names, in large print on Letter, prints with no defect and only kitgen's fonts in
Spanish, French and German, and in a pseudo-locale that marks every message and makes it
40% longer (tests/pseudo_locale.py), on A4 too; so do the report, practice sheets and their
key, tally sheets and the tally report in the pseudo-locale. In the pseudo-locale no word of the pages,
of the PDF's title and subject (but the rules as a log's ``rules:`` line writes them, in
every language) or of its outline is unmarked English, a word no catalog gives; the PDF's
language is the catalog's.

The other prints of each language (A4, large print on A4, Letter) are rendered by
``benchmarks/languages.py``, which counts their pages against English too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pdfplumber
import pytest
from print_defects import print_defects
from pseudo_locale import PseudoTranslations, unmarked_words
from pypdf import PdfReader
from test_kit_print import LIMIT_NAMES, PRESETS, PRINTS

from kitgen import text
from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest
from kitgen.practice.levels import LEVELS
from kitgen.practice.printed import render_practice
from kitgen.practice.sheets import class_set
from kitgen.practice.tally_sheet import render_tally_sheets
from kitgen.session.collect import collect_session
from kitgen.session.printed import render_report
from kitgen.session.tally import read_tally
from kitgen.session.tally_report import render_tally_report

PSEUDO = "pseudo"
CASES = {f"{language}-{preset}-letter-large": (language, preset, "letter-large")
         for language in ("es", "fr", "de", PSEUDO) for preset in PRESETS}
CASES |= {f"{PSEUDO}-{preset}-a4": (PSEUDO, preset, "a4") for preset in PRESETS}
UNITS = frozenset({"mm", "in"})  # the scale bars' labels: symbols, the same in every language


def render(path: Path, case: str) -> Path:
    """Render ``case`` at ``path`` (:func:`kit_in`)."""
    return kit_in(*CASES[case], path)


def kit_in(language: str, preset: str, size: str, path: Path) -> Path:
    """Render at ``path`` a ``preset``'s kit with its host key, seated with the limit names,
    in ``language`` (or the pseudo-locale) on the print ``size``; English is back in use after."""
    paper, large = PRINTS[size]
    if language == PSEUDO:
        text.use_catalog(PseudoTranslations())
    else:
        text.use_language(language)
    try:
        rules = find_preset(preset).configure(PRESETS[preset])
        request = KitRequest(rules, LIMIT_NAMES, paper=paper, large_print=large, host_key="appended", output=path)
        assert build_kit(request).paths == [path]
    finally:
        text.use_language("en")
    return path


def unmarked(words: str) -> list[str]:
    """Return the words of ``words`` that are unmarked English: not a unit and not part of
    a player's name (as printed, or turned round on knucklebones' second board)."""
    return [word for word in unmarked_words(words, UNITS)
            if not any(word in name or word in name[::-1] for name in LIMIT_NAMES)]


def outline_titles(outline: list) -> Iterator[str]:
    for item in outline:
        if isinstance(item, list):
            yield from outline_titles(item)
        else:
            yield item.title


@pytest.mark.parametrize("case", CASES)
def test_a_kit_in_every_language_prints_without_a_defect_in_kitgen_fonts(kits, check_fonts, case):
    path = kits(case)
    assert print_defects(path) == []
    check_fonts(path)
    language = CASES[case][0]
    assert PdfReader(path).trailer["/Root"]["/Lang"] == ("en" if language == PSEUDO else language)


@pytest.mark.parametrize("case", [case for case in CASES if case.startswith(PSEUDO)])
def test_nothing_in_a_kit_is_english_that_no_catalog_gives(kits, case):
    path = kits(case)
    with pdfplumber.open(path) as pdf:
        assert [(number, unmarked(page.extract_text() or "")) for number, page in enumerate(pdf.pages, start=1)
                if unmarked(page.extract_text() or "")] == []
    reader = PdfReader(path)
    metadata = reader.metadata
    assert metadata is not None and metadata.title and metadata.subject
    rules_line = find_preset(CASES[case][1]).configure(PRESETS[CASES[case][1]]).describe()  # as a log writes it
    assert unmarked(f"{metadata.title} {metadata.subject.replace(rules_line, '')}") == []
    titles = list(outline_titles(reader.outline))
    assert titles and [title for title in titles if unmarked(title)] == []


SESSION = Path(__file__).parent / "fixtures" / "session"  # a club night: 8 tables, 1 unreadable log
TALLY = Path(__file__).parent.parent / "examples" / "class-tally.txt"
PUPILS = list(LIMIT_NAMES[2:])  # Greek, and Cyrillic with Latin and marks


def session_words() -> frozenset[str]:
    """Return the words the club night's logs give its report, in every language: what
    their ``players:``, ``title:`` and ``rules:`` lines say, and the files' names."""
    lines = [line for path in SESSION.glob("*.log") for line in path.read_text(encoding="utf-8").splitlines()]
    written = " ".join(line.partition(":")[2] for line in lines
                       if line.lower().startswith(("players:", "title:", "rules:")))
    files = " ".join(f"{SESSION.name}/{path.name}" for path in SESSION.glob("*.log"))
    return frozenset(re.findall(r"[^\W\d_]+", f"{written} {files}"))


def other_documents() -> dict[str, bytes]:
    """Render, in the pseudo-locale, every PDF kitgen prints besides a kit: the session
    report, a class set of practice sheets and its key, tally sheets and the tally report."""
    text.use_catalog(PseudoTranslations())
    try:
        sheets = class_set(7, LEVELS[4], 8, PUPILS)
        practice, key = render_practice(sheets, "letter", large_print=True)
        tally = read_tally("\n".join(line for line in TALLY.read_text(encoding="utf-8").splitlines()
                                     if not line.startswith("title:")))  # the teacher's own words
        return {
            "report": render_report(collect_session([SESSION]), "letter"),
            "practice": practice, "practice-key": key,
            "tally-sheets": render_tally_sheets(PUPILS, 36, "a4", large_print=True),
            "tally-report": render_tally_report(tally, "letter"),
        }
    finally:
        text.use_language("en")


@pytest.fixture(scope="module")
def documents(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("documents")
    paths = {}
    for name, pdf in other_documents().items():
        paths[name] = folder / f"{name}.pdf"
        paths[name].write_bytes(pdf)
    return paths


@pytest.mark.parametrize("document", ["report", "practice", "practice-key", "tally-sheets", "tally-report"])
def test_every_other_pdf_in_the_pseudo_locale_prints_without_a_defect_or_english(documents, check_fonts, document):
    path = documents[document]
    assert print_defects(path) == []
    check_fonts(path)
    allowed = session_words() if document == "report" else frozenset()
    with pdfplumber.open(path) as pdf:
        found = [(number, [word for word in unmarked(page.extract_text() or "") if word not in allowed])
                 for number, page in enumerate(pdf.pages, start=1)]
    assert [(number, words) for number, words in found if words] == []
