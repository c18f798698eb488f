"""Plugin prompts and resources as MCP prompts and resources.

A :class:`~cognimem.components.PromptSpec` or :class:`~cognimem.components.ResourceSpec`
names a registered tool: getting the prompt or reading the resource runs that tool, as a
tool call would (in the store's daemon for an on-disk store, see
:func:`~cognimem.mcp.calls.call_tool`), and the spec's ``render`` turns the result into
text. A prompt takes the tool's arguments (MCP passes them as strings; they are validated
as the tool's); a resource's URI template variables are the tool's arguments.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp.shared.uri_template import UriTemplate
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS
from pydantic import BaseModel, ValidationError, create_model

from ..components import PromptSpec, ResourceSpec, ToolSpec
from ..errors import CognimemError, PluginError
from ..models.strict import validation_message
from ..plugins import PluginHost
from ..privacy import hide_home
from .tools import CONTEXT_PARAM, ToolRunner, _hints

#: The running server's tool runner, for static resources (whose functions get no context).
Live = Callable[[], ToolRunner | None]


def add_prompts_and_resources(server: MCPServer[Any], host: PluginHost, live: Live) -> None:
    """Add every registered prompt and resource to ``server``.

    :raises PluginError: a spec names no registered tool, or a URI variable that is not one
        of the tool's parameters.
    """
    for name, reg in host.components("prompt").items():
        spec: PromptSpec = reg.obj
        tool, params = _tool(host, spec.tool, f"prompt {name!r} (plugin {reg.plugin!r})")
        fn = _runner(spec.tool, tool, spec.render, params, live=None)
        server.prompt(name=name, title=spec.title,
                      description=spec.description or inspect.getdoc(tool.func))(fn)
    for name, reg in host.components("resource").items():
        res: ResourceSpec = reg.obj
        where = f"resource {name!r} (plugin {reg.plugin!r})"
        tool, params = _tool(host, res.tool, where)
        variables = set(UriTemplate.parse(res.uri).variable_names)
        unknown = variables - {p.name for p in params}
        if unknown:
            raise PluginError(f"{where}: URI variables {sorted(unknown)} are not parameters "
                              f"of the {res.tool!r} tool")
        chosen = [p.replace(annotation=str, default=inspect.Parameter.empty)
                  for p in params if p.name in variables]
        fn = _runner(res.tool, tool, res.render, chosen, live=None if variables else live)
        server.resource(res.uri, name=name, title=res.title, description=res.description,
                        mime_type=res.mime_type)(fn)


def _tool(host: PluginHost, name: str, where: str) -> tuple[ToolSpec, list[inspect.Parameter]]:
    reg = host.get("tool", name)
    if reg is None:
        raise PluginError(f"{where}: no tool {name!r} is registered")
    spec: ToolSpec = reg.obj
    params = list(inspect.signature(spec.func).parameters.values())
    hints = _hints(spec.func, skip=params[0].name, where=where)
    return spec, [p.replace(kind=inspect.Parameter.KEYWORD_ONLY,
                            annotation=hints.get(p.name, Any)) for p in params[1:]]


def _runner(name: str, tool: ToolSpec, render: Callable[[dict[str, Any]], str],
            params: list[inspect.Parameter], live: Live | None) -> Callable[..., str]:
    """A function of ``params`` as strings (and the request context, unless ``live`` gives
    the runner) that validates them as the tool's, runs the tool and renders its result.
    Errors are MCP errors carrying their message (the SDK hides other exceptions')."""
    model = create_model(f"{name}_arguments", **{  # type: ignore[call-overload]
        p.name: (p.annotation, ... if p.default is inspect.Parameter.empty else p.default)
        for p in params})

    def run(**given: Any) -> str:
        ctx: Context[ToolRunner] | None = given.pop(CONTEXT_PARAM, None)
        runner = live() if live is not None else (
            ctx.request_context.lifespan_context if ctx is not None else None)
        if runner is None:
            raise MCPError(INTERNAL_ERROR, "the server is not running: no store is open")
        try:
            arguments = model.model_validate(
                {k: v for k, v in given.items() if v is not None}).model_dump()
            result = runner.invoke(name, tool, arguments)
        except ValidationError as exc:
            raise MCPError(INVALID_PARAMS, hide_home(validation_message(exc))) from exc
        except CognimemError as exc:
            raise MCPError(INVALID_PARAMS, hide_home(str(exc))) from exc
        data = result.model_dump(mode="json") if isinstance(result, BaseModel) else result
        return render(data)

    shown = [p.replace(annotation=str if p.default is inspect.Parameter.empty
                       else str | None, default=p.default if p.default is
                       inspect.Parameter.empty else None) for p in params]
    if live is None:
        shown.append(inspect.Parameter(CONTEXT_PARAM, inspect.Parameter.KEYWORD_ONLY,
                                       annotation=Context))
    run.__signature__ = inspect.Signature(shown, return_annotation=str)  # type: ignore[attr-defined]
    run.__annotations__ = {**{p.name: p.annotation for p in shown}, "return": str}
    run.__name__ = run.__qualname__ = name
    return run
