"""Find WeasyPrint's C libraries from one read of the linker cache, while WeasyPrint imports.

WeasyPrint opens GObject, Pango, HarfBuzz and fontconfig through cffi under several
candidate names each (``libpango-1.0-0``, ``pango-1.0``, ...). cffi hands every name it
cannot open as given to :func:`ctypes.util.find_library`, which on Linux runs
``/sbin/ldconfig -p`` and then ``gcc`` and ``ld`` for each one: 22 ``ldconfig``, 16 ``gcc``
and 16 ``ld`` processes on this project's machine before a kit draws anything, about a tenth
of a default kit's time.

:func:`linker_cache_lookups` answers those look-ups from one ``ldconfig -p`` read as the
first step of ``ctypes.util.find_library`` does (the first ``lib<name>.*`` entry of this
machine's ABI), and only while the ``with`` block runs. Everything else is left alone:

- on a platform other than Linux with glibc's ``ldconfig -p``, it changes nothing;
- a name the cache does not list gets ``None`` (no ``gcc`` or ``ld``); should WeasyPrint
  then fail to open a library it needs, the caller's import is retried once with the
  stock look-ups (:func:`import_with_linker_cache`), so nothing that loads today stops
  loading (WeasyPrint then prints its hint about missing libraries once before the
  retry succeeds). The optional HarfBuzz-Subset found only by ``gcc`` (a library in a
  system folder that ``ldconfig`` has not cached) would be missed; WeasyPrint then
  subsets with fontTools, as it does without the library.
"""

from __future__ import annotations

import ctypes.util
import importlib
import os
import re
import struct
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

LDCONFIG = "/sbin/ldconfig"  # the path ctypes.util runs
# ctypes.util's ABI names in ldconfig -p for 64-bit machines (libc6 for every other one).
ABI_OF_MACHINE = {
    "x86_64-64": "libc6,x86-64",
    "ppc64-64": "libc6,64bit",
    "sparc64-64": "libc6,64bit",
    "s390x-64": "libc6,64bit",
    "ia64-64": "libc6,IA-64",
}


def read_linker_cache() -> bytes | None:
    """Return the output of ``ldconfig -p`` (the dynamic linker's cache), or ``None`` where
    there is none to read: not Linux, no ``ldconfig``, or one without ``-p`` (musl)."""
    if not sys.platform.startswith("linux") or not os.access(LDCONFIG, os.X_OK):
        return None
    try:
        done = subprocess.run([LDCONFIG, "-p"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env={"LC_ALL": "C", "LANG": "C"}, check=False)
    except OSError:
        return None
    return done.stdout if done.returncode == 0 and done.stdout else None


def find_in_cache(cache: bytes, name: str, abi: str) -> str | None:
    """Return the file name the linker ``cache`` lists for the library ``name`` on this
    machine's ABI, e.g. ``libpango-1.0.so.0`` for ``pango-1.0``, or ``None``.

    >>> cache = (b"\\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1\\n"
    ...          b"\\tlibz.so.1 (libc6) => /lib/i386-linux-gnu/libz.so.1\\n")
    >>> find_in_cache(cache, "z", "libc6"), find_in_cache(cache, "pango-1.0", "libc6")
    ('libz.so.1', None)
    """
    entry = rb"\s+(lib%s\.[^\s]+)\s+\(%s" % (re.escape(os.fsencode(name)), re.escape(abi.encode()))
    found = re.search(entry, cache)
    return os.fsdecode(found.group(1)) if found else None


def machine_abi() -> str:
    """Return how ``ldconfig -p`` names this machine's ABI, as :mod:`ctypes.util` reckons it."""
    bits = "32" if struct.calcsize("l") == 4 else "64"
    return ABI_OF_MACHINE.get(f"{os.uname().machine}-{bits}", "libc6")


@contextmanager
def linker_cache_lookups() -> Iterator[bool]:
    """Answer :func:`ctypes.util.find_library` from one read of the linker cache inside the
    ``with`` block, and restore it after; yield whether the look-ups are cached (``False``
    where the module does not apply, and nothing changes)."""
    cache = read_linker_cache()
    if cache is None:
        yield False
        return
    stock = ctypes.util.find_library
    ctypes.util.find_library = partial(find_in_cache, cache, abi=machine_abi())
    try:
        yield True
    finally:
        ctypes.util.find_library = stock


def import_with_linker_cache(module: str) -> None:
    """Import ``module`` (WeasyPrint) with its library look-ups answered by
    :func:`linker_cache_lookups`; if a library it needs is not found so (``OSError``),
    import it again with the stock look-ups.

    Raises what the import raises when it fails either way.
    """
    if module in sys.modules:
        return
    with linker_cache_lookups() as cached:
        try:
            importlib.import_module(module)
            return
        except OSError:
            if not cached:
                raise
    importlib.import_module(module)
