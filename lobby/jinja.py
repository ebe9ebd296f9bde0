"""Jinja2 for the boards drawn on every move (`lobby/_board.html` and the boards under a
game's `jinja2/` folder): Django's own `django.template.backends.jinja2` backend, with
this environment.

Why: a live move draws a board for each view, and Django's template language spent most
of a move's CPU on it (bench/README.md). The rest of the site stays in Django templates.

What the environment gives the templates:
- words: `{% trans %}…{% endtrans %}` and `_()` / `ngettext()` (Jinja2's i18n extension,
  on Django's gettext); the values and the words are escaped like any output;
- `{% region "name" [keep a, b, …] %}…{% endregion %}`: the board regions of
  lobby.templatetags.regions (the same collector, kept insides and element);
- the filters of the boards' Django template libraries (`BOARD_LIBRARIES`), and their
  drawing functions as globals (a library's `JINJA_GLOBALS`);
- `django_include("name")`: a Django template drawn with this context (rare parts of a
  board, such as the end panel or the table's buttons);
- `board_partial(name)`: a game's board, whichever language its template is in.

`makemessages` (lobby/management/commands/makemessages.py) reads the words of these
templates with `words_of`.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import Context, TemplateDoesNotExist, engines
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from jinja2 import Environment, Template, Undefined, nodes, pass_context
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.ext import Extension, babel_extract
from jinja2.parser import Parser
from jinja2.runtime import Context as JinjaContext

from config.urlcache import static_cached
from games.words import Msg
from games.words import catalogue as words_catalogue  # the active translation object
from lobby.templatetags import regions

#: The Django template libraries whose filters (and `JINJA_GLOBALS`) the boards use.
BOARD_LIBRARIES = (
    "lobby.templatetags.playtable",
    "lobby.templatetags.regions",
    "lobby.templatetags.last_move",
    "lobby.templatetags.icons",
    "games.lost_cities.templatetags.lost_cities_cards",
    "games.mondo.templatetags.mondo_tiles",
)


class Missing(Undefined):
    """An unknown name: it reads as nothing (also under DEBUG, whose default would print
    it), and a filter or function handed it finds no attribute on it, as Django's language
    hands them None (`hasattr(missing, "keys")` is False, not an error)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)


#: What a dict has as attributes: `d.items` in a template is the method, as in Jinja2.
_DICT_ATTRIBUTES = frozenset(dir(dict))


class BoardTemplate(Template):
    """Jinja2's template, leaving no reference cycle behind when it is drawn.

    A template's own macros are kept in the context of the drawing, and each macro refers
    back to that context: a cycle, so the whole drawing's data (the view, the seats, the
    log) waited for the garbage collector (a collection every ~20 moves, 2.4 ms each, most
    of it freeing those drawings). The context's own variables are let go when the
    drawing is done, and reference counting frees the rest at once.
    """

    def render(self, *args: Any, **kwargs: Any) -> str:
        context = self.new_context(dict(*args, **kwargs))
        try:
            return str(self.environment.concat(self.root_render_func(context)))
        except Exception:
            self.environment.handle_exception()
        finally:
            context.vars.clear()
            context.exported_vars.clear()


class BoardEnvironment(Environment):
    """Jinja2's environment, reading `view.hand` from a plain dict without an exception.

    Jinja2 reads `a.b` by trying the attribute first and the item after it, so on the
    boards' views (plain dicts) every such read raised and caught an AttributeError: a
    few hundred per drawing. A plain dict's key is read at once here, unless the name is
    one of dict's own attributes (`items`, `get`…), which keeps Jinja2's order: the same
    value or the same undefined, only sooner.
    """

    template_class = BoardTemplate

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


USAGE = 'usage: {% region "name" %}…{% endregion %} or {% region "name" keep a, b %}'


class RegionExtension(Extension):
    """`{% region "name" [keep value, …] %}…{% endregion %}` (lobby.templatetags.regions)."""

    tags = {"region"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        name = parser.parse_expression()
        keep: list[nodes.Expr] | None = None
        if parser.stream.skip_if("name:keep"):
            keep = []
            while parser.stream.current.type != "block_end":
                if keep:
                    parser.stream.expect("comma")
                keep.append(parser.parse_expression())
            if not keep:
                parser.fail(USAGE, lineno)
        elif parser.stream.current.type != "block_end":
            parser.fail(USAGE, lineno)
        body = parser.parse_statements(("name:endregion",), drop_needle=True)
        args = [
            name,
            nodes.Const(parser.name or ""),
            nodes.Const(lineno),
            nodes.List(keep) if keep is not None else nodes.Const(None),
            nodes.ContextReference(),
        ]
        call = self.call_method("_region", args)
        return nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _region(
        self,
        name: Any,
        template_name: str,
        lineno: int,
        keep: list[Any] | None,
        context: JinjaContext,
        caller: Any,
    ) -> SafeString:
        return regions.draw_region(
            str(name),
            context,
            (template_name, lineno),
            None if keep is None else lambda: keep,
            caller,
        )


def _said(values: dict[str, Any]) -> dict[str, Any]:
    """Return `values` with an engine's sentences (games.words.Msg) said in the language."""
    return {key: value.say() if isinstance(value, Msg) else value for key, value in values.items()}


#: Words already looked up, per catalogue (the active translation object): a drawing says
#: thirty of them, and asking Django each time costs a lookup of the active language each.
#: Kept per catalogue as games.words does, so a swapped catalogue is never read stale.
_BOOKS: dict[int, tuple[object, dict[tuple[Any, ...], str]]] = {}
_BOOK_SIZE = 16384
#: The context key of the drawing's catalogue, asked once per push drawing.
CATALOGUE = "_catalogue"


def _book(context: JinjaContext) -> dict[tuple[Any, ...], str]:
    catalogue = context.get(CATALOGUE) or words_catalogue()
    found = _BOOKS.get(id(catalogue))
    if found is None or found[0] is not catalogue:
        if len(_BOOKS) > 64:
            _BOOKS.clear()
        found = _BOOKS[id(catalogue)] = (catalogue, {})
    return found[1]


def _words(context: JinjaContext, key: tuple[Any, ...], look_up: Any, *args: Any) -> str:
    book = _book(context)
    words = book.get(key)
    if words is None:
        words = str(look_up(*args))
        if len(book) < _BOOK_SIZE:
            book[key] = words
    return words


@receiver(setting_changed)
def _forget(setting: str, **kwargs: Any) -> None:
    """Forget the words and templates found when the settings they came from change."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        _BOOKS.clear()
    if setting in {"TEMPLATES", "INSTALLED_APPS", "DEBUG"}:
        _FOUND.clear()


@pass_context
def _say(context: JinjaContext, message: str, **values: Any) -> str:
    """gettext for templates: the words, with `values` put in (the output escapes it all)."""
    return _words(context, (message,), gettext, message) % _said(values)


@pass_context
def _say_count(
    context: JinjaContext, singular: str, plural: str, number: int, **values: Any
) -> str:
    values.setdefault("num", number)
    key = (singular, plural, number)
    return _words(context, key, ngettext, singular, plural, number) % _said(values)


@pass_context
def _say_in(context: JinjaContext, where: str, message: str, **values: Any) -> str:
    key = (where, message, None)
    return _words(context, key, pgettext, where, message) % _said(values)


@pass_context
def _say_count_in(
    context: JinjaContext, where: str, singular: str, plural: str, number: int, **values: Any
) -> str:
    values.setdefault("num", number)
    key = (where, singular, plural, number)
    return _words(context, key, npgettext, where, singular, plural, number) % _said(values)


#: Templates found, by name (not under DEBUG, where Jinja2 reloads a changed template).
_FOUND: dict[tuple[str, bool], tuple[str, Any]] = {}


def _template_of(name: str, *, django_only: bool = False) -> tuple[str, Any]:
    """Return which language draws the template `name` ("jinja2" or "django"), and the
    template of that language (Jinja2's or Django's own, not the backend's wrapper)."""
    found = _FOUND.get((name, django_only))
    if found is None:
        try:
            if django_only:
                raise TemplateDoesNotExist(name)
            found = ("jinja2", engines["jinja2"].get_template(name))
        except TemplateDoesNotExist:
            found = ("django", engines["django"].get_template(name))
        if not settings.DEBUG:
            _FOUND[(name, django_only)] = found
    return found


def _draw(kind: str, template: Any, data: dict[str, Any]) -> SafeString:
    if kind == "jinja2":
        return mark_safe(str(template.template.render(data)))  # noqa: S308
    return mark_safe(str(template.template.render(Context(data))))  # noqa: S308


@pass_context
def django_include(context: JinjaContext, name: str) -> SafeString:
    """Return the Django template `name` drawn with this template's context."""
    return _draw(*_template_of(name, django_only=True), context.get_all())


@pass_context
def board_partial(context: JinjaContext, name: str) -> SafeString:
    """Return a game's board (`name`) drawn with this context, in Jinja2 or Django."""
    return _draw(*_template_of(name), context.get_all())


def render_partial(name: str, data: dict[str, Any], request: Any = None) -> SafeString:
    """Return the template `name` drawn with `data`, in whichever language it is written
    (Django templates use it to include a Jinja2 board). With a `request`, a Jinja2
    template gets its CSRF token, as Django's backend gives it."""
    kind, template = _template_of(name)
    if kind == "jinja2" and request is not None:
        return mark_safe(str(template.render(data, request)))  # noqa: S308
    return _draw(kind, template, data)


def _url(name: str, *args: Any) -> str:
    return reverse(name, args=args or None)


def _csrf_field(context: JinjaContext) -> SafeString:
    return mark_safe(str(context.get("csrf_input", "")))  # noqa: S308 (Django's own input)


class _Compiled(BytecodeCache):
    """Compiled templates kept in the process, checked against their source's checksum:
    an environment built again (Django builds one anew when settings such as TEMPLATES or
    DEBUG change, as tests do) reuses them instead of compiling each board again."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED = _Compiled()


def environment(**options: Any) -> Environment:
    """Return the boards' Jinja2 environment (TEMPLATES' "environment" option)."""
    extensions = list(options.pop("extensions", ()))
    extensions += ["jinja2.ext.i18n", RegionExtension]
    options["undefined"] = Missing
    options.setdefault("bytecode_cache", COMPILED)
    env = BoardEnvironment(extensions=extensions, **options)
    # Jinja2's "new style" gettext (values passed by name, `%` done by the function), with
    # functions of our own: the words and the values are escaped alike when written out.
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    env.globals.update(gettext=_say, ngettext=_say_count, pgettext=_say_in, npgettext=_say_count_in)
    env.filters["floatformat"] = floatformat
    env.globals.update(
        static=static_cached,
        url=_url,
        board_partial=board_partial,
        django_include=django_include,
        csrf_field=pass_context(_csrf_field),
    )
    for path in BOARD_LIBRARIES:
        library = importlib.import_module(path)
        env.filters.update(library.register.filters)
        env.globals.update(getattr(library, "JINJA_GLOBALS", {}))
    return env


def words_of(source: str) -> Iterator[tuple[int, str, tuple[str | None, ...]]]:
    """Yield the words a Jinja2 template says: (line, gettext function, its strings)."""
    keywords = ("_", "gettext", "ngettext", "pgettext", "npgettext")
    options = {
        "extensions": f"jinja2.ext.i18n,{RegionExtension.__module__}.RegionExtension",
        "trimmed": "false",
    }
    for lineno, function, message, _comments in babel_extract(
        io.BytesIO(source.encode()), keywords, [], options
    ):
        strings = message if isinstance(message, tuple) else (message,)
        yield lineno, function, tuple(s if isinstance(s, str) else None for s in strings)


def is_jinja_template(path: str) -> bool:
    """Whether a file is a Jinja2 template (it lies under a `jinja2` folder)."""
    parts = path.replace("\\", "/").split("/")
    return "jinja2" in parts[:-1] and path.endswith(".html")
