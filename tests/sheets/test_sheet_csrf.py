"""The sheet form's size check comes after the CSRF check: a cross-site post writes nothing in the victim's name."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from sheets.models import RaceSheet, SubmissionAttempt

pytestmark = pytest.mark.django_db
MB = 1024 * 1024


@pytest.fixture
def victim(oval):
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(oval.alice)
    return client


def url(oval) -> str:
    return reverse("sheets:sheet-new", kwargs={"pk": oval.race.pk})


def test_a_cross_site_oversized_post_writes_no_attempt(oval, victim):
    response = victim.post(
        url(oval), {"kind": "race", "log_text": "x" * (3 * MB)}, HTTP_ORIGIN="https://evil.example"
    )
    assert response.status_code == 403
    assert not SubmissionAttempt.objects.exists()


def test_an_oversized_post_without_an_origin_writes_no_attempt(oval, victim):
    response = victim.post(url(oval), {"kind": "race", "log_text": "x" * (3 * MB)})
    assert response.status_code == 403
    assert not SubmissionAttempt.objects.exists()


def test_a_cross_site_post_of_a_fair_size_writes_no_attempt(oval, victim, example):
    response = victim.post(url(oval), {"kind": "race", "log_text": example("race-ovale-valid.json").decode()})
    assert response.status_code == 403
    assert not SubmissionAttempt.objects.exists() and not RaceSheet.objects.exists()


def test_our_own_oversized_post_gets_the_413_and_its_attempt(oval, victim):
    victim.get(url(oval))  # the form page sets the CSRF cookie
    response = victim.post(
        url(oval),
        {
            "kind": "race",
            "log_text": "x" * (3 * MB),
            "csrfmiddlewaretoken": victim.cookies["csrftoken"].value,
        },
        HTTP_ORIGIN="http://testserver",
    )
    assert response.status_code == 413
    assert SubmissionAttempt.objects.get().user == oval.alice


def test_our_own_post_with_its_token_is_accepted(oval, victim, example):
    victim.get(url(oval))
    response = victim.post(
        url(oval),
        {
            "kind": "race",
            "log_text": example("race-ovale-valid.json").decode(),
            "csrfmiddlewaretoken": victim.cookies["csrftoken"].value,
        },
    )
    assert response.status_code == 302
    assert RaceSheet.objects.count() == 1
