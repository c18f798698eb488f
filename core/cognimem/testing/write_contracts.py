"""Contracts of the write side's components: guards (``[[guard]]``) and consolidators
(``[consolidate]``). Subclass one, set ``component`` (and ``options``)::

    from cognimem.testing import GuardContract

    class TestMyGuard(GuardContract):
        component = "my-guard"
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from ..components import Guard
from ..engine import Engine
from ..engine.types import PreparedWrite, Verdict
from ..models import MemoryDraft
from .contracts import ComponentContract
from .fixtures import SAMPLE_MEMORIES

#: Writes a guard is shown in its own batch: ordinary notes, one repeated in other words.
SCREENED = ("The nightly backup copies the database dumps to the NAS",
            "the nightly backup copies the database dumps to the NAS!",
            "Carol reviews every pull request that touches the billing service")


def _state(engine: Engine) -> tuple[int, int]:
    """What writing changes: the events and the live memories."""
    return len(engine.events()), len(engine.list_memories(limit=100_000))


class GuardContract(ComponentContract):
    """A write guard lets ordinary distinct notes through, gives well-formed verdicts,
    writes nothing itself when it screens, and leaves a store that checks clean, in a batch
    as one write at a time."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"guard": [{"use": self.component, **self.options}]}

    def _guard(self, engine: Engine) -> Guard:
        found = [g for g in engine.guards if g.name == self.component]
        assert found, f"the engine runs no guard named {self.component!r}"
        return found[0]

    def test_distinct_notes_are_all_kept(self, contract_engine: Engine) -> None:
        """Every one of the ordinary, distinct sample notes is stored, as written."""
        stored = {m.content for m in contract_engine.list_memories(limit=1000)}
        assert stored == {m["content"] for m in SAMPLE_MEMORIES}

    def test_the_store_checks_clean_after_its_verdicts(self, contract_engine: Engine) -> None:
        """Writes the guard judged (repeats included) leave indexes and events consistent."""
        contract_engine.add_many(list(SCREENED))
        for text in SCREENED:
            contract_engine.add(text)
        assert contract_engine.check().ok

    def test_screening_writes_nothing(self, contract_engine: Engine) -> None:
        """``prepare`` and ``screen`` on a batch give verdicts and write no event or memory."""
        guard = self._guard(contract_engine)
        writes = [PreparedWrite(MemoryDraft(content=text)) for text in SCREENED]
        embedder = contract_engine.embedder
        for position, write in enumerate(writes):
            write.vector = embedder.embed(write.draft.content) if embedder else None
            write.peers = writes[:position]
        before = _state(contract_engine)
        guard.prepare(writes, contract_engine._ctx)
        for write in writes:
            guard.screen(write, contract_engine._ctx)
            for verdict in write.verdicts:
                assert isinstance(verdict, Verdict)
                assert verdict.action in ("merge", "conflict", "separate", "supersede")
                assert verdict.target is not write, "a verdict about the write itself"
                assert isinstance(verdict.target, (str, PreparedWrite)), verdict.target
        assert _state(contract_engine) == before

    def test_a_batch_and_single_writes_agree(self) -> None:
        """The same notes written in one batch and one at a time end the same."""
        texts = [m["content"] for m in SAMPLE_MEMORIES] + list(SCREENED)
        batched, single = self.engine(), self.engine()
        try:
            batched.add_many(texts)
            for text in texts:
                single.add(text)
            assert ({m.content for m in batched.list_memories(limit=1000)}
                    == {m.content for m in single.list_memories(limit=1000)})
        finally:
            batched.close()
            single.close()


class ConsolidatorContract(ComponentContract):
    """A consolidator's plan (a dry run) changes nothing and is the same twice; the plan
    applied names only stored memories, keeps each cluster's head out of its members, moves
    members to the graveyard (restorable), and leaves a store that checks clean.

    :cvar repeats: notes written beside the samples so there is something to consolidate
        (near-duplicates of one another).
    """

    repeats: tuple[str, ...] = (
        "Orders API uses cursor pagination", "Orders API uses cursor pagination.",
        "orders api uses cursor pagination!")

    def profile_overrides(self) -> dict[str, Any]:
        return {"consolidate": {"use": self.component, **self.options}, "guard": []}

    @pytest.fixture
    def filled(self, contract_engine: Engine) -> Engine:
        """The contract engine with :attr:`repeats` written too."""
        for text in self.repeats:
            contract_engine.add(text)
        return contract_engine

    def test_a_dry_run_changes_nothing_and_repeats(self, filled: Engine) -> None:
        """Two dry runs plan the same and write nothing."""
        before = _state(filled)
        first = filled.dream(dry_run=True, force=True)
        second = filled.dream(dry_run=True, force=True)
        assert _state(filled) == before
        assert first.dry_run and first.consolidator == self.component
        assert (first.merges, first.archived) == (second.merges, second.archived)

    def test_the_plan_names_stored_memories(self, filled: Engine) -> None:
        """Every id a plan names is a stored memory; a cluster's head is not its member."""
        stored = {m.id for m in filled.list_memories(limit=1000)}
        plan = filled.dream(dry_run=True, force=True)
        for merge in plan.merges:
            assert merge["kept"] in stored, merge
            assert merge["merged"] and set(merge["merged"]) <= stored, merge
            assert merge["kept"] not in merge["merged"], merge
            assert math.isfinite(merge["similarity"]), merge
        for archived in plan.archived:
            assert archived["id"] in stored and archived["reason"], archived

    def test_applied_members_are_restorable_and_the_store_checks(self, filled: Engine) -> None:
        """Merged and archived memories leave the live set for the graveyard; the store
        checks clean; a member can be restored."""
        report = filled.dream(force=True)
        assert not report.dry_run
        gone = [m for merge in report.merges for m in merge["merged"]]
        gone += [a["id"] for a in report.archived]
        live = {m.id for m in filled.list_memories(limit=1000)}
        assert not set(gone) & live
        assert filled.check().ok
        if gone:
            filled.restore(gone[0])
            assert gone[0] in {m.id for m in filled.list_memories(limit=1000)}
            assert filled.check().ok


__all__ = ["ConsolidatorContract", "GuardContract"]
