# The sheets' logs and verdicts read and written by orjson and kept as text (core/json_field.py);
# on PostgreSQL, their large columns compressed with lz4 where the server has it. On SQLite the
# columns are text already: only Django's state changes.

from django.db import migrations

import core.json_field

# A 70 KB log is compressed as it is stored (TOAST): lz4 does it in about a third of the CPU of
# PostgreSQL's default (pglz), for a few percent more bytes. Only new values are compressed so.
_LZ4_COLUMNS = [("races_racesheet", "log"), ("races_racesheet", "raw")]
_DOCUMENTS = [("races_racesheet", "log"), ("races_racesheet", "verdict"), ("races_historicalracesheet", "verdict")]


def _retype(schema_editor, to: str) -> bool:
    """The documents' columns changed to `to` on PostgreSQL; False elsewhere (nothing to change)."""
    if schema_editor.connection.vendor != "postgresql":
        return False
    with schema_editor.connection.cursor() as cursor:
        for table, column in _DOCUMENTS:
            cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" TYPE {to} USING "{column}"::{to}')
    return True


def to_text(apps, schema_editor):
    if not _retype(schema_editor, "text"):
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
        if schema_editor.connection.pg_version >= 140000 and row and "lz4" in row[0]:
            for table, column in _LZ4_COLUMNS:
                cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION lz4')


def to_jsonb(apps, schema_editor):
    _retype(schema_editor, "jsonb")


class Migration(migrations.Migration):

    dependencies = [
        ('races', '0008_racesheet_claim'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='historicalracesheet',
                    name='verdict',
                    field=core.json_field.JSONDocumentField(blank=True, null=True, verbose_name='verdict'),
                ),
                migrations.AlterField(
                    model_name='racesheet',
                    name='log',
                    field=core.json_field.JSONDocumentField(
                        blank=True, null=True, verbose_name='log as read by the engine'
                    ),
                ),
                migrations.AlterField(
                    model_name='racesheet',
                    name='verdict',
                    field=core.json_field.JSONDocumentField(blank=True, null=True, verbose_name='verdict'),
                ),
            ],
            database_operations=[migrations.RunPython(to_text, to_jsonb)],
        ),
    ]
