from kitgen.cli import app

app(prog_name="kitgen")
