"""Print pip constraints that pin each dependency of pyproject.toml to its lowest declared
version (``name>=X`` becomes ``name==X``), so CI can test the floors the package promises."""

import re
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
for requirement in project["dependencies"]:
    floor = re.match(r"\s*([A-Za-z0-9._-]+)\s*>=\s*([^,;\s]+)", requirement)
    if floor:
        print(f"{floor[1]}=={floor[2]}")
