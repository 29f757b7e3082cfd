"""Fixtures shared by the test modules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

import kitgen.kit.build
import kitgen.text
from kitgen.kit.build import KitContents, WrittenKit

os.environ["KITGEN_LANG"] = "en"  # not the machine's locale: the tests, and the kitgen they run, read English
kitgen.text.use_language("en")

# The test modules that render a kit or report through WeasyPrint or run `kitgen kit`,
# `kitgen report` or `kitgen transcribe` (in process or as a command): every test in them is
# marked `render`, and so is any test elsewhere that asks for a rendering fixture (a test
# that renders in a module that mostly does not is marked `render` where it is). The slow
# tier goes with them: worker processes (test_logs_batch), Hypothesis runs of hundreds of
# games (test_properties_*) and the tests of SLOW_TESTS. The fast tier,
# `pytest -m "not render"`, runs the rest.
RENDER_MODULES = frozenset({
    "test_bad_input", "test_benchmarks", "test_kit_fonts", "test_logs_batch", "test_properties_box",
    "test_properties_knucklebones", "test_cli_conventions", "test_cli_kit", "test_cli_report",
    "test_forms", "test_forms_hostile", "test_kit_build", "test_kit_knucklebones", "test_kit_libraries",
    "test_kit_measure", "test_kit_metadata", "test_kit_parallel", "test_kit_presets", "test_kit_print",
    "test_kit_rounds", "test_languages_print", "test_properties_forms", "test_readme", "test_render",
    "test_shared_machine",
    "test_stamps",
})
RENDER_FIXTURES = frozenset({"kits", "check_paper", "check_fonts", "renderer"})
RENDERER_MODULES = ("weasyprint", "pypdf", "fontTools")  # check, validate, rules, --help import none of them
SLOW_TESTS = frozenset({"test_session.py::test_collecting_a_session_holds_a_small_bounded_share_per_log"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `render` every test of :data:`RENDER_MODULES` and :data:`SLOW_TESTS`, and every
    test using one of :data:`RENDER_FIXTURES`."""
    for item in items:
        path, _, name = item.nodeid.partition("::")
        file = path.rpartition("/")[2]
        if (file.removesuffix(".py") in RENDER_MODULES or f"{file}::{name}" in SLOW_TESTS
                or RENDER_FIXTURES.intersection(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.render)


@pytest.fixture(autouse=True)
def no_paper_from_the_machine(monkeypatch):
    """Keep the machine's paper settings out of every test: no $KITGEN_PAPER, $PAPERSIZE
    or $PAPERCONF, and no /etc/papersize (a test that wants one sets it)."""
    import kitgen.kit.papersize

    for name in ("KITGEN_PAPER", "PAPERSIZE", "PAPERCONF"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(kitgen.kit.papersize, "SYSTEM_PAPERSIZE", Path("/nonexistent/papersize"))


PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}  # docs/kit.md: MediaBox exact within 0.01 pt


@pytest.fixture(scope="module")
def kits(request, tmp_path_factory):
    """Return a function rendering one of the test module's cases once, with the module's
    own ``render(path, case) -> Path``, and returning the PDF's path."""
    folder = tmp_path_factory.mktemp(request.module.__name__.rpartition(".")[2])
    rendered: dict[str, Path] = {}

    def kit(case: str) -> Path:
        if case not in rendered:
            rendered[case] = request.module.render(folder / f"{case}.pdf", case)
        return rendered[case]

    return kit


@pytest.fixture(scope="session")
def check_paper():
    """Return a check that every page of the PDF at ``path`` is exactly ``paper``
    (``"a4"`` or ``"letter"``) in PDF points."""

    def check(path: Path, paper: str) -> None:
        for page in PdfReader(path).pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert size == pytest.approx(PAGE_PT[paper], abs=0.01)

    return check


@pytest.fixture(scope="session")
def check_fonts():
    """Return a check that every font on the pages of the PDF at ``path`` is one of
    kitgen's and embedded (``/FontFile2``)."""

    def check(path: Path) -> None:
        for page in PdfReader(path).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                assert str(font["/BaseFont"]).split("+")[1].startswith("kitgen-")
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor

    return check


@pytest.fixture(scope="session")
def imported_by() -> Callable[..., list[str]]:
    """Return a function that runs ``kitgen ARGUMENTS`` (which must exit 0) in a fresh
    interpreter and returns which of ``modules`` (the renderer's, unless given) it imported, sorted."""
    def imported(arguments: Sequence[str], modules: Sequence[str] = RENDERER_MODULES) -> list[str]:
        code = (
            "import json, sys\n"
            "from typer.testing import CliRunner\n"
            "from kitgen.cli import app\n"
            f"result = CliRunner().invoke(app, {list(arguments)!r})\n"
            "assert result.exit_code == 0, result.output\n"
            f"print(json.dumps(sorted(name for name in {list(modules)!r} if name in sys.modules)))\n"
        )
        completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        return json.loads(completed.stdout)

    return imported


@pytest.fixture
def runner() -> CliRunner:
    """Return a Click test runner for the kitgen command line."""
    return CliRunner()


@pytest.fixture
def requests(monkeypatch) -> list:
    """Replace the renderer's entry point: record each request, write nothing."""
    seen = []

    def record(request, progress):
        seen.append(request)
        contents = KitContents([4], 1, 0, 6, "strips for 2 attempts a seat and 2 spare")
        return WrittenKit([Path("output/kit.pdf")], contents)

    monkeypatch.setattr(kitgen.kit.build, "build_kit", record)
    return seen


@pytest.fixture
def fonts_folder(tmp_path, monkeypatch):
    """A copy of the fonts/ folder that a test may change; the caches see it."""
    import shutil

    from kitgen.kit import fonts, measure
    from kitgen.kit.fonts import font_faces
    from kitgen.resources import data_folder

    folder = tmp_path / "fonts"
    shutil.copytree(data_folder("fonts"), folder)
    monkeypatch.setattr(fonts, "data_folder", lambda name: folder)
    caches = (font_faces, fonts._character_maps, fonts._drawable_characters, fonts._config,
              measure._faces, measure._font, measure._advance_em)
    for cached in caches:
        cached.cache_clear()
    yield folder
    for cached in caches:
        cached.cache_clear()


@pytest.fixture
def language(tmp_path, monkeypatch):
    """Return a function that compiles a made-up catalog and shows every later message in
    it: each message is (msgid, translation) or (msgid, translation, context), a plural one
    ((singular, plural), (form, form)); English again after the test."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    import kitgen.text

    def use(messages, locale: str = "eo") -> None:
        catalog = Catalog(locale=locale, domain=kitgen.text.DOMAIN)
        for message in messages:
            catalog.add(message[0], message[1], context=message[2] if len(message) > 2 else None)
        folder = tmp_path / locale / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / f"{kitgen.text.DOMAIN}.mo", "wb") as mo:
            write_mo(mo, catalog)
        monkeypatch.setattr(kitgen.text, "LOCALE_FOLDER", tmp_path)
        monkeypatch.setenv("KITGEN_LANG", locale)  # what a command without --lang speaks
        if "kitgen.cli" in sys.modules:  # and the command line speaks it, as one of its own
            monkeypatch.setattr(sys.modules["kitgen.cli"], "LANGUAGES", (*kitgen.text.LANGUAGES, locale))
        kitgen.text.use_language(locale)

    yield use
    kitgen.text.use_language("en")


@pytest.fixture(autouse=True)
def english_after_each_test():
    """Put English back in use after every test: one that runs a command with ``--lang``
    in this process, or a catalog of its own, leaves no other language to the next."""
    yield
    import kitgen.text

    kitgen.text.use_language("en")
