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


def test_static_addresses_are_djangos_asked_of_the_storage_once(monkeypatch) -> None:
    from django.contrib.staticfiles.storage import staticfiles_storage
    from django.templatetags.static import static

    from config.urlcache import static_cached

    urlcache._static.cache_clear()
    asked: list[str] = []
    staticfiles_storage.url("icons/sprite.svg")  # the lazy storage set up
    real = type(staticfiles_storage._wrapped).url

    def url(self, name, *args, **kwargs):
        asked.append(name)
        return real(self, name, *args, **kwargs)

    expected = static("icons/sprite.svg")
    monkeypatch.setattr(type(staticfiles_storage._wrapped), "url", url)
    assert static_cached("icons/sprite.svg") == expected
    assert static_cached("icons/sprite.svg") == expected
    assert asked == ["icons/sprite.svg"]


def test_another_static_url_gets_its_own_addresses() -> None:
    from config.urlcache import static_cached
    from lobby.templatetags.icons import icon

    plain = static_cached("icons/sprite.svg")
    with override_settings(STATIC_URL="/assets/"):
        assert static_cached("icons/sprite.svg") == "/assets/icons/sprite.svg"
        assert 'href="/assets/icons/sprite.svg#mo-forest"' in icon("mo-forest")
    assert static_cached("icons/sprite.svg") == plain
    assert f'href="{plain}#mo-forest"' in icon("mo-forest")
