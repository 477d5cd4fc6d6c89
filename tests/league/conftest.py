from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """The league tests assert English messages (tests/conftest.py)."""
