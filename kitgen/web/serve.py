"""``kitgen serve``: open the store, make the app and run it under uvicorn (docs/web.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from kitgen.errors import KitgenError
from kitgen.text import gettext
from kitgen.web.app import create_app
from kitgen.web.guard import ACCESS_QUERY, Access
from kitgen.web.store import default_data_folder, open_store


class AddressError(KitgenError):
    """The app cannot listen on the address given."""


def address_of(host: str, port: int) -> str:
    """Return the address a browser opens for an app on ``host`` and ``port``.

    >>> address_of("127.0.0.1", 8000), address_of("::1", 8000)
    ('http://127.0.0.1:8000/', 'http://[::1]:8000/')
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(host: str, port: int, data: Path | None) -> None:
    """Run the app on ``host`` and ``port`` until interrupted, its store in ``data``
    (``None``: the user's data folder). Prints the address to open, with the access token
    when the address is not the loopback one."""
    import uvicorn

    if not 0 < port < 65536:
        raise AddressError(gettext("port {port} is not a port (1 to 65535).").format(port=port))
    store = open_store(data if data is not None else default_data_folder())
    access = Access.for_address(host, port)
    address = address_of(host, port)
    if access.access_token is not None:
        address += f"?{ACCESS_QUERY}={access.access_token}"
        typer.echo(gettext("kitgen: listening beyond this computer; only the address below opens the app."), err=True)
    typer.echo(gettext("kitgen: the store is {file}").format(file=store.path), err=True)
    typer.echo(gettext("kitgen: open {address} (Ctrl-C stops the app)").format(address=address), err=True)
    uvicorn.run(create_app(access, store), host=host, port=port, log_level="warning", server_header=False,
                date_header=False)
