"""Every name the admin and the forms show for our models, their fields and their choices has its
French, except the words the two languages share."""

from __future__ import annotations

from django.apps import apps
from django.utils import translation

# The same word in French (or a name): nothing to translate.
SHARED = {
    "ID", "avatar", "logo", "note", "circuit", "circuits", "table", "position", "points", "version",
    "verdict", "image", "message", "public", "places", "disqualification", "e-mail", "pole position",
}  # fmt: skip


def _labels():
    for model in apps.get_models():
        if model._meta.app_label not in {"league", "races", "accounts"} or model.__name__.startswith(
            "Historical"
        ):
            continue
        yield model._meta.label, model._meta.verbose_name
        yield model._meta.label, model._meta.verbose_name_plural
        for field in model._meta.get_fields():
            where = f"{model._meta.label}.{field.name}"
            for text in (getattr(field, "verbose_name", ""), getattr(field, "help_text", "")):
                if text:
                    yield where, text
            if field.name == "country":
                continue  # django-countries' own names
            for value, label in getattr(field, "flatchoices", None) or []:
                yield f"{where}={value}", label


def test_every_model_label_has_its_french():
    missing = []
    for where, text in _labels():
        with translation.override("en"):
            english = str(text)
        with translation.override("fr"):
            french = str(text)
        if english == french and english not in SHARED and any(c.isalpha() for c in english):
            missing.append(f"{where}: {english}")
    assert missing == []
