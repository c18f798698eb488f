"""The MCP tool contract: every tool a plugin registers can be exposed with a strict schema,
answers an example call over a real MCP session, keeps its annotations' promises
(read-only tools write nothing, idempotent ones change nothing the second time) and refuses
an unknown argument with an error the model can act on.

Set ``plugin`` to the plugin's name and give ``calls``: an example call for each of its
tools, as arguments or as a function of a :class:`ToolSetup` (the engine, the ids of the
sample memories and a scratch folder) for calls that need ids or files. The calls run in
the order given, on one engine per tool set (one MCP session each).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ..components import ToolSpec
from ..engine import Engine
from ..plugins import PluginHost
from .fixtures import SAMPLE_MEMORIES, build_engine

Arguments = dict[str, Any]


@dataclass
class ToolSetup:
    """What an example call may use: the engine the tool runs against (write to it to
    prepare the call), the ids of :data:`SAMPLE_MEMORIES` in order, and an empty folder
    that is also the tools' files folder (profile key ``mcp.exports``)."""

    engine: Engine
    ids: list[str]
    folder: Path


ToolCall = Arguments | Callable[[ToolSetup], Arguments]
#: Calls one tool over the session: ``await call(name, arguments)`` gives the MCP result.
Caller = Callable[[str, Arguments], Awaitable[Any]]
Body = Callable[[ToolSetup, str, ToolSpec, Caller], Awaitable[None]]


def _state(engine: Engine) -> tuple[int, Any]:
    """The event count and the data (see :func:`_data`)."""
    return len(engine.events()), _data(engine)


def _data(engine: Engine) -> tuple[Any, ...]:
    """What a tool may change, without the audit log: each memory's version and archived
    flag, each edge's weight, the graveyard."""
    records = engine.store
    return (sorted((m.id, m.version, m.archived) for m in records.iter_memories()),
            sorted((e.key, e.weight) for e in records.iter_edges()),
            sorted(g.memory.id for g in engine.graveyard()))


def _first_error(error: BaseException) -> BaseException:
    """The first exception inside (nested) exception groups, so a failed assertion in a
    session reads as itself."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


class ToolContract:
    """What every MCP tool of a plugin must do.

    :cvar plugin: the name the plugin is registered under (its entry-point name).
    :cvar calls: one example call per tool of the plugin, by tool name, in the order to run.
    :cvar plugins: plugin objects to register in addition to installed entry points.
    :cvar profile: profile values the tools need, merged over the ``test`` profile.
    """

    plugin: ClassVar[str] = ""
    calls: ClassVar[dict[str, ToolCall]] = {}
    plugins: ClassVar[tuple[object, ...]] = ()
    profile: ClassVar[dict[str, Any]] = {}

    def specs(self) -> dict[str, ToolSpec]:
        """The plugin's tools, by name, in the order of :attr:`calls` (others last)."""
        if not self.plugin:
            pytest.fail(f"{type(self).__name__} must set `plugin` to the plugin's name")
        host = PluginHost(plugins=self.plugins)
        found = {name: reg.obj for name, reg in host.components("tool").items()
                 if reg.plugin == self.plugin}
        if not found:
            pytest.fail(f"plugin {self.plugin!r} registers no tool")
        order = [n for n in self.calls if n in found] + [n for n in found if n not in self.calls]
        return {name: found[name] for name in order}

    def run(self, folder: Path, body: Body) -> None:
        """For each tool set the plugin's tools are in (``full`` when they are): a fresh engine
        with :data:`SAMPLE_MEMORIES` and one MCP session; ``body`` runs once per tool."""
        import anyio
        from mcp import Client

        from ..mcp.server import build_server

        groups: dict[str, list[tuple[str, ToolSpec]]] = {}
        for name, spec in self.specs().items():
            tool_set = "full" if "full" in spec.sets else sorted(spec.sets)[0]
            groups.setdefault(tool_set, []).append((name, spec))
        for index, (tool_set, tools) in enumerate(groups.items()):
            scratch = folder / f"scratch-{index}"
            scratch.mkdir(parents=True)
            mcp = {"exports": str(scratch), **self.profile.get("mcp", {}), "tools": tool_set}
            engine = build_engine(overrides={**self.profile, "mcp": mcp}, plugins=self.plugins)
            written = engine.add_many(list(SAMPLE_MEMORIES))
            setup = ToolSetup(engine, [w.id for w in written], scratch)
            server = build_server(engine.profile, plugins=self.plugins, engine=engine)

            async def session(setup: ToolSetup = setup, tools: list[tuple[str, ToolSpec]] = tools,
                              server: Any = server) -> None:
                async with Client(server) as client:
                    async def call(name: str, arguments: Arguments) -> Any:
                        return await client.call_tool(name, arguments)

                    for name, spec in tools:
                        await body(setup, name, spec, call)

            try:
                anyio.run(session)
            except BaseExceptionGroup as group:
                raise _first_error(group) from None
            finally:
                engine.close()

    def example(self, setup: ToolSetup, name: str) -> Arguments:
        """The example call's arguments for ``name``."""
        call = self.calls[name]
        return call(setup) if callable(call) else dict(call)

    def test_every_tool_has_an_example_call(self) -> None:
        """``calls`` names every tool of the plugin, and nothing else."""
        assert set(self.calls) == set(self.specs())

    def test_tools_are_exposed_strictly(self) -> None:
        """Each tool becomes an MCP tool with a description and a schema that refuses
        unknown arguments; a read-only tool is not marked destructive."""
        from ..mcp.tools import to_mcp_tool

        for name, spec in self.specs().items():
            tool = to_mcp_tool(name, spec, plugin=self.plugin)
            assert tool.description and tool.description.strip(), f"{name}: no description"
            assert tool.parameters.get("additionalProperties") is False, name
            assert not (spec.read_only and spec.destructive), f"{name}: read-only, destructive"

    def test_example_calls_succeed(self, tmp_path: Path) -> None:
        """Each example call returns a result, not a tool error; when structured, its text
        is the same JSON."""
        async def body(setup: ToolSetup, name: str, spec: ToolSpec, call: Caller) -> None:
            result = await call(name, self.example(setup, name))
            text = result.content[0].text if result.content else ""
            assert not result.is_error, f"{name}: {text}"
            if result.structured_content is not None:
                assert json.loads(text) == result.structured_content, name

        self.run(tmp_path, body)

    def test_read_only_tools_write_nothing(self, tmp_path: Path) -> None:
        """A tool marked read-only leaves events, memories, edges and graveyard as they were."""
        async def body(setup: ToolSetup, name: str, spec: ToolSpec, call: Caller) -> None:
            arguments = self.example(setup, name)
            before = _state(setup.engine)
            await call(name, arguments)
            if spec.read_only:
                assert _state(setup.engine) == before, f"{name} is read-only but wrote"

        self.run(tmp_path, body)

    def test_idempotent_tools_change_nothing_twice(self, tmp_path: Path) -> None:
        """Calling a tool marked idempotent a second time changes no memory, edge or grave
        (it may log the call again, or answer with an error as a second delete does)."""
        async def body(setup: ToolSetup, name: str, spec: ToolSpec, call: Caller) -> None:
            arguments = self.example(setup, name)
            await call(name, arguments)
            if not spec.idempotent:
                return
            after_first = _data(setup.engine)
            await call(name, arguments)  # may be an error, as a second delete is
            assert _data(setup.engine) == after_first, f"{name} is idempotent but changed"

        self.run(tmp_path, body)

    def test_unknown_argument_is_a_tool_error(self, tmp_path: Path) -> None:
        """A misspelt argument comes back as a tool error naming it; nothing is written."""
        async def body(setup: ToolSetup, name: str, spec: ToolSpec, call: Caller) -> None:
            arguments = {**self.example(setup, name), "no_such_argument_xyz": 1}
            before = _state(setup.engine)
            result = await call(name, arguments)
            assert result.is_error, f"{name} accepted an unknown argument"
            assert "no_such_argument_xyz" in result.content[0].text, name
            assert _state(setup.engine) == before, name

        self.run(tmp_path, body)
