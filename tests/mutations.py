"""Mutated game logs for fuzzing the log reader and ``kitgen validate`` (issue 10, "Tests and
fuzzing"): a legal log from the generators, then a few random edits at the byte level.

Shared by the property tests (``tests/test_bad_input.py``, a short run) and the long run
(``benchmarks/fuzz.py``). Each edit is one of: delete, repeat or swap lines; insert
characters of any script (letters, combining marks, bidi controls, digits of other
scripts); pad a number with zeros; add a very long line; insert random bytes; cut the log.
"""

from __future__ import annotations

import random
import re

# Characters of many scripts and kinds: Latin, Cyrillic, Greek, Devanagari, Arabic, Han,
# combining marks, bidi controls, zero-width, full-width and other digits, symbols.
ANY_SCRIPT = (
    "aZé\u0410\u0430\u03a3\u0928\u093f\u0627\u674e\u0301\u0308\u20dd\u202e\u2066\u200b\ufeff"
    "\uff11\u0663\u096a\u00bd\u2460:#,+=-.' \t\r\u2028\x0c\U0001f3b2\U0001d7d8"
)
NUMBER = re.compile(rb"[0-9]+")


def mutate(rng: random.Random, log: str, edits: int | None = None) -> bytes:
    """Return the bytes of ``log`` after ``edits`` (default: 1 to 4) random edits."""
    data = log.encode("utf-8")
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        data = rng.choice(EDITS)(rng, data)
    return data


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def delete_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def repeat_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    index = rng.randrange(len(lines))
    lines[index:index] = [lines[index]] * rng.choice((1, 2, 50))
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[first], lines[second] = lines[second], lines[first]
    return b"\n".join(lines)


def insert_characters(rng: random.Random, data: bytes) -> bytes:
    text = "".join(rng.choice(ANY_SCRIPT) for _ in range(rng.randint(1, 6))).encode("utf-8")
    at = rng.randint(0, len(data))
    return data[:at] + text + data[at:]


def pad_number(rng: random.Random, data: bytes) -> bytes:
    numbers = list(NUMBER.finditer(data))
    if not numbers:
        return data
    number = rng.choice(numbers)
    zeros = b"0" * rng.choice((1, 8, 9, 5000))
    return data[:number.start()] + zeros + data[number.start():]


def long_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index] * rng.choice((100, 2000)) or b"x" * 100_000)
    return b"\n".join(lines)


def random_bytes(rng: random.Random, data: bytes) -> bytes:
    at = rng.randint(0, len(data))
    return data[:at] + rng.randbytes(rng.randint(1, 8)) + data[at:]


def cut(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randint(0, len(data))]


EDITS = (delete_line, repeat_line, swap_lines, insert_characters, insert_characters,
         pad_number, long_line, random_bytes, cut)
