"""``cognimem graph``: the HTML view (escaping, node limit) and the topics/stats commands."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli.app import main
from cognimem.daemon.spawn import stop_daemon
from cognimem.engine import Engine
from cognimem_plugins.graph.html import render_html, script_json

EVIL = "</script><script>alert(1)</script> & <b>bold</b> \u2028 line"
HARNESS = Path(__file__).parent / "data" / "view_harness.js"
PROFILE = """
name = "graph-cli"
[records]
use = "duckdb"
[lexical]
use = "bm25"
[embedder]
use = "hash"
[[extract]]
use = "wikilinks"
[[extract]]
use = "entities"
[[retrieve]]
use = "bm25"
[[retrieve]]
use = "ppr"
"""


def embedded(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="graph-data">(.*?)</script>',
                      page, re.DOTALL)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def test_script_json_cannot_close_the_script() -> None:
    text = script_json({"x": EVIL})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text
    assert json.loads(text) == {"x": EVIL}


def test_view_embeds_content_safely(gengine: Engine) -> None:
    evil = gengine.add(EVIL, title="Evil <title>").id
    gengine.add("see [[Evil <title>]] about Caroline")
    page = render_html(gengine, title="<graph> & co")
    assert page.count("</script>") == 2  # the data element and the view's own script
    assert "<script>alert" not in page and "<b>bold" not in page
    assert "<title>&lt;graph&gt; &amp; co</title>" in page
    assert "http://" not in page and "https://" not in page  # no CDN, nothing fetched
    data = embedded(page)
    node = next(n for n in data["nodes"] if n["id"] == evil)
    assert node["content"] == EVIL and node["label"] == "Evil <title>"
    assert any(link[2] == "wikilink" for link in data["links"])
    assert "textContent" in page and "innerHTML" not in page


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_view_script_runs_and_shows_content_as_text(gengine: Engine, tmp_path: Path) -> None:
    gengine.add(EVIL, title="Evil")
    gengine.add("see [[Evil]] about Caroline")
    page = tmp_path / "view.html"
    page.write_text(render_html(gengine), encoding="utf-8")
    out = subprocess.run(["node", str(HARNESS), str(page), "alert(1)"], capture_output=True,
                         text=True, check=True, timeout=60)
    shown = json.loads(out.stdout)
    assert shown["name"] == "Evil" and shown["content"] == EVIL and shown["links"] >= 1


@pytest.fixture
def store(tmp_path: Path) -> Iterator[list[str]]:
    """An on-disk store reached through its daemon (as users reach it); stopped afterwards."""
    profile = tmp_path / "graph-cli.toml"
    profile.write_text(PROFILE, encoding="utf-8")
    args = ["--profile", str(profile), "--store", str(tmp_path / "store")]
    try:
        for text in ("Caroline paints pottery in Malibu", "Melanie fixes bicycles in Denver",
                     f"[[nothing]] {EVIL}"):
            assert main(["add", text, *args]) == 0
        yield args
    finally:
        stop_daemon(tmp_path / "store")


def test_cli_html_and_limit(store: list[str], tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "graph.html"
    capsys.readouterr()
    assert main(["graph", "--html", str(out), "--json", *store]) == 0
    assert json.loads(capsys.readouterr().out)["html"] == str(out)
    assert len(embedded(out.read_text(encoding="utf-8"))["nodes"]) > 3
    refused = tmp_path / "refused.html"
    assert main(["graph", "--html", str(refused), "--limit", "3", *store]) == 2
    assert "--limit" in capsys.readouterr().err
    assert not refused.exists()


def test_cli_topics_and_stats(store: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["graph", "stats", "--json", *store]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["memories"] == 3 and stats["entities"] > 3
    assert main(["graph", "topics", "--json", *store]) == 0
    topics = json.loads(capsys.readouterr().out)
    assert topics["topics"] and topics["nodes"] == stats["nodes"]
    assert main(["graph", "topics", *store]) == 0
    assert "topics in" in capsys.readouterr().out
