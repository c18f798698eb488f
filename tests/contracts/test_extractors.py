"""Every first-party extractor of the graph plugin passes the extractor contract (the
``ollama`` one runs in tests/plugins/graph/test_llm_extractor.py, against a local stand-in)."""

from __future__ import annotations

from cognimem.testing import ExtractorContract


class TestWikilinks(ExtractorContract):
    component = "wikilinks"


class TestAutolink(ExtractorContract):
    component = "autolink"


class TestEntities(ExtractorContract):
    component = "entities"


class TestEntitiesWithRelations(ExtractorContract):
    component = "entities"
    options = {"cooccurrence": True}
