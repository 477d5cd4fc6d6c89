"""An option written here, in the test, as the README says to write one (its module with its
declaration), shows and plays everywhere with no line of the site or the engine's core changed:
the season page, the admin's season form, /api/options/, the rulebook, the engine, race night."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import ModuleType

import pytest
from django.test import Client
from django.urls import reverse

from league.admin_season_form import SeasonAdminForm
from rules import read_race_log
from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options import registry
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec
from rules.replay import replay
from rules.ruleset import RuleSet
from rules.track import load_circuit
from tests.conftest import EXAMPLES
from tests.factories import make_season, make_user
from tests.live.conftest import build_night, new_table

pytestmark = pytest.mark.django_db


def _boost(game, state, car, move, plan, out):  # noqa: ANN001, ANN202 - a hook's signature
    plan.add += 1  # one square more on this move
    return state


def boost_module() -> ModuleType:
    """rules/options/a20_boost.py, as a league would write it."""
    module = ModuleType("tests.site.a20_boost")
    module.OPTION = OptionSpec(
        id="A20",
        name=pgettext("rule option", "boost"),
        summary=gettext_noop("One square more on a move, as often as the driver likes."),
        controls=(Control("option.boost", ControlKind.TOGGLE, gettext_noop("Boost")),),
        hooks=Hooks(act=_boost),
        fields=("option.boost",),
    )
    return module


@pytest.fixture
def boost() -> Iterator[None]:
    # its action plays after every other option's
    with registry.extended(boost_module(), order={"act": (*registry.ORDER["act"], "A20")}):
        yield
    assert "A20" not in registry.OPTIONS  # and the engine is as it was once the test is over


def test_the_season_page_shows_it_among_the_seasons_rules(boost, client: Client):
    season = make_season(options=["A7", "A20"])

    page = client.get(reverse("races:season", args=[season.slug]), HTTP_ACCEPT_LANGUAGE="en")

    assert page.status_code == 200
    html = page.content.decode()
    assert "A20 — Boost</a></strong>: One square more on a move, as often as the driver likes." in html


def test_the_admins_season_form_offers_it_and_takes_it(boost, client: Client):
    client.force_login(make_user("admin", is_staff=True, is_superuser=True))

    page = client.get(reverse("admin:league_season_add")).content.decode()
    form = SeasonAdminForm()
    form.cleaned_data = {"options": form.fields["options"].clean(["A20", "A7"])}

    assert 'value="A20"' in page and "A20 — boost" in page
    assert form.clean_options() == ["A7", "A20"]  # in the engine's order


def test_the_api_lists_it_with_its_control(boost, client: Client):
    body = client.get("/api/options/", HTTP_ACCEPT_LANGUAGE="en").json()

    assert body[-1] == {
        "id": "A20",
        "name": "boost",
        "description": "One square more on a move, as often as the driver likes.",
        "rule": "A20",
        "controls": [
            {
                "key": "option.boost",
                "kind": "toggle",
                "label": "Boost",
                "choices": [],
                "low": None,
                "high": None,
            }
        ],
    }


def test_the_rulebook_explains_it(boost, client: Client):
    html = client.get(reverse("league:rules"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert 'id="rule-A20"' in html and "One square more on a move" in html


def test_the_engine_plays_it_and_names_it_when_it_is_off(boost):
    log = json.loads((EXAMPLES / "race-ovale-valid.json").read_text())
    track = load_circuit(json.loads((EXAMPLES / "circuit-ovale.json").read_text()))
    log["turns"][0]["moves"][0]["option"] = {"boost": True}
    raw = json.dumps(log).encode()

    off = replay(read_race_log(raw), track, RuleSet.from_options(log["options"]))

    # played though off (one square more than the path the log gives), and reported under its id
    assert [(v.rule, v.code) for v in off.violations][:2] == [
        ("A20", Code.OPTION_NOT_IN_FORCE),
        ("C7", Code.PATH_STOPS_SHORT),
    ]


def test_race_night_shows_its_control(boost):
    night = build_night("ovale", options=("A7", "A20"))
    client = Client()
    client.force_login(night.entrant)

    page = client.get(reverse("live:race-night-table", kwargs={"pk": new_table(night)}))

    assert page.status_code == 200
    controls = page.context["data"]["controls"]
    assert {"option": "A20", "key": "option.boost", "kind": "toggle", "label": "Boost"}.items() <= next(
        c for c in controls if c["option"] == "A20"
    ).items()
