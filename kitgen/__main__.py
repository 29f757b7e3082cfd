"""The ``kitgen`` command (``python -m kitgen``): choose the language, then run the command line.

The command line's help is worded when :mod:`kitgen.cli` is imported (:mod:`kitgen.text`
says why), so the language a ``--lang`` among the arguments asks for is put in use first.
"""

import sys


def main() -> None:
    """Run ``kitgen`` with its arguments, help and messages in the language they ask for."""
    from kitgen.text import language_asked, use_language

    use_language(language_asked(sys.argv[1:]))
    from kitgen.cli import run

    run()


if __name__ == "__main__":
    main()
