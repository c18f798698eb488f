"""PluginHost: entry points, modules and files load; misspellings, failures, duplicates and
non-components are errors that name what to fix; allow/deny; no state shared between hosts."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cognimem
from cognimem import hookimpl
from cognimem.components import Ranker, ToolSpec
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.errors import PluginError
from cognimem.hookspecs import HOOK_NAMES
from cognimem.models import Hit, Query
from cognimem.plugins import PluginHost
from cognimem.registry import Register

#: First-party components and the entry point (plugin name) that registers each.
FIRST_PARTY = [
    ("records", "memory", "memory"),
    ("lexical", "bm25", "bm25"),
    ("vectors", "exact", "exact"),
    ("embedder", "hash", "hash"),
    ("retriever", "bm25", "retrievers"),
    ("retriever", "vector", "retrievers"),
    ("fuser", "rrf", "fusion"),
]

RANKER_PLUGIN = '''
from cognimem import hookimpl
from cognimem.components import Ranker


class {cls}(Ranker):
    """A ranker that keeps scores."""

    name = "{name}"

    def rank(self, query, hits, ctx):
        return [self.contribute(h, h.score) for h in hits]


@hookimpl
def cognimem_register_rankers(register):
    register({cls})
'''


class Same(Ranker):
    """Keeps scores."""

    name = "same"

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        return [self.contribute(h, h.score) for h in hits]


def plugin_module(plugin_name: str, *hooks: Callable[..., None]) -> ModuleType:
    """A module-like plugin object named ``plugin_name`` holding ``hooks`` (by their names)."""
    module = ModuleType(plugin_name)
    for hook in hooks:
        setattr(module, hook.__name__, hook)
    return module


def ranker_plugin(plugin_name: str, *classes: type[Ranker]) -> ModuleType:
    """A plugin named ``plugin_name`` whose ``cognimem_register_rankers`` registers ``classes``."""

    @hookimpl
    def cognimem_register_rankers(register: Register) -> None:
        for cls in classes:
            register(cls)

    return plugin_module(plugin_name, cognimem_register_rankers)


@pytest.fixture(scope="module")
def installed() -> PluginHost:
    """A host with every installed entry-point plugin."""
    return PluginHost()


@pytest.fixture
def fresh_modules() -> Iterator[None]:
    """Forget modules imported by a test (plugin modules written to tmp_path)."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("cogtest_", "cognimem_file_plugin_")):
            del sys.modules[name]


DistFactory = Callable[..., Path]


@pytest.fixture
def make_dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              fresh_modules: None) -> DistFactory:
    """Install a fake distribution with a ``cognimem`` entry point on sys.path.

    ``make_dist(dist, module, source, entry=None, version="1.0")`` writes ``module.py`` and a
    ``dist-info`` whose entry point ``entry`` (default: ``dist``) points at it.
    """
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))

    def make(dist: str, module: str, source: str, entry: str | None = None,
             version: str = "1.0") -> Path:
        (site / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        info = site / f"{dist}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(
            f"[cognimem]\n{entry or dist} = {module}\n", encoding="utf-8")
        return site

    return make


# --- entry points -------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "name", "plugin"), FIRST_PARTY,
                         ids=[f"{k}-{n}" for k, n, _ in FIRST_PARTY])
def test_first_party_components_come_from_entry_points(
    installed: PluginHost, kind: str, name: str, plugin: str
) -> None:
    registration = installed.get(kind, name)
    assert registration is not None
    assert registration.plugin == plugin
    assert registration.version == cognimem.__version__
    rows = [r for r in installed.describe() if (r["kind"], r["name"]) == (kind, name)]
    assert len(rows) == 1
    assert rows[0]["plugin"] == plugin
    assert rows[0]["version"] == cognimem.__version__
    assert isinstance(rows[0]["options"], dict)
    assert rows[0]["doc"], "a component's docstring is its description"


def test_describe_lists_options_with_defaults(installed: PluginHost) -> None:
    row = next(r for r in installed.describe() if (r["kind"], r["name"]) == ("fuser", "rrf"))
    assert row["options"]["k"]["default"] == 60.0
    assert row["options"]["weights"]["default"] == {}
    assert "help" in row["options"]["k"]


def test_third_party_entry_point_loads_with_its_version(make_dist: DistFactory) -> None:
    make_dist("cogtest-third", "cogtest_third", RANKER_PLUGIN.format(cls="Third", name="third"),
              entry="third", version="2.5.1")
    host = PluginHost()
    registration = host.get("ranker", "third")
    assert registration is not None
    assert (registration.plugin, registration.version) == ("third", "2.5.1")
    assert "third" in host.plugin_names()


def test_entry_point_that_fails_to_import_names_it_and_the_fix(make_dist: DistFactory) -> None:
    make_dist("cogtest-broken", "cogtest_broken", "import not_a_real_module_xyz\n",
              entry="broken")
    with pytest.raises(PluginError) as info:
        PluginHost()
    message = str(info.value)
    assert "'broken'" in message and "cogtest_broken" in message
    assert "ModuleNotFoundError" in message
    assert "deny" in message and "Fix or uninstall it" in message


def test_deny_blocks_a_broken_entry_point(make_dist: DistFactory) -> None:
    make_dist("cogtest-broken", "cogtest_broken", "raise RuntimeError('boom')\n", entry="broken")
    host = PluginHost(deny=["broken"])
    assert "broken" not in host.plugin_names()
    assert "cogtest_broken" not in sys.modules


def test_deny_blocks_an_entry_point(installed: PluginHost) -> None:
    assert installed.get("fuser", "rrf") is not None
    host = PluginHost(deny=["fusion"])
    assert host.get("fuser", "rrf") is None
    assert "fusion" not in host.plugin_names()
    assert host.get("records", "memory") is not None


def test_allow_loads_only_the_named(installed: PluginHost) -> None:
    host = PluginHost(allow=["memory", "bm25"])
    assert host.plugin_names() == ["bm25", "memory"]
    assert set(host.registry) == {"records", "lexical"}


def test_allow_and_deny_together() -> None:
    host = PluginHost(allow=["memory", "bm25"], deny=["bm25"])
    assert host.plugin_names() == ["memory"]


def test_unknown_name_in_allow_lists_installed(installed: PluginHost) -> None:
    with pytest.raises(PluginError) as info:
        PluginHost(allow=["memory", "bm52"])
    message = str(info.value)
    assert "'bm52'" in message
    installed_part = message.split("installed:")[1]
    for name in ("memory", "bm25", "retrievers", "fusion"):
        assert name in installed_part


def test_entrypoints_can_be_switched_off() -> None:
    host = PluginHost(entrypoints=False, plugins=[ranker_plugin("only", Same)])
    assert host.plugin_names() == ["only"]
    assert set(host.registry) == {"ranker"}


# --- modules, files and objects -----------------------------------------------------------------


def test_module_plugin_registers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 fresh_modules: None) -> None:
    (tmp_path / "cogtest_mod_ranker.py").write_text(
        RANKER_PLUGIN.format(cls="FromModule", name="from_module"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    host = PluginHost(entrypoints=False, modules=["cogtest_mod_ranker"])
    registration = host.get("ranker", "from_module")
    assert registration is not None
    assert registration.plugin == "cogtest_mod_ranker"
    assert registration.version is None


def test_file_plugin_registers(tmp_path: Path, fresh_modules: None) -> None:
    path = tmp_path / "my_ranker.py"
    path.write_text(RANKER_PLUGIN.format(cls="FromFile", name="from_file"), encoding="utf-8")
    host = PluginHost(entrypoints=False, files=[path])
    registration = host.get("ranker", "from_file")
    assert registration is not None
    assert registration.plugin == "file:my_ranker.py"


def test_profile_named_file_plugin_is_selectable(tmp_path: Path, fresh_modules: None) -> None:
    (tmp_path / "r.py").write_text(RANKER_PLUGIN.format(cls="R", name="from_profile_file"),
                                   encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('[plugins]\nfiles = ["r.py"]\n[[rank]]\nuse = "from_profile_file"\n',
                       encoding="utf-8")
    with Engine.from_profile("test", overrides=None) as plain:
        assert plain.host.get("ranker", "from_profile_file") is None
    from cognimem.profile import load_profile

    with Engine.from_profile(load_profile("test", profile)) as engine:
        assert [r.name for r in engine.rankers] == ["from_profile_file"]


def test_module_that_fails_to_import_names_it_and_the_fix() -> None:
    with pytest.raises(PluginError) as info:
        PluginHost(entrypoints=False, modules=["cogtest_no_such_module"])
    message = str(info.value)
    assert "'cogtest_no_such_module'" in message
    assert "remove it from the profile's [plugins] modules" in message


def test_file_that_fails_to_import_names_it_and_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text("1 / 0\n", encoding="utf-8")
    with pytest.raises(PluginError) as info:
        PluginHost(entrypoints=False, files=[path])
    message = str(info.value)
    assert str(path) in message and "ZeroDivisionError" in message
    assert "remove it from the profile's [plugins] files" in message


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match="which is not a file"):
        PluginHost(entrypoints=False, files=[tmp_path / "nope.py"])


# --- misspelt hooks, duplicates, non-components -------------------------------------------------


def test_misspelt_hook_fails_at_start(tmp_path: Path, fresh_modules: None) -> None:
    path = tmp_path / "typo.py"
    path.write_text(textwrap.dedent('''
        from cognimem import hookimpl

        @hookimpl
        def cognimem_register_rankerz(register):
            pass
    '''), encoding="utf-8")
    with pytest.raises(PluginError) as info:
        PluginHost(entrypoints=False, files=[path])
    message = str(info.value)
    assert "cognimem_register_rankerz" in message
    assert "cognimem_register_rankers" in message.split("valid names:")[1]


def test_misspelt_hook_on_an_object_fails_at_start() -> None:
    @hookimpl
    def cognimem_memory_add(memory: object, engine: object) -> None:
        """Misspelt: the hook is cognimem_memory_added."""

    plugin = plugin_module("typo", cognimem_memory_add)
    with pytest.raises(PluginError, match="cognimem_memory_add"):
        PluginHost(entrypoints=False, plugins=[plugin])


def test_wrong_hook_argument_is_an_error() -> None:
    @hookimpl
    def cognimem_register_rankers(registry: object) -> None:
        """The parameter must be called `register`."""

    plugin = plugin_module("badarg", cognimem_register_rankers)
    with pytest.raises(PluginError, match="registry"):
        PluginHost(entrypoints=False, plugins=[plugin])


def test_duplicate_component_names_both_plugins() -> None:
    class Other(Same):
        """Another ranker called `same`."""

    with pytest.raises(PluginError) as info:
        PluginHost(entrypoints=False,
                   plugins=[ranker_plugin("alpha", Same), ranker_plugin("beta", Other)])
    message = str(info.value)
    assert "'same'" in message
    assert "'alpha'" in message and "'beta'" in message


def test_duplicate_of_a_first_party_name_names_both(make_dist: DistFactory) -> None:
    make_dist("cogtest-clash", "cogtest_clash", '''
        from cognimem import hookimpl
        from cognimem_plugins.fusion import RRF

        class MyRRF(RRF):
            """A clashing fuser."""

        @hookimpl
        def cognimem_register_fusers(register):
            register(MyRRF)
    ''', entry="clash")
    with pytest.raises(PluginError) as info:
        PluginHost()
    message = str(info.value)
    assert "'rrf'" in message and "'fusion'" in message and "'clash'" in message
    assert PluginHost(deny=["clash"]).get("fuser", "rrf") is not None


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        pytest.param(42, "not a subclass of Ranker", id="int"),
        pytest.param(str, "not a subclass of Ranker", id="other-class"),
        pytest.param(Same(), "not a subclass of Ranker", id="instance"),
        pytest.param(ToolSpec(name="t", func=print), "cannot register tools", id="tool"),
    ],
)
def test_registering_a_non_component_fails(obj: Any, words: str) -> None:
    @hookimpl
    def cognimem_register_rankers(register: Register) -> None:
        register(obj)

    plugin = plugin_module("wrong", cognimem_register_rankers)
    with pytest.raises(PluginError) as info:
        PluginHost(entrypoints=False, plugins=[plugin])
    assert words in str(info.value)
    assert "'wrong'" in str(info.value)


def test_component_of_another_kind_is_refused() -> None:
    from cognimem_plugins.fusion import RRF

    with pytest.raises(PluginError, match="not a subclass of Ranker"):
        PluginHost(entrypoints=False, plugins=[ranker_plugin("kinds", RRF)])  # type: ignore[arg-type]


def test_nameless_component_is_refused() -> None:
    class Nameless(Same):
        """No name."""

        name = ""

    with pytest.raises(PluginError, match="without a name"):
        PluginHost(entrypoints=False, plugins=[ranker_plugin("anon", Nameless)])


def test_register_under_another_name() -> None:
    @hookimpl
    def cognimem_register_rankers(register: Register) -> None:
        register(Same, name="alias")

    plugin = plugin_module("aliaser", cognimem_register_rankers)
    host = PluginHost(entrypoints=False, plugins=[plugin])
    registration = host.get("ranker", "alias")
    assert registration is not None
    assert registration.obj.name == "alias"
    assert issubclass(registration.obj, Same)
    assert Same.name == "same", "the original class keeps its name"


def test_tools_register_through_their_hook() -> None:
    tool = ToolSpec(name="echo_text", func=lambda engine, text: text, read_only=True)

    @hookimpl
    def cognimem_register_tools(register: Register) -> None:
        register(tool)

    plugin = plugin_module("tooler", cognimem_register_tools)
    host = PluginHost(entrypoints=False, plugins=[plugin])
    registration = host.get("tool", "echo_text")
    assert registration is not None and registration.obj is tool
    row = next(r for r in host.describe() if r["kind"] == "tool")
    assert row == {"kind": "tool", "name": "echo_text", "plugin": "tooler", "version": None,
                   "options": {}, "sets": ["full"]}


# --- no global state ----------------------------------------------------------------------------


def test_two_hosts_do_not_share_registrations() -> None:
    first = PluginHost(entrypoints=False, plugins=[ranker_plugin("one", Same)])
    second = PluginHost(entrypoints=False)
    assert first.get("ranker", "same") is not None
    assert second.get("ranker", "same") is None
    assert first.pm is not second.pm
    third = PluginHost(entrypoints=False, plugins=[ranker_plugin("three", Same)])
    assert third.get("ranker", "same") is not None
    assert first.get("ranker", "same").plugin == "one"  # type: ignore[union-attr]


def test_two_engines_do_not_share_plugins() -> None:
    with Engine.from_profile("test", plugins=[ranker_plugin("mine", Same)]) as a, \
            Engine.from_profile("test") as b:
        assert a.host.get("ranker", "same") is not None
        assert b.host.get("ranker", "same") is None
        assert a.host is not b.host


def test_components_returns_a_copy(installed: PluginHost) -> None:
    table = installed.components("retriever")
    table.clear()
    assert installed.components("retriever")


def test_every_spec_is_known_to_the_host(installed: PluginHost) -> None:
    for name in HOOK_NAMES:
        assert hasattr(installed.pm.hook, name)
