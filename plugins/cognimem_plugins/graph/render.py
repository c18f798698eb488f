"""``cognimem graph ask``'s answers as a terminal shows them."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from cognimem.cli.common import escape, table


def _name(node: dict[str, Any]) -> str:
    return f"{escape(node['id'])} ({escape(node['label'])})" if node["kind"] == "memory" \
        else escape(node["id"])


def render_answer(out: Console, answer: dict[str, Any]) -> None:
    """Print one answer of :func:`cognimem_plugins.graph.ask.ask`."""
    if answer.get("neighbours") is not None:
        grid = table(title=f"neighbours of {_name(answer['node'])}")
        grid.add_column("edge", no_wrap=True)
        grid.add_column("way", no_wrap=True)
        grid.add_column("node", overflow="fold")
        grid.add_column("label", overflow="fold")
        for n in answer["neighbours"]:
            grid.add_row(escape(n["edge"]), "->" if n["direction"] == "out" else "<-",
                         escape(n["node"]["id"]), escape(n["node"]["label"]))
        out.print(grid)
    elif answer.get("facts") is not None:
        out.print(f"facts about {_name(answer['node'])}:")
        for fact in answer["facts"]:
            flag = f" UNTRUSTED ({escape(fact['untrusted'])})" if fact.get("untrusted") else ""
            out.print(f"- [{escape(fact['id'])}]{flag} {escape(fact['content'][:300])}")
    elif answer.get("path") is not None:
        line = [_name(answer["node"])]
        for step in answer["path"]:
            arrow = f"-{step['edge']}->" if step["direction"] == "out" else f"<-{step['edge']}-"
            line.append(f"{escape(arrow)} {_name(step['node'])}")
        out.print("\n  ".join(line))
    if answer.get("note"):
        out.print(escape(answer["note"]))
    if answer.get("left_out"):
        out.print(f"{answer['left_out']} more (raise --limit)")
