"""The board editor's pages (league admins only): the drafts, a new board from its picture, the
editor, and the JSON it talks to (save, test drive, publish)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from circuits.board_problems import problem_words
from circuits.drafts import (
    MAX_BYTES,
    circuit_in_use,
    draft_create,
    draft_drive_start,
    draft_for_circuit,
    draft_publish,
    draft_save,
    drive_is_current,
)
from circuits.models import BoardDraft, Circuit
from circuits.tasks import drive_board_draft

MAX_TRACE_BYTES = 2 * 1024 * 1024  # a traced board is a few tens of kilobytes
_CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp"}


def can_edit_boards(user: Any) -> bool:
    return bool(user.is_authenticated and user.is_staff and user.has_perm("races.change_circuit"))


def board_admin(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """League admins only: visitors are sent to log in, everyone else is refused."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_edit_boards(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def _errors(exc: ValidationError) -> str:
    return " ".join(exc.messages)


def draft_state(draft: BoardDraft) -> dict[str, Any]:
    """What the editor's script shows of a draft."""
    return {
        "id": draft.pk,
        "name": draft.name,
        "slug": draft.slug,
        "trace": draft.trace,
        "document": draft.document,
        "problems": problem_words(draft.problems),
        "drive": draft.drive,
        "drive_current": drive_is_current(draft),
        "drive_report": draft.drive_report,
        "published": draft.published.get_absolute_url() if draft.published else "",
        "published_slug": draft.published.slug if draft.published else "",
    }


def editor_words() -> dict[str, str]:
    """The words the editor's script shows, in the reader's language."""
    return {
        "saved": _("Saved."),
        "saving": _("Saving…"),
        "not_saved": _("Not saved:"),
        "driving": _("The bot is racing…"),
        "passed": _("Test drive passed: every race replays valid."),
        "failed": _("Test drive failed:"),
        "stale": _("The board changed since its test drive."),
        "published": _("Published:"),
        # Translators: one race of the test drive; keep {seed}, {moves} and {finished}.
        "drive_race": _("Race {seed}: {moves} moves, {finished} cars finished, replayed valid."),
        "help_straight": _(
            "Tap the four corners: start left, start right, end right, end left (left is lane a, in the direction of the race)."
        ),
        "help_lane": _("Tap a few points along the lane, in the direction of the race, then Add."),
        "help_single": _("Tap the square."),
        "help_lasso": _("Tap around the corner, then Add: the squares inside get the corner."),
        "help_pit_entry": _("Tap the track square cars leave the track from."),
        "help_pit_lane": _("Tap the pit-lane squares in driving order."),
        "help_pit_exit": _("Tap the track square cars come back on."),
        "help_stand": _("Tap the pit-lane squares that are stands."),
        "help_grid": _("Tap the grid squares, pole position first."),
        "help_arrow": _("Tap a square, then the square it leads to."),
        "nothing_here": _("No square here."),
    }


@board_admin
def board_list(request: HttpRequest) -> HttpResponse:
    """The drafts, and a form for a new board from its picture."""
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("image")
        try:
            draft = draft_create(
                name=request.POST.get("name", ""),
                slug=request.POST.get("slug", ""),
                upload=upload,
                upload_name=upload.name if upload else "",
                upload_size=upload.size if upload else 0,
                by=request.user,
            )
        except ValidationError as exc:
            error = _errors(exc)
        else:
            return redirect(draft.get_absolute_url())
    circuits = Circuit.objects.exclude(image="").order_by("name")
    return render(
        request,
        "circuits/board_list.html",
        {
            "drafts": BoardDraft.objects.select_related("circuit", "published"),
            "circuits": circuits,
            "error": error,
            "form": request.POST,
            "max_bytes": MAX_BYTES,
        },
        status=400 if error else 200,
    )


@board_admin
@require_POST
def board_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """A draft that edits a published board (a new version if a race was played on it)."""
    circuit = get_object_or_404(Circuit, slug=slug)
    try:
        draft = draft_for_circuit(circuit=circuit, by=request.user)
    except ValidationError as exc:
        messages.error(request, _errors(exc))
        return redirect("circuits:boards")
    return redirect(draft.get_absolute_url())


@board_admin
def board_editor(request: HttpRequest, pk: int) -> HttpResponse:
    draft = get_object_or_404(BoardDraft.objects.select_related("circuit", "published"), pk=pk)
    return render(
        request,
        "circuits/board_editor.html",
        {
            "draft": draft,
            "state": draft_state(draft),
            "words": editor_words(),
            "new_version": draft.circuit is not None and circuit_in_use(draft.circuit),
            "urls": {
                "draft": reverse("circuits:draft", kwargs={"pk": draft.pk}),
                "drive": reverse("circuits:drive", kwargs={"pk": draft.pk}),
                "publish": reverse("circuits:publish", kwargs={"pk": draft.pk}),
            },
            "image_url": reverse("circuits:image", kwargs={"pk": draft.pk}),
        },
    )


@board_admin
def board_image(request: HttpRequest, pk: int) -> FileResponse:
    """The draft's picture, from wherever the media are kept (the editor needs no media server)."""
    draft = get_object_or_404(BoardDraft, pk=pk)
    return FileResponse(
        draft.image.open("rb"), content_type=_CONTENT_TYPES.get(draft.image.name.rsplit(".", 1)[-1])
    )


@board_admin
@require_http_methods(["GET", "POST"])
def board_draft(request: HttpRequest, pk: int) -> JsonResponse:
    """GET: the draft. POST {"trace": …, "name": …}: save it; 400 with `error` leaves it as it was."""
    draft = get_object_or_404(BoardDraft, pk=pk)
    if request.method == "POST":
        if len(request.body) > MAX_TRACE_BYTES:
            return JsonResponse({"error": _("The traced board is too large to store.")}, status=400)
        try:
            body = json.loads(request.body)
        except (ValueError, UnicodeDecodeError):
            return JsonResponse({"error": _("The editor sent something that is not JSON.")}, status=400)
        if not isinstance(body, dict) or not isinstance(body.get("trace"), dict):
            return JsonResponse({"error": _("The editor sent no trace.")}, status=400)
        name = body.get("name")
        try:
            draft = draft_save(draft=draft, trace=body["trace"], name=name if isinstance(name, str) else None)
        except ValidationError as exc:
            return JsonResponse({"error": _errors(exc)}, status=400)
    return JsonResponse(draft_state(draft))


@board_admin
@require_http_methods(["GET", "POST"])
def board_drive(request: HttpRequest, pk: int) -> JsonResponse:
    """POST: test-drive the draft as saved (a Celery task); GET: how the drive went."""
    draft = get_object_or_404(BoardDraft, pk=pk)
    if request.method == "POST":
        draft_drive_start(draft=draft, enqueue=drive_board_draft.delay)
        draft.refresh_from_db()  # an eager task has already run
    return JsonResponse(draft_state(draft))


@board_admin
@require_POST
def board_publish(request: HttpRequest, pk: int) -> JsonResponse:
    draft = get_object_or_404(BoardDraft, pk=pk)
    try:
        circuit = draft_publish(draft=draft)
    except ValidationError as exc:
        return JsonResponse({"error": _errors(exc)}, status=400)
    draft.refresh_from_db()
    return JsonResponse(
        {**draft_state(draft), "circuit": circuit.get_absolute_url(), "version": circuit.version}
    )
