"""The ``cognimem`` command line: it parses, delegates to the engine, and prints."""

from __future__ import annotations

from .app import main

__all__ = ["main"]
