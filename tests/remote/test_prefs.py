"""A driver sets his remote-race hours, quiet hours, channels and vacations on /me/remote/."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts.profiles import profile_for
from league.models import Season
from remote.models import RemotePrefs, Vacation
from remote.prefs import remote_prefs_update
from remote.vacations import vacation_add, vacation_delete
from tests.factories import make_driver, make_entry, make_season, make_user

pytestmark = pytest.mark.django_db

URL = "/me/remote/"
GOOD = {
    "time_zone": "America/Montreal",
    "play_days": ["0", "1", "2", "3", "4"],
    "play_from": "20:00",
    "play_until": "02:00",
    "quiet_from": "23:00",
    "quiet_until": "07:30",
    "notify_email": "on",
    "notify_push": "on",
}


@pytest.fixture
def alice():
    user = make_user("alice")
    profile = profile_for(user)
    profile.language = "en"  # a signed-in player's profile language wins over his browser's
    profile.save()
    return user


@pytest.fixture
def season(alice) -> Season:
    season = make_season()
    season.vacation_days = 5
    season.save()
    make_entry(season, 7, driver=make_driver(user=alice))
    return season


def _codes(response, form: str) -> dict[str, list[str]]:
    errors = response.context[form].errors.as_data()
    return {field: [e.code for e in errs] for field, errs in errors.items()}


def _day(n: int) -> date:
    return timezone.localdate() + timedelta(days=n)


def _add(client, season: Season, first: int, last: int):
    return client.post(
        reverse("remote:vacation-add"),
        {"season": season.pk, "starts_on": _day(first).isoformat(), "ends_on": _day(last).isoformat()},
    )


def test_the_page_is_at_me_remote():
    assert reverse("remote:prefs") == URL


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get(URL)

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={URL}"


def test_the_page_shows_the_defaults_without_prefs(client, alice):
    client.force_login(alice)

    response = client.get(URL)

    assert response.status_code == 200
    form = response.context["prefs_form"]
    assert form.initial["time_zone"] == "Europe/Paris"
    assert form.initial["play_days"] == [0, 1, 2, 3, 4, 5, 6]
    assert '<option value="Europe/Paris" selected>' in response.content.decode()
    assert not RemotePrefs.objects.exists()  # reading writes nothing


def test_a_driver_saves_his_hours_quiet_hours_and_channels(client, alice):
    client.force_login(alice)

    response = client.post(URL, GOOD)

    assert response.status_code == 302 and response["Location"] == URL
    prefs = RemotePrefs.objects.get(user=alice)
    assert prefs.time_zone == "America/Montreal"
    assert prefs.play_days == [0, 1, 2, 3, 4]
    assert (prefs.play_from, prefs.play_until) == (time(20), time(2))
    assert (prefs.quiet_from, prefs.quiet_until) == (time(23), time(7, 30))
    assert prefs.notify_push is True
    profile = profile_for(alice)
    assert profile.notify_email is True and profile.notify_webhook is False
    page = client.get(URL)
    assert "Your hours are saved." in page.content.decode()
    assert page.context["prefs_form"].initial["quiet_until"] == time(7, 30)


def test_quiet_hours_may_be_left_out(client, alice):
    client.force_login(alice)

    client.post(URL, {**GOOD, "quiet_from": "", "quiet_until": ""})

    prefs = RemotePrefs.objects.get(user=alice)
    assert prefs.quiet_from is None and prefs.quiet_until is None


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"quiet_until": ""}, "quiet_until", "quiet_half"),
        ({"quiet_from": ""}, "quiet_from", "quiet_half"),
        ({"play_days": []}, "play_days", "required"),
        ({"time_zone": "Mars/Olympus_Mons"}, "time_zone", "invalid_choice"),
        ({"play_from": "25:00"}, "play_from", "invalid"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(client, alice, change, field, code):
    client.force_login(alice)

    response = client.post(URL, {**GOOD, **change})

    assert response.status_code == 400
    assert _codes(response, "prefs_form") == {field: [code]}
    assert not RemotePrefs.objects.exists()
    assert profile_for(alice).notify_webhook is True  # the profile's channels are kept too
    # What he typed is on the page again.
    form = response.context["prefs_form"]
    assert form.data["play_until"] == "02:00"


def test_the_refusals_are_said_in_words(client, alice):
    client.force_login(alice)

    html = client.post(URL, {**GOOD, "quiet_until": "", "play_days": []}).content.decode()
    assert "Give both ends of your quiet hours, or neither." in html
    assert "Choose at least one day." in html
    html = client.post(URL, {**GOOD, "time_zone": "Mars/Olympus_Mons"}).content.decode()
    assert "Mars/Olympus_Mons is not a time zone we know." in html


def test_the_vacation_budget_of_the_season_is_kept(client, alice, season):
    client.force_login(alice)

    assert _add(client, season, 10, 12).status_code == 302  # 3 of 5 days

    refused = _add(client, season, 20, 22)  # 3 more: 1 too many
    assert refused.status_code == 400
    assert _codes(refused, "vacation_form") == {"__all__": ["too_many_days"]}
    assert "That is 3 days; you have 2 days left for this season." in refused.content.decode()
    assert refused.context["vacation_form"].data["starts_on"] == _day(20).isoformat()  # kept

    assert _add(client, season, 20, 21).status_code == 302  # 2: the last ones
    assert [(v.starts_on, v.ends_on) for v in Vacation.objects.order_by("starts_on")] == [
        (_day(10), _day(12)),
        (_day(20), _day(21)),
    ]
    page = client.get(URL).content.decode()
    assert "0 days left of 5." in page


def test_an_overlapping_vacation_is_refused(client, alice, season):
    client.force_login(alice)
    _add(client, season, 10, 11)

    refused = _add(client, season, 11, 12)

    assert _codes(refused, "vacation_form") == {"__all__": ["overlap"]}
    assert Vacation.objects.count() == 1


def test_a_vacation_ending_before_it_starts_or_in_the_past_is_refused(client, alice, season):
    client.force_login(alice)

    assert _codes(_add(client, season, 5, 3), "vacation_form") == {"ends_on": ["ends_before_start"]}
    assert _codes(_add(client, season, -2, 1), "vacation_form") == {"starts_on": ["in_past"]}
    assert not Vacation.objects.exists()


def test_a_vacation_only_in_a_season_he_races(client, alice, season):
    other = make_season()
    client.force_login(alice)

    refused = _add(client, other, 3, 4)

    assert _codes(refused, "vacation_form") == {"season": ["invalid_choice"]}
    with pytest.raises(ValidationError) as error:
        vacation_add(user=alice, season=other, starts_on=_day(3), ends_on=_day(4))
    assert error.value.error_dict["season"][0].code == "not_entered"


def test_a_vacation_not_begun_is_deleted(client, alice, season):
    client.force_login(alice)
    _add(client, season, 3, 4)
    vacation = Vacation.objects.get()

    response = client.post(reverse("remote:vacation-delete", args=[vacation.pk]))

    assert response.status_code == 302
    assert not Vacation.objects.exists()


def test_someone_else_s_vacation_cannot_be_deleted(client, alice, season):
    vacation = vacation_add(user=alice, season=season, starts_on=_day(3), ends_on=_day(4))
    client.force_login(make_user("bruno"))

    assert client.post(reverse("remote:vacation-delete", args=[vacation.pk])).status_code == 404
    assert Vacation.objects.filter(pk=vacation.pk).exists()


def test_a_vacation_under_way_is_cut_to_yesterday_and_one_over_stays(alice, season):
    today = date(2026, 6, 10)
    vacation = vacation_add(
        user=alice,
        season=season,
        starts_on=date(2026, 6, 8),
        ends_on=date(2026, 6, 12),
        today=date(2026, 6, 1),
    )

    cut = vacation_delete(user=alice, pk=vacation.pk, today=today)

    assert cut is not None and (cut.starts_on, cut.ends_on) == (date(2026, 6, 8), date(2026, 6, 9))
    with pytest.raises(ValidationError) as error:
        vacation_delete(user=alice, pk=vacation.pk, today=date(2026, 6, 20))
    assert error.value.code == "over"


def test_the_page_lists_his_seasons_and_vacations(client, alice, season):
    vacation_add(user=alice, season=season, starts_on=_day(3), ends_on=_day(4))
    client.force_login(alice)

    response = client.get(URL)

    [row] = response.context["seasons"]
    assert row.season == season and row.used == 2 and row.left == 3
    html = response.content.decode()
    assert season.name in html and "3 days left of 5." in html
    assert reverse("remote:vacation-delete", args=[row.vacations[0].pk]) in html


def test_the_page_renders_in_french(client, alice, season):
    profile = profile_for(alice)
    profile.language = "fr"
    profile.save()
    client.force_login(alice)

    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert '<html lang="fr">' in html
    assert "lundi" in html and "dimanche" in html  # the days, in Django's own French
    assert "Déconnexion" in html


def test_the_profile_page_links_to_it(client, alice):
    client.force_login(alice)

    assert f'href="{URL}"' in client.get(reverse("accounts:profile")).content.decode()


def test_the_service_refuses_what_a_form_would_not_catch(alice):
    """The API writes through the same service: an unknown zone, no day, half the quiet hours."""
    with pytest.raises(ValidationError) as error:
        remote_prefs_update(
            user=alice, data={"time_zone": "Europe/Atlantis", "play_days": [], "quiet_from": time(22)}
        )

    codes = {field: [e.code for e in errs] for field, errs in error.value.error_dict.items()}
    assert codes == {"time_zone": ["unknown_zone"], "play_days": ["no_day"], "quiet_until": ["quiet_half"]}
    assert not RemotePrefs.objects.exists()
