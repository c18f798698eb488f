"""``cognimem.connect()``: the memory API of a store from Python, whoever owns it.

The command line reaches an on-disk store through its owner daemon (started on first use),
which holds the store while it runs. A Python program that opened the same store with
``Engine.from_profile`` would then find it locked; :func:`connect` gives it the running
daemon's client instead (:class:`~cognimem.daemon.remote.RemoteEngine`, the same typed
memory API), and the engine itself when no daemon owns the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .daemon.api import MemoryAPI
    from .profile import Profile


def connect(profile: Profile | str | Path | None = None, *, path: str | Path | None = None,
            overrides: Mapping[str, Any] | None = None,
            through: Literal["auto", "daemon", "engine"] = "auto") -> MemoryAPI:
    """The memory API of the profile's store (``None``: the default profile).

    :param path: the store directory, overriding the profile's ``path``.
    :param overrides: highest-priority profile values as nested dicts.
    :param through: ``auto`` — the running owner daemon's client when one owns the store,
        else an engine in this process; ``daemon`` — always through the daemon (started if
        needed; several processes then share the store); ``engine`` — an engine in this
        process (raises :class:`~cognimem.errors.StoreLocked` while a daemon runs).
    :raises ProfileError: a bad profile, naming the key.

    Use it as a context manager::

        import cognimem
        with cognimem.connect() as memory:
            memory.add("We deploy on Fridays")
            hits = memory.search("when do we deploy?").hits
    """
    from .profile import Profile, load_profile, merge_tables

    if through not in ("auto", "daemon", "engine"):
        from .errors import InvalidInput

        raise InvalidInput(f"through must be auto, daemon or engine, not {str(through)[:40]!r}")
    if isinstance(profile, Profile):
        chosen = profile
        if overrides:
            from pydantic import ValidationError

            from .engine.types import validation_message
            from .errors import ProfileError

            try:
                chosen = Profile.model_validate(merge_tables(profile.model_dump(), overrides))
            except ValidationError as exc:
                raise ProfileError(validation_message(exc, "profile")) from None
    else:
        chosen = load_profile(*([] if profile is None else [profile]), overrides=overrides)
    if path is not None:
        chosen = chosen.model_copy(update={"path": str(path)})
    store = chosen.store_path()
    if store is not None and through != "engine" and (through == "daemon" or _owned(chosen)):
        from .daemon.remote import RemoteEngine

        return RemoteEngine(chosen).connect()
    from .engine import Engine

    return Engine.from_profile(chosen)


def _owned(profile: Profile) -> bool:
    """Whether a live owner daemon holds the profile's store."""
    from .daemon.runtime import pid_alive, read_owner_record, store_of

    record = read_owner_record(store_of(profile))
    return record is not None and pid_alive(record.pid)
