"""WeasyPrint's C libraries found from one read of the linker cache (kitgen/kit/libraries.py)."""

from __future__ import annotations

import ctypes.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.kit import libraries

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


def test_a_kit_reads_the_linker_cache_once_and_never_runs_the_compiler(tmp_path):
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
def test_look_ups_come_from_the_cache_only_inside_the_block():
    stock = ctypes.util.find_library
    with libraries.linker_cache_lookups() as cached:
        assert cached
        assert ctypes.util.find_library("pango-1.0").startswith("libpango-1.0.so")
        assert ctypes.util.find_library("libpango-1.0-0") is None
    assert ctypes.util.find_library is stock


def test_nothing_changes_where_there_is_no_linker_cache(monkeypatch):
    monkeypatch.setattr(libraries, "read_linker_cache", lambda: None)
    stock = ctypes.util.find_library
    with libraries.linker_cache_lookups() as cached:
        assert not cached
        assert ctypes.util.find_library is stock


def test_an_import_that_needs_a_library_the_cache_lacks_is_retried_with_the_stock_look_ups(
        tmp_path, monkeypatch):
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
