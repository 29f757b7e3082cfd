"""Where WeasyPrint keeps a font configuration's copies of the fonts: the one private name
read here, ``FontConfiguration._folder`` (checked on WeasyPrint 70.0, which removes that
folder only when the configuration is garbage-collected).

The plain path, for any other WeasyPrint: let the configuration go and collect it, so that
WeasyPrint removes the folder itself (its ``__del__``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitgen.engine import WEASYPRINT_CHECKED


def contract_holds() -> bool:
    """Return whether this WeasyPrint is the one :data:`WEASYPRINT_CHECKED` names."""
    import weasyprint

    return bool(weasyprint.__version__ == WEASYPRINT_CHECKED)


def font_copies_folder(font_config: Any) -> Path | None:
    """Return the folder where WeasyPrint wrote the copies of the fonts for ``font_config``,
    or ``None`` where it cannot be told (another WeasyPrint: take the plain path, drop the
    configuration and :func:`gc.collect`) or there is none."""
    if not contract_holds():
        return None
    folder = getattr(font_config, "_folder", None)
    return Path(folder) if folder else None
