"""The walk of every staff action (tests/site/test_view_only_staff.py): the league to walk, the
URL patterns collected from the resolver, and for each one how it is walked or why it is not.

A pattern is walked (a write by a view-only staff account must be refused), or declared public or
self-service here with its reason. A new URL that is neither fails the walk: whoever adds a staff
page says here which permission guards it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import Permission
from django.urls import URLPattern, URLResolver, get_resolver

from circuits.models import BoardDraft
from league.models import EntryRequest
from live.services import table_create
from races.models import Race, RaceEntry
from sheets.judging import race_sheet_validate
from sheets.models import Protest, RaceSheet
from sheets.protests import protest_file
from sheets.services import race_sheet_submit
from tests.factories import EXAMPLES, Oval, build_oval, make_user, oval_next_round

READS = ("GET", "HEAD", "OPTIONS")


@dataclass
class World:
    """The oval's race validated by alice's sheet, bruno's protest open against it; round 6 with a
    race-night table; an entry request awaiting the stewards; a board draft."""

    oval: Oval
    sheet: RaceSheet
    protest: Protest
    night: Race
    table: int
    request: EntryRequest
    draft: BoardDraft

    @property
    def race(self) -> Race:
        return self.oval.race

    def entry(self) -> RaceEntry:
        return self.race.entries.select_related("season_entry").first()


def build_world() -> World:
    oval = build_oval()
    raw = (EXAMPLES / "race-ovale-valid.json").read_bytes()
    sheet = race_sheet_validate(sheet_id=race_sheet_submit(race=oval.race, raw=raw, by=oval.alice).pk)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 skipped a gear at turn 3.")
    night = oval_next_round(oval)  # the same wear as round 5's
    header = {k: v for k, v in json.loads(raw).items() if k not in ("turns", "result")}
    table = table_create(race=night, user=oval.alice, header=header)
    request = EntryRequest.objects.create(
        season=oval.season, user=make_user("newcomer"), team=oval.car7.team, car_number=12
    )
    draft = BoardDraft.objects.create(slug="draft-board", name="Draft board", width=10, height=10)
    return World(oval, sheet, protest, night, table.pk, request, draft)


def view_only_staff(username: str = "viewer", *also: str) -> Any:
    """is_staff, every view_* permission and nothing else (plus `also`, "app.codename")."""
    user = make_user(username, is_staff=True)
    permissions = list(Permission.objects.filter(codename__startswith="view_"))
    for name in also:
        app_label, codename = name.split(".")
        permissions.append(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    user.user_permissions.set(permissions)
    return user


# -- the patterns --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Route:
    key: str  # "namespace:name" (".format" after a format-suffixed one), or the route if unnamed
    route: str
    callback: Callable[..., Any] = field(compare=False)
    name: str = ""  # what reverse() takes

    @property
    def namespace(self) -> str:
        return self.key.split(":")[0] if ":" in self.key else ""


def routes() -> list[Route]:
    """Every URL pattern of the site, from the resolver, recursively (a format-suffixed API
    pattern is keyed `name.format`)."""

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[Route]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = ":".join(filter(None, (namespace, pattern.namespace)))
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            elif isinstance(pattern, URLPattern):
                route = prefix + str(pattern.pattern)
                name = (f"{namespace}:{pattern.name}" if namespace else pattern.name) if pattern.name else ""
                key = (name + (".format" if "<format>" in route else "")) if name else route
                yield Route(key, route, pattern.callback, name)

    unique: dict[str, Route] = {}
    for found in walk(get_resolver().url_patterns, "", ""):
        unique.setdefault(found.key, found)
    return list(unique.values())


# -- the site's own staff pages: (method, the URL's kwargs, the permission that lets it through) ----
@dataclass(frozen=True)
class Walk:
    method: str
    kwargs: Callable[[World], dict[str, Any]]
    permission: str  # with it (and the view permissions), the same request is not refused
    data: Callable[[World], dict[str, Any]] = lambda world: {}


def _race(world: World) -> dict[str, Any]:
    return {"pk": world.race.pk}


def _night(world: World) -> dict[str, Any]:
    return {"pk": world.night.pk}


def _draft(world: World) -> dict[str, Any]:
    return {"pk": world.draft.pk}


def _penalty(world: World) -> dict[str, Any]:
    return {"race_entry": world.entry().pk, "kind": "reprimand", "reason": "Dangerous driving."}


STAFF_WRITES: dict[str, list[Walk]] = {
    "sheets:protest-decide": [
        Walk(
            "POST",
            lambda w: {"pk": w.protest.pk},
            "races.change_protest",
            lambda w: {"outcome": "dismissed", "decision": "No evidence."},
        )
    ],
    "sheets:race-penalise": [Walk("POST", _race, "races.add_penalty", _penalty)],
    "sheets:race-publish": [
        Walk("POST", _race, "races.publish_race", lambda w: {"override_reason": "Both agreed."})
    ],
    "sheets:race-reopen": [Walk("POST", _race, "races.publish_race", lambda w: {"reason": "Late video."})],
    "circuits:boards": [Walk("GET", lambda w: {}, "races.change_circuit")],
    "circuits:import": [Walk("POST", lambda w: {}, "races.change_circuit")],
    "circuits:editor": [Walk("GET", _draft, "races.change_circuit")],
    "circuits:image": [Walk("GET", _draft, "races.change_circuit")],
    "circuits:draft": [
        Walk("GET", _draft, "races.change_circuit"),
        Walk("POST", _draft, "races.change_circuit"),
    ],
    "circuits:drive": [Walk("POST", _draft, "races.change_circuit")],
    "circuits:publish": [Walk("POST", _draft, "races.change_circuit")],
    "circuits:edit": [Walk("POST", lambda w: {"slug": w.race.circuit.slug}, "races.change_circuit")],
    # a steward enters any car's wear build; the driver his own (self-service)
    "races:wear-build": [
        Walk("GET", lambda w: {"pk": w.entry().pk}, "races.change_raceentry"),
        Walk("POST", lambda w: {"pk": w.entry().pk}, "races.change_raceentry"),
    ],
    # race night: the entrants record their race; a steward (races.add_racesheet) any race, and
    # overrides (replaces a table, transcribes a paper sheet)
    "live:race-night": [Walk("POST", _race, "races.add_racesheet")],
    "live:race-night-presence": [Walk("POST", _night, "races.add_racesheet")],
    "live:race-night-qualifying": [Walk("GET", _night, "races.add_racesheet")],
    "live:race-night-qualifying-grid": [Walk("POST", _night, "races.add_racesheet")],
    "live:race-night-qualifying-submit": [Walk("POST", _night, "races.add_racesheet")],
    "live:race-night-roll": [Walk("POST", lambda w: {"pk": w.table}, "races.add_racesheet")],
    "sheets:sheet-new": [Walk("POST", _race, "races.add_racesheet")],
    "admin:league_season_schedule": [
        Walk("POST", lambda w: {"object_id": w.oval.season.pk}, "league.change_season"),
    ],
}

# Staff pages that only show: a view permission reads them (a staff account without it is refused).
STAFF_READS: dict[str, tuple[Callable[[World], dict[str, Any]], str]] = {
    "sheets:race-stewards": (_race, "races.view_race"),
}

PUBLIC: dict[str, str] = {
    "healthz": "the load balancer's probe",
    "readyz": "the load balancer's probe",
    "favicon": "a file",
    "home": "a public page",
    "set_language": "the visitor's language (a cookie)",
    "league:experience": "a public page",
    "league:experience-driver": "a public page",
    "league:experience-team": "a public page",
    "league:rules": "the rulebook",
    "races:seasons": "a public page",
    "races:season": "a public page",
    "races:season-calendar": "a public feed",
    "races:season-results-feed": "a public feed",
    "races:season-standings-csv": "a public file",
    "races:results-feed": "a public feed",
    "races:driver-calendar": "a public feed",
    "races:drivers": "a public page",
    "races:teams": "a public page",
    "races:team": "a public page",
    "races:circuits": "a public page",
    "races:circuit": "a public page",
    "sheets:driver": "a public page",
    "sheets:race": "a public page",
    "sheets:race-replay": "a public page",
    "sheets:sheet": "a public page (its forms are the entrants')",
    "live:race-night-table": "watching a table is public; its writes are the API's (walked)",
    "live:race-night-tv": "watching, on a TV",
    "live:race-night-race-tv": "watching, on a TV",
    "live:race-night-wear": "the engine's word on a wear build as it is typed: reads, writes nothing",
    "api:token": "logging in: a user name and password give that user's own token",
    "api:schema": "the API's schema",
    "api:docs": "the API's documentation",
    "login": "logging in",
    "logout": "logging out",
    "remote:service_worker": "a file (the push notices' service worker)",
    "remote:push_key": "the site's public push key",
}

SELF_SERVICE: dict[str, str] = {
    "accounts:profile": "the player's own profile",
    "sheets:my-races": "the player's own races",
    "races:my-calendar": "the player's own calendar",
    "races:season-enter": "a player asks to enter (the stewards decide in the admin, walked)",
    "sheets:sheet-confirm": "an entrant's own stance on a sheet (the service checks he is one)",
    "sheets:sheet-protest": "an entrant's own protest (the service checks he is one)",
    "sheets:protest-withdraw": "the complainant's own protest (the service checks it is his)",
    "remote:prefs": "the player's own hours, quiet hours and channels",
    "remote:vacation-add": "the player's own vacation (the service checks the season's budget)",
    "remote:vacation-delete": "the player's own vacation (another's is a 404)",
    "remote:push_subscribe": "the player's own device",
    "remote:push_unsubscribe": "the player's own devices",
    "remote:push_test": "a test notice to the player's own devices",
}

# The admin site's own pages (not a model's): none writes the league.
ADMIN_SITE: dict[str, str] = {
    "admin:index": "the admin's index: reads",
    "admin:login": "logging in",
    "admin:logout": "logging out",
    "admin:password_change": "the staff member's own password",
    "admin:password_change_done": "the staff member's own password",
    "admin:jsi18n": "the admin's translations",
    "admin:view_on_site": "a redirect to the public page",
    "admin:autocomplete": "reads (the view permission)",
    "admin:app_list": "reads",
    "admin/(?P<url>.*)$": "the admin's catch-all: a redirect or 404",
}


def self_service_module(route: Route) -> str | None:
    """allauth's pages are the visitor's own account: signing up, logging in, e-mail, password."""
    module = getattr(route.callback, "__module__", "") or ""
    if module.startswith("allauth."):
        return "the visitor's own account (allauth)"
    return None
