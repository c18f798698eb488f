"""Exports and imports of any size through the daemon: the text travels in chunks, each a
message well under the connection's limit, with progress.

- Export: the client sends ``export_stream``; the daemon exports the store, then sends the
  JSON text as ``{"chunk", "done", "total"}`` frames and finally the counts as its result.
  The client writes each chunk where the user asked (a file it opened, or stdout).
- Import: the client sends the file's text as ``import_chunk`` messages (``last`` on the
  final one); the daemon keeps them for that connection, bounded by
  :data:`MAX_IMPORT_CHARS`, and imports the whole on the last (validated whole before
  anything is written, as always).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from ..limits import load_json
from .wire import chunk_chars, encode, write_message

if TYPE_CHECKING:
    from ..engine.jobinfo import JobInfo
    from ..engine.portable import ImportReport
    from .remote import RemoteEngine
    from .wire import Writer

#: The largest import text the daemon accepts over one connection (characters).
MAX_IMPORT_CHARS = 2**31

Progress = Callable[[int, int], None]


def export_text(data: dict[str, Any]) -> str:
    """An export as the text ``cognimem export`` writes."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def export_counts(data: dict[str, Any]) -> dict[str, int]:
    """How many memories, edges and events an export holds."""
    return {key: len(data.get(key) or []) for key in ("memories", "edges", "events")}


# the daemon's side ----------------------------------------------------------------------------


def serve_export(export: Callable[[], dict[str, Any]], request_id: Any, wfile: Writer) -> None:
    """Export (under the caller's engine lock, inside ``export``) and send it in chunks."""
    data = export()
    text = export_text(data)
    step = chunk_chars()
    for start in range(0, len(text), step):
        piece = text[start:start + step]
        write_message(wfile, {"id": request_id, "chunk": piece, "done": start + len(piece),
                              "total": len(text)})
    write_message(wfile, {"id": request_id, "result": encode(export_counts(data))})


class Upload:
    """The import text one connection has sent so far."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def add(self, text: object) -> int:
        """Keep one chunk; returns the characters received so far.

        :raises InvalidInput: not text, or the total passes :data:`MAX_IMPORT_CHARS`.
        """
        if not isinstance(text, str):
            raise InvalidInput("an import chunk must be text")
        self.size += len(text)
        if self.size > MAX_IMPORT_CHARS:
            self.parts.clear()
            raise InvalidInput(f"refused: the import is larger than {MAX_IMPORT_CHARS:,} "
                               "characters; split the export and import the parts")
        self.parts.append(text)
        return self.size

    def take(self) -> dict[str, Any]:
        """The whole import, parsed (the parts are dropped).

        :raises InvalidInput: it is not a JSON object.
        """
        text, self.parts, self.size = "".join(self.parts), [], 0
        try:
            data = load_json(text, "the import")
        except ValueError as exc:
            raise InvalidInput(f"{exc}: give a file made by `cognimem export`") from None
        if not isinstance(data, dict):
            raise InvalidInput("the import is not a JSON object: give a file made by "
                               "`cognimem export`")
        return data


# the client's side ----------------------------------------------------------------------------


def stream_export(remote: RemoteEngine, write: Callable[[str], Any],
                  progress: Progress | None = None) -> dict[str, int]:
    """Export the remote store, handing each chunk of its text to ``write``; the counts."""
    def frame(message: dict[str, Any]) -> None:
        chunk = message.get("chunk")
        if isinstance(chunk, str):
            write(chunk)
            if progress is not None:
                progress(int(message.get("done", 0)), int(message.get("total", 0)))

    result = remote.stream("export_stream", on_frame=frame)
    if not isinstance(result, dict):
        raise InvalidInput("the memory daemon answered the export with no counts")
    return {str(k): int(v) for k, v in result.items()}


def stream_import(remote: RemoteEngine, text: str,
                  progress: Progress | None = None, *, trusted: bool = False) -> ImportReport:
    """Send an export's text in chunks and import it in the daemon (screened by the guard
    unless ``trusted``); its report."""
    from ..engine.portable import ImportReport

    result = _send(remote, text, progress, trusted=trusted, background=False)
    if not isinstance(result, ImportReport):
        raise InvalidInput("the memory daemon answered the import with no report")
    return result


def submit_import(remote: RemoteEngine, text: str, progress: Progress | None = None, *,
                  trusted: bool = False) -> JobInfo:
    """Send an export's text in chunks and start its import as a job in the daemon (the
    whole file is validated first: a bad one is refused here); the job."""
    from ..engine.jobinfo import JobInfo

    result = _send(remote, text, progress, trusted=trusted, background=True)
    if not isinstance(result, JobInfo):
        raise InvalidInput("the memory daemon answered the import with no job")
    return result


def _send(remote: RemoteEngine, text: str, progress: Progress | None, *, trusted: bool,
          background: bool) -> object:
    step = chunk_chars()
    total = len(text)
    starts = list(range(0, total, step)) or [0]
    result: object = None
    for start in starts:
        piece = text[start:start + step]
        last = start == starts[-1]
        result = remote.stream("import_chunk", text=piece, last=last, trusted=last and trusted,
                               background=last and background)
        if progress is not None:
            progress(start + len(piece), total)
    return result
