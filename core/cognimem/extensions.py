"""What a plugin adds to the MCP server and to the ``cognimem`` command line: tools, prompts
and resources (registered through ``cognimem_register_tools``), subcommands (through
``cognimem_register_commands``) and web apps ``cognimem serve --http --mount NAME`` serves
beside MCP (through ``cognimem_register_web_apps``). Importable from
:mod:`cognimem.components` too (but :class:`WebAppSpec`, from here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ToolSpec:
    """An MCP tool a plugin contributes: ``func(engine, **arguments)`` does the work."""

    name: str
    func: Callable[..., Any]
    description: str | None = None
    title: str | None = None
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False
    sets: frozenset[str] = frozenset({"full"})
    #: In the store's daemon, whether the whole call runs alone (under the engine lock, no
    #: search or write beside it). False for a tool whose engine calls need not run as one:
    #: each then runs as a client's call does (a search beside writes, an add in a write
    #: group with other agents' adds), so many agents' calls of it run side by side.
    atomic: bool = True


@dataclass(frozen=True)
class PromptSpec:
    """An MCP prompt a plugin contributes, made from a registered tool: the prompt takes the
    tool's arguments, runs it, and its text is ``render(result)`` (the result as plain
    data, as ``model_dump(mode="json")`` gives it). Registered through
    ``cognimem_register_tools``; every installed prompt is served, whatever the tool set."""

    name: str
    tool: str
    render: Callable[[dict[str, Any]], str]
    description: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class ResourceSpec:
    """An MCP resource a plugin contributes, made from a registered tool: reading ``uri``
    runs the tool and the resource's text is ``render(result)``. ``{name}`` parts of the URI
    (a template, such as ``cognimem://context/{project}``) become the tool's arguments; a URI
    without them runs the tool with its defaults. Registered through
    ``cognimem_register_tools``."""

    name: str
    uri: str
    tool: str
    render: Callable[[dict[str, Any]], str]
    description: str | None = None
    title: str | None = None
    mime_type: str = "text/markdown"


@dataclass(frozen=True)
class CommandSpec:
    """A ``cognimem`` subcommand a plugin contributes.

    :param name: the subcommand (``cognimem NAME ...``); it may not be a core command's name.
    :param help: one line for ``cognimem --help``.
    :param configure: ``"package.module:function"``; the function receives the subcommand's
        ``argparse.ArgumentParser`` (the global options already added), adds its arguments and
        sets ``func`` (``parser.set_defaults(func=run)``; ``run(args)`` returns the exit
        status). The module is imported only when this command runs or shows its help, so
        ``cognimem`` starts fast however many plugins add commands.
    """

    name: str
    help: str
    configure: str


@dataclass(frozen=True)
class WebAppSpec:
    """A web app a plugin contributes to ``cognimem serve --http --mount NAME``: it answers
    every path but the MCP endpoint's, over the server's store, behind the server's token.

    :param name: what ``--mount`` takes.
    :param help: one line for ``cognimem plugins``.
    :param build: ``"package.module:function"``, imported only when mounted; the function is
        called as ``build(api, token=..., hosts=..., lock=...)`` (the server's memory API,
        its bearer token, the Host headers it answers, and the lock its tools take around a
        call to an engine in this process) and returns an ASGI app that checks the token
        and the Host on every request itself.
    """

    name: str
    help: str
    build: str


__all__ = ["CommandSpec", "PromptSpec", "ResourceSpec", "ToolSpec", "WebAppSpec"]
