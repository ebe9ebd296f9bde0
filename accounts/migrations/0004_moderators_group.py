"""Create the "Moderators" group with just the permissions the admin's moderation needs."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"

# (app label, codename). "change" on tables, chat, reports and ratings is what the
# moderation actions ask for; every change form they reach stays read-only, so all
# changes go through the actions and their audit log.
PERMISSIONS = [
    ("accounts", "view_user"),
    ("accounts", "suspend_user"),
    ("accounts", "view_report"),
    ("accounts", "change_report"),
    ("accounts", "view_moderationlog"),
    ("lobby", "view_table"),
    ("lobby", "change_table"),
    ("lobby", "view_seat"),
    ("lobby", "view_move"),
    ("lobby", "view_chatmessage"),
    ("lobby", "change_chatmessage"),
    ("ladder", "view_rating"),
    ("ladder", "change_rating"),
    ("ladder", "view_ratingchange"),
]


def group_create(apps, schema_editor):
    # Permissions are normally made after all migrations (post_migrate): make them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name=GROUP)
    wanted = [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    ]
    group.permissions.set(wanted)


def group_delete(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_moderation"),
        ("lobby", "0002_chatmessage"),
        ("ladder", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(group_create, group_delete)]
