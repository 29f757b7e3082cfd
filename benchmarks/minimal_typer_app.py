"""The start-up reference: a minimal Typer app with one command and one option.

``python benchmarks/minimal_typer_app.py --name Ana`` prints ``hello Ana``. It is what any
Typer command costs to start in this venv; ``kitgen check`` and ``kitgen validate`` are
measured against it.
"""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello(name: str = typer.Option("world", "--name", help="Who to greet.")) -> None:
    """Greet ``name``."""
    typer.echo(f"hello {name}")


if __name__ == "__main__":
    app()
