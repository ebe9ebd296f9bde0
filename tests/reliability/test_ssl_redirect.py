"""With DEBUG off, plain HTTP is redirected to HTTPS by default; health probes are not.

Each check runs the real settings in a subprocess with a clean environment (only what
a deployment sets), as test_crash's `manage()` does, so the defaults themselves are
tested, not a test settings module.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Ask the app (config.settings) over Django's test client, which speaks plain HTTP.
REQUESTS = """
import json, django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="playtable.example", raise_request_exception=False)
answers = {}
for path, secure in [("/", False), ("/games/", False), ("/healthz", False), ("/ping", False),
                     ("/games/", True)]:
    response = client.get(path, secure=secure)
    answers[f"{path} {secure}"] = [response.status_code, response.get("Location", "")]
print(json.dumps(answers))
"""


def production_env(tmp_path: Path, **more: str) -> dict[str, str]:
    """Return a clean environment: the production variables and nothing else."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": "playtable.example",
        "CSRF_TRUSTED_ORIGINS": "https://playtable.example",
        "PLAYTABLE_VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **more,
    }
    return env


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )


def test_check_deploy_gives_no_w008_with_the_production_variables(tmp_path):
    result = run(["manage.py", "check", "--deploy"], production_env(tmp_path))
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "security.W008" not in output
    # The check does catch it when the redirect is turned off.
    off = run(["manage.py", "check", "--deploy"], production_env(tmp_path, SECURE_SSL_REDIRECT="0"))
    assert "security.W008" in off.stdout + off.stderr


def test_plain_http_is_redirected_to_https_but_health_probes_are_answered(tmp_path):
    result = run(["-c", REQUESTS], production_env(tmp_path))
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    assert answers["/ False"] == [301, "https://playtable.example/"]
    assert answers["/games/ False"] == [301, "https://playtable.example/games/"]
    assert answers["/ping False"] == [200, ""]
    # 200 with a worker, 503 without (none runs here): answered either way, not redirected.
    assert answers["/healthz False"][0] in (200, 503)
    assert answers["/games/ True"][0] == 200


def test_the_redirect_can_be_turned_off_for_a_proxy_that_redirects_itself(tmp_path):
    env = production_env(tmp_path, SECURE_SSL_REDIRECT="false")
    result = run(["-c", REQUESTS], env)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    assert answers["/ping False"] == [200, ""]
    assert answers["/games/ False"][0] == 200
