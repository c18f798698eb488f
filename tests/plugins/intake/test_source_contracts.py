"""The first-party intake sources, ``vault`` and ``transcript``, pass the source contract."""

from __future__ import annotations

import json
from pathlib import Path

from cognimem.testing import SourceContract

NOTES = {
    "backups.md": "# Backups\n\nThe nightly backup copies the database dumps to the NAS.\n",
    "billing.md": "# Billing\n\nBob owns the billing service; see [[Backups]].\n",
}

TURNS = [("user", "We decided to use Postgres 16 for the billing service."),
         ("assistant", "Noted, I will write the migration.")]


class TestVault(SourceContract):
    component = "vault"

    def make_target(self, folder: Path) -> str:
        root = folder / "vault"
        root.mkdir()
        for name, text in NOTES.items():
            (root / name).write_text(text, encoding="utf-8")
        return str(root)

    def change_target(self, target: str) -> None:
        note = Path(target) / "billing.md"
        note.write_text(note.read_text(encoding="utf-8") + "\nCarol reviews its releases.\n",
                        encoding="utf-8")


def _session(path: Path, turns: list[tuple[str, str]]) -> None:
    path.write_text("".join(json.dumps({"type": role, "sessionId": "s-1",
                                        "message": {"role": role, "content": text}}) + "\n"
                            for role, text in turns), encoding="utf-8")


class TestTranscript(SourceContract):
    component = "transcript"

    def make_target(self, folder: Path) -> str:
        path = folder / "session.jsonl"
        _session(path, TURNS)
        return str(path)

    def change_target(self, target: str) -> None:
        _session(Path(target), [*TURNS, ("user", "Alice owns the payments API."),
                                ("assistant", "Understood.")])
