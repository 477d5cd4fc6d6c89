"""The board editor's fixtures: a league admin who may edit boards, a picture of the known board."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from circuits.drafts import draft_create
from circuits.models import BoardDraft
from tests.circuits.known_board import render_png
from tests.factories import make_user
from tests.site.conftest import browser_page, session_cookie


def make_board_admin(username: str = "boards") -> Any:
    """A league admin (is_staff) who may change circuits."""
    from django.contrib.auth.models import Permission

    user = make_user(username, is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=("add_circuit", "change_circuit")))
    return user


@contextmanager
def board_editor_page(browser: Any, live_server: Any) -> Iterator[Any]:  # Playwright's, pytest-django's
    """A desktop browser (the board's picture shown at its own size) logged in as a league admin;
    the editor's script never fails in it."""
    cookies = session_cookie(live_server, make_board_admin())
    with browser_page(
        browser, locale="en-GB", viewport={"width": 1600, "height": 1100}, cookies=cookies
    ) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        assert errors == []  # the editor's script never failed


@pytest.fixture
def board_admin(db: None) -> Any:
    return make_board_admin()


@pytest.fixture
def admin_client(client: Any, board_admin: Any) -> Any:
    client.force_login(board_admin)
    client.cookies["django_language"] = "en"  # the site speaks French by default; the tests read English
    return client


@pytest.fixture
def board_png(tmp_path: Path) -> bytes:
    return render_png(tmp_path / "board.png").read_bytes()


def upload(data: bytes, name: str = "board.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/png")


@pytest.fixture
def draft(board_admin: Any, board_png: bytes) -> BoardDraft:
    """A new board's draft, nothing traced yet."""
    return draft_create(
        name="Essai", slug="essai", upload=io.BytesIO(board_png), upload_name="board.png",
        upload_size=len(board_png), by=board_admin,
    )  # fmt: skip
