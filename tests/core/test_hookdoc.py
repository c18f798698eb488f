"""docs/hooks.md is generated from the hook specs and must match them."""

from __future__ import annotations

from pathlib import Path

from cognimem import hookdoc, hookspecs

DOC = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"


def test_hook_reference_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == hookdoc.render(), (
        "docs/hooks.md is stale: run `python -m cognimem.hookdoc > docs/hooks.md`"
    )


def test_every_hook_is_in_the_reference() -> None:
    text = hookdoc.render()
    for name in hookspecs.HOOK_NAMES:
        assert f"### `{name}`" in text
