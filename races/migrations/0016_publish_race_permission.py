"""races.publish_race: publishing and reopening results need it (not is_staff alone).

Who published before keeps publishing: every group and user holding races.change_race (the
admin's publish action asked for it) is given the new permission."""

from __future__ import annotations

from django.db import migrations

CODENAME = "publish_race"


def grant(apps, schema_editor) -> None:  # noqa: ANN001
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    User = apps.get_model("auth", "User")
    race_type, _ = ContentType.objects.get_or_create(app_label="races", model="race")
    # post_migrate makes permissions after every migration: this one needs it now
    publish, _ = Permission.objects.get_or_create(
        content_type=race_type,
        codename=CODENAME,
        defaults={"name": "Can publish and reopen a race's results"},
    )
    change = Permission.objects.filter(content_type=race_type, codename="change_race").first()
    if change is None:
        return
    for group in Group.objects.filter(permissions=change):
        group.permissions.add(publish)
    for user in User.objects.filter(user_permissions=change):
        user.user_permissions.add(publish)


class Migration(migrations.Migration):
    dependencies = [
        ("races", "0015_board_imports"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="race",
            options={
                "ordering": ["season", "round", "table"],
                "permissions": [("publish_race", "Can publish and reopen a race's results")],
                "verbose_name": "race",
                "verbose_name_plural": "races",
            },
        ),
        migrations.RunPython(grant, migrations.RunPython.noop),
    ]
