"""Drive admin actions as a browser does (change list, intermediate page, confirm); sockets."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.test import Client
from django.urls import reverse


def changelist(model: str) -> str:
    """Return the admin change list URL of "app_model" (e.g. "accounts_user")."""
    return reverse(f"admin:{model}_changelist")


def action_page(client: Client, model: str, action: str, ids: Iterable[int]):
    """Choose `action` for the objects `ids` on the change list; return the answer."""
    data = {"action": action, "index": "0", "_selected_action": [str(i) for i in ids]}
    return client.post(changelist(model), data)


def action_apply(client: Client, model: str, action: str, ids: Iterable[int], **fields: Any):
    """Confirm `action` on its intermediate page with the form `fields`."""
    data = {
        "action": action,
        "apply": "yes",
        "_selected_action": [str(i) for i in ids],
        **{key: str(value) for key, value in fields.items()},
    }
    return client.post(changelist(model), data)


def action_run(client: Client, model: str, action: str, ids: Iterable[int], **fields: Any):
    """Open the intermediate page (it must show the form), then confirm; return the answer."""
    ids = list(ids)
    page = action_page(client, model, action, ids)
    assert page.status_code == 200, page
    assert 'name="apply"' in page.content.decode()
    return action_apply(client, model, action, ids, **fields)


def session_headers(user: Any) -> list[tuple[bytes, bytes]]:
    """Return the headers of a browser socket logged in as `user`."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
    ]
