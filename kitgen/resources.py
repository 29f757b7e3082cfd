"""Where kitgen's packaged data lives: the ``templates/`` and ``fonts/`` folders."""

from __future__ import annotations

from pathlib import Path

from kitgen.errors import RenderError
from kitgen.text import gettext

_PACKAGE = Path(__file__).resolve().parent


def data_folder(name: str) -> Path:
    """Return the folder ``name`` (``"templates"`` or ``"fonts"``) kitgen ships with.

    An installed wheel holds it in ``kitgen/_data/<name>`` (pyproject force-includes it);
    an editable install or a checkout has it beside the package, at ``<repo>/<name>``.
    Raises :class:`RenderError` naming both places when neither exists (a broken install).

    >>> data_folder("templates").name
    'templates'
    """
    places = (_PACKAGE / "_data" / name, _PACKAGE.parent / name)
    for place in places:
        if place.is_dir():
            return place
    raise RenderError(gettext("kitgen's {folder} folder is missing (looked in {place} and {other}).").format(
        folder=repr(name), place=places[0], other=places[1]))
