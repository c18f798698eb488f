"""Vault frontmatter is read within a budget: a YAML bomb (aliases of aliases), a
self-referring alias, a deep nesting or an oversized block gets its note reported and
skipped, fast and in little memory, while the rest of the vault is indexed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cognimem.engine import Engine
from cognimem_plugins.intake import front


def bomb(levels: int, width: int = 9) -> str:
    """Frontmatter whose each level lists the previous one ``width`` times (328 bytes at 8
    levels, 9 wide: the size of the note in issue #40)."""
    lines = ["a0: &a0 [lol]"]
    for n in range(1, levels + 1):
        lines.append(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def note(front_yaml: str, body: str = "# Body\ntext of the note\n") -> str:
    return f"---\n{front_yaml}---\n{body}"


def test_a_nested_alias_bomb_is_skipped_fast(engine: Engine, tmp_path: Path) -> None:
    root = tmp_path / "vault"
    root.mkdir()
    (root / "bomb.md").write_text(note(bomb(8)), encoding="utf-8")
    (root / "ok.md").write_text(note("title: Fine\naliases: [good]\n"), encoding="utf-8")
    started = time.perf_counter()
    report = engine.ingest("vault", str(root))
    elapsed = time.perf_counter() - started
    assert elapsed < 5, elapsed  # 54-62 s before
    assert report.added == 1 and report.groups == 2
    assert [p for p in report.problems if p.startswith("bomb.md:1:")] == [
        "bomb.md:1: frontmatter uses more than 16 aliases: note skipped"]
    assert {m.source.file for m in engine.list_memories(limit=10)} == {"ok.md"}


@pytest.mark.parametrize(("text", "why"), [
    (bomb(4, width=3), "expands to more than 50"),
    ("a: &a [1, *a]\n", "refers to itself"),
    ("a: " + "[" * 40 + "]" * 40 + "\n", "nested deeper than 16"),
    ("x: '" + "y" * 70_000 + "'\n", "frontmatter of 70,006 characters, over 65,536"),
], ids=["expansion", "recursive", "deep", "large"])
def test_every_limit_refuses(text: str, why: str) -> None:
    budget = front.Budget(max_nodes=50) if why.startswith("expands") else front.Budget()
    with pytest.raises(front.OverBudget, match=why):
        front.load(text, budget)


def test_ordinary_frontmatter_and_small_aliases_load() -> None:
    yaml_text, body, first = front.split(note("title: T\nbase: &b {x: 1}\nother: *b\n"))
    assert yaml_text is not None and body == "# Body\ntext of the note\n" and first == 6
    assert front.load(yaml_text) == {"title": "T", "base": {"x": 1}, "other": {"x": 1}}
    assert front.split("# no frontmatter\n") == (None, "# no frontmatter\n", 1)
    with pytest.raises(front.NotYaml):
        front.load("- a list\n- not fields\n")
