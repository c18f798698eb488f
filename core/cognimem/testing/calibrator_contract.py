"""The contract of a calibrator (the ``[confidence]`` stage). Subclass it, set ``component``
(and ``options``)::

    from cognimem.testing import CalibratorContract

    class TestMyCalibrator(CalibratorContract):
        component = "my-calibrator"
"""

from __future__ import annotations

from typing import Any

from ..engine import Engine
from .contracts import QUERIES, ComponentContract
from .fixtures import SAMPLE_MEMORIES


class CalibratorContract(ComponentContract):
    """A calibrator gives each hit a confidence in [0, 1] (or None), never changes the
    hits' order, is deterministic, explains itself when asked, and a relevance floor holds
    back exactly the hits under it."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"confidence": {"use": self.component, **self.options}}

    def test_confidences_are_in_range(self, contract_engine: Engine) -> None:
        """Every confidence is None or within [0, 1]; some hit gets one."""
        given = []
        for text in QUERIES:
            for hit in contract_engine.search(text, k=10, record_access=False).hits:
                assert hit.confidence is None or 0.0 <= hit.confidence <= 1.0, hit.confidence
                given.append(hit.confidence)
        assert any(c is not None for c in given), "no hit was given a confidence"

    def test_the_order_is_the_pipelines(self, contract_engine: Engine) -> None:
        """The hits, in order, are those of the same pipeline without the stage."""
        plain = self.plain_engine()
        try:
            plain.add_many(list(SAMPLE_MEMORIES))
            for text in QUERIES:
                with_stage = contract_engine.search(text, k=10, record_access=False)
                without = plain.search(text, k=10, record_access=False)
                assert ([h.memory.content for h in with_stage.hits]
                        == [h.memory.content for h in without.hits]), text
        finally:
            plain.close()

    def test_deterministic(self, contract_engine: Engine) -> None:
        """The same search twice gives the same confidences."""
        for text in QUERIES:
            first = contract_engine.search(text, k=10, record_access=False)
            second = contract_engine.search(text, k=10, record_access=False)
            assert [h.confidence for h in first.hits] == [h.confidence for h in second.hits]

    def test_explained_hits_carry_the_calibration(self, contract_engine: Engine) -> None:
        """Explained, each hit with a confidence says how it came about."""
        hits = contract_engine.search(QUERIES[0], k=10, explain=True, record_access=False).hits
        for hit in hits:
            if hit.confidence is None:
                continue
            assert hit.calibration is not None, hit.memory.content
            assert hit.calibration.stage == "confidence"
            assert hit.calibration.name == self.component
            # the hit's confidence may be rounded for display; the evidence keeps the score
            assert abs(hit.calibration.score - hit.confidence) <= 1e-3

    def test_a_floor_holds_back_the_hits_under_it(self, contract_engine: Engine) -> None:
        """With ``min_confidence`` at one of the confidences, the hits under it are held back
        (counted in ``held_back``), the others kept in order."""
        hits = contract_engine.search(QUERIES[0], k=10, record_access=False).hits
        known = sorted({h.confidence for h in hits if h.confidence is not None})
        assert known, "no hit was given a confidence"
        floor = known[len(known) // 2]
        floored = contract_engine.search(QUERIES[0], k=10, record_access=False,
                                         min_confidence=floor)
        kept = [h.memory.content for h in hits
                if h.confidence is None or h.confidence >= floor]
        assert [h.memory.content for h in floored.hits] == kept
        assert floored.held_back == len(hits) - len(kept)


__all__ = ["CalibratorContract"]
