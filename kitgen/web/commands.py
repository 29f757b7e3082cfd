"""kitgen's own commands, run for the web app in a child process (docs/web.md, "How a
request is answered").

A kit or a validation asked of the app is the ``kitgen kit`` or ``kitgen validate``
command line run on the uploaded files, in a fresh folder that holds only them, named as
they were uploaded: so what the app answers is what the command prints or writes, byte for
byte (its sentences name the files as the user named them), read with the command's own
bounded readers; the render forks its host key's worker as the command does (a process
that serves requests has threads, and does not fork); and a file that makes kitgen fail
or run long ends a child, not the app.

The child is started with ``-P``: the folder of uploads it runs in is never on its import
path (an upload named ``json.py`` is a file to read, never code).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import kitgen
from kitgen.errors import KitgenError
from kitgen.text import gettext, language_in_use

KITGEN_ROOT = str(Path(kitgen.__file__).resolve().parent.parent)  # the folder kitgen is imported from
CHILD = "import sys; sys.path.insert(0, sys.argv.pop(1)); from kitgen.cli import run; run()"
KIT_TIMEOUT_S = 900  # far more than a 500-name kit takes on two cores (docs/performance.md)
VALIDATE_TIMEOUT_S = 300
FRAME = "\u2502"  # the side of the frame Typer prints a usage error in
RENDERS = threading.BoundedSemaphore(1)  # one kit at a time: a render keeps both cores busy


class CommandError(KitgenError):
    """A command run for the app could not finish (a fault of kitgen's, or too long)."""


@dataclass(frozen=True)
class Finished:
    """What a command run printed: its exit status, standard output (bytes) and error (text)."""

    status: int
    stdout: bytes
    stderr: str

    def sentence(self) -> str:
        """Return the sentence the command refused with: its last line on standard error
        without ``kitgen: `` (the lines before it say what it did), or the text of the
        framed error Click's usage errors are printed in.

        >>> Finished(2, b"", "Usage: kitgen kit [OPTIONS]\\n\u256d\u2500 Error \u2500\u256e\\n"
        ...          "\u2502 Invalid value for '--tiles'. \u2502\\n\u2570\u2500\u256f\\n").sentence()
        "Invalid value for '--tiles'."
        """
        framed = [line.strip().strip(FRAME).strip() for line in self.stderr.splitlines() if line.startswith(FRAME)]
        if framed:
            return " ".join(framed)
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        return lines[-1].removeprefix("kitgen: ") if lines else ""


def run_kitgen(arguments: Sequence[str], folder: Path, timeout_s: float) -> Finished:
    """Return what ``kitgen ARGUMENTS`` prints, run in ``folder`` by this Python with this
    kitgen, in the language in use. Raises :class:`CommandError` when it runs longer than ``timeout_s`` or is killed."""
    command = [sys.executable, "-P", "-c", CHILD, KITGEN_ROOT, *arguments]
    # the language of the app's pages: a command's own --lang (the kit form's) still wins
    environment = {**os.environ, "PYTHONSAFEPATH": "1", "COLUMNS": "100", "KITGEN_LANG": language_in_use()}
    environment.pop("PYTHONPATH", None)
    try:
        done = subprocess.run(command, cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired:
        raise CommandError(gettext("kitgen took longer than {minutes} minutes on it and was stopped.").format(
            minutes=round(timeout_s / 60))) from None
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode < 0 or done.returncode > 2 or "Traceback (most recent call last)" in stderr:
        raise CommandError(gettext("kitgen failed on it; this is a fault in kitgen, please report it."))
    return Finished(done.returncode, done.stdout, stderr)


def work_folder() -> tempfile.TemporaryDirectory[str]:
    """Return a fresh folder (this user's only) for one request's files, removed after."""
    return tempfile.TemporaryDirectory(prefix="kitgen-web-")
