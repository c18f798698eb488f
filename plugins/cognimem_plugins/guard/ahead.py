"""What the guard computes ahead for a batch of writes (#39 wave 12).

``add_many`` shows the guard a chunk of drafts (``cognimem_memory_prepare_many``) before
their prepare hooks run. The guard redacts every draft's content, title and source
strings in one pass, then screens what the prepare hook will screen (the redacted title
and content) in a second: each pass keeps its own tables warm, where one write at a time
ran both between the engine's own work on each draft (measured: ~30 µs a LoCoMo turn of a
guarded write's ~100). The prepare hook then takes each result by its text; a text not
found here (an earlier hook changed the draft, an ``update``, another thread's batch) is
computed as before. Both functions are pure (a text and the engine's allowlist decide them), so what
is stored is what the hook would have computed itself. The results are dropped when
the chunk's prepare hooks have run (the hook is called again with no draft).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from .formats import longest_word
from .injection import NEEDLE_ROWS, Screened, screen
from .needles import Needles
from .options import HookOptions, guard_options
from .secrets import Decision, low_gate_rows, redact_found

if TYPE_CHECKING:
    from cognimem.engine import Engine
    from cognimem.models import MemoryDraft

#: a text's redaction: the text redacted and the decisions (as :func:`redact_found`)
Redaction = tuple[str, list[Decision]]


@dataclass
class Ahead:
    """One engine's results computed ahead: text -> its redaction, screened text -> its
    screen. Each is taken once (a second write of the same text computes its own)."""

    redactions: dict[str, Redaction] = field(default_factory=dict)
    screens: dict[str, Screened] = field(default_factory=dict)
    #: the texts the redaction left alone (no decision), and the screened texts that
    #: showed nothing: a plain draft of such texts is one the prepare hook leaves as it is
    clean: set[str] = field(default_factory=set)
    quiet: set[str] = field(default_factory=set)


#: the engine's options, read once (an engine's ``[hooks.guard]`` table is fixed when it
#: is built); and the results of its last chunk
_OPTIONS: WeakKeyDictionary[Engine, HookOptions] = WeakKeyDictionary()
_AHEAD: WeakKeyDictionary[Engine, Ahead] = WeakKeyDictionary()


def options_of(engine: Engine) -> HookOptions:
    """:func:`.options.guard_options`, once per engine."""
    found = _OPTIONS.get(engine)
    if found is None:
        found = _OPTIONS[engine] = guard_options(engine)
    return found


#: the redaction's needles (side 0) and the screen's (side 1) in one table: an ASCII content
#: is read once for both (its case-folded text, the screen's ``folded``, is ``lower()``)
_BOTH: list[Needles[tuple[int, Any]]] = []


def gates(low: str) -> tuple[list[Any], list[Any]]:
    """What ``secrets._low_gate().found(low)`` and ``injection._NEEDLE_TABLE.found(low)``
    give, in one pass: each table's rows ``low`` holds, in its order."""
    if not _BOTH:
        _BOTH.append(Needles([*((n, (0, v)) for n, v in low_gate_rows()),
                              *((n, (1, v)) for n, v in NEEDLE_ROWS)]))
    redaction: list[Any] = []
    screening: list[Any] = []
    for side, value in _BOTH[0].found(low):
        (screening if side else redaction).append(value)
    return redaction, screening


def screened_text(title: str | None, content: str) -> str:
    """The one text a title and a content are screened as (:func:`.screening.screen_fields`)."""
    return f"{title}\n{content}" if title else content


def compute(drafts: list[MemoryDraft], engine: Engine) -> None:
    """Redact, then screen, the drafts' texts as the prepare hook will, and keep the
    results for it (replacing the engine's previous chunk); no draft: the chunk is done,
    its results are dropped (they hold its texts)."""
    if not drafts:
        _AHEAD.pop(engine, None)
        return
    options = options_of(engine)
    ahead = Ahead()
    allow = options.allowlist
    redactions, clean = ahead.redactions, ahead.clean
    # an ASCII content's screen needles, found with its redaction's, and its longest word
    # (both read it): by text
    opened: dict[str, tuple[list[Any], int]] = {}
    if options.secrets:
        for draft in drafts:
            source = draft.source
            for text in (draft.content, draft.title, source.file, source.url, source.session):
                if text and text not in redactions:
                    if text is draft.content and text.isascii():
                        gate, rows = gates(text.lower())
                        longest = longest_word(text)
                        opened[text] = rows, longest
                        found = redactions[text] = redact_found(text, allow, gate, longest)
                    else:
                        found = redactions[text] = redact_found(text, allow)
                    if not found[1]:
                        clean.add(text)
    if options.injection != "off":
        screens, quiet = ahead.screens, ahead.quiet
        for draft in drafts:
            title, content = draft.title, draft.content
            if options.secrets:
                title = redactions[title][0] if title else title
                content = redactions[content][0]
            text = screened_text(title, content)
            if text not in screens:
                read = opened.get(text)
                seen = screens[text] = (screen(text) if read is None else
                                        screen(text, opened=read[0], longest=read[1]))
                if not seen:
                    quiet.add(text)
    _AHEAD[engine] = ahead


def untouched(engine: Engine, options: HookOptions, draft: MemoryDraft) -> bool:
    """Whether the prepare hook would leave ``draft`` as it is, by the results computed
    ahead: no title, tags nor meta; its content and source strings without a redaction
    (with ``secrets``), its content screened as showing nothing (unless ``injection`` is
    off). The hook then returns at once (#39 wave 12: most writes)."""
    if draft.title or draft.tags or draft.meta:
        return False
    ahead = _AHEAD.get(engine)
    if ahead is None:
        return False
    content = draft.content
    if options.secrets:
        clean = ahead.clean
        source = draft.source
        if content not in clean or any(text is not None and text not in clean
                                       for text in (source.file, source.url, source.session)):
            return False
    return options.injection == "off" or content in ahead.quiet


def redaction(engine: Engine, text: str) -> Redaction | None:
    """The redaction of ``text`` computed ahead for ``engine`` (taken), or None."""
    ahead = _AHEAD.get(engine)
    return None if ahead is None else ahead.redactions.pop(text, None)


def screened(engine: Engine, title: str | None, content: str) -> Screened:
    """The screen of a title and a content: computed ahead (taken), or now."""
    text = screened_text(title, content)
    ahead = _AHEAD.get(engine)
    found = None if ahead is None else ahead.screens.pop(text, None)
    return screen(text) if found is None else found
