"""The dice of a session: every recorded throw counted, set against fair dice, and a
goodness-of-fit test in one plain sentence.

Two-dice totals (2-12) are compared with the 2d6 triangle (1/36, 2/36 ... 6/36 ... 1/36);
one-die throws (Shut the Box ``die 4``, every knucklebones roll) are counted apart and
compared with a fair die (1/6 each face). The test is Pearson's chi-square, its p-value the
chi-square survival function, which has a closed form for whole degrees of freedom (10 for
the totals, 5 for the faces), so no statistics package is needed. Pure: no I/O; the verdict
is worded through the catalogs (kitgen.text).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from kitgen.games.box.rules import FACES, TWO_DICE_TOTALS
from kitgen.text import gettext as _
from kitgen.text import ngettext
from kitgen.text.numbers import decimal, significant

TWO_DICE = {total: Fraction(6 - abs(total - 7), 36) for total in TWO_DICE_TOTALS}  # the 2d6 triangle
ONE_DIE = {face: Fraction(1, 6) for face in FACES}
UNEVEN_BELOW = 0.01  # docs/cli.md, "report": below p = 0.01 the dice or the records look uneven
FEWEST_EXPECTED = 5  # the usual rule of thumb: every outcome expected at least 5 times


def chi_square_survival(statistic: float, freedom: int) -> float:
    """Return P(X >= ``statistic``) for X chi-square distributed with ``freedom`` (a whole
    number >= 1) degrees of freedom: the p-value of Pearson's test.

    Closed forms of the regularized upper incomplete gamma function Q(k/2, x/2): for even
    k, e^(-x/2) times the sum over j < k/2 of (x/2)^j / j!; for odd k, erfc(sqrt(x/2)) plus
    e^(-x/2) times the sum over 1 <= j <= (k-1)/2 of (x/2)^(j-1/2) / Gamma(j+1/2). Terms
    are summed in logarithms, so a large statistic underflows to 0 instead of overflowing.

    >>> round(chi_square_survival(18.307, 10), 4), round(chi_square_survival(23.209, 10), 4)
    (0.05, 0.01)
    >>> round(chi_square_survival(11.070, 5), 4), chi_square_survival(0.0, 10)
    (0.05, 1.0)
    """
    if freedom < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {freedom!r}")
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if freedom % 2 == 0:
        terms = (j * math.log(half) - math.lgamma(j + 1) for j in range(freedom // 2))
        head = 0.0
    else:
        terms = ((j - 0.5) * math.log(half) - math.lgamma(j + 0.5) for j in range(1, freedom // 2 + 1))
        head = math.erfc(math.sqrt(half))
    return min(1.0, head + sum(math.exp(term - half) for term in terms))


@dataclass(frozen=True)
class Fit:
    """Observed counts of each outcome against a fair distribution, and Pearson's test:
    ``counts`` by outcome (every outcome present, in order), the fair ``chances``, the
    statistic, the degrees of freedom and the p-value (``None`` with no throws)."""

    counts: dict[int, int]
    chances: dict[int, Fraction]
    statistic: float | None
    freedom: int
    p_value: float | None

    @property
    def throws(self) -> int:
        """Return how many throws were counted."""
        return sum(self.counts.values())

    def expected(self, outcome: int) -> float:
        """Return how often fair dice show ``outcome`` in this many throws."""
        return float(self.chances[outcome] * self.throws)

    @property
    def rough(self) -> bool:
        """Return whether some outcome is expected fewer than 5 times, so the test is only a
        rough guide (the chi-square approximation needs more throws)."""
        return self.throws * min(self.chances.values()) < FEWEST_EXPECTED

    @property
    def throws_for_a_fair_test(self) -> int:
        """Return the fewest throws with every outcome expected at least 5 times."""
        return math.ceil(FEWEST_EXPECTED / min(self.chances.values()))

    def caution(self) -> str:
        """Return the small-sample caution in one sentence when the test is only a rough
        guide (:attr:`rough`), else ``""``: the same words on paper, in ``--json`` and on
        standard error with ``--csv``."""
        if self.p_value is None or not self.rough:
            return ""
        return _("With {throws} throws some outcomes are expected fewer than {fewest} times, so this test "
                 "is only a rough guide; {needed} throws or more make it a fair one.").format(
            throws=self.throws, fewest=FEWEST_EXPECTED, needed=self.throws_for_a_fair_test)

    def sentence(self, what: str) -> str:
        """Return the verdict in one plain sentence, e.g. ``412 two-dice throws: consistent
        with fair dice, p = 0.42.`` (``what`` names the throws: ``"two-dice"`` or
        ``"one-die"``), in the language in use."""
        two_dice = what == "two-dice"
        if self.p_value is None:
            return _("No two-dice throws were recorded.") if two_dice else _("No one-die throws were recorded.")
        if two_dice:
            count = ngettext("{count} two-dice throw", "{count} two-dice throws", self.throws)
        else:
            count = ngettext("{count} one-die throw", "{count} one-die throws", self.throws)
        throws, p = count.format(count=self.throws), p_text(self.p_value)
        if self.p_value < UNEVEN_BELOW:
            return _("{throws}: the dice or the records look uneven, {p}.").format(throws=throws, p=p)
        return _("{throws}: consistent with fair dice, {p}.").format(throws=throws, p=p)


def fit(counts: dict[int, int], chances: dict[int, Fraction]) -> Fit:
    """Return the :class:`Fit` of ``counts`` (outcome -> throws; outcomes missing count 0)
    against ``chances`` (outcome -> fair probability, adding up to 1).

    >>> fit({7: 6}, ONE_DIE).p_value
    Traceback (most recent call last):
    ...
    ValueError: outcome 7 is not one of 1, 2, 3, 4, 5, 6
    >>> loaded = fit({6: 60, 1: 12, 2: 12, 3: 12, 4: 12, 5: 12}, ONE_DIE)
    >>> loaded.statistic, loaded.p_value < UNEVEN_BELOW
    (96.0, True)
    """
    for outcome in counts:
        if outcome not in chances:
            raise ValueError(f"outcome {outcome!r} is not one of {', '.join(map(str, chances))}")
    full = {outcome: counts.get(outcome, 0) for outcome in chances}
    throws = sum(full.values())
    freedom = len(chances) - 1
    if throws == 0:
        return Fit(full, chances, None, freedom, None)
    statistic = sum((full[outcome] - chance * throws) ** 2 / (chance * throws)
                    for outcome, chance in chances.items())
    return Fit(full, chances, float(statistic), freedom, chi_square_survival(float(statistic), freedom))


def p_text(p_value: float) -> str:
    """Return a p-value as people read it, with its ``p``: two decimals, two significant
    digits below 0.01, ``p < 0.0001`` below that.

    >>> p_text(0.4), p_text(0.0042), p_text(1.0), p_text(1e-9)
    ('p = 0.40', 'p = 0.0042', 'p = 1.00', 'p < 0.0001')
    """
    if p_value < 0.0001:
        return f"p < {decimal(0.0001, 4)}"
    return f"p = {decimal(p_value, 2)}" if p_value >= 0.01 else f"p = {significant(p_value, 2)}"
