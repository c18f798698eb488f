"""Wave 22 (secrets): the new readers of the redaction, kept or left out by
leave-one-split-out cross-validation over the forty-four seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``tables``: a Markdown table's column named for a secret (``structured.READ_TABLES``:
  ``| service | user | password |`` then ``|---|``);
* ``twoclass``: a value of two character classes after a secret's name, when random in them
  (``evidence.TWO_CLASS``: lowercase and digits, letters of both cases);
* ``enrol``: a setup, pre-auth, enrolment or registration key is a credential's name for
  hexadecimal and UUIDs (``near.ENROL_KEYS``: ``NB_SETUP_KEY=<UUID>``);
* ``crypthash``: a hash named for encryption is a secret's name (``names.NOT_SECRET_NAME``
  without ``encryption_hash``/``crypt_hash``: WHMCS's ``$cc_encryption_hash``);
* ``userinfo``: ``NAME.user.info=ID:SECRET`` (``userinfo.READ_USER_INFO``: Confluent's
  ``basic.auth.user.info``);
* ``hexpairs``: ``ID:SECRET`` in hexadecimal on a line that names a key, a secret or a token
  (``userinfo.READ_HEX_PAIRS``: Ghost's Admin API keys);
* ``holder``: ``user NAME / PASSWORD`` after the word for an account's holder
  (``pairs_wide.READ_HOLDER_PAIRS``);
* ``ezconnect``: Oracle's ``user/password@//host:port/service`` (``pairs_wide.READ_EZCONNECT``);
* ``basic``: ``basic auth user:password`` in clear (``pairs_wide.READ_CLEAR_BASIC``);
* ``login``: "the login for X is ..." with a random value (``pairs_wide.READ_LOGIN_VALUE``);
* ``retry``: the value right after a password word when the prose reader ran to a later ``:``
  and refused that value (``passwords.RETRY_NEAR``).

Each point redacts every secret and clean row of the 44 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave20_secrets``' method and helpers. Only the rows the
empty and the full point redact differently are redacted again at each point. Nothing is
printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave22_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave19_spans as w19  # noqa: E402
import cv_wave21_secrets as w21  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
MECHANISMS = ("tables", "twoclass", "enrol", "crypthash", "userinfo", "hexpairs", "holder",
              "ezconnect", "basic", "login", "retry")
#: the modules that hold :data:`.names.NOT_SECRET_NAME` under that name
_HOLDERS = ("names", "assigned", "configs", "fallbacks", "namewords", "setcommands",
            "structured")
_NOT_SECRET: dict[bool, re.Pattern[str]] = {}


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    import importlib

    from cognimem_plugins.guard import (
        evidence,
        names,
        near,
        pairs_wide,
        passwords,
        structured,
        userinfo,
    )

    if not _NOT_SECRET:
        new = names.NOT_SECRET_NAME
        _NOT_SECRET[True] = new
        _NOT_SECRET[False] = re.compile(
            new.pattern.replace("(?<!encryption_)(?<!crypt_)", ""), new.flags)
    for holder in _HOLDERS:
        module = importlib.import_module(f"cognimem_plugins.guard.{holder}")
        module.NOT_SECRET_NAME = _NOT_SECRET["crypthash" in point]  # type: ignore[attr-defined]
    structured.READ_TABLES = "tables" in point
    evidence.TWO_CLASS = "twoclass" in point
    near.ENROL_KEYS = "enrol" in point
    userinfo.READ_USER_INFO = "userinfo" in point
    userinfo.READ_HEX_PAIRS = "hexpairs" in point
    pairs_wide.READ_HOLDER_PAIRS = "holder" in point
    pairs_wide.READ_EZCONNECT = "ezconnect" in point
    pairs_wide.READ_CLEAR_BASIC = "basic" in point
    pairs_wide.READ_LOGIN_VALUE = "login" in point
    passwords.RETRY_NEAR = "retry" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
