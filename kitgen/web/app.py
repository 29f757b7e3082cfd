"""The web app of ``kitgen serve`` (docs/web.md): its routes, pages and answers.

Each route reads a request, runs the one kitgen command that answers it
(:mod:`kitgen.web.commands`) and shows what the command printed: a page for a browser,
the command's own output for a tool (a PDF, ``kitgen validate --json``'s array). Bad input
gets the command's sentence, on the page or as the answer; nothing is served from outside
the package's ``templates/web`` and nothing of the server's files is named.
"""

from __future__ import annotations

import json
import secrets
import shutil
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from kitgen import __version__
from kitgen.errors import KitgenError, quote
from kitgen.games import find_game
from kitgen.games.live import PLACEMENTS, TURN, PlacementTable, TurnTable
from kitgen.games.preset import Option, Rules
from kitgen.kit.output import HOST_KEY_SUFFIX
from kitgen.resources import data_folder
from kitgen.text import gettext
from kitgen.text.problems import describe
from kitgen.text.templates import I18N_EXTENSION, install_words
from kitgen.textfile import MAX_BYTES
from kitgen.web.commands import KIT_TIMEOUT_S, RENDERS, VALIDATE_TIMEOUT_S, Finished, run_kitgen, work_folder
from kitgen.web.guard import PAGE_TOKEN_FIELD, Access, BodyTooLarge, Guard, posted_from_the_app, too_large
from kitgen.web.kit_form import choices_of, default_choice, kit_arguments, kit_fields
from kitgen.web.store import BestResult, SavedClass, SavedGame, SavedSession, SavedTable, Store

MAX_UPLOADS = 100  # files a post may send (logs and filled kits to check; a roster)
MAX_FIELDS = 100
MAX_ZIP_BYTES = 256 * 1024 * 1024  # a zip's files unpacked, in all
MAX_FIELD_BYTES = 1024 * 1024  # a field that is not a file: 500 names of 40 characters are 20 KiB
KIT_NAME = "kit.pdf"
CLASS_FIELD = "class"  # the kit form's saved class (its id), read as a roster of its names
MAX_CLASS_NAME_CHARS = 80
MAX_ID = 2**62  # a saved table's number: SQLite's integers stop at 2**63 - 1
PAGES = {PLACEMENTS: "table.html.j2", TURN: "box.html.j2"}  # the page of each kind of live table
REPORT_NAME = "report.pdf"
SESSION_NAME_FIELD = "session-name"  # the check form's name of a session to save
CHECK_FIELDS = ("files", PAGE_TOKEN_FIELD, SESSION_NAME_FIELD, CLASS_FIELD)  # the check form's fields
PREVIEW_KIT_PAGES = 3  # the kit's first pages shown as images, and the host key's first
PREVIEW_DPI = 65  # an A4 page 538 px wide: a phone's width
PREVIEWS_KEPT = 16  # previews kept in memory (the newest), each a few PNGs of some 50 KiB


class Refused(KitgenError):
    """A request the app refuses, with its HTTP ``status`` and one sentence."""

    def __init__(self, sentence: str, status: int = 400) -> None:
        super().__init__(sentence)
        self.status = status


def web_templates() -> Jinja2Templates:
    """Return the page templates of ``templates/web``, worded through kitgen's catalogs."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_folder("templates") / "web"),
        autoescape=True, extensions=[I18N_EXTENSION], undefined=jinja2.StrictUndefined,
    )
    return Jinja2Templates(env=install_words(environment))


def wants_json(request: Request) -> bool:
    """Return whether the request asks for JSON (``Accept: application/json``)."""
    return "application/json" in request.headers.get("accept", "")


def wants_page(request: Request) -> bool:
    """Return whether the request is a browser's, asking for a page."""
    return "text/html" in request.headers.get("accept", "") and not wants_json(request)


class App:
    """The routes of the app, sharing its access, store and templates."""

    def __init__(self, access: Access, store: Store) -> None:
        self.access = access
        self.store = store
        self.templates = web_templates()
        self.previews: OrderedDict[str, tuple[bytes, ...]] = OrderedDict()  # an unguessable id: its pages as PNG
        self.previews_lock = threading.Lock()

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        """Return the page ``name`` with ``context``, the page token and the version."""
        return self.templates.TemplateResponse(request, name, {
            "page_token": self.access.page_token, "page_token_field": PAGE_TOKEN_FIELD, "version": __version__,
            **context}, status_code=status)

    def refusal(self, request: Request, sentence: str, status: int = 400) -> Response:
        """Return the refusal of a request in one sentence: a page for a browser, else
        ``{"error": ...}`` for JSON, else the command's ``kitgen: ...`` line."""
        if wants_json(request):
            return JSONResponse({"error": sentence}, status_code=status)
        if wants_page(request):
            return self.page(request, "refused.html.j2", status, sentence=sentence)
        return PlainTextResponse(f"kitgen: {sentence}\n", status_code=status)

    async def health(self, request: Request) -> Response:
        return PlainTextResponse("ok")

    async def home(self, request: Request) -> Response:
        return self.page(request, "home.html.j2")

    async def kit_page(self, request: Request) -> Response:
        chosen = request.query_params.get(CLASS_FIELD, "")
        return self.page(request, "kit.html.j2", fields=kit_fields(), default_choice=default_choice,
                         classes=await run_in_threadpool(self.store.classes), chosen=chosen,
                         class_field=CLASS_FIELD)

    async def save_class(self, request: Request) -> Response:
        """``POST /classes``: save a roster (field ``roster``, a file) or names (field
        ``players``) as the class ``class-name``, to pick again on the kit page."""
        from kitgen.kit.roster import parse_roster
        from kitgen.kit.tables import split_names

        form = await self.read_form(request)
        name = str(form.get("class-name") or "").strip()
        if not name or len(name) > MAX_CLASS_NAME_CHARS or not name.isprintable():
            raise Refused(gettext("name the class in 1 to {most} characters, on one line.").format(
                most=MAX_CLASS_NAME_CHARS))
        roster = form.get("roster")
        players = form.get("players")
        if isinstance(roster, UploadFile) and roster.filename:
            file = upload_name(roster)
            data = await roster.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise Refused(gettext("{file} is larger than 4 MiB, too large for a roster.").format(file=repr(file)))
            names = parse_roster(data, file).names
        elif isinstance(players, str) and players.strip():
            names = split_names(players)
        else:
            raise Refused(gettext("give the class's names: a roster file or names typed in."))
        number = await run_in_threadpool(self.store.save_class, name, names)
        if wants_json(request):
            return JSONResponse({"id": number, "name": name, "names": list(names)})
        return RedirectResponse(f"/kit?{CLASS_FIELD}={number}", status_code=303)

    async def check_page(self, request: Request) -> Response:
        return self.page(request, "check.html.j2", most=MAX_UPLOADS, classes=await run_in_threadpool(
            self.store.classes), sessions=await run_in_threadpool(self.store.sessions), class_field=CLASS_FIELD,
            session_field=SESSION_NAME_FIELD)

    async def save_session(self, request: Request) -> Response:
        """``POST /sessions``: check the files sent (the check form's) and save them, with
        ``kitgen validate``'s verdicts, as the session ``session-name`` of the saved
        ``class`` (or none): each log as sent, a filled kit as its transcribed logs."""
        form = await self.read_form(request)
        name = str(form.get(SESSION_NAME_FIELD) or "").strip()
        if not name or len(name) > MAX_CLASS_NAME_CHARS or not name.isprintable():
            raise Refused(gettext("name the session in 1 to {most} characters, on one line.").format(
                most=MAX_CLASS_NAME_CHARS))
        chosen = await self.chosen_class(form)
        files = await checked_files(form)
        names = [file for file, _ in files]
        with work_folder() as work:
            folder = Path(work)
            await run_in_threadpool(save_uploads, files, folder)
            finished = await run_in_threadpool(validated, folder, names)
            logs = await run_in_threadpool(transcribed, folder, names)
            # the store keeps logs as a log may be: a file past that bound (a kit that could
            # not be transcribed, a log no command reads) is not kept, nor its session
            large = next((log for log in logs if (folder / log).stat().st_size > MAX_BYTES), None)
            if large is not None:
                raise Refused(gettext("{file} is larger than 4 MiB, too large for a game log.").format(
                    file=quote(large)))
            kept = [(log, (folder / log).read_bytes()) for log in logs]
        number = await run_in_threadpool(self.store.save_session, name, chosen.id if chosen else None,
                                         json.loads(finished.stdout), kept)
        if wants_json(request):
            return JSONResponse({"id": number, "name": name, "files": [log for log, _ in kept]})
        return RedirectResponse(f"/sessions/{number}", status_code=303)

    async def saved_session(self, request: Request) -> tuple[SavedSession, list[tuple[str, bytes]]]:
        number = request.path_params["number"]
        found = await run_in_threadpool(self.store.session, number) if number < MAX_ID else None
        if found is None:
            raise HTTPException(404)
        return found

    async def session_page(self, request: Request) -> Response:
        """``GET /sessions/{id}``: a saved session's faults and its report, from its stored logs."""
        saved, files = await self.saved_session(request)
        with work_folder() as work:
            folder = Path(work)
            await run_in_threadpool(save_uploads, files, folder)
            report, notes = await run_in_threadpool(session_report, folder, [file for file, _ in files])
        return self.page(request, "checked.html.j2", logs=saved.verdicts, report=report, notes=notes,
                         headings=report_headings(report), saved=saved)

    async def session_report_pdf(self, request: Request) -> Response:
        """``GET /sessions/{id}/report``: the PDF ``kitgen report`` writes of a saved session's logs."""
        saved, files = await self.saved_session(request)
        with work_folder() as work:
            folder = Path(work)
            await run_in_threadpool(save_uploads, files, folder)
            pdf = await run_in_threadpool(report_pdf, folder, [file for file, _ in files])
        return Response(pdf, media_type="application/pdf", headers={
            "Content-Disposition": f'attachment; filename="session-{saved.id}-{REPORT_NAME}"'})

    async def read_form(self, request: Request) -> FormData:
        """Return the posted form, within the app's bounds, once the post is known to come
        from the app. Raises :class:`Refused` otherwise."""
        try:
            form = await request.form(max_files=MAX_UPLOADS, max_fields=MAX_FIELDS, max_part_size=MAX_FIELD_BYTES)
        except BodyTooLarge:
            raise Refused(too_large(), 413) from None
        except HTTPException as error:  # Starlette's refusal of a form past its bounds
            if "files" in str(error.detail):
                raise Refused(gettext("send at most {most} files at once.").format(most=MAX_UPLOADS)) from None
            raise Refused(gettext("the form sent cannot be read ({reason}).").format(reason=error.detail)) from None
        token = form.get(PAGE_TOKEN_FIELD)
        if not posted_from_the_app(request.headers, token if isinstance(token, str) else None, self.access):
            raise Refused(gettext("this form is not one of kitgen's pages; open the page again and resend it."), 403)
        return form

    async def make_kit(self, request: Request) -> Response:
        """``POST /kit``: the kit PDF ``kitgen kit`` writes for the form's options, or its
        separate host key with ``?part=host-key``."""
        part = request.query_params.get("part", "kit")
        if part not in ("kit", "host-key", "preview"):
            raise Refused(gettext("part {part} is not known (choose kit, host-key or preview).").format(
                part=quote(part)))
        form = await self.read_form(request)
        values = [(name, value) for name, value in form.multi_items()
                  if isinstance(value, str) and name not in (PAGE_TOKEN_FIELD, CLASS_FIELD)]
        chosen = await self.chosen_class(form)
        uploads = [(name, value) for name, value in form.multi_items() if not isinstance(value, str) and value.filename]
        if any(name != "roster" for name, _ in uploads) or len(uploads) > 1:
            raise Refused(gettext("a kit takes one file, its roster (field roster)."))
        if part == "host-key" and dict(values).get("host-key", "separate") != "separate":
            raise Refused(gettext("?part=host-key is the separate host key: leave host-key as separate."))
        with work_folder() as work:
            folder = Path(work)
            (folder / "in").mkdir()
            roster = None
            if uploads and chosen is not None:
                raise Refused(gettext("give names with a roster file or a saved class, not both."))
            if uploads:
                roster = upload_name(uploads[0][1])
                await run_in_threadpool(save_upload, uploads[0][1], folder / "in" / roster)
            elif chosen is not None:  # the class's names, as the roster file they came from
                roster = class_file_name(chosen.name)
                (folder / "in" / roster).write_text("".join(f"{name}\n" for name in chosen.names), encoding="utf-8")
            arguments = ["kit", *kit_arguments(values, roster), "-o", str(folder / KIT_NAME)]
            finished = await run_in_threadpool(render, arguments, folder / "in")
            if finished.status != 0:
                raise Refused(finished.sentence())
            name = KIT_NAME if part != "host-key" else f"{Path(KIT_NAME).stem}{HOST_KEY_SUFFIX}.pdf"
            if part == "preview":
                key = folder / f"{Path(KIT_NAME).stem}{HOST_KEY_SUFFIX}.pdf"
                images = await run_in_threadpool(preview_pages, folder / name, key if key.exists() else None)
                return self.preview_page(request, images)
            pdf = (folder / name).read_bytes()
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def preview_page(self, request: Request, images: list[tuple[str, bytes]]) -> Response:
        """Return the page of a kit's preview ``images`` (what each shows, its PNG), kept
        under an unguessable id for ``GET /kit/preview/{id}/{n}``."""
        number = secrets.token_urlsafe(16)
        with self.previews_lock:
            self.previews[number] = tuple(png for _, png in images)
            while len(self.previews) > PREVIEWS_KEPT:
                self.previews.popitem(last=False)
        return self.page(request, "kit-preview.html.j2", preview=number,
                         images=[alt for alt, _ in images])

    async def preview_image(self, request: Request) -> Response:
        """``GET /kit/preview/{id}/{n}``: image ``n`` of a preview the app made."""
        with self.previews_lock:
            images = self.previews.get(request.path_params["preview"], ())
        number = request.path_params["number"]
        if number >= len(images):
            raise HTTPException(404)
        return Response(images[number], media_type="image/png", headers={"Cache-Control": "private, max-age=3600"})

    async def chosen_class(self, form: FormData) -> SavedClass | None:
        """Return the saved class the kit form picked, or ``None``; raises :class:`Refused`
        for one that is not saved."""
        given = form.get(CLASS_FIELD)
        if not isinstance(given, str) or not given.strip():
            return None
        number = small_number(given, 9)
        found = await run_in_threadpool(self.store.saved_class, number) if number is not None else None
        if found is None:
            raise Refused(gettext("there is no saved class {number}; pick one the kit page lists.").format(
                number=quote(given)))
        return found

    async def validate(self, request: Request) -> Response:
        """``POST /validate``: what ``kitgen validate --json`` prints of the files sent
        (field ``files``, repeated), as JSON; for a browser, the page of faults and the
        session report of the same files (:func:`session_report`)."""
        form = await self.read_form(request)
        files = await checked_files(form)
        names = [name for name, _ in files]
        with work_folder() as work:
            folder = Path(work)
            await run_in_threadpool(save_uploads, files, folder)
            finished = await run_in_threadpool(validated, folder, names)
            if wants_json(request):
                return Response(finished.stdout, media_type="application/json")
            report, notes = await run_in_threadpool(session_report, folder, names)
        return self.page(request, "checked.html.j2", logs=json.loads(finished.stdout), report=report,
                         notes=notes, headings=report_headings(report), saved=None)

    async def report(self, request: Request) -> Response:
        """``POST /report``: the session report PDF ``kitgen report`` writes of the files
        sent (field ``files``, repeated; a filled kit's tables as their transcribed logs)."""
        form = await self.read_form(request)
        files = await checked_files(form)
        with work_folder() as work:
            folder = Path(work)
            await run_in_threadpool(save_uploads, files, folder)
            logs = await run_in_threadpool(transcribed, folder, [name for name, _ in files])
            pdf = await run_in_threadpool(report_pdf, folder, logs)
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{REPORT_NAME}"'})

    async def transcribe(self, request: Request) -> Response:
        """``POST /transcribe``: the logs ``kitgen transcribe`` writes of the filled kit
        sent (field ``kit``), as a zip of ``<kit>-table-<n>.log`` files."""
        form = await self.read_form(request)
        kit = form.get("kit")
        if not isinstance(kit, UploadFile) or not kit.filename or any(
                name not in ("kit", PAGE_TOKEN_FIELD) for name in form):
            raise Refused(gettext("send one filled kit as the field kit, and nothing else."))
        name = upload_name(kit)
        with work_folder() as work:
            folder = Path(work)
            (folder / "logs").mkdir()
            await run_in_threadpool(save_upload, kit, folder / name)
            finished = await run_in_threadpool(
                run_kitgen, ["transcribe", "-o", "logs", "--", name], folder, VALIDATE_TIMEOUT_S)
            if finished.status != 0:
                raise Refused(finished.sentence())
            archive = await run_in_threadpool(zipped_folder, folder / "logs")
        return Response(archive, media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{Path(name).stem}-logs.zip"'})

    async def table_start_page(self, request: Request) -> Response:
        return self.page(request, "table-start.html.j2", presets=live_presets(), matches=choices_of("match"))

    async def new_table(self, request: Request) -> Response:
        """``POST /table``: a live table for the preset ``rules`` (and its ``match``) and the
        two ``players``; answers the table's page."""
        from kitgen.errors import PlayerCountError
        from kitgen.games import find_preset
        from kitgen.kit.tables import split_names

        form = await self.read_form(request)
        preset = str(form.get("rules") or "")
        if preset not in live_presets():
            raise Refused(gettext("the live table plays {presets}, not {preset}.").format(
                presets=", ".join(live_presets()), preset=quote(preset)))
        match = str(form.get("match") or "")
        rules = find_preset(preset).configure({"match": match} if match else {})
        names = split_names(str(form.get("players") or ""))
        if len(names) != 2:
            raise PlayerCountError(gettext("a live table seats 2 players; give 2 names, not {count}.").format(
                count=len(names)))
        number = await run_in_threadpool(self.store.new_table, rules.describe(), (names[0], names[1]))
        return RedirectResponse(f"/table/{number}", status_code=303)

    async def table_page(self, request: Request) -> Response:
        saved = await self.saved_table(request)
        live = placement_table(saved.rules)
        played = live.replay(saved.players, saved.placements)
        offered = live.previews(played, saved.face) if saved.face is not None else ()
        return self.page(request, PAGES[live.kind], table=saved, played=played, previews=offered,
                         scores=live.column_scores, columns=list(live.columns()))

    async def table_action(self, request: Request) -> Response:
        """``POST /table/{id}``: the host's entry: ``action`` ``roll`` (the ``face`` typed,
        or none: the page rolls), ``place`` (in ``column``) or ``undo`` (the last entry)."""
        saved = await self.saved_table(request)
        form = await self.read_form(request)
        action = form.get("action")
        live = placement_table(saved.rules)
        played = live.replay(saved.players, saved.placements)
        if action == "undo":
            saved = (replace(saved, face=None) if saved.face is not None
                     else replace(saved, placements=saved.placements[:-1]))
        elif live.due(played) is None:
            raise Refused(gettext("the match is decided; start a new table to play again."))
        elif action == "roll":
            typed = str(form.get("face") or "").strip()
            face = secrets.randbelow(6) + 1 if not typed else small_number(typed, 2) or 0
            problems = live.judge_face(face)
            if problems:
                raise Refused(describe(problems[0]))
            saved = replace(saved, face=face)
        elif action == "place":
            if saved.face is None:
                raise Refused(gettext("roll the die first, or type the face rolled."))
            column = str(form.get("column") or "")
            problems, number = live.judge_place(played, saved.face, column)
            if problems:
                raise Refused(describe(problems[0]))
            saved = replace(saved, placements=(*saved.placements, (saved.face, number)), face=None)
        else:
            raise Refused(gettext("the live table takes roll, place or undo."))
        await run_in_threadpool(self.store.save_table, saved)
        return RedirectResponse(f"/table/{saved.id}", status_code=303)

    async def table_log(self, request: Request) -> Response:
        """``GET /table/{id}/log``: the game as a kitgen log."""
        saved = await self.saved_table(request)
        live = placement_table(saved.rules)
        return PlainTextResponse(live.log_text(live.replay(saved.players, saved.placements)), headers={
            "Content-Disposition": f'attachment; filename="table-{saved.id}.log"'})

    async def saved_table(self, request: Request) -> SavedTable:
        number = request.path_params["number"]
        found = await run_in_threadpool(self.store.live_table, number) if number < MAX_ID else None
        if found is None:
            raise HTTPException(404)
        return found

    async def box_start_page(self, request: Request) -> Response:
        return self.page(request, "box-start.html.j2", presets=box_presets(), options=box_options(),
                         bests=await run_in_threadpool(self.store.bests))

    async def new_box_game(self, request: Request) -> Response:
        """``POST /box``: a Shut the Box game of the preset ``rules`` (with the options it
        takes among the form's fields) and the ``players`` in seat order; answers its page."""
        from kitgen.games import find_preset
        from kitgen.kit.tables import split_names

        form = await self.read_form(request)
        preset = str(form.get("rules") or "")
        if preset not in box_presets():
            raise Refused(gettext("a Shut the Box game plays {presets}, not {preset}.").format(
                presets=", ".join(box_presets()), preset=quote(preset)))
        found = find_preset(preset)
        chosen = {option.name: str(form.get(option.name)).strip() for option in found.every_option
                  if str(form.get(option.name) or "").strip()}
        rules = found.configure(chosen)
        names = split_names(str(form.get("players") or ""))
        turn_table(rules.describe()).check_players(len(names))
        number = await run_in_threadpool(self.store.new_box_game, rules.describe(), names)
        return RedirectResponse(f"/box/{number}", status_code=303)

    async def box_page(self, request: Request) -> Response:
        from kitgen.text.summaries import summary_line_text

        saved = await self.saved_game(request)
        live = turn_table(saved.rules)
        game = live.replay(saved.players, saved.claims)
        over = live.over(game)
        bests = await run_in_threadpool(self.store.bests, saved.rules, saved.players) if over else []
        return self.page(request, PAGES[live.kind], saved=saved, game=game, verdict=saved.verdict, over=over,
                         summary=[summary_line_text(line) for line in game.summary], bests=bests)

    async def box_action(self, request: Request) -> Response:
        """``POST /box/{id}``: ``action`` ``throw`` (the ``throw`` typed, or ``roll-1`` or
        ``roll-2``: the page rolls 1 or 2 dice), ``claim`` (the ``tile`` fields ticked),
        ``none`` (no move) or ``undo`` (the last entry)."""
        saved = await self.saved_game(request)
        form = await self.read_form(request)
        action = form.get("action")
        live = turn_table(saved.rules)
        game = live.replay(saved.players, saved.claims)
        verdict = ""
        if action == "undo":
            saved = replace(saved, throw=None) if saved.throw is not None else replace(saved, claims=saved.claims[:-1])
        elif live.over(game):
            raise Refused(gettext("the game is decided; start a new game to play again."))
        elif action in ("throw", "roll-1", "roll-2"):
            if action in ("roll-1", "roll-2"):
                dice = 1 if action == "roll-1" else 2
                text = live.throw_text(tuple(secrets.randbelow(6) + 1 for _ in range(dice)))
            else:
                text = str(form.get("throw") or "").strip()
            problems, throw = live.judge_throw(game, text)
            if problems:
                raise Refused(describe(problems[0]))
            saved = replace(saved, throw=throw)
        elif action in ("claim", "none"):
            if saved.throw is None:
                raise Refused(gettext("throw the dice first, or type the throw."))
            numbers = [small_number(tile, 3) if isinstance(tile, str) else None for tile in form.getlist("tile")]
            tiles = tuple(number for number in numbers if number is not None) if action == "claim" else ()
            if action == "claim" and not tiles:
                raise Refused(gettext("tick the tiles the move shuts, or say it has no move."))
            judged = live.judge_claim(game, saved.throw, tiles)
            verdict = judged.text()
            if judged.ok:
                saved = replace(saved, claims=(*saved.claims, (saved.throw, tiles)), throw=None)
        else:
            raise Refused(gettext("a Shut the Box game takes throw, claim, none or undo."))
        after = live.replay(saved.players, saved.claims)
        bests = None  # the personal bests change only when the game's being decided does
        if live.over(after) != live.over(game):
            bests = tuple(BestResult(best.name, best.measure, best.value) for best in live.bests(after))
        await run_in_threadpool(self.store.save_box_game, replace(saved, verdict=verdict), bests)
        return RedirectResponse(f"/box/{saved.id}", status_code=303)

    async def box_log(self, request: Request) -> Response:
        """``GET /box/{id}/log``: the game as a kitgen log."""
        saved = await self.saved_game(request)
        live = turn_table(saved.rules)
        return PlainTextResponse(live.log_text(live.replay(saved.players, saved.claims)), headers={
            "Content-Disposition": f'attachment; filename="box-{saved.id}.log"'})

    async def saved_game(self, request: Request) -> SavedGame:
        number = request.path_params["number"]
        found = await run_in_threadpool(self.store.box_game, number) if number < MAX_ID else None
        if found is None:
            raise HTTPException(404)
        return found

    async def refused(self, request: Request, error: Exception) -> Response:
        if isinstance(error, Refused):
            return self.refusal(request, str(error), error.status)
        if isinstance(error, HTTPException):
            sentence = (gettext("there is no page at this address.") if error.status_code == 404
                        else gettext("this address does not take that request."))
            return self.refusal(request, sentence, error.status_code)
        if isinstance(error, KitgenError):
            return self.refusal(request, str(error))
        return self.refusal(request, gettext(
            "kitgen failed on it ({error}); this is a fault in kitgen, please report it."
        ).format(error=type(error).__name__), 500)


def small_number(text: str, most_digits: int) -> int | None:
    """Return ``text`` as a number of at most ``most_digits`` ASCII digits, else ``None``.

    >>> small_number("12", 2), small_number("\u00b2", 2), small_number("123", 2)
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= most_digits else None


def presets_of_kind(kind: str) -> tuple[str, ...]:
    """Return the presets whose game plays them live as a table of ``kind``
    (:meth:`kitgen.games.Game.live_table`)."""
    from kitgen.games import presets

    tables = ((preset.id, find_game(preset.id).live_table(preset.configure())) for preset in presets())
    return tuple(preset for preset, table in tables if table is not None and table.kind == kind)


def live_presets() -> tuple[str, ...]:
    """Return the presets the live table plays: two seats placing what they roll."""
    return presets_of_kind(PLACEMENTS)


def box_presets() -> tuple[str, ...]:
    """Return the presets a game of turns at the live table plays (each claim judged)."""
    return presets_of_kind(TURN)


def box_options() -> tuple[tuple[str, tuple[str, ...], bool, tuple[str, ...]], ...]:
    """Return each option of the presets :func:`box_presets` names, in the registry's
    order, the typed ones last: its name, its values (for a set option, its items), whether it is typed (a set
    of items joined by ``+``) and the presets that take it."""
    from kitgen.games import find_preset

    found: dict[str, tuple[tuple[str, ...], bool, list[str]]] = {}
    for preset in box_presets():
        for option in find_preset(preset).every_option:
            values, typed = (option.values, False) if isinstance(option, Option) else (option.items, True)
            found.setdefault(option.name, (values, typed, []))[2].append(preset)
    return tuple((name, values, typed, tuple(takers))
                 for name, (values, typed, takers) in sorted(found.items(), key=lambda item: item[1][1]))


def live_table_of(line: str, kind: str) -> Any:
    """Return the live table of the rules a saved table's ``rules:`` ``line`` names, of
    ``kind``. Raises :class:`Refused` for rules no longer played live so."""
    rules = rules_from_line(line)
    table = find_game(rules.preset).live_table(rules)
    if table is None or table.kind != kind:
        raise Refused(gettext("this table's rules, {rules}, are not played live here.").format(rules=quote(line)))
    return table


def placement_table(line: str) -> PlacementTable:
    """Return the table of placements the saved rules ``line`` are played at."""
    return cast(PlacementTable, live_table_of(line, PLACEMENTS))


def turn_table(line: str) -> TurnTable:
    """Return the game of turns the saved rules ``line`` are played as."""
    return cast(TurnTable, live_table_of(line, TURN))


def rules_from_line(line: str) -> Rules:
    """Return the rules a log's ``rules:`` line names (as :meth:`Rules.describe` writes it).

    >>> rules_from_line("classic tiles=12").tiles
    12
    """
    from kitgen.games import find_preset

    preset, *options = line.split()
    return find_preset(preset).configure(dict(option.split("=", 1) for option in options))


def render(arguments: list[str], folder: Path) -> Finished:
    """Return what ``kitgen ARGUMENTS`` printed (``kit``, or ``report`` writing its PDF),
    run in ``folder``, one render at a time."""
    with RENDERS:
        return run_kitgen(arguments, folder, KIT_TIMEOUT_S)


async def checked_files(form: FormData) -> list[tuple[str, UploadFile | bytes]]:
    """Return the logs and filled kits a check's form sent (field ``files``; a zip as its
    files), each named as checked. Raises :class:`Refused` for no file, a field the check
    form does not have, too many files or two of one name."""
    if any(name not in CHECK_FIELDS for name in form):
        raise Refused(gettext("send the logs and filled kits as the field files, and nothing else."))
    uploads = [value for value in form.getlist("files") if not isinstance(value, str) and value.filename]
    if not uploads:
        raise Refused(gettext("choose at least one game log or filled kit to check."))
    files: list[tuple[str, UploadFile | bytes]] = []
    for upload in uploads:
        name = upload_name(upload)
        if name.lower().endswith(".zip"):
            files += await run_in_threadpool(zip_members, upload, name)
        else:
            files.append((name, upload))
    if len(files) > MAX_UPLOADS:
        raise Refused(gettext("send at most {most} files at once.").format(most=MAX_UPLOADS))
    names = [name for name, _ in files]
    repeated = next((name for number, name in enumerate(names) if name in names[:number]), None)
    if repeated is not None:
        raise Refused(gettext("two files are named {file}; rename one and send them again.").format(
            file=quote(repeated)))
    return files


def transcribed(folder: Path, names: list[str]) -> list[str]:
    """Return the logs of a session sent as ``names`` in ``folder``: each log, and for each
    filled kit (``.pdf``) the logs ``kitgen transcribe`` writes of its tables beside it
    (a kit it cannot transcribe stays itself, for ``kitgen report`` to name with its sentence)."""
    logs: list[str] = []
    for name in names:
        if not name.lower().endswith(".pdf"):
            logs.append(name)
            continue
        before = set(folder.iterdir())
        finished = run_kitgen(["transcribe", "-o", ".", "--", name], folder, VALIDATE_TIMEOUT_S)
        written = sorted(path.name for path in set(folder.iterdir()) - before)
        logs += written if finished.status == 0 and written else [name]
    return logs


def session_report(folder: Path, names: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Return what ``kitgen report --json`` prints of the session sent as ``names`` in
    ``folder`` (its filled kits transcribed first, :func:`transcribed`), and the lines it
    prints on standard error: each log that cannot be read, each log with errors and the
    ``kitgen validate`` to see them. Raises :class:`Refused` when it reports nothing."""
    finished = run_kitgen(["report", "--json", "--", *transcribed(folder, names)], folder, VALIDATE_TIMEOUT_S)
    if not finished.stdout.strip():
        raise Refused(finished.sentence())
    notes = [line.removeprefix("kitgen: ") for line in finished.stderr.splitlines() if line.strip()]
    return json.loads(finished.stdout), notes


def report_headings(report: dict[str, Any]) -> dict[str, str]:
    """Return the heading of each figure the report's standings carry, in words, by its key."""
    from kitgen.session.figures import HEADINGS

    shown = {key for group in report["standings"] for row in group["players"] for key in row}
    return {key: gettext(heading) for key, heading in HEADINGS.items() if key in shown}


def preview_pages(kit: Path, host_key: Path | None) -> list[tuple[str, bytes]]:
    """Return the kit's first :data:`PREVIEW_KIT_PAGES` pages and its separate host key's
    first page as PNG images at :data:`PREVIEW_DPI`, each with the words naming it."""
    import io

    import pypdfium2

    images = []
    for path, most, words in ((kit, PREVIEW_KIT_PAGES, gettext("Page {page} of the kit")),
                              (host_key, 1, gettext("Page {page} of the host key"))):
        if path is None:
            continue
        document = pypdfium2.PdfDocument(path)
        try:
            for number in range(min(most, len(document))):
                image = document[number].render(scale=PREVIEW_DPI / 72).to_pil()
                buffer = io.BytesIO()
                image.save(buffer, "PNG", optimize=True)
                images.append((words.format(page=number + 1), buffer.getvalue()))
        finally:
            document.close()
    return images


def upload_name(upload: UploadFile) -> str:
    """Return the name an uploaded file is checked by (:func:`file_name`)."""
    return file_name(upload.filename or "")


def file_name(given: str) -> str:
    """Return the name a file sent as ``given`` is checked by: its name without any folder.

    Raises :class:`Refused` for a name that cannot name a file of its own (empty, ``-``,
    ``.`` or ``..``, or longer than a file name may be).

    >>> file_name("../../etc/club.log"), file_name("C:\\\\logs\\\\club.log")
    ('club.log', 'club.log')
    """
    name = given.replace("\\", "/").rsplit("/", 1)[-1]
    if name in ("", ".", "..", "-") or "\x00" in name or len(name.encode("utf-8", "surrogatepass")) > 255:
        raise Refused(gettext("{file} cannot name a file; rename it and send it again.").format(file=quote(given)))
    return name


def class_file_name(name: str) -> str:
    """Return the file name a saved class's names are read from, as a roster: its name as
    a .txt file, where that can name a file.

    >>> class_file_name("Class 4B"), class_file_name("4/B")
    ('Class 4B.txt', 'class.txt')
    """
    usable = "/" not in name and "\\" not in name and not name.startswith((".", "-"))
    return f"{name}.txt" if usable and len(name.encode()) < 250 else "class.txt"


def validated(folder: Path, names: Sequence[str]) -> Finished:
    """Return what ``kitgen validate --json`` prints of the files ``names`` in ``folder``."""
    return run_kitgen(["validate", "--json", "--", *names], folder, VALIDATE_TIMEOUT_S)


def save_uploads(files: Sequence[tuple[str, UploadFile | bytes]], folder: Path) -> None:
    """Save each of ``files`` (its name, its upload or bytes) into ``folder`` under its name."""
    for name, content in files:
        save_upload(content, folder / name)


def report_pdf(folder: Path, logs: Sequence[str]) -> bytes:
    """Return the PDF ``kitgen report`` writes of ``logs`` in ``folder``. Raises
    :class:`Refused` with the command's sentence when it writes none."""
    finished = render(["report", "-o", REPORT_NAME, "--", *logs], folder)
    if not (folder / REPORT_NAME).exists():
        raise Refused(finished.sentence())
    return (folder / REPORT_NAME).read_bytes()


def save_upload(upload: UploadFile | bytes, path: Path) -> None:
    """Write the uploaded file (or a zip's member) to ``path`` (a new file)."""
    with path.open("xb") as stream:
        if isinstance(upload, bytes):
            stream.write(upload)
            return
        upload.file.seek(0)
        shutil.copyfileobj(upload.file, stream)


def zipped_folder(folder: Path) -> bytes:
    """Return a zip of the files in ``folder``, by name, at a fixed time (the same logs
    make the same zip)."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.iterdir()):
            archive.writestr(zipfile.ZipInfo(path.name, (2000, 1, 1, 0, 0, 0)), path.read_bytes(),
                             compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def zip_members(upload: UploadFile, name: str) -> list[tuple[str, bytes]]:
    """Return the files of the uploaded zip ``name``, each named without its folders, at
    most :data:`MAX_UPLOADS` of them and :data:`MAX_ZIP_BYTES` unpacked in all (read
    within that bound, whatever the zip says of its sizes).

    Raises :class:`Refused` with one sentence for a file that is not a zip, an encrypted
    one, or one past those bounds."""
    upload.file.seek(0)
    members: list[tuple[str, bytes]] = []
    left = MAX_ZIP_BYTES
    try:
        with zipfile.ZipFile(upload.file) as archive:
            for info in archive.infolist():
                if info.is_dir():
                    continue
                if info.flag_bits & 0x1:
                    raise Refused(gettext("{file} is encrypted; zip the files without a password.").format(
                        file=quote(name)))
                if len(members) == MAX_UPLOADS:
                    raise Refused(gettext("send at most {most} files at once.").format(most=MAX_UPLOADS))
                with archive.open(info) as member:
                    data = member.read(left + 1)
                left -= len(data)
                if left < 0:
                    raise Refused(gettext("{file} unpacks to more than {most} MiB; send fewer files at once.").format(
                        file=quote(name), most=MAX_ZIP_BYTES // 2**20))
                members.append((file_name(info.filename), data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, ValueError):
        raise Refused(gettext("{file} cannot be read as a zip.").format(file=quote(name))) from None
    return members


def create_app(access: Access, store: Store) -> Starlette:
    """Return the web app answering as ``access`` allows, keeping what it saves in ``store``."""
    routes = App(access, store)
    handlers: dict[Any, Any] = {Exception: routes.refused, HTTPException: routes.refused, KitgenError: routes.refused}
    app = Starlette(routes=[
        Route("/", routes.home),
        Route("/health", routes.health),
        Route("/kit", routes.kit_page, methods=["GET"]),
        Route("/kit", routes.make_kit, methods=["POST"]),
        Route("/kit/preview/{preview:str}/{number:int}", routes.preview_image, methods=["GET"]),
        Route("/classes", routes.save_class, methods=["POST"]),
        Route("/transcribe", routes.transcribe, methods=["POST"]),
        Route("/check", routes.check_page),
        Route("/table", routes.table_start_page, methods=["GET"]),
        Route("/table", routes.new_table, methods=["POST"]),
        Route("/table/{number:int}", routes.table_page, methods=["GET"]),
        Route("/table/{number:int}", routes.table_action, methods=["POST"]),
        Route("/table/{number:int}/log", routes.table_log),
        Route("/box", routes.box_start_page, methods=["GET"]),
        Route("/box", routes.new_box_game, methods=["POST"]),
        Route("/box/{number:int}", routes.box_page, methods=["GET"]),
        Route("/box/{number:int}", routes.box_action, methods=["POST"]),
        Route("/box/{number:int}/log", routes.box_log),
        Route("/validate", routes.validate, methods=["POST"]),
        Route("/report", routes.report, methods=["POST"]),
        Route("/sessions", routes.save_session, methods=["POST"]),
        Route("/sessions/{number:int}", routes.session_page, methods=["GET"]),
        Route("/sessions/{number:int}/report", routes.session_report_pdf, methods=["GET"]),
        Mount("/static", StaticFiles(directory=data_folder("templates") / "web" / "static"), name="static"),
    ], exception_handlers=handlers)
    app.add_middleware(Guard, access=access)
    return app
