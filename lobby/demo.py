"""Demo accounts for a newcomer's first run (`manage.py serve --demo`)."""

from __future__ import annotations

from accounts.models import User

DEMO_PASSWORD = "playtable-demo"
DEMO_USERS = ("ann", "ben", "cleo")


def demo_accounts_create() -> list[tuple[str, str]]:
    """Create (or reset the password of) the demo players; return their credentials."""
    created = []
    for username in DEMO_USERS:
        user, _ = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@demo.playtable.invalid"}
        )
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
        created.append((username, DEMO_PASSWORD))
    return created
