"""A remote race opens itself: at its scheduled time the site sets its table up from the race's
entries and their wear builds, as race night's set-up page would with nothing changed (the grid
from qualifying or the season's rule, each car's tyres and build, a stand each in grid order),
rolls the weather from the table's fair dice, and starts the first car's clock.

An entry without a wear build by then does not start (a non-partant, as a driver who does not
come to race night): docs/rules-decisions.md, "Remote races".
"""

from __future__ import annotations

import logging

from django.db.models import Q
from django.utils import timezone

from live.forms import TICKS_SENT, SetupForm, races_field
from live.models import LiveTable
from live.rolls import SiteRoll
from live.services import TableRefused, TableTaken, table_create
from races.models import Race

logger = logging.getLogger(__name__)


def remote_header(race: Race) -> tuple[dict, list[str]]:
    """The header the race starts from and the cars that do not start (no wear build, or
    marked not starting)."""
    form = SetupForm(race=race)
    data: dict[str, object] = {TICKS_SENT: "1"}
    for entry in form.entries:
        starts = bool(entry.wear) and not entry.dns
        if starts:
            data[races_field(entry)] = "on"
        for name in form.car_fields(entry):
            initial = form.fields[name].initial
            if initial is not None:
                data[name] = initial
    for name in ("weather", "dice_seeds"):
        data.pop(name, None)
    bound = SetupForm(data, race=race)
    if not bound.is_valid():
        raise TableRefused(" ".join(str(e) for errors in bound.errors.values() for e in errors))
    header = bound.header()
    header["weather"] = {"race": 1}  # rolled from the table's seed by `table_create`
    return header, bound.absent_cars()


def remote_races_due(now: object | None = None):  # noqa: ANN201 - a QuerySet of Race
    """Remote races whose start has come, with no table yet, not official."""
    now = now or timezone.now()
    remote = Q(mode=Race.Mode.REMOTE) | Q(mode=Race.Mode.SEASON, season__remote_races=True)
    return (
        Race.objects.filter(remote, scheduled_at__lte=now)
        .exclude(status=Race.Status.OFFICIAL)
        .exclude(live_tables__isnull=False)
        .select_related("season", "circuit")
    )


def open_race(race: Race) -> LiveTable | None:
    """The race's remote table, opened now (None: it has one, or cannot start; logged)."""
    try:
        header, absent = remote_header(race)
        table = table_create(
            race=race,
            user=None,
            header=header,
            absent=absent,
            site_weather=True,
            site=True,
            mode=LiveTable.Mode.REMOTE,
        )
    except TableTaken:
        return None
    except TableRefused as exc:
        logger.error("remote race %s cannot open: %s", race.pk, exc)
        return None
    # the weather d20 is the seed's (step 0): listed in the log's dice, checked with the rest
    SiteRoll.objects.create(table=table, step=0, die="weather", roll=table.header["weather"]["race"], by=None)
    return table


def open_due_races() -> int:
    """Open every remote race whose time has come; how many opened."""
    return sum(1 for race in remote_races_due() if open_race(race) is not None)
