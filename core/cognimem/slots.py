"""The pipeline's slots, listed once: what a profile may name, in the order the engine
builds, opens and reports them.

Every place that walks the pipeline derives from :data:`SLOTS`: the profile's component
fields (checked by a test against :class:`~cognimem.profile.Profile`), the engine's
construction, ``components()`` and ``stats()["pipeline"]``, the checks a client makes before
it starts a daemon (:mod:`cognimem.daemon.validate`), and the kinds each registry hook
registers (:data:`cognimem.registry.HOOK_KINDS`). Adding a kind of pipeline component is one
row here, its base class, and its call site in the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .profile import ComponentSpec, Profile


@dataclass(frozen=True)
class Slot:
    """One place of the pipeline a profile fills."""

    #: The component kind (the registry's name for it).
    kind: str
    #: The profile key (``[records]``, ``[[retrieve]]``...).
    key: str
    #: The engine's attribute holding the component (or the list of them).
    attr: str
    #: A list of components (``[[key]]`` tables) rather than at most one.
    many: bool
    #: The registry hook that registers components of this kind.
    hook: str
    #: Where it works: storing, writing or reading memories.
    role: Literal["store", "write", "read"]
    #: Whether a profile must fill it (a single slot with a default counts as filled).
    required: bool = False


SLOTS: tuple[Slot, ...] = (
    Slot("records", "records", "records", False, "cognimem_register_stores", "store", True),
    Slot("lexical", "lexical", "lexical", False, "cognimem_register_stores", "store"),
    Slot("vectors", "vectors", "vectors", False, "cognimem_register_stores", "store"),
    Slot("embedder", "embedder", "embedder", False, "cognimem_register_embedders", "store"),
    Slot("extractor", "extract", "extractors", True, "cognimem_register_extractors", "write"),
    Slot("retriever", "retrieve", "retrievers", True, "cognimem_register_retrievers", "read",
         True),
    Slot("fuser", "fuse", "fuser", False, "cognimem_register_fusers", "read", True),
    Slot("ranker", "rank", "rankers", True, "cognimem_register_rankers", "read"),
    Slot("calibrator", "confidence", "calibrator", False, "cognimem_register_calibrators",
         "read"),
    Slot("decay", "decay", "decay", True, "cognimem_register_decay", "write"),
    Slot("guard", "guard", "guards", True, "cognimem_register_guards", "write"),
    Slot("consolidator", "consolidate", "consolidator", False, "cognimem_register_guards",
         "write"),
)


def specs(profile: Profile) -> Iterator[tuple[Slot, str, ComponentSpec]]:
    """Each component the profile names: its slot, its profile key as an error names it
    (``retrieve[1]``), and its table."""
    for slot in SLOTS:
        value = getattr(profile, slot.key)
        if slot.many:
            for i, spec in enumerate(value):
                yield slot, f"{slot.key}[{i}]", spec
        elif value is not None:
            yield slot, slot.key, value
