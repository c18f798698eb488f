"""``whowhen``: raise hits by or about the people a query names and from the dates it names.

Two soft boosts over the ``depth`` best hits (by the score they enter with), each in units of
the score spread (best minus worst score entering the stage, as for ``proximity``), so they
reorder close hits and leave far ones alone:

**People** (``people`` weight). A person is *named* when the query holds, as a capitalised
word (``Audrey``, ``Audrey's``), the first name or the whole of a ``speaker`` (or
``author``) in the metadata of the hits entering the stage: a memory store says who speaks,
the query is matched against that, and nothing else is taken for a name. ``people_mode``
says which hits gain:

- ``speaker``: those the named person speaks (``meta.speaker`` is them);
- ``mention``: those whose text names the person (their own speaker label, a leading
  ``"Name:"``, does not count);
- ``both``: either.

A query naming every speaker among the hits (or none) tells them apart by nothing and gains
nothing. ``keep_others`` keeps the best hits by (or about) someone *not* named above every
boosted hit that entered below them (a boosted hit rises at most halfway to the last of
them): a question may name the wrong person (LoCoMo's adversarial questions do), and the
best match by someone else then stays in view. The people boost is off by default
(``people = 0``): on LoCoMo every form measured traded adversarial recall for its gain
(docs/retrieval.md).

**Dates** (``dates`` weight). Absolute and relative dates in the query (``"on 7 May 2023"``,
``"in May"``, ``"last week"``, ``"10 days ago"``; :mod:`.dates`) against each memory's time:
``valid_from`` .. ``valid_until`` when it has them, else its ``created_at``. A hit whose time
meets one of the named intervals gains ``dates * spread``. Relative dates are read against
the engine's clock (the time the question is asked).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache
from typing import Literal

from pydantic import Field

from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Memory, Query

from ..scores import score_spread
from .dates import Interval, query_intervals

#: Metadata keys that say who wrote or spoke a memory.
PERSON_KEYS: tuple[str, ...] = ("speaker", "author")


def person_of(memory: Memory) -> str | None:
    """Who speaks or wrote ``memory`` (its ``speaker`` or ``author`` metadata), if known."""
    for key in PERSON_KEYS:
        value = memory.meta.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern[str]:
    """A person's whole name or first name as a capitalised word (possessive allowed)."""
    words = name.split()
    forms = {re.escape(name)}
    if words and words[0][:1].isupper():
        forms.add(re.escape(words[0]))
    alternatives = "|".join(sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:'s|\u2019s)?(?![\w-])")


def named_people(text: str, people: Iterable[str]) -> set[str]:
    """The people (of ``people``) whose name ``text`` holds as a capitalised word."""
    return {p for p in people if p[:1].isupper() and _name_pattern(p).search(text)}


def mentions(memory: Memory, person: str) -> bool:
    """Whether ``memory``'s text names ``person``, its own leading speaker label aside."""
    content = memory.content
    own = person_of(memory)
    if own is not None:
        label = content.find(f"{own}:")
        if 0 <= label < 80:  # a label leads the text ("[date] Name: ..."), never deep in it
            content = content[:label] + content[label + len(own) + 1:]
    return bool(_name_pattern(person).search(content))


def memory_span(memory: Memory) -> tuple[datetime, datetime] | None:
    """When ``memory`` holds: ``valid_from`` .. ``valid_until`` (either side may fall back on
    the other or on ``created_at``), or the moment it was created."""
    start = memory.valid_from or memory.created_at
    if start is None:
        return None
    end = memory.valid_until or start
    return start, max(start, end)


def in_time(memory: Memory, intervals: list[Interval]) -> bool:
    """Whether ``memory``'s time meets one of ``intervals``."""
    span = memory_span(memory)
    return span is not None and any(i.overlaps(*span) for i in intervals)


class WhoWhen(Ranker):
    """Boost the best ``depth`` hits by or about the people and at the dates a query names."""

    reads_access_history = False
    reads_beside_writes = True  # holds no state a search changes

    name = "whowhen"
    glossary = {"person": "by or about a person the query names",
                "date": "from a date the query names", "boost": "boost"}

    class Options(Options):
        """How strong each boost is, whom the people boost favours, how deep it looks."""

        people: float = Field(default=0.0, ge=0, le=10,
                              description="boost of hits by or about a named person, in "
                                          "units of score spread (0: off)")
        people_mode: Literal["speaker", "mention", "both"] = Field(
            default="speaker",
            description="which hits the people boost favours: spoken by the named person, "
                        "naming them in their text, or either")
        keep_others: int = Field(default=1, ge=0, le=100,
                                 description="the best hits by or about someone not named "
                                             "that boosted hits never pass (0: none)")
        dates: float = Field(default=1.0, ge=0, le=10,
                             description="boost of hits whose time meets a date the query "
                                         "names, in units of score spread (0: off)")
        depth: int = Field(default=100, ge=1, le=1000,
                           description="the best hits rescored; the rest are left as they are")

    options: WhoWhen.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Add the people and date boosts to the ``depth`` best hits."""
        if not hits:
            return hits
        opts = self.options
        intervals = query_intervals(query.text, ctx.ctx.clock.now()) if opts.dates > 0 else []
        if not intervals and opts.people <= 0:
            return hits  # most queries name no date: nothing else is read for them
        best = sorted(hits, key=lambda h: -h.score)[: opts.depth]
        people: set[str] = set()
        if opts.people > 0:
            speakers = {p for p in (person_of(h.memory) for h in best) if p is not None}
            people = named_people(query.text, speakers)
            if people >= speakers:  # every speaker named (or none): nothing to tell apart
                people = set()
        if not people and not intervals:
            return hits
        spread = score_spread(hits)
        about = [bool(people) and self._about(h.memory, people) for h in best]
        others = [h.score for h, a in zip(best, about, strict=True) if people and not a]
        floor = None
        if opts.keep_others > 0 and others:
            floor = others[: opts.keep_others][-1]
        for hit, person in zip(best, about, strict=True):
            date = bool(intervals) and in_time(hit.memory, intervals)
            if not person and not date:
                continue
            boost = opts.people * spread * person
            if floor is not None and person and hit.score < floor:
                boost = min(boost, (floor - hit.score) / 2)
            boost += opts.dates * spread * date
            self.contribute(hit, hit.score + boost, person=int(person), date=int(date),
                            boost=boost)
        return hits

    def _about(self, memory: Memory, people: set[str]) -> bool:
        mode = self.options.people_mode
        if mode in ("speaker", "both") and person_of(memory) in people:
            return True
        return mode in ("mention", "both") and any(mentions(memory, p) for p in people)
