"""Links reversed once per process (config.urlcache): the same answer as Django's reverse,
under the URLconf and script prefix in use."""

from __future__ import annotations

import uuid

from django.test import override_settings
from django.urls import reverse, set_script_prefix

from config import urlcache
from config.urlcache import reverse_cached


def test_the_answer_is_djangos_and_the_second_call_walks_no_patterns() -> None:
    code = uuid.uuid4()
    assert reverse_cached("lobby:table", kwargs={"code": code}) == reverse(
        "lobby:table", kwargs={"code": code}
    )
    assert reverse_cached("lobby:game", args=("mondo",)) == reverse("lobby:game", args=["mondo"])
    before = urlcache._reversed.cache_info()
    reverse_cached("lobby:table", kwargs={"code": code})
    after = urlcache._reversed.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)


def test_another_script_prefix_gets_its_own_links() -> None:
    code = uuid.uuid4()
    plain = reverse_cached("lobby:table", kwargs={"code": code})
    set_script_prefix("/games/")
    try:
        assert reverse_cached("lobby:table", kwargs={"code": code}) == "/games" + plain
    finally:
        set_script_prefix("/")
    assert reverse_cached("lobby:table", kwargs={"code": code}) == plain


def test_changing_the_urlconf_empties_the_cache() -> None:
    reverse_cached("lobby:game", args=("mondo",))
    assert urlcache._reversed.cache_info().currsize > 0
    with override_settings(ROOT_URLCONF="config.urls"):
        assert urlcache._reversed.cache_info().currsize == 0
