"""Shared machines and other people's files: kitgen runs no code another user planted,
writes nothing through a link, and never loses a filled kit or a log (a kit's file, a
report's, a kit's logs: kitgen.kit.output)."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fill_kits import fill_with_pypdf
from pypdf import PdfReader, PdfWriter
from typer.testing import CliRunner

import kitgen.kit.build as build
import kitgen.kit.output as output
from kitgen.cli import app
from kitgen.errors import RenderError
from kitgen.kit.build import RenderedKit, render_kit
from kitgen.kit.request import KitRequest
from kitgen.rules.presets import find_preset

ROOT = Path(__file__).resolve().parents[1]
TEN = find_preset("ten").configure()
runner = CliRunner()


def invoke(*args: str | Path):
    return runner.invoke(app, [*map(str, args)])


@pytest.fixture(scope="module")
def fillable_ten(tmp_path_factory) -> Path:
    """A fillable ten kit of two blank tables of two seats."""
    path = tmp_path_factory.mktemp("kits") / "club.pdf"
    path.write_bytes(render_kit(KitRequest(TEN, (), seats=2, tables=2, host_key="none", fillable=True)).pdfs[0])
    return path


@pytest.fixture(scope="module")
def filled_ten(fillable_ten, tmp_path_factory) -> Path:
    """The ten kit with a turn filled in at both tables."""
    filled = tmp_path_factory.mktemp("filled") / "club.pdf"
    fill_with_pypdf(fillable_ten, filled, {
        **{f"t{table}.seat{seat}.player": name for table in (1, 2) for seat, name in ((1, "Ana"), (2, "Ben"))},
        **{f"t{table}.rec01.r01.roll-total": "8" for table in (1, 2)},
        **{f"t{table}.rec01.r01.numbers-closed": "8" for table in (1, 2)},
    })
    return filled


# The template cache: compiled templates were loaded with pickle from a folder anyone could
# make first. Nothing is written to or read from the user's folders now.

def test_a_kit_writes_nothing_in_the_home_or_cache_folders(tmp_path):
    home, planted = tmp_path / "home", tmp_path / "shared-cache" / "kitgen"
    home.mkdir()
    planted.mkdir(parents=True)
    (planted / "templates-0-entry.cache").write_bytes(b"planted")
    work = tmp_path / "work"
    work.mkdir()
    for cache in (str(tmp_path / "shared-cache"), "relative-cache"):
        environment = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(home), "XDG_CACHE_HOME": cache}
        done = subprocess.run([sys.executable, "-m", "kitgen", "kit", "--seats", "2", "--host-key", "none",
                               "-o", "kit.pdf", "--force"], cwd=work, env=environment, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []
    assert sorted(path.name for path in work.iterdir()) == ["kit.pdf"]  # no relative cache folder
    assert [path.name for path in planted.iterdir()] == ["templates-0-entry.cache"]


# Another user's leftover in a shared, sticky folder (the system's temporary folder).

def test_a_leftover_kitgen_may_not_remove_is_skipped(tmp_path, monkeypatch):
    leftover = tmp_path / f"{output.TEMPORARY_PREFIX}999999999-0000.part"  # no such process
    leftover.write_bytes(b"another user's")
    unlink = os.unlink

    def refuse_theirs(path, *args, **kwargs):
        if Path(path) == leftover:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(output.os, "unlink", refuse_theirs)
    output.write_files({tmp_path / "report.pdf": b"%PDF-new"}, output.replaceable(True, False))
    assert (tmp_path / "report.pdf").read_bytes() == b"%PDF-new"
    assert leftover.exists()


def test_a_full_disk_names_the_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    class FullDisk(io.BytesIO):
        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    def full(handle, mode):
        os.close(handle)
        return FullDisk()

    monkeypatch.setattr(output.os, "fdopen", full)
    with pytest.raises(RenderError, match=r"cannot write '.*kit\.pdf' \(No space left on device\)"):
        output.write_files({tmp_path / "kit.pdf": b"%PDF-new"}, output.replaceable(True, False))
    assert list(tmp_path.iterdir()) == []


# A filled kit at the default path: a viewer saves it over output/kit.pdf, keeping kitgen
# as its creator.

@pytest.fixture()
def default_folder(tmp_path, monkeypatch) -> Path:
    """The current folder, with kits rendered as a few fixed bytes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    kit = render_kit(KitRequest(TEN, (), seats=2, host_key="none"))
    monkeypatch.setattr(build, "render_kit", lambda request, progress=None: RenderedKit([b"%PDF-new"], kit.contents))
    return tmp_path / "output" / "kit.pdf"


def test_a_kit_filled_in_at_the_default_path_is_kept_without_force(default_folder, filled_ten):
    default_folder.write_bytes(filled_ten.read_bytes())
    refused = invoke("kit", "--rules", "ten", "--host-key", "none")
    assert refused.exit_code == 2
    assert "was filled in or changed in a viewer since kitgen wrote it; add --force" in refused.stderr
    assert default_folder.read_bytes() == filled_ten.read_bytes()
    replaced = invoke("kit", "--rules", "ten", "--host-key", "none", "--force")
    assert replaced.exit_code == 0, replaced.output
    assert default_folder.read_bytes() == b"%PDF-new"


def test_a_kit_saved_again_with_a_note_or_an_update_counts_as_changed(default_folder, fillable_ten, tmp_path):
    assert output.kit_state(fillable_ten) == output.AS_WRITTEN
    noted = PdfWriter(clone_from=PdfReader(fillable_ten))
    noted.add_annotation(0, {"/Type": "/Annot", "/Subtype": "/Text", "/Rect": [10, 10, 30, 30]})
    noted.write(tmp_path / "noted.pdf")
    updated = tmp_path / "updated.pdf"
    data = fillable_ten.read_bytes()
    updated.write_bytes(data + data[data.rindex(b"trailer"):])  # an incremental update's tail, as viewers append
    for changed in (tmp_path / "noted.pdf", updated):
        assert output.kit_state(changed) == output.CHANGED
        default_folder.write_bytes(changed.read_bytes())
        assert invoke("kit", "--rules", "ten", "--host-key", "none").exit_code == 2
    default_folder.write_bytes(data)
    assert invoke("kit", "--rules", "ten", "--host-key", "none").exit_code == 0


# kitgen transcribe: never through a link; every table's log or none.

def test_transcribe_refuses_to_write_through_a_link(filled_ten, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    target = tmp_path / "elsewhere.log"
    (logs / "club-table-1.log").symlink_to(target)  # dangling
    refused = invoke("transcribe", filled_ten, "-o", logs)
    assert refused.exit_code == 2 and "is not a regular file" in refused.stderr
    assert not target.exists()
    target.write_text("someone's file\n")
    refused = invoke("transcribe", filled_ten, "-o", logs, "--force")
    assert refused.exit_code == 2 and "is not a regular file" in refused.stderr
    assert target.read_text() == "someone's file\n"
    assert sorted(path.name for path in logs.iterdir()) == ["club-table-1.log"]


def test_transcribe_force_replaces_every_log_or_none(filled_ten, tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    logs.mkdir()
    for table in (1, 2):
        (logs / f"club-table-{table}.log").write_text(f"corrected by hand, table {table}\n")
    replace = os.replace

    def full_at_the_second(source, target):
        if Path(target).name == "club-table-2.log":
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return replace(source, target)

    monkeypatch.setattr(output.os, "replace", full_at_the_second)
    failed = invoke("transcribe", filled_ten, "-o", logs, "--force")
    assert failed.exit_code == 2 and "No space left on device" in failed.stderr
    assert [(logs / f"club-table-{table}.log").read_text() for table in (1, 2)] == [
        "corrected by hand, table 1\n", "corrected by hand, table 2\n"]
    assert sorted(path.name for path in logs.iterdir()) == ["club-table-1.log", "club-table-2.log"]
    monkeypatch.setattr(output.os, "replace", replace)
    done = invoke("transcribe", filled_ten, "-o", logs, "--force")
    assert done.exit_code == 0, done.output
    assert "turn Ana\n8: 8\n" in (logs / "club-table-2.log").read_text()


# SIGTERM during a render: WeasyPrint's copy of the fonts in $TMPDIR went with the process
# only when the garbage collector ran.

def test_sigterm_during_a_render_leaves_nothing_behind(tmp_path):
    import signal
    import time

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)}
    kit = subprocess.Popen([sys.executable, "-m", "kitgen", "kit", "--seats", "6", "--tables", "40",
                            "-o", str(tmp_path / "kit.pdf")], env=environment, cwd=tmp_path,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(60_000):  # until the render has copied its fonts (a bound, not a timing)
            if list(temporary.glob("weasyprint-*")) or kit.poll() is not None:
                break
            time.sleep(0.005)
        kit.send_signal(signal.SIGTERM)
        _, errors = kit.communicate(timeout=120)
    finally:
        kit.kill()
    assert kit.returncode == 143, errors
    assert b"Traceback" not in errors
    assert list(temporary.iterdir()) == []
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tmp"]


def test_a_kit_drawn_on_by_a_tool_that_keeps_its_creator_counts_as_changed(fillable_ten, tmp_path):
    saved_again = PdfWriter(clone_from=PdfReader(fillable_ten))  # re-saved, nothing changed
    saved_again.write(tmp_path / "saved-again.pdf")
    assert output.kit_state(tmp_path / "saved-again.pdf") == output.AS_WRITTEN
    flattened = PdfWriter(clone_from=PdfReader(fillable_ten))  # a form flattened: drawing added
    rules_card = PdfReader(fillable_ten).pages[0]
    assert not rules_card.get("/Annots")
    flattened.pages[1].merge_page(rules_card)
    flattened.write(tmp_path / "flattened.pdf")
    assert output.kit_state(tmp_path / "flattened.pdf") == output.CHANGED


def test_a_default_folder_that_is_a_link_is_not_written_into(tmp_path, monkeypatch):
    elsewhere = tmp_path / "another-users-folder"
    elsewhere.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    (work / "output").symlink_to(elsewhere)
    monkeypatch.chdir(work)
    refused = invoke("kit", "--seats", "2")
    assert refused.exit_code == 2 and "the default folder 'output' is a link" in refused.stderr
    assert list(elsewhere.iterdir()) == []


def test_a_box_ticked_in_its_look_alone_counts_as_filled(fillable_ten, tmp_path):
    from pypdf.generic import NameObject

    ticked = PdfWriter(clone_from=PdfReader(fillable_ten))
    box = next(annotation.get_object() for page in ticked.pages for annotation in page.get("/Annots", ())
               if annotation.get_object().get("/FT") == "/Btn")
    box[NameObject("/AS")] = NameObject("/on")  # a viewer that sets the look and no value
    box.pop("/V", None)
    ticked.write(tmp_path / "ticked.pdf")
    assert output.kit_state(tmp_path / "ticked.pdf") == output.CHANGED
