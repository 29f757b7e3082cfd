"""How many cores this process may use, and whether one of them is idle: the question
kitgen asks before handing work to a second process (``kitgen validate`` on a large
batch, ``kitgen kit`` with its host key). A second process only pays on a core nothing
else is using; on a busy machine it slows both (issue 13, measured on two cores).
"""

from __future__ import annotations

import os


def usable_cores() -> int:
    """Return how many cores this process may run on (its affinity, else the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def running_elsewhere() -> int | None:
    """Return how many other tasks are running on the machine at this moment (Linux's
    ``/proc/loadavg``, whose count includes this process), or ``None`` where it cannot tell."""
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            return int(loadavg.read().split()[3].partition("/")[0]) - 1
    except (OSError, ValueError, IndexError):
        return None


def core_free(workers: int = 2) -> bool:
    """Return whether ``workers`` processes of kitgen's would each have a core: enough
    usable cores, and no more other tasks running than the cores left over (where that
    cannot be told, assume so)."""
    cores = usable_cores()
    if cores < workers:
        return False
    running = running_elsewhere()
    return running is None or running <= cores - workers
