"""Profiles: layering, merge rules, and errors that name the key, the value and the choices."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cognimem import hookimpl
from cognimem.components import Ranker
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.models import Hit, Query
from cognimem.plugins import PluginHost
from cognimem.profile import (
    ComponentSpec,
    Profile,
    builtin_profiles,
    load_profile,
    merge_tables,
    resolve_profile_file,
)
from cognimem.registry import Register

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "profiles").glob("*.toml"))


class Keep(Ranker):
    """A ranker that keeps every score (a registered choice for error messages)."""

    name = "keep_score"

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        return [self.contribute(h, h.score) for h in hits]


class KeepPlugin:
    """A plugin object registering :class:`Keep`."""

    __name__ = "keep-plugin"

    @hookimpl
    def cognimem_register_rankers(self, register: Register) -> None:
        register(Keep)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No COGNIMEM_* variable of the calling shell leaks into these tests."""
    import os

    for key in list(os.environ):
        if key.upper().startswith("COGNIMEM_"):
            monkeypatch.delenv(key)


@pytest.fixture(scope="module")
def host() -> PluginHost:
    """The installed plugins, to tell which profiles can be built here."""
    return PluginHost()


def write(tmp_path: Path, name: str, text: str) -> Path:
    """Write a profile file and return its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def buildable(profile: Profile, store: Path) -> Profile:
    """The profile with its store in ``store`` and the hash embedder in place of a real
    model (the embedders have their own tests; this keeps the suite fast)."""
    overrides: dict[str, Any] = {"path": str(store) if profile.store_path() else None}
    if profile.embedder is not None:
        overrides["embedder"] = {"use": "hash"}
    return Profile.model_validate(merge_tables(profile.model_dump(), overrides))


def unregistered(profile: Profile, host: PluginHost) -> list[str]:
    """The profile's component choices that no installed plugin registers."""
    slots: list[tuple[str, ComponentSpec | None]] = [
        ("records", profile.records), ("lexical", profile.lexical),
        ("vectors", profile.vectors), ("embedder", profile.embedder),
        ("fuser", profile.fuse),
    ]
    slots += [("extractor", s) for s in profile.extract]
    slots += [("retriever", s) for s in profile.retrieve]
    slots += [("ranker", s) for s in profile.rank]
    slots += [("decay", s) for s in profile.decay]
    return [f"{kind} {spec.use!r}" for kind, spec in slots
            if spec is not None and host.get(kind, spec.use) is None]


# --- layering -----------------------------------------------------------------------------------


def test_builtin_default_is_the_base() -> None:
    profile = load_profile()
    assert profile.name == "default"
    assert profile.records.use == "duckdb"
    assert [s.use for s in profile.retrieve] == ["bm25", "vector"]


def test_file_layers_on_default(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", 'name = "mine"\nseed = 3\n[search]\nk = 4\n')
    profile = load_profile(path)
    assert (profile.name, profile.seed, profile.search.k) == ("mine", 3, 4)
    assert profile.search.record_access is True  # the rest of [search] is kept
    assert profile.records.use == "duckdb"  # untouched tables come from the default


def test_later_file_wins(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'seed = 1\n[search]\nk = 4\nrecord_access = false\n')
    b = write(tmp_path, "b.toml", "seed = 2\n[search]\nk = 6\n")
    profile = load_profile(a, b)
    assert profile.seed == 2
    assert profile.search.k == 6
    assert profile.search.record_access is False


def test_lists_are_replaced_whole(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", '[[retrieve]]\nuse = "bm25"\nk = 7\n')
    profile = load_profile(path)
    assert [(s.use, s.options) for s in profile.retrieve] == [("bm25", {"k": 7})]


def test_same_component_merges_options(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", '[fuse]\nuse = "window_rrf"\nweights = { bm25 = 2.0 }\n')
    assert load_profile(path).fuse.options == {"k": 60, "window": 2, "weights": {"bm25": 2.0}}


def test_changed_use_replaces_the_table_in_a_file(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", '[embedder]\nuse = "minilm"\nbatch_size = 32\n')
    b = write(tmp_path, "b.toml", '[embedder]\nuse = "hash"\n')
    embedder = load_profile(a, b).embedder
    assert embedder is not None
    assert (embedder.use, embedder.options) == ("hash", {})


def test_environment_beats_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "p.toml", 'path = "/from/file"\n[search]\nk = 4\n')
    monkeypatch.setenv("COGNIMEM_PATH", str(tmp_path / "env-store"))
    monkeypatch.setenv("COGNIMEM_SEARCH__K", "9")
    profile = load_profile(path)
    assert profile.path == str(tmp_path / "env-store")
    assert profile.search.k == 9
    assert profile.store_path() == tmp_path / "env-store"


def test_nested_environment_variable_selects_a_component(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "p.toml", '[embedder]\nuse = "minilm"\nbatch_size = 32\n')
    monkeypatch.setenv("COGNIMEM_EMBEDDER__USE", "hash")
    embedder = load_profile(path).embedder
    assert embedder is not None
    assert embedder.use == "hash"
    assert embedder.options == {}, "the file's minilm options must not leak into hash"


def test_environment_sets_a_component_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_EMBEDDER__DIM", "32")
    with Engine.from_profile("test") as engine:
        assert engine.embedder is not None and engine.embedder.dimension == 32


def test_environment_replaces_a_list_with_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_RETRIEVE", '[{"use": "bm25", "k": 3}]')
    assert [(s.use, s.options) for s in load_profile("test").retrieve] == [("bm25", {"k": 3})]


def test_environment_can_be_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_SEED", "41")
    assert load_profile("test", environ=False).seed == 0
    assert load_profile("test").seed == 41
    import os

    assert os.environ["COGNIMEM_SEED"] == "41", "environ=False must restore the environment"


def test_overrides_beat_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_PATH", "/from/env")
    monkeypatch.setenv("COGNIMEM_SEARCH__K", "9")
    profile = load_profile("test", overrides={"path": str(tmp_path), "search": {"k": 2}})
    assert profile.path == str(tmp_path)
    assert profile.search.k == 2


def test_override_changing_use_drops_options(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", '[embedder]\nuse = "minilm"\nbatch_size = 32\n')
    embedder = load_profile(path, overrides={"embedder": {"use": "hash"}}).embedder
    assert embedder is not None
    assert (embedder.use, embedder.options) == ("hash", {})


def test_use_none_removes_an_optional_component(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", '[vectors]\nuse = "none"\n[embedder]\nuse = "none"\n')
    profile = load_profile(path)
    assert profile.vectors is None and profile.embedder is None


def test_overrides_on_a_profile_object_are_validated_and_layered() -> None:
    profile = load_profile("test")
    with Engine.from_profile(profile, overrides={"search": {"k": 3}}) as engine:
        assert engine.profile.search.k == 3
        assert engine.profile.search.record_access is True
    with pytest.raises(ProfileError, match=r"search\.k"):
        Engine.from_profile(profile, overrides={"search": {"k": 0}})


@pytest.mark.parametrize(
    ("base", "layer", "expected"),
    [
        pytest.param({"a": 1}, {"b": 2}, {"a": 1, "b": 2}, id="new-key"),
        pytest.param({"t": {"x": 1, "y": 2}}, {"t": {"y": 3}}, {"t": {"x": 1, "y": 3}},
                     id="tables-merge"),
        pytest.param({"l": [1, 2]}, {"l": [3]}, {"l": [3]}, id="lists-replace"),
        pytest.param({"c": {"use": "a", "o": 1}}, {"c": {"use": "a", "p": 2}},
                     {"c": {"use": "a", "o": 1, "p": 2}}, id="same-use-merges"),
        pytest.param({"c": {"use": "a", "o": 1}}, {"c": {"use": "b"}}, {"c": {"use": "b"}},
                     id="changed-use-replaces"),
    ],
)
def test_merge_tables(base: dict[str, Any], layer: dict[str, Any],
                      expected: dict[str, Any]) -> None:
    assert merge_tables(base, layer) == expected
    assert base == merge_tables({}, base), "merge_tables must not mutate its input"


# --- errors -------------------------------------------------------------------------------------


def test_malformed_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", "[records\nuse = 'memory'\n")
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert str(path) in str(info.value)
    assert "not valid TOML" in str(info.value)


def test_unknown_top_level_key_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "p.toml", 'colour = "red"\n')
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert "`colour`" in str(info.value)
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        pytest.param('seed = "many"\n', "seed", "'many'", id="bad-type"),
        pytest.param("[search]\nk = 0\n", "search.k", "0", id="out-of-range"),
        pytest.param('[write]\ndedup = "fuzzy"\n', "write.dedup", "'fuzzy'", id="bad-choice"),
        pytest.param("[search]\nspeed = 1\n", "search.speed", "1", id="unknown-section-key"),
        pytest.param("[[retrieve]]\nk = 5\n", "retrieve[0].use", "Field required",
                     id="missing-use"),
    ],
)
def test_bad_values_name_key_and_value(tmp_path: Path, text: str, key: str, value: str) -> None:
    path = write(tmp_path, "p.toml", text)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    message = str(info.value)
    assert f"`{key}`" in message
    assert value in message


def test_unknown_component_names_key_value_and_choices() -> None:
    with pytest.raises(ProfileError) as info:
        Engine.from_profile("test", overrides={"rank": [{"use": "keep_scroe"}]},
                            plugins=[KeepPlugin()])
    message = str(info.value)
    assert "`rank[0].use`" in message
    assert "'keep_scroe'" in message
    assert "keep_score" in message.split("choose one of:")[1]


@pytest.mark.parametrize(
    ("overrides", "key", "words"),
    [
        pytest.param({"retrieve": [{"use": "bm25", "k": 0}]}, "retrieve[0].k",
                     ["(got 0)", "Valid options: k"], id="retriever-k"),
        pytest.param({"fuse": {"use": "rrf", "kk": 5}}, "fuse.kk",
                     ["(got 5)", "Valid options: k, weights"], id="unknown-option"),
        pytest.param({"embedder": {"use": "hash", "dim": "wide"}}, "embedder.dim",
                     ["'wide'", "Valid options: dim"], id="bad-type"),
        pytest.param({"lexical": {"use": "bm25", "b": 2}}, "lexical.b",
                     ["(got 2)", "Valid options: k1, b"], id="lexical-range"),
    ],
)
def test_bad_option_names_key_value_and_valid_options(
    overrides: dict[str, Any], key: str, words: list[str]
) -> None:
    with pytest.raises(ProfileError) as info:
        Engine.from_profile("test", overrides=overrides)
    message = str(info.value)
    assert f"`{key}`" in message
    for word in words:
        assert word in message


def test_vector_index_without_embedder_is_refused() -> None:
    with pytest.raises(ProfileError, match=r"`vectors`.*embedder"):
        Engine.from_profile("test", overrides={"embedder": {"use": "none"}})


def test_profile_without_retrievers_is_refused() -> None:
    with pytest.raises(ProfileError, match="`retrieve`"):
        Engine.from_profile("test", overrides={"retrieve": []})


def test_retriever_without_its_index_is_refused() -> None:
    with pytest.raises(ProfileError, match="retriever 'bm25' needs a \\[lexical\\]"):
        Engine.from_profile("test", overrides={"lexical": {"use": "none"}})


@pytest.mark.parametrize(
    ("ref", "words"),
    [
        pytest.param("nonexistent-profile", "built-in profiles: ", id="unknown-name"),
        pytest.param("missing/profile.toml", "does not exist", id="missing-file"),
    ],
)
def test_unresolvable_profile_reference(ref: str, words: str) -> None:
    with pytest.raises(ProfileError) as info:
        resolve_profile_file(ref)
    assert ref in str(info.value)
    assert words in str(info.value)


def test_plugin_files_are_relative_to_the_profile(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    path = write(tmp_path / "sub", "p.toml", '[plugins]\nfiles = ["rankers/r.py"]\n')
    assert load_profile(path).plugins.files == [str(tmp_path / "sub" / "rankers" / "r.py")]


# --- shipped and example profiles ---------------------------------------------------------------


def test_builtin_profiles_are_found() -> None:
    assert {"default", "memory", "test"} <= set(builtin_profiles())


@pytest.mark.parametrize("name", sorted(builtin_profiles()))
def test_builtin_profile_loads(name: str, host: PluginHost, tmp_path: Path) -> None:
    profile = load_profile(name)
    assert profile.description, f"built-in profile {name!r} needs a description"
    missing = unregistered(profile, host)
    assert not missing, f"built-in profile {name!r} selects components no plugin has: {missing}"
    with Engine.from_profile(buildable(profile, tmp_path)) as engine:
        assert engine.add("the build uses ruff and mypy").created
        assert engine.search("ruff").hits
        assert engine.check().ok, "indexes and the event chain agree with the records"


def test_examples_exist() -> None:
    assert len(EXAMPLES) >= 3, "examples/profiles/ should hold example profiles"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_profile_loads(path: Path, host: PluginHost, tmp_path: Path,
                               request: pytest.FixtureRequest) -> None:
    profile = load_profile(path)
    if profile.records.use == "postgres" and not profile.records.options.get("dsn"):
        # the shared-database example reads the server from the environment
        dsn = request.getfixturevalue("postgres_dsn")
        request.getfixturevalue("monkeypatch").setenv("COGNIMEM_POSTGRES_DSN", dsn)
    assert profile.name == path.stem
    assert path.read_text(encoding="utf-8").startswith("#"), "examples open with a comment"
    assert profile.store_path() is None or not str(profile.store_path()).startswith("~")
    missing = unregistered(profile, host) if not profile.plugins.files else []
    assert not missing, f"example {path.name} selects components no plugin registers: {missing}"
    try:
        engine = Engine.from_profile(buildable(profile, tmp_path))
    except ProfileError as exc:  # a file plugin's component is only known once it loads
        pytest.fail(f"{path.name}: {exc}")
    with engine:
        engine.add("the nightly database backup runs at 02:00", tags=["ops"])
        hits = engine.search("database backup", explain=True).hits
        assert hits
        ranked = {s.name for s in hits[0].trail if s.stage == "rank"}
        # a ranker leaves a step where it changed the score (supersession and validity
        # change nothing for a current, always-valid memory)
        assert ranked <= {s.use for s in profile.rank}
        assert bool(ranked) == any(s.use not in ("supersession", "validity")
                                   for s in profile.rank)


@pytest.fixture
def engine_with_keep() -> Iterator[Engine]:
    """The test profile with the module's test ranker selected."""
    engine = Engine.from_profile("test", overrides={"rank": [{"use": "keep_score"}]},
                                 plugins=[KeepPlugin()])
    yield engine
    engine.close()


def test_selected_test_ranker_runs(engine_with_keep: Engine) -> None:
    engine_with_keep.add("ruff lints the code")
    hit = engine_with_keep.search("ruff", explain=True).hits[0]
    assert [s.name for s in hit.trail if s.stage == "rank"] == ["keep_score"]


def test_describe_is_plain_data() -> None:
    data = load_profile("test").describe()
    assert data["records"] == {"use": "memory"}
    assert data["retrieve"][0] == {"use": "bm25", "k": 100}
    assert "lexical" in data


def test_the_persistent_example_spells_out_the_default() -> None:
    """examples/profiles/persistent.toml says it is the default with every setting shown."""
    example = load_profile(ROOT / "examples" / "profiles" / "persistent.toml",
                           environ=False).model_dump()
    default = load_profile(environ=False).model_dump()
    for data in (example, default):
        data.pop("name"), data.pop("description")
        data["fuse"] = {k: v for k, v in data["fuse"].items() if v != {}}  # weights = {}
    assert example == default
