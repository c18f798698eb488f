"""Checks a client makes before it starts a daemon, so a mistake gives the same one line
through the daemon as without it: the profile builds, the store path can hold a store."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ProfileError
from ..privacy import open_store_folder
from ..profile import Profile

if TYPE_CHECKING:
    from ..plugins import PluginHost


def check_store_path(store: Path) -> None:
    """Create the store directory if needed, or say in one line why it cannot be.

    :raises ProfileError: the path (or a parent) is a file, or the directory cannot be
        created (a read-only or foreign parent).
    """
    if store.exists() and not store.is_dir():
        raise ProfileError(
            f"the store path {str(store)!r} is a file, not a directory: the profile's `path` "
            "(or --store) names the directory that holds a store; choose another path")
    try:
        open_store_folder(store)  # a new store folder is private (0700)
    except OSError as exc:
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            why = "a parent of it is a file"
        else:
            why = exc.strerror or str(exc)
        raise ProfileError(
            f"cannot create the store directory {str(store)!r}: {why}; choose another path "
            "(--store or the profile's `path`) or fix the permissions of its parent") from None


def check_profile(profile: Profile) -> PluginHost:
    """Every component the profile names is installed and takes the options given: what
    the engine checks when it opens, without opening anything. Returns the plugin host.

    :raises ProfileError: naming the profile key to fix.
    :raises PluginError: a plugin failed to load.
    """
    from ..plugins import PluginHost, component_options
    from ..slots import specs as slot_specs

    settings = profile.plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, entrypoints=settings.entrypoints)
    if profile.vectors is not None and profile.embedder is None:
        raise ProfileError("profile key `vectors`: a vector index needs an [embedder] table")
    if not profile.retrieve:
        raise ProfileError("profile key `retrieve`: list at least one [[retrieve]] table")
    for slot, key, spec in slot_specs(profile):  # every slot, as the engine builds them
        component_options(host, slot.kind, spec, key)
    return host
