"""Point the ledger rows a race sheet wrote at that sheet, read from their note "race sheet #<id>".

The note stays as it is: it still reads well on the ledger page, only the lookup moves to the key.
"""

import re

from django.db import migrations

NOTE = re.compile(r"^race sheet #(\d+)\b")


def fill_sheets(apps, schema_editor):
    """Set `sheet` on every row whose note names a sheet of the row's own race (others stay empty)."""
    ExperienceEntry = apps.get_model("league", "ExperienceEntry")
    RaceSheet = apps.get_model("races", "RaceSheet")
    rows = ExperienceEntry.objects.filter(sheet__isnull=True, note__startswith="race sheet #")
    for row in rows.iterator():
        match = NOTE.match(row.note)
        if match is None:
            continue
        sheet_id = int(match.group(1))
        if RaceSheet.objects.filter(pk=sheet_id, race_id=row.race_id).exists():
            ExperienceEntry.objects.filter(pk=row.pk).update(sheet_id=sheet_id)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0003_experienceentry_sheet"),
        ("races", "0002_race_sheets"),
    ]

    operations = [migrations.RunPython(fill_sheets, migrations.RunPython.noop)]
