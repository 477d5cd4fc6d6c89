"""What the import tests send: board files (GP Online, circuit JSON) and pictures, and the post."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from tests.circuits import known_board as kb

ROOT = Path(__file__).resolve().parents[2]
PETIT_STADE = (ROOT / "fixtures" / "boards" / "petit-stade.dat").read_bytes()
# The importer's tests' stadium (tests/rules/circuits/data/make_gpo.py): 10 grid squares, a pit lane.
STADIUM = (ROOT / "tests" / "rules" / "circuits" / "data" / "stadium.dat").read_bytes()


def board_file(data: bytes, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def picture(width: int = 1200, height: int = 500, name: str = "scan.png") -> SimpleUploadedFile:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (30, 120, 40)).save(out, "PNG")
    return SimpleUploadedFile(name, out.getvalue(), content_type="image/png")


def v1_json(**more: Any) -> bytes:
    return json.dumps(kb.V1 | more).encode()


def v2_document() -> dict[str, Any]:
    """The known board as the editor traces it: an `@2` document with every square placed."""
    from circuits.tracing import trace_document

    doc = trace_document(kb.trace(), circuit_id="trace", name="Tracé")
    doc["image"] = {"src": "essai.png", "width": kb.WIDTH, "height": kb.HEIGHT}
    return doc


def post_import(client: Any, file: SimpleUploadedFile | None, **fields: Any) -> Any:
    data = {key: value for key, value in fields.items() if value is not None}
    if file is not None:
        data["board_file"] = file
    return client.post(reverse("circuits:import"), data)
