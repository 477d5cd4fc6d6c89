"""Every staff action checks a named permission, not is_staff (issue 25).

A staff account with only view_* permissions walks every URL of the site (collected from the
resolver) and every admin action: each write is refused (403, or the admin's own refusal: the
action is not offered), and nothing in the league changes. A URL neither walked nor declared
public or self-service (tests/site/view_only_staff.py) fails the walk. Then a staff account given
the one named permission of each action gets through.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.urls import reverse
from rest_framework.test import APIClient

from races.models import Race
from sheets.models import SubmissionAttempt
from tests.factories import EXAMPLES
from tests.site.view_only_staff import (
    ADMIN_SITE,
    PUBLIC,
    READS,
    SELF_SERVICE,
    STAFF_READS,
    STAFF_WRITES,
    Route,
    World,
    build_world,
    routes,
    self_service_module,
    view_only_staff,
)

pytestmark = pytest.mark.django_db

ADMIN_VIEWS = ("add", "change", "delete", "changelist", "history")
# The admin actions' own permissions (`has_<name>_permission`) named as Django permissions.
ACTION_PERMISSIONS = {
    ("races", "racesheet", "choose"): "races.change_racesheet",
    ("races", "protest", "decide"): "races.change_protest",
    ("races", "race", "publish"): "races.publish_race",
}


@pytest.fixture
def world() -> World:
    return build_world()


def _admin_view(key: str) -> tuple[admin.ModelAdmin, str] | None:
    """A model admin's page (`admin:<app>_<model>_<view>`): its admin and the view."""
    for model, model_admin in admin.site._registry.items():
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}_"
        if key.startswith(prefix) and key.removeprefix(prefix) in ADMIN_VIEWS:
            return model_admin, key.removeprefix(prefix)
    return None


def _admin_extra_writes(route: Route, client: Client) -> list[str]:
    """The writes third-party admins add to a model's pages: simple_history's version page (it
    would save the old version), auth's password form. Refused, or [] if the route is neither."""
    for model, model_admin in admin.site._registry.items():
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}_"
        if route.key == prefix + "simple_history":
            version = model.history.order_by("history_id").first()
            pk, version_id = (version.pk, version.history_id) if version else (1, 1)
            response = client.post(reverse(route.name, args=[pk, version_id]), {})
            assert response.status_code == 403, (route.key, response.status_code)
            return [f"POST {route.key}"]
        if route.key == prefix + "password_change":
            response = client.post(reverse(route.name, args=[_first_pk(model_admin)]), {})
            assert response.status_code == 403, (route.key, response.status_code)
            return [f"POST {route.key}"]
    return []


def _first_pk(model_admin: admin.ModelAdmin) -> str:
    row = model_admin.model._default_manager.order_by("pk").first()
    return str(row.pk) if row is not None else "1"  # the permission is asked before the row is looked up


def _api_writes(route: Route) -> list[str]:
    """The write methods a DRF view answers (a viewset's bound actions, or an APIView's handlers)."""
    actions = getattr(route.callback, "actions", None)
    if actions is not None:
        return sorted(m.upper() for m in actions if m.upper() not in READS)
    cls = getattr(route.callback, "cls", None)
    if cls is None:
        return []
    return sorted(
        m.upper() for m in cls.http_method_names if m.upper() not in (*READS, "TRACE") and hasattr(cls, m)
    )


def _api_kwargs(route: Route, world: World) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    if "<format>" in route.route:
        kwargs["format"] = "json"
    if "<pk>" in route.route or "<int:pk>" in route.route:
        if route.key.startswith("api:table"):
            kwargs["pk"] = world.table
        elif route.key == "api:sheet":
            kwargs["pk"] = world.sheet.pk
        elif route.key in ("api:race-sheets", "api:race-tables"):
            kwargs["pk"] = world.night.pk
        else:
            queryset = route.callback.cls.queryset
            kwargs["pk"] = queryset.model._default_manager.order_by("pk").first().pk
    return kwargs


def _league(world: World) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the league's tables (everything the stewards' actions could change), but the
    log of refused submissions, which records refusals by design."""
    return {
        model._meta.label: sorted(model._default_manager.values_list(), key=repr)
        for label in ("league", "races")
        for model in apps.get_app_config(label).get_models()
        if not model._meta.label.startswith("races.Historical") and model is not SubmissionAttempt
    }


def _api_body(route: Route, world: World) -> str:
    """A body the write would take from someone allowed: the refusal is for who sends it."""
    if route.key == "api:race-sheets":
        return json.dumps({"log": json.loads((EXAMPLES / "race-ovale-valid.json").read_text())})
    return "{}"


def _admin_walks(
    route: Route, model_admin: admin.ModelAdmin, view: str, client: Client, user: Any
) -> Iterator[str]:
    """A model admin's writes by `user`: add, change, delete (403), and every action it has (not
    offered: the admin's refusal). Yields what was walked."""
    app_label, model_name = model_admin.model._meta.app_label, model_admin.model._meta.model_name
    pk = _first_pk(model_admin)
    if view == "add":
        assert client.post(reverse(route.name), {}).status_code == 403, route.key
        yield f"POST {route.key}"
    elif view == "change":
        assert client.post(reverse(route.name, args=[pk]), {}).status_code == 403, route.key
        yield f"POST {route.key}"
    elif view == "delete":
        assert client.post(reverse(route.name, args=[pk]), {"post": "yes"}).status_code == 403, route.key
        yield f"POST {route.key}"
    elif view == "changelist":
        request = RequestFactory().post("/")
        request.user = user
        offered = model_admin.get_actions(request)
        for _func, name, _description in model_admin._get_base_actions():
            assert name not in offered, f"{route.key}: a view-only account is offered {name}"
            response = client.post(
                reverse(route.name), {"action": name, "_selected_action": [pk], "index": 0}
            )
            assert response.status_code in (200, 302), (route.key, name, response.status_code)
            yield f"action {app_label}.{model_name}.{name}"
        if model_admin.list_editable:
            assert client.post(reverse(route.name), {"_save": "1"}).status_code == 403, route.key
            yield f"POST {route.key} (list_editable)"


def test_a_view_only_staff_account_is_refused_every_staff_action(world: World) -> None:
    viewer = view_only_staff()
    client, api = Client(), APIClient()
    client.force_login(viewer)
    api.force_authenticate(viewer)
    before = _league(world)
    walked: list[str] = []
    declared: list[str] = []
    undeclared: list[str] = []

    for route in routes():
        if route.key in STAFF_WRITES:
            for walk in STAFF_WRITES[route.key]:
                url = reverse(route.name, kwargs=walk.kwargs(world))
                response = client.generic(walk.method, url, _body(walk.data(world)), _FORM)
                assert response.status_code == 403, (walk.method, route.key, response.status_code)
                walked.append(f"{walk.method} {route.key}")
        elif route.key in STAFF_READS:
            kwargs, _permission = STAFF_READS[route.key]
            assert client.post(reverse(route.name, kwargs=kwargs(world))).status_code == 405, route.key
            walked.append(f"POST {route.key} (reads only)")
        elif (found := _admin_view(route.key)) and found[1] != "history":
            walked += _admin_walks(route, *found, client, viewer)
        elif extra := _admin_extra_writes(route, client):
            walked += extra
        elif route.namespace == "api" and route.key not in PUBLIC:
            methods = _api_writes(route)
            for method in methods:
                url = reverse(route.name, kwargs=_api_kwargs(route, world))
                response = api.generic(method, url, _api_body(route, world), "application/json")
                assert response.status_code == 403, (method, route.key, response.status_code)
                walked.append(f"{method} {route.key}")
            if not methods:
                declared.append(f"{route.key}: reads only (no write method)")
        elif reason := (
            PUBLIC.get(route.key)
            or SELF_SERVICE.get(route.key)
            or ADMIN_SITE.get(route.key)
            or self_service_module(route)
            or ("a row's history: reads (the view permission)" if found else None)
            or (
                _OLD_ADMIN_URL
                if route.route.startswith("admin/") and route.route.endswith("<path:object_id>/")
                else None
            )
        ):
            declared.append(f"{route.key}: {reason}")
        else:
            undeclared.append(f"{route.key} ({route.route})")

    assert not undeclared, "URLs neither walked nor declared public or self-service: " + ", ".join(undeclared)
    assert _league(world) == before, "a refused action changed the league"
    print(f"\nwalked {len(walked)} staff writes:\n  " + "\n  ".join(walked))  # noqa: T201
    print(f"declared {len(declared)} URLs public, self-service or read-only:\n  " + "\n  ".join(declared))  # noqa: T201
    assert len(walked) > 100


_FORM = "application/x-www-form-urlencoded"
_OLD_ADMIN_URL = "the admin's redirect of an old row address to its change page (walked)"


def _body(data: dict[str, Any]) -> str:
    from urllib.parse import urlencode

    return urlencode(data)


def test_the_stewards_pages_are_read_with_a_view_permission_only(world: World) -> None:
    nobody = get_user_model().objects.create_user("bare", is_staff=True)
    viewer = view_only_staff()
    for key, (kwargs, _permission) in STAFF_READS.items():
        url = reverse(key, kwargs=kwargs(world))
        client = Client()
        client.force_login(nobody)
        assert client.get(url).status_code == 403, key
        client.force_login(viewer)
        assert client.get(url).status_code == 200, key


def test_a_view_only_account_reads_the_stewards_pages_without_their_forms(world: World) -> None:
    client = Client()
    client.force_login(view_only_staff())
    stewards = client.get(reverse("sheets:race-stewards", kwargs={"pk": world.race.pk})).content.decode()
    decision = client.get(reverse("sheets:protest-decide", kwargs={"pk": world.protest.pk})).content.decode()

    assert "Stewarding history" in stewards or "history-title" in stewards
    assert 'id="penalty-form"' not in stewards and 'id="publish-form"' not in stewards
    assert 'id="decision-form"' not in decision
    client.force_login(world.oval.steward)
    stewards = client.get(reverse("sheets:race-stewards", kwargs={"pk": world.race.pk})).content.decode()
    assert 'id="penalty-form"' in stewards and 'id="publish-form"' in stewards


def test_each_staff_page_lets_through_the_staff_account_with_its_named_permission(world: World) -> None:
    for key, walks in STAFF_WRITES.items():
        for n, walk in enumerate(walks):
            user = view_only_staff(f"granted-{key.replace(':', '-')}-{n}", walk.permission)
            if key == "admin:league_season_schedule":
                user.user_permissions.add(*_permissions("races.add_race"))
            client = Client()
            client.force_login(user)
            url = reverse(key, kwargs=walk.kwargs(world))
            response = client.generic(walk.method, url, _body(walk.data(world)), _FORM)
            assert response.status_code != 403, (walk.method, key, walk.permission)


def _permissions(*names: str) -> list[Any]:
    from django.contrib.auth.models import Permission

    found = []
    for name in names:
        app_label, codename = name.split(".")
        found.append(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    return found


def _request(user: Any) -> Any:
    request = RequestFactory().post("/")
    request.user = get_user_model().objects.get(pk=user.pk)  # a fresh permission cache
    return request


def test_each_admin_action_is_offered_with_its_named_permission(world: World) -> None:
    superuser = get_user_model().objects.create_superuser("root", "root@example.org", "demo")
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        for func, name, _description in model_admin._get_base_actions():
            needed = []
            for permission in getattr(func, "allowed_permissions", ()):
                needed.append(
                    ACTION_PERMISSIONS.get((opts.app_label, opts.model_name, permission))
                    or f"{opts.app_label}.{permission}_{opts.model_name}"
                )
            assert needed, f"{opts.label}: the action {name} asks for no permission"
            if name not in model_admin.get_actions(_request(superuser)):
                continue  # nobody has it here (its admin withholds it)
            user = view_only_staff(f"act-{opts.model_name}-{name}"[:150], *needed)
            assert name in model_admin.get_actions(_request(user)), (opts.label, name, needed)


def test_each_api_write_lets_through_the_staff_account_with_its_model_permission(world: World) -> None:
    for route in routes():
        if route.namespace != "api" or route.key in PUBLIC or route.key.endswith(".format"):
            continue  # a format-suffixed address is the same view
        for method in _api_writes(route):
            cls = route.callback.cls
            queryset = getattr(cls, "queryset", None)
            if queryset is None:
                needed = "races.add_racesheet"  # sheets and race-night tables: a steward's
            else:
                action = {"POST": "add", "PUT": "change", "PATCH": "change", "DELETE": "delete"}[method]
                needed = f"{queryset.model._meta.app_label}.{action}_{queryset.model._meta.model_name}"
            user = view_only_staff(f"api-{route.key}-{method}"[:150], needed)
            api = APIClient()
            api.force_authenticate(user)
            url = reverse(route.name, kwargs=_api_kwargs(route, world))
            response = api.generic(method, url, "{}", "application/json")
            assert response.status_code != 403, (method, route.key, needed, response.content[:300])


def test_a_steward_with_the_permission_publishes_and_reopens_and_a_viewer_cannot(world: World) -> None:
    from core.permissions import staff_may
    from sheets.publishing import race_publish, race_reopen

    viewer = view_only_staff()
    with pytest.raises(Exception) as refused:
        race_publish(race=world.race, by=viewer, override_reason="Trust me.")
    assert refused.type.__name__ == "PermissionDenied"
    world.protest.delete()
    publisher = view_only_staff("publisher", "races.publish_race")
    assert staff_may(publisher, "races.publish_race")
    client = Client()
    client.force_login(publisher)
    url = reverse("sheets:race-publish", kwargs={"pk": world.race.pk})
    assert client.post(url, {"override_reason": "Both agreed on the night."}).status_code == 302
    assert Race.objects.get(pk=world.race.pk).status == Race.Status.OFFICIAL
    race_reopen(race=world.race, by=publisher, reason="Late video.")
    assert Race.objects.get(pk=world.race.pk).status == Race.Status.VALIDATED


def test_the_migration_gives_publishing_to_whoever_could_change_races() -> None:
    import importlib

    from django.contrib.auth.models import Group, Permission

    migration = importlib.import_module("races.migrations.0016_publish_race_permission")
    change, publish = (Permission.objects.get(codename=c) for c in ("change_race", "publish_race"))
    stewards, viewers = Group.objects.create(name="Stewards"), Group.objects.create(name="Viewers")
    stewards.permissions.add(change)
    viewers.permissions.add(Permission.objects.get(codename="view_race"))
    old_hand = get_user_model().objects.create_user("old-hand", is_staff=True)
    old_hand.user_permissions.add(change)

    migration.grant(apps, None)

    assert publish in stewards.permissions.all() and publish not in viewers.permissions.all()
    assert get_user_model().objects.get(pk=old_hand.pk).has_perm("races.publish_race")


def test_every_steward_service_refuses_a_view_only_account_and_changes_nothing(world: World) -> None:
    from django.core.exceptions import PermissionDenied

    from circuits.drafts import draft_publish
    from races.registration import entry_request_accept, entry_request_refuse, entry_request_wait
    from races.services import race_status_set
    from sheets.judging import race_sheet_choose
    from sheets.protests import protest_decide
    from sheets.publishing import race_publish, race_reopen
    from sheets.stewarding import penalty_impose

    viewer = view_only_staff()
    before = _league(world)
    refused = {
        "race_publish": lambda: race_publish(race=world.race, by=viewer, override_reason="Agreed."),
        "race_reopen": lambda: race_reopen(race=world.race, by=viewer, reason="Late video."),
        "penalty_impose": lambda: penalty_impose(
            race_entry=world.entry(), by=viewer, kind="reprimand", reason="Dangerous driving."
        ),
        "protest_decide": lambda: protest_decide(
            protest=world.protest, by=viewer, decision="No case.", upheld=False
        ),
        "race_sheet_choose": lambda: race_sheet_choose(sheet=world.sheet, by=viewer),
        "race_status_set": lambda: race_status_set(race=world.night, status="scheduled", by=viewer),
        "entry_request_accept": lambda: entry_request_accept(request=world.request, by=viewer),
        "entry_request_wait": lambda: entry_request_wait(request=world.request, by=viewer),
        "entry_request_refuse": lambda: entry_request_refuse(
            request=world.request, reason="Full.", by=viewer
        ),
        "draft_publish": lambda: draft_publish(draft=world.draft, by=viewer),
    }
    for name, act in refused.items():
        with pytest.raises(PermissionDenied):
            act()
        assert _league(world) == before, name
