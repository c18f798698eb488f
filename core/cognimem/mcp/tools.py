"""Plugin tools as MCP tools.

A plugin contributes a :class:`~cognimem.components.ToolSpec` whose ``func(engine, **args)``
does the work. :func:`build_tools` picks the profile's tool set from the plugin registry and
:func:`to_mcp_tool` wraps each function so that:

- the input schema comes from the typed parameters after ``engine`` (``Annotated[...,
  Field(description=...)]`` becomes the parameter's description), and unknown arguments
  are refused instead of silently dropped;
- a pydantic return model becomes the output schema and the ``structured_content``; the
  text content is the same data as compact JSON without nulls (tokens cost the user);
- cognimem's errors (:class:`~cognimem.errors.InvalidInput`, ``NotFound``...) come back as
  tool errors (``is_error``) carrying their message, so the model can correct the call;
- the annotations (read-only, destructive, idempotent) are the spec's, stated explicitly.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Protocol

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from ..agents import Caller, server_caller
from ..components import ToolSpec
from ..daemon.checks import one_line_error
from ..errors import CognimemError, PluginError, ProfileError
from ..limits import clip
from ..models.strict import strict_annotation
from ..plugins import PluginHost
from ..privacy import hide_home
from ..session import bound

#: The wrapper's parameter that receives the MCP request context.
CONTEXT_PARAM = "ctx"
#: A tool function's parameter that receives the caller (:class:`~cognimem.agents.Caller`
#: as a dict: agent and project), filled by the server and left out of the input schema.
CALLER_PARAM = "caller"


class ToolRunner(Protocol):
    """What the server's lifespan yields: runs a tool against the engine it holds."""

    def invoke(self, name: str, spec: ToolSpec, arguments: dict[str, Any]) -> Any:
        """Run ``spec`` (registered as ``name``) with validated arguments."""


def tool_sets(host: PluginHost) -> list[str]:
    """Every tool set some registered tool belongs to, sorted."""
    return sorted({s for reg in host.components("tool").values() for s in reg.obj.sets})


def select_specs(host: PluginHost, tool_set: str) -> list[tuple[str, ToolSpec]]:
    """The registered tools in ``tool_set``, as (name, spec): the ``core`` tools first, then
    the others, each group in registration order.

    :raises ProfileError: no registered tool belongs to ``tool_set``.
    """
    chosen = [(name, reg.obj) for name, reg in host.components("tool").items()
              if tool_set in reg.obj.sets]
    chosen.sort(key=lambda item: "core" not in item[1].sets)  # stable: keeps the order
    if not chosen:
        choices = ", ".join(tool_sets(host)) or "(no tools are installed)"
        raise ProfileError(f"profile key `mcp.tools` = {tool_set!r} names no tool set; "
                           f"choose one of: {choices}")
    return chosen


def build_tools(host: PluginHost, tool_set: str) -> list[Tool]:
    """MCP tools for the profile's tool set.

    :raises ProfileError: an unknown tool set.
    :raises PluginError: a tool's function cannot be exposed, or two tools share a name.
    """
    tools: list[Tool] = []
    seen: dict[str, str] = {}
    registrations = host.components("tool")
    for name, spec in select_specs(host, tool_set):
        plugin = registrations[name].plugin
        if name in seen:
            raise PluginError(f"duplicate MCP tool name {name!r}: registered by plugin "
                              f"{seen[name]!r} and by plugin {plugin!r}")
        seen[name] = plugin
        tools.append(to_mcp_tool(name, spec, plugin=plugin))
    return tools


def to_mcp_tool(name: str, spec: ToolSpec, *, plugin: str = "?") -> Tool:
    """Wrap one spec as an MCP tool named ``name``.

    :raises PluginError: the function does not take the engine first, takes ``*args`` or
        ``**kwargs``, or has a type hint that cannot be resolved.
    """
    func = spec.func
    where = f"tool {name!r} (plugin {plugin!r})"
    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError) as exc:
        raise PluginError(f"{where}: cannot read the signature of its function: {exc}") from None
    params = list(signature.parameters.values())
    if not params or params[0].kind not in (inspect.Parameter.POSITIONAL_ONLY,
                                            inspect.Parameter.POSITIONAL_OR_KEYWORD):
        raise PluginError(f"{where}: its function must take the engine as its first "
                          "positional parameter: func(engine, **arguments)")
    hints = _hints(func, skip=params[0].name, where=where)
    exposed: list[inspect.Parameter] = []
    takes_caller = False
    for param in params[1:]:
        if param.name == CALLER_PARAM:
            takes_caller = True
            continue
        if param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            raise PluginError(f"{where}: parameter {param.name!r} is *args/**kwargs; give the "
                              "tool typed keyword parameters")
        if param.name == CONTEXT_PARAM or param.name.startswith("_"):
            raise PluginError(f"{where}: parameter name {param.name!r} is reserved")
        exposed.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY,
                                     annotation=strict_annotation(hints.get(param.name, Any))))
    returns = hints.get("return", inspect.Signature.empty)
    output_model = returns if isinstance(returns, type) and issubclass(returns, BaseModel) \
        else None
    wire_return: Any = Annotated[CallToolResult, output_model] if output_model else returns

    def call(**arguments: Any) -> Any:
        ctx: Context[ToolRunner] = arguments.pop(CONTEXT_PARAM)
        runner = ctx.request_context.lifespan_context
        caller = caller_of(ctx)
        if takes_caller:
            arguments[CALLER_PARAM] = caller.model_dump()
        try:
            # the write pipeline scopes every write to the caller, every read to the roots
            roots = getattr(runner, "roots", ())
            # the project's folder is the first root (server.read_roots)
            with bound({**caller.model_dump(), "roots": roots,
                        "folder": roots[0] if roots else None}):
                result = runner.invoke(name, spec, arguments)
        except (CognimemError, ValidationError, OSError, RecursionError) as exc:
            # one line, files named relative to the home folder, a long message cut
            raise ToolError(clip(hide_home(str(one_line_error(exc))))) from exc
        return render(result, output_model) if output_model else result

    context = inspect.Parameter(CONTEXT_PARAM, inspect.Parameter.KEYWORD_ONLY,
                                annotation=Context)
    call.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [*exposed, context], return_annotation=wire_return)
    call.__annotations__ = {**{p.name: p.annotation for p in exposed},
                            CONTEXT_PARAM: Context, "return": wire_return}
    call.__name__ = call.__qualname__ = name
    description = spec.description or inspect.getdoc(func) or ""
    call.__doc__ = description
    annotations = ToolAnnotations(
        title=spec.title, read_only_hint=spec.read_only,
        destructive_hint=False if spec.read_only else spec.destructive,
        idempotent_hint=spec.idempotent, open_world_hint=False,
    )
    try:
        tool = Tool.from_function(call, name=name, title=spec.title, description=description,
                                  annotations=annotations)
    except Exception as exc:
        raise PluginError(f"{where}: cannot be exposed over MCP: {exc}") from exc
    _refuse_unknown_arguments(tool)
    return tool


def caller_of(ctx: Context[ToolRunner]) -> Caller:
    """Who makes this call: the client's ``clientInfo`` name (else ``COGNIMEM_AGENT``, else
    the server's configured agent) and the server's project."""
    params = ctx.request_context.session.client_params
    info = params.client_info if params is not None else None
    runner = ctx.request_context.lifespan_context
    return server_caller(info.name if info is not None else None,
                         agent=getattr(runner, "agent", None),
                         project=getattr(runner, "project", None))


def render(result: Any, model: type[BaseModel]) -> CallToolResult:
    """A tool result as compact JSON text plus the same data as structured content."""
    if not isinstance(result, model):
        result = model.model_validate(result)
    data = result.model_dump(mode="json", exclude_none=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def _hints(func: Callable[..., Any], *, skip: str, where: str) -> dict[str, Any]:
    """Resolved type hints of ``func`` except the engine parameter (whose type is often
    imported only for type checking)."""
    raw = dict(getattr(func, "__annotations__", {}))
    raw.pop(skip, None)
    holder = types.SimpleNamespace(__annotations__=raw)
    try:
        return typing.get_type_hints(holder, globalns=getattr(func, "__globals__", {}),
                                     include_extras=True)
    except Exception as exc:
        raise PluginError(f"{where}: cannot resolve its type hints: {exc}") from None


def _refuse_unknown_arguments(tool: Tool) -> None:
    """Make the argument model refuse unknown keys, naming the valid ones, so a misspelt
    argument is an error the model can fix rather than a value silently ignored; the schema
    says so too (``additionalProperties: false``). Inputs are not echoed in errors."""
    base = tool.fn_metadata.arg_model
    allowed = sorted(f.alias or name for name, f in base.model_fields.items())

    def check_keys(cls: type[BaseModel], data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(k for k in data if k not in allowed)
            if unknown:
                raise ValueError(
                    f"unknown argument{'s' if len(unknown) > 1 else ''} "
                    f"{', '.join(map(repr, unknown))}; {tool.name} takes: "
                    f"{', '.join(allowed) or 'no arguments'}")
        return data

    strict: type[ArgModelBase] = type(base.__name__, (base,), {
        "model_config": ConfigDict(**{**base.model_config, "extra": "forbid",
                                      "hide_input_in_errors": True}),
        "__module__": base.__module__,
        "check_keys": model_validator(mode="before")(check_keys),
    })
    tool.fn_metadata.arg_model = strict
    schema = strict.model_json_schema(by_alias=True)
    # Titles repeat the property names ("content" -> "Content"): tokens the model pays for.
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    tool.parameters = schema
