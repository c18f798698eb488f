"""A pytest plugin that records what the guard's tests screen and redact (issue #39, wave 26).

Loaded by :mod:`tested_texts` (``-p tested_texts_plugin``), never by the test suite itself.
On import it wraps ``injection.screen`` and the secrets module's ``redact`` and
``redact_found``, so every module that imports them later gets the wrappers; each call adds
(side, text, whether it flagged or changed it, whether the call had the defaults) to the
running test's list. A test's texts that were flagged or changed, with any arguments, are
always written (they are never look-alikes), with whether the test passed (wave 27: a text
a passing test saw flagged with the defaults is one of the tests' injections, a bound of the
stance's veto); the others only from a call with the defaults (a test that asks for every
cue's score, ``full=True``, or another threshold or allowlist reads an injection's cues or
a secret it allows, not a look-alike) and only when the test passed (not an xfail). One
JSON-lines file per xdist worker, in ``$COGNIMEM_TESTED_OUT``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cognimem_plugins.guard import injection, secrets

_OUT = Path(os.environ.get("COGNIMEM_TESTED_OUT", "."))
_SEEN: list[tuple[str, str, bool, bool]] = []
_screen = injection.screen
_redact = secrets.redact
_redact_found = secrets.redact_found


def _note(side: str, text: str, hit: bool, defaults: bool) -> None:
    if hit or defaults:
        _SEEN.append((side, text, hit, defaults))


def _screen_recorded(text: str, *args: Any, **kwargs: Any) -> Any:
    found = _screen(text, *args, **kwargs)
    _note("injection", text, bool(found), not args and not kwargs)
    return found


def _redact_recorded(text: str, *args: Any, **kwargs: Any) -> Any:
    out = _redact(text, *args, **kwargs)
    _note("secret", text, out[0] != text, not args and not kwargs)
    return out


def _redact_found_recorded(text: str, *args: Any, **kwargs: Any) -> Any:
    out = _redact_found(text, *args, **kwargs)
    _note("secret", text, out[0] != text, not args and not kwargs)
    return out


injection.screen = _screen_recorded
secrets.redact = _redact_recorded
secrets.redact_found = _redact_found_recorded


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test's list starts empty."""
    _SEEN.clear()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """After a test's call: its flagged texts always, the others if it passed."""
    if report.when != "call":
        return
    passed = report.passed and not hasattr(report, "wasxfail")
    rows = [row for row in _SEEN if row[2] or passed]
    _SEEN.clear()
    if not rows:
        return
    path = _OUT / f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.jsonl"
    with path.open("a", encoding="utf-8") as f:
        for side, text, hit, defaults in rows:
            f.write(json.dumps({"side": side, "text": text, "hit": hit, "passed": passed,
                                "defaults": defaults}) + "\n")
