"""Who races: the entries whose drivers came to the table, and the non-partants (DNS).

A race's entries are the season's cars; on race night only the drivers present race. The others
are marked `RaceEntry.dns`: a sheet or a qualifying sheet may leave them out
(`sheets.engine.header_check`), and the results give them a DNS row with the season's points for
it (`races.results.dns_rows`).
"""

from __future__ import annotations

from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.services_atomic import atomic_service
from races.models import Race, RaceEntry


def race_absent_cars(*, race: Race) -> set[str]:
    """The cars of the race marked as not starting."""
    return {
        str(number)
        for number in race.entries.filter(dns=True).values_list("season_entry__car_number", flat=True)
    }


@atomic_service
def race_presence_set(*, race: Race, absent: Collection[str]) -> set[str]:
    """Mark the cars in `absent` as non-partants and every other entry as racing; returns the
    absent cars. Every car named must be an entry, and at least one entry must race."""
    entries = {e.season_entry.car_id: e for e in race.entries.select_related("season_entry")}
    absent = {str(car) for car in absent}
    unknown = sorted(absent - set(entries))
    if unknown:
        raise ValidationError(
            _("car %(car)s is not entered in this race."), code="unknown_car", params={"car": unknown[0]}
        )
    if entries and absent >= set(entries):
        raise ValidationError(_("At least one driver must race."), code="nobody_races")
    changed = [e for car, e in entries.items() if e.dns != (car in absent)]
    for entry in changed:
        entry.dns = entry.season_entry.car_id in absent
    if changed:
        RaceEntry.objects.bulk_update(changed, ["dns"])  # a ShownQuerySet: the pages follow
    return absent
