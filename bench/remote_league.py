"""The remote tables of `bench/remote.py`: N seasons with remote races, one race each on the wide
oval, 10 cars with their own drivers (users with API tokens) and wear builds, opened by the site.

Each table has drivers of its own, as in a league where each race night is a different group: the
per-user throttle and the per-user "my moves" list stay as small as in production.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

CARS = 10


@dataclass(frozen=True)
class Table:
    id: int
    tokens: dict[str, str]  # car -> its driver's API token


def remote_tables_load(*, tables: int, laps: int) -> list[Table]:
    """Build and open `tables` remote races; their tables with each car's token."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from league.models import Season
    from league.services import driver_create, season_create, season_entry_create, team_create
    from live.models import LiveTable
    from races.services import race_create, race_entry_create
    from remote.opening import open_due_races
    from tests.factories import EXAMPLE_WEAR, make_circuit

    user_model = get_user_model()
    circuit = make_circuit()  # the oval with a 10-car grid
    teams = [team_create(name=f"Bench {n}", slug=f"bench-{n}") for n in range(CARS // 2)]
    unusable = make_password(None)  # no password hashing: 10 users a table
    users = user_model.objects.bulk_create(
        user_model(username=f"rb{t}-{c}", email=f"rb{t}-{c}@example.org", password=unusable)
        for t in range(tables)
        for c in range(1, CARS + 1)
    )
    tokens = Token.objects.bulk_create(Token(user=u, key=Token.generate_key()) for u in users)
    key_of = {token.user_id: token.key for token in tokens}
    when = timezone.now() - timedelta(hours=1)
    car_tokens: dict[int, dict[str, str]] = {}
    for t in range(tables):
        season = season_create(
            name=f"Remote {t}", slug=f"remote-{t}", year=2026, status=Season.Status.RUNNING
        )
        Season.objects.filter(pk=season.pk).update(remote_races=True)
        season.refresh_from_db()
        race = race_create(season=season, round=1, circuit=circuit, scheduled_at=when, laps=laps)
        car_tokens[race.pk] = {}
        for c in range(1, CARS + 1):
            user = users[t * CARS + c - 1]
            driver = driver_create(name=f"Pilote {t}-{c}", slug=f"rb-{t}-{c}", user=user)
            entry = season_entry_create(season=season, driver=driver, team=teams[(c - 1) // 2], car_number=c)
            race_entry_create(race=race, season_entry=entry, grid_slot=c, wear=dict(EXAMPLE_WEAR))
            car_tokens[race.pk][str(c)] = key_of[user.pk]
    open_due_races()
    opened = LiveTable.objects.filter(race_id__in=car_tokens, mode=LiveTable.Mode.REMOTE)
    return [Table(table.pk, car_tokens[table.race_id]) for table in opened.order_by("pk")]
