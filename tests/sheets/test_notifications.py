"""Each event sends one e-mail and one webhook call to the right people, in their language; a
rolled-back write sends nothing; the reminder sends "race tomorrow" once however often it runs."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from accounts.profiles import profile_for
from notifications.models import Notice
from notifications.reminders import race_tomorrow
from races.models import Race
from races.registration import entry_request_accept, entry_request_create, entry_request_refuse
from races.services import race_create, race_entry_create
from sheets.models import Protest
from sheets.protests import protest_decide, protest_file
from sheets.publishing import race_publish
from tests.factories import make_circuit, make_season, make_team
from tests.sheets.conftest import close_window, log_for


class Hook:
    """A local webhook: the JSON bodies it received."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                hook.calls.append(json.loads(body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/webhook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def texts(self) -> list[str]:
        return [call["content"] for call in self.calls]


@pytest.fixture
def hook(settings) -> Iterator[Hook]:
    server = Hook()
    settings.LEAGUE_WEBHOOK_URL = server.url
    yield server
    server.server.shutdown()


@pytest.fixture
def languages(oval):
    """Alice reads English, Bruno French."""
    for user, language in ((oval.alice, "en"), (oval.bruno, "fr"), (oval.chiara, "en")):
        profile = profile_for(user)
        profile.language = language
        profile.save()
    return oval


def _mails_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def _cup(oval):
    return make_season(name="Coupe", slug="coupe", entries_open_at=timezone.now() - timedelta(days=1))


def test_an_accepted_entry_tells_the_player_once_in_his_language(
    oval, languages, hook, django_capture_on_commit_callbacks
):
    request = entry_request_create(season=_cup(oval), team=make_team(), car_number=30, by=oval.chiara)

    with django_capture_on_commit_callbacks(execute=True):
        entry_request_accept(request=request, by=oval.steward)
    with django_capture_on_commit_callbacks(execute=True):
        entry_request_accept(request=request, by=oval.steward)  # again: already accepted, nothing new

    (message,) = mail.outbox
    assert message.to == [oval.chiara.email]
    assert "Your entry in Coupe is accepted" in message.subject  # chiara reads English
    assert len(hook.calls) == 1 and "Coupe" in hook.texts[0]


def test_a_refusal_tells_the_reason_in_french(oval, languages, hook, django_capture_on_commit_callbacks):
    request = entry_request_create(season=_cup(oval), team=make_team(), car_number=30, by=oval.bruno)

    with django_capture_on_commit_callbacks(execute=True):
        entry_request_refuse(request=request, reason="Plateau complet", by=oval.steward)

    (message,) = mail.outbox
    assert message.to == [oval.bruno.email]
    assert "est refusé" in message.subject and "Plateau complet" in message.body
    assert len(hook.calls) == 1 and "est refusé" in hook.texts[0]


def test_a_valid_sheet_tells_its_sender_and_asks_the_others_to_confirm(languages, hook, example, submit):
    oval = languages

    sheet = submit(oval.race, log_for(example), oval.alice)

    assert sheet.status == "valid"
    judged, to_confirm = _mails_to(oval.alice), _mails_to(oval.bruno)
    assert len(judged) == 1 and "is valid" in judged[0].subject  # English for alice
    assert len(to_confirm) == 1 and "confirmation" in to_confirm[0].subject  # French for bruno
    assert "attend votre confirmation" in to_confirm[0].subject
    assert len(mail.outbox) == 2  # chiara is not in this race
    assert len(hook.calls) == 2  # one per event


def test_an_invalid_sheet_names_its_first_violation(languages, hook, example, submit):
    oval = languages

    sheet = submit(oval.race, example("race-ovale-gear-skip.json"), oval.bruno)

    assert sheet.status == "invalid"
    (message,) = mail.outbox
    assert message.to == [oval.bruno.email] and "invalide" in message.subject
    first = sheet.verdict["violations"][0]
    assert (
        f"Première : {first['rule']} — passage de la 2e à la 4e : une vitesse sautée en montant"
        in message.body
    )
    assert len(hook.calls) == 1


def test_a_protest_tells_the_protested_driver_and_the_decision_tells_both(
    languages, hook, example, submit, django_capture_on_commit_callbacks
):
    oval = languages
    sheet = submit(oval.race, log_for(example), oval.alice)
    mail.outbox.clear()
    hook.calls.clear()
    alice_car = oval.race.entries.get(season_entry=oval.car7)

    with django_capture_on_commit_callbacks(execute=True):
        protest = protest_file(sheet=sheet, by=oval.bruno, reason="Gear skipped in T1", against=alice_car)
    (filed,) = mail.outbox
    assert filed.to == [oval.alice.email] and "protest is filed against you" in filed.subject
    assert len(hook.calls) == 1

    with django_capture_on_commit_callbacks(execute=True):
        protest_decide(protest=protest, by=oval.steward, decision="No evidence", upheld=False)

    decided = mail.outbox[1:]
    assert sorted(m.to[0] for m in decided) == sorted([oval.alice.email, oval.bruno.email])
    assert Protest.objects.get(pk=protest.pk).status == "dismissed"
    subjects = {m.to[0]: m.subject for m in decided}
    assert "decided a protest" in subjects[oval.alice.email]
    assert "ont tranché" in subjects[oval.bruno.email]
    assert len(hook.calls) == 2  # the decision: one call naming both


def test_published_results_tell_every_entrant(
    languages, hook, example, submit, django_capture_on_commit_callbacks
):
    oval = languages
    submit(oval.race, log_for(example), oval.alice)
    close_window(oval.race)  # published once the protest window has closed
    mail.outbox.clear()
    hook.calls.clear()
    oval.race.refresh_from_db()

    with django_capture_on_commit_callbacks(execute=True):
        race_publish(race=oval.race, by=oval.steward)

    assert sorted(m.to[0] for m in mail.outbox) == sorted([oval.alice.email, oval.bruno.email])
    assert len(hook.calls) == 1


def test_a_user_who_wants_no_mail_gets_the_webhook_only(languages, hook, example, submit):
    oval = languages
    profile = profile_for(oval.alice)
    profile.notify_email = False
    profile.save()

    submit(oval.race, log_for(example), oval.alice)

    assert _mails_to(oval.alice) == []
    assert len(hook.calls) == 2


def _tomorrow(oval) -> Race:
    race = race_create(
        season=oval.season, round=6, circuit=make_circuit(), scheduled_at=timezone.now() + timedelta(hours=20)
    )
    for entry in (oval.car7, oval.car3):
        race_entry_create(race=race, season_entry=entry)
    return race


def test_race_tomorrow_is_sent_once_even_when_the_reminder_runs_twice(
    languages, hook, django_capture_on_commit_callbacks
):
    oval = languages
    _tomorrow(oval)
    race_create(
        season=oval.season, round=7, circuit=make_circuit(), scheduled_at=timezone.now() + timedelta(days=3)
    )

    for _run in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            race_tomorrow.delay()

    assert sorted(m.to[0] for m in mail.outbox) == sorted([oval.alice.email, oval.bruno.email])
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert "Race tomorrow" in subjects[oval.alice.email] and "Course demain" in subjects[oval.bruno.email]
    assert len(hook.calls) == 1
    assert Notice.objects.filter(channel="email", sent_at__isnull=False).count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_submission_sends_nothing(hook, examples_dir):
    from sheets.services import race_sheet_submit
    from tests.sheets.conftest import build_oval

    oval = build_oval()
    raw = (examples_dir / "race-ovale-valid.json").read_bytes()

    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        race_sheet_submit(race=oval.race, raw=raw, by=oval.alice)
        raise Boom

    assert mail.outbox == [] and hook.calls == []
    assert not Notice.objects.exists()
    # The same submission committed does send: the test above is not blind.
    race_sheet_submit(race=oval.race, raw=raw, by=oval.alice)
    assert len(mail.outbox) == 2 and len(hook.calls) == 2
