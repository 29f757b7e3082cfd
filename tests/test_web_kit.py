"""``POST /kit`` makes the kit ``kitgen kit`` makes, byte for byte (docs/web.md, "The JSON
face"), and refuses in the command's sentence. Every test here runs ``kitgen kit``."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.guard import Access
from kitgen.web.store import open_store

pytestmark = pytest.mark.render

ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture
def client(tmp_path) -> TestClient:
    return TestClient(create_app(Access.for_address("127.0.0.1", 8000), open_store(tmp_path / "data")),
                      base_url=ORIGIN)


def cli_kit(arguments: list[str], folder: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kitgen", "kit", *arguments, "-o", str(folder / "kit.pdf")],
                          capture_output=True, check=False, cwd=Path(__file__).parent.parent)


def test_a_kit_and_its_host_key_are_the_clis_byte_for_byte(client, tmp_path):
    form = {"rules": "classic", "format": "best-of-3", "players": "Ana, Ben, Cy", "paper": "a4"}
    done = cli_kit(["--rules=classic", "--format=best-of-3", "--players=Ana, Ben, Cy", "--paper=a4"], tmp_path)
    assert done.returncode == 0, done.stderr
    kit = client.post("/kit", data=form, headers=SAME_ORIGIN)
    assert kit.status_code == 200 and kit.headers["content-type"] == "application/pdf"
    assert kit.headers["content-disposition"] == 'attachment; filename="kit.pdf"'
    assert kit.content == (tmp_path / "kit.pdf").read_bytes()
    key = client.post("/kit?part=host-key", data=form, headers=SAME_ORIGIN)
    assert key.content == (tmp_path / "kit-host-key.pdf").read_bytes()


def test_a_roster_upload_is_read_as_the_cli_reads_it(client, tmp_path):
    roster = (EXAMPLES / "class.csv").read_bytes()
    done = cli_kit(["--rules=strip", "--roster=examples/class.csv", "--paper=letter", "--host-key=none"], tmp_path)
    assert done.returncode == 0, done.stderr
    kit = client.post("/kit", data={"rules": "strip", "paper": "letter", "host-key": "none"},
                      files={"roster": ("class.csv", roster)}, headers=SAME_ORIGIN)
    assert kit.status_code == 200 and kit.content == (tmp_path / "kit.pdf").read_bytes()


@pytest.mark.parametrize("form, sentence", [
    ({"rules": "classic", "tiles": "11"}, "Invalid value for '--tiles': '11' is not one of '9', '12'."),
    ({"rules": "strip", "die-size": "20"}, "--die-size is for knucklebones, not strip."),
    ({"seats": "many"}, "Invalid value for '--seats': 'many' is not a valid integer."),
    ({"players": "Ana", "seats": "2"}, None),
])
def test_a_kit_the_cli_refuses_gets_its_sentence(client, tmp_path, form, sentence):
    answer = client.post("/kit", data=form, headers={**SAME_ORIGIN, "accept": "application/json"})
    if sentence is None:  # what the CLI says of it, whatever it is: the same words
        done = cli_kit([f"--{name}={value}" for name, value in form.items()], tmp_path)
        sentence = done.stderr.decode().strip().splitlines()[-1].removeprefix("kitgen: ")
    assert (answer.status_code, answer.json()) == (400, {"error": sentence})


def test_a_roster_that_is_no_roster_gets_the_clis_sentence_naming_it_as_uploaded(client):
    answer = client.post("/kit", files={"roster": ("class.xlsx", b"not a workbook")},
                         headers={**SAME_ORIGIN, "accept": "application/json"})
    assert answer.status_code == 400 and "'class.xlsx'" in answer.json()["error"]


def test_a_fillable_kit_made_here_and_filled_shows_each_fault_at_its_place(client, tmp_path):
    from fill_kits import fill_with_pypdf

    kit = client.post("/kit", data={"rules": "ten", "seats": "2", "tables": "2", "fillable": "on",
                                    "host-key": "none"}, headers=SAME_ORIGIN)
    assert kit.status_code == 200
    (tmp_path / "club.pdf").write_bytes(kit.content)
    fill_with_pypdf(tmp_path / "club.pdf", tmp_path / "filled.pdf", {
        "t2.seat1.player": "Ana", "t2.seat2.player": "Ben",
        "t2.rec01.r01.roll-total": "8", "t2.rec01.r01.numbers-closed": "8",
        "t2.rec01.r02.roll-total": "5 and 3",
    })
    files = [("files", ("filled.pdf", (tmp_path / "filled.pdf").read_bytes()))]
    documents = client.post("/validate", files=files, headers={**SAME_ORIGIN, "accept": "application/json"}).json()
    assert [document["file"] for document in documents] == ["filled.pdf (table 2)"]
    (syntax,) = [error for error in documents[0]["errors"] if error["code"] == "syntax"]
    page = client.post("/validate", files=files, headers=SAME_ORIGIN).text
    assert f"<td>{syntax['line']}</td><td>Table 2, Ana, row 2</td><td>{syntax['message']}</td>" in page.replace(
        "&#39;", "'")
    assert "<tr><td>1</td><td>filled-table-2.log</td>" in page  # the report of its table's transcribed log
    saved = client.post("/sessions", data={"session-name": "club"}, files=files,
                        headers={**SAME_ORIGIN, "accept": "application/json"}).json()
    assert saved["files"] == ["filled-table-2.log"]  # a saved session keeps a filled kit as its transcribed logs
    logs = client.post("/transcribe", files={"kit": ("filled.pdf", (tmp_path / "filled.pdf").read_bytes())},
                       headers=SAME_ORIGIN)
    assert logs.headers["content-disposition"] == 'attachment; filename="filled-logs.zip"'
    with zipfile.ZipFile(io.BytesIO(logs.content)) as archive:
        assert archive.namelist() == ["filled-table-2.log"]
        assert "players: Ana, Ben" in archive.read("filled-table-2.log").decode()


def test_a_kit_of_a_saved_class_is_the_kit_of_its_roster(client, tmp_path):
    saved = client.post("/classes", data={"class-name": "4B"},
                        files={"roster": ("class.csv", (EXAMPLES / "class.csv").read_bytes())}, headers=SAME_ORIGIN)
    assert saved.status_code == 200  # followed to the kit page
    done = cli_kit(["--rules=ten", "--roster=examples/class.csv", "--paper=a4", "--host-key=none"], tmp_path)
    assert done.returncode == 0, done.stderr
    kit = client.post("/kit", data={"class": "1", "rules": "ten", "paper": "a4", "host-key": "none"},
                      headers=SAME_ORIGIN)
    assert kit.status_code == 200 and kit.content == (tmp_path / "kit.pdf").read_bytes()


def test_a_preview_shows_the_kits_first_pages_and_its_host_keys_first_as_images(client, tmp_path):
    import re

    import pypdfium2
    from PIL import Image

    form = {"rules": "classic", "players": "Ana, Ben", "paper": "a4"}
    answer = client.post("/kit?part=preview", data=form, headers={**SAME_ORIGIN, "accept": "text/html"})
    assert answer.status_code == 200
    images = re.findall(r'<img src="(/kit/preview/[\w-]+/\d)" alt="([^"]+)">', answer.text)
    assert [alt for _, alt in images] == ["Page 1 of the kit", "Page 2 of the kit", "Page 3 of the kit",
                                          "Page 1 of the host key"]
    kit = client.post("/kit", data=form, headers=SAME_ORIGIN).content  # the very kit the download gives
    document = pypdfium2.PdfDocument(kit)
    width_pt = document[0].get_width()
    for address, _ in images:
        shown = client.get(address)
        assert shown.headers["content-type"] == "image/png" and shown.content.startswith(b"\x89PNG")
        width_px = int.from_bytes(shown.content[16:20], "big")
        assert abs(width_px - width_pt * 65 / 72) <= 1  # 65 dpi: an A4 page fits a phone's width
    first = document[0].render(scale=65 / 72).to_pil().convert("RGB")
    assert Image.open(io.BytesIO(client.get(images[0][0]).content)).convert("RGB").tobytes() == first.tobytes()


def test_a_preview_of_options_the_command_refuses_is_its_sentence(client):
    answer = client.post("/kit?part=preview", data={"rules": "classic", "tiles": "99"},
                         headers={**SAME_ORIGIN, "accept": "text/html"})
    assert answer.status_code == 400
    assert "Invalid value for &#39;--tiles&#39;" in answer.text and "<img" not in answer.text
