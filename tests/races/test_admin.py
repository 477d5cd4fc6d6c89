"""The admin: every list and form opens, and a bad circuit shows the engine's message."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from circuits.models import Circuit
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.services import experience_record
from races.models import Race, RaceEntry, Result
from tests.factories import make_driver, make_entry, make_season, make_team, oval_document, run_race

pytestmark = pytest.mark.django_db

MODELS = [Driver, Team, Season, SeasonEntry, ExperienceEntry, Circuit, Race, RaceEntry, Result]


@pytest.fixture
def league():
    season = make_season()
    alice, rouge = make_driver("Alice Martin", "alice"), make_team("Écurie Rouge", "rouge")
    cars = [make_entry(season, 7, driver=alice, team=rouge), make_entry(season, 3)]
    [result, _] = run_race(season, 1, cars)
    experience_record(season=season, driver=alice, reason=ExperienceEntry.Reason.ADJUSTMENT, amount="0.2")
    return {"season": season, "driver": alice, "team": rouge, "race": result.race, "result": result}


def admin_url(model, action, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{action}", args=args)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_list_and_add_form_opens(admin_client, league, model):
    assert admin_client.get(admin_url(model, "changelist")).status_code == 200
    # Results are computed from the sheets and the penalties: nobody types one in.
    assert admin_client.get(admin_url(model, "add")).status_code == (403 if model is Result else 200)


@pytest.mark.parametrize("name", ["season", "driver", "team", "race", "result"])
def test_change_forms_open_with_their_inlines(admin_client, league, name):
    obj = league[name]

    response = admin_client.get(admin_url(type(obj), "change", obj.pk))

    assert response.status_code == 200


def test_a_drivers_page_shows_the_experience_ledger_read_only(admin_client, league):
    response = admin_client.get(admin_url(Driver, "change", league["driver"].pk))

    formset = response.context["inline_admin_formsets"][0]
    assert formset.formset.queryset.count() == 3  # pole, win, and the adjustment
    assert not formset.has_add_permission and not formset.has_change_permission


def test_history_pages_open(admin_client, league):
    for name in ("season", "race", "result"):
        obj = league[name]
        assert admin_client.get(admin_url(type(obj), "history", obj.pk)).status_code == 200


def circuit_post(admin_client, document, **fields):
    data = {"document": json.dumps(document), "slug": "", "name": "", "country": "", **fields}
    return admin_client.post(admin_url(Circuit, "add"), data)


def test_a_circuit_added_in_the_admin_takes_its_id_and_name_from_the_document(admin_client):
    response = circuit_post(admin_client, oval_document(), country="FR")

    assert response.status_code == 302
    circuit = Circuit.objects.get()
    assert (circuit.slug, circuit.name, circuit.country) == ("ovale", "Ovale d'essai", "FR")


def test_a_bad_circuit_shows_the_engines_message_on_the_document(admin_client):
    response = circuit_post(admin_client, oval_document(grid=["S3-b6", "S3-a5", "S9-b1"]))

    assert response.status_code == 200
    # the admin speaks the league's French by default, the engine's error included (its code rendered)
    assert response.context["adminform"].form.errors["document"] == ["grid[2] : case 'S9-b1' inconnue"]
    assert not Circuit.objects.exists()


def test_the_circuit_document_is_shown_indented(admin_client):
    circuit = Circuit.objects.create(slug="ovale", name="Ovale d'essai", document=oval_document())

    response = admin_client.get(admin_url(Circuit, "change", circuit.pk))

    assert "\n  &quot;format&quot;: &quot;formule-de/circuit@1&quot;" in response.content.decode()


def test_a_races_entry_form_offers_only_that_seasons_cars_and_its_results_are_read_only(admin_client, league):
    other_season = make_season()
    run_race(other_season, 1, [make_entry(other_season, 9)])
    race = league["race"]

    response = admin_client.get(admin_url(Race, "change", race.pk))

    formsets = {f.opts.model: f.formset for f in response.context["inline_admin_formsets"]}
    assert "race_entry" not in formsets[Result].forms[0].fields  # shown, not editable
    entries = formsets[RaceEntry].forms[0].fields["season_entry"].queryset
    assert set(entries) == set(race.season.entries.all())
