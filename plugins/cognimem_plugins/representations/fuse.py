"""``window_rrf``: RRF that also lets each memory's neighbours vote for it.

A memory's window is the memory and its ``window`` neighbours on each side in its source
group (the same groups as the ``representations`` retriever's window view: a session, a
note's file...). For each retriever list, a *window list* scores every memory by the scores
its window's members have in that list (its own at 1, each neighbour's at
``neighbour_weight``; a member absent from the list adds nothing), so a turn whose answer
lies in the next turn is found by it, as a window representation indexed apart would find
it. The window lists join the retrievers' lists in the RRF sum (``window_weight`` each).

Nothing is indexed or embedded twice: the windows are made at search time from the lists
the retrievers already returned, and a memory without a source group is its own window (its
window list is its list again, so the fused order is RRF's, at twice its scores). The
source groups are kept in memory as memories are written and saved beside the store at
close, so a reopened store reads no memory for them.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from cognimem.components import Fuser, Options
from cognimem.context import Context
from cognimem.errors import ProfileError
from cognimem.models import Candidate, Query

from ..rankfusion import check_weights, ranked_candidates, rrf_scores, same_score
from .index import RepresentationIndex, representation_index
from .views import ViewSpec


def window_scores(candidates: list[Candidate], windows: Mapping[str, list[str]],
                  neighbour_weight: float, depth: int) -> list[tuple[str, float]]:
    """The best ``depth`` memories, best first, by the summed scores of their windows'
    members in ``candidates`` (``windows`` gives each listed memory's window; a window is
    symmetric, so a listed memory adds its score to each memory of its own window). Scores
    below zero add nothing."""
    scores: dict[str, float] = {}
    for cand in candidates:
        score = cand.score
        if score <= 0:
            continue
        for member in windows.get(cand.id, (cand.id,)):
            add = score if member == cand.id else neighbour_weight * score
            scores[member] = scores.get(member, 0.0) + add
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:depth]


def window_list(candidates: list[Candidate], windows: Mapping[str, list[str]],
                neighbour_weight: float, depth: int) -> list[Candidate]:
    """:func:`window_scores` as a ranked list (ranks are positions)."""
    found = window_scores(candidates, windows, neighbour_weight, depth)
    return [Candidate(i, s, r) for r, (i, s) in enumerate(found, 1)]


class WindowRRF(Fuser):
    """RRF over the retrievers' lists and, for each, its window list (neighbours vote)."""

    reads_beside_writes = True  # the source groups are locked; a search changes nothing

    name = "window_rrf"

    class Options(Options):
        """RRF's constant and weights, the window, and how much the window lists count."""

        k: float = Field(default=60.0, ge=0, description="RRF constant (60 in Cormack et al.)")
        weights: dict[str, float] = Field(default_factory=dict,
                                          description="weight per retriever name (default 1)")
        window: int = Field(default=1, ge=1, le=20, description="neighbours on each side")
        group_by: list[str] = Field(
            default_factory=lambda: ["source.session", "meta.session", "source.file"],
            description="the fields that name a memory's source, first set wins (`scope`: "
            "any memory, its neighbours those written around it in its scope)")
        neighbour_weight: float = Field(
            default=1.0, ge=0.0, le=1.0,
            description="a neighbour's score in a memory's window against its own 1")
        window_weight: float = Field(
            default=1.0, ge=0.0, le=10.0,
            description="each window list's weight in the RRF sum (0: plain RRF)")
        depth: int = Field(default=50, ge=1, le=1000,
                           description="memories kept in each window list")
        lists: list[str] = Field(
            default_factory=list,
            description="the retrievers whose lists get a window list (empty: every one)")

    options: WindowRRF.Options

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        self._groups: RepresentationIndex | None = None

    def spec(self) -> ViewSpec:
        """The window view whose source groups this fuser reads."""
        return ViewSpec(view="window", window=self.options.window,
                        group_by=tuple(self.options.group_by))

    def open(self, ctx: Context) -> None:
        """Check the weights and the listed retrievers; share the window's source groups."""
        check_weights(self, self.options.weights, ctx)
        labels = list(ctx.retriever_labels)
        for label in self.options.lists:
            if labels and label not in labels:
                raise ProfileError(
                    f"profile key `fuse.lists`: no retriever is labelled {label!r}; the "
                    f"profile's retrievers are: {', '.join(labels)}")
        self._groups = representation_index(ctx, self.spec())

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        o = self.options
        scores = rrf_scores(lists, o.weights, o.k)
        voted = [label for label in lists if not o.lists or label in o.lists]
        if self._groups is None or o.window_weight == 0 or not voted:
            return ranked_candidates(scores)
        windows = self._groups.neighbours({c.id for label in voted for c in lists[label]}) \
            if self._groups.grouped() else {}  # no sources: each memory is its own window
        for label in voted:
            weight = o.window_weight * o.weights.get(label, 1.0)
            found = window_scores(lists[label], windows, o.neighbour_weight, o.depth)
            rank, previous = 0, 0.0
            for position, (memory_id, score) in enumerate(found, 1):
                if position == 1 or not same_score(score, previous):  # ties share a rank
                    rank, previous = position, score
                scores[memory_id] = scores.get(memory_id, 0.0) + weight / (o.k + rank)
        return ranked_candidates(scores)
