"""What keeps the web app to its user (docs/web.md, "Safe by default"), as one ASGI
middleware in front of every route.

- The ``Host`` a request names must be the app's own address (a page of another site that
  has its name resolve to 127.0.0.1, DNS rebinding, names another host).
- Bound to any address but the loopback one, every request needs the access token
  ``kitgen serve`` printed: given once in the address (``?access=...``), it is kept in a
  cookie for that browser.
- A post whose ``Origin`` is not the app is refused; one without ``Origin`` must carry the
  page token of the app's forms (checked by the route, :func:`posted_from_the_app`).
- A request body is at most :data:`MAX_BODY_BYTES`.
- Every answer tells the browser to run only the app's own scripts and styles and never to
  frame it.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kitgen.text import gettext

MAX_BODY_BYTES = 128 * 1024 * 1024  # a hundred logs of 4 MiB, or a filled kit of a large class
ACCESS_COOKIE = "kitgen-access"
ACCESS_QUERY = "access"
PAGE_TOKEN_FIELD = "page-token"
LOOPBACK_NAMES = ("localhost",)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
OPEN_PATHS = ("/health",)  # answered without the access token: it says only "ok"
SECURITY_HEADERS = (
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # no-referrer would make Chromium post with Origin: null
    (b"x-frame-options", b"DENY"),
)


def is_loopback(host: str) -> bool:
    """Return whether ``host`` is a loopback address (or ``localhost``).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0"), is_loopback("localhost")
    (True, True, False, True)
    """
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Access:
    """Who may use the app: the ``hosts`` a request's ``Host`` may name (``()``: any, the
    app being bound beyond the loopback address), the ``access_token`` every request must
    carry then (``None`` on the loopback address) and the ``page_token`` of its forms."""

    hosts: tuple[str, ...]
    access_token: str | None
    page_token: str

    @classmethod
    def for_address(cls, host: str, port: int) -> Access:
        """Return the access of an app bound to ``host`` and ``port``: on the loopback
        address, requests naming it as 127.0.0.1, localhost or [::1]; elsewhere, any
        request carrying a fresh access token."""
        if is_loopback(host):
            hosts = tuple(f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]"))
            return cls(hosts, None, secrets.token_urlsafe(24))
        return cls((), secrets.token_urlsafe(24), secrets.token_urlsafe(24))


def refusal(status: int, sentence: str) -> PlainTextResponse:
    """Return a refusal: ``status`` and one sentence (no page: it may be a script asking)."""
    return PlainTextResponse(f"kitgen: {sentence}\n", status_code=status)


class BodyTooLarge(Exception):
    """A request body went past :data:`MAX_BODY_BYTES` while it was read."""


class Guard:
    """The ASGI middleware that keeps the app to its user (this module's docstring)."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refused = self.refused(scope, headers)
        if refused is not None:
            await refused(scope, receive, secured(send))
            return
        await self.app(scope, bounded(receive), secured(send))

    def refused(self, scope: Scope, headers: Headers) -> PlainTextResponse | RedirectResponse | None:
        """Return the answer refusing the request of ``scope``, or ``None`` to let it through."""
        host = headers.get("host", "")
        if self.access.hosts and host not in self.access.hosts:
            return refusal(421, gettext("this address does not name kitgen's app; open {address}.").format(
                address=f"http://{self.access.hosts[0]}/"))
        token = self.access.access_token
        if token is not None and scope["path"] not in OPEN_PATHS:
            query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            given = dict(query).get(ACCESS_QUERY)
            if given is not None and secrets.compare_digest(given, token) and scope["method"] in SAFE_METHODS:
                # the token out of the address bar and history: kept in this browser's cookie
                rest = urlencode([(key, value) for key, value in query if key != ACCESS_QUERY])
                answer = RedirectResponse(scope["path"] + (f"?{rest}" if rest else ""), status_code=303)
                answer.set_cookie(ACCESS_COOKIE, token, httponly=True, samesite="strict")
                return answer
            if not has_access(headers, token):
                return refusal(403, gettext(
                    "open the address kitgen serve printed when it started: it holds the access token."))
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and origin != f"http://{host}":
                return refusal(403, gettext("a form of another site cannot post to kitgen's app."))
            if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
                return refusal(403, gettext("a form of another site cannot post to kitgen's app."))
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
                return refusal(413, too_large())
        return None


def too_large() -> str:
    """Return the sentence refusing a request body over :data:`MAX_BODY_BYTES`."""
    return gettext("the files sent are larger than {most} MiB in all; send fewer at once.").format(
        most=MAX_BODY_BYTES // 2**20)


def has_access(headers: Headers, token: str) -> bool:
    """Return whether a request carries the access ``token``: in its cookie, or as
    ``Authorization: Bearer <token>`` (a script)."""
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # http.cookies raises CookieError on a malformed header: no token then
        return False
    given = cookie[ACCESS_COOKIE].value if ACCESS_COOKIE in cookie else ""
    bearer = headers.get("authorization", "").removeprefix("Bearer ")
    return any(secrets.compare_digest(value, token) for value in (given, bearer) if value)


def posted_from_the_app(headers: Headers, form_token: str | None, access: Access) -> bool:
    """Return whether a post came from the app: its ``Origin`` names the app (:class:`Guard`
    refused any other), or, without one, its form carries the page token."""
    if headers.get("origin") is not None:
        return True
    return form_token is not None and secrets.compare_digest(form_token, access.page_token)


def bounded(receive: Receive) -> Receive:
    """Return ``receive`` raising :class:`BodyTooLarge` once the body read passes
    :data:`MAX_BODY_BYTES` (a body sent in chunks, with no ``Content-Length``)."""
    read = 0

    async def receive_bounded() -> Message:
        nonlocal read
        message = await receive()
        if message["type"] == "http.request":
            read += len(message.get("body", b""))
            if read > MAX_BODY_BYTES:
                raise BodyTooLarge
        return message

    return receive_bounded


def secured(send: Send) -> Send:
    """Return ``send`` adding :data:`SECURITY_HEADERS` to the answer's headers."""

    async def send_secured(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
        await send(message)

    return send_secured
