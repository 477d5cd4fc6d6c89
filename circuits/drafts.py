"""Writes of the board editor: a draft made from a picture, saved as it is traced, test-driven by
the bot, then published as a circuit (a new version when races were run on the old one)."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Callable, Mapping
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from circuits.board_files import (
    default_id,
    has_positions,
    imported_document,
    imported_trace,
    read_board_file,
)
from circuits.board_problems import board_problems
from circuits.drives import board_drive
from circuits.models import BoardDraft, Circuit
from circuits.tracing import MAX_LAPS, TraceError, trace_document
from core.permissions import staff_require
from core.photos import photo_check

# Races past these statuses were played on the board: it stays as they saw it.
UNTOUCHED_STATUSES = ("scheduled",)
EDIT_BOARDS = "races.change_circuit"  # the board editor's permission: its pages and publishing


def document_digest(document: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _checked_image(upload: IO[bytes], *, name: str, size: int) -> tuple[ContentFile, int, int]:
    checked = photo_check(
        upload,
        name=name,
        size=size,
        max_bytes=settings.BOARD_IMAGE_MAX_BYTES,
        max_pixels=settings.BOARD_IMAGE_MAX_PIXELS,
    )
    suffix = checked.image.name.rsplit(".", 1)[-1]
    # A random name: the admin's file name stays on the admin's disk.
    return (
        ContentFile(checked.image.read(), name=f"{uuid.uuid4().hex}.{suffix}"),
        checked.width,
        checked.height,
    )


def _slug_check(slug: str, *, draft: BoardDraft | None = None) -> str:
    slug = slugify(slug)
    if not slug:
        raise ValidationError({"slug": _("Give the board an id: letters, digits and dashes.")})
    editing = draft.circuit if draft is not None else None
    taken = Circuit.objects.filter(slug=slug)
    if editing is not None:
        taken = taken.exclude(pk=editing.pk)
    if taken.exists():
        raise ValidationError({"slug": _("The id %(slug)s is taken by another circuit.") % {"slug": slug}})
    return slug


@transaction.atomic
def draft_create(
    *,
    name: str,
    slug: str,
    upload: IO[bytes] | None,
    upload_name: str = "",
    upload_size: int = 0,
    by: Any = None,
) -> BoardDraft:
    """A new board from its picture (checked and re-encoded by Pillow); nothing traced yet."""
    slug = _slug_check(slug or name)
    if upload is None:
        raise ValidationError({"image": _("Send a photo or a scan of the board.")})
    image, width, height = _checked_image(upload, name=upload_name or "board", size=upload_size)
    draft = BoardDraft(slug=slug, name=name.strip() or slug, width=width, height=height, created_by=by)
    draft.image.save(image.name, image, save=False)
    draft.trace = {"laps": 3, "weather": {"rain": 4, "variable": 8}}
    draft.full_clean()
    draft.save()
    return draft


def _picture_fits(document: dict[str, Any], width: int, height: int) -> None:
    """An imported board placed on a picture of another size would have its squares elsewhere."""
    if not has_positions(document):
        raise ValidationError(
            {
                "image": _(
                    "This board's squares have no places on a picture (a formule-de/circuit@1 "
                    "circuit, or a board written without positions): import it without a picture."
                )
            }
        )
    image = document.get("image")
    placed_on = (image.get("width"), image.get("height")) if isinstance(image, Mapping) else (None, None)
    if all(placed_on) and placed_on != (width, height):
        raise ValidationError(
            {
                "image": _(
                    "The board was placed on a picture of %(doc_w)s × %(doc_h)s pixels; this "
                    "one is %(w)d × %(h)d."
                )
                % {"doc_w": placed_on[0], "doc_h": placed_on[1], "w": width, "h": height}
            }
        )


@transaction.atomic
def draft_import(
    *,
    data: bytes,
    file_name: str,
    slug: str = "",
    name: str = "",
    weather: Mapping[str, Any] | None = None,
    upload: IO[bytes] | None = None,
    upload_name: str = "",
    upload_size: int = 0,
    by: Any = None,
) -> BoardDraft:
    """A draft from a board file (GP Online `*.dat`, or circuit JSON `@1`/`@2`), read by the engine
    into its `@2` document, with its picture when given (checked as the editor's upload). A board
    with problems is still imported: the editor shows them, each on its square. Nothing is stored
    when the file, the picture, the scale or the id cannot be used (ValidationError by field)."""
    name = name.strip()[:80]
    slug = _slug_check(slug or default_id(data, file_name) or name)
    image, width, height = None, 0, 0
    if upload is not None:
        try:
            image, width, height = _checked_image(upload, name=upload_name or "board", size=upload_size)
        except ValidationError as exc:
            raise ValidationError({"image": exc.messages}) from exc
    board = read_board_file(data, circuit_id=slug, name=name, weather=weather)
    document = board.document
    if image is not None:
        _picture_fits(document, width, height)
    document.pop("image", None)  # the file's picture is not on the site: the uploaded one is
    document.setdefault("name", name or slug)
    draft = BoardDraft(
        slug=slug,
        name=str(document["name"])[:80] or slug,
        width=width,
        height=height,
        source=board.source,
        created_by=by,
    )
    if image is not None:
        draft.image.save(image.name, image, save=False)
        document["image"] = _image_of(draft)
    draft.imported = document
    laps = document.get("laps", 3)
    # The editor changes laps 1 to 20; a board saying otherwise keeps its own (a problem if wrong).
    draft.trace = {"laps": laps} if type(laps) is int and 1 <= laps <= MAX_LAPS else {}
    draft.document = imported_document(document, draft.trace, circuit_id=slug, name=draft.name)
    draft.problems = board_problems(draft.document)
    draft.full_clean()
    draft.save()
    return draft


def _image_of(draft: BoardDraft) -> dict[str, Any]:
    """The document's `image`: the draft's picture (its stored name) and its size."""
    return {"src": draft.image.name.rsplit("/", 1)[-1], "width": draft.width, "height": draft.height}


@transaction.atomic
def draft_for_circuit(*, circuit: Circuit, by: Any = None) -> BoardDraft:
    """A draft editing a published board: its picture and the trace it was published from."""
    source = BoardDraft.objects.filter(published=circuit).order_by("-updated_at").first()
    # An imported board may have no picture; a traced one was traced on its picture.
    if source is None or not (circuit.image or source.is_imported):
        raise ValidationError(_("This circuit was not traced in the editor: trace it anew from its picture."))
    draft = BoardDraft(
        circuit=circuit,
        slug=circuit.slug,
        name=circuit.name,
        width=source.width,
        height=source.height,
        trace=source.trace,
        source=source.source,
        imported=source.imported,
        document=source.document,
        problems=source.problems,
        created_by=by,
    )
    if circuit.image:
        circuit.image.open("rb")
        try:
            draft.image.save(
                f"{uuid.uuid4().hex}.{circuit.image.name.rsplit('.', 1)[-1]}",
                ContentFile(circuit.image.read()),
                save=False,
            )
        finally:
            circuit.image.close()
    draft.full_clean()
    draft.save()
    return draft


def _document(draft: BoardDraft, trace: Mapping[str, Any]) -> dict[str, Any]:
    try:
        document = trace_document(trace, circuit_id=draft.slug, name=draft.name)
    except TraceError as exc:
        raise ValidationError(
            _("%(where)s: %(message)s") % {"where": exc.where, "message": exc.message}, code="trace"
        ) from exc
    document["image"] = _image_of(draft)
    return document


@transaction.atomic
def draft_save(*, draft: BoardDraft, trace: Mapping[str, Any], name: str | None = None) -> BoardDraft:
    """Store what was traced, its `@2` document and the engine's problems with it. A trace the
    editor cannot read raises ValidationError and leaves the stored draft as it was. An imported
    board takes only its arrows and laps from the trace (`board_files.imported_document`)."""
    draft = BoardDraft.objects.select_for_update().get(pk=draft.pk)
    if name is not None and name.strip():
        draft.name = name.strip()[:80]
    if draft.is_imported:
        trace = imported_trace(trace)
        try:
            document = imported_document(draft.imported, trace, circuit_id=draft.slug, name=draft.name)
        except TraceError as exc:
            raise ValidationError(
                _("%(where)s: %(message)s") % {"where": exc.where, "message": exc.message}, code="trace"
            ) from exc
    else:
        document = _document(draft, trace)
    draft.trace = dict(trace)
    draft.document = document
    draft.problems = board_problems(document)
    draft.full_clean()
    draft.save()
    return draft


@transaction.atomic
def draft_drive_start(*, draft: BoardDraft, enqueue: Callable[[int], Any]) -> BoardDraft:
    """Mark the draft's test drive as running and, once committed, `enqueue` it (the task's
    `delay`, which runs inline when Celery runs eagerly)."""
    draft = BoardDraft.objects.select_for_update().get(pk=draft.pk)
    draft.drive = BoardDraft.Drive.RUNNING
    draft.drive_report = {}
    draft.drive_digest = document_digest(draft.document)
    draft.save(update_fields=["drive", "drive_report", "drive_digest", "updated_at"])
    transaction.on_commit(lambda: enqueue(draft.pk))
    return draft


def draft_drive(*, draft_id: int) -> BoardDraft:
    """Race the bot on the draft's document and store the verdict (the task calls this)."""
    draft = BoardDraft.objects.get(pk=draft_id)
    document = draft.document
    report = board_drive(document)  # outside the transaction: seconds of engine work
    with transaction.atomic():
        draft = BoardDraft.objects.select_for_update().get(pk=draft_id)
        draft.drive = BoardDraft.Drive.PASSED if report.passed else BoardDraft.Drive.FAILED
        draft.drive_report = report.to_json()
        draft.drive_digest = document_digest(document)
        draft.save(update_fields=["drive", "drive_report", "drive_digest", "updated_at"])
    return draft


def drive_is_current(draft: BoardDraft) -> bool:
    """Did the last test drive race this very document?"""
    return bool(draft.drive_digest) and draft.drive_digest == document_digest(draft.document)


def circuit_in_use(circuit: Circuit) -> bool:
    """Was a race played (or judged) on it? Then its board never changes in place."""
    return circuit.races.exclude(status__in=UNTOUCHED_STATUSES).exists()


def _image_copy(draft: BoardDraft) -> ContentFile | None:
    if not draft.image:  # imported without its picture
        return None
    draft.image.open("rb")
    try:
        return ContentFile(
            draft.image.read(), name=f"{uuid.uuid4().hex}.{draft.image.name.rsplit('.', 1)[-1]}"
        )
    finally:
        draft.image.close()


@transaction.atomic
def draft_publish(*, draft: BoardDraft, by: Any) -> Circuit:
    """The draft becomes a circuit: refused without a passed test drive of this very document,
    or unless `by` may edit the boards (races.change_circuit).

    A new board makes a new circuit; an edit of a board no race was played on changes it in place;
    an edit of a board a race was played on makes a new circuit, version + 1, `-vN` after its id,
    naming the one it replaces (the old races keep theirs)."""
    staff_require(by, EDIT_BOARDS, _("Only the league's admins allowed to edit the boards publish them."))
    draft = BoardDraft.objects.select_for_update().get(pk=draft.pk)
    if draft.problems:
        raise ValidationError(_("The board still has problems: fix them first."), code="problems")
    if draft.drive != BoardDraft.Drive.PASSED:
        raise ValidationError(_("Publishing needs a passed test drive of this board."), code="drive")
    if not drive_is_current(draft):
        raise ValidationError(_("The board changed since its test drive: drive it again."), code="drive")
    document = dict(draft.document)
    old = draft.circuit
    image = _image_copy(draft)
    if old is not None and not circuit_in_use(old):
        old.document = document
        old.name = draft.name
        if image is not None:
            old.image.save(image.name, image, save=False)
        old.full_clean()
        old.save()
        circuit = old
    else:
        version = (old.version + 1) if old is not None else 1
        base = re.sub(r"-v\d+$", "", old.slug) if old is not None else draft.slug
        slug = base if old is None else f"{base}-v{version}"
        while Circuit.objects.filter(slug=slug).exists():
            if old is None:
                raise ValidationError(
                    {"slug": _("The id %(slug)s is taken by another circuit.") % {"slug": slug}}
                )
            version += 1
            slug = f"{base}-v{version}"
        document["id"] = slug
        circuit = Circuit(
            slug=slug,
            name=draft.name,
            country=old.country if old is not None else "",
            document=document,
            version=version,
            previous=old,
        )
        if image is not None:
            circuit.image.save(image.name, image, save=False)
        circuit.full_clean()
        circuit.save()
    draft.published = circuit
    draft.circuit = circuit  # a later edit starts from this version
    draft.document = document
    draft.drive_digest = document_digest(document) if draft.drive_digest else ""
    draft.save(update_fields=["published", "circuit", "document", "drive_digest", "updated_at"])
    return circuit
