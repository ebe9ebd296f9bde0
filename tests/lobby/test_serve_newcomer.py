"""`manage.py serve --demo` as a newcomer runs it, on a port of its own: players see our
pages and never Django's debug pages, and the links in its e-mails lead back to it."""

from __future__ import annotations

import email
import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.lobby.test_serve import ROOT, free_port

pytestmark = pytest.mark.live

# Set by a developer or by CI; a newcomer has none of them.
UNSET = (
    "DJANGO_SETTINGS_MODULE",
    "DEBUG",
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "SITE_URL",
    "SECURE_SSL_REDIRECT",
)
LINK = re.compile(r"http://[^\s]+")


class Browser:
    """Just enough of a browser: cookies, redirects, and forms with their CSRF token."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, url: str) -> tuple[int, str, str]:
        """Return (status, body, final URL) after redirects."""
        return self._open(urllib.request.Request(url))

    def submit(self, url: str, fields: dict[str, str]) -> tuple[int, str, str]:
        """Open the form at `url` and post `fields` with its CSRF token."""
        status, page, _ = self.get(url)
        assert status == 200, page
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None, page
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1), **fields})
        return self._open(urllib.request.Request(url, data=data.encode()))

    def _open(self, request: urllib.request.Request) -> tuple[int, str, str]:
        try:
            with self.opener.open(request, timeout=15) as response:
                return response.status, response.read().decode(), response.url
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.url


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """Run `serve --demo --port <free>` with a file mail backend; yield (base URL, mail dir)."""
    var = tmp_path_factory.mktemp("serve")
    mail = var / "mail"
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    env.update(
        PLAYTABLE_VAR_DIR=str(var),
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(mail),
    )
    log = open(var / "serve.log", "w+")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--demo"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if Browser().get(base + "/")[0] == 200:
                break
        except OSError:
            time.sleep(0.3)
    assert process.poll() is None, (var / "serve.log").read_text()
    yield base, mail
    process.kill()
    process.wait(10)
    log.close()


def _mail_to(mail: Path, address: str, seen: dict[Path, int]) -> str:
    """Wait for the next mail to `address` (the in-process worker sends it); return its body.

    `seen` counts the messages already read per file: Django's file backend names a file by
    the second and the backend object's id, so two mails sent in one second by backends that
    happen to share an address land in the same file, one after the other.
    """
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for path in sorted(mail.glob("*.log")) if mail.exists() else []:
            # Each message ends with a line of 79 dashes: what follows the last is unfinished.
            messages = path.read_text().split("-" * 79)[:-1]
            fresh, seen[path] = messages[seen.get(path, 0) :], len(messages)
            for raw in fresh:
                message = email.message_from_string(raw.strip())
                if address in message.get("To", ""):
                    payload = message.get_payload(decode=True)
                    assert isinstance(payload, bytes)
                    return payload.decode()
        time.sleep(0.2)
    raise AssertionError(f"no mail to {address}")


def test_a_missing_page_is_our_404_never_the_debug_page(newcomer):
    base, _mail = newcomer
    for host in (base, base.replace("127.0.0.1", "localhost")):
        status, body, _ = Browser().get(f"{host}/no-such-page/")
        assert status == 404
        assert "Page not found" in body
        assert "URLconf" not in body and "Django tried these URL patterns" not in body
        assert "admin/" not in body
    status, body, _ = Browser().get(f"{base}/t/00000000-0000-4000-8000-000000000000/")
    assert status == 404
    assert "This table is private: ask its host for the invite link." in body
    # Static files are still served with DEBUG off, and nothing is redirected to https.
    status, _, url = Browser().get(f"{base}/static/css/playtable.css")
    assert (status, url) == (200, f"{base}/static/css/playtable.css")


def test_the_links_in_its_mails_lead_back_to_it(newcomer):
    base, mail = newcomer
    seen: dict[Path, int] = {}
    # A sign-up mails a confirmation link (SITE_URL: it was http://127.0.0.1:8000).
    player = Browser()
    status, _, url = player.submit(
        f"{base}/accounts/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": "a-long-unusual-passphrase",
            "password2": "a-long-unusual-passphrase",
        },
    )
    assert (status, url) == (200, f"{base}/")
    (link,) = LINK.findall(_mail_to(mail, "dora@example.com", seen))
    assert link.startswith(f"{base}/accounts/email/confirm/")
    status, body, _ = player.get(link)
    assert status == 200
    assert "dora@example.com" in body

    # A password reset (its link once came from the request's Host header) for a demo
    # player, opened in another browser.
    status, _, _ = Browser().submit(
        f"{base}/accounts/password/reset/", {"email": "ann@demo.playtable.invalid"}
    )
    assert status == 200
    (link,) = LINK.findall(_mail_to(mail, "ann@demo.playtable.invalid", seen))
    assert link.startswith(f"{base}/accounts/")
    status, body, url = Browser().get(link)
    assert status == 200, body
    assert 'name="new_password1"' in body, url
