"""An invalid sheet's page tells a player what to do: the first rule broken up top, its rule, its
turn on the board, what was legal there; the rest grouped under it; no classification; a button
for a corrected version that keeps the photos.

The worked example fixtures/examples/race-ovale-gear-skip.json: in turn 3 car 7 (Alice) goes from
2nd to 4th gear (G2); the engine stops in turn 4 on a path it cannot follow (rule T1, not the
corner T1).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from sheets.models import RaceSheet, SheetPhoto
from sheets.verdicts import first_violation
from tests.sheets.conftest import jpeg_bytes, upload

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_pages(client: Client) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def invalid(oval, example, submit) -> RaceSheet:
    sheet = submit(
        oval.race,
        example("race-ovale-gear-skip.json"),
        oval.alice,
        photos=[upload("a.jpg", jpeg_bytes()), upload("b.jpg", jpeg_bytes((300, 200)))],
    )
    assert sheet.status == RaceSheet.Status.INVALID
    return sheet


def test_the_first_violation_is_the_gear_skip_with_the_gears_that_were_legal(invalid):
    first = first_violation(sheet=invalid)

    assert (first.data["turn"], first.data["car"], first.data["rule"]) == (3, "7", "G2")
    # 2nd gear before the move: down to 1st, stay in 2nd or up to 3rd, all free (rules G2, G3)
    assert [c.what for c in first.legal.gears] == ["gear 1", "gear 2", "gear 3"]
    assert {c.cost for c in first.legal.gears} == {"free"}
    assert first.legal.stops == []  # 4th gear was not legal: no square to offer with its die
    assert [v["rule"] for v in first.knock_on] == ["T1"]
    race = invalid.race
    assert first.replay_url == f"/races/{race.pk}/replay/?sheet={invalid.pk}#turn-3"


def test_a_legal_gear_with_a_wrong_path_lists_the_squares_it_could_stop_on(oval, example, submit):
    import json

    log = json.loads(example("race-ovale-valid.json"))
    move = log["turns"][1]["moves"][0]  # turn 2, car 7: 2nd gear, a 4, S1-b3 … S1-b6
    move["path"] = ["S1-b3", "S1-b4", "S1-b5", "S1-b7"]  # jumps a square
    sheet = submit(oval.race, json.dumps(log).encode(), oval.alice)
    assert sheet.status == RaceSheet.Status.INVALID

    first = first_violation(sheet=sheet)

    assert (first.data["turn"], first.data["car"]) == (2, "7")
    assert first.legal.gear == 2 and first.legal.roll == 4
    squares = [c.what for c in first.legal.stops]
    assert squares[:3] == ["S1-a6", "S1-b6", "S1-c6"] or "S1-b6" in squares[:3]  # the full count, free
    assert all(re.fullmatch(r"S1-[abc]\d", s) for s in squares)


def test_the_page_shows_the_first_violation_up_top_and_no_classification(invalid, client: Client):
    client.force_login(invalid.submitted_by)
    html = client.get(invalid.get_absolute_url()).content.decode()

    top = html.index('id="first-violation"')
    assert top < html.index('id="violations-title"')
    section = html[top : html.index("</section>", top)]
    assert "Turn 3" in section and "car 7" in section and "gear 2 → 4 skips a gear going up" in section
    assert f'href="{reverse("league:rules")}#rule-G2"' in section
    assert f"?sheet={invalid.pk}#turn-3" in section
    assert 'id="legal-choices"' in section and "gear 3" in section
    assert "1 more violation that followed from it" in section
    # "rule T1" links to the rule, never read as the corner T1
    assert f'<a class="rule-ref" href="{reverse("league:rules")}#rule-T1">rule T1</a>' in html
    assert 'id="classification-title"' not in html
    assert 'id="no-classification"' in html
    assert 'id="correct-sheet"' in section


def test_someone_not_in_the_race_gets_no_correction_button(invalid, client: Client):
    html = client.get(invalid.get_absolute_url()).content.decode()
    assert 'id="first-violation"' in html
    assert 'id="correct-sheet"' not in html


def test_a_corrected_version_keeps_the_photos(
    invalid, oval, example, client: Client, django_capture_on_commit_callbacks
):
    client.force_login(oval.alice)
    form = client.get(reverse("sheets:sheet-new", args=[oval.race.pk]) + f"?from={invalid.pk}")
    assert f'name="previous" value="{invalid.pk}"' in form.content.decode()
    assert "its 2 photos are kept" in form.content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("sheets:sheet-new", args=[oval.race.pk]),
            {
                "kind": "race",
                "log_text": example("race-ovale-valid.json").decode(),
                "previous": str(invalid.pk),
            },
        )
    assert response.status_code == 302
    new = RaceSheet.objects.get(race=oval.race, version=2)
    assert new.status == RaceSheet.Status.VALID
    old_photos = list(SheetPhoto.objects.filter(sheet=invalid).order_by("pk"))
    new_photos = list(SheetPhoto.objects.filter(sheet=new).order_by("pk"))
    assert [(p.width, p.height) for p in new_photos] == [(p.width, p.height) for p in old_photos]
    for old, copy in zip(old_photos, new_photos, strict=True):
        assert copy.image.name != old.image.name  # a copy: each version's photos stand alone
        with old.image.open("rb") as a, copy.image.open("rb") as b:
            assert a.read() == b.read()
        assert copy.thumbnail
    # the old version keeps its own
    assert invalid.photos.count() == 2


NNBSP = "\u202f"  # French sets a narrow no-break space before a colon


def test_the_first_line_and_the_knock_ons_take_each_languages_colon(invalid, client: Client):
    url = invalid.get_absolute_url()
    english = client.get(url).content.decode()
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    line = re.search(r'<p class="first-line">(.*?)</p>', english, re.S).group(1)
    assert re.search(r"</strong> \([^)]+\): gear 2 → 4", line), line
    line = re.search(r'<p class="first-line">(.*?)</p>', french, re.S).group(1)
    assert re.search(rf"</strong> \([^)]+\){NNBSP}: passage de la 2e à la 4e", line), line
    knock_on = re.search(r'<details class="knock-on">(.*?)</details>', french, re.S).group(1)
    assert f"tour 4, voiture 7{NNBSP}: S2-b3" in knock_on


@pytest.mark.parametrize(
    ("code", "detail", "stored", "french"),
    [
        # what the worker stores (sheets/judging.py, tasks.py): the code, its detail, the API's English
        (
            "timeout",
            None,
            "the replay took too long and was stopped",
            "le moteur de règles a mis trop de temps",
        ),
        (
            "internal",
            "ZeroDivisionError: division by zero",
            "internal error: ZeroDivisionError: division by zero",
            f"erreur interne{NNBSP}: ZeroDivisionError",
        ),
        (
            "task",
            "OperationalError: gone",
            "validation failed: OperationalError: gone",
            f"la validation a échoué{NNBSP}: OperationalError: gone",
        ),
        # a reason with no code (another version of the site): shown as stored
        ("", None, "a reason from another version of the site", "a reason from another version of the site"),
    ],
)
def test_the_workers_reason_reads_in_the_readers_language(
    invalid, client: Client, code, detail, stored, french
):
    params = {"detail": detail} if detail is not None else {}
    RaceSheet.objects.filter(pk=invalid.pk).update(
        status=RaceSheet.Status.ERROR, verdict=None, error=stored, error_code=code, error_params=params
    )

    english = client.get(invalid.get_absolute_url()).content.decode()
    page = client.get(invalid.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert f"The sheet could not be judged: {stored}" in english.replace("&#x27;", "'")
    assert "La feuille n" in page and french in page.replace("&#x27;", "'")


def test_the_reason_the_task_stores_is_one_the_page_translates():
    from django.utils import translation

    from sheets.failures import Failure, FailureReason

    reason = FailureReason(Failure.TASK, "OperationalError: gone")
    assert reason.english() == "validation failed: OperationalError: gone"  # the API's English, as documented
    with translation.override("fr"):
        assert reason.english() == "validation failed: OperationalError: gone"
        assert reason.text() == f"la validation a échoué{NNBSP}: OperationalError: gone"
        assert FailureReason(Failure.TIMEOUT).text().startswith("le moteur de règles")


@pytest.mark.django_db
def test_a_broken_circuit_is_stored_in_english_and_read_in_french(monkeypatch):
    from django.utils import translation

    from rules.messages.reading import ReadCode
    from rules.track import CircuitError
    from sheets.engine import SheetEngineError, race_track
    from tests.factories import make_race, make_season

    def refuse(document):
        raise CircuitError("lanes", ReadCode.EXPECTED_INTEGER, got="'three'")

    monkeypatch.setattr("sheets.engine.load_circuit", refuse)
    monkeypatch.setattr("sheets.engine._TRACKS", {})  # an earlier test may have read this circuit
    race = make_race(make_season(), 1)
    with translation.override("fr"), pytest.raises(SheetEngineError) as caught:
        race_track(race)
    stored = str(caught.value)
    assert stored.startswith(f"the circuit of this race is broken: {race.circuit.slug}: ")
    with translation.override("fr"):
        assert caught.value.reason.text().startswith(
            f"le circuit de cette course est défectueux{NNBSP}: {race.circuit.slug}"
        )
