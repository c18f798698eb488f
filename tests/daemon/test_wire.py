"""The daemon wire format: engine results round-trip with their types; errors keep theirs."""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.daemon.wire import (
    MAX_MESSAGE_BYTES,
    MessageTooLarge,
    WireError,
    decode,
    decode_error,
    encode,
    encode_error,
    read_message,
    write_message,
)
from cognimem.engine import Engine, Written
from cognimem.errors import CognimemError, InvalidInput, NotFound


def roundtrip(value: Any) -> Any:
    return decode(json.loads(json.dumps(encode(value))))


@pytest.mark.parametrize("value", [
    None, True, 3, 2.5, "text", [1, "a", None], {"a": {"b": [1, 2]}},
    (1, "x"), {1, 2}, frozenset({"a"}), datetime(2025, 1, 1, 12, tzinfo=UTC),
    date(2025, 1, 2), timedelta(seconds=90), Path("/tmp/x"), b"\x00\xff",
    {"$not-a-tag": 1, "plain": 2}, {("a", "b", "c"): 1},
], ids=lambda v: type(v).__name__)
def test_plain_values_roundtrip(value: Any) -> None:
    assert roundtrip(value) == value


def test_engine_results_keep_their_types(engine: Engine) -> None:
    written = engine.add("the parser uses a PEG grammar", tags=["parser"])
    result = engine.search("parser grammar", explain=True)
    back_written = roundtrip(written)
    back_result = roundtrip(result)
    assert isinstance(back_written, Written)
    assert back_written.memory == written.memory
    assert back_result == result
    assert back_result.hits[0].explain() == result.hits[0].explain()


def test_numpy_values_travel_as_plain_numbers() -> None:
    assert roundtrip(np.arange(3, dtype=np.float32)) == [0.0, 1.0, 2.0]
    assert roundtrip(np.float64(1.5)) == 1.5


def test_unencodable_value_is_a_clear_error() -> None:
    with pytest.raises(WireError, match="cannot be sent"):
        encode(object())


@pytest.mark.parametrize("name", [
    "cognimem.models:Memory",       # the old form: a module path a peer could choose
    "os:system", "builtins:dict", "subprocess:Popen", "NoSuchModel", "Profile",
])
def test_only_allowlisted_classes_are_rebuilt(name: str) -> None:
    for tag, body in (("$model", "data"), ("$dataclass", "fields")):
        with pytest.raises(WireError, match="not a type the memory daemon"):
            decode({tag: name, body: {}})


def test_a_plugin_model_travels_as_plain_data() -> None:
    from pydantic import BaseModel

    class Exported(BaseModel):
        path: str
        memories: int

    assert roundtrip(Exported(path="/x", memories=2)) == {"path": "/x", "memories": 2}


def test_malformed_tagged_values_are_wire_errors() -> None:
    with pytest.raises(WireError, match="malformed"):
        decode({"$model": "Memory", "data": {"id": 3}})
    with pytest.raises(WireError, match="malformed"):
        decode({"$datetime": "yesterday"})


def test_errors_keep_cognimem_classes() -> None:
    assert isinstance(decode_error(encode_error(NotFound("no memory has id 'x'"))), NotFound)
    bad = decode_error(encode_error(InvalidInput("content is empty")))
    assert isinstance(bad, InvalidInput)
    assert str(bad) == "content is empty"
    other = decode_error(encode_error(ZeroDivisionError("boom")))
    assert type(other) is CognimemError
    assert "ZeroDivisionError: boom" in str(other)


def test_framing_roundtrip_and_eof() -> None:
    buffer = io.BytesIO()
    write_message(buffer, {"id": 1, "result": "ü"})
    buffer.seek(0)
    assert read_message(buffer) == {"id": 1, "result": "ü"}
    assert read_message(buffer) is None


def test_framing_refuses_garbage() -> None:
    with pytest.raises(WireError, match="malformed"):
        read_message(io.BytesIO(b"not json\n"))
    with pytest.raises(WireError, match="not a JSON object"):
        read_message(io.BytesIO(b"[1, 2]\n"))
    assert MAX_MESSAGE_BYTES >= 100_000 * 4  # the largest default memory fits


def test_framing_refuses_a_line_over_the_limit() -> None:
    with pytest.raises(MessageTooLarge, match="limit of 10 bytes"):
        read_message(io.BytesIO(b'{"a":"0123456789"}\n'), limit=10)
    assert read_message(io.BytesIO(b'{"a":"01"}\n'), limit=10) == {"a": "01"}
