"""The daemon protocol's value encoding and framing.

Messages are JSON objects, one per line. Values that JSON cannot carry travel as tagged
objects (``{"$datetime": ...}``, ``{"$model": "pkg.module:Class", "data": ...}``), so what
the engine returns in the daemon — a :class:`~cognimem.models.SearchResult`, a
:class:`~cognimem.engine.Written` — arrives in the client as the same type.
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

import numpy as np
from pydantic import BaseModel

from .. import errors
from ..errors import CognimemError

#: Largest message accepted on the wire (bytes): a guard against a runaway peer.
MAX_MESSAGE_BYTES = 256 * 1024 * 1024


class WireError(CognimemError):
    """A value cannot be sent over the daemon connection, or a message is malformed."""


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
    if isinstance(value, BaseModel):
        return {"$model": _class_path(type(value)),
                "data": encode(value.model_dump(mode="python", round_trip=True))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name))
                  for f in dataclasses.fields(value) if f.init}
        return {"$dataclass": _class_path(type(value)), "fields": fields}
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
        return {"$enum": _class_path(type(value)), "value": encode(value.value)}
    if isinstance(value, np.ndarray):
        return {"$ndarray": value.tolist(), "dtype": str(value.dtype)}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Iterator):
        return [encode(v) for v in value]
    raise WireError(f"a {type(value).__module__}.{type(value).__qualname__} value cannot be "
                    "sent over the memory daemon's connection")


def decode(data: Any) -> Any:
    """The inverse of :func:`encode`.

    :raises WireError: a tagged value names a class that cannot be loaded.
    """
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    # encode() never leaves a "$" key in a plain dict, so such a key always marks a tag.
    tag = next((k for k in data if k.startswith("$")), None)
    if tag is not None:
        return _decode_tagged(tag, data)
    return {k: decode(v) for k, v in data.items()}


def _decode_tagged(tag: str, data: dict[str, Any]) -> Any:
    value = data[tag]
    if tag == "$dict":
        return {_hashable(decode(k)): decode(v) for k, v in value}
    if tag == "$model":
        cls = _load_class(value)
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
            raise WireError(f"{value} is not a pydantic model")
        return cls.model_validate(decode(data["data"]))
    if tag == "$dataclass":
        cls = _load_class(value)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise WireError(f"{value} is not a dataclass")
        return cls(**{k: decode(v) for k, v in data["fields"].items()})
    if tag == "$tuple":
        return tuple(decode(v) for v in value)
    if tag == "$frozenset":
        return frozenset(_hashable(decode(v)) for v in value)
    if tag == "$set":
        return {_hashable(decode(v)) for v in value}
    if tag == "$datetime":
        return datetime.fromisoformat(value)
    if tag == "$date":
        return date.fromisoformat(value)
    if tag == "$timedelta":
        return timedelta(seconds=value)
    if tag == "$path":
        from pathlib import Path

        return Path(value)
    if tag == "$bytes":
        return base64.b64decode(value)
    if tag == "$enum":
        cls = _load_class(value)
        if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
            raise WireError(f"{value} is not an enum")
        return cls(decode(data["value"]))
    if tag == "$ndarray":
        return np.asarray(value, dtype=data.get("dtype"))
    raise WireError(f"unknown tag {tag!r} on the daemon connection")


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


def _class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _load_class(path: str) -> Any:
    module_name, _, qualname = path.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise WireError(f"cannot load {path} on this side of the daemon connection: {exc}") \
            from None
    return obj


# ---------------------------------------------------------------------------------------------
# Errors travel as their class name and message.
# ---------------------------------------------------------------------------------------------


def encode_error(exc: BaseException) -> dict[str, str]:
    """An exception as ``{"type", "message"}`` for the wire."""
    return {"type": type(exc).__name__, "message": str(exc)}


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


def write_message(stream: Writer, message: Mapping[str, Any]) -> None:
    """Send one message (already encoded) and flush."""
    line = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    stream.write(line + b"\n")
    stream.flush()


def read_message(stream: Reader) -> dict[str, Any] | None:
    """The next message, or None when the peer closed the connection.

    :raises WireError: the line is too long or is not a JSON object.
    """
    line = stream.readline(MAX_MESSAGE_BYTES + 1)
    if not line:
        return None
    if len(line) > MAX_MESSAGE_BYTES:
        raise WireError(f"a message exceeded {MAX_MESSAGE_BYTES:,} bytes")
    try:
        message = json.loads(line)
    except ValueError as exc:
        raise WireError(f"malformed message on the daemon connection: {exc}") from None
    if not isinstance(message, dict):
        raise WireError("malformed message on the daemon connection: not a JSON object")
    return message
