"""The shape every game's log reader shares (kitgen.logs.lines) and the one number parser of
logs and filled kits (kitgen.rules.numbers)."""

from __future__ import annotations

import itertools

import pytest

from kitgen.logs.lines import Located, SyntaxProblem, read_entries, walk
from kitgen.logs.reader import Line
from kitgen.logs.report import ErrorList
from kitgen.rules.numbers import NUMBER_MAX_DIGITS, NumberSyntaxError, parse_number


def digits(text: str) -> int | SyntaxProblem:
    return int(text) if text.isdigit() else SyntaxProblem.of("number", word=text)


class Summing:
    """A walker of numbers: adds up every entry."""

    def __init__(self) -> None:
        self.errors = ErrorList()
        self.total = 0
        self.handlers = {int: self.add}

    def add(self, line: int, number: int) -> None:
        self.total += number


def test_each_line_is_a_located_entry_or_an_unreadable_line():
    entries = list(read_entries([Line(3, "7"), Line(5, "x"), Line(6, "2")], digits))
    assert entries == [Located(3, 7), Located(5, SyntaxProblem.of("number", word="x")), Located(6, 2)]


def test_the_lines_are_read_one_at_a_time():
    endless = (Line(number, "1") for number in itertools.count(1))
    assert next(read_entries(endless, digits)) == Located(1, 1)
    assert next(endless) == Line(2, "1")  # nothing was read ahead


def test_each_entry_goes_to_its_handler_and_unreadable_lines_are_syntax_errors():
    walker = Summing()
    walk(read_entries([Line(1, "4"), Line(2, "four"), Line(3, "5")], digits), walker)
    assert walker.total == 9
    assert [(error.line, error.code, error.message) for error in walker.errors.kept()] == [
        (2, "syntax", "'four' is not a number written in plain digits.")]


@pytest.mark.parametrize("word, number", [("0", 0), ("007", 7), ("9" * NUMBER_MAX_DIGITS, 10**NUMBER_MAX_DIGITS - 1)])
def test_a_number_is_plain_ascii_digits(word, number):
    assert parse_number(word) == number


@pytest.mark.parametrize("word, too_long", [("", False), ("-3", False), (" 3", False), ("²", False),
                                            ("\u0663", False), ("①", False), ("1" * (NUMBER_MAX_DIGITS + 1), True)])
def test_anything_else_is_no_number(word, too_long):
    with pytest.raises(NumberSyntaxError) as refused:
        parse_number(word)
    assert refused.value.too_long is too_long
