"""The site's rooms depend one way and nothing imports itself round a circle (docs/architecture.md).

import-linter's `layers` contract (pyproject.toml, run by `make test`) holds the order of the rooms;
these tests count circles with every import, those inside functions included, which it does not
(the finder, tests/import_graph.py, is tested with the engine's: tests/rules/test_import_circles.py).
"""

from __future__ import annotations

from django.conf import settings

from tests.import_graph import ROOT, circles, graph

# The project's apps, in the order INSTALLED_APPS lists them: the rooms, lowest first.
ROOMS = [app for app in settings.INSTALLED_APPS if (ROOT / app / "apps.py").exists()]
SITE = [*ROOMS, "config"]


def test_the_site_and_the_engine_have_no_import_circle() -> None:
    found = circles([*SITE, "rules"])
    assert found == [], "import circles (imports inside functions count):\n" + "\n".join(
        " <-> ".join(circle) for circle in found
    )


def test_each_room_imports_only_the_rooms_below_it() -> None:
    # The order of INSTALLED_APPS, which the `layers` contract states too, checked with every import.
    rank = {room: n for n, room in enumerate(ROOMS)}
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in graph(ROOMS).items()
        for target in targets
        if rank[target.split(".")[0]] > rank[module.split(".")[0]]
    )
    assert upward == []
