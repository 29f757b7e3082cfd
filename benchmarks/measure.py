"""Timing and memory of whole commands, medians, and the one table benchmarks/run.py prints.

Every command runs with the benchmark's own interpreter (``sys.executable``), so kitgen,
the minimal Typer app and the WeasyPrint floor share one venv. A command's wall time is
``time.perf_counter`` around start and exit; its peak memory is the maximum resident set
size of that one child as ``os.wait4`` reports it (the child's own ``rusage``, not a
``RUSAGE_CHILDREN`` delta, which cannot go down between commands).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

PYTHON = sys.executable
BENCHMARKS = Path(__file__).resolve().parent
ERROR_TAIL_CHARS = 160  # how much of a failed command's standard error a row quotes


@dataclass(frozen=True)
class Run:
    """One finished command: wall ``seconds``, peak resident memory in ``max_rss_mb``,
    exit ``status``, the end of its standard error (``error``) and the CPU time it used
    (``cpu_seconds``, user and system: less disturbed than wall time by a loaded machine)."""

    seconds: float
    max_rss_mb: float
    status: int
    error: str
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class Row:
    """One line of the table: what was measured, kitgen's figure, the reference it is
    compared with, their ratio, the target and whether it holds (``""`` when no target)."""

    figure: str
    kitgen: str
    reference: str = ""
    ratio: str = ""
    target: str = ""
    holds: str = ""


def run_command(argv: Sequence[str], cwd: Path | None = None, stdout_path: Path | None = None,
                env: Mapping[str, str] | None = None) -> Run:
    """Run ``argv`` to completion (in the environment ``env``, or this one) and return its :class:`Run`.

    Standard output goes to ``stdout_path`` (or is discarded); standard error is kept
    for the error message of a failed run.
    """
    with open(stdout_path or os.devnull, "wb") as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, wait_status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(wait_status)
        err.seek(0)
        error = err.read().decode("utf-8", "replace").strip()
    return Run(seconds, usage.ru_maxrss / 1024, process.returncode, error[-ERROR_TAIL_CHARS:],
               usage.ru_utime + usage.ru_stime)


def interleaved(commands: dict[str, Callable[[], Run]], repeats: int, warmups: int = 1) -> dict[str, list[Run]]:
    """Run every command of ``commands`` ``warmups`` times unrecorded, then ``repeats``
    times in turn (A, B, C, A, B, C, ...), so slow drifts of a shared machine hit all
    of them alike; return the recorded runs per name."""
    for _ in range(warmups):
        for command in commands.values():
            command()
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, command in commands.items():
            runs[name].append(command())
    return runs


def median_seconds(runs: Sequence[Run]) -> float:
    """Return the median wall time of ``runs`` in seconds."""
    return statistics.median(run.seconds for run in runs)


def median_of(samples: Sequence[float]) -> float:
    """Return the median of ``samples``."""
    return statistics.median(samples)


def time_call(call: Callable[[], object], repeats: int) -> list[float]:
    """Return the wall time in seconds of each of ``repeats`` calls of ``call``."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return samples


def failed(runs: Sequence[Run]) -> Run | None:
    """Return the first run of ``runs`` that exited with a status other than 0, if any."""
    return next((run for run in runs if run.status != 0), None)


def verdict(value: float, limit: float, at_most: bool = True) -> str:
    """Return ``"yes"`` when ``value`` is within ``limit`` (at most, or at least), else ``"NO"``."""
    holds = value <= limit if at_most else value >= limit
    return "yes" if holds else "NO"


def seconds_text(seconds: float) -> str:
    """Return ``seconds`` for the table: milliseconds below one second, else seconds."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def ratio_text(ratio: float) -> str:
    """Return a ratio for the table, e.g. ``1.23x``."""
    return f"{ratio:.2f}x"


def count_text(count: float) -> str:
    """Return a count with thousands separators, e.g. ``123,456``."""
    return f"{count:,.0f}"


def format_table(rows: Sequence[Row]) -> str:
    """Return ``rows`` as one Markdown table (readable in a terminal, pasteable into the README)."""
    header = Row("Figure", "kitgen", "Reference", "Ratio", "Target", "Holds")
    cells = [[row.figure, row.kitgen, row.reference, row.ratio, row.target, row.holds] for row in (header, *rows)]
    widths = [max(len(line[column]) for line in cells) for column in range(len(cells[0]))]
    lines = ["| " + " | ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)) + " |"
             for line in cells]
    lines.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(lines)
