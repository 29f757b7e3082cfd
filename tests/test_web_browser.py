"""The web app used as a person uses it, in real Chromium (Debian's ``chromium`` driven by
Playwright's Python package with the system browser's executable): at a phone's width
and a desktop's, by keyboard alone (docs/web.md, "Tested in a browser").

The app runs under uvicorn on a free loopback port for the module. Skipped where no
Chromium is installed.
"""

from __future__ import annotations

import random
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitgen.games.knucklebones.rules import Column, Grid, preview_placement
from kitgen.web.app import create_app, placement_table
from kitgen.web.guard import Access
from kitgen.web.store import open_store

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# the slow tier: a browser start and a match played key by key take a minute or two
pytestmark = [pytest.mark.render,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium)")]
CASES = Path(__file__).parent / "fixtures" / "cases"
VIEWPORTS = {"phone": {"width": 375, "height": 740}, "desktop": {"width": 1280, "height": 900}}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, object]]:
    import uvicorn

    port = free_port()
    store = open_store(tmp_path_factory.mktemp("data"))
    app = create_app(Access.for_address("127.0.0.1", port), store)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", store
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture(params=list(VIEWPORTS))
def page(request, browser):
    context = browser.new_context(viewport=VIEWPORTS[request.param], accept_downloads=True)
    yield context.new_page()
    context.close()


def tab_to(page, selector: str, most: int = 60) -> None:
    """Press Tab until the element ``selector`` has the focus (keyboard alone)."""
    target = page.locator(selector).first
    for _ in range(most):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}")


def test_a_faulty_log_uploaded_shows_its_fault_at_its_line(server, page):
    address, _ = server
    page.goto(f"{address}/check")
    page.set_input_files("#files", [str(CASES / "classic-12-2p-bad-roll.log"), str(CASES / "classic-12-2p-valid.log")])
    tab_to(page, "button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{address}/validate")
    page.wait_for_selector("section.log")
    row = page.locator("section.faulty tbody tr").first
    assert row.locator("td").all_inner_texts() == ["10", "", "0+4: a die shows 1 to 6, not 0."]
    assert page.locator("section.valid h2").inner_text().startswith("classic-12-2p-valid.log")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll


def test_a_knucklebones_match_played_by_keyboard_shows_the_rules_cores_previews(server, page):
    address, store = server
    rng = random.Random(7)
    page.goto(f"{address}/table")
    tab_to(page, "#players")
    page.keyboard.type("Ana, Ben")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/table/\d+$"))
    number = int(page.url.rsplit("/", 1)[1])
    for _ in range(200):
        if page.locator("p.result").count():
            break
        face = rng.randint(1, 6)
        tab_to(page, "#face")
        page.keyboard.type(str(face))
        page.keyboard.press("Enter")
        page.wait_for_selector("[data-face]")
        saved = store.live_table(number)
        played = placement_table(saved.rules).replay(saved.players, saved.placements)
        seat = played.due
        mine, theirs = played.grids if played.match.playing else (Grid(), Grid())
        if seat == 1:
            mine, theirs = theirs, mine
        buttons = page.locator("form.place button")
        shown = buttons.all_inner_texts()
        playable = [column for column in Column if not mine.column_full(column)]
        assert len(shown) == len(playable)
        for text, column in zip(shown, playable, strict=True):
            preview = preview_placement(mine, theirs, face, column)
            assert f"column score {preview.column_score}," in text and f"removes {preview.removed} of" in text
        tab_to(page, f"form.place button >> nth={rng.randrange(len(shown))}")
        page.keyboard.press("Enter")
        page.wait_for_selector("#face, p.result")
    else:
        pytest.fail("the match never ended")
    assert re.fullmatch(r"(Ana|Ben) wins\.|A draw\.", page.locator("p.result").inner_text())
    with page.expect_download() as download:
        page.click("text=Download the game's log")
    assert download.value.suggested_filename == f"table-{number}.log"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_kit_made_in_the_browser_downloads(server, page, tmp_path):
    address, _ = server
    page.goto(f"{address}/kit")
    page.select_option("#rules", "knucklebones")
    tab_to(page, "#players")
    page.keyboard.type("Ana, Ben")
    page.select_option("#paper", "a4")
    with page.expect_download(timeout=120_000) as download:
        tab_to(page, "button[type=submit]")
        page.keyboard.press("Enter")
    assert download.value.suggested_filename == "kit.pdf"
    saved = tmp_path / "kit.pdf"
    download.value.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF-")


def test_a_shut_the_box_turn_by_keyboard_offers_one_die_exactly_when_allowed(server, page):
    from kitgen.games import find_preset
    from kitgen.games.box.rules import fresh_box, one_die_allowed

    address, _ = server
    rules = find_preset("hundred").configure()
    page.goto(f"{address}/box")
    page.select_option("#rules", "hundred")
    tab_to(page, "#players")
    page.keyboard.type("Ana, Ben")
    tab_to(page, "form button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/box/\d+$"))
    box = fresh_box(rules.tiles)
    # 9, 8, 7 shut by throws of their own, then 6+5 as 5+6: the high tiles go and one die comes in
    for throw, tiles in (("5+4", (9,)), ("4+4", (8,)), ("3+4", (7,)), ("5+6", (5, 6))):
        assert (page.locator("[data-one-die]").count() == 1) == one_die_allowed(rules, box)
        claim_by_keyboard(page, throw, tiles)
        assert page.locator("p.verdict").inner_text().startswith("valid: ")
        box &= ~sum(1 << (tile - 1) for tile in tiles)
    assert one_die_allowed(rules, box) and page.locator("[data-one-die]").count() == 1
    tab_to(page, "[data-one-die]")
    page.keyboard.press("Enter")
    page.wait_for_selector("button[value=claim]")
    assert re.search(r"Throw die [1-6]", page.locator("legend").inner_text())


def claim_by_keyboard(page, throw: str, tiles: tuple[int, ...]) -> None:
    """Type ``throw``, tick ``tiles`` and claim them (no tiles: claim no move), by keyboard."""
    tab_to(page, "#throw")
    page.keyboard.type(throw)
    page.keyboard.press("Enter")
    page.wait_for_selector("button[value=claim]")
    for tile in tiles:
        tab_to(page, f"input[name=tile][value='{tile}']")
        page.keyboard.press("Space")
    tab_to(page, "button[value=claim]" if tiles else "button[value=none]")
    page.keyboard.press("Enter")
    page.wait_for_selector("p.verdict")


def test_a_classic_game_of_two_played_by_keyboard_to_its_result(server, page):
    address, _ = server
    page.goto(f"{address}/box")
    page.select_option("#rules", "classic")
    tab_to(page, "#players")
    page.keyboard.type("Ana, Ben")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/box/\d+$"))
    turns = {  # Ana leaves 1 4 6 open (11); Ben shuts the box, the last tile with one die
        "Ana": (("4+4", (8,)), ("1+1", (2,)), ("6+6", (9, 3)), ("6+6", (5, 7)), ("6+6", ())),
        "Ben": (("5+4", (9,)), ("4+4", (8,)), ("3+4", (7,)), ("5+6", (5, 6)), ("1+2", (3,)), ("2+2", (4,)),
                ("1+1", (2,)), ("die 1", (1,))),
    }
    for name, throws in turns.items():
        assert page.locator("h2.turn").inner_text() == f"Round 1: {name}'s turn"
        for throw, tiles in throws:
            claim_by_keyboard(page, throw, tiles)
            assert page.locator("p.verdict").inner_text().startswith("valid: ")
        score = 11 if name == "Ana" else 0
        assert page.locator("p.ended").inner_text() == f"{name}'s turn is over: the box says {score}."
    result = page.locator("section.result")
    assert result.locator("h2").inner_text() == "The game is over"
    assert "winner: Ben (lowest score" in result.inner_text()
    assert "Ben's best at classic: 0 (the lowest turn score)" in result.locator("ul.bests").inner_text()
    assert page.locator("[data-total]").all_inner_texts() == ["11", "0"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    with page.expect_download() as download:
        tab_to(page, "text=Download the game's log")
        page.keyboard.press("Enter")
    assert download.value.suggested_filename.startswith("box-")


def test_a_kits_preview_shows_its_first_pages_as_images(server, page):
    address, _ = server
    page.goto(f"{address}/kit")
    tab_to(page, "#players")
    page.keyboard.type("Ana, Ben")
    tab_to(page, "button[formaction='/kit?part=preview']")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{address}/kit?part=preview", timeout=120_000)
    images = page.locator(".preview img")
    assert [image.get_attribute("alt") for image in images.all()] == [
        "Page 1 of the kit", "Page 2 of the kit", "Page 3 of the kit", "Page 1 of the host key"]
    page.wait_for_function("[...document.querySelectorAll('.preview img')].every(image => image.naturalWidth > 0)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_two_logs_checked_show_the_standings_and_download_the_session_report(server, page):
    address, _ = server
    logs = [str(CASES / "classic-12-2p-valid.log"), str(CASES / "classic-12-2p-bad-roll.log")]
    page.goto(f"{address}/check")
    page.set_input_files("#files", logs)
    with page.expect_download(timeout=120_000) as download:
        tab_to(page, "button[formaction='/report']")
        page.keyboard.press("Enter")
    assert download.value.suggested_filename == "report.pdf"
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF-")
    page.set_input_files("#files", logs)
    tab_to(page, "button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("table.standings")
    rows = page.locator("table.standings tbody tr")
    assert [row.locator("td").nth(1).inner_text() for row in rows.all()] == ["Ana", "Ana", "Ben", "Ben"]
    tab_to(page, "[role=region][aria-label=Standings]")  # a table wider than a phone scrolls by keyboard
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_session_saved_by_keyboard_is_listed_and_opens_with_its_faults_and_report(server, page):
    address, _ = server
    page.goto(f"{address}/check")
    page.set_input_files("#files", [str(CASES / "classic-12-2p-valid.log"), str(CASES / "classic-12-2p-bad-roll.log")])
    name = f"Monday {page.viewport_size['width']}"
    tab_to(page, "#session-name")
    page.keyboard.type(name)
    tab_to(page, "button[formaction='/sessions']")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/sessions/\d+$"))
    assert page.locator("h1").inner_text() == name
    assert page.locator("section.faulty tbody tr td").nth(2).inner_text() == "0+4: a die shows 1 to 6, not 0."
    assert page.locator("table.standings tbody tr").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.goto(f"{address}/check")
    tab_to(page, f"table.sessions a >> text={name}")
    page.keyboard.press("Enter")
    page.wait_for_selector("table.standings")
    assert page.locator("h1").inner_text() == name
