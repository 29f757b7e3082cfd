"""The check page's session report (docs/web.md): the same upload that ``/validate``
checks gives ``kitgen report``'s standings and figures as a page, and its PDF."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kitgen.textfile import MAX_BYTES
from kitgen.web.app import create_app
from kitgen.web.guard import Access
from kitgen.web.store import open_store

CASES = Path(__file__).parent / "fixtures" / "cases"
ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
LOGS = ("classic-12-2p-valid.log", "classic-12-2p-bad-roll.log")


@pytest.fixture
def client(tmp_path) -> TestClient:
    return TestClient(create_app(Access.for_address("127.0.0.1", 8000), open_store(tmp_path / "data")),
                      base_url=ORIGIN)


def uploads(*names: str) -> list[tuple[str, tuple[str, bytes]]]:
    return [("files", (name, (CASES / name).read_bytes())) for name in names]


def kitgen_run(arguments: list[str], folder: Path) -> subprocess.CompletedProcess[bytes]:
    """Run this tree's ``kitgen ARGUMENTS`` in ``folder`` holding the logs, as the app runs it."""
    for name in LOGS:
        (folder / name).write_bytes((CASES / name).read_bytes())
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "KITGEN_LANG": "en"}
    return subprocess.run([sys.executable, "-m", "kitgen", *arguments], capture_output=True, check=False,
                          cwd=folder, env=environment)

def test_the_checked_page_shows_the_session_reports_standings_and_dice(client, tmp_path):
    report = json.loads(kitgen_run(["report", "--json", *LOGS], tmp_path).stdout)
    page = client.post("/validate", files=uploads(*LOGS), headers=SAME_ORIGIN).text.replace("&#39;", "'")
    assert '<section class="report">' in page
    for row in report["standings"][0]["players"]:
        assert (f"<tr><td>{row['rank']}</td><td>{row['player']}</td><td>{row['table']}</td>"
                f"<td>{row['result']}</td>\n<td>{row['score']}</td>") in page
    assert '<th scope="col">Score</th><th scope="col">Turns</th>' in page
    assert report["dice"]["two_dice"]["verdict"] in page
    # a log with errors is named, with the pointer to validate, as the command names it
    assert ("classic-12-2p-bad-roll.log: 1 error, its figures taken as written; "
            "see kitgen validate classic-12-2p-bad-roll.log") in page


def test_a_log_that_cannot_be_read_is_a_table_of_the_report_with_its_sentence(client):
    files = [*uploads("classic-12-2p-valid.log"), ("files", ("empty.log", b"  \n"))]
    page = client.post("/validate", files=files, headers=SAME_ORIGIN).text.replace("&#39;", "'")
    assert "<tr><td>2</td><td>empty.log</td>\n<td>'empty.log' is empty.</td></tr>" in page


def test_the_json_face_of_validate_is_still_validates_array_alone(client):
    answer = client.post("/validate", files=uploads(*LOGS), headers={**SAME_ORIGIN, "accept": "application/json"})
    assert [log["file"] for log in answer.json()] == list(LOGS)


def test_the_report_of_no_file_is_one_sentence(client):
    answer = client.post("/report", data={"files": ""}, headers={**SAME_ORIGIN, "accept": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "choose at least one game log or filled kit to check."}


@pytest.mark.render
def test_the_session_report_downloads_as_the_pdf_kitgen_report_writes(client, tmp_path):
    done = kitgen_run(["report", "-o", "report.pdf", *LOGS], tmp_path)
    assert done.returncode == 1, done.stderr  # a log has errors: the report is still written
    answer = client.post("/report", files=uploads(*LOGS), headers=SAME_ORIGIN)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="report.pdf"'
    assert answer.content == (tmp_path / "report.pdf").read_bytes()


def save(client, name: str = "Monday", class_id: str = "", *logs: str):
    return client.post("/sessions", data={"session-name": name, "class": class_id},
                       files=uploads(*(logs or LOGS)), headers=SAME_ORIGIN, follow_redirects=False)


def test_a_session_saved_with_its_class_is_listed_on_the_check_page_and_opens_again(client):
    client.post("/classes", data={"class-name": "4B", "players": "Ana, Ben"}, headers=SAME_ORIGIN)
    saved = save(client, "Monday", "1")
    assert (saved.status_code, saved.headers["location"]) == (303, "/sessions/1")
    listed = client.get("/check").text
    assert re.search(r'<tr><td><a href="/sessions/1">Monday</a></td><td>4B</td><td>[\d-]+ [\d:]+ UTC</td>'
                     r"<td>2</td><td>1</td></tr>", listed)
    opened = client.get("/sessions/1").text
    assert "<h1>Monday</h1>" in opened and "Class: 4B;" in opened
    assert "<tr><td>10</td><td></td><td>0+4: a die shows 1 to 6, not 0.</td></tr>" in opened  # its faults
    assert '<table class="standings">' in opened and "<td>Ana</td>" in opened  # its report, from the stored logs


def test_a_session_keeps_the_logs_as_uploaded_and_its_verdicts(client, tmp_path):
    save(client, "Tuesday")
    store = open_store(tmp_path / "data")
    session, files = store.session(1)
    assert files == [(name, (CASES / name).read_bytes()) for name in LOGS]
    checked = client.post("/validate", files=uploads(*LOGS), headers={**SAME_ORIGIN, "accept": "application/json"})
    assert session.verdicts == checked.json() and session.class_name is None and session.faults == 1


@pytest.mark.parametrize("form, sentence", [
    ({"session-name": ""}, "name the session in 1 to 80 characters, on one line."),
    ({"session-name": "Monday", "class": "7"}, "there is no saved class '7'; pick one the kit page lists."),
])
def test_a_session_that_cannot_be_saved_gets_one_sentence(client, form, sentence):
    answer = client.post("/sessions", data=form, files=uploads(*LOGS),
                         headers={**SAME_ORIGIN, "accept": "application/json"})
    assert (answer.status_code, answer.json()) == (400, {"error": sentence})
    assert client.get("/sessions/1").status_code == 404


@pytest.mark.render
def test_a_saved_sessions_report_downloads_as_the_pdf_kitgen_report_writes(client, tmp_path):
    save(client, "Monday")
    done = kitgen_run(["report", "-o", "report.pdf", *LOGS], tmp_path)
    assert done.returncode == 1, done.stderr
    answer = client.get("/sessions/1/report")
    assert answer.headers["content-disposition"] == 'attachment; filename="session-1-report.pdf"'
    assert answer.content == (tmp_path / "report.pdf").read_bytes()


def test_a_session_with_a_file_larger_than_a_log_is_not_kept(client):
    # the store keeps what a log may be (4 MiB): a larger upload no command reads was kept
    large = ("huge.log", b"x" * (MAX_BYTES + 1), "text/plain")
    answer = client.post("/sessions", data={"session-name": "Monday"}, files=[("files", large)],
                         headers={**SAME_ORIGIN, "accept": "application/json"})
    assert (answer.status_code, answer.json()) == (
        400, {"error": "'huge.log' is larger than 4 MiB, too large for a game log."})
    assert client.get("/sessions/1").status_code == 404
