"""The web app's routes (docs/web.md), through Starlette's test client: the JSON face,
the pages, and what keeps the app to its user."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import kitgen.text
import kitgen.web.app
import kitgen.web.guard
from kitgen.cli import app as cli
from kitgen.web.app import MAX_UPLOADS, create_app
from kitgen.web.guard import ACCESS_COOKIE, PAGE_TOKEN_FIELD, Access
from kitgen.web.kit_form import kit_fields
from kitgen.web.store import MIGRATIONS, STORE_NAME, VERSION, StoreError, open_store

FIXTURES = Path(__file__).parent / "fixtures"
CASES = FIXTURES / "cases"
ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
AS_JSON = {"origin": ORIGIN, "accept": "application/json"}
PAGE = {"accept": "text/html"}


@pytest.fixture
def access() -> Access:
    return Access.for_address("127.0.0.1", 8000)


@pytest.fixture
def client(tmp_path, access) -> TestClient:
    return TestClient(create_app(access, open_store(tmp_path / "data")), base_url=ORIGIN)


def uploads(*paths: Path) -> list[tuple[str, tuple[str, bytes]]]:
    return [("files", (path.name, path.read_bytes())) for path in paths]


def test_health_answers_ok(client):
    answer = client.get("/health")
    assert (answer.status_code, answer.text) == (200, "ok")


@pytest.mark.parametrize("case", ["classic-12-2p-valid.log", "classic-12-2p-bad-roll.log",
                                  "classic-12-2p-unknown-player.log"])
def test_validate_answers_the_array_kitgen_validate_json_prints(client, case, monkeypatch):
    files = [CASES / case, FIXTURES / "roster-7.txt"]  # a valid or faulty log, and a file that is no log
    answer = client.post("/validate", files=uploads(*files), headers=AS_JSON)
    monkeypatch.chdir(FIXTURES)
    printed = CliRunner().invoke(cli, ["validate", "--json", f"cases/{case}", "roster-7.txt"])
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    expected = printed.stdout.replace(f"cases/{case}", case)  # the CLI names the file as given, the app as uploaded
    assert answer.text == expected
    assert [log["file"] for log in json.loads(answer.text)] == [case, "roster-7.txt"]


def test_the_check_page_shows_each_fault_at_its_line_in_validates_words(client):
    answer = client.post("/validate", files=uploads(CASES / "classic-12-2p-bad-roll.log"), headers=SAME_ORIGIN)
    assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
    assert "<td>10</td><td></td><td>0+4: a die shows 1 to 6, not 0.</td>" in answer.text


def test_an_unreadable_upload_gets_the_clis_sentence(client):
    answer = client.post("/validate", files=[("files", ("empty.log", b"  \n"))], headers=AS_JSON)
    assert json.loads(answer.text) == [{"file": "empty.log", "valid": False, "unreadable": "'empty.log' is empty."}]


def test_an_upload_named_as_a_module_is_read_never_run(client, tmp_path):
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').close()\n".encode()
    files = [("files", (name, code)) for name in ("json.py", "typer.py", "kitgen.py", "codecs.py")]
    answer = client.post("/validate", files=files, headers=AS_JSON)
    assert answer.status_code == 200
    assert [log["valid"] for log in json.loads(answer.text)] == [False] * 4
    assert not marker.exists()


@pytest.mark.parametrize("name", ["", "-", "..", "a/.."])
def test_an_upload_whose_name_names_no_file_is_refused(client, name):
    answer = client.post("/validate", files=[("files", (name, b"rules: strip\n"))], headers=SAME_ORIGIN)
    assert answer.status_code == 400 if name else 400
    assert "Traceback" not in answer.text and answer.text.startswith("kitgen: ")


def test_an_uploads_folder_is_dropped_from_its_name(client):
    files = [("files", ("../../etc/" + "club.log", (Path("examples") / "club.log").read_bytes()))]
    answer = client.post("/validate", files=files, headers=AS_JSON)
    assert [log["file"] for log in json.loads(answer.text)] == ["club.log"]


def test_two_uploads_of_one_name_are_refused(client):
    answer = client.post("/validate", files=uploads(CASES / "classic-12-2p-valid.log") * 2, headers=SAME_ORIGIN)
    assert answer.status_code == 400
    assert answer.text == "kitgen: two files are named 'classic-12-2p-valid.log'; rename one and send them again.\n"


def test_uploads_are_bounded_in_count(client):
    files = [("files", (f"{number}.log", b"x")) for number in range(MAX_UPLOADS + 1)]
    answer = client.post("/validate", files=files, headers=SAME_ORIGIN)
    assert (answer.status_code, answer.text) == (400, f"kitgen: send at most {MAX_UPLOADS} files at once.\n")


def test_uploads_are_bounded_in_size(client, monkeypatch):
    monkeypatch.setattr(kitgen.web.guard, "MAX_BODY_BYTES", 1000)
    answer = client.post("/validate", files=[("files", ("big.log", b"#" * 2000))], headers=SAME_ORIGIN)
    assert answer.status_code == 413 and "larger than" in answer.text


def test_a_body_sent_in_chunks_is_bounded_as_it_is_read(client, monkeypatch):
    monkeypatch.setattr(kitgen.web.guard, "MAX_BODY_BYTES", 1000)
    boundary = "kitgen"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big.log\"\r\n\r\n"
            + "#" * 5000 + f"\r\n--{boundary}--\r\n").encode()

    def chunks():
        yield from (body[at:at + 500] for at in range(0, len(body), 500))

    answer = client.post("/validate", content=chunks(), headers={
        **SAME_ORIGIN, "content-type": f"multipart/form-data; boundary={boundary}"})
    assert answer.status_code == 413


def test_a_cross_site_post_is_refused(client):
    for headers in ({"origin": "http://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}):
        answer = client.post("/validate", files=uploads(CASES / "classic-12-2p-valid.log"), headers=headers)
        assert answer.status_code == 403
        assert answer.text == "kitgen: a form of another site cannot post to kitgen's app.\n"


def test_a_post_without_origin_needs_the_page_token(client, access):
    files = uploads(CASES / "classic-12-2p-valid.log")
    refused = client.post("/validate", files=files, headers={"accept": "application/json"})
    assert refused.status_code == 403
    assert refused.json() == {"error": "this form is not one of kitgen's pages; open the page again and resend it."}
    wrong = client.post("/validate", files=files, data={PAGE_TOKEN_FIELD: "guess"})
    assert wrong.status_code == 403
    taken = client.post("/validate", files=files, data={PAGE_TOKEN_FIELD: access.page_token},
                        headers={"accept": "application/json"})
    assert taken.status_code == 200 and taken.json()[0]["valid"] is True


def test_the_pages_carry_the_page_token(client, access):
    for path in ("/kit", "/check"):
        assert f'name="{PAGE_TOKEN_FIELD}" value="{access.page_token}"' in client.get(path).text


def test_a_request_naming_another_host_is_refused(client):
    for host in ("evil.example", "127.0.0.1.evil.example:8000", "127.0.0.1:8001"):
        assert client.get("/", headers={"host": host}).status_code == 421


def test_beyond_loopback_every_request_needs_the_access_token(tmp_path):
    access = Access.for_address("0.0.0.0", 8000)
    assert access.access_token
    client = TestClient(create_app(access, open_store(tmp_path)), base_url="http://192.0.2.1:8000")
    assert client.get("/health").text == "ok"
    assert client.get("/kit").status_code == 403
    assert client.get("/kit?access=wrong").status_code == 403
    assert client.get("/kit", headers={"authorization": f"Bearer {access.access_token}"}).status_code == 200
    opened = client.get(f"/kit?access={access.access_token}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/kit"
    assert client.cookies.get(ACCESS_COOKIE) == access.access_token
    assert client.get("/kit").status_code == 200  # the browser's cookie from now on


def test_on_loopback_no_access_token_is_asked(access):
    assert access.access_token is None


def test_every_answer_keeps_other_sites_scripts_and_frames_out(client):
    headers = client.get("/kit").headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"  # no-referrer makes Chromium post with Origin: null


@pytest.mark.parametrize("path", ["/static/../../kitgen/web/app.py", "/static/%2e%2e/%2e%2e/pyproject.toml",
                                  "/static//etc/passwd", "/static/..%2fkit.html.j2"])
def test_nothing_is_served_from_outside_the_static_folder(client, path):
    answer = client.get(path, headers=PAGE)
    assert answer.status_code == 404 and "there is no page at this address." in answer.text


def test_the_stylesheet_is_served(client):
    assert client.get("/static/web.css").status_code == 200


def test_a_fault_of_kitgens_is_a_sentence_never_a_traceback(tmp_path, access, monkeypatch):
    def broken(*arguments):
        raise RuntimeError("/secret/path")

    monkeypatch.setattr(kitgen.web.app, "run_kitgen", broken)
    client = TestClient(create_app(access, open_store(tmp_path)), base_url=ORIGIN, raise_server_exceptions=False)
    answer = client.post("/validate", files=uploads(CASES / "classic-12-2p-valid.log"), headers=SAME_ORIGIN)
    assert answer.status_code == 500
    assert answer.text == ("kitgen: kitgen failed on it (RuntimeError); this is a fault in kitgen, "
                           "please report it.\n")


def test_the_kit_form_has_every_option_of_kitgen_kit_but_output_and_force(client):
    help_text = CliRunner().invoke(cli, ["kit", "--help"], env={"COLUMNS": "200"}).stdout
    options = {word.rstrip(",") for word in help_text.split() if word.startswith("--") and word != "--help"}
    assert {f"--{field.name}" for field in kit_fields()} == options - {"--output", "--force"}
    page = client.get("/kit").text
    for field in kit_fields():
        assert f'name="{field.name}"' in page


@pytest.mark.parametrize("form, sentence", [
    ({"output": "/etc/passwd"}, "'output' is not an option of kitgen kit."),
    ({"force": "on"}, "'force' is not an option of kitgen kit."),
    ({"large-print": "maybe"}, "--large-print is a tick box: give it on or off, not 'maybe'."),
])
def test_a_kit_form_the_command_would_not_take_is_refused_in_one_sentence(client, form, sentence):
    answer = client.post("/kit", data=form, headers=AS_JSON)
    assert (answer.status_code, answer.json()) == (400, {"error": sentence})


def test_the_host_key_part_needs_a_separate_host_key(client):
    answer = client.post("/kit?part=host-key", data={"host-key": "appended"}, headers=SAME_ORIGIN)
    assert answer.status_code == 400 and "separate" in answer.text


def test_a_kit_takes_only_a_roster_file(client):
    answer = client.post("/kit", files=[("players", ("x.txt", b"Ana"))], headers=SAME_ORIGIN)
    assert answer.text == "kitgen: a kit takes one file, its roster (field roster).\n"


def test_a_refusal_is_a_page_for_a_browser(client):
    answer = client.post("/kit", data={"output": "x"}, headers={**SAME_ORIGIN, **PAGE})
    assert answer.status_code == 400
    assert '<p class="refusal" role="alert">&#39;output&#39; is not an option of kitgen kit.</p>' in answer.text


def test_the_store_is_made_on_first_use_at_the_newest_version(tmp_path):
    store = open_store(tmp_path / "new" / "folder")
    assert store.path == tmp_path / "new" / "folder" / STORE_NAME and store.version() == VERSION
    assert (store.path.parent.stat().st_mode & 0o777) == 0o700
    assert open_store(tmp_path / "new" / "folder").version() == VERSION  # opened again, unchanged


def test_an_older_store_is_migrated(tmp_path):
    sqlite3.connect(tmp_path / STORE_NAME).close()  # version 0: an empty file
    store = open_store(tmp_path)
    with store.connect() as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert store.version() == len(MIGRATIONS) and "class" in tables


def test_a_newer_store_is_refused(tmp_path):
    with sqlite3.connect(tmp_path / STORE_NAME) as connection:
        connection.execute(f"PRAGMA user_version = {VERSION + 1}")
    with pytest.raises(StoreError, match="written by a newer kitgen"):
        open_store(tmp_path)


def test_a_file_that_is_no_store_is_refused(tmp_path):
    (tmp_path / STORE_NAME).write_bytes(b"not a database, just some text" * 100)
    with pytest.raises(StoreError, match="cannot be read"):
        open_store(tmp_path)


@pytest.mark.parametrize("arguments", [["--help"], ["rules"], ["serve", "--help"],
                                       ["check", "--open", "1 2 3", "--roll", "3", "--close", "3"],
                                       ["validate", str(CASES / "classic-12-2p-valid.log")]])
def test_commands_but_serve_do_not_import_the_web_stack(imported_by, arguments):
    assert imported_by(arguments, ("starlette", "uvicorn", "multipart", "weasyprint", "pypdf")) == []


def test_serve_refuses_a_port_that_is_none_in_one_sentence(tmp_path):
    result = CliRunner().invoke(cli, ["serve", "--port", "0", "--data", str(tmp_path)])
    assert result.exit_code == 2 and result.stderr == "kitgen: port 0 is not a port (1 to 65535).\n"


def test_a_roster_saved_as_a_class_is_listed_on_the_kit_page(client):
    roster = (Path("examples") / "class.csv").read_bytes()
    saved = client.post("/classes", data={"class-name": "Class 4B"}, files={"roster": ("class.csv", roster)},
                        headers=SAME_ORIGIN, follow_redirects=False)
    assert saved.status_code == 303 and saved.headers["location"] == "/kit?class=1"
    page = client.get("/kit?class=1").text
    assert '<option value="1" selected>Class 4B (' in page
    again = client.post("/classes", data={"class-name": "Class 4B", "players": "Ana, Ben"}, headers=AS_JSON)
    assert again.json() == {"id": 1, "name": "Class 4B", "names": ["Ana", "Ben"]}  # saved again, replaced


@pytest.mark.parametrize("form, sentence", [
    ({"class-name": "", "players": "Ana"}, "name the class in 1 to 80 characters, on one line."),
    ({"class-name": "4B"}, "give the class's names: a roster file or names typed in."),
    ({"class-name": "4B", "players": "Ana, Ana"}, None),
])
def test_a_class_that_cannot_be_saved_gets_one_sentence(client, form, sentence):
    answer = client.post("/classes", data=form, headers=AS_JSON)
    assert answer.status_code == 400
    if sentence is None:  # the name rule's own sentence, as kitgen kit --players says it
        printed = CliRunner().invoke(cli, ["kit", "--players", form["players"]])
        sentence = printed.stderr.strip().removeprefix("kitgen: ")
    assert answer.json() == {"error": sentence}


def test_a_kit_of_a_class_not_saved_is_refused(client):
    answer = client.post("/kit", data={"class": "7"}, headers=AS_JSON)
    assert answer.json() == {"error": "there is no saved class '7'; pick one the kit page lists."}


def zipped(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_zip_is_checked_as_its_files(client):
    valid, bad = CASES / "classic-12-2p-valid.log", CASES / "classic-12-2p-bad-roll.log"
    archive = zipped({f"club/{valid.name}": valid.read_bytes(), f"club/deeper/{bad.name}": bad.read_bytes()})
    answer = client.post("/validate", files=[("files", ("club.zip", archive))], headers=AS_JSON)
    one_by_one = client.post("/validate", files=uploads(valid, bad), headers=AS_JSON)
    assert answer.status_code == 200 and answer.text == one_by_one.text


@pytest.mark.parametrize("archive, fragment", [
    (b"PK\x03\x04 not really", "'club.zip' cannot be read as a zip."),
    (None, "send at most 100 files at once."),
    ("bomb", "'club.zip' unpacks to more than 1 MiB"),
])
def test_a_zip_past_the_bounds_is_refused_in_one_sentence(client, monkeypatch, archive, fragment):
    if archive is None:
        archive = zipped({f"{number}.log": b"x" for number in range(MAX_UPLOADS + 1)})
    elif archive == "bomb":
        monkeypatch.setattr(kitgen.web.app, "MAX_ZIP_BYTES", 2**20)
        archive = zipped({"big.log": b"#" * (3 * 2**20)})  # a few KiB packed
    answer = client.post("/validate", files=[("files", ("club.zip", archive))], headers=AS_JSON)
    assert answer.status_code == 400 and answer.json()["error"].startswith(fragment)


def test_transcribe_refuses_a_file_that_is_no_filled_kit_in_the_clis_sentence(client):
    answer = client.post("/transcribe", files={"kit": ("club.pdf", b"not a pdf")}, headers=AS_JSON)
    assert answer.json() == {"error": "'club.pdf' is not a PDF."}


@pytest.mark.parametrize("path, form", [
    ("/table/99999999999999999999999", None), ("/box/99999999999999999999999", None),
    ("/kit", {"class": "\u00b2"}), ("/kit", {"class": "99999999999999999999999"}),
])
def test_numbers_past_what_the_store_holds_are_one_sentence(client, path, form):
    answer = (client.get(path, headers=PAGE) if form is None
              else client.post(path, data=form, headers={**SAME_ORIGIN, "accept": "application/json"}))
    assert answer.status_code in (400, 404) and "fault in kitgen" not in answer.text


def test_a_typed_face_or_tile_in_other_digits_is_one_sentence(client):
    client.post("/table", data={"rules": "knucklebones", "players": "Ana, Ben"}, headers=SAME_ORIGIN)
    answer = client.post("/table/1", data={"action": "roll", "face": "\u00b3"}, headers=AS_JSON)
    assert answer.status_code == 400 and "fault in kitgen" not in answer.text
    client.post("/box", data={"rules": "strip", "players": "Ana"}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "throw", "throw": "8"}, headers=SAME_ORIGIN)
    answer = client.post("/box/1", data={"action": "claim", "tile": "\u00b2"}, headers=AS_JSON)
    assert answer.status_code == 400 and "fault in kitgen" not in answer.text


def test_a_page_in_another_language_shows_the_faults_in_it_too(client):
    kitgen.text.use_language("fr")
    answer = client.post("/validate", files=uploads(CASES / "classic-12-2p-bad-roll.log"), headers=SAME_ORIGIN)
    assert answer.status_code == 200 and '<html lang="fr">' in answer.text
    assert "un dé montre de 1 à 6, pas 0." in answer.text and "a die shows" not in answer.text


def test_the_kit_forms_language_is_a_list_showing_the_apps_language(client):
    kitgen.text.use_language("de")
    page = client.get("/kit").text
    assert '<option selected>de</option>' in page and "<option>fr</option>" in page


@pytest.mark.parametrize("address", ["/kit/preview/none-such/0", "/kit/preview/x/99999999999999999999"])
def test_a_preview_the_app_did_not_make_is_no_page(client, address):
    assert client.get(address, headers=PAGE).status_code == 404
