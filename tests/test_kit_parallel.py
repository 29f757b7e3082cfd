"""A kit's host key rendered in a worker while the kit renders (kitgen.kit.parallel,
kitgen.cores.side_by_side), and the command's end: each as fast as it is harmless."""

from __future__ import annotations

import gc
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from pypdf import PdfWriter

from kitgen import cores
from kitgen.errors import RenderError
from kitgen.games import find_preset
from kitgen.kit import parallel, render
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts.chunks import host_key_chunk, table_chunk
from kitgen.kit.render import DocumentInfo, KitRenderer
from kitgen.kit.tables import plan_tables
from kitgen.rulebook import rulebook
from kitgen.session.collect import collect_session, collect_session_while
from kitgen.session.printed import report_chunk

ROOT = Path(__file__).resolve().parents[1]
STRIP = find_preset("strip").configure()
LAYOUT = Layout.for_print(find_paper("a4"), False)


def documents() -> list:
    """The default kit's two documents: one table of two seats, and its host key."""
    book = rulebook(STRIP)
    table = plan_tables(STRIP, (), 2)[0]
    return [
        (DocumentInfo("Kit", "The kit."), [table_chunk(STRIP, table, LAYOUT, book)]),
        (DocumentInfo("Host key", "The host key."), [host_key_chunk(STRIP, LAYOUT, book)]),
    ]


@pytest.fixture
def forks(monkeypatch) -> list[int]:
    """Count this process's forks, with two usable cores and a fork taken as safe (this
    test process has set up fonts before)."""
    made: list[int] = []
    fork = os.fork

    def counted() -> int:
        made.append(1)
        return fork()

    monkeypatch.setattr(cores, "usable_cores", lambda: 2)
    monkeypatch.setattr(cores, "_fonts_set_up", False)
    monkeypatch.setattr(os, "fork", counted)
    return made


@pytest.fixture
def temporary_folder(tmp_path, monkeypatch) -> Path:
    """A temporary folder of this test's own, for WeasyPrint's font folders."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(folder))
    return folder


def test_the_host_key_rendered_side_by_side_is_the_same_pdf(forks, temporary_folder):
    rendered = []
    side_by_side = parallel.render_documents(LAYOUT, documents(), lambda: rendered.append(1))
    assert forks == [1]
    assert len(rendered) == 2  # the host key counted once its copy sent it back
    renderer = KitRenderer(LAYOUT)
    in_order = [renderer.render(chunks, info) for info, chunks in documents()]
    assert side_by_side == in_order  # byte for byte
    del renderer
    gc.collect()
    assert not list(temporary_folder.glob("weasyprint-*"))  # the copy removed its font folder too


def test_no_worker_on_one_core_once_fonts_are_set_up_or_with_a_thread_running(forks, monkeypatch):
    monkeypatch.setattr(cores, "usable_cores", lambda: 1)
    assert len(parallel.render_documents(LAYOUT, documents())) == 2
    monkeypatch.setattr(cores, "usable_cores", lambda: 2)
    KitRenderer(LAYOUT).close()  # fonts set up in this process: no fork from now on
    assert len(parallel.render_documents(LAYOUT, documents())) == 2
    monkeypatch.setattr(cores, "_fonts_set_up", False)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert len(parallel.render_documents(LAYOUT, documents())) == 2
    finally:
        stop.set()
        thread.join()
    assert forks == []


def test_usable_cores_are_this_process_s_own():
    expected = os.process_cpu_count() if hasattr(os, "process_cpu_count") else len(os.sched_getaffinity(0))
    assert cores.usable_cores() == expected


@pytest.mark.parametrize("error", [RenderError("the render failed: a test says so."), ValueError("a bug")])
def test_an_error_in_the_copy_is_raised_here_and_leaves_no_font_folder(error, forks, monkeypatch, temporary_folder):
    """A KitgenError comes back from the copy; a bug sends nothing back and is met again here."""
    render_chunks = KitRenderer.render

    def failing(self, chunks, info, rendered=lambda: None):
        render_chunks(self, chunks, info, rendered)  # sets up WeasyPrint's font folder
        if info.title == "Host key":
            raise error
        return b"%PDF kit"

    monkeypatch.setattr(KitRenderer, "render", failing)
    with pytest.raises(type(error), match=str(error)):
        parallel.render_documents(LAYOUT, documents())
    assert forks == [1]
    gc.collect()
    assert not list(temporary_folder.glob("weasyprint-*"))


def test_a_worker_killed_outright_is_made_up_for_here_and_leaves_nothing(forks, monkeypatch, temporary_folder):
    render_chunks, caller = KitRenderer.render, os.getpid()

    def killed(self, chunks, info, rendered=lambda: None):
        if os.getpid() != caller:  # the worker: killed once it has its font folder
            render_chunks(self, chunks, info, rendered)
            os.kill(os.getpid(), signal.SIGKILL)
        return render_chunks(self, chunks, info, rendered)

    monkeypatch.setattr(KitRenderer, "render", killed)
    pdfs = parallel.render_documents(LAYOUT, documents())
    monkeypatch.undo()
    assert not list(temporary_folder.iterdir())  # the worker's folder went with it
    assert forks == [1]
    renderer = KitRenderer(LAYOUT)
    assert pdfs == [renderer.render(chunks, info) for info, chunks in documents()]


def run_kitgen(*arguments: str, cwd: Path, temporary: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)}
    return subprocess.run([sys.executable, "-m", "kitgen", *arguments], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_the_command_ends_with_its_output_whole_and_nothing_left_behind(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    done = run_kitgen("kit", "--seats", "2", "-o", "kit.pdf", cwd=tmp_path, temporary=temporary)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["kit.pdf", "kit-host-key.pdf"]
    assert "2 blank seats a table" in done.stderr
    assert (tmp_path / "kit.pdf").read_bytes().rstrip().endswith(b"%%EOF")
    assert not list(temporary.glob("weasyprint-*"))  # font folders removed before the quick exit
    refused = run_kitgen("kit", "--seats", "2", "-o", "kit.pdf", cwd=tmp_path, temporary=temporary)
    assert refused.returncode == 2
    assert refused.stderr.startswith("kitgen: ")


def test_a_closed_renderer_leaves_no_font_folder(temporary_folder):
    with KitRenderer(LAYOUT) as renderer:
        renderer.render(*reversed(documents()[1]))
        assert list(temporary_folder.glob("weasyprint-*"))  # WeasyPrint's copies of the fonts
    assert not list(temporary_folder.glob("weasyprint-*"))  # the renderer still referenced


def test_the_report_command_leaves_no_font_folder(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    logs = sorted(str(path) for path in (ROOT / "tests" / "fixtures" / "session").glob("*.log"))
    done = run_kitgen("report", *logs, "-o", "report.pdf", cwd=tmp_path, temporary=temporary)
    assert done.returncode == 2, done.stderr  # the fixture holds an unreadable log: the report lists it
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")
    assert not list(temporary.glob("weasyprint-*"))


SESSION = sorted((ROOT / "tests" / "fixtures" / "session").glob("*.log"))


@pytest.mark.parametrize("workers", [True, False])
def test_a_session_is_collected_alike_beside_other_work(workers, monkeypatch):
    monkeypatch.setattr(cores, "_fonts_set_up", not workers)
    monkeypatch.setattr(cores, "usable_cores", lambda: 2)
    session, done = collect_session_while(SESSION, lambda: "imported")
    assert done == "imported"
    assert session == collect_session(SESSION)


def test_a_long_document_is_written_in_two_halves_here(forks, tmp_path):
    for copy in range(12):  # a session report of 108 tables: about 10 pages
        for log in SESSION:
            (tmp_path / f"{copy:02d}-{log.name}").write_bytes(log.read_bytes())
    html = render.environment().get_template(render.DOCUMENT_TEMPLATE).render(
        chunk=report_chunk(collect_session([tmp_path])), layout=LAYOUT, title="Long", form="", stamps=None)
    with KitRenderer(LAYOUT) as renderer:
        halves = renderer._whole(html, halves=True)
        in_order = renderer._whole(html, halves=True)
        (whole,) = renderer._whole(html, halves=False)
    assert forks == []  # fonts set up: no worker
    pages = len(whole.pages)
    assert pages >= render.HALVES_FROM_PAGES
    assert [len(part.pages) for part in halves] == [pages // 2, pages - pages // 2]
    assert [write(part) for part in halves] == [write(part) for part in in_order]  # bytes
    assert ([page.extract_text() for part in halves for page in part.pages]
            == [page.extract_text() for page in whole.pages])


def write(reader) -> bytes:
    """Return the PDF ``reader`` read, as pypdf writes it again."""
    out = io.BytesIO()
    writer = PdfWriter(clone_from=reader)
    writer.write(out)
    return out.getvalue()


class FontFolder:
    """A temporary folder made and removed as a renderer makes and removes its fonts' one:
    ``mkdtemp`` when fonts are set up, ``rmtree`` when the renderer is closed."""

    def __init__(self) -> None:
        self.path = tempfile.mkdtemp(prefix="weasyprint-")

    def __enter__(self) -> FontFolder:
        return self

    def __exit__(self, *exception: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def test_a_copy_stopped_while_it_renders_removes_its_font_folder(forks, temporary_folder, monkeypatch):
    def render(self, chunks, info, rendered=lambda: None):
        if info.title == "Host key":  # the copy: still rendering when this process stops
            with FontFolder():
                time.sleep(60)
        deadline = time.monotonic() + 30
        while not list(temporary_folder.glob("weasyprint-*")) and time.monotonic() < deadline:
            time.sleep(0.01)
        raise KeyboardInterrupt  # Ctrl-C, once the copy has its folder

    monkeypatch.setattr(KitRenderer, "render", render)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        parallel.render_documents(LAYOUT, documents())
    assert forks == [1]
    assert time.monotonic() - started < 30
    assert not list(temporary_folder.glob("weasyprint-*"))  # as Ctrl-C leaves a kit rendered in order


def test_a_copy_that_does_not_stop_when_told_is_killed(forks, temporary_folder, monkeypatch):
    stuck = temporary_folder / "stuck"

    def render(self, chunks, info, rendered=lambda: None):
        if info.title == "Host key":  # the copy: hung where no signal handler runs
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            stuck.touch()
            time.sleep(60)
        deadline = time.monotonic() + 30
        while not stuck.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        raise KeyboardInterrupt

    monkeypatch.setattr(KitRenderer, "render", render)
    monkeypatch.setattr(cores, "STOP_WAIT_S", 0.2)
    with pytest.raises(KeyboardInterrupt):
        parallel.render_documents(LAYOUT, documents())
    assert forks == [1]
    with pytest.raises(ChildProcessError):  # reaped: this process has no child left
        os.waitpid(-1, os.WNOHANG)


def test_a_renderer_interrupted_while_it_sets_up_leaves_no_font_folder(temporary_folder, monkeypatch):
    made = []
    css = render.CSS

    def interrupted(*arguments, **options):  # Ctrl-C once the fonts are set up, before the renderer is
        made.append(css(*arguments, **options))
        if list(temporary_folder.glob("weasyprint-*")):
            raise KeyboardInterrupt
        return made[-1]

    monkeypatch.setattr(render, "CSS", interrupted)
    left = None
    try:
        KitRenderer(LAYOUT)
    except KeyboardInterrupt:  # looked at while the interrupted frames live, as when a copy exits
        left = list(temporary_folder.glob("weasyprint-*"))
    assert made
    assert left == []  # removed by the renderer, not left to the garbage collector


def test_stamp_documents_are_rendered_here_alike(forks, monkeypatch):
    monkeypatch.setattr(render, "STAMP_BATCH_PAGES", 6)  # a batch a table: three tables, two side by side
    names = tuple(f"Player {number}" for number in range(1, 19))
    book = rulebook(STRIP)
    chunks = [table_chunk(STRIP, table, LAYOUT, book) for table in plan_tables(STRIP, names, table_size=6)]
    info = DocumentInfo("Kit", "The kit.")
    with KitRenderer(LAYOUT) as renderer:
        first = renderer.render(chunks, info)
        assert renderer.render(chunks, info) == first
    assert forks == []
