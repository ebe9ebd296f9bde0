from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0011_moderation_avatar_remove"),
    ]

    operations = [
        migrations.AddField(
            model_name="notification",
            name="words",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
