"""Validate the first COUNT logs of a folder in one fresh process and print the time it took.

``python benchmarks/validate_inprocess.py FOLDER COUNT`` reads ``00000.log`` ... from
FOLDER into memory, validates docs/log-format.md's strip example once to import and warm
kitgen, then times ``kitgen.logs.validate.validate_text`` over the COUNT texts, once, and
prints ``{"seconds": ..., "invalid": ...}``. A fresh process per measurement keeps
every size honest: the validator's line cache starts cold, as in a real ``kitgen
validate``, instead of holding the lines of the logs a previous repeat already read.
"""

import json
import sys
import time
from pathlib import Path

from corpus import SMALL_LOG

from kitgen.logs.validate import validate_text


def main() -> None:
    """Time the validation of the logs named on the command line; print JSON."""
    folder, count = Path(sys.argv[1]), int(sys.argv[2])
    texts = [(folder / f"{number:05d}.log").read_text(encoding="utf-8") for number in range(count)]
    validate_text(SMALL_LOG)
    invalid = 0
    start = time.perf_counter()
    for text in texts:
        invalid += not validate_text(text).valid
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "invalid": invalid}))


if __name__ == "__main__":
    main()
