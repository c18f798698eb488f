"""The optional Ollama summariser of ``dream``: one text for a cluster of near-duplicates.

Uses Ollama's ``/api/generate`` through the ``ollama`` Python client. A server that does
not answer, an error or an empty answer leaves the cluster to the rules (the longest text
is kept) and is logged: consolidation never fails because a model is away.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

log = logging.getLogger("cognimem.dream")

#: Longest text sent per memory, and longest summary accepted (characters).
MAX_INPUT_CHARS = 2_000
MAX_SUMMARY_CHARS = 4_000

PROMPT = (
    "These notes say nearly the same thing. Write ONE note that keeps every fact, number, "
    "name, date, path and identifier they state, in the notes' own words where possible. "
    "Answer with the note only.\n\n{notes}"
)


class OllamaSummariser:
    """Summarises clusters with a local Ollama model."""

    def __init__(self, model: str, host: str | None, timeout: float) -> None:
        self.model = model
        self.host = host or os.environ.get("OLLAMA_HOST") or "http://127.0.0.1:11434"
        self.timeout = timeout
        self._client: Any = None
        #: the engine's guard on the prompt before it leaves (set when the engine opens)
        self.outbound: Callable[[str], str] = lambda text: text

    def summarise(self, texts: list[str]) -> str | None:
        """One note for ``texts``, or None when the model gave nothing usable."""
        import ollama

        if self._client is None:
            self._client = ollama.Client(host=self.host, timeout=self.timeout)
        notes = "\n".join(f"- {' '.join(t.split())[:MAX_INPUT_CHARS]}" for t in texts)
        try:
            reply = self._client.generate(model=self.model,
                                          prompt=self.outbound(PROMPT.format(notes=notes)),
                                          stream=False)
        except Exception as exc:  # unreachable server, missing model, timeouts
            log.warning("dream: the Ollama summariser at %s failed (%s); keeping the longest "
                        "text", self.host, exc)
            return None
        text = str(getattr(reply, "response", "") or "").strip()
        if not text or len(text) > MAX_SUMMARY_CHARS:
            return None
        return text
