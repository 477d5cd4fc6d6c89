"""A11 — structure points ("Points de structure"): a car is built with 22 points, and what it has
over 20 are pit keys its long stops repair with (instead of the 2 pit points of S3); a build of
up to 23 (a team's point, X3, included) is legal. The repairs are S3's (`rules/pits.py`
`repairs`, which names the keys); this module gives the build check (D1) its allowance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec, Season

if TYPE_CHECKING:
    from rules.journal import Journal
    from rules.log import CarEntry

STRUCTURE = 2  # 22 structure points: 2 over the core build of 20


def build(rules: Season, entry: CarEntry, total: int, problems: Journal) -> tuple[int, int, bool]:
    """D1 for a build of `total` points: (pit keys, points over the allowance, whether it is
    legal); a build that is not is reported here, with the allowance A11 gives."""
    base = rules.wear_total
    keys = max(0, base + STRUCTURE - total)
    extra = max(0, total - (base + STRUCTURE))
    ok = base <= total <= base + STRUCTURE + 1
    if not ok:
        problems.violation(
            0,
            entry.car,
            "D1",
            Code.D1_WEAR_TOTAL_WRONG_A11,
            total=total,
            wear=dict(entry.wear.to_json()),
            base=base,
            top=base + STRUCTURE,
        )
    return keys, extra, ok


OPTION = OptionSpec(
    id="A11",
    name=pgettext("rule option", "structure points"),
    summary=gettext_noop(
        "A car is built with 22 structure points; what is not spent becomes pit keys for repairs."
    ),
    hooks=Hooks(build=build),
)
