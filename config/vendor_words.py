"""Words of the site's third-party apps that their own catalogues leave out, so they land
in ours (`makemessages` collects these calls; nothing imports this module).

The Django admin's index (Django 5.2) has words its Dutch and Italian catalogues do not
translate yet, and django-axes (log-in protection) ships no Dutch or Italian at all; a
moderator reads them in the admin. Our catalogue comes first (LOCALE_PATHS), so these
translations win wherever both have one.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

ADMIN_INDEX = (
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
)

AXES_MODELS = (
    gettext_noop("access attempt"),
    gettext_noop("access attempts"),
    gettext_noop("access failure"),
    gettext_noop("access failures"),
    gettext_noop("access attempt expiration"),
    gettext_noop("access attempt expirations"),
    gettext_noop("access log"),
    gettext_noop("access logs"),
)
