from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lobby", "0004_seat_warning_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="end_words",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
