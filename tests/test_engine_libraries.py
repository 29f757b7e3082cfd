"""WeasyPrint's C libraries found from one read of the linker cache (kitgen/engine/libraries.py)."""

from __future__ import annotations

import ctypes.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.engine import libraries

REPO = Path(__file__).resolve().parent.parent

# Runs `kitgen kit` in a fresh interpreter (WeasyPrint not yet imported) and prints, as
# JSON, how many processes of each program it started (the "subprocess.Popen" audit event).
COUNT_SPAWNS = """
import collections, json, os, sys
started = collections.Counter()
def count(event, args):
    if event == "subprocess.Popen":
        started[os.path.basename(os.fsdecode(args[0]))] += 1
sys.addaudithook(count)
from kitgen.cli import app
try:
    app(sys.argv[1:], prog_name="kitgen")
except SystemExit as done:
    status = done.code
print(json.dumps({"status": status, "started": started}))
"""


@pytest.mark.render  # renders through WeasyPrint
def test_a_kit_reads_the_linker_cache_once_and_never_runs_the_compiler(tmp_path: Path) -> None:
    arguments = ["kit", "--seats", "1", "--host-key", "none", "-o", str(tmp_path / "kit.pdf")]
    done = subprocess.run(
        [sys.executable, "-c", COUNT_SPAWNS, *arguments], cwd=tmp_path, capture_output=True,
        text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, check=True,
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["status"] in (0, None), done.stderr
    started = found["started"]
    assert started.get("ldconfig", 0) <= 1
    assert started.get("gcc", 0) + started.get("cc", 0) + started.get("ld", 0) == 0


@pytest.mark.skipif(libraries.read_linker_cache() is None, reason="no glibc linker cache here")
def test_look_ups_come_from_the_cache_only_inside_the_block() -> None:
    stock = ctypes.util.find_library
    with libraries.linker_cache_lookups() as cached:
        assert cached
        assert (ctypes.util.find_library("pango-1.0") or "").startswith("libpango-1.0.so")
        assert ctypes.util.find_library("libpango-1.0-0") is None
    assert ctypes.util.find_library is stock


def test_nothing_changes_where_there_is_no_linker_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(libraries, "read_linker_cache", lambda: None)
    stock = ctypes.util.find_library
    with libraries.linker_cache_lookups() as cached:
        assert not cached
        assert ctypes.util.find_library is stock


def test_an_import_that_needs_a_library_the_cache_lacks_is_retried_with_the_stock_look_ups(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "needs_a_library.py").write_text(
        "import ctypes.util\n"
        "if ctypes.util.find_library('only-gcc-knows') is None:\n"
        "    raise OSError('cannot load library only-gcc-knows')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(libraries, "read_linker_cache", lambda: b"\tlibz.so.1 (libc6) => /lib/libz.so.1\n")
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: f"lib{name}.so.1")
    monkeypatch.delitem(sys.modules, "needs_a_library", raising=False)
    libraries.import_with_linker_cache("needs_a_library")
    assert "needs_a_library" in sys.modules


# The contract of kitgen.engine.libraries, checked on these versions: WeasyPrint asks cffi for
# these names, and ctypes.util.find_library's first step (ldconfig -p) is what the cache gives.
CHECKED_ON = {"weasyprint": "70.0", "python": "3.11"}
WEASYPRINTS_NAMES = ("gobject-2.0-0", "gobject-2.0", "pango-1.0-0", "pango-1.0", "harfbuzz", "harfbuzz-0.0",
                     "fontconfig-1", "fontconfig", "pangoft2-1.0-0", "pangoft2-1.0")


def test_the_contract_was_checked_on_this_weasyprint_and_python() -> None:
    import weasyprint

    from kitgen.engine import WEASYPRINT_CHECKED

    python = ".".join(map(str, sys.version_info[:2]))
    assert WEASYPRINT_CHECKED == CHECKED_ON["weasyprint"]
    assert (weasyprint.__version__, python) == (CHECKED_ON["weasyprint"], CHECKED_ON["python"]), (
        f"kitgen.engine.libraries was checked on WeasyPrint {CHECKED_ON['weasyprint']} and Python "
        f"{CHECKED_ON['python']}, this is WeasyPrint {weasyprint.__version__} and Python {python}: check that "
        "WeasyPrint still opens its libraries through ctypes.util.find_library and that the cache answers "
        "as the stock look-up does (the tests below), then update CHECKED_ON and WEASYPRINT_CHECKED")


@pytest.mark.skipif(libraries.read_linker_cache() is None, reason="no ldconfig -p linker cache here")
def test_the_cache_finds_what_the_stock_look_up_finds() -> None:
    cache = libraries.read_linker_cache()
    assert cache is not None
    abi = libraries.machine_abi()
    for name in WEASYPRINTS_NAMES:
        cached = libraries.find_in_cache(cache, name, abi)
        assert cached is None or cached == ctypes.util.find_library(name), name


@pytest.mark.render  # renders through WeasyPrint
def test_a_kit_rendered_with_the_stock_look_ups_is_the_same_pdf(tmp_path: Path) -> None:
    # The plain path: WeasyPrint imported as it would be without kitgen (no cache).
    probe = ("import sys, weasyprint\n"
             "from kitgen.cli import app\n"
             "try: app(['kit', '--seats', '2', '-o', sys.argv[1], '--host-key', 'none'])\n"
             "except SystemExit as leaving: assert not leaving.code, leaving.code\n")
    plain = [sys.executable, "-c", probe, str(tmp_path / "plain.pdf")]
    cached = [sys.executable, "-c", probe.replace("import sys, weasyprint\n", "import sys\n"),
              str(tmp_path / "cached.pdf")]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "SOURCE_DATE_EPOCH": "0"}
    for command in (plain, cached):
        done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "plain.pdf").read_bytes() == (tmp_path / "cached.pdf").read_bytes()
