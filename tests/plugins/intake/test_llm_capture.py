"""Capture with a local model (two passes: facts, then add / supersede / skip against similar
stored memories) against a local HTTP server that speaks Ollama's /api/chat; malformed
answers reported and never stopping the rest; CLI and MCP."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.errors import CognimemError
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.testing import FakeOllama

TURNS = [
    ("user", "We decided to use Postgres 16 for the billing service."),
    ("assistant", "Noted, I will write the migration."),
    ("user", "Alice owns the payments API."),
    ("assistant", "Understood."),
]


def session_file(folder: Path, turns: list[tuple[str, str]]) -> Path:
    """A Claude Code session file of ``turns``."""
    lines = [json.dumps({"type": role, "sessionId": "s-123",
                         "message": {"role": role, "content": text}}) for role, text in turns]
    path = folder / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: Facts the model finds, by the turn's first words.
FACTS: dict[str, list[Any]] = {
    "We decided": [{"text": "The billing service uses Postgres 16.", "kind": "decision"}],
    "Alice owns": [{"text": "Alice owns the payments API.", "kind": "ownership"},
                   {"text": 42}, "not a fact"],
}


def answer(prompt: str, body: dict[str, Any]) -> str:
    """The model: pass 1 with FACTS (garbage for a turn saying "garble"), pass 2 with UPDATE
    of a memory about Postgres, NOOP for one about Alice, else nonsense."""
    if prompt.startswith("Below are numbered turns"):
        if "garble" in prompt:
            return "I cannot help with that"
        found = []
        for number, text in re.findall(r"^\[(\d+)\] \w+: (.*)$", prompt, re.M):
            for start, facts in FACTS.items():
                if text.startswith(start):
                    found += [{**f, "turn": int(number)} if isinstance(f, dict) else f
                              for f in facts]
        return json.dumps({"facts": found})
    memories = dict(re.findall(r"^- id (\S+): (.*)$", prompt, re.M))
    for mid, text in memories.items():
        if "Postgres" in text and "Postgres" in prompt.split("Existing")[0]:
            return json.dumps({"action": "UPDATE", "id": mid})
        if "Alice" in text and "Alice" in prompt.split("Existing")[0]:
            return json.dumps({"action": "NOOP"})
    return json.dumps({"action": "MAYBE"})


@pytest.fixture
def ollama_url(fake_ollama: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> str:
    """The fake server, named by $OLLAMA_HOST (the host is never a call's argument)."""
    fake_ollama.answer = answer
    monkeypatch.setenv("OLLAMA_HOST", fake_ollama.url)
    return fake_ollama.url


def test_two_passes_add_supersede_and_skip(engine: Engine, tmp_path: Path,
                                          ollama_url: str, fake_ollama: FakeOllama) -> None:
    old = engine.add("The billing service uses Postgres 14 in production.").memory
    alice = engine.add("Alice owns the payments API and its on-call rota.").memory
    path = session_file(tmp_path, TURNS)
    options = {"extractor": "ollama", "model": "tiny", "chunk_turns": 2}
    report = engine.ingest("transcript", str(path), options=options)
    assert report.added == 1 and report.superseded == 1
    new = next(m for m in engine.list_memories(limit=10) if "Postgres 16" in m.content)
    assert new.kind == "decision" and new.supersedes == old.id
    assert new.source.session == "s-123" and new.meta["capture"]["turn"] == 0
    assert engine.get(old.id).superseded_by == new.id
    assert engine.get(alice.id).superseded_by is None
    contents = [m.content for m in engine.list_memories(limit=10)]
    assert "Alice owns the payments API." not in contents
    assert sum("fact 1 has no usable text" in p for p in report.problems) == 1
    assert sum("fact 2 has no usable text" in p for p in report.problems) == 1
    # captured again after the session grew: only the new chunk's facts are decided
    session_file(tmp_path, [*TURNS, ("user", "garble"), ("assistant", "?")])
    asked = len(fake_ollama.prompts())
    grown = engine.ingest("transcript", str(path), options=options)
    assert grown.added == 0 and grown.archived == 0 and grown.kept == 1
    assert any("turns 4-5: the model's answer has no list of facts" in p
               for p in grown.problems)
    assert grown.superseded == 0 and engine.get(new.id).superseded_by is None
    assert not [p for p in fake_ollama.prompts()[asked:] if "New fact: The billing" in p]


def test_undecidable_facts_are_added_and_reported(engine: Engine, tmp_path: Path,
                                                 ollama_url: str,
                                                 fake_ollama: FakeOllama) -> None:
    carol = engine.add("Carol prefers the billing service in Go.").memory
    path = session_file(tmp_path, [("user", "We decided to use Postgres 16 for the billing "
                                            "service.")])
    report = engine.ingest("transcript", str(path),
                           options={"extractor": "ollama"})
    assert report.added == 1 and report.superseded == 0
    assert [p for p in report.problems if "no valid action for fact" in p]
    assert engine.get(carol.id).superseded_by is None
    assert fake_ollama.models() == {"qwen2.5:3b"}


def test_no_server_is_one_clear_error_and_writes_nothing(
        engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    path = session_file(tmp_path, TURNS)
    with pytest.raises(CognimemError, match=r"no Ollama server answered.*ollama pull tiny"):
        engine.ingest("transcript", str(path), options={
            "extractor": "ollama", "model": "tiny",
            "timeout": 2})
    assert engine.list_memories(limit=5) == []


def test_cli_and_mcp_capture_with_the_model(tmp_path: Path, ollama_url: str,
                                            fake_ollama: FakeOllama,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = session_file(tmp_path, TURNS)
    assert main(["capture", str(path), "--extractor", "ollama",
                 "--profile", "test", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["added"] == 2 and len(report["problems"]) == 2
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(tmp_path)]}}))

    async def body() -> Any:
        async with Client(srv) as client:
            done = await client.call_tool("capture", {"path": str(path), "extractor": "ollama",
                                                      "model": "tiny"})
            return done.structured_content

    captured = anyio.run(body)
    assert captured["added"] == 2 and captured["superseded"] == 0
    assert fake_ollama.models() == {"qwen2.5:3b", "tiny"}


def test_recapture_asks_only_about_new_turns(engine: Engine, tmp_path: Path,
                                            ollama_url: str, fake_ollama: FakeOllama) -> None:
    """Turns the model judged are remembered by hash (no transcript text stored): capturing
    the grown session sends only the new turns, and a fact it skipped (NOOP) is not asked
    about again; a dry run's judgements do not hide a fact from the real run."""
    engine.add("Alice owns the payments API and its on-call rota.")
    path = session_file(tmp_path, TURNS)
    options = {"extractor": "ollama", "model": "tiny", "chunk_turns": 2}
    dry = engine.ingest("transcript", str(path), options=options, dry_run=True)
    assert dry.added == 1 and engine.list_memories(limit=10)[0].content.startswith("Alice")
    first = engine.ingest("transcript", str(path), options=options)
    assert first.added == 1  # the dry run's judgement did not hide Postgres 16
    asked = len(fake_ollama.prompts())
    again = engine.ingest("transcript", str(path), options=options)
    assert len(fake_ollama.prompts()) == asked  # nothing new: the model is not asked at all
    path.touch()  # same turns, newer file: read again, still nothing to ask
    assert engine.ingest("transcript", str(path), options=options).kept == 1
    assert len(fake_ollama.prompts()) == asked and again.unchanged == 1
    session_file(tmp_path, [*TURNS, ("user", "Alice owns the payments API, again."),
                            ("assistant", "Ok.")])
    grown = engine.ingest("transcript", str(path), options=options)
    new_prompts = fake_ollama.prompts()[asked:]
    assert grown.kept == 1 and grown.archived == 0
    assert len([p for p in new_prompts if p.startswith("Below are numbered turns")]) == 1
    assert all("We decided" not in p for p in new_prompts)  # old turns are not sent again
    # one decision, for the new turn's fact: the one skipped at turn 2 is not asked again
    assert len([p for p in new_prompts if p.startswith("A new fact was found")]) == 1
    stored = json.dumps(engine.store.meta_items(f"cognimem.capture.judged:{path}"))
    assert "Postgres" not in stored and "Alice" not in stored


# exfiltration (issue #40, point 1): the host is the user's, and no secret leaves -------------

AWS_KEY = "AKIAFAKE7Q2MZ4XK9W3N"


def test_no_secret_reaches_the_model(engine: Engine, tmp_path: Path, ollama_url: str,
                                     fake_ollama: FakeOllama) -> None:
    """A transcript holding a credential: the prompts the server receives carry it
    redacted (the engine's guard runs on every outbound text)."""
    path = session_file(tmp_path, [("user", f"We decided to use Postgres 16, key {AWS_KEY}."),
                                   ("assistant", "Noted.")])
    engine.ingest("transcript", str(path), options={"extractor": "ollama"})
    assert fake_ollama.prompts()  # the model was asked
    assert not [p for p in fake_ollama.prompts() if AWS_KEY in p]
    assert [p for p in fake_ollama.prompts() if "[REDACTED" in p or "redacted" in p.lower()]


def test_a_call_cannot_choose_the_host(engine: Engine, tmp_path: Path, ollama_url: str,
                                       fake_ollama: FakeOllama) -> None:
    """`host` is no option of the source and no parameter of the MCP tool: a call naming one
    is refused, writes nothing and sends nothing; the profile's [hooks.intake] ollama_host
    wins over $OLLAMA_HOST."""
    path = session_file(tmp_path, TURNS)
    with pytest.raises(CognimemError, match="option 'host'"):
        engine.ingest("transcript", str(path),
                      options={"extractor": "ollama", "host": "http://127.0.0.1:9"})
    assert fake_ollama.prompts() == [] and engine.list_memories(limit=5) == []
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(tmp_path)]}}))

    async def body() -> Any:
        async with Client(srv) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert "host" not in tools["capture"].input_schema["properties"]
            return await client.call_tool("capture", {
                "path": str(path), "extractor": "ollama", "host": "http://127.0.0.1:9"})

    refused = anyio.run(body)
    assert refused.is_error and fake_ollama.prompts() == []
    other = Engine.from_profile("test", overrides={
        "hooks": {"intake": {"ollama_host": ollama_url}}})
    try:
        with pytest.MonkeyPatch.context() as env:
            env.setenv("OLLAMA_HOST", "http://127.0.0.1:9")  # the profile's host wins
            assert other.ingest("transcript", str(path),
                                options={"extractor": "ollama"}).added == 2
    finally:
        other.close()
    assert fake_ollama.prompts()


def test_the_engine_writes_the_judged_turns_with_the_memories(
        engine: Engine, tmp_path: Path, ollama_url: str, fake_ollama: FakeOllama) -> None:
    """The source writes nothing itself: what the model judged goes to the engine with the
    group, so a dry run leaves no judgement in the store and a real run's commit with its
    memories (each kept fact's key next to its turn's hash)."""
    path = session_file(tmp_path, TURNS)
    options = {"extractor": "ollama", "model": "tiny", "chunk_turns": 2}
    namespace = f"cognimem.capture.judged:{path}"
    engine.ingest("transcript", str(path), options=options, dry_run=True)
    assert engine.store.meta_items(namespace) == {}
    report = engine.ingest("transcript", str(path), options=options)
    judged = engine.store.meta_items(namespace)
    assert len(judged) == len(TURNS)
    kept = [key for keys in judged.values() for key in keys]
    state = engine.store.meta_items(f"cognimem.intake:transcript:{path}")
    assert report.added == 2 and sorted(kept) == sorted(state[path.name]["items"])
