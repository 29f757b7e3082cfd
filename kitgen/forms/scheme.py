"""The field-name scheme of fillable kits and the manifest they carry (docs/FORMS.md).

A fillable kit names every form field after the place it fills on the printed sheet:
``t2.rec03.r05.numbers-closed`` is table 2, the third roll record in print order, row 5,
the "Numbers closed" column. Column and label words become keys by :func:`field_key`, so
the scheme follows the kit's own wording. The kit also embeds a JSON manifest
(:class:`Manifest`): what the kit is for (preset line, tables, seats, names), so that a
filled kit is read back with nothing else. This module imports neither WeasyPrint nor
pypdf.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

SCHEME_VERSION = 1  # docs/FORMS.md: raised whenever a field name's meaning changes
MANIFEST_NAME = "kitgen-kit.json"  # the embedded file a fillable kit carries
MANIFEST_KIND = "kitgen fillable kit"


def field_key(words: str) -> str:
    """Return the field-name key of a printed label or column heading: lower case,
    every run of other characters than letters and digits one ``-``.

    >>> field_key("Dice (1/2)")
    'dice-1-2'
    """
    return re.sub(r"[^0-9a-z]+", "-", words.lower()).strip("-")


def field_title(name: str) -> str:
    """Return a field name in words, the field's tooltip in a viewer and what a screen
    reader says for it.

    >>> field_title("t2.rec03.r05.numbers-closed")
    'Table 2, record 3, row 5, numbers closed'
    """
    words = []
    for part in name.split("."):
        found = re.fullmatch(r"([a-z]+)(\d+)", part)
        if found and found[1] in _NUMBERED:
            words.append(f"{_NUMBERED[found[1]]} {int(found[2])}")
        else:
            words.append(part.replace("-", " "))
    return ", ".join(words)


_NUMBERED = {"t": "Table", "rec": "record", "r": "row", "strip": "strip", "tile": "tile", "seat": "seat",
             "sheet": "sheet", "board": "game"}


def table_prefix(number: int) -> str:
    """Return the prefix of every field of table ``number``, e.g. ``"t2"``."""
    return f"t{number}"


@dataclass(frozen=True)
class Manifest:
    """What a fillable kit is for: the ``rules`` line of its logs (``"classic tiles=12"``),
    its ``tables``' seats (a name, or ``""`` for a seat to write in), each table's roll
    ``records`` in print order as printed (player and round, ``""`` where written in) and
    the field scheme ``version`` its fields follow."""

    rules: str
    tables: tuple[tuple[str, ...], ...]
    records: tuple[tuple[tuple[str, str], ...], ...] = ()
    version: int = SCHEME_VERSION

    def to_json(self) -> bytes:
        """Return the manifest as the JSON file a kit embeds (keys sorted: the same kit is
        the same bytes)."""
        document = {
            "kind": MANIFEST_KIND,
            "scheme": self.version,
            "rules": self.rules,
            "preset": self.rules.split()[0],
            "tables": [
                {"table": number, "seats": list(seats),
                 "records": [list(record) for record in (self.records[number - 1] if self.records else ())]}
                for number, seats in enumerate(self.tables, start=1)
            ],
        }
        return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=1).encode()

    @classmethod
    def from_json(cls, data: bytes) -> Manifest:
        """Return the manifest in ``data``.

        Raises :class:`ValueError` with one sentence when ``data`` is not a kitgen manifest
        or follows a newer field scheme than this kitgen reads.
        """
        try:
            document: Any = json.loads(data)
            kind, version = document["kind"], document["scheme"]
        except (ValueError, TypeError, KeyError):
            raise ValueError("its embedded manifest cannot be read.") from None
        if kind != MANIFEST_KIND or not isinstance(version, int):
            raise ValueError("its embedded manifest is not a kitgen kit's.")
        if version > SCHEME_VERSION:
            raise ValueError(
                f"it was made by a newer kitgen (field scheme {version}; this kitgen reads "
                f"scheme {SCHEME_VERSION}): update kitgen to read it."
            )
        try:
            tables = tuple(tuple(str(name) for name in table["seats"]) for table in document["tables"])
            records = tuple(tuple((str(player), str(number)) for player, number in table.get("records", ()))
                            for table in document["tables"])
            return cls(str(document["rules"]), tables, records, version)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("its embedded manifest cannot be read.") from None
