"""A row for every model the admin lists, made through the site's own services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import Report, User
from accounts.moderation import user_suspend
from games.registry import get_engine
from ladder.services import ratings_apply
from lobby.models import Table
from lobby.services import move_submit, seat_join, table_create
from lobby.services.chat import chat_hide, chat_post
from tests.factories import UserFactory
from tests.ladder.helpers import finished_table


def admin_rows_create(*, moderator: User, tag: str = "") -> dict[str, Any]:
    """Create two players (with realistic, longish names) and everything about them.

    A running Lost Cities table with two moves and a hidden chat message, a finished
    rated one (ratings and their changes), a report and a suspension, both logged.
    """
    ann = UserFactory(username=f"annemarie_{tag}vandenberg", email=f"annemarie{tag}@example.com")
    ben = UserFactory(username=f"benedikt_{tag}schoenfeld", email=f"benedikt{tag}@example.com")
    table = table_create(user=ann, game="lost_cities", players=2, options={})
    seat_join(code=table.code, user=ben)
    engine = get_engine("lost_cities")
    for _ in range(2):
        table.refresh_from_db()
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        player = table.seats.get(position=seat).user
        action = engine.legal_actions(state, seat)[0]
        move_submit(code=table.code, user=player, action=action, seen_version=None)
    message = chat_post(code=table.code, user=ben, text="You will never win this one, trust me!")
    chat_hide(moderator=moderator, message_id=message.id, reason="Taunting the opponent.")
    Report.objects.create(
        reporter=ann,
        reported=ben,
        table=table,
        category=Report.Category.CHAT_ABUSE,
        comment="Taunts in the chat after every move.",
    )
    finished = finished_table([ann, ben], [1, 2])
    ratings_apply(table_id=finished.id)
    user_suspend(
        moderator=moderator,
        user_id=ben.id,
        until=timezone.now() + timedelta(days=3),
        reason="Repeated taunting in the chat.",
    )
    return {"ann": ann, "ben": ben, "table": Table.objects.get(pk=table.pk), "finished": finished}
