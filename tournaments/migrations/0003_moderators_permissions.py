"""Let the "Moderators" group cancel tournaments and remove entrants in the admin.

The admin's actions ask for "change"; every change form stays read-only, so each change
goes through an action and its moderation log entry.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"

PERMISSIONS = [
    ("tournaments", "view_tournament"),
    ("tournaments", "change_tournament"),
    ("tournaments", "view_entry"),
    ("tournaments", "change_entry"),
]


def _permissions(apps):
    # Permissions are normally made after all migrations (post_migrate): make them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Permission = apps.get_model("auth", "Permission")
    return [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    ]


def group_grant(apps, schema_editor):
    group = apps.get_model("auth", "Group").objects.filter(name=GROUP).first()
    if group is not None:
        group.permissions.add(*_permissions(apps))


def group_revoke(apps, schema_editor):
    group = apps.get_model("auth", "Group").objects.filter(name=GROUP).first()
    if group is not None:
        group.permissions.remove(*_permissions(apps))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_double_elimination"),
        ("accounts", "0004_moderators_group"),
    ]

    operations = [migrations.RunPython(group_grant, group_revoke)]
