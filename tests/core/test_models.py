"""The data model: validation names the field, hashing normalises, filters admit correctly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from cognimem.models import (
    UPDATABLE_FIELDS,
    Edge,
    Hit,
    Memory,
    MemoryDraft,
    Query,
    Scope,
    StageScore,
    content_hash,
)

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def make_memory(**fields: Any) -> Memory:
    """A stored memory with sensible defaults; ``fields`` override them."""
    data: dict[str, Any] = {
        "id": "m1", "content": "the build uses ruff", "created_at": T0, "updated_at": T0,
    }
    data.update(fields)
    return Memory(**data)


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        pytest.param({"content": ""}, "content", "content is empty", id="empty-content"),
        pytest.param({"content": " \n\t "}, "content", "content is empty", id="blank-content"),
        pytest.param({"layer": "dreams"}, "layer", "episodic", id="bad-layer"),
        pytest.param({"tier": "mid"}, "tier", "stm", id="bad-tier"),
        pytest.param({"importance": 1.5}, "importance", "less than or equal to 1",
                     id="importance-high"),
        pytest.param({"importance": -0.1}, "importance", "greater than or equal to 0",
                     id="importance-low"),
        pytest.param({"confidence": 2}, "confidence", "less than or equal to 1",
                     id="confidence-high"),
        pytest.param({"tags": ["ok", "  "]}, "tags", "empty tag", id="blank-tag"),
        pytest.param({"colour": "red"}, "colour", "Extra inputs", id="unknown-field"),
    ],
)
def test_draft_validation_names_the_field(fields: dict[str, Any], field: str, words: str) -> None:
    data = {"content": "something worth keeping", **fields}
    with pytest.raises(ValidationError) as info:
        MemoryDraft(**data)
    errors = info.value.errors()
    assert [e["loc"][0] for e in errors] == [field]
    assert words in str(info.value)


def test_validity_window_must_be_ordered() -> None:
    with pytest.raises(ValidationError) as info:
        MemoryDraft(content="x", valid_from=T0, valid_until=T0 - timedelta(days=1))
    assert "valid_until is before valid_from" in str(info.value)


def test_validity_window_may_be_a_single_instant() -> None:
    draft = MemoryDraft(content="x", valid_from=T0, valid_until=T0)
    assert draft.valid_from == draft.valid_until == T0


def test_assignment_is_validated() -> None:
    draft = MemoryDraft(content="x")
    with pytest.raises(ValidationError) as info:
        draft.importance = 3.0
    assert info.value.errors()[0]["loc"] == ("importance",)


def test_tags_are_lowercased_stripped_and_deduplicated() -> None:
    draft = MemoryDraft(content="x", tags=[" Python", "python", "CI ", "ci", "build"])
    assert draft.tags == ["python", "ci", "build"]


def test_naive_datetimes_are_taken_as_utc() -> None:
    draft = MemoryDraft(content="x", valid_from=datetime(2025, 3, 1))
    assert draft.valid_from == datetime(2025, 3, 1, tzinfo=UTC)
    query = Query(text="x", since=datetime(2025, 3, 1))
    assert query.since is not None and query.since.tzinfo is not None


def test_query_text_must_not_be_blank() -> None:
    with pytest.raises(ValidationError) as info:
        Query(text="   ")
    assert info.value.errors()[0]["loc"] == ("text",)
    assert "query text is empty" in str(info.value)


@pytest.mark.parametrize("k", [0, 1001], ids=["zero", "too-many"])
def test_query_k_is_bounded(k: int) -> None:
    with pytest.raises(ValidationError) as info:
        Query(text="x", k=k)
    assert info.value.errors()[0]["loc"] == ("k",)


def test_memory_requires_engine_fields() -> None:
    with pytest.raises(ValidationError) as info:
        Memory(content="x")  # type: ignore[call-arg]
    missing = {e["loc"][0] for e in info.value.errors()}
    assert missing == {"id", "created_at", "updated_at"}


def test_updatable_fields_exclude_engine_managed_ones() -> None:
    assert set(MemoryDraft.model_fields) >= UPDATABLE_FIELDS
    for managed in ("id", "version", "content_hash", "superseded_by", "archived", "embedding"):
        assert managed not in UPDATABLE_FIELDS


def test_memory_brief_is_one_line_and_bounded() -> None:
    memory = make_memory(content="line one\nline two " + "x" * 200)
    brief = memory.brief(40)
    assert "\n" not in brief
    assert len(brief) == 40 and brief.endswith("…")
    assert make_memory(content="short").brief(40) == "short"


def test_edge_key() -> None:
    edge = Edge(source="a", target="b", type="mentions")
    assert edge.key == ("a", "b", "mentions")


def test_hit_explain_lists_every_step() -> None:
    hit = Hit(memory=make_memory(), score=0.5, trail=[
        StageScore(stage="retrieve", name="bm25", score=3.25, rank=1),
        StageScore(stage="fuse", name="rrf", score=0.0164, rank=1),
        StageScore(stage="rank", name="boost", score=0.5),
        StageScore(stage="rank", name="halve", score=0.25,
                   detail={"factor": 0.5, "applied": True, "why": "test", "n": 3, "x": 1.0,
                           "y": 2.0}),
    ])
    assert hit.id == "m1"
    # a ranker's first three numbers follow its change (flags and text are left out)
    assert hit.explain() == ("retrieve:bm25 #1=3.25 → fuse:rrf #1=0.0164 → "
                             "rank:boost=0.5 (+0.484) → rank:halve=0.25 (-0.25; factor 0.5; "
                             "n 3; x 1)")


# --- content hash -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param("use ruff", "  use   ruff  ", id="spaces"),
        pytest.param("use ruff", "use\nruff", id="newline"),
        pytest.param("use ruff", "use\t\r\nruff\n", id="tabs-and-crlf"),
    ],
)
def test_content_hash_ignores_whitespace(a: str, b: str) -> None:
    assert content_hash(a) == content_hash(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param("use ruff", "Use ruff", id="case"),
        pytest.param("use ruff", "useruff", id="joined-words"),
        pytest.param("use ruff", "use ruff.", id="punctuation"),
    ],
)
def test_content_hash_keeps_meaningful_differences(a: str, b: str) -> None:
    assert content_hash(a) != content_hash(b)


def test_content_hash_is_sha256_hex() -> None:
    digest = content_hash("x")
    assert len(digest) == 64 and int(digest, 16) >= 0


# --- Scope.matches ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "memory", "expected"),
    [
        pytest.param(Scope(), Scope(project="p", agent="a"), True, id="empty-matches-all"),
        pytest.param(Scope(project="p"), Scope(project="p", agent="a"), True, id="subset"),
        pytest.param(Scope(project="p"), Scope(project="q"), False, id="other-project"),
        pytest.param(Scope(project="p"), Scope(), False, id="unscoped-memory"),
        pytest.param(Scope(project="p", user="u"), Scope(project="p", user="v"), False,
                     id="one-field-differs"),
        pytest.param(Scope(project="p", agent="a", user="u"),
                     Scope(project="p", agent="a", user="u"), True, id="all-equal"),
    ],
)
def test_scope_matches(query: Scope, memory: Scope, expected: bool) -> None:
    assert query.matches(memory) is expected


# --- Query.admits -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "memory", "expected"),
    [
        pytest.param({}, {}, True, id="no-filters"),
        pytest.param({}, {"archived": True}, False, id="archived-hidden"),
        pytest.param({"include_archived": True}, {"archived": True}, True, id="archived-shown"),
        pytest.param({}, {"superseded_by": "m2"}, True, id="superseded-shown-by-default"),
        pytest.param({"include_superseded": False}, {"superseded_by": "m2"}, False,
                     id="superseded-hidden"),
        pytest.param({"scope": {"project": "p"}}, {"scope": {"project": "p"}}, True,
                     id="scope-match"),
        pytest.param({"scope": {"project": "p"}}, {"scope": {"project": "q"}}, False,
                     id="scope-mismatch"),
        pytest.param({"layers": ["semantic"]}, {"layer": "semantic"}, True, id="layer-in"),
        pytest.param({"layers": ["semantic", "working"]}, {"layer": "episodic"}, False,
                     id="layer-out"),
        pytest.param({"tags": ["ci"]}, {"tags": ["ci", "build"]}, True, id="tag-any"),
        pytest.param({"tags": ["ci", "lint"]}, {"tags": ["build"]}, False, id="tag-none"),
        pytest.param({"tags": ["ci"]}, {"tags": []}, False, id="untagged"),
        pytest.param({"kinds": ["decision"]}, {"kind": "decision"}, True, id="kind-in"),
        pytest.param({"kinds": ["decision"]}, {"kind": "note"}, False, id="kind-out"),
        pytest.param({"since": T0}, {"created_at": T0}, True, id="since-inclusive"),
        pytest.param({"since": T0 + timedelta(seconds=1)}, {"created_at": T0}, False,
                     id="before-since"),
        pytest.param({"until": T0}, {"created_at": T0}, True, id="until-inclusive"),
        pytest.param({"until": T0 - timedelta(seconds=1)}, {"created_at": T0}, False,
                     id="after-until"),
        pytest.param({"since": datetime(2024, 12, 31)}, {"created_at": T0}, True,
                     id="naive-since"),
        pytest.param({"as_of": T0}, {}, True, id="as-of-unbounded-validity"),
        pytest.param({"as_of": T0}, {"valid_from": T0 + timedelta(days=1)}, False,
                     id="as-of-not-yet-valid"),
        pytest.param({"as_of": T0}, {"valid_until": T0 - timedelta(days=1)}, False,
                     id="as-of-expired"),
        pytest.param({"as_of": T0}, {"valid_from": T0 - timedelta(days=1),
                                     "valid_until": T0 + timedelta(days=1)}, True,
                     id="as-of-inside-window"),
    ],
)
def test_query_admits(query: dict[str, Any], memory: dict[str, Any], expected: bool) -> None:
    assert Query(text="anything", **query).admits(make_memory(**memory)) is expected


def test_scope_matching_follows_its_rule_for_every_combination() -> None:
    """Each field set on the query's scope must equal the memory's; with include_global, a
    memory of no project matches any project."""
    import itertools

    values = [None, "a", "b"]
    scopes = [Scope(project=p, agent=a, user=u)
              for p, a, u in itertools.product(values, repeat=3)]
    for mine, theirs, include_global in itertools.product(scopes, scopes, (False, True)):
        expected = all(
            m is None or m == t or (field == "project" and include_global and t is None)
            for field, m, t in (("project", mine.project, theirs.project),
                                ("agent", mine.agent, theirs.agent),
                                ("user", mine.user, theirs.user)))
        assert mine.matches(theirs, include_global=include_global) is expected


@pytest.mark.parametrize("fields", [
    {},
    {"title": "T", "tags": ["b", "a"], "provenance": ["m0"], "kind": "fact",
     "layer": "semantic", "tier": "ltm", "importance": 0.25, "confidence": 0.5,
     "protected": True, "supersedes": "m9", "scope": {"project": "p", "agent": "x"},
     "source": {"file": "a.md", "line": 3, "session": "s"},
     "meta": {"deep": {"list": [1, 2.5, None, "x"]}, "n": 1},
     "valid_from": "2025-01-01T00:00:00+02:00", "valid_until": "2025-02-01T00:00:00Z",
     "created_at": "2024-05-06T07:08:09.123456-05:00"},
    {"scope": {"user": "u"}, "created_at": datetime(2024, 1, 1)},  # naive: taken as UTC
])
@pytest.mark.parametrize("now", [T0, datetime(2026, 3, 4, 5, 6, 7)])
def test_a_memory_from_a_draft_is_the_validated_one(fields: dict[str, Any],
                                                    now: datetime) -> None:
    """(#39/#45 wave 13) ``Memory.from_draft`` skips the second validation of a write's
    draft: what it makes is what validating the draft's values made, to the JSON, the
    set fields (nested ones too) and the types, and it shares nothing mutable with it."""
    from cognimem.models import MemoryDraft

    draft = MemoryDraft(content="the build uses ruff", **fields)
    data = draft.model_dump()
    created = data.pop("created_at") or now
    validated = Memory(id="pending", created_at=created, updated_at=now, content_hash="h",
                       **data)
    made = Memory.from_draft(draft, id="pending", created_at=draft.created_at or now,
                             updated_at=now, content_hash="h")
    assert made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert list(made.__dict__) == list(validated.__dict__)
    assert made.model_fields_set == validated.model_fields_set
    for name in ("scope", "source"):
        mine, theirs = getattr(made, name), getattr(validated, name)
        assert mine.model_fields_set == theirs.model_fields_set
        assert mine is not getattr(draft, name)
    assert {k: type(v) for k, v in made.__dict__.items()} == \
        {k: type(v) for k, v in validated.__dict__.items()}
    made.tags.append("c")
    made.provenance.append("m1")
    made.meta.setdefault("deep", {"list": []})["list"].append("later")
    assert draft == MemoryDraft(content="the build uses ruff", **fields)


def _immutable(annotation: Any) -> bool:
    """Whether every value of ``annotation`` is immutable (text, numbers, flags, times,
    ``None``, a ``Literal``), through ``X | None``."""
    import types
    from typing import Literal, Union, get_args, get_origin

    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin in (Union, types.UnionType):
        return all(_immutable(arg) for arg in get_args(annotation))
    return annotation in (str, int, float, bool, datetime, type(None))


def test_a_private_copy_copies_every_mutable_field() -> None:
    """(#39/#45 wave 13: the in-memory store keeps and hands out private copies, not deep
    ones) every field of a memory ``private_copy`` shares is immutable, and so is every
    field of the models it copies shallowly: a field added later that holds a list, a dict
    or a model fails here until ``private_copy`` copies it."""
    from cognimem.models import EmbeddingSignature, Source

    copied = {"tags", "provenance", "scope", "source", "embedding", "meta"}
    shared = {name for name, field in Memory.model_fields.items()
              if not _immutable(field.annotation)}
    assert shared == copied
    for model in (Scope, Source, EmbeddingSignature):
        assert all(_immutable(f.annotation) for f in model.model_fields.values()), model


def test_a_private_copy_shares_nothing_mutable() -> None:
    from cognimem.models import EmbeddingSignature, Source

    original = make_memory(tags=["a"], provenance=["m0"], meta={"deep": {"list": [1]}},
                           scope=Scope(project="p"), source=Source(file="f.md"),
                           embedding=EmbeddingSignature(model="x", dim=3))
    mine = original.private_copy()
    assert mine == original and mine is not original
    mine.tags.append("b")
    mine.provenance.clear()
    mine.meta["deep"]["list"].append(2)
    mine.scope.project = "q"
    mine.source.file = "g.md"
    mine.embedding.dim = 4  # type: ignore[union-attr]
    mine.title = "changed"
    assert original == make_memory(tags=["a"], provenance=["m0"],
                                   meta={"deep": {"list": [1]}}, scope=Scope(project="p"),
                                   source=Source(file="f.md"),
                                   embedding=EmbeddingSignature(model="x", dim=3))
