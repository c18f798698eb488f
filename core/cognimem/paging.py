"""Cursors for paging searches and listings: opaque to the caller, stable while the store is
written between pages.

A cursor belongs to one query (its filters, not its page size): given with another it is
refused. Two kinds:

- a listing's cursor holds the sort key (created_at, id) of the last memory shown: the next
  page starts after it. Memories recorded meanwhile are newer and sort before it, so pages
  neither repeat nor skip what was there when the first page was asked.
- a search's cursor holds the event sequence number when the first page was asked (the
  snapshot) and the ids already returned: the next page is the search run again without
  them and without the memories recorded after the snapshot. Scores may move between pages
  (new words change BM25 statistics, recall counts accesses), but nothing is shown twice
  and no memory of the snapshot the search still finds is skipped.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .errors import InvalidInput
from .limits import ID_CHARS

if TYPE_CHECKING:
    from .models import Memory, Query

#: Hits a search's pages return in all (a search's ``k`` is at most this too).
MAX_SEEN = 1000
#: The longest cursor read: MAX_SEEN ids of 16 characters, quoted, in base64, and the rest.
MAX_CHARS = 32_000
#: What a refused cursor's message ends with.
_AGAIN = "start again without a cursor"
#: Query fields a cursor is not tied to: the page size, how it is shown, and the window
#: (a phrase such as "2 days ago" is read again at each page), and the branch (the session's,
#: filled in by the read path: a client makes a list's cursor from the query it sent).
_NOT_FILTERS = {"k", "cursor", "paged", "explain", "record_access", "agent", "since", "until",
                "branch"}


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the next page starts (see the module's docstring)."""

    query: str
    snapshot: int = 0
    seen: tuple[str, ...] = ()
    after: tuple[str, str] | None = None

    def encode(self) -> str:
        """The cursor as an opaque string."""
        data: dict[str, Any] = {"v": 1, "q": self.query, "s": self.snapshot}
        if self.seen:
            data["seen"] = list(self.seen)
        if self.after is not None:
            data["after"] = list(self.after)
        raw = json.dumps(data, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def query_key(query: Query) -> str:
    """What ties a cursor to its query: a digest of the query's text and filters."""
    fields = query.model_dump(mode="json", exclude=_NOT_FILTERS)
    text = json.dumps(fields, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def decode(text: str, query: Query) -> Cursor:
    """The cursor ``text`` holds, checked against ``query``.

    :raises InvalidInput: not a cursor this store gave, or one given for another query.
    """
    if len(text) > MAX_CHARS:
        raise InvalidInput(f"cursor of {len(text):,} characters; the limit is {MAX_CHARS:,}: "
                           f"{_AGAIN}")
    try:
        data = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        cursor = Cursor(query=str(data["q"]), snapshot=int(data.get("s", 0)),
                        seen=tuple(_id(i) for i in data.get("seen", ())),
                        after=_after(data.get("after")))
    except (ValueError, KeyError, TypeError, binascii.Error, UnicodeDecodeError):
        raise InvalidInput(f"cursor is not one this store gave: {_AGAIN}") from None
    if cursor.query != query_key(query):
        raise InvalidInput(f"cursor was given for another query or other filters: {_AGAIN}")
    if len(cursor.seen) > MAX_SEEN:
        raise InvalidInput(f"cursor holds {len(cursor.seen):,} ids; the limit is {MAX_SEEN}")
    return cursor


def after(query: Query, last: Memory) -> str:
    """A listing's cursor: the next page starts after ``last``."""
    return Cursor(query=query_key(query),
                  after=(last.created_at.isoformat(), last.id)).encode()


def before_cursor(cursor: Cursor, memory: Memory) -> bool:
    """Whether ``memory`` sorts after a listing cursor's last memory (newest first), i.e.
    belongs to a later page."""
    if cursor.after is None:
        return True
    at = datetime.fromisoformat(cursor.after[0])
    return (memory.created_at, memory.id) < (at, cursor.after[1])


def _id(value: Any) -> str:
    if not isinstance(value, str) or len(value) > ID_CHARS:
        raise ValueError("not an id")
    return value


def _after(value: Any) -> tuple[str, str] | None:
    if value is None:
        return None
    at, memory_id = value
    datetime.fromisoformat(at)
    return str(at), _id(memory_id)
