"""The append-only, hash-chained event log: every mutation, verifiable after the fact."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from .models import Event

GENESIS = "0" * 64


def event_hash(prev_hash: str, seq: int, at: datetime, op: str, target: str | None,
               agent: str | None, payload: dict[str, Any]) -> str:
    """SHA-256 over the previous hash and the event's canonical JSON."""
    body = json.dumps(
        {"seq": seq, "at": at.isoformat(), "op": op, "target": target, "agent": agent,
         "payload": payload},
        sort_keys=True, separators=(",", ":"), default=str,
    )
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def digest(value: Any) -> str:
    """What an event keeps of a free-text value (a forget reason, a conflict's differing
    values): a SHA-256 prefix of its canonical JSON, never the text. The text lives in the
    graveyard or the conflict record and goes with its memory; the log keeps that something
    was said, and can tell whether two events said the same."""
    body = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]


def next_event(last: Event | None, at: datetime, op: str, target: str | None = None,
               agent: str | None = None, payload: dict[str, Any] | None = None) -> Event:
    """The event that follows ``last`` in the chain."""
    prev = last.hash if last else GENESIS
    seq = last.seq + 1 if last else 1
    data = payload or {}
    return Event(seq=seq, at=at, op=op, target=target, agent=agent, payload=data,
                 prev_hash=prev, hash=event_hash(prev, seq, at, op, target, agent, data))


def verify_chain(events: Iterable[Event]) -> list[str]:
    """Problems found in the chain (empty when every link and hash checks out)."""
    problems: list[str] = []
    prev, expected_seq = GENESIS, 1
    for ev in events:
        if ev.seq != expected_seq:
            problems.append(f"event {ev.seq}: expected sequence number {expected_seq}")
        if ev.prev_hash != prev:
            problems.append(f"event {ev.seq}: prev_hash does not match event {ev.seq - 1}")
        if ev.hash != event_hash(ev.prev_hash, ev.seq, ev.at, ev.op, ev.target, ev.agent,
                                 ev.payload):
            problems.append(f"event {ev.seq}: hash does not match its content (tampered?)")
        prev, expected_seq = ev.hash, ev.seq + 1
    return problems
