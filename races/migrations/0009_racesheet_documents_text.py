# The sheets' logs and verdicts read and written by orjson (config/json_field.py); on PostgreSQL,
# their large columns compressed with lz4 where the server has it.

import config.json_field
from django.db import migrations

# A 70 KB log is compressed as it is stored (TOAST): lz4 does it in about a third of the CPU of
# PostgreSQL's default (pglz), for a few percent more bytes. Only new values are compressed so.
_LZ4_COLUMNS = [("races_racesheet", "log"), ("races_racesheet", "raw")]


def lz4_where_available(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
        if not row or "lz4" not in row[0]:
            return  # a server built without lz4
        for table, column in _LZ4_COLUMNS:
            cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION lz4')


class Migration(migrations.Migration):

    dependencies = [
        ('races', '0008_racesheet_claim'),
    ]

    operations = [
        migrations.AlterField(
            model_name='historicalracesheet',
            name='verdict',
            field=config.json_field.JSONDocumentField(blank=True, null=True, verbose_name='verdict'),
        ),
        migrations.AlterField(
            model_name='racesheet',
            name='log',
            field=config.json_field.JSONDocumentField(blank=True, null=True, verbose_name='log as read by the engine'),
        ),
        migrations.AlterField(
            model_name='racesheet',
            name='verdict',
            field=config.json_field.JSONDocumentField(blank=True, null=True, verbose_name='verdict'),
        ),
        migrations.RunPython(lz4_where_available, migrations.RunPython.noop),
    ]
