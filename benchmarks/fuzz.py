"""The long fuzz run: mutated logs through ``kitgen validate --json``, and the
largest legal logs (4 MiB) timed and weighed.

``python benchmarks/fuzz.py [--inputs 100000] [--seed N]`` mutates legal logs from the test
suite's generators (``tests/mutations.py``: deleted, repeated and swapped lines, characters
of any script, numbers padded with zeros, very long lines, random bytes, cuts), writes each
to a file and runs ``kitgen validate --json`` on it in this process (Typer's test runner).
An input fails when the command raises (a traceback), exits other than 0/1/2, prints
anything but one well-formed JSON array, or takes longer than ``--hang`` seconds. Failing
inputs are kept in ``--keep`` for replay. Then each kind of 4 MiB log is validated in a
fresh process, measuring wall time and peak memory. Prints one JSON summary.

Comparing the output with another checkout's, log by log, over the same kind of inputs is
``benchmarks/validate_diff.py --baseline CHECKOUT``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from corpus import REPO, box_logs, generators, knucklebones_logs
from measure import PYTHON, run_command

MAX_LOG_BYTES = 4 * 1024 * 1024  # docs/cli.md: the largest legal log
BASE_LOGS = 300  # legal logs to mutate (two thirds Shut the Box, one third knucklebones)
PROGRESS_EVERY = 5000


def fuzz(inputs: int, seed: int, hang_seconds: float, keep: Path) -> dict:
    """Run ``inputs`` mutated logs through ``validate --json``; return the counts."""
    generators()  # first: this checkout's kitgen and tests/ on sys.path
    import mutations
    from typer.testing import CliRunner

    from kitgen.cli import app

    logs = box_logs(BASE_LOGS * 2 // 3, seed) + knucklebones_logs(BASE_LOGS // 3, seed)
    rng = random.Random(seed)
    runner = CliRunner()
    counts = {"inputs": 0, "tracebacks": 0, "bad_status": 0, "bad_json": 0, "hangs": 0,
              "status": {0: 0, 1: 0, 2: 0}, "slowest_seconds": 0.0}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.log"
        for number in range(inputs):
            data = mutations.mutate(rng, rng.choice(logs))
            path.write_bytes(data)
            start = time.perf_counter()
            result = runner.invoke(app, ["validate", "--json", str(path)])
            seconds = time.perf_counter() - start
            counts["inputs"] += 1
            counts["slowest_seconds"] = max(counts["slowest_seconds"], seconds)
            fault = _fault(result, seconds, hang_seconds)
            if fault is None:
                counts["status"][result.exit_code] += 1
            else:
                counts[fault] += 1
                _keep(keep, number, data, result, fault)
            if (number + 1) % PROGRESS_EVERY == 0:
                print(f"{number + 1} inputs, {counts}", file=sys.stderr, flush=True)
    return counts


def _fault(result, seconds: float, hang_seconds: float) -> str | None:
    """Return what is wrong with one run (a key of the counts), or ``None``."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "tracebacks"
    if result.exit_code not in (0, 1, 2):
        return "bad_status"
    try:
        documents = json.loads(result.stdout)
        if not (isinstance(documents, list) and len(documents) == 1 and "valid" in documents[0]):
            return "bad_json"
    except ValueError:
        return "bad_json"
    if seconds > hang_seconds:
        return "hangs"
    return None


def _keep(keep: Path, number: int, data: bytes, result, fault: str) -> None:
    keep.mkdir(parents=True, exist_ok=True)
    (keep / f"{number:06d}-{fault}.log").write_bytes(data)
    if result.exc_info is not None:
        text = "".join(traceback.format_exception(*result.exc_info))
        (keep / f"{number:06d}-{fault}.txt").write_text(text, encoding="utf-8")


def largest_logs(folder: Path, seed: int) -> dict[str, Path]:
    """Write one log of each heavy kind, each just under 4 MiB, and return their paths."""
    rng = random.Random(seed)
    columns = ("left", "middle", "right")
    placements = ["rules: knucklebones match=best-of-5", "players: Ana, Ben"]
    for index in range(MAX_LOG_BYTES // 14):
        if index % 12 == 11:
            placements.append(f"game {index // 12 + 2}")  # abandons the game: every placement is judged
        placements.append(f"{('Ana', 'Ben')[index % 2]}: {rng.randint(1, 6)} {rng.choice(columns)}")
    lines = box_logs(1, seed)[0].splitlines()
    header = "\n".join(line for line in lines if line.startswith(("rules:", "players:", "title:")))
    body = "\n".join(line for line in lines if not line.startswith(("rules:", "players:", "title:"))) + "\n"
    kinds = {
        "knucklebones-placements": "\n".join(placements),
        "box-repeated-games": header + "\n" + body * (MAX_LOG_BYTES // len(body)),
        "box-throws": "rules: strip\nplayers: Ana\nturn Ana\n" + "8: 8\n" * (MAX_LOG_BYTES // 5),
        "bad-lines": "rules: strip\nplayers: Ana\n" + "x\n" * (MAX_LOG_BYTES // 2),
        "one-long-line": "rules: strip\nplayers: Ana\n" + "9" * MAX_LOG_BYTES,
    }
    paths = {}
    for kind, text in kinds.items():
        data = text.encode("utf-8")[:MAX_LOG_BYTES]
        path = folder / f"{kind}.log"
        path.write_bytes(data[:data.rfind(b"\n") + 1] if kind != "one-long-line" else data)
        paths[kind] = path
    return paths


# Runs `kitgen validate --json LOG` and prints the process's own peak memory (VmHWM, of its
# own address space: rusage's maxrss would start at this fuzzing process's size, forked).
WEIGHED_VALIDATE = """
import sys
from kitgen.cli import app
try:
    app(["validate", "--json", sys.argv[1]])
finally:
    peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
    print(int(peak.split()[1]) // 1024, file=sys.stderr)
"""


def weigh(paths: dict[str, Path]) -> dict[str, dict]:
    """Validate each log in a fresh process; return its seconds, peak MB and exit status."""
    figures = {}
    for kind, path in paths.items():
        run = run_command([PYTHON, "-c", WEIGHED_VALIDATE, str(path)], cwd=REPO)
        figures[kind] = {"bytes": path.stat().st_size, "seconds": round(run.seconds, 2),
                         "peak_mb": int(run.error.split()[-1]), "status": run.status}
    return figures


def main() -> None:
    """Run the fuzz inputs and weigh the largest logs; print the summary as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--hang", type=float, default=10.0, help="seconds that count as a hang")
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "kitgen-fuzz")
    arguments = parser.parse_args()
    start = time.perf_counter()
    counts = fuzz(arguments.inputs, arguments.seed, arguments.hang, arguments.keep)
    with tempfile.TemporaryDirectory() as folder:
        figures = weigh(largest_logs(Path(folder), arguments.seed))
    summary = {"fuzz": counts, "largest_logs": figures, "seconds": round(time.perf_counter() - start)}
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
