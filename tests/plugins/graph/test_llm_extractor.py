"""The ``ollama`` extractor against a local HTTP server that speaks Ollama's API."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from cognimem.engine import Engine
from cognimem.testing import ExtractorContract, FakeOllama
from cognimem_plugins.graph.llm_extractor import OllamaUnavailable, parse_answer, relation_name

MakeEngine = Callable[..., Engine]

ANSWER = {
    "entities": [{"name": "The Caroline", "type": "person"}, {"name": "Pottery  Class",
                                                              "type": "event"}],
    "relations": [
        {"source": "Caroline", "relation": "Signed up for", "target": "pottery class",
         "confidence": 0.9},
        {"source": "Caroline", "relation": "is", "target": "caroline"},
        "not a relation",
    ],
}


@pytest.fixture
def ollama_url(fake_ollama: FakeOllama) -> str:
    """The fake server, answering every chat and generate request with ANSWER."""
    fake_ollama.answer = json.dumps(ANSWER)
    return fake_ollama.url


def test_parse_answer_and_relation_names() -> None:
    assert parse_answer('noise {"entities": []} trailing') == {"entities": []}
    assert parse_answer("no json here") == {}
    assert parse_answer("[1, 2]") == {}
    assert relation_name("Is Part Of") == "is_part_of"


@pytest.mark.parametrize("api", ["chat", "generate"])
def test_entities_and_relations_from_the_model(make_engine: MakeEngine, ollama_url: str,
                                               fake_ollama: FakeOllama, api: str) -> None:
    engine = make_engine(extract=[{"use": "ollama", "host": ollama_url, "api": api,
                                   "model": "tiny"}])
    first = engine.add("Caroline signed up for a pottery class.").id
    second = engine.add("Caroline went to her pottery class again.").id
    assert fake_ollama.seen[0]["path"] == f"/api/{api}"
    assert fake_ollama.seen[0]["model"] == "tiny" and fake_ollama.seen[0]["format"] == "json"
    mentions = {e.target for e in engine.store.edges_of(first, "out")}
    assert mentions == {"entity:caroline", "entity:pottery class"}
    relations = [e for e in engine.store.edges_of("entity:caroline", "out")
                 if e.type != "mentions"]
    assert len(relations) == 1  # the self-relation and the malformed item were dropped
    relation = relations[0]
    assert relation.key == ("entity:caroline", "entity:pottery class", "signed_up_for")
    assert relation.weight == 2.0 and relation.provenance == [first, second]
    assert relation.confidence == 0.9 and relation.valid_from is not None


def test_unreachable_ollama_names_the_host_and_the_fix(make_engine: MakeEngine) -> None:
    engine = make_engine(extract=[{"use": "ollama", "host": "http://127.0.0.1:9",
                                   "timeout": 2}])
    with pytest.raises(OllamaUnavailable, match=r"127\.0\.0\.1:9.*ollama serve"):
        engine.add("Caroline signed up for a pottery class.")
    assert engine.stats()["memories"] == 0  # the failed write left nothing behind


class TestOllamaExtractorContract(ExtractorContract):
    """The ``ollama`` extractor passes the extractor contract against the stand-in."""

    component = "ollama"

    @pytest.fixture(autouse=True)
    def _stand_in(self, ollama_url: str) -> None:
        self.options = {"host": ollama_url}

    def test_the_stand_in_answered(self, contract_engine: Engine,
                                   fake_ollama: FakeOllama) -> None:
        """The contract's memories were extracted by the stand-in, not skipped."""
        assert fake_ollama.seen
        assert any(e.type == "mentions" for e in contract_engine.store.iter_edges())
