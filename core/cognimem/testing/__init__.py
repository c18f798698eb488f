"""A conformance kit for plugin authors: contract test classes to subclass, and fixtures.

Subclass a contract in your plugin's tests and name your component::

    from cognimem.testing import RankerContract

    class TestMyRanker(RankerContract):
        component = "my-ranker"

pytest collects the inherited tests and runs them against your component, through a real
engine built from a profile that selects it. There is a contract for every kind: record
stores, lexical and vector indexes (:mod:`.store_contract`, :mod:`.index_contracts`),
embedders, extractors, retrievers, fusers, rankers and decay policies (:mod:`.contracts`),
calibrators (:mod:`.calibrator_contract`), guards and consolidators (:mod:`.write_contracts`),
intake sources and evaluation datasets (:mod:`.input_contracts`),
a plugin's MCP tools (:mod:`.tool_contract`), and a stack surviving SIGKILL mid-write
(:mod:`.crash`); cognimem's own components run the same ones. The fixtures in
:mod:`cognimem.testing.pytest_plugin` are available in every pytest session once cognimem
is installed (``cognimem_engine``, ``manual_clock``, ``fake_ollama``: a local stand-in for
an Ollama server, :mod:`.ollama`).
"""

from __future__ import annotations

from .calibrator_contract import CalibratorContract
from .contracts import (
    ComponentContract,
    DecayPolicyContract,
    EmbedderContract,
    ExtractorContract,
    FuserContract,
    RankerContract,
    RetrieverContract,
)
from .crash import CrashContract
from .fixtures import SAMPLE_MEMORIES, T0, build_engine, index_context, memory, opened, unit_vectors
from .index_contracts import LexicalIndexContract, VectorIndexContract
from .input_contracts import DatasetContract, SourceContract
from .ollama import FakeOllama
from .store_contract import RecordStoreContract
from .tool_contract import ToolContract, ToolSetup
from .write_contracts import ConsolidatorContract, GuardContract

__all__ = [
    "SAMPLE_MEMORIES", "T0", "CalibratorContract", "ComponentContract", "ConsolidatorContract",
    "CrashContract", "DatasetContract", "DecayPolicyContract", "EmbedderContract",
    "ExtractorContract", "FakeOllama", "FuserContract", "GuardContract",
    "LexicalIndexContract", "RankerContract", "RecordStoreContract", "RetrieverContract",
    "SourceContract", "ToolContract", "ToolSetup", "VectorIndexContract", "build_engine",
    "index_context", "memory", "opened", "unit_vectors",
]
