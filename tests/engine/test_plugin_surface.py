"""The engine a plugin receives: every member of PluginEngine exists on the engine and is
documented in docs/plugins.md, so a member added in one place only fails here."""

from __future__ import annotations

import re
from pathlib import Path

from cognimem.engine import Engine
from cognimem.engine.surface import MEMBERS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def test_every_surface_member_is_on_the_engine_and_documented(engine: Engine) -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## The engine a plugin receives", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `(\w+)", section, re.MULTILINE))
    assert documented == set(MEMBERS)
    for name in MEMBERS:
        assert hasattr(engine, name), name
