"""Fixtures shared by the kit test modules."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def kits(request, tmp_path_factory):
    """Return a function rendering one of the test module's cases once, with the module's
    own ``render(path, case) -> Path``, and returning the PDF's path."""
    folder = tmp_path_factory.mktemp(request.module.__name__.rpartition(".")[2])
    rendered: dict[str, Path] = {}

    def kit(case: str) -> Path:
        if case not in rendered:
            rendered[case] = request.module.render(folder / f"{case}.pdf", case)
        return rendered[case]

    return kit
