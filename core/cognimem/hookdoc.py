"""Render the hook reference (docs/hooks.md) from the hook specifications' docstrings.

``python -m cognimem.hookdoc > docs/hooks.md`` regenerates it; a test keeps it current.
"""

from __future__ import annotations

import inspect

from . import hookspecs

_GROUPS = (
    ("Registry hooks", "cognimem_register_"),
    ("Lifecycle hooks", "cognimem_"),
)


def render() -> str:
    """The hook reference as Markdown."""
    lines = [
        "# Hook reference",
        "",
        "Generated from `core/cognimem/hookspecs.py` by `python -m cognimem.hookdoc`; do not",
        "edit by hand. Implement a hook with `@cognimem.hookimpl` on a function of the same",
        "name in a module registered through the `cognimem` entry-point group (see",
        "[plugins.md](plugins.md)). Implementations may accept fewer parameters than the spec.",
        "",
        inspect.cleandoc(hookspecs.__doc__ or ""),
        "",
    ]
    done: set[str] = set()
    for title, prefix in _GROUPS:
        lines += [f"## {title}", ""]
        for name in hookspecs.HOOK_NAMES:
            if name in done or not name.startswith(prefix):
                continue
            done.add(name)
            func = getattr(hookspecs, name)
            signature = str(inspect.signature(func)).replace("'", "")
            lines += [f"### `{name}`", "", "```python", f"def {name}{signature}", "```", ""]
            lines += [inspect.cleandoc(func.__doc__ or "(undocumented)"), ""]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
