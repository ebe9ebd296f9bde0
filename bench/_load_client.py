"""What one simulated browser holds of a table's board, fed by its socket and its answers.

Two socket protocols are understood, so the load bench runs before and after the push
sends only what changed:

- a full board (on connect, on resync, the HTTP answer to a move; every push before
  the change): `<div id="table-CODE-board" class="board-wrap" data-version="N"
  data-status="S">…</div>`, which may contain region elements
  `<div id="table-CODE-board-NAME" class="region">…</div>`;
- a region push: `<div id="table-CODE-board-meta" hidden data-version="N" data-base="B"
  data-status="S"></div>`, then only the regions that changed, and possibly
  `<ol id="table-CODE-board-log-list" hx-swap-oob="afterbegin">…</ol>` (new log lines).
  It applies only to a client that holds version B; any other client asks for the
  whole board again by sending `resync` on its socket.

Regions never nest, so a full board is split at each region start: the chunk up to the
next start is that region plus some of the board's skeleton, which is fine for finding
buttons. What comes before the first region is kept under the name "" (the whole board
when it has no regions). A message without a version (a chat line) is ignored.
"""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass, field

ACTION = re.compile(r"""name="action" value=(?:"([^"]*)"|'([^']*)')""")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
RESYNC = "resync"
#: Seconds after which a resync that got no full board is asked for again.
RESYNC_AGAIN = 2.0


def _open_tag(message: str, element_id: str) -> tuple[int, int, dict[str, str]] | None:
    """Return (start, end, attributes) of the first tag with id `element_id`, else None."""
    start = message.find(f' id="{element_id}"')
    if start < 0:
        return None
    start = message.rfind("<", 0, start)
    end = message.find(">", start)
    if start < 0 or end < 0:
        return None
    return start, end + 1, dict(_ATTR.findall(message, start, end))


def _chunks(text: str, starts: list[re.Match[str]]) -> dict[str, str]:
    """Return each region's chunk: from its start to the next region's start (or the end)."""
    ends = [match.start() for match in starts[1:]] + [len(text)]
    return {
        match.group(1): text[match.start() : end] for match, end in zip(starts, ends, strict=False)
    }


@dataclass
class BoardClient:
    """One socket's (or one player's) copy of a table's board, region by region."""

    code: str
    version: int = 0
    status: str = ""
    regions: dict[str, str] = field(default_factory=dict)
    #: Socket arrivals: (version, epoch seconds) each time the socket's version rose.
    arrivals: list[tuple[int, float]] = field(default_factory=list)
    messages: int = 0
    bytes: int = 0
    pushes: int = 0
    push_bytes: int = 0
    region_pushes: int = 0
    resyncs: int = 0
    log_lines: int = 0
    resync_at: float | None = None
    #: Refusals of this player's moves sent over the socket, and the last one's words.
    refusals: int = 0
    refusal: str = ""
    #: Answers to this player's socket moves by the move's "ref": (the version the answer
    #: brought, or None for a refusal; when it arrived; a refusal's words).
    answers: dict[str, tuple[int | None, float, str]] = field(default_factory=dict)
    #: The board's actions as last read (None: the board changed since).
    _actions: list[str] | None = field(default=None, repr=False)
    #: Each region's actions as last read (a region that changed since is not in it).
    _region_actions: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        prefix = re.escape(f"table-{self.code}-board-")
        self._region = re.compile(rf'<div id="{prefix}([\w-]+)" class="region">')
        # Case-sensitive, as the server writes it: a literal start is searched for fast.
        self._log_start = f'<ol id="table-{self.code}-board-log-list"'
        self._log = re.compile(
            rf'<ol id="{prefix}log-list"[^>]*\shx-swap-oob="[^"]*"[^>]*>(.*?)</ol>', re.DOTALL
        )

    # --- what the player sees ----------------------------------------------------------

    @property
    def board(self) -> str:
        """Return the board as the joined regions (skeleton first)."""
        return "".join(self.regions.values())

    def actions(self) -> list[str]:
        """Return the action JSON of every `name="action"` button of the board, in the
        board's order (each region read once per change of that region: the players ask
        several times per move, and the load generator's CPU is taken from the servers it
        measures)."""
        if self._actions is None:
            known = self._region_actions
            for name, chunk in self.regions.items():
                if name not in known:
                    known[name] = [html.unescape(a or b) for a, b in ACTION.findall(chunk)]
            self._actions = [action for name in self.regions for action in known[name]]
        return self._actions

    @property
    def seen(self) -> int:
        """Return the highest version this client's socket delivered."""
        return self.arrivals[-1][0] if self.arrivals else 0

    def held_since(self, version: int) -> float | None:
        """Return when the socket first delivered `version` or a later one, else None."""
        i = bisect.bisect_left(self.arrivals, (version, float("-inf")))
        return self.arrivals[i][1] if i < len(self.arrivals) else None

    # --- feeding -----------------------------------------------------------------------

    def feed(self, message: str, now: float) -> str | None:
        """Take one socket message; return the text to send back (`resync`), if any."""
        self.messages += 1
        size = len(message.encode())
        self.bytes += size
        if self.messages > 1:
            self.pushes += 1
            self.push_bytes += size
        meta = _open_tag(message, f"table-{self.code}-board-meta")
        if meta is not None and "data-version" in meta[2]:
            if "data-ref" in meta[2]:
                self.answers[meta[2]["data-ref"]] = (int(meta[2]["data-version"]), now, "")
            return self._push(message, meta, now)
        if message.startswith(f'<div id="table-{self.code}-board-error"'):
            # A move sent over this socket was refused (lobby.socket_moves): its words.
            self.refusals += 1
            self.refusal = re.sub(r"<[^>]+>", "", message).strip()
            tag = _open_tag(message, f"table-{self.code}-board-error")
            if tag is not None and "data-ref" in tag[2]:
                self.answers[tag[2]["data-ref"]] = (None, now, self.refusal)
            return None
        version = self.apply_full(message)
        if version is not None:
            self.resync_at = None
            self._arrived(self.version, now)
            tag = _open_tag(message, f"table-{self.code}-board")
            if tag is not None and "data-ref" in tag[2]:
                self.answers[tag[2]["data-ref"]] = (version, now, "")
        return None

    def apply_full(self, message: str) -> int | None:
        """Apply a full board if it is newer than what is held; return its version or None.

        Used for HTTP answers as well: they change what the player sees, not the socket's
        arrivals.
        """
        tag = _open_tag(message, f"table-{self.code}-board")
        if tag is None or not tag[2].get("data-version", "").isdigit():
            return None
        version = int(tag[2]["data-version"])
        if version < self.version or (version == self.version and self.regions):
            return version
        self.version, self.status = version, tag[2].get("data-status", "")
        starts = list(self._region.finditer(message))
        head_end = starts[0].start() if starts else len(message)
        self.regions = {"": message[tag[0] : head_end], **_chunks(message, starts)}
        self._actions = None
        self._region_actions.clear()
        return version

    def _push(self, message: str, meta: tuple[int, int, dict[str, str]], now: float) -> str | None:
        attrs = meta[2]
        version = int(attrs["data-version"])
        base = int(attrs.get("data-base", "-1") or -1)
        if version <= self.version:
            # Already held (the HTTP answer came first): the socket holds it too now.
            self._arrived(version, now)
            return None
        if base != self.version or not self.regions:
            if self.resync_at is None or now - self.resync_at > RESYNC_AGAIN:
                self.resync_at = now
                self.resyncs += 1
                return RESYNC
            return None
        self.region_pushes += 1
        body = message[meta[1] :]
        if self._log_start in body:
            kept, last = [], 0
            for log in self._log.finditer(body):
                self.log_lines += log.group(1).count("<li")
                kept.append(body[last : log.start()])
                last = log.end()
            body = "".join(kept) + body[last:]
        changed = _chunks(body, list(self._region.finditer(body)))
        self.regions.update(changed)
        for name in changed:
            self._region_actions.pop(name, None)
        self._actions = None
        self.version = version
        self.status = attrs.get("data-status", self.status)
        self._arrived(version, now)
        return None

    def _arrived(self, version: int, now: float) -> None:
        if version > self.seen:
            self.arrivals.append((version, now))
