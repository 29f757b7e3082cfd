"""The session report's scale figure (issue 15): a report over 120 logs renders within 2x the
time of a 6-seat kit.

    python benchmarks/report.py            # 5 interleaved runs of each command
    python benchmarks/report.py --repeats 9

Both are whole ``kitgen`` commands, as a host runs them: ``kitgen kit --seats 6 -o ...`` (the
strip kit with its host key) and ``kitgen report FOLDER -o ...`` over 120 simulated logs, 100
Shut the Box logs of random presets and formats and 20 knucklebones matches, drawn seeded
from the test suite's generators (``benchmarks/corpus.py``). The commands run in turn, so a
slow drift of the shared machine hits both alike; the table gives the medians, the pages of
each PDF and the ratio. Everything is written to a temporary folder removed at the end.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    sys.dont_write_bytecode = True  # no __pycache__ in the checkout from the benchmark's own imports

import argparse
import tempfile
from pathlib import Path

from corpus import box_logs, knucklebones_logs, write_logs
from measure import (
    BENCHMARKS,
    PYTHON,
    Row,
    failed,
    format_table,
    interleaved,
    median_seconds,
    ratio_text,
    run_command,
    seconds_text,
    verdict,
)

REPO = BENCHMARKS.parent
BOX_LOGS, KNUCKLEBONES_LOGS = 100, 20  # 120 tables: a club night
REPORT_LIMIT = 2.0  # issue 15: within 2x the time of a 6-seat kit


def pages(path: Path) -> int:
    """Return the number of pages of the PDF at ``path``."""
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def measure(scratch: Path, repeats: int) -> list[Row]:
    """Return the rows of the figure: both commands' medians and their ratio."""
    logs = scratch / "session"
    write_logs(box_logs(BOX_LOGS) + knucklebones_logs(KNUCKLEBONES_LOGS), logs)
    kit_pdf, report_pdf = scratch / "kit.pdf", scratch / "report.pdf"
    kitgen = [PYTHON, "-m", "kitgen"]
    commands = {
        "kit": lambda: run_command([*kitgen, "kit", "--seats", "6", "-o", str(kit_pdf), "--force"], cwd=REPO),
        "report": lambda: run_command([*kitgen, "report", str(logs), "-o", str(report_pdf), "--force"], cwd=REPO),
    }
    runs = interleaved(commands, repeats)
    for name, recorded in runs.items():
        bad = failed(recorded)
        if bad is not None:
            raise SystemExit(f"kitgen {name} failed (exit {bad.status}): {bad.error}")
    kit, report = median_seconds(runs["kit"]), median_seconds(runs["report"])
    return [
        Row(f"6-seat strip kit ({pages(kit_pdf)} pages)", seconds_text(kit)),
        Row(f"report over {BOX_LOGS + KNUCKLEBONES_LOGS} logs ({pages(report_pdf)} pages)", seconds_text(report),
            seconds_text(kit), ratio_text(report / kit), f"<= {REPORT_LIMIT:.0f}x",
            verdict(report / kit, REPORT_LIMIT)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="recorded runs of each command")
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory(prefix="kitgen-report-bench-") as scratch:
        rows = measure(Path(scratch), repeats)
    print(f"medians of {repeats} interleaved runs (after one warm-up each), {PYTHON}")
    print(format_table(rows))


if __name__ == "__main__":
    main()
