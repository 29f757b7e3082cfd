"""A kit with the ``ops`` option (docs/rules.md section 9): its rules card names the operations
with a worked number sentence for each, on A4 and on Letter in large print, with no layout
defect; the roll record and host key are still addition's (docs/rules.md, "Not yet
implemented")."""

from __future__ import annotations

from pathlib import Path

import pytest
from print_defects import print_defects
from pypdf import PdfReader

from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest

pytestmark = pytest.mark.render

CASES = {  # case: (preset, ops, request fields, number sentences the card prints)
    "classic-add+mul": ("classic", "add+mul", {"players": ("WWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMM", "Σοφία")},
                        ["6 + 2 = 8 = 3 + 5", "6 x 2 = 12 = 5 + 7"]),
    "ten-every-operation-large-letter": ("ten", "add+sub+mul+div", {"seats": 3, "large_print": True, "paper": "letter"},
                                         ["6 + 2 = 8 = 3 + 5", "6 - 2 = 4 = 1 + 3", "6 x 2 = 12 = 5 + 7",
                                          "6 / 2 = 3 = 1 + 2"]),
    "strip-sub": ("strip", "sub", {"seats": 2}, ["6 - 2 = 4 = 1 + 3", "makes no value has no move"]),
}


@pytest.mark.parametrize("case", CASES)
def test_the_rules_card_words_every_operation_and_prints_without_defects(tmp_path: Path, case):
    preset, ops, fields, sentences = CASES[case]
    rules = find_preset(preset).configure({"ops": ops})
    path = tmp_path / "kit.pdf"
    build_kit(KitRequest(rules, host_key="appended", output=path, force=True, **fields))
    everything = " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())
    assert "Operations" in everything
    for sentence in sentences:
        assert sentence in everything, sentence
    assert print_defects(path) == []
