"""The whole way in, in a browser: sign up, confirm the e-mail, ask to enter the running season,
a steward accepts in the admin, the player's page shows the next race and its wear-build form."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from demo.services import PASSWORD, RUNNING, demo_load
from league.models import EntryRequest, SeasonEntry
from races.entry_lists import remaining_races
from races.models import RaceEntry
from tests.site.conftest import PROJECT_CIRCUITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINK = re.compile(r"https?://\S+/accounts/confirm-email/\S+/")


@pytest.fixture
def demo(browser_type_launch_args) -> None:
    """The demo league, committed so the live server's thread sees it (after the Chromium check)."""
    demo_load(circuits_dir=PROJECT_CIRCUITS, write=lambda line: None)


def test_a_new_visitor_signs_up_enters_the_season_and_gets_his_races(live_server, page, browser, demo):
    url = live_server.url
    mail.outbox.clear()

    # Sign up.
    page.goto(url + reverse("home"))
    page.click(f'header a[href="{reverse("account_signup")}"]')
    page.fill("#id_email", "zoe@example.org")
    page.fill("#id_username", "zoe")
    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-long-pass-phrase")
    page.fill("#id_display_name", "Zoé Lambert")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**{reverse('account_email_verification_sent')}")

    # Confirm the address with the link of the mail (the site speaks French to this browser).
    (message,) = mail.outbox
    assert message.to == ["zoe@example.org"]
    link = LINK.search(message.body).group(0)
    page.goto(link)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("header .who").inner_text() == "zoe"

    # Ask to enter the running season, in the team with room.
    season_url = reverse("races:season", args=[RUNNING.slug])
    page.goto(url + season_url)
    page.click(f'a[href="{reverse("races:season-enter", args=[RUNNING.slug])}"]')
    page.select_option("#id_team", label="Écurie Blanche")
    page.fill("#id_car_number", "17")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**{season_url}")
    request = EntryRequest.objects.get(user__username="zoe")
    assert request.status == EntryRequest.Status.PENDING

    # A steward accepts it in the admin.
    steward = browser.new_context(locale="fr-FR")
    admin = steward.new_page()
    admin.goto(url + reverse("admin:league_entryrequest_changelist"))
    admin.fill("#id_username", "admin")
    admin.fill("#id_password", PASSWORD)
    admin.click("input[type=submit]")
    admin.wait_for_url(f"**{reverse('admin:league_entryrequest_changelist')}")
    admin.check(f'input[name="_selected_action"][value="{request.pk}"]')
    admin.select_option('select[name="action"]', "accept")
    admin.click('button[name="index"]')
    admin.wait_for_load_state()
    assert "1 demande(s) acceptée(s)." in admin.locator("ul.messagelist").inner_text()
    steward.close()

    # The player's page: the next race and the wear-build form.
    page.goto(url + reverse("sheets:my-races"))
    entry = SeasonEntry.objects.get(season__slug=RUNNING.slug, driver__user__username="zoe")
    races = list(remaining_races(season=entry.season))
    assert races  # the demo has rounds to come
    next_race = races[0]
    assert next_race.get_absolute_url() in page.locator("#next-race").inner_html()
    mine = RaceEntry.objects.get(race=next_race, season_entry=entry)
    form = page.locator(f'form[action="{reverse("races:wear-build", args=[mine.pk])}"]')
    assert form.locator("input[type=number]").count() == 6
    assert page.locator("header .my-races .count").inner_text() == "1"  # the build is due

    # The race entry exists for every remaining round.
    assert set(RaceEntry.objects.filter(season_entry=entry).values_list("race_id", flat=True)) == {
        race.pk for race in races
    }

    # And the build goes in from that form.
    for part, n in zip(
        ["tyres", "brakes", "gearbox", "body", "engine", "handling"], [4, 3, 3, 3, 3, 4], strict=True
    ):
        form.locator(f'input[name="wear-{mine.pk}-{part}"]').fill(str(n))
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"**{reverse('sheets:my-races')}")
    mine.refresh_from_db()
    assert sum(mine.wear.values()) == 20


def test_my_races_shows_the_next_race_in_the_visitors_time_zone(live_server, browser, demo):
    from zoneinfo import ZoneInfo

    context = browser.new_context(locale="en-GB", timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.goto(live_server.url + reverse("account_login"))
    page.fill("#id_login", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    page.goto(live_server.url + reverse("sheets:my-races"))

    entry = RaceEntry.objects.filter(season_entry__driver__slug="alice", race__status="scheduled").order_by(
        "race__scheduled_at"
    )[0]
    tokyo = entry.race.scheduled_at.astimezone(ZoneInfo("Asia/Tokyo"))
    shown = page.locator("#next-race time").inner_text()
    assert "Asia/Tokyo" in shown
    assert f"{tokyo.hour % 12 or 12}:{tokyo.minute:02d}" in shown  # 4:30 in Tokyo for 20:30 in Paris
    assert str(tokyo.day) in shown  # the next day there
    context.close()
