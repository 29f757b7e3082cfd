"""Practice sheets for a class (docs/rules.md section 10; docs/practice.md): arithmetic problems
on the box without dice, drawn from a seed, with their answers.

:mod:`kitgen.practice.levels` holds the levels (box size, operations, open tiles);
:mod:`kitgen.practice.sheets` draws a sheet's problems from its seed and works out each answer
through the box's rules core (:mod:`kitgen.games.box.rules`). Pure: frozen dataclasses and
functions, no I/O. :mod:`kitgen.practice.printed` prints the sheets and their answer key.
"""
