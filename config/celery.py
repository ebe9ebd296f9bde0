"""The Celery app: configured from Django settings (CELERY_*), tasks found in every app.

`task` is Celery's shared_task with type hints, which Celery itself does not have.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, ParamSpec, Protocol, TypeVar

from celery import Celery, shared_task

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("playtable")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

_P = ParamSpec("_P")
_R_co = TypeVar("_R_co", covariant=True)


class TypedTask(Protocol[_P, _R_co]):
    """A Celery task as this project uses it: called directly, or sent to a worker."""

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R_co: ...

    def delay(self, *args: _P.args, **kwargs: _P.kwargs) -> Any:
        """Send the task to a worker; return its AsyncResult."""

    def apply_async(
        self,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
        **options: Any,
    ) -> Any:
        """Send the task with Celery's options (countdown, eta...); return its AsyncResult."""


def task(**options: Any) -> Callable[[Callable[_P, _R_co]], TypedTask[_P, _R_co]]:
    """Return Celery's shared_task decorator with these options: `@task(acks_late=True)`."""
    decorator: Callable[[Callable[_P, _R_co]], TypedTask[_P, _R_co]] = shared_task(**options)
    return decorator
