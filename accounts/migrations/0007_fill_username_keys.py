import unicodedata

from django.db import migrations


def fill_username_keys(apps, schema_editor):
    """Give every existing player the key their name is compared by (see username_key)."""
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("id", "username").iterator():
        key = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", user.username).casefold())
        User.objects.filter(pk=user.pk).update(username_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0006_user_username_key"),
    ]

    operations = [
        migrations.RunPython(fill_username_keys, migrations.RunPython.noop),
    ]
