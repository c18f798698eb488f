"""The daemon protocol's value encoding and framing.

Messages are JSON objects, one per line, over the daemon's Unix socket. Values JSON cannot
carry travel as tagged objects (``{"$datetime": ...}``, ``{"$model": "SearchResult",
"data": ...}``), so what the engine returns in the daemon arrives in the client as the same
type. Only the classes of :data:`MODELS` — the engine API's own types, by short name —
are rebuilt: the wire never imports a module a peer names. Any other pydantic model or
dataclass (a plugin tool's result) travels as its plain data.
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import importlib
import json
from collections.abc import Iterator, Mapping
from datetime import date, datetime, timedelta
from pathlib import PurePath
from typing import Any, Protocol

from .. import errors
from ..errors import CognimemError
from ..limits import clip, load_json

#: Largest request or reply (bytes) once a client is admitted; ``COGNIMEM_DAEMON_MAX_MESSAGE``
#: (bytes) lowers or raises it. Exports and imports of any size travel in chunks below it.
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
#: The size of one chunk of a streamed export or import (bytes of text).
CHUNK_CHARS = 4 * 1024 * 1024
#: Largest first message (the hello) of a connection: a few KB, read before admission.
MAX_HELLO_BYTES = 4096

#: The classes rebuilt on arrival, by the name that travels: the engine API's types.
MODELS: dict[str, tuple[str, str]] = {
    **{name: ("cognimem.models", name) for name in (
        "Scope", "Source", "EmbeddingSignature", "MemoryDraft", "Memory", "Edge", "Access",
        "Event", "Query", "StageScore", "Hit", "SearchResult", "Conflict")},
    **{name: ("cognimem.models.summary", name) for name in ("HitSummary", "SearchSummary")},
    **{name: ("cognimem.components", name) for name in ("GraveEntry", "DecayAction")},
    **{name: ("cognimem.engine", name) for name in (
        "Written", "MaintenanceReport", "CheckReport", "IndexReport", "DreamReport")},
    "ImportReport": ("cognimem.engine.portable", "ImportReport"),
    "ReindexReport": ("cognimem.engine.reindex", "ReindexReport"),
    "IngestReport": ("cognimem.sources", "IngestReport"),
    "SyncBatch": ("cognimem.engine.sync", "SyncBatch"),
    "Change": ("cognimem.engine.sync", "Change"),
    "JobInfo": ("cognimem.engine.jobinfo", "JobInfo"),
}


class WireError(CognimemError):
    """A value cannot be sent over the daemon connection, or a message is malformed."""


def _model_class(name: str) -> type:
    where = MODELS.get(name)
    if where is None:
        raise WireError(f"{name!r} is not a type the memory daemon's connection carries")
    cls: type = getattr(importlib.import_module(where[0]), where[1])
    return cls


def _travel_name(cls: type) -> str | None:
    """The name ``cls`` travels under, or None when it is not one of :data:`MODELS`."""
    if cls.__name__ not in MODELS:
        return None
    try:
        return cls.__name__ if _model_class(cls.__name__) is cls else None
    except ImportError:
        return None


def encode(value: Any) -> Any:
    """``value`` as JSON-compatible data, tagging what plain JSON would lose.

    :raises WireError: the value (or something inside it) has no encoding.
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        if all(isinstance(k, str) and not k.startswith("$") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    model_dump = getattr(value, "model_dump", None)
    if model_dump is not None and not isinstance(value, type):  # a pydantic model
        name = _travel_name(type(value))
        if name is None:
            return encode(model_dump(mode="json"))
        return {"$model": name, "data": encode(model_dump(mode="python", round_trip=True))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name))
                  for f in dataclasses.fields(value) if f.init}
        name = _travel_name(type(value))
        return fields if name is None else {"$dataclass": name, "fields": fields}
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"$frozenset": [encode(v) for v in value]}
    if isinstance(value, set):
        return {"$set": [encode(v) for v in value]}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, timedelta):
        return {"$timedelta": value.total_seconds()}
    if isinstance(value, PurePath):
        return {"$path": str(value)}
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, enum.Enum):
        return encode(value.value)
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        return value.tolist()  # an array as a list, a numpy scalar as a number
    if isinstance(value, Iterator):
        return [encode(v) for v in value]
    raise WireError(f"a {type(value).__module__}.{type(value).__qualname__} value cannot be "
                    "sent over the memory daemon's connection")


def decode(data: Any) -> Any:
    """The inverse of :func:`encode`.

    :raises WireError: a tagged value names a type outside :data:`MODELS`, or is malformed.
    """
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    # encode() never leaves a "$" key in a plain dict, so such a key always marks a tag.
    tag = next((k for k in data if k.startswith("$")), None)
    if tag is None:
        return {k: decode(v) for k, v in data.items()}
    try:
        return _decode_tagged(tag, data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, CognimemError):
            raise
        raise WireError(f"malformed {tag} value on the daemon connection: {exc}") from None


def _decode_tagged(tag: str, data: dict[str, Any]) -> Any:
    value = data[tag]
    if tag == "$dict":
        return {_hashable(decode(k)): decode(v) for k, v in value}
    if tag == "$model":
        cls: Any = _model_class(str(value))
        return cls.model_validate(decode(data["data"]))
    if tag == "$dataclass":
        cls = _model_class(str(value))
        return cls(**{str(k): decode(v) for k, v in data["fields"].items()})
    if tag == "$tuple":
        return tuple(decode(v) for v in value)
    if tag == "$frozenset":
        return frozenset(_hashable(decode(v)) for v in value)
    if tag == "$set":
        return {_hashable(decode(v)) for v in value}
    if tag == "$path":
        from pathlib import Path

        return Path(str(value))
    if tag == "$datetime":
        return datetime.fromisoformat(value)
    if tag == "$date":
        return date.fromisoformat(value)
    if tag == "$timedelta":
        return timedelta(seconds=value)
    if tag == "$bytes":
        return base64.b64decode(value)
    raise WireError(f"unknown tag {tag!r} on the daemon connection")


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


# ---------------------------------------------------------------------------------------------
# Errors travel as their class name and message.
# ---------------------------------------------------------------------------------------------


def encode_error(exc: BaseException) -> dict[str, str]:
    """An exception as ``{"type", "message"}`` for the wire (a long message cut)."""
    return {"type": type(exc).__name__, "message": clip(str(exc))}


def decode_error(data: Mapping[str, Any]) -> CognimemError:
    """The client-side exception for an error the daemon reported.

    cognimem's own errors keep their class (``InvalidInput``, ``NotFound``...); anything
    else becomes a :class:`CognimemError` that names the original type.
    """
    name = str(data.get("type", "CognimemError"))
    message = str(data.get("message", ""))
    cls = getattr(errors, name, None)
    if isinstance(cls, type) and issubclass(cls, CognimemError):
        return cls(message)
    if name == "WireError":
        return WireError(message)
    return CognimemError(f"the memory daemon failed: {name}: {message}")


# ---------------------------------------------------------------------------------------------
# Framing: one JSON object per line.
# ---------------------------------------------------------------------------------------------


class Reader(Protocol):
    """A binary stream that reads lines (a socket file, ``io.BytesIO``...)."""

    def readline(self, size: int = -1, /) -> bytes:
        """One line, at most ``size`` bytes."""


class Writer(Protocol):
    """A binary stream that writes and flushes."""

    def write(self, data: bytes, /) -> int:
        """Write ``data``."""

    def flush(self) -> None:
        """Push what was written."""


class MessageTooLarge(WireError):
    """A message exceeded the connection's limit; it was not read (nor run)."""


def dump_message(message: Mapping[str, Any]) -> bytes:
    """One message as its line on the wire."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def write_message(stream: Writer, message: Mapping[str, Any]) -> None:
    """Send one message (already encoded) and flush."""
    stream.write(dump_message(message))
    stream.flush()


def message_limit() -> int:
    """The message limit in force: ``COGNIMEM_DAEMON_MAX_MESSAGE`` bytes, else
    :data:`MAX_MESSAGE_BYTES`."""
    import os

    raw = os.environ.get("COGNIMEM_DAEMON_MAX_MESSAGE", "")
    return int(raw) if raw.isdigit() and int(raw) >= 4096 else MAX_MESSAGE_BYTES


def chunk_chars() -> int:
    """Characters per chunk of a streamed export or import: well under the message limit
    once JSON escaping (up to 6 bytes a character) is counted."""
    return max(512, min(CHUNK_CHARS, message_limit() // 8))


def read_message(stream: Reader, limit: int | None = None) -> dict[str, Any] | None:
    """The next message, or None when the peer closed the connection.

    :raises MessageTooLarge: the line is longer than ``limit`` bytes.
    :raises WireError: the line is not a JSON object.
    """
    if limit is None:
        limit = message_limit()
    line = stream.readline(limit + 1)
    if not line:
        return None
    if len(line) > limit and not line.endswith(b"\n"):
        raise MessageTooLarge(f"a message exceeded the limit of {limit:,} bytes")
    return parse_message(line)


def parse_message(line: bytes) -> dict[str, Any]:
    """One line of the wire as its message.

    :raises WireError: the line is not a JSON object.
    """
    try:
        message = load_json(line, "a message on the daemon connection")
    except ValueError as exc:
        raise WireError(f"malformed message: {exc}") from None
    if not isinstance(message, dict):
        raise WireError("malformed message on the daemon connection: not a JSON object")
    return message

