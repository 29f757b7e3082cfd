"""Attacks on kitgen from a shared machine, run as two users: a victim who runs kitgen and
an attacker who shares folders with them (a school lab, a club laptop). Also the attacks
that need a whole process: a kill during a render, a FIFO for a paper file, a Latin-1
terminal, damaged fonts, a full disk.

``python benchmarks/attack_files.py [--source DIR] [--work DIR]`` installs the kitgen
checkout ``DIR`` (default: this one) into a fresh venv of the system's Python under
``--work`` that every user may read, then runs each scenario with the victim as the user
``nobody`` and files planted by an attacker of another uid (run as root; as another user
the scenarios that need two users are skipped). Prints one JSON summary: per scenario,
its inputs and what went wrong (planted code run, a file written through a link, a file
lost, a traceback, a hang, something left in ``$TMPDIR``), with the peak memory of the
largest run. Run it against an older checkout (``git worktree add``) to see what it finds
there.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pickle
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SYSTEM_PYTHON = "/usr/bin/python3"  # outside /root, so the victim may run it
VICTIM = 65534  # nobody
ATTACKER = 4242  # any other uid: files are planted with it as their owner
HANG_S = 10.0  # the bound: every input answered within 10 s
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian's fonts-dejavu-core
HEBREW_NAME = "\u05d0\u05d1\u05d2\u05d3"  # drawn by an added font only
SIGTERM_RUNS = 7


@dataclass
class Outcome:
    """What one scenario found: inputs tried and each kind of failure counted."""

    inputs: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    peak_mb: float = 0.0
    notes: list[str] = field(default_factory=list)

    def fail(self, kind: str, note: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1
        self.notes.append(note[:300])


@dataclass(frozen=True)
class Finished:
    status: int
    stdout: bytes
    stderr: bytes
    seconds: float
    peak_mb: float
    hung: bool


class Machine:
    """The victim's and the attacker's side of one machine, around a kitgen venv."""

    def __init__(self, work: Path, source: Path) -> None:
        self.work = work
        self.two_users = os.geteuid() == 0
        self.venv = work / "venv"
        self.python = self.venv / "bin" / "python"
        self.home = work / "victim-home"
        self._install(source)

    def _install(self, source: Path) -> None:
        self.work.mkdir(parents=True, exist_ok=True)
        os.chmod(self.work, 0o755)
        if not self.python.exists():
            copy = self.work / "source"
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".git", ".venv*", "output", "__pycache__"))
            python = SYSTEM_PYTHON if self.two_users else sys.executable
            subprocess.run([python, "-m", "venv", str(self.venv)], check=True)
            subprocess.run([str(self.python), "-m", "pip", "install", "-q", str(copy), "pypdf"], check=True)
            for root, folders, files in os.walk(self.work):
                for name in folders + files:
                    path = Path(root) / name
                    if not path.is_symlink():
                        os.chmod(path, os.stat(path).st_mode | stat.S_IROTH | (stat.S_IXOTH if path.is_dir() else 0))
        self.home.mkdir(exist_ok=True)
        self.give_victim(self.home)

    def folder(self, name: str, mode: int, owner: int | None = None) -> Path:
        """Return a fresh folder ``name`` with ``mode``, owned by ``owner`` (the victim's by default)."""
        path = self.work / name
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir()
        os.chmod(path, mode)
        self._own(path, VICTIM if owner is None else owner)
        return path

    def give_victim(self, path: Path) -> None:
        self._own(path, VICTIM)

    def plant(self, path: Path) -> None:
        """Make ``path`` the attacker's."""
        self._own(path, ATTACKER)

    def _own(self, path: Path, uid: int) -> None:
        if self.two_users:
            os.lchown(path, uid, uid)

    def kitgen(self, *arguments: str, cwd: Path, environment: dict[str, str] | None = None,
               limits: tuple[str, ...] = (), stdin: bytes | None = None) -> Finished:
        """Run ``kitgen ARGUMENTS`` as the victim in ``cwd``, bounded by :data:`HANG_S` (the
        kit renders of the SIGTERM scenario are started elsewhere)."""
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.home), "LANG": "C.UTF-8", **(environment or {})}
        command = [*limits, str(self.python), "-m", "kitgen", *arguments]
        if self.two_users:
            command = ["setpriv", f"--reuid={VICTIM}", f"--regid={VICTIM}", "--clear-groups", *command]
        # Pipes, not files: a file-size limit (prlimit --fsize) would apply to captured output too.
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
        captured: dict[str, bytes] = {}
        readers = [threading.Thread(target=lambda key=key, pipe=pipe: captured.__setitem__(key, pipe.read()))
                   for key, pipe in (("out", process.stdout), ("err", process.stderr))]
        for reader in readers:
            reader.start()
        if stdin is not None:
            process.stdin.write(stdin)
            process.stdin.close()
        hung = False
        deadline = start + HANG_S * 3
        while (waited := os.wait4(process.pid, os.WNOHANG))[0] == 0:
            if time.perf_counter() > deadline and not hung:
                hung = True
                process.kill()
            time.sleep(0.01)
        _, status, usage = waited
        seconds = time.perf_counter() - start
        for reader in readers:
            reader.join()
        # A hang: killed at the deadline, or more than HANG_S of CPU (wall time on a loaded
        # machine says little: the victim's commands share two cores with everything else).
        cpu_seconds = usage.ru_utime + usage.ru_stime
        return Finished(os.waitstatus_to_exitcode(status), captured["out"], captured["err"], seconds,
                        usage.ru_maxrss / 1024, hung or cpu_seconds > HANG_S)


def judge(outcome: Outcome, finished: Finished, what: str, statuses: tuple[int, ...] = (0, 1, 2)) -> None:
    """Count ``finished`` as one input of ``outcome``: a traceback, a hang or an exit status
    outside ``statuses`` is a failure."""
    outcome.inputs += 1
    outcome.peak_mb = max(outcome.peak_mb, finished.peak_mb)
    if b"Traceback" in finished.stderr:
        outcome.fail("tracebacks", f"{what}: {finished.stderr.decode(errors='replace')[-200:]}")
    elif finished.hung:
        outcome.fail("hangs", f"{what}: {finished.seconds:.1f} s")
    elif finished.status not in statuses:
        outcome.fail("bad status", f"{what}: exit {finished.status}: {finished.stderr.decode(errors='replace')[-200:]}")


def fillable_kit(machine: Machine, folder: Path, name: str = "club.pdf") -> Path:
    """Render a fillable ten kit of two tables as the victim, and fill a turn at each."""
    finished = machine.kitgen("kit", "--rules", "ten", "--seats", "2", "--tables", "2", "--fillable",
                              "--host-key", "none", "-o", name, "--force", cwd=folder)
    if finished.status != 0:
        raise RuntimeError(f"cannot render the fillable kit: {finished.stderr.decode()}")
    fill(folder / name, folder / name)
    return folder / name


def fill(source: Path, target: Path) -> None:
    """Type a turn into both tables of the ten kit at ``source``, as a viewer saves it to ``target``."""
    if str(REPO / "tests") not in sys.path:
        sys.path.insert(0, str(REPO / "tests"))
    from fill_kits import fill_with_pypdf

    fill_with_pypdf(source, target, {
        **{f"t{table}.seat{seat}.player": name for table in (1, 2) for seat, name in ((1, "Ana"), (2, "Ben"))},
        **{f"t{table}.rec01.r01.roll-total": "8" for table in (1, 2)},
        **{f"t{table}.rec01.r01.numbers-closed": "8" for table in (1, 2)},
    })


# --- the scenarios ----------------------------------------------------------------------


def planted_cache(machine: Machine) -> Outcome:
    """An attacker makes the victim's cache folder first, then swaps what kitgen wrote there
    for a pickle that runs a command; and a relative XDG_CACHE_HOME."""
    outcome = Outcome()
    marker = machine.home / "planted-code-ran"  # where the victim, who runs the payload, may write
    marker.unlink(missing_ok=True)
    shared = machine.folder("shared-cache", 0o777, ATTACKER)
    (shared / "kitgen").mkdir(mode=0o777)
    os.chmod(shared / "kitgen", 0o777)
    machine.plant(shared / "kitgen")
    work = machine.folder("cache-work", 0o755)
    home = machine.folder("cache-home", 0o755)
    environment = {"XDG_CACHE_HOME": str(shared), "HOME": str(home)}
    judge(outcome, machine.kitgen("kit", "--seats", "2", "-o", "kit.pdf", "--force", cwd=work,
                                  environment=environment), "first kit")
    payload = _jinja_payload(marker)
    written = [path for path in (shared / "kitgen").iterdir()]
    for path in written or [shared / "kitgen" / "templates-planted.cache"]:
        path.unlink(missing_ok=True)
        path.write_bytes(payload)
        machine.plant(path)
    if written:
        outcome.notes.append(f"kitgen wrote {len(written)} files into a folder the attacker owns")
    judge(outcome, machine.kitgen("kit", "--seats", "2", "-o", "kit.pdf", "--force", cwd=work,
                                  environment=environment), "second kit")
    if marker.exists():
        outcome.fail("planted code run", "the second kit loaded the attacker's pickle")
    judge(outcome, machine.kitgen("kit", "--seats", "2", "-o", "kit.pdf", "--force", cwd=work,
                                  environment={"XDG_CACHE_HOME": "relative-cache", "HOME": str(home)}),
          "relative XDG_CACHE_HOME")
    if (work / "relative-cache").exists():
        outcome.fail("written outside the output", "a relative XDG_CACHE_HOME made a cache in the current folder")
    if any(home.iterdir()):
        outcome.fail("written outside the output", f"the victim's home holds {sorted(p.name for p in home.iterdir())}")
    return outcome


def _jinja_payload(marker: Path) -> bytes:
    """Return a Jinja bytecode-cache entry whose checksum pickle creates ``marker``."""
    import jinja2.bccache

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    return jinja2.bccache.bc_magic + pickle.dumps(Payload())


def links_in_a_shared_folder(machine: Machine) -> Outcome:
    """transcribe into a folder the attacker may write: a dangling link and a link to the
    victim's file, with and without --force (kit -o likewise)."""
    outcome = Outcome()
    kits = machine.folder("kits", 0o755)
    kit = fillable_kit(machine, kits)
    shared = machine.folder("shared-logs", 0o777, ATTACKER)
    target = machine.home / "notes.txt"
    for force in ((), ("--force",)):
        for kind in ("dangling", "to the victim's file"):
            for entry in shared.iterdir():
                entry.unlink()
            target.unlink(missing_ok=True)
            if kind != "dangling":
                target.write_text("the victim's notes\n")
                machine.give_victim(target)
            for link in ("club-table-1.log", "club.pdf"):
                (shared / link).symlink_to(target)
                machine.plant(shared / link)
            what = f"transcribe, link {kind} {' '.join(force)}"
            judge(outcome, machine.kitgen("transcribe", str(kit), "-o", str(shared), *force, cwd=kits), what)
            what = f"kit -o, link {kind} {' '.join(force)}"
            judge(outcome, machine.kitgen("kit", "-o", str(shared / "club.pdf"), "--host-key", "none", *force,
                                          cwd=kits), what)
            expected = "the victim's notes\n" if kind != "dangling" else None
            found = target.read_text() if target.exists() else None
            if found != expected:
                outcome.fail("written through a link", f"{kind} {force}: the link's target now holds {found!r:.60}")
    return outcome


def leftover_in_a_sticky_folder(machine: Machine) -> Outcome:
    """A ``.kitgen-<pid>-<n>.part`` of the attacker's, named for a dead process, in a
    sticky world-writable folder: kit -o and report -o there must still work."""
    outcome = Outcome()
    sticky = machine.folder("sticky", 0o1777, 0)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    leftover = sticky / f".kitgen-{dead}-0badc0de.part"
    leftover.write_bytes(b"the attacker's")
    machine.plant(leftover)
    log = sticky / "table.log"
    log.write_text("rules: strip\nplayers: Ana, Ben\nturn Ana\n8: 8\n")
    os.chmod(log, 0o644)
    for arguments in (("kit", "-o", str(sticky / "kit.pdf"), "--host-key", "none"),
                      ("report", str(log), "-o", str(sticky / "report.pdf"))):
        finished = machine.kitgen(*arguments, cwd=machine.home)
        judge(outcome, finished, arguments[0])
        if not (sticky / Path(arguments[arguments.index("-o") + 1]).name).exists():
            outcome.fail("stopped by another user's file", f"{arguments[0]}: {finished.stderr.decode()[-160:]}")
    return outcome


def filled_kit_at_the_default_path(machine: Machine) -> Outcome:
    """A viewer saves the filled kit over output/kit.pdf; the next kit must not replace it
    without --force."""
    outcome = Outcome()
    work = machine.folder("default-path", 0o755)
    (work / "output").mkdir()
    machine.give_victim(work / "output")
    finished = machine.kitgen("kit", "--rules", "ten", "--fillable", "--host-key", "none", cwd=work)
    judge(outcome, finished, "first kit")
    kit = work / "output" / "kit.pdf"
    fill(kit, kit)
    filled = kit.read_bytes()
    finished = machine.kitgen("kit", "--rules", "ten", "--fillable", "--host-key", "none", cwd=work)
    judge(outcome, finished, "second kit")
    if kit.read_bytes() != filled:
        outcome.fail("files lost", "the filled kit at output/kit.pdf was replaced without --force")
    return outcome


def full_disk_during_transcribe(machine: Machine) -> Outcome:
    """transcribe --force over hand-corrected logs when the disk fills up (a file-size limit
    below a log's size): every log as it was, nothing half-written left."""
    outcome = Outcome()
    work = machine.folder("full-disk", 0o755)
    kit = fillable_kit(machine, work)
    corrected = {f"club-table-{table}.log": f"corrected by hand, table {table}\n" for table in (1, 2)}
    for limit in (40, 90):
        for name, text in corrected.items():
            (work / name).write_text(text)
            machine.give_victim(work / name)
        finished = machine.kitgen("transcribe", str(kit), "--force", cwd=work,
                                  limits=("prlimit", f"--fsize={limit}"))
        judge(outcome, finished, f"file size limit {limit}")
        for name, text in corrected.items():
            if (work / name).read_text() != text and finished.status != 0:
                outcome.fail("files lost", f"limit {limit}: {name} holds {(work / name).read_text()!r:.60}")
        parts = list(work.glob(".kitgen-*"))
        if parts:
            outcome.fail("left behind", f"limit {limit}: {[path.name for path in parts]}")
    return outcome


def sigterm_during_a_render(machine: Machine) -> Outcome:
    """SIGTERM at a moment of the render of a 40-table kit: nothing left in $TMPDIR, no
    output file, no traceback."""
    outcome = Outcome()
    for run in range(SIGTERM_RUNS):
        temporary = machine.folder(f"tmp-{run}", 0o700)
        work = machine.folder(f"term-{run}", 0o755)
        env = {"PATH": "/usr/bin:/bin", "HOME": str(machine.home), "TMPDIR": str(temporary)}
        command = [str(machine.python), "-m", "kitgen", "kit", "--seats", "6", "--tables", "40", "-o", "kit.pdf"]
        if machine.two_users:
            command = ["setpriv", f"--reuid={VICTIM}", f"--regid={VICTIM}", "--clear-groups", *command]
        process = subprocess.Popen(command, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        delay = 0.3 + run * 0.5  # from set-up to late in the render
        time.sleep(delay)
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=60)
        outcome.inputs += 1
        left = [path.name for path in temporary.iterdir()]
        if left:
            outcome.fail("left behind", f"SIGTERM after {delay:.1f} s: {left}")
        if b"Traceback" in errors:
            outcome.fail("tracebacks", errors.decode(errors="replace")[-200:])
        if (work / "kit.pdf").exists() and process.returncode != 0:
            outcome.fail("half-written output", f"SIGTERM after {delay:.1f} s left kit.pdf")
        outcome.notes.append(f"SIGTERM after {delay:.1f} s: exit {process.returncode}")
    return outcome


def paper_file_that_blocks(machine: Machine) -> Outcome:
    """PAPERCONF naming a FIFO with no writer, a device, a folder."""
    outcome = Outcome()
    work = machine.folder("paperconf", 0o755)
    fifo = work / "papersize"
    os.mkfifo(fifo)
    os.chmod(fifo, 0o666)
    for named in (str(fifo), "/dev/zero", "/dev/tty", str(work)):
        finished = machine.kitgen("kit", "--seats", "2", "-o", "kit.pdf", "--force", "--host-key", "none",
                                  cwd=work, environment={"PAPERCONF": named})
        judge(outcome, finished, f"PAPERCONF={named}")
    return outcome


def terminal_that_cannot_show_a_name(machine: Machine) -> Outcome:
    """A Latin-1 terminal and names it cannot show, in every command that prints them."""
    outcome = Outcome()
    work = machine.folder("latin-1", 0o755)
    log = work / "game.log"
    log.write_text("rules: strip\nplayers: Łukasz, Σοφία\nturn Łukasz\n8: 8\n")
    os.chmod(log, 0o644)
    for encoding in ("latin-1", "ascii"):
        environment = {"PYTHONIOENCODING": encoding}
        for arguments in (("validate", str(log)), ("validate", "--json", str(log)),
                          ("report", "--csv", str(log)), ("report", "--json", str(log)),
                          ("kit", "--players", "Łukasz, Σοφία", "-o", "k.pdf", "--force", "--host-key", "none"),
                          ("check", "--open", "1 2", "--roll", "Ł", "--none")):
            judge(outcome, machine.kitgen(*arguments, cwd=work, environment=environment),
                  f"{encoding}: {' '.join(arguments[:2])}")
    return outcome


def damaged_fonts(machine: Machine) -> Outcome:
    """A font in kitgen's fonts folder damaged in each table that matters, or not a font:
    one sentence each (exit 2), never a name printed blank (exit 0)."""
    outcome = Outcome()
    if not DEJAVU.exists():
        outcome.notes.append(f"skipped: {DEJAVU} is not installed")
        return outcome
    fonts = next(machine.venv.glob("lib/python3*/site-packages/kitgen/_data/fonts"))
    work = machine.folder("fonts-work", 0o755)
    good = DEJAVU.read_bytes()
    variants = {"zero bytes": b"", "not a font": b"hello" * 100, "cut in half": good[:len(good) // 2]}
    for tag in (b"maxp", b"head", b"hhea", b"hmtx", b"cmap", b"loca", b"glyf", b"name", b"OS/2", b"post"):
        for fill_byte in (b"\x00", b"\xff"):
            variants[f"{tag.decode()} filled with {fill_byte!r}"] = _damaged(good, tag, fill_byte)
    try:
        for what, data in variants.items():
            path = fonts / "zz-added.ttf"
            path.write_bytes(data)
            os.chmod(path, 0o644)
            finished = machine.kitgen("kit", "--players", f"{HEBREW_NAME}, Ben", "-o", "kit.pdf", "--force",
                                      "--host-key", "none", cwd=work)
            judge(outcome, finished, what)
            if finished.status == 0 and not _hebrew_drawn(work / "kit.pdf"):
                outcome.fail("name printed blank", what)
            if finished.status == 2 and len(finished.stderr.decode().strip().splitlines()) != 1:
                outcome.fail("not one sentence", f"{what}: {finished.stderr.decode()[-200:]}")
    finally:
        (fonts / "zz-added.ttf").unlink(missing_ok=True)
    return outcome


def _damaged(font: bytes, tag: bytes, fill_byte: bytes) -> bytes:
    data = bytearray(font)
    for index in range(struct.unpack(">H", data[4:6])[0]):
        name, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * index:28 + 16 * index])
        if name == tag:
            data[offset:offset + length] = fill_byte * length
    return bytes(data)


def _hebrew_drawn(kit: Path) -> bool:
    """Return whether every glyph of the fonts embedded in ``kit`` that advances the pen
    has an outline (a damaged outline table gives the name's letters none)."""
    from fontTools.ttLib import TTFont
    from pypdf import PdfReader

    for page in PdfReader(kit).pages:
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            font = font.get_object()
            descendant = font.get("/DescendantFonts", [font])[0].get_object()
            descriptor = descendant.get("/FontDescriptor")
            if descriptor is None or "/FontFile2" not in descriptor.get_object():
                continue
            data = descriptor.get_object()["/FontFile2"].get_object().get_data()
            with TTFont(io.BytesIO(data)) as subset:
                glyphs = subset["glyf"]
                if any(glyphs[name].numberOfContours == 0 for name in subset.getGlyphOrder()[1:]
                       if subset["hmtx"][name][0] > 0 and name not in ("space", "uni00A0")):
                    return False
    return True


def unreadable_log_in_a_report(machine: Machine) -> Outcome:
    """A log the victim may not read beside one they may: the report lists it and is written."""
    outcome = Outcome()
    work = machine.folder("unreadable", 0o755)
    good, locked = work / "good.log", work / "locked.log"
    for path in (good, locked):
        path.write_text("rules: strip\nplayers: Ana, Ben\nturn Ana\n8: 8\n")
    os.chmod(good, 0o644)
    os.chmod(locked, 0o600)  # root's: the victim may not read it
    finished = machine.kitgen("report", str(good), str(locked), "-o", "report.pdf", cwd=work)
    judge(outcome, finished, "report")
    if not (work / "report.pdf").exists() and machine.two_users:
        outcome.fail("no report", finished.stderr.decode()[-200:])
    return outcome


SCENARIOS = {
    "planted template cache": planted_cache,
    "links in a shared folder": links_in_a_shared_folder,
    "another user's leftover in a sticky folder": leftover_in_a_sticky_folder,
    "a filled kit at the default path": filled_kit_at_the_default_path,
    "a full disk during transcribe --force": full_disk_during_transcribe,
    "SIGTERM during a render": sigterm_during_a_render,
    "PAPERCONF that blocks": paper_file_that_blocks,
    "a terminal that cannot show a name": terminal_that_cannot_show_a_name,
    "damaged fonts": damaged_fonts,
    "an unreadable log in a report": unreadable_log_in_a_report,
}
TWO_USERS = {"planted template cache", "links in a shared folder", "another user's leftover in a sticky folder",
             "an unreadable log in a report"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=REPO, help="the kitgen checkout to attack")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "kitgen-attack-files")
    parser.add_argument("--only", action="append", default=[], help="run only this scenario (repeatable)")
    options = parser.parse_args()
    machine = Machine(options.work, options.source.resolve())
    summary = {}
    for name, scenario in SCENARIOS.items():
        if options.only and name not in options.only:
            continue
        if name in TWO_USERS and not machine.two_users:
            summary[name] = {"skipped": "needs two users: run as root"}
            continue
        outcome = scenario(machine)
        summary[name] = {"inputs": outcome.inputs, "failures": outcome.failures,
                         "peak_mb": round(outcome.peak_mb, 1), "notes": outcome.notes}
        print(f"{name}: {outcome.inputs} inputs, failures {outcome.failures or 'none'}", file=sys.stderr)
    totals = {"inputs": sum(item.get("inputs", 0) for item in summary.values()),
              "failures": sum(sum(item.get("failures", {}).values()) for item in summary.values())}
    print(json.dumps({"source": str(options.source), "totals": totals, "scenarios": summary},
                     ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
