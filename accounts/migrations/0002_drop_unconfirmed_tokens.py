"""Issue 25: an account whose e-mail address is unconfirmed gets no API token from now on; the
tokens such accounts were given before are withdrawn (accounts.tokens.email_unconfirmed)."""

from __future__ import annotations

from django.db import migrations
from django.db.models import Exists, OuterRef


def drop_unconfirmed_tokens(apps, schema_editor) -> None:
    token = apps.get_model("authtoken", "Token")
    address = apps.get_model("account", "EmailAddress")
    mine = address.objects.filter(user_id=OuterRef("user_id"))
    token.objects.filter(Exists(mine), ~Exists(mine.filter(verified=True))).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("authtoken", "0003_tokenproxy"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [migrations.RunPython(drop_unconfirmed_tokens, migrations.RunPython.noop)]
