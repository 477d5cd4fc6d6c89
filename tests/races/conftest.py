from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """The races tests assert English messages (tests/conftest.py)."""
