"""Tools for agents working as a team on one store: ``sync`` (what changed since this agent
last synced, with an offset it acknowledges)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from cognimem.agents import Caller
from cognimem.errors import InvalidInput

from .core import CallerArg
from .results import Synced, SyncedChange

if TYPE_CHECKING:
    from cognimem.engine import Engine


def sync(
    engine: Engine,
    ack: Annotated[int | None, Field(ge=0, description=(
        "acknowledge the changes up to this `upto` of the previous sync first"))] = None,
    limit: Annotated[int, Field(ge=1, le=500, description="most changes returned")] = 100,
    caller: CallerArg = None,
) -> Synced:
    """What other agents changed in memory since you last acknowledged: memories added,
    updated, superseded, archived, deleted, and conflicts. Handle them, then call again
    with ack=<upto> to confirm; until you do, the same changes come back (so a crash loses
    nothing).

    Example: {"ack": 42}
    """
    agent = Caller.of(caller).agent
    if agent is None:
        raise InvalidInput("sync needs to know which agent you are: the client sent no name; "
                           "set COGNIMEM_AGENT or `cognimem config --agent NAME`")
    acknowledged = engine.acknowledge(agent, ack) if ack is not None else None
    batch = engine.sync(agent, limit=limit)
    found = engine.get_many(c.id for c in batch.changes if c.id)
    return Synced(
        agent=batch.agent, acknowledged=acknowledged, upto=batch.upto, head=batch.head,
        more=batch.more or None,
        changes=[SyncedChange(seq=c.seq, change=c.change, id=c.id, agent=c.agent, by=c.by,
                              conflict=c.conflict,
                              content=found[c.id].brief(160) if c.id and c.id in found
                              else None)
                 for c in batch.changes])
