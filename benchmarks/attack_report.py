"""The session report's peak memory against the number of logs, beside ``kitgen validate``'s
over the same logs: a report holds a few kilobytes per log, however long each log is.

    python benchmarks/attack_report.py                     # 200 and 2,000 logs, --json
    python benchmarks/attack_report.py --pdf               # and the printed report (minutes)
    python benchmarks/attack_report.py --sizes 100 1000

Two folders of logs at each size: simulated games (five Shut the Box logs of random presets
and formats to one knucklebones match, drawn seeded from the test suite's generators,
``benchmarks/corpus.py``), and long logs of 400 impossible throws each (1,000 errors kept
apiece, the most a log reports: about 300 KB as a validator's report). Each row is one whole
``kitgen`` command's peak resident memory (its own and its forked copies') at the largest
size, beside ``kitgen validate``'s over the same logs, with what each further log added
from the smallest size. The PDF's figure is mostly
WeasyPrint's layout of the report's pages, which grows with the pages printed. Everything
is written to a temporary folder removed at the end.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    sys.dont_write_bytecode = True  # no __pycache__ in the checkout from the benchmark's own imports

import argparse
import tempfile
from pathlib import Path

from corpus import box_logs, knucklebones_logs, write_logs
from measure import BENCHMARKS, PYTHON, Row, format_table, ratio_text, run_command, verdict

REPO = BENCHMARKS.parent
PEAK_LIMIT_MB = 400  # the hostile-input target: a report's peak at 2,000 logs
LONG_LOG = "rules: strip\nplayers: Ana, Ben\nturn Ana\n" + "13: 1\n" * 400  # 1,201 errors, 1,000 kept


def simulated(count: int) -> list[str]:
    """Return ``count`` simulated logs, five Shut the Box logs to one knucklebones match."""
    box = count * 5 // 6
    return box_logs(box) + knucklebones_logs(count - box)


def peak_mb(argv: list[str]) -> float:
    """Return the peak resident memory of the ``kitgen`` command ``argv``, in MB; a run that
    fails to finish (exit status 2 or more: unreadable logs, a crash) stops the benchmark."""
    run = run_command([PYTHON, "-m", "kitgen", *argv], cwd=REPO)
    if run.status > 1:  # 1: some logs have errors, as the long logs do
        raise SystemExit(f"kitgen {argv[0]} failed (exit {run.status}): {run.error}")
    return run.max_rss_mb


def measure(scratch: Path, sizes: list[int], pdf: bool) -> list[Row]:
    """Return one row per corpus and report command: its peak at the largest size, set
    against ``kitgen validate``'s over the same logs, and what each log added from the
    smallest size."""
    rows = []
    smallest, largest = min(sizes), max(sizes)
    for corpus, logs in (("simulated", simulated), ("long", lambda count: [LONG_LOG] * count)):
        folders = {size: scratch / f"{corpus}-{size}" for size in (smallest, largest)}
        for size, folder in folders.items():
            write_logs(logs(size), folder)
        validate = peak_mb(["validate", str(folders[largest])])
        commands = {"report --json": lambda folder: ["report", str(folder), "--json"]}
        if pdf:
            commands["report -o report.pdf"] = lambda folder: [
                "report", str(folder), "-o", str(scratch / "report.pdf"), "--force"]
        for name, argv in commands.items():
            small, large = (peak_mb(argv(folders[size])) for size in (smallest, largest))
            per_log_kb = (large - small) * 1024 / (largest - smallest)
            rows.append(Row(f"{corpus} logs: kitgen {name}, {largest:,} logs ({per_log_kb:.1f} KB a log "
                            f"over {smallest:,})", f"{large:.0f} MB", f"{validate:.0f} MB (validate)",
                            ratio_text(large / validate), f"< {PEAK_LIMIT_MB} MB", verdict(large, PEAK_LIMIT_MB)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs=2, default=[200, 2000], metavar="LOGS",
                        help="the two numbers of logs compared")
    parser.add_argument("--pdf", action="store_true", help="also measure the printed report (slow)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kitgen-attack-report-") as scratch:
        rows = measure(Path(scratch), options.sizes, options.pdf)
    print(f"peak resident memory of whole commands, {PYTHON}")
    print(format_table(rows))


if __name__ == "__main__":
    main()
