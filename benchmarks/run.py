"""kitgen's benchmarks: every speed figure of docs/performance.md, measured side by side in one run, as one table.

    python benchmarks/run.py            # the full run (several minutes on 2 cores)
    python benchmarks/run.py --quick    # fewer repeats, smaller corpora, no 120-name kit
    python benchmarks/run.py --baseline /tmp/kitgen-old   # also time an older checkout

``--baseline CHECKOUT`` names another kitgen checkout (e.g. ``git worktree add
/tmp/kitgen-old main``); its commands (start-ups, validation as one command, kits) are
timed interleaved with this checkout's, and each gets a row with this checkout's time as
a ratio of the baseline's, so a change is judged by both in one run on a shared machine.
Each checkout's ``kitgen`` runs as its console script would (the ``kitgen`` entry of its
own ``pyproject.toml``) with ``PYTHONPATH`` naming the checkout, so this checkout's code is
timed, never a copy installed in the venv; the in-process figures import this checkout too.

Sections: start-up of ``kitgen check``, ``kitgen validate`` on one log and on a class's
30 logs against a minimal Typer app; validation throughput over 200, 2,000 and 20,000 simulated logs, in-process and as
one command; kits against a bare WeasyPrint render of as many pages (the engine's floor);
the 30-name strip kit in-process against a raw ReportLab canvas (the moonshot), with
measured prototypes of faster renders. Progress goes to standard error, the table to
standard output. Everything is written to a temporary folder that is removed at the end;
nothing is written into the repository but the bytecode of its modules (``__pycache__``,
which git ignores), compiled for both checkouts before the first run, as an installed
kitgen's modules are.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    sys.dont_write_bytecode = True  # no __pycache__ in the checkout from the benchmark's own imports

import argparse
import json
import os
import platform
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from corpus import (
    SMALL_LOG,
    box_logs,
    command_batches,
    count_placements,
    count_throws,
    knucklebones_logs,
    write_logs,
)
from measure import (
    BENCHMARKS,
    PYTHON,
    Row,
    Run,
    count_text,
    failed,
    format_table,
    interleaved,
    median_of,
    median_seconds,
    ratio_text,
    run_command,
    seconds_text,
    verdict,
)

REPO = BENCHMARKS.parent
ROSTER_30 = REPO / "tests" / "fixtures" / "roster-30.txt"

# docs/performance.md, Targets: check and validate (also 30 logs) start in <= 1.5x a minimal Typer app
STARTUP_LIMIT = 1.5
CLASS_LOGS = 30  # docs/performance.md, Targets: a class's logs validated in one command, still a start-up figure
THROUGHPUT_LEAST = 100_000  # docs/performance.md, Targets: >= 100,000 throws per second
GROWTH_LIMIT = 11.0  # docs/performance.md, Targets: 10x the logs in <= 11x the time
FLOOR_LIMIT = 1.5  # docs/performance.md, Targets: a kit in <= 1.5x the bare WeasyPrint render of as many pages
DEFAULT_KIT_LIMIT = 1.0  # docs/performance.md, Targets: the default kit no slower than the bare WeasyPrint render
MEMORY_LIMIT_MB = 150  # docs/performance.md, Targets: peak memory <= 150 MB for 120 names
CLASS_GROWTH_LIMIT = 2.0  # docs/performance.md, Targets: the 120-name kit in <= 2x the 30-name kit's time
MOONSHOT_LIMIT = 5.0  # docs/performance.md, Targets: the 30-name render within 5x of raw ReportLab


@dataclass(frozen=True)
class Plan:
    """How much to measure: repeats per kind of figure, corpus sizes, which kits."""

    startup_repeats: int
    validate_sizes: tuple[int, ...]
    inprocess_repeats: dict[int, int]
    command_repeats: dict[int, int]
    kit_repeats: int
    kit_names: tuple[int, ...]
    moonshot_repeats: int
    investigate: bool
    baseline: Path | None = None


FULL = Plan(11, (200, 2_000, 20_000), {200: 7, 2_000: 5, 20_000: 3}, {200: 5, 2_000: 3, 20_000: 3},
            3, (30, 120), 3, True)
QUICK = Plan(5, (200, 2_000), {200: 3, 2_000: 1}, {200: 2, 2_000: 1}, 1, (30,), 1, False)


@dataclass(frozen=True)
class Checkout:
    """A kitgen checkout the benchmark times, at ``root``."""

    root: Path

    @property
    def environment(self) -> dict[str, str]:
        """Return this process's environment with ``PYTHONPATH`` naming the checkout, so the
        command and every process it starts import the checkout's kitgen."""
        return {**os.environ, "PYTHONPATH": str(self.root)}

    def command(self) -> list[str]:
        """Return the command line that runs the checkout's ``kitgen`` as its console script
        would: the ``kitgen`` entry of ``[project.scripts]`` in its ``pyproject.toml``, or
        ``python -m kitgen`` where it names none."""
        try:
            with open(self.root / "pyproject.toml", "rb") as file:
                entry = tomllib.load(file)["project"]["scripts"]["kitgen"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return [PYTHON, "-P", "-m", "kitgen"]
        module, _, function = entry.partition(":")
        launcher = f"import sys; sys.argv[0] = 'kitgen'; from {module} import {function} as main; sys.exit(main())"
        # -P: the working folder is not put first on sys.path, so a command run from inside
        # another checkout still imports this one's kitgen (PYTHONPATH)
        return [PYTHON, "-P", "-c", launcher]

    def run(self, arguments: list[str], cwd: Path | None = None, stdout_path: Path | None = None) -> Run:
        """Run the checkout's ``kitgen`` with ``arguments`` and return its :class:`Run`."""
        return run_command([*self.command(), *arguments], cwd=cwd, stdout_path=stdout_path, env=self.environment)

    def compile(self) -> None:
        """Compile the checkout's modules to bytecode, as installing a package does."""
        subprocess.run([PYTHON, "-m", "compileall", "-q", str(self.root / "kitgen")], check=True,
                       stdout=subprocess.DEVNULL)


HERE = Checkout(REPO)


def baseline_row(label: str, runs: list[Run], baseline: list[Run]) -> Row:
    """Return the row comparing this checkout's ``runs`` with the baseline's: medians of wall
    time and of CPU time (the steadier figure when other work shares the machine)."""
    bad = failed(baseline)
    if bad:
        return Row(f"{label}: against the baseline", f"baseline failed: {bad.error}")
    ours, theirs = median_seconds(runs), median_seconds(baseline)
    ours_cpu = median_of([run.cpu_seconds for run in runs])
    theirs_cpu = median_of([run.cpu_seconds for run in baseline])
    return Row(f"{label}: against the baseline", f"{seconds_text(ours)} (CPU {seconds_text(ours_cpu)})",
               f"baseline {seconds_text(theirs)} (CPU {seconds_text(theirs_cpu)})",
               f"{ratio_text(ours / theirs)} (CPU {ratio_text(ours_cpu / theirs_cpu)})")


def progress(message: str) -> None:
    """Say on standard error what is being measured."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def roster_120(path: Path) -> Path:
    """Write a roster of 120 distinct names (the 30 of the fixture, each with 4 initials)."""
    names = [line.strip() for line in ROSTER_30.read_text(encoding="utf-8").splitlines() if line.strip()]
    path.write_text("\n".join(f"{name} {initial}." for initial in "ABCD" for name in names) + "\n", encoding="utf-8")
    return path


# --- start-up ----------------------------------------------------------------------------


def startup_rows(scratch: Path, plan: Plan) -> list[Row]:
    """Time ``kitgen check``, ``kitgen validate`` on one small log and on a class's 30 logs,
    and the minimal Typer app, interleaved (with the baseline's commands, if any); and show
    whether the two kitgen commands import the PDF stack."""
    progress(f"start-up: {plan.startup_repeats} runs each")
    log = scratch / "small.log"
    log.write_text(SMALL_LOG, encoding="utf-8")
    class_folder = scratch / "class"
    class_logs = [str(class_folder / name) for name in write_logs(box_logs(CLASS_LOGS), class_folder)]
    arguments = {
        "check": ["check", "--rules", "strip", "--open", "1 2 3 4 5 6 7 8 9", "--roll", "5+3", "--close", "3 5"],
        "validate": ["validate", str(log)],
        "validate-class": ["validate", *class_logs],
    }
    check_args, validate_args = arguments["check"], arguments["validate"]
    commands = {
        "python": lambda: run_command([PYTHON, "-c", "pass"]),
        "typer": lambda: run_command([PYTHON, str(BENCHMARKS / "minimal_typer_app.py"), "--name", "Ana"]),
    }
    for name, args in arguments.items():
        commands[name] = lambda args=args: HERE.run(args)
        if plan.baseline is not None:
            commands[f"{name} (baseline)"] = lambda args=args: Checkout(plan.baseline).run(args)
    runs = interleaved(commands, plan.startup_repeats, warmups=2)
    typer = median_seconds(runs["typer"])
    rows = [
        Row("start-up: bare interpreter (python -c pass)", seconds_text(median_seconds(runs["python"]))),
        Row("start-up: minimal Typer app (1 command, 1 option)", seconds_text(typer)),
    ]
    labels = {"check": "kitgen check (strip, one move)", "validate": "kitgen validate (one small log)",
              "validate-class": f"kitgen validate ({CLASS_LOGS} logs, one command)"}
    for name, label in labels.items():
        bad = failed(runs[name])
        if bad:
            rows.append(Row(f"start-up: {label}", f"failed: {bad.error}"))
            continue
        seconds = median_seconds(runs[name])
        rows.append(Row(f"start-up: {label}", seconds_text(seconds), f"Typer {seconds_text(typer)}",
                        ratio_text(seconds / typer), f"<= {STARTUP_LIMIT}x", verdict(seconds / typer, STARTUP_LIMIT)))
        if plan.baseline is not None:
            rows.append(baseline_row(f"start-up: {label}", runs[name], runs[f"{name} (baseline)"]))
    for name, args in (("check", check_args), ("validate", validate_args)):
        probe = run_command([PYTHON, str(BENCHMARKS / "import_probe.py"), *args], env=HERE.environment)
        label = f"start-up: kitgen {name} imports weasyprint or pypdf"
        if "imported:" not in probe.error:
            rows.append(Row(label, f"probe failed: {probe.error}", "", "", "neither", "NO"))
            continue
        seen = dict(item.split("=") for item in probe.error.rpartition("imported:")[2].split())
        heavy = [module for module in ("weasyprint", "pypdf") if seen.get(module) == "yes"]
        rows.append(Row(label, ", ".join(heavy) or "neither", "", "", "neither", "NO" if heavy else "yes"))
    return rows


# --- validation --------------------------------------------------------------------------


def validation_rows(scratch: Path, plan: Plan) -> list[Row]:
    """Measure validation throughput in-process and as one command over each corpus size,
    and how the time grows with the number of logs."""
    largest = max(plan.validate_sizes)
    progress(f"validation: generating {largest:,} Shut the Box logs")
    logs = box_logs(largest)
    throws = [count_throws(text) for text in logs]
    folder = scratch / "logs"
    names = write_logs(logs, folder)
    rows: list[Row] = []
    inprocess: dict[int, float] = {}
    command: dict[int, float] = {}
    for size in plan.validate_sizes:
        counted = sum(throws[:size])
        progress(f"validation: {size:,} logs in-process, {plan.inprocess_repeats[size]} runs")
        timings = [validate_in_process(folder, size, scratch) for _ in range(plan.inprocess_repeats[size])]
        inprocess[size] = median_of([timing["seconds"] for timing in timings])
        rows.append(_throughput_row(f"validate in-process, {size:,} logs ({counted:,} throws)", counted,
                                    inprocess[size], size == largest, timings[0]["invalid"]))
        progress(f"validation: {size:,} logs as one command, {plan.command_repeats[size]} runs")
        batches = command_batches([*HERE.command(), "validate"], names[:size])
        if plan.baseline is not None:
            baseline = Checkout(plan.baseline)
            old_batches = command_batches([*baseline.command(), "validate"], names[:size])
            both = interleaved({"ours": lambda batches=batches: _batched(batches, folder, HERE),
                                "baseline": lambda old=old_batches, baseline=baseline: _batched(old, folder, baseline)},
                               plan.command_repeats[size], warmups=0)
            runs = both["ours"]
            compared = baseline_row(f"kitgen validate, {size:,} files", runs, both["baseline"])
        else:
            runs = [_batched(batches, folder, HERE) for _ in range(plan.command_repeats[size])]
        bad = failed(runs)
        command[size] = median_seconds(runs)
        label = f"kitgen validate, {size:,} files" + (f" ({len(batches)} commands)" if len(batches) > 1 else "")
        rows.append(_throughput_row(label, counted, command[size], size == largest,
                                    0 if bad is None else f"exit {bad.status}: {bad.error}"))
        if plan.baseline is not None:
            rows.append(compared)
    for kind, times in (("in-process", inprocess), ("command", command)):
        for small, large in zip(plan.validate_sizes, plan.validate_sizes[1:], strict=False):
            growth = times[large] / times[small]
            rows.append(Row(f"validate {kind}: time for {large:,} / {small:,} logs", ratio_text(growth),
                            f"throws x{sum(throws[:large]) / sum(throws[:small]):.2f}", "",
                            f"<= {GROWTH_LIMIT:g}x", verdict(growth, GROWTH_LIMIT)))
    rows.append(_knucklebones_row(scratch, min(2_000, largest)))
    return rows


def validate_in_process(folder: Path, count: int, scratch: Path) -> dict:
    """Return ``{"seconds", "invalid"}`` of validating the first ``count`` logs of ``folder``
    in one fresh, warmed-up process (benchmarks/validate_inprocess.py)."""
    out = scratch / "in-process.json"
    done = run_command([PYTHON, "-B", str(BENCHMARKS / "validate_inprocess.py"), str(folder), str(count)],
                       stdout_path=out, env=HERE.environment)
    if done.status != 0:
        raise RuntimeError(f"validate_inprocess.py failed: {done.error}")
    return json.loads(out.read_text(encoding="utf-8"))


def _batched(batches: list[list[str]], folder: Path, checkout: Checkout) -> Run:
    """Run every command line of ``batches`` (``checkout``'s kitgen); return one run: summed
    time, largest memory, the first failure."""
    runs = [run_command(argv, cwd=folder, env=checkout.environment) for argv in batches]
    bad = failed(runs)
    return Run(sum(run.seconds for run in runs), max(run.max_rss_mb for run in runs),
               bad.status if bad else 0, bad.error if bad else "", sum(run.cpu_seconds for run in runs))


def _throughput_row(label: str, throws: int, seconds: float, targeted: bool, problem) -> Row:
    rate = throws / seconds
    text = f"{seconds_text(seconds)}, {count_text(rate)} throws/s"
    if problem:
        text += f" (NOT all valid: {problem})"
    target = f">= {count_text(THROUGHPUT_LEAST)}/s" if targeted else ""
    holds = verdict(rate, THROUGHPUT_LEAST, at_most=False) if targeted and not problem else ("NO" if problem else "")
    return Row(label, text, "", "", target, holds)


def _knucklebones_row(scratch: Path, size: int) -> Row:
    progress(f"validation: {size:,} knucklebones matches in-process")
    logs = knucklebones_logs(size)
    folder = scratch / "knucklebones"
    write_logs(logs, folder)
    placements = sum(map(count_placements, logs))
    timings = [validate_in_process(folder, size, scratch) for _ in range(3)]
    seconds = median_of([timing["seconds"] for timing in timings])
    text = f"{seconds_text(seconds)}, {count_text(placements / seconds)} placements/s"
    if timings[0]["invalid"]:
        text += f" (NOT all valid: {timings[0]['invalid']})"
    return Row(f"validate in-process, {size:,} knucklebones matches ({placements:,} placements)", text)


# --- kits --------------------------------------------------------------------------------


@dataclass(frozen=True)
class KitCase:
    """One kit command to time: its label, its options, and whether its peak memory has a
    target."""

    label: str
    options: tuple[str, ...]
    memory_target: bool = False
    floor_limit: float = FLOOR_LIMIT


def kit_rows(scratch: Path, plan: Plan) -> list[Row]:
    """Time each kit command and a bare WeasyPrint render of as many pages, interleaved;
    then the 120-name kit's time against the 30-name kit's."""
    rosters = {30: ROSTER_30, 120: roster_120(scratch / "roster-120.txt")}
    cases = [
        KitCase("strip, 1 blank seat", ("--seats", "1")),
        KitCase("strip, 6 blank seats, the default", ("--seats", "6"), floor_limit=DEFAULT_KIT_LIMIT),
        *(KitCase(f"strip, {count} names (tables of 6)", ("--roster", str(rosters[count])),
                  memory_target=count == 120)
          for count in plan.kit_names),
        KitCase("classic best-of-3, 30 names (tables of 4)",
                ("--rules", "classic", "--format", "best-of-3", "--roster", str(ROSTER_30))),
    ]
    rows, seconds = [], {}
    for case in cases:
        progress(f"kits: {case.label}, {plan.kit_repeats} runs and as many floor runs")
        case_rows, seconds[case.label] = _kit_rows(scratch, case, plan.kit_repeats, plan.baseline)
        rows += case_rows
    small, large = (seconds.get(f"strip, {count} names (tables of 6)") for count in (30, 120))
    if small and large:
        growth = large / small
        rows.append(Row("kit: 120 names / 30 names (strip)", f"{seconds_text(large)} / {seconds_text(small)}", "",
                        ratio_text(growth), f"<= {CLASS_GROWTH_LIMIT:g}x", verdict(growth, CLASS_GROWTH_LIMIT)))
    return rows


def _kit_rows(scratch: Path, case: KitCase, repeats: int,
              baseline: Path | None = None) -> tuple[list[Row], float | None]:
    """Return the rows of one kit case and its median seconds (``None`` if it failed)."""
    folder = scratch / "kit"
    folder.mkdir(exist_ok=True)
    written = folder / "written.txt"
    arguments = ["kit", *case.options, "-o", str(folder / "kit.pdf"), "--force"]
    first = HERE.run(arguments, cwd=folder, stdout_path=written)
    if first.status != 0:
        return [Row(f"kit: {case.label}", f"failed: {first.error}")], None
    paths = written.read_text(encoding="utf-8").splitlines()
    pages = _pages(paths)
    commands = {
        "kit": lambda: HERE.run(arguments, cwd=folder),
        "floor": lambda: run_command([PYTHON, "-B", str(BENCHMARKS / "weasyprint_floor.py"), str(pages),
                                      str(folder / "floor.pdf")]),
    }
    if baseline is not None:
        old_arguments = ["kit", *case.options, "-o", str(folder / "baseline.pdf"), "--force"]
        commands["baseline"] = lambda: Checkout(baseline).run(old_arguments, cwd=folder)
    runs = interleaved(commands, repeats, warmups=0)
    floor = median_seconds(runs["floor"])
    reference = (f"floor {seconds_text(floor)}, {seconds_text(floor / pages)}/page, "
                 f"{max(run.max_rss_mb for run in runs['floor']):.0f} MB")
    rows = [_kit_row(f"kit: {case.label}", runs["kit"], pages, floor, reference, case.floor_limit, warm_up=first)]
    if case.memory_target:
        memory = max(run.max_rss_mb for run in runs["kit"] + [first])
        rows.append(Row(f"kit peak memory: {case.label}", f"{memory:.0f} MB", "", "", f"<= {MEMORY_LIMIT_MB} MB",
                        verdict(memory, MEMORY_LIMIT_MB)))
    if baseline is not None:
        rows.append(baseline_row(f"kit: {case.label}", runs["kit"], runs["baseline"]))
    return rows, None if failed(runs["kit"]) else median_seconds(runs["kit"])


def _kit_row(label: str, runs: list[Run], pages: int, floor: float, reference: str, limit: float,
             warm_up: Run | None = None) -> Row:
    """Return the row of one kit command's timed ``runs`` against the floor's median time
    for as many pages as the kit has, within ``limit`` times it (the ``warm_up`` run
    counts for peak memory only)."""
    bad = failed(runs)
    if bad:
        return Row(label, f"failed: {bad.error}")
    seconds = median_seconds(runs)
    memory = max(run.max_rss_mb for run in [*runs, *([warm_up] if warm_up else [])])
    ratio = seconds / floor
    return Row(label, f"{seconds_text(seconds)}, {pages} pages, {seconds_text(seconds / pages)}/page, {memory:.0f} MB",
               reference, ratio_text(ratio), f"<= {limit:g}x the floor", verdict(ratio, limit))


def _pages(paths: list[str]) -> int:
    """Return the pages of the PDF files at ``paths`` together."""
    from pypdf import PdfReader

    return sum(len(PdfReader(path).pages) for path in paths)


# --- moonshot ----------------------------------------------------------------------------


def moonshot_rows(plan: Plan) -> tuple[list[Row], str]:
    """Run benchmarks/moonshot.py in its own process; return its rows and the note on
    where build_kit's time goes."""
    progress("moonshot: the 30-name strip kit in-process against ReportLab"
             + (", and the prototypes" if plan.investigate else ""))
    argv = [PYTHON, "-B", str(BENCHMARKS / "moonshot.py"), "--repeats", str(plan.moonshot_repeats)]
    done = subprocess.run(argv + (["--investigate"] if plan.investigate else []), check=False,
                          capture_output=True, text=True, env=HERE.environment)
    if done.returncode != 0:
        return [Row("moonshot: 30-name strip kit, in-process", f"failed: {done.stderr.strip()[-160:]}")], ""
    found = json.loads(done.stdout)
    kitgen = median_of(found["kitgen"]["seconds"])
    reportlab = found["reportlab"]
    label = f"moonshot: build_kit, 30-name strip kit, warm ({found['kitgen']['pages']} pages)"
    if "skipped" in reportlab:
        rows = [Row(label, seconds_text(kitgen), f"ReportLab {reportlab['skipped']}")]
        reference = None
    else:
        reference = median_of(reportlab["seconds"])
        rows = [Row(label, seconds_text(kitgen), f"ReportLab {seconds_text(reference)} ({reportlab['pages']} pages)",
                    ratio_text(kitgen / reference), f"<= {MOONSHOT_LIMIT:g}x",
                    verdict(kitgen / reference, MOONSHOT_LIMIT))]
    return rows + _investigation_rows(found.get("investigate", {}), kitgen, reference), breakdown_note(found)


PROTOTYPES = (
    ("one_document", "all tables in one WeasyPrint document"),
    ("parallel", "tables rendered by 2 forked processes, pypdf merge"),
    ("cached_stamped", "names and labels stamped onto cached, already rendered pages"),
)


def _investigation_rows(found: dict, kitgen: float, reference: float | None) -> list[Row]:
    rows = []
    for key, label in PROTOTYPES:
        if key not in found:
            continue
        result = found[key]
        if "error" in result:
            rows.append(Row(f"prototype: {label}", f"failed: {result['error']}"))
        else:
            rows.append(_prototype_row(label, median_of(result["seconds"]), result["pages"], kitgen, reference))
    return rows


def breakdown_note(found: dict) -> str:
    """Return the line under the table saying where ``build_kit``'s time goes, if measured."""
    breakdown = found.get("investigate", {}).get("breakdown")
    if not breakdown:
        return ""
    if "error" in breakdown:
        return f"Where build_kit's time goes: not measured ({breakdown['error']})."
    shares = ", ".join(f"{stage.strip()} {share:.0%}" for stage, share in breakdown["shares"].items())
    return f"Where build_kit's time goes (cProfile, shares of one 30-name strip build): {shares}."


def _prototype_row(label: str, seconds: float, pages: int, kitgen: float, reference: float | None) -> Row:
    text = f"{seconds_text(seconds)}, {pages} pages (speed-up over build_kit {kitgen / seconds:.2f}x)"
    if reference is None:
        return Row(f"prototype: {label}", text)
    return Row(f"prototype: {label}", text, f"ReportLab {seconds_text(reference)}", ratio_text(seconds / reference),
               f"<= {MOONSHOT_LIMIT:g}x", verdict(seconds / reference, MOONSHOT_LIMIT))


# --- the run -----------------------------------------------------------------------------


def machine() -> str:
    """Return one line describing where the figures were measured."""
    import importlib.metadata

    versions = []
    for package in ("kitgen", "weasyprint", "typer"):
        try:
            versions.append(f"{package} {importlib.metadata.version(package)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{package} not installed")
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return (f"Python {platform.python_version()}, {', '.join(versions)}; {os.cpu_count()} CPUs "
            f"({platform.machine()}), load average at the start {load}")


def main(argv: list[str] | None = None) -> int:
    """Measure every figure and print the table; return the exit status (0)."""
    parser = argparse.ArgumentParser(description="Measure kitgen's speed side by side and print one table.")
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller corpora, no 120-name kit")
    parser.add_argument("--baseline", type=Path, metavar="CHECKOUT",
                        help="another kitgen checkout to time side by side with this one")
    options = parser.parse_args(argv)
    plan = replace(QUICK if options.quick else FULL,
                   baseline=options.baseline.resolve() if options.baseline is not None else None)
    started = machine()
    progress("compiling both checkouts' modules")
    for checkout in (HERE, *([Checkout(plan.baseline)] if plan.baseline is not None else [])):
        checkout.compile()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as scratch:
        folder = Path(scratch)
        rows += startup_rows(folder, plan)
        rows += validation_rows(folder, plan)
        rows += kit_rows(folder, plan)
    moonshot, note = moonshot_rows(plan)
    rows += moonshot
    print(f"kitgen benchmarks ({'quick' if options.quick else 'full'} run) - {started}")
    print(f"medians: start-up of {plan.startup_repeats} runs, kits of {plan.kit_repeats}; "
          "peak memory is each command's own max RSS (os.wait4); "
          f"load average at the end {', '.join(f'{value:.2f}' for value in os.getloadavg())}")
    print()
    print(format_table(rows))
    if note:
        print()
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
