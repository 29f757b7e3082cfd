"""Where a kit's PDFs go and how kitgen's files are put there (docs/cli.md ``kitgen kit`` and
"Limits and bad input": output paths). The kit, the session report and the logs
``kitgen transcribe`` writes all go through :func:`write_files`; this module imports
neither WeasyPrint nor, until a file's creator must be read, pypdf.

The kit and its separate host key are a pair: both appear or neither does. Each is written
to a hidden temporary file in the output folder, then put in place: a new path is claimed
with :func:`os.link` of the finished file, which fails if a file appeared there while the
kit rendered; a replaced file (``--force``, or a kit kitgen wrote in the default folder)
is kept aside until both are in place, and keeps its mode. If the second fails, the
first is undone. A kit without a separate host key written to the default folder removes
the host key kitgen wrote there for an earlier kit, in the same step. SIGTERM in that
window unwinds it as Ctrl-C does; the temporary files of a run killed outright are removed by
the next run writing to the same folder (those it may not remove, another user's in a
shared folder, are left). Nothing is written through a symbolic link, and a kit that was
filled in or drawn on is the user's work, replaced only with ``--force``.
"""

from __future__ import annotations

import errno
import hashlib
import os
import secrets
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, cast

from kitgen.cores import sigterm_unwinds
from kitgen.errors import OutputExistsError, RenderError
from kitgen.kit.request import KitRequest
from kitgen.text import gettext, ngettext
from kitgen.textfile import MAX_KIT_BYTES, PDF_HEADER, shown_name

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader
    from pypdf.generic import DictionaryObject

DEFAULT_OUTPUT = Path("output") / "kit.pdf"  # docs/cli.md: ./output/kit.pdf
CREATOR_PREFIX = "kitgen "  # /Creator "kitgen <version>": how kitgen knows a kit it wrote
# What kitgen's own pages carry besides the print: links and (fillable kits) form fields.
# Any other annotation (a note, ink, a highlight) was added in a viewer.
KITGEN_ANNOTATIONS = ("/Link", "/Widget")
UNTICKED = "/Off"  # a tick box's value when it is not ticked
MAX_FIELD_PARENTS = 16  # a field's parents a value may be inherited from (kitgen nests two)
# The document information key of a digest of every page's drawing as kitgen wrote it: a
# tool that flattens a filled form (qpdf, a print to PDF) draws into the pages and drops the
# fields, keeping the creator.
PAGES_DIGEST_KEY = "/kitgenPages"
HOST_KEY_SUFFIX = "-host-key"  # docs/cli.md: separate host key, <stem>-host-key.pdf beside the kit
FILE_MODE = 0o666  # a new kit gets the usual permissions for a new file (less the umask)
TEMPORARY_PREFIX = ".kitgen-"  # .kitgen-<pid>-<random>.part: hidden, and whose run it was
NAME_MAX_FALLBACK = 255  # the usual longest file name, where the file system does not say
_NO_HARD_LINKS = (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK)


def output_paths(request: KitRequest) -> tuple[Path, Path | None]:
    """Return the kit's path and the separate host key's path (``None`` unless the host
    key is ``separate``): ``-o PATH`` or ``./output/kit.pdf``, and ``<stem>-host-key.pdf``
    beside it.

    Raises :class:`OutputExistsError` as :func:`check_output_path` does for either path.
    """
    kit_path = request.output if request.output is not None else DEFAULT_OUTPUT
    check_file_name(kit_path)
    key_path = host_key_path(kit_path) if request.host_key == "separate" else None
    for path in (kit_path, key_path):
        if path is not None:
            check_output_path(path, request.output is not None, request.force)
    return kit_path, key_path


def host_key_path(kit_path: Path) -> Path:
    """Return the path of the separate host key of the kit at ``kit_path``."""
    return kit_path.with_name(f"{kit_path.stem}{HOST_KEY_SUFFIX}.pdf")


def stale_paths(request: KitRequest) -> tuple[Path, ...]:
    """Return the files of an earlier kit that writing ``request`` would leave beside it
    unless removed: in kitgen's default folder, the separate host key of the kit there
    when this kit has none of its own to replace it."""
    if request.output is None and request.host_key != "separate":
        return (host_key_path(DEFAULT_OUTPUT),)
    return ()


def check_file_name(path: Path) -> None:
    """Check that ``path`` names a file (not ``.``, ``/`` or the empty string, which
    :class:`Path` reads as ``.``); raises :class:`OutputExistsError` otherwise."""
    if path.name in ("", ".", ".."):
        raise OutputExistsError(gettext("{file} is not a file name; name a file to write.").format(
            file=repr(shown_name(path))))


def check_output_path(path: Path, named: bool, force: bool) -> None:
    """Check that a PDF may be written at ``path``: a file name that fits the file system;
    nothing there but a regular file (not a folder, a symlink, a device); when the user
    ``named`` it (``-o``), not an existing file unless ``force``; in kitgen's own default
    folder, not a file that kitgen did not write (whatever ``force`` says).

    Raises :class:`OutputExistsError` with one sentence otherwise.
    """
    check_file_name(path)
    if not named and os.path.islink(path.parent):
        raise OutputExistsError(gettext(
            "the default folder {folder} is a link; kitgen writes there only "
            "into a folder of its own: remove the link, or name a file with -o."
        ).format(folder=repr(shown_name(path.parent))))
    longest = _name_max(path.parent)
    if len(os.fsencode(path.name)) > longest:
        if path.stem.endswith(HOST_KEY_SUFFIX):
            sentence = ngettext(
                "the file name {name} is too long for the file system (at most {count} byte; "
                "a kit's host key adds {suffix}).",
                "the file name {name} is too long for the file system (at most {count} bytes; "
                "a kit's host key adds {suffix}).", longest)
        else:
            sentence = ngettext("the file name {name} is too long for the file system (at most {count} byte).",
                                "the file name {name} is too long for the file system (at most {count} bytes).",
                                longest)
        raise OutputExistsError(sentence.format(
            name=repr(shown_name(path.name)[:40] + "..."), count=longest, suffix=repr(HOST_KEY_SUFFIX)))
    try:
        found = _status(path)
    except OSError as error:
        raise OutputExistsError(gettext("{file} cannot be checked ({reason}).").format(
            file=repr(shown_name(path)), reason=error.strerror)) from None
    if found is None:
        return
    if stat.S_ISDIR(found.st_mode):
        raise OutputExistsError(gettext("{file} is a folder; name a file to write.").format(
            file=repr(shown_name(path))))
    if not stat.S_ISREG(found.st_mode):
        raise OutputExistsError(gettext(
            "{file} is not a regular file (a link, device or the like); kitgen replaces only regular files."
        ).format(file=repr(shown_name(path))))
    if replaceable(named, force)(path):
        return
    if named:
        raise OutputExistsError(gettext("{file} already exists; add --force to replace it.").format(
            file=repr(shown_name(path))))
    if kit_state(path) == CHANGED:
        raise OutputExistsError(gettext(
            "{file} was filled in or changed in a viewer since kitgen wrote it; "
            "add --force to replace it, or name another file with -o."
        ).format(file=repr(shown_name(path))))
    raise OutputExistsError(gettext("{file} exists and kitgen did not write it; name another file with -o.").format(
        file=repr(shown_name(path))))


def replaceable(named: bool, force: bool) -> Callable[[Path], bool]:
    """Return whether a regular file at a path may be replaced: a path the user ``named``
    (``-o``) only with ``force``; in the default folder, a PDF kitgen wrote, as it wrote it
    or (with ``force``) filled in since."""
    if named:
        return lambda path: force
    return lambda path: kit_state(path) in ((AS_WRITTEN, CHANGED) if force else (AS_WRITTEN,))


AS_WRITTEN, CHANGED = "as written", "changed"  # what kit_state finds of a kit kitgen wrote


def kit_state(path: Path) -> str | None:
    """Return :data:`AS_WRITTEN` when ``path`` is a PDF kitgen wrote (a regular file of kit
    size that starts as a PDF and whose document information names ``kitgen`` as its
    creator: KitRenderer writes ``/Creator (kitgen <version>)``) and nobody has changed,
    :data:`CHANGED` when it is one that was saved again from a viewer (an update appended,
    a form field filled in, a note or drawing added, a page drawn differently than its
    :data:`PAGES_DIGEST_KEY` says), ``None`` when it is not kitgen's."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_KIT_BYTES:
            return None
        with path.open("rb") as stream:
            if stream.read(len(PDF_HEADER)) != PDF_HEADER:
                return None
            updates = _count_in(stream, b"%%EOF")
        from pypdf import PdfReader

        reader = PdfReader(path)
        metadata = reader.metadata
        creator = metadata.creator if metadata else None
        if metadata is None or not (isinstance(creator, str) and creator.startswith(CREATOR_PREFIX)):
            return None
        digest = metadata.get(PAGES_DIGEST_KEY)  # absent from kits of earlier releases
        redrawn = digest is not None and str(digest) != pages_digest(reader.pages)
        return CHANGED if updates > 1 or redrawn or _changed_pages(reader) else AS_WRITTEN
    except Exception:  # anything that cannot be read as a PDF with metadata is not kitgen's
        return None


def _count_in(stream: BinaryIO, marker: bytes, chunk_bytes: int = 1024 * 1024) -> int:
    """Return how many times ``marker`` occurs in the rest of the binary ``stream``, read a
    chunk at a time (each chunk read after the last ``len(marker) - 1`` bytes before it,
    too few to hold a marker counted already)."""
    count, tail = 0, b""
    while chunk := stream.read(chunk_bytes):
        window = tail + chunk
        count += window.count(marker)
        tail = window[1 - len(marker):]
    return count


def pages_digest(pages: Iterable[PageObject]) -> str:
    """Return the SHA-256 of what ``pages`` draw (each page's content streams, decoded, and
    how many annotations it has), as hex: the same for a kit as kitgen wrote it, whether
    read from the file or from the writer that wrote it."""
    from pypdf.generic import ArrayObject, PdfObject, StreamObject

    digest = hashlib.sha256()
    for page in pages:
        # /Contents: a content stream or an array of them (the PDF reference, 7.7.3.3); every
        # page kitgen writes has one, and a page without raises, so kit_state takes its file
        # for not kitgen's
        streams = cast(PdfObject, page["/Contents"].get_object())
        for stream in streams if isinstance(streams, ArrayObject) else (streams,):
            data = cast(StreamObject, stream.get_object()).get_data()
            digest.update(len(data).to_bytes(8, "big") + data)
        digest.update(b"annotations %d;" % len(page.get("/Annots") or ()))
    return digest.hexdigest()


def _changed_pages(reader: PdfReader) -> bool:
    """Return whether a page of ``reader`` carries what a viewer added: an annotation of
    another kind than kitgen's, or a form field with a value (text typed, a box ticked)."""
    for page in reader.pages:
        for annotation in page.get("/Annots") or ():
            annotation = annotation.get_object()
            if annotation.get("/Subtype") not in KITGEN_ANNOTATIONS:
                return True
            if annotation.get("/Subtype") == "/Widget" and _filled(annotation):
                return True
    return False


def _filled(widget: DictionaryObject) -> bool:
    """Return whether the form field of ``widget`` (itself, or the nearest parent that
    holds a value) has a value: any text, or a tick box ticked."""
    field = widget
    for _ in range(MAX_FIELD_PARENTS):
        if str(field.get("/AS", UNTICKED)) != UNTICKED:  # a box ticked in its look alone
            return True
        if "/V" in field:
            value = field["/V"]
            return str(value) not in ("", UNTICKED)
        if "/Parent" not in field:
            return False
        # a field's /Parent: a field dictionary (the PDF reference, 12.7.3.1)
        field = cast("DictionaryObject", field["/Parent"].get_object())
    return True  # a chain too deep for a kit kitgen wrote


def write_files(files: dict[Path, bytes], replace: Callable[[Path], bool],
                stale: tuple[Path, ...] = ()) -> None:
    """Put every file of ``files`` (path: content; a kit and its host key, or a kit's
    logs, in one folder) in place and remove the ``stale`` files, all or none.

    A regular file at a path for which ``replace(path)`` is true is replaced and keeps its
    mode, or removed if it is stale; any other file found at a path (one that appeared
    during the render) is left alone, and a stale one is then kept. Raises
    :class:`OutputExistsError` for a file in the way and :class:`RenderError` when the
    folder or a file cannot be written; either way no path is changed.
    """
    temporaries: list[Path] = []
    undo: list[Callable[[], None]] = []
    try:
        with sigterm_unwinds():
            for path, content in files.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                _remove_leftovers(path.parent)
                temporaries.append(_temporary_name(path.parent))
                _write_temporary(temporaries[-1], content, path)
            # strict=False: _put adds the backups it makes to temporaries, which so outgrows files
            for path, temporary in zip(files, temporaries, strict=False):
                undo.append(_put(temporary, path, replace, temporaries))
            for path in stale:
                undo.append(_remove(path, replace, temporaries))
            undo.clear()
    except OSError as error:
        raise RenderError(gettext("cannot write {file} ({reason}).").format(
            file=repr(shown_name(error.filename or "")), reason=error.strerror or error)) from None
    finally:
        for action in reversed(undo):
            action()
        for temporary in temporaries:
            temporary.unlink(missing_ok=True)


def _put(temporary: Path, path: Path, replace: Callable[[Path], bool],
         temporaries: list[Path]) -> Callable[[], None]:
    """Put ``temporary`` at ``path`` and return how to undo it; a replaced file is linked
    to a further temporary name (added to ``temporaries``) so the undo can restore it."""
    found = _status(path)
    if found is not None:
        if not stat.S_ISREG(found.st_mode) or not replace(path):
            raise OutputExistsError((
                gettext("{file} appeared while kitgen was at work; kitgen leaves it alone.")
                if stat.S_ISREG(found.st_mode) else
                gettext("{file} is not a regular file; kitgen replaces only regular files.")
            ).format(file=repr(shown_name(path))))
        os.chmod(temporary, stat.S_IMODE(found.st_mode))
        kept = _temporary_name(path.parent)
        os.link(path, kept)
        temporaries.append(kept)
        os.replace(temporary, path)
        return lambda: os.replace(kept, path)
    try:
        _claim(temporary, path)
    except FileExistsError:  # it appeared since the look above: judge it as found
        return _put(temporary, path, replace, temporaries)
    return lambda: path.unlink(missing_ok=True)


def _remove(path: Path, replace: Callable[[Path], bool], temporaries: list[Path]) -> Callable[[], None]:
    """Remove the regular file at ``path`` if ``replace(path)`` is true, and return how to
    undo it: it is linked to a further temporary name (added to ``temporaries``) first."""
    found = _status(path)
    if found is None or not stat.S_ISREG(found.st_mode) or not replace(path):
        return lambda: None
    kept = _temporary_name(path.parent)
    os.link(path, kept)
    temporaries.append(kept)
    path.unlink()
    return lambda: os.replace(kept, path)


def _claim(temporary: Path, path: Path) -> None:
    """Give ``temporary`` the new name ``path``, failing with :class:`FileExistsError` if
    ``path`` exists: a hard link, or where the file system has none, an exclusive create
    of the name before the rename."""
    try:
        os.link(temporary, path)
    except OSError as error:
        if error.errno not in _NO_HARD_LINKS:
            raise
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.replace(temporary, path)


def _write_temporary(temporary: Path, content: bytes, path: Path) -> None:
    """Write ``content`` to the new file ``temporary``, to be put at ``path``; a failure (a
    full disk) is raised as an :class:`OSError` naming ``path``, the file the user asked for."""
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, FILE_MODE & ~_umask())
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None


def _temporary_name(folder: Path) -> Path:
    return folder / f"{TEMPORARY_PREFIX}{os.getpid()}-{secrets.token_hex(4)}.part"


def _remove_leftovers(folder: Path) -> None:
    """Remove the temporary files of kitgen runs in ``folder`` that are no longer running
    (killed in their write window)."""
    for leftover in folder.glob(f"{TEMPORARY_PREFIX}*.part"):
        pid = leftover.name.removeprefix(TEMPORARY_PREFIX).partition("-")[0]
        if pid.isdecimal() and pid.isascii() and not _running(int(pid)):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:  # another user's, in a shared folder: theirs to remove
                continue


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # a process of another user
    return True


def _status(path: Path) -> os.stat_result | None:
    """Return ``lstat(path)`` (a symlink is itself, not its target), ``None`` if nothing is there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _name_max(folder: Path) -> int:
    """Return the longest file name the file system of ``folder`` (or its nearest existing
    parent) takes, in bytes."""
    for place in (folder, *folder.parents):
        try:
            return os.pathconf(place if str(place) else ".", "PC_NAME_MAX")
        except (OSError, ValueError):
            continue
    return NAME_MAX_FALLBACK


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
