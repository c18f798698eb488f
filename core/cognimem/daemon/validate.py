"""Checks a client makes before it starts a daemon, so a mistake gives the same one line
through the daemon as without it: the profile builds, the store path can hold a store."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ProfileError
from ..privacy import open_store_folder
from ..profile import ComponentSpec, Profile

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


def _specs(profile: Profile) -> list[tuple[str, str, ComponentSpec]]:
    specs: list[tuple[str, str, ComponentSpec]] = [("records", "records", profile.records)]
    for kind in ("lexical", "vectors", "embedder"):
        spec = getattr(profile, kind)
        if spec is not None:
            specs.append((kind, kind, spec))
    specs += [("extractor", f"extract[{i}]", s) for i, s in enumerate(profile.extract)]
    specs += [("retriever", f"retrieve[{i}]", s) for i, s in enumerate(profile.retrieve)]
    specs.append(("fuser", "fuse", profile.fuse))
    specs += [("ranker", f"rank[{i}]", s) for i, s in enumerate(profile.rank)]
    specs += [("decay", f"decay[{i}]", s) for i, s in enumerate(profile.decay)]
    specs += [("guard", f"guard[{i}]", s) for i, s in enumerate(profile.guard)]
    if profile.consolidate is not None:
        specs.append(("consolidator", "consolidate", profile.consolidate))
    return specs


def check_profile(profile: Profile) -> PluginHost:
    """Every component the profile names is installed and takes the options given: what
    the engine checks when it opens, without opening anything. Returns the plugin host.

    :raises ProfileError: naming the profile key to fix.
    :raises PluginError: a plugin failed to load.
    """
    from pydantic import ValidationError

    from ..plugins import PluginHost

    settings = profile.plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, entrypoints=settings.entrypoints)
    if profile.vectors is not None and profile.embedder is None:
        raise ProfileError("profile key `vectors`: a vector index needs an [embedder] table")
    if not profile.retrieve:
        raise ProfileError("profile key `retrieve`: list at least one [[retrieve]] table")
    for kind, key, spec in _specs(profile):
        registration = host.get(kind, spec.use)
        if registration is None:
            choices = ", ".join(sorted(host.components(kind))) or "(none installed)"
            raise ProfileError(f"profile key `{key}.use` = {spec.use!r} is not a known "
                               f"{kind}; choose one of: {choices}")
        try:
            registration.obj.Options(**spec.options)
        except ValidationError as exc:
            problems = "; ".join(
                f"`{key}.{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}"
                for e in exc.errors())
            valid = ", ".join(registration.obj.Options.model_fields) or "none"
            raise ProfileError(f"profile key `{key}` ({kind} {spec.use!r}): {problems}. "
                               f"Valid options: {valid}") from None
    return host
