from kitgen.cli import run

run()
