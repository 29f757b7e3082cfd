"""The package as Python users expect it (issue 12): licence, metadata, one version, a
clean sdist, a PyPI description without broken pictures, and the examples the README runs."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from kitgen import __version__

REPO = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """Build the sdist and the wheel with the project's backend (hatchling) into a folder."""
    folder = tmp_path_factory.mktemp("dist")
    code = "import sys, hatchling.build as b; b.build_sdist(sys.argv[1]); b.build_wheel(sys.argv[1])"
    subprocess.run([sys.executable, "-c", code, str(folder)], cwd=REPO, check=True, capture_output=True)
    return folder


def wheel_metadata(dist: Path):
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"kitgen-{__version__}.dist-info/METADATA").decode()
    return names, Parser().parsestr(metadata)


def test_the_version_is_written_once():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


def test_the_wheel_carries_the_licence_and_the_metadata(dist):
    names, metadata = wheel_metadata(dist)
    assert f"kitgen-{__version__}.dist-info/licenses/LICENSE" in names
    assert metadata["Version"] == __version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Author"] or metadata["Author-email"]
    assert "Topic :: Games/Entertainment :: Board Games" in metadata.get_all("Classifier")
    assert "kitgen/_data/templates/kit.css.j2" in names
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_pypi_description_has_no_picture_pypi_cannot_show(dist):
    _, metadata = wheel_metadata(dist)
    description = metadata.get_payload()
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert "kitgen kit" in description and "](docs/" not in description and "<!--" not in description


def test_the_sdist_leaves_out_ci_and_output(dist):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = [name.partition("/")[2] for name in archive.getnames()]
    assert "LICENSE" in names and "pyproject.toml" in names and "examples/class.csv" in names
    assert not [name for name in names if name.startswith((".ci", "output", ".venv"))]
