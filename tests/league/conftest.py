from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages are asserted in English, the source language; the site itself defaults to French."""
    with translation.override("en"):
        yield
