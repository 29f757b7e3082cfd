"""``kitgen validate --json`` of this checkout against another's, log by log.

``python benchmarks/validate_diff.py --baseline CHECKOUT [--fuzzed 20000] [--seed N]`` runs
``kitgen validate --json LOG`` with both checkouts on every ``*.log`` under
``tests/fixtures``, ``/work/shared/cases`` and ``../shared/cases`` (beside the repository,
when it is there), and on ``--fuzzed`` mutated logs: legal logs from the test suite's
generators (``benchmarks/corpus.py``) edited by ``tests/mutations.py``, as
``benchmarks/fuzz.py`` makes them. Each input is written once and both checkouts read the
same file. It compares, per log, the exit status, standard output, standard error and any
exception, then prints the number of logs compared and every difference (the first 20 in
full) and exits 1 when one differs.

Each checkout runs in one long-lived worker process (``PYTHONPATH=CHECKOUT``) that reads
log paths on standard input and answers one JSON line per path, invoking the public CLI
entry ``kitgen.cli:app`` in-process with Typer's test runner; the two workers run side by
side. The fuzzed logs are made by the generators of ``--generators`` (the baseline's by
default, so they do not depend on the code under test). Nothing is written into either
checkout; ``--keep`` keeps the inputs that differ.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parent.parent
SHOWN_IN_FULL = 20
FUZZ_BASE_LOGS = 300  # legal logs to mutate, as benchmarks/fuzz.py (two thirds Shut the Box)

# The worker: one path a line in, one JSON line out (status, stdout, stderr, exception).
WORKER = r"""
import json, os, sys, traceback
from typer.testing import CliRunner
from kitgen.cli import app

answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
runner = CliRunner()
for line in sys.stdin:
    path = line.rstrip("\n")
    result = runner.invoke(app, ["validate", "--json", path])
    exception = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exception = "".join(traceback.format_exception_only(type(result.exception), result.exception)).strip()
    try:
        stderr = result.stderr
    except ValueError:
        stderr = ""
    answers.write(json.dumps({"path": path, "status": result.exit_code, "stdout": result.stdout,
                              "stderr": stderr, "exception": exception}) + "\n")
    answers.flush()
"""

# The generator: writes COUNT mutated logs into FOLDER as 00000.log ... (argv: folder count seed).
GENERATOR = r"""
import random, sys
from pathlib import Path
checkout = Path.cwd()
sys.path[:0] = [str(checkout / "benchmarks"), str(checkout / "tests")]
from corpus import box_logs, knucklebones_logs
import mutations

folder, count, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
base = int(sys.argv[4])
logs = box_logs(base * 2 // 3, seed) + knucklebones_logs(base // 3, seed)
rng = random.Random(seed)
for number in range(count):
    (folder / f"{number:05d}.log").write_bytes(mutations.mutate(rng, rng.choice(logs)))
"""


def checkout_environment(checkout: Path) -> dict[str, str]:
    """Return the environment that imports ``checkout``'s kitgen and writes no bytecode into it."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("KITGEN_")}
    environment.update(PYTHONPATH=str(checkout), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    return environment


def case_logs() -> list[Path]:
    """Return every ``*.log`` of the fixtures and the shared cases, each file once, sorted."""
    roots = [REPO / "tests" / "fixtures", Path("/work/shared/cases"), REPO.parent / "shared" / "cases"]
    found = {path.resolve() for root in roots if root.is_dir() for path in root.rglob("*.log") if path.is_file()}
    return sorted(found)


def fuzzed_logs(generators: Path, folder: Path, count: int, seed: int) -> list[Path]:
    """Write ``count`` mutated logs into ``folder`` with ``generators``' corpus and mutations; return them."""
    folder.mkdir()
    subprocess.run([sys.executable, "-c", GENERATOR, str(folder), str(count), str(seed), str(FUZZ_BASE_LOGS)],
                   cwd=generators, env=checkout_environment(generators), check=True)
    return sorted(folder.glob("*.log"))


class Worker:
    """One checkout's long-lived ``validate --json`` process, fed paths by a thread."""

    def __init__(self, checkout: Path, paths: list[Path], cwd: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], cwd=cwd, env=checkout_environment(checkout),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        self.feeder = threading.Thread(target=self._feed, args=(paths,), daemon=True)
        self.feeder.start()

    def _feed(self, paths: list[Path]) -> None:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        for path in paths:
            stdin.write(f"{path}\n")
        stdin.close()

    def answers(self) -> Iterator[dict]:
        """Yield one answer per path, in order."""
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        for line in stdout:
            yield json.loads(line)

    def finish(self) -> None:
        """Wait for the worker to end; stop when it failed."""
        if self.process.wait() != 0:
            raise SystemExit(f"a validate worker exited with {self.process.returncode}")


def difference_text(new: dict, old: dict) -> str:
    """Return the fields in which two answers differ, each with both values."""
    parts = []
    for field in ("status", "exception", "stdout", "stderr"):
        if new[field] != old[field]:
            parts.append(f"  {field}:\n    before: {old[field]!r}\n    after:  {new[field]!r}")
    return "\n".join(parts)


def children_cpu_seconds() -> float:
    """Return the user and system CPU seconds of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> None:
    """Compare ``validate --json`` of both checkouts on every log; print the differences and a count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other kitgen checkout")
    parser.add_argument("--fuzzed", type=int, default=20_000, help="mutated logs besides the fixtures and cases")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--generators", choices=("baseline", "here"), default="baseline",
                        help="whose benchmarks/corpus.py and tests/mutations.py make the fuzzed logs")
    parser.add_argument("--keep", type=Path, help="copy the inputs that differ into this folder")
    options = parser.parse_args(argv)
    baseline = options.baseline.resolve()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kitgen-validate-diff-") as scratch:
        folder = Path(scratch)
        paths = case_logs()
        cases = len(paths)
        if options.fuzzed:
            generators = baseline if options.generators == "baseline" else REPO
            paths += fuzzed_logs(generators, folder / "fuzzed", options.fuzzed, options.seed)
        made = time.perf_counter()
        print(f"{cases} case logs, {len(paths) - cases} fuzzed logs written in {made - start:.1f} s",
              file=sys.stderr, flush=True)
        (folder / "work").mkdir()
        cpu_before = children_cpu_seconds()
        new, old = Worker(REPO, paths, folder / "work"), Worker(baseline, paths, folder / "work")
        compared = differ = 0
        for path, after, before in zip(paths, new.answers(), old.answers(), strict=False):
            compared += 1
            if after != before:
                differ += 1
                if differ <= SHOWN_IN_FULL:
                    print(f"{path} differs:\n{difference_text(after, before)}", flush=True)
                else:
                    fields = [field for field in ("status", "exception", "stdout", "stderr")
                              if after[field] != before[field]]
                    print(f"{path} differs in {', '.join(fields)}", flush=True)
                if options.keep is not None:
                    options.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, options.keep / f"{differ:05d}-{path.name}")
        for worker in (new, old):
            worker.finish()
        seconds = time.perf_counter() - made
        cpu_seconds = (children_cpu_seconds() - cpu_before) / 2
    if compared != len(paths):
        raise SystemExit(f"only {compared} of {len(paths)} logs were answered")
    per_thousand = 1000 / compared if compared else 0.0
    print(f"{compared} logs compared ({cases} cases, {compared - cases} fuzzed), {differ} differ; "
          f"{seconds:.1f} s validating side by side ({seconds * per_thousand:.1f} s per 1,000 logs), "
          f"CPU {cpu_seconds * per_thousand:.1f} s per 1,000 logs and checkout", flush=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
