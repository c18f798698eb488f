"""Exceptions raised by cognimem. Every message names what to fix."""

from __future__ import annotations


class CognimemError(Exception):
    """Base class of every error cognimem raises on purpose."""


class InvalidInput(CognimemError, ValueError):
    """A caller passed bad input (empty content, unknown field, wrong type...).

    Nothing was written when this is raised.
    """


class NotFound(CognimemError, KeyError):
    """An id names no memory (or edge, or graveyard entry)."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the message readable
        return str(self.args[0]) if self.args else "not found"


class Rejected(CognimemError):
    """A prepare hook refused a write (for example: it holds a credential)."""


class ProfileError(CognimemError, ValueError):
    """A profile names an unknown component or gives a bad option."""


class PluginError(CognimemError):
    """A plugin failed to load, misspelt a hook or registered a duplicate name."""


class StoreError(CognimemError):
    """The store on disk cannot be used as asked (foreign files, newer schema, disk full...)."""


class StoreLocked(StoreError):
    """Another process owns the store."""


class EmbedderUnavailable(CognimemError):
    """The embedder cannot run here (weights missing, server unreachable)."""


class Refused(Rejected):
    """An agent may not do this to a memory of an agent of higher authority."""
