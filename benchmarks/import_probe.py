"""Run the kitgen command line in this process and report which heavy modules it imported.

``python benchmarks/import_probe.py check --open "1 2 3" --roll 3 --close 3`` runs
``kitgen check ...`` as the console script would, then, at exit, prints one line to
standard error: ``imported: weasyprint=no pypdf=no ...``. The benchmark uses it to show
that ``kitgen check`` and ``kitgen validate`` start without the PDF stack (docs/cli.md).
"""

import atexit
import sys

WATCHED = ("weasyprint", "pypdf", "jinja2", "fontTools")
MARKER = "imported:"


def report() -> None:
    """Print which of :data:`WATCHED` are in ``sys.modules``, on standard error."""
    seen = " ".join(f"{name}={'yes' if name in sys.modules else 'no'}" for name in WATCHED)
    print(f"{MARKER} {seen}", file=sys.stderr)


if __name__ == "__main__":
    atexit.register(report)
    from kitgen.cli import app

    app(args=sys.argv[1:], prog_name="kitgen")
