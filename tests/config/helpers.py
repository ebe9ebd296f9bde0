"""Settings and start-up tried in a Python process of their own, as daphne starts one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def fresh_process(code: str, *, drop: tuple[str, ...] = (), **env: str) -> Any:
    """Run `code` under config.settings in a new Python process, with `env` set and the
    variables `drop` unset; return the finished process (its return code and output)."""
    environ = {
        **{k: v for k, v in os.environ.items() if k not in drop},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "fresh-process-secret-key-long-enough-for-django-0123456789abcdef",
        "PLAYTABLE_VAR_DIR": os.environ.get("PLAYTABLE_VAR_DIR", "/tmp/playtable-test"),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def fresh_process_json(code: str, *, drop: tuple[str, ...] = (), **env: str) -> Any:
    """Run `code` (which prints one JSON line last) as `fresh_process` does; return what
    it printed."""
    done = fresh_process(code, drop=drop, **env)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
