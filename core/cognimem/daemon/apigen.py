"""Write the client side of the memory API from the engine's declarations.

``python -m cognimem.daemon.apigen > core/cognimem/daemon/operations.py``

The operations a client may call are declared once, on the engine
(``add = operation(Writer.add, client=True)``, :mod:`cognimem.engine.delegate`). A client
process must not load the engine (its plugins' machinery, numpy) to reach a daemon, so what
it needs is generated from those declarations into :mod:`cognimem.daemon.operations`: the
table of operations (which are retry safe, what each returns) and a typed Protocol per job
(:class:`~cognimem.daemon.api.MemoryAPI` is made of them, so mypy and editors see every
signature) whose methods send the call (:class:`~cognimem.daemon.remote.RemoteEngine`
inherits them). A test fails when the file is out of step with the declarations.
"""

from __future__ import annotations

import inspect
import json
import re
import textwrap
from collections.abc import Callable
from typing import Any

from ..engine.delegate import ClientOperation, client_operations
from .wire import MODELS

#: Each engine part's job: the generated classes are split by it (each stays small).
JOBS: dict[str | None, str] = {
    "writer": "Memories", "versions": "Memories", "intake": "Memories",
    None: "Reading", "reader": "Reading",
    "relations": "Team", "conflicts": "Team", "sync": "Team", "authority": "Team",
    "integrity": "Upkeep", "maintenance": "Upkeep", "consolidation": "Upkeep", "jobs": "Upkeep",
}
#: What each job's classes hold, for their docstrings.
JOB_DOCS = {"Memories": "writing memories", "Reading": "reading the store",
            "Team": "edges, conflicts and agents' sync offsets",
            "Upkeep": "keeping the store (checks, export and import, decay, re-embedding)"}
#: Where the names annotations use live (besides the wire's models).
HOMES: dict[str, str] = {
    "Any": "typing", "Literal": "typing", "Iterable": "collections.abc",
    "Mapping": "collections.abc", "Sequence": "collections.abc", "datetime": "datetime",
    "DraftLike": "cognimem.engine", "OnDuplicate": "cognimem.engine.types",
    "Progress": "cognimem.engine.steps",
    **{name: module for name, (module, _attr) in MODELS.items()},
}
#: Parameters that stay with the caller: a callback cannot cross the wire (a job in the
#: daemon keeps its own progress, which ``job`` reads).
LOCAL: frozenset[str] = frozenset({"progress"})
BUILTINS = frozenset({"str", "int", "float", "bool", "None", "dict", "list", "tuple", "set"})
WIDTH = 100


def _local_only(param: inspect.Parameter) -> bool:
    """A parameter that cannot cross the wire (a callback in the caller's process)."""
    return param.name in LOCAL or "Callable" in str(param.annotation)


def _params(func: Callable[..., Any]) -> list[inspect.Parameter]:
    params = list(inspect.signature(func).parameters.values())[1:]  # without self
    return [p for p in params if not _local_only(p)]


def _param_text(param: inspect.Parameter) -> str:
    stars: dict[Any, str] = {param.VAR_POSITIONAL: "*", param.VAR_KEYWORD: "**"}
    prefix = stars.get(param.kind, "")
    text = f"{prefix}{param.name}"
    if param.annotation is not param.empty:
        text += f": {param.annotation}"
    if param.default is not param.empty:
        default = param.default
        text += f" = {json.dumps(default) if isinstance(default, str) else repr(default)}"
    return text


def _signature(name: str, func: Callable[..., Any], returns: str) -> list[str]:
    """``def name(self, ...) -> returns:``, wrapped to the line length."""
    params = _params(func)
    parts = ["self"]
    for i, param in enumerate(params):
        kind = param.kind
        if kind is param.KEYWORD_ONLY and (i == 0 or params[i - 1].kind not in (
                param.KEYWORD_ONLY, param.VAR_POSITIONAL)):
            parts.append("*")
        parts.append(_param_text(param))
        if kind is param.POSITIONAL_ONLY and (
                i + 1 == len(params) or params[i + 1].kind is not param.POSITIONAL_ONLY):
            parts.append("/")
    one = f"    def {name}({', '.join(parts)}) -> {returns}:"
    if len(one) <= WIDTH:
        return [one]
    return [f"    def {name}(", *(f"        {p}," for p in parts), f"    ) -> {returns}:"]


def _call_text(name: str, func: Callable[..., Any]) -> str:
    args = [f'"{name}"']
    for param in _params(func):
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            args.append(param.name)
        elif param.kind is param.VAR_POSITIONAL:
            args.append(f"*{param.name}")
        elif param.kind is param.KEYWORD_ONLY:
            args.append(f"{param.name}={param.name}")
        else:  # what a caller passes here may hold a LOCAL name: it stays here
            args.append(f"**_sendable({param.name})")
    args.insert(0, "self")
    one = f"        return _send({', '.join(args)})"
    if len(one) <= WIDTH:
        return one
    lines = textwrap.wrap(", ".join(args), WIDTH - 22, break_long_words=False,
                          break_on_hyphens=False)
    return "        return _send(" + ("\n" + " " * 21).join(lines) + ")"


def _summary(func: Callable[..., Any]) -> str:
    doc = inspect.getdoc(func) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    return first or "(undocumented)"


def _docstring(text: str) -> list[str]:
    text = text.replace('"""', "'''").replace("\\", "\\\\")
    lines = textwrap.wrap(text, WIDTH - 14, break_long_words=False, break_on_hyphens=False)
    if len(lines) == 1 and len(f'        """{lines[0]}"""') <= WIDTH:
        return [f'        """{lines[0]}"""']
    return [f'        """{lines[0]}', *(f"        {line}" for line in lines[1:]), '        """']


def _imports(ops: dict[str, ClientOperation]) -> list[str]:
    texts = [str(p.annotation) for op in ops.values() for p in _params(op.func)]
    texts += [str(inspect.signature(op.func).return_annotation) for op in ops.values()]
    bare = [re.sub(r"'[^']*'|\"[^\"]*\"", "", t) for t in texts]  # without Literal's strings
    names = {n for t in bare for n in re.findall(r"[A-Za-z_]\w*", t)} - BUILTINS - {"Any"}
    unknown = sorted(n for n in names if n not in HOMES)
    if unknown:
        raise SystemExit(f"apigen: say in HOMES where {', '.join(unknown)} live")
    by_module: dict[str, list[str]] = {}
    for name in sorted(names):
        by_module.setdefault(HOMES[name], []).append(name)
    lines: list[str] = []
    for first_party in (False, True):  # isort's sections: the standard library, then ours
        found = sorted(m for m in by_module if m.startswith("cognimem") is first_party)
        if lines and found:
            lines.append("")
        lines += [f"    from {m} import {', '.join(sorted(by_module[m]))}" for m in found]
    return lines


def _returns(func: Callable[..., Any]) -> str:
    return str(inspect.signature(func).return_annotation)


def render(engine_cls: type | None = None) -> str:
    """The source of :mod:`cognimem.daemon.operations` for the engine's declarations."""
    if engine_cls is None:
        from ..engine.facade import Engine

        engine_cls = Engine
    ops = client_operations(engine_cls)
    jobs: dict[str, dict[str, ClientOperation]] = {}
    for name, op in ops.items():
        if op.part not in JOBS:
            raise SystemExit(f"apigen: say in JOBS which job the engine part {op.part} has")
        jobs.setdefault(JOBS[op.part], {})[name] = op
    out = [
        '"""The memory API as a client calls it: GENERATED from the engine\'s operation',
        "declarations (``name = operation(Part.method, client=True, retry_safe=...)`` in",
        "cognimem/engine/facade.py) by ``python -m cognimem.daemon.apigen >",
        "core/cognimem/daemon/operations.py``. Do not edit: a test fails when it is out of step.",
        "",
        "A client reads it without loading the engine. Per job, a Protocol: the typed signatures",
        ":class:`~.api.MemoryAPI` is made of, which the Engine implements itself; their methods",
        "send the call through the daemon in :class:`~.remote.RemoteEngine`, which inherits them.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import TYPE_CHECKING, Any, Protocol",
        "",
        "if TYPE_CHECKING:",
        *_imports(ops),
        "",
        "#: Every operation a client may call: (retry safe, what it returns).",
        "OPERATIONS_TABLE: dict[str, tuple[bool, str]] = {",
        *(f'    "{name}": ({op.retry_safe}, "{_returns(op.func)}"),' for name, op in ops.items()),
        "}",
        "",
        "",
        "def _send(client: object, op: str, *args: Any, **kwargs: Any) -> Any:",
        '    """The call sent through ``client`` (a RemoteEngine: its ``_call``)."""',
        "    return client._call(op, *args, **kwargs)  # type: ignore[attr-defined]",
        "",
        "",
        "def _sendable(kwargs: dict[str, Any]) -> dict[str, Any]:",
        '    """``kwargs`` without what stays with the caller (a callback)."""',
        f"    return {{k: v for k, v in kwargs.items() if k not in {set(sorted(LOCAL))!r}}}",
    ]
    for job in sorted(jobs, key=list(JOB_DOCS).index):
        out += ["", "", f"class {job}API(Protocol):",
                f'    """The memory API: {JOB_DOCS[job]}."""']
        for name, op in jobs[job].items():
            out += ["", *_signature(name, op.func, _returns(op.func)),
                    *_docstring(_summary(op.func)), _call_text(name, op.func)]
    out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(render(), end="")
