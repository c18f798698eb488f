"""The pipeline's slots are listed once: every place that walks the pipeline agrees with
:data:`cognimem.slots.SLOTS`, so a slot added in one place only fails here."""

from __future__ import annotations

import pytest

from cognimem.daemon.validate import check_profile
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.profile import ComponentSpec, Profile, load_profile
from cognimem.registry import HOOK_KINDS
from cognimem.slots import SLOTS


def test_the_profile_has_a_field_for_each_slot_and_no_other_component_field() -> None:
    def holds_specs(annotation: object) -> bool:
        return "ComponentSpec" in str(annotation)

    fields = {name for name, f in Profile.model_fields.items() if holds_specs(f.annotation)}
    assert fields == {slot.key for slot in SLOTS}
    for slot in SLOTS:
        value = getattr(Profile(), slot.key)
        assert isinstance(value, list) == slot.many, slot.key
        assert value is None or isinstance(value, list | ComponentSpec)


def test_the_engine_builds_reports_and_opens_every_slot(engine: Engine) -> None:
    pipeline = engine.stats()["pipeline"]
    assert set(pipeline) == {s.key for s in SLOTS if s.kind != "embedder"}
    built = engine.components()
    for slot in SLOTS:
        value = getattr(engine._k, slot.attr)  # the slots are the kernel's attributes
        members = value if slot.many else ([value] if value is not None else [])
        assert all(c in built for c in members), slot.key
        assert all(c.kind == slot.kind for c in members), slot.key


def test_every_slot_kind_has_its_registry_hook() -> None:
    for slot in SLOTS:
        assert slot.kind in HOOK_KINDS[slot.hook], slot


@pytest.mark.parametrize("slot", SLOTS, ids=lambda s: s.key)
def test_a_client_checks_every_slot_as_the_engine_does(slot: object) -> None:
    """The check a client makes before starting a daemon names the same key as the engine
    (the calibrator slot was once missing from it)."""
    from cognimem.slots import Slot

    assert isinstance(slot, Slot)
    table = {"use": "no-such-component"}
    value: object = [table] if slot.many else table
    overrides: dict[str, object] = {slot.key: value}
    if slot.kind == "vectors":
        overrides["embedder"] = {"use": "hash"}
    profile = load_profile("test", overrides=overrides)
    key = f"{slot.key}[0]" if slot.many else slot.key
    with pytest.raises(ProfileError) as engine_error:
        Engine.from_profile(profile).close()
    with pytest.raises(ProfileError) as client_error:
        check_profile(profile)
    assert f"`{key}.use`" in str(engine_error.value)
    assert str(client_error.value) == str(engine_error.value)
