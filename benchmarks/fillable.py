"""Fillable kits: the render time of a 30-name kit, fillable against plain, and the time to
validate it once filled (issue 14's closing figures).

Renders the same 30-name kit plain and with ``--fillable`` in turn, ``--runs`` times each
(median wall time of the whole ``kitgen kit`` command), fills every table of the fillable
kit with a legal game from the test suite's generator (pypdf, as tests/fill_kits.py does),
and times ``kitgen validate`` on the filled PDF. Run from the repository's root:

    PYTHONPATH=. python benchmarks/fillable.py [--preset strip] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

NAMES = ("Ana, Ben, Cy, Dee, Eli, Fay, Gus, Hana, Ivo, Jo, Kim, Lu, Mo, Ned, Ola, Pia, Quin, Ray, "
         "Sue, Tom, Una, Vic, Wes, Xia, Yul, Zed, Abe, Bea, Cal, Dot")


def timed(arguments: list[str]) -> float:
    """Return the wall time of one ``kitgen`` command, which must succeed (or exit 1)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kitgen", *arguments], cwd=REPO, capture_output=True)
    if done.returncode not in (0, 1):
        raise SystemExit(done.stderr.decode())
    return time.perf_counter() - start


def filled_kit(kit: Path, target: Path, preset: str) -> int:
    """Fill every table of ``kit`` with a legal game; return the throws filled in."""
    from fill_kits import box_values, fill_with_pypdf
    from games_box import random_box_game

    from kitgen.forms.read import read_kit
    from kitgen.logs.reader import parse_rules_line

    manifest, fields = read_kit(kit)
    rules = parse_rules_line(manifest.rules)
    values: dict[str, str] = {}
    throws = 0
    for table, seats in enumerate(manifest.tables, start=1):
        for seed in range(500):
            rng = random.Random(seed)
            game = random_box_game(rng, rules, seats)
            try:
                values |= box_values(game, manifest, set(fields), rng, table)
            except (LookupError, StopIteration):
                continue
            throws += game.throws
            break
    fill_with_pypdf(kit, target, values)
    return throws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="strip", help="a Shut the Box preset with default options")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = ["kit", "--rules", options.preset, "--players", NAMES, "--host-key", "none", "--force"]
        plain, fillable = [], []
        for _ in range(options.runs):
            plain.append(timed([*base, "-o", f"{folder}/plain.pdf"]))
            fillable.append(timed([*base, "--fillable", "-o", f"{folder}/kit.pdf"]))
        kit, filled = Path(folder) / "kit.pdf", Path(folder) / "filled.pdf"
        throws = filled_kit(kit, filled, options.preset)
        validate = [timed(["validate", str(filled)]) for _ in range(options.runs)]
        sizes = {name: (Path(folder) / f"{name}.pdf").stat().st_size for name in ("plain", "kit", "filled")}
    print(f"30-name {options.preset} kit, median of {options.runs} runs:")
    print(f"  plain    {statistics.median(plain):6.2f} s  {sizes['plain'] / 1024:7.0f} KiB")
    print(f"  fillable {statistics.median(fillable):6.2f} s  {sizes['kit'] / 1024:7.0f} KiB"
          f"  ({statistics.median(fillable) / statistics.median(plain):.2f}x)")
    print(f"  validate {statistics.median(validate):6.2f} s  the filled kit ({throws} throws, "
          f"{sizes['filled'] / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
