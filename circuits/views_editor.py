"""The board editor's pages (league admins only): the drafts, a new board from its picture, the
editor, and the JSON it talks to (save, test drive, publish)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db.models import Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_POST

from circuits.board_files import MAX_FILE_BYTES, WEATHER_KINDS, weather_scale
from circuits.board_problems import problem_words
from circuits.drafts import (
    EDIT_BOARDS,
    circuit_in_use,
    draft_create,
    draft_drive_start,
    draft_for_circuit,
    draft_import,
    draft_publish,
    draft_save,
    drive_is_current,
)
from circuits.editor_canvas import editor_canvas
from circuits.models import BoardDraft, Circuit
from circuits.tasks import drive_board_draft
from core.permissions import staff_may
from rules.circuits.gpo import DEFAULT_WEATHER

MAX_TRACE_BYTES = 2 * 1024 * 1024  # a traced board is a few tens of kilobytes
_CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp"}


def can_edit_boards(user: Any) -> bool:
    return staff_may(user, EDIT_BOARDS)


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
        "imported": draft.source,
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


def weather_rows(typed: Any) -> list[dict[str, Any]]:
    """The import form's weather boxes: each range's from and to, with what was typed."""
    words = {"rain": _("rain"), "variable": _("variable"), "sun": _("sun")}
    ends = (("from", pgettext("weather range", "from")), ("to", pgettext("weather range", "to")))
    return [
        {
            "word": words[kind],
            "boxes": [
                {
                    "name": f"{kind}_{end}",
                    "word": word,
                    "placeholder": DEFAULT_WEATHER[kind][i],
                    "value": typed.get(f"{kind}_{end}", ""),
                }
                for i, (end, word) in enumerate(ends)
            ],
        }
        for kind in WEATHER_KINDS
    ]


def _list_page(
    request: HttpRequest,
    *,
    error: str = "",
    import_errors: dict[str, list[str]] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The drafts, the form for a new board from its picture and the form importing a board file;
    a refused form comes back with what was typed."""
    importing = import_errors is not None
    return render(
        request,
        "circuits/board_list.html",
        {
            "drafts": BoardDraft.objects.select_related("circuit", "published"),
            # Boards with a picture, and boards imported without one: both have a draft to start from.
            "circuits": Circuit.objects.filter(
                ~Q(image="") | Q(pk__in=BoardDraft.objects.exclude(source="").values("published"))
            ).order_by("name"),
            "error": error,
            "form": request.POST if error else {},
            "import_form": request.POST if importing else {},
            "import_errors": import_errors or {},
            "weather_rows": weather_rows(request.POST if importing else {}),
            "max_bytes": settings.BOARD_IMAGE_MAX_BYTES,
            "max_file_bytes": MAX_FILE_BYTES,
        },
        status=status,
    )


def _picture(upload: UploadedFile | None) -> dict[str, Any]:
    """The picture sent, its name and its size, as the draft services take them."""
    return {
        "upload": upload,
        "upload_name": upload.name if upload else "",
        "upload_size": upload.size if upload else 0,
    }


@board_admin
def board_list(request: HttpRequest) -> HttpResponse:
    """The drafts, and a form for a new board from its picture."""
    if request.method == "POST":
        upload = request.FILES.get("image")
        try:
            draft = draft_create(
                name=request.POST.get("name", ""),
                slug=request.POST.get("slug", ""),
                **_picture(upload),
                by=request.user,
            )
        except ValidationError as exc:
            return _list_page(request, error=_errors(exc), status=400)
        return redirect(draft.get_absolute_url())
    return _list_page(request)


def _by_field(exc: ValidationError) -> dict[str, list[str]]:
    if hasattr(exc, "error_dict"):
        return {key: list(messages) for key, messages in exc.message_dict.items()}
    return {"board_file": list(exc.messages)}


@board_admin
@require_POST
def board_import(request: HttpRequest) -> HttpResponse:
    """A board file (GP Online `*.dat`, circuit JSON `@1`/`@2`) with its picture if any, opened in
    the editor; a refusal stores nothing and shows the form again with what was typed."""
    board_file = request.FILES.get("board_file")
    picture = request.FILES.get("image")
    try:
        if board_file is None:
            raise ValidationError({"board_file": _("Choose the board file to import.")})
        if board_file.size > MAX_FILE_BYTES:
            raise ValidationError(
                {
                    "board_file": _("The board file is larger than %(mb)d MB.")
                    % {"mb": MAX_FILE_BYTES // 2**20}
                }
            )
        weather = weather_scale(request.POST)
        draft = draft_import(
            data=board_file.read(),
            file_name=board_file.name or "",
            slug=request.POST.get("slug", ""),
            name=request.POST.get("name", ""),
            weather=weather,
            **_picture(picture),
            by=request.user,
        )
    except ValidationError as exc:
        return _list_page(request, import_errors=_by_field(exc), status=400)
    return redirect(draft.get_absolute_url())


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
            "image_url": reverse("circuits:image", kwargs={"pk": draft.pk}) if draft.image else "",
            "canvas": editor_canvas(draft),
            "weather": (draft.document or {}).get("weather") if draft.is_imported else None,
        },
    )


@board_admin
def board_image(request: HttpRequest, pk: int) -> FileResponse:
    """The draft's picture, from wherever the media are kept (the editor needs no media server)."""
    draft = get_object_or_404(BoardDraft, pk=pk)
    if not draft.image:  # imported without its picture
        raise Http404
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
        circuit = draft_publish(draft=draft, by=request.user)
    except ValidationError as exc:
        return JsonResponse({"error": _errors(exc)}, status=400)
    draft.refresh_from_db()
    return JsonResponse(
        {**draft_state(draft), "circuit": circuit.get_absolute_url(), "version": circuit.version}
    )
