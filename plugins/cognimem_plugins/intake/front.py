"""YAML frontmatter read within a budget: a note's leading ``---`` block parsed with PyYAML's
safe loader, after its node graph is checked against limits on size, aliases, nesting depth
and expanded size. A YAML "bomb" (anchors whose aliases nest, each level multiplying the
document) is refused before anything is built from it, in time linear in its text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

try:  # the C loader when PyYAML was built with libyaml
    from yaml import CSafeLoader as Loader
except ImportError:  # pragma: no cover - pure-Python PyYAML
    from yaml import SafeLoader as Loader

OPEN = ("---\n", "---\r\n")
CLOSE = ("---", "...")


@dataclass(frozen=True)
class Budget:
    """The most a frontmatter may hold."""

    max_chars: int = 65_536
    max_aliases: int = 16
    max_depth: int = 16
    #: nodes once every alias is expanded (what a consumer walking the data would visit)
    max_nodes: int = 20_000


class OverBudget(ValueError):
    """The frontmatter is over its budget (the note is skipped)."""


class NotYaml(ValueError):
    """The frontmatter is not valid YAML (the note is read as plain text)."""


def split(text: str) -> tuple[str | None, str, int]:
    """The frontmatter's YAML text (None without one), the body, and the body's first line
    number (1-based)."""
    start = 1 if text.startswith("\ufeff") else 0
    if not text.startswith(OPEN, start):
        return None, text, 1
    head_end = text.index("\n", start) + 1
    pos = head_end
    while pos < len(text):
        end = text.find("\n", pos)
        line_end = len(text) if end < 0 else end
        if text[pos:line_end].rstrip() in CLOSE:
            after = len(text) if end < 0 else end + 1
            yaml_text = text[head_end:pos]
            return yaml_text, text[after:], text.count("\n", 0, after) + 1
        pos = line_end + 1
    return None, text, 1


def load(yaml_text: str, budget: Budget | None = None) -> dict[str, Any]:
    """The frontmatter as a mapping (empty for an empty block).

    :raises OverBudget: larger, more aliased, deeper or more expanded than ``budget``.
    :raises NotYaml: not valid YAML, or not a mapping.
    """
    limits = budget or Budget()
    if len(yaml_text) > limits.max_chars:
        raise OverBudget(f"frontmatter of {len(yaml_text):,} characters, over "
                         f"{limits.max_chars:,}")
    loader = Loader(yaml_text)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}
        _check(node, limits)
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise NotYaml(_first_line(exc)) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise NotYaml(f"a {type(data).__name__}, not a mapping of fields")
    return data


def _check(root: yaml.Node, limits: Budget) -> None:
    """Count aliases (a node reached again), depth and expanded size without expanding."""
    expanded: dict[int, int] = {}
    walking: set[int] = set()  # nodes whose children are not all counted yet
    aliases = 0
    # iterative post-order walk: (node, depth, children done?)
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        if depth > limits.max_depth:
            raise OverBudget(f"frontmatter nested deeper than {limits.max_depth} levels")
        key = id(node)
        children = _children(node)
        if done:
            walking.discard(key)
            expanded[key] = 1 + sum(expanded[id(c)] for c in children)
            if expanded[key] > limits.max_nodes:
                raise OverBudget(f"frontmatter expands to more than {limits.max_nodes:,} "
                                 "values (aliases of aliases)")
            continue
        if key in expanded or key in walking:
            aliases += 1
            if aliases > limits.max_aliases:
                raise OverBudget(f"frontmatter uses more than {limits.max_aliases} aliases")
            if key not in expanded:  # an alias of an enclosing node: a cycle
                raise OverBudget("frontmatter refers to itself (a recursive alias)")
            continue
        walking.add(key)
        stack.append((node, depth, True))
        stack += [(c, depth + 1, False) for c in children]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160]
