"""Schemathesis against /api/schema/, in-process: no 500s, and every documented response matches the schema.

Each operation gets a few generated requests (valid and invalid) from an admin, against a small league;
ids in paths, filters and bodies are often swapped for ones that exist, so the fuzzer gets past the 404s.
For a deeper search: API_FUZZ_EXAMPLES=200 API_FUZZ_COVERAGE=1 (Schemathesis' boundary-value phase,
which triples the time) pytest tests/api/test_schema_fuzz.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, models
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from circuits.models import Circuit
from config.wsgi import application
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from races.models import Race, RaceEntry, Result
from sheets.models import RaceSheet
from tests.api.conftest import build_league

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

CHECKS = [not_a_server_error, response_schema_conformance]
# About 40 operations: with these defaults the run stays well under a minute.
EXAMPLES_PER_OPERATION = int(os.getenv("API_FUZZ_EXAMPLES", "15"))
COVERAGE_PHASE = os.getenv("API_FUZZ_COVERAGE", "") == "1"

# The model behind /api/<resource>/{id}/, and behind an id-valued field or filter.
RESOURCES: dict[str, type[models.Model]] = {
    "seasons": Season,
    "season-entries": SeasonEntry,
    "races": Race,
    "race-entries": RaceEntry,
    "results": Result,
    "drivers": Driver,
    "teams": Team,
    "circuits": Circuit,
    "experience": ExperienceEntry,
    "sheets": RaceSheet,
}
FIELDS: dict[str, type[models.Model]] = {
    "season": Season,
    "season_entry": SeasonEntry,
    "race": Race,
    "driver": Driver,
    "team": Team,
    "circuit": Circuit,
}

# The schema document itself is no resource to fuzz.
config = schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": COVERAGE_PHASE}}})
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=config).exclude(
    path="/api/schema/"
)


def existing_id(model: type[models.Model]) -> st.SearchStrategy[int]:
    """The id of a row that exists (read when drawn: the league is built by then), or any small number."""

    def pick(n: int) -> int:
        ids = list(model.objects.order_by("pk").values_list("pk", flat=True))
        return ids[n % len(ids)] if ids else n

    return st.integers(min_value=0, max_value=30).map(pick)


def with_existing_ids(values: Any, fields: dict[str, type[models.Model]]) -> st.SearchStrategy[Any]:
    """The generated values as they are, or with their id fields pointing at existing rows."""
    if not isinstance(values, dict):
        return st.just(values)
    present = {name: model for name, model in fields.items() if name in values}
    if not present:
        return st.just(values)
    ids = st.fixed_dictionaries({name: existing_id(model) for name, model in present.items()})
    return st.one_of(st.just(values), ids.map(lambda chosen: {**values, **chosen}))


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    resource = context.operation.path.split("/")[2]
    return with_existing_ids(path_parameters, {"id": RESOURCES[resource]} if resource in RESOURCES else {})


@schema.hook
def flatmap_query(context, query):
    return with_existing_ids(query, FIELDS)


@schema.hook
def flatmap_body(context, body):
    return with_existing_ids(body, FIELDS)


@pytest.fixture(autouse=True)
def keep_the_test_transaction() -> Iterator[None]:
    """A WSGI request closes the database connection when it ends: that would drop the test's transaction.

    Django's test client disconnects the same handler; the real WSGI application needs us to.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def admin_token(django_user_model) -> str:
    build_league()
    admin = django_user_model.objects.create_user(
        "fuzzer", "fuzzer@example.org", "demo", is_staff=True, is_superuser=True
    )
    return Token.objects.create(user=admin).key


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_as_its_schema_says(case, admin_token):
    case.call_and_validate(headers={"Authorization": f"Token {admin_token}"}, checks=CHECKS)
