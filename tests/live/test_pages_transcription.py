"""Paper sheets after the fact: photos alone make a transcription task for the stewards, who record
it on the race-night page with the photos beside the board."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from live.models import LiveTable
from sheets.models import RaceSheet
from sheets.selectors import sheets_to_transcribe
from sheets.services import race_sheet_submit
from tests.factories import Oval
from tests.sheets.conftest import jpeg_bytes, upload

pytestmark = pytest.mark.django_db


def photos_alone(oval: Oval, client) -> RaceSheet:
    client.force_login(oval.alice)
    response = client.post(
        reverse("sheets:sheet-new", kwargs={"pk": oval.race.pk}),
        {"kind": "race", "photos": [upload("sheet.jpg", jpeg_bytes((120, 90)))]},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return RaceSheet.objects.get(race=oval.race)


def test_a_player_sends_photos_alone_and_the_stewards_get_a_task(oval, client):
    sheet = photos_alone(oval, client)

    assert sheet.status == RaceSheet.Status.TRANSCRIBE
    assert sheet.raw == b"" and sheet.verdict is None
    assert sheet.photos.count() == 1
    assert list(sheets_to_transcribe(race=oval.race)) == [sheet]

    client.force_login(oval.steward)
    html = client.get(reverse("sheets:race-stewards", kwargs={"pk": oval.race.pk}), HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert "Paper sheets to transcribe" in text
    assert f"{reverse('live:race-night', kwargs={'pk': oval.race.pk})}?transcribe={sheet.pk}" in text


def test_an_empty_submission_is_still_refused(oval, client):
    with pytest.raises(Exception, match="The log is empty."):
        race_sheet_submit(race=oval.race, raw=b"", by=oval.alice)
    client.force_login(oval.alice)
    response = client.post(reverse("sheets:sheet-new", kwargs={"pk": oval.race.pk}), {"kind": "race"})
    assert response.status_code == 400
    assert not RaceSheet.objects.exists()


def test_the_steward_records_it_with_the_photos_beside_the_board(oval, client, examples_dir):
    sheet = photos_alone(oval, client)
    client.force_login(oval.steward)
    live = reverse("live:race-night", kwargs={"pk": oval.race.pk})

    setup = client.get(live, {"transcribe": sheet.pk}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'name="transcribe" value="{sheet.pk}"' in setup
    assert sheet.photos.get().image.url in setup

    data = {"weather": 14, "transcribe": sheet.pk}
    log = json.loads((examples_dir / "race-ovale-valid.json").read_text())
    for car in log["cars"]:
        data[f"car-{car['car']}-grid"] = car["grid"]
        data[f"car-{car['car']}-compound"] = car["tyres"]
        data.update({f"car-{car['car']}-{part}": n for part, n in car["wear"].items()})
    response = client.post(live, data)

    table = LiveTable.objects.get(race=oval.race)
    page = reverse("live:race-night-table", kwargs={"pk": table.pk})
    assert response["Location"] == f"{page}?transcribe={sheet.pk}"
    html = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "live-photos" in html and sheet.photos.get().image.url in html
    # A player (not a steward) gets no photos panel from the address.
    client.force_login(oval.bruno)
    assert "live-photos" not in client.get(response["Location"]).content.decode()


def test_a_later_version_closes_the_task(oval, client, examples_dir):
    sheet = photos_alone(oval, client)
    race_sheet_submit(
        race=oval.race, raw=(examples_dir / "race-ovale-valid.json").read_bytes(), by=oval.steward
    )

    assert sheet in RaceSheet.objects.all()
    assert list(sheets_to_transcribe(race=oval.race)) == []
