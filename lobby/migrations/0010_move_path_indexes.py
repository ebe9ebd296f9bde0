"""Fewer indexes for a move to write, and room on the table's pages for its next state.

A live move rewrites two seats and its table and appends a Move. The seats' updates
change indexed columns (the turn's deadline), so PostgreSQL writes a new entry in every
index of the seat for each: two of them were redundant (the table's, covered by
`seat_unique_position`; a boolean over all seats, now a partial index of the seats to
move, by player, which the "your turn" count asks for). A Move's table index is covered
by `move_unique_n`. A move's update of its table changes no indexed column, so it can
stay on its page (a HOT update, no index entry) when the page has room: its pages are
now filled to half on PostgreSQL (`fillfactor`), the rows being few and rewritten on
every move.
"""

from collections.abc import Callable

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

TABLE_FILLFACTOR = 50


def _fillfactor(value: int) -> Callable[[StateApps, BaseDatabaseSchemaEditor], None]:
    def run(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"ALTER TABLE lobby_table SET (fillfactor = {value})")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("lobby", "0009_table_min_finish_rate"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="move",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="moves",
                to="lobby.table",
                verbose_name="table",
            ),
        ),
        migrations.AlterField(
            model_name="seat",
            name="is_to_move",
            field=models.BooleanField(default=False, verbose_name="to move"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="lobby.table",
                verbose_name="table",
            ),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(("is_to_move", True)), fields=["user"], name="seat_to_move"
            ),
        ),
        migrations.RunPython(_fillfactor(TABLE_FILLFACTOR), _fillfactor(100)),
    ]
