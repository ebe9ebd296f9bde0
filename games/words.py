"""Sentences for people, said in each reader's language: engines speak, the site translates.

An engine never knows who reads its words, nor in which language, and imports no Django.
It builds a `Msg`: an English sentence with named placeholders, and its arguments::

    msg("drew %(card)s", card=msg("Blue 6"))
    nmsg("bought %(n)s card", "bought %(n)s cards", 2)
    join(", ", ["A1", "A2"])

A `Msg` *is* its English `str` (tests and logs read it as such), and it keeps how it was
built. The site stores it as data (`Msg.data()`: message ids and arguments, never a
translation) and says it in the language of whoever reads it, when it is read:

- `say(data)` returns the words in the active language;
- wherever Django escapes a value (`{{ prompt }}`, `format_html`), a `Msg` gives its
  translation (`__html__`).

`pmsg(context, message)` is a sentence whose English is shared by two meanings.

Arguments are plain strings (names, codes: never translated), numbers, or other `Msg`s
(translated in turn). `makemessages` collects `msg`, `nmsg` and `pmsg` calls (see the lobby's
`makemessages` command), so their sentences land in the catalogues.

The translation functions are installed once at start-up (`install`, from the games app);
until then, and in pure engine tests, everything reads in English.
"""

from __future__ import annotations

import contextvars
import html
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Union

Arg = Union[str, int, float, "Msg"]
"""A placeholder's value: a literal string or number, or a sentence translated in turn."""


def _english(message: str, plural: str | None, n: int | None) -> str:
    return plural if plural is not None and n != 1 else message


_translate: Callable[[str], str] = lambda message: message  # noqa: E731
_translate_plural: Callable[[str, str, int], str] = _english
_translate_in: Callable[[str, str], str] = lambda context, message: message  # noqa: E731
_ENGLISH = object()
_catalogue: Callable[[], object] = lambda: _ENGLISH  # noqa: E731
#: How many languages a sentence remembers its words in (a board is drawn in a few at most).
_REMEMBERED = 8


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str] | None = None,
    catalogue: Callable[[], object] | None = None,
) -> None:
    """Say sentences through these translation functions from now on (the site's gettext).

    `catalogue` returns the active translation object: a sentence remembers its words per
    catalogue (the card names of a board are said once per language, not once per drawing).
    """
    global _translate, _translate_plural, _translate_in, _catalogue
    _translate, _translate_plural = gettext, ngettext
    if pgettext is not None:
        _translate_in = pgettext
    if catalogue is not None:
        _catalogue = catalogue


def catalogue() -> object:
    """Return the active catalogue: a cache of worded text is kept per catalogue."""
    held = _HELD.get()
    return held if held is not None else _catalogue()


#: The catalogue held by `catalogue_held` (None: ask the site each time).
_HELD: contextvars.ContextVar[object | None] = contextvars.ContextVar("held", default=None)


@contextmanager
def catalogue_held() -> Iterator[object]:
    """Hold the active catalogue for a block that says many sentences and never changes
    language (a board drawing): each sentence then finds it without asking the site,
    whose lookup of the active language is what a drawing's card names cost most."""
    token = _HELD.set(_catalogue())
    try:
        yield _HELD.get()
    finally:
        _HELD.reset(token)


def _fill(template: str, args: Mapping[str, str]) -> str:
    if not args:
        return template
    return template % args


class Msg(str):
    """A translatable sentence: equal to its English words, carrying how to say it again."""

    message: str
    plural: str | None
    n: int | None
    args: dict[str, Arg]
    parts: tuple[Arg, ...] | None
    sep: str
    context: str | None

    def __new__(
        cls,
        message: str,
        args: Mapping[str, Arg] | None = None,
        *,
        plural: str | None = None,
        n: int | None = None,
        parts: Iterable[Arg] | None = None,
        sep: str = "",
        context: str | None = None,
    ) -> Msg:
        args = dict(args or {})
        items = tuple(parts) if parts is not None else None
        if items is not None:
            english = sep.join(str(part) for part in items)
        else:
            english = _fill(_english(message, plural, n), {k: _str(v) for k, v in args.items()})
        self = super().__new__(cls, english)
        self.message, self.plural, self.n, self.args = message, plural, n, args
        self.parts, self.sep, self.context = items, sep, context
        return self

    def data(self) -> dict[str, Any]:
        """Return the sentence as JSON-safe data (message ids and arguments, no words)."""
        if self.parts is not None:
            return {"j": [encode(part) for part in self.parts], "s": self.sep}
        data: dict[str, Any] = {"m": self.message}
        if self.context is not None:
            data["c"] = self.context
        if self.plural is not None:
            data["p"], data["n"] = self.plural, self.n
        if self.args:
            data["a"] = {key: encode(value) for key, value in self.args.items()}
        return data

    def say(self) -> str:
        """Return the sentence in the active language (remembered per catalogue)."""
        catalogue = _HELD.get()
        if catalogue is None:
            catalogue = _catalogue()
        said = self.__dict__.setdefault("_said", {})
        known = said.get(id(catalogue))
        # The catalogue itself is kept with the words, so its id cannot be reused meanwhile.
        if known is not None and known[0] is catalogue:
            return known[1]  # type: ignore[no-any-return]
        if self.parts is not None:
            words = self.sep.join(_said(part) for part in self.parts)
        else:
            args = {key: _said(value) for key, value in self.args.items()}
            words = _say(self.message, self.plural, self.n, self.context, args)
        if len(said) >= _REMEMBERED:
            said.clear()
        said[id(catalogue)] = (catalogue, words)
        return words

    def __html__(self) -> str:
        return html.escape(self.say())

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (the cache) as what it is, not as a bare str.
        return (
            _rebuild,
            (self.message, self.args, self.plural, self.n, self.parts, self.sep, self.context),
        )


def _rebuild(
    message: str,
    args: dict[str, Arg],
    plural: str | None,
    n: int | None,
    parts: tuple[Arg, ...] | None,
    sep: str,
    context: str | None = None,
) -> Msg:
    return Msg(message, args, plural=plural, n=n, parts=parts, sep=sep, context=context)


def _str(value: Arg) -> Any:
    return value if isinstance(value, int | float) else str(value)


def msg(message: str, /, **args: Arg) -> Msg:
    """Return a sentence: `message` with `%(name)s` placeholders filled from `args`."""
    return Msg(message, args)


def pmsg(context: str, message: str, /, **args: Arg) -> Msg:
    """Return a sentence whose words depend on where it stands (`context`, for translators):
    the same English word may need two translations ("Asteroid" the card, the project)."""
    return Msg(message, args, context=context)


def nmsg(singular: str, plural: str, n: int, /, **args: Arg) -> Msg:
    """Return a sentence whose form follows the count `n` (also the placeholder `%(n)s`)."""
    return Msg(singular, {"n": n, **args}, plural=plural, n=n)


def join(sep: str, parts: Iterable[Arg]) -> Msg:
    """Return the parts, each said in turn, joined by `sep` (", ", "; ")."""
    return Msg("", parts=parts, sep=sep)


def encode(text: Arg) -> Any:
    """Return `text` as stored: a `Msg`'s data, anything else as it is."""
    return text.data() if isinstance(text, Msg) else text


def decode(data: Any) -> Arg:
    """Return the `Msg` (or plain value) that `encode` stored."""
    if not isinstance(data, dict):
        return data  # type: ignore[no-any-return]
    if "j" in data:
        return join(str(data.get("s", "")), [decode(part) for part in data["j"]])
    args = {str(key): decode(value) for key, value in (data.get("a") or {}).items()}
    plural = data.get("p")
    return Msg(str(data.get("m", "")), args, plural=plural, n=data.get("n"), context=data.get("c"))


def say(data: Any) -> str:
    """Return stored text in the active language (plain old text as it was stored)."""
    if isinstance(data, Msg):
        return data.say()
    if not isinstance(data, dict):
        return "" if data is None else str(data)
    if "j" in data:
        return str(data.get("s", "")).join(say(part) for part in data["j"])
    args = {str(key): _said(value) for key, value in (data.get("a") or {}).items()}
    return _say(str(data.get("m", "")), data.get("p"), data.get("n"), data.get("c"), args)


def _say(message: str, plural: Any, n: Any, context: Any, args: Mapping[str, Any]) -> str:
    if plural is not None and isinstance(n, int):
        template = _translate_plural(message, str(plural), n)
    elif context is not None and message:
        template = _translate_in(str(context), message)
    else:
        template = _translate(message) if message else ""
    try:
        return _fill(template, args)
    except (KeyError, ValueError, TypeError):
        # A translation that lost a placeholder must not break a page: say it in English.
        return _fill(_english(message, plural, n), args)


def _said(value: Any) -> Any:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else say(value)
