"""What is not a secret's value, whatever rule found it (wave 19, issue #39).

Every reader of :mod:`.secrets` (a provider's format, a secret-like name, a flag, prose)
finds a *candidate*; each reader had its own idea of what a candidate may be instead of a
value (:mod:`.standins`), so a stand-in one reader kept, another redacted
(``notarytool --password xxxx-xxxx-xxxx-xxxx`` was redacted as an app-specific password,
its format's reader knowing no mask). :func:`not_a_value_reason` is the one test every
candidate passes (:func:`.secrets._public`, the place all readers' decisions go through):

* **a mask**: runs of a masking character (``x``, ``X``, ``*``, ``•``, ``●``, ``·``,
  ``#``) with at most a short visible head or tail: ``xxxx-xxxx-xxxx-xxxx``,
  ``sk_live_****4242``, ``••••••••abcd`` (PCI DSS 3.4's "masked PAN" and the consoles'
  display of a stored key: the first or last few characters shown, the rest masked);
* **a repeated unit**: one or two characters repeated over the whole value
  (``0x0b0b0b0b0b0b0b0b``: RFC 2202's and RFC 4231's HMAC test keys are such fills, and
  a generated secret never is);
* **a null or a literal of another type**: ``null``, ``None``, ``nil``, ``undefined``,
  ``true``, ``false``, an empty quoted string, or another setting's ``name=literal``
  (``pass no_cache=True``: the word "pass" then a keyword argument);
* **a name in a secret manager**: a value given to a secret manager's identifier flag
  (AWS Secrets Manager's and SSM's ``--secret-id``/``--name``, ``gcloud secrets ...
  --secret``, ``az keyvault secret show --name``, 1Password's ``--vault``, ``security
  find-generic-password -s``), the name or path of the secret, not the secret; a
  reference in a manager's own URI (:data:`.standins.SECRET_REFERENCE`) or a keychain
  item named as such;
* **a CSP source expression**: ``'nonce-...'`` and ``'sha256-...'`` of a
  Content-Security-Policy (W3C CSP Level 3: the nonce is sent to every browser in the
  response header, the hash is of a public script).

A private key's block is never kept here. :data:`TESTS` names the tests in use (each chosen
by leave-one-split-out CV, ``bench/guard_eval/cv_wave19_precision.py``).
"""

from __future__ import annotations

import re

from .defaults import default_reason
from .nonsecret import evidence_reason
from .standins import SECRET_REFERENCE

#: the tests in use (the CV switches them one by one)
TESTS: frozenset[str] = frozenset(
    {"mask", "repeated", "literal", "manager", "csp"})

#: a masking character's run (three or more of one)
_MASK_RUN = re.compile(r"([xX*\u2022\u25cf\u00b7#\u2217\u25cb])\1{2,}")
#: what separates a masked value's groups
_SEPARATORS = re.compile(r"[-_.:/ ]")
#: a value's visible part beside its mask: at most this many letters and digits
_VISIBLE = 12
#: one or two characters repeated (after an optional ``0x``), at least twelve in all
_REPEATED = re.compile(r"(?:0x)?(..?)\1{5,}", re.IGNORECASE | re.DOTALL)
#: a literal that is no secret: null, a boolean, an empty string
_NULLS = frozenset(("null", "none", "nil", "undefined", "true", "false", "~", '""', "''",
                    "<nil>", "(null)"))
#: another setting's keyword argument given a literal (``no_cache=True``, ``retries=3``)
#: (a name in lower snake case or one lowercase word; a password may hold "=" and digits:
#: ``z64CAox1XWOmL=7`` is one)
_KWARG = re.compile(r"(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]{2,30})=(?:[Tt]rue|[Ff]alse|None|"
                    r"null|nil|[\"'][\"'])|[a-z][a-z0-9]*(?:_[a-z0-9]+)+=\d{1,6}")
#: a secret manager's command on the line, and the flag that names the secret (its id,
#: name or path in the manager: AWS CLI, gcloud, az, vault, 1Password's op, macOS security,
#: pass/gopass, Bitwarden, Doppler, Infisical, kubectl)
_MANAGER = re.compile(
    r"(?i)\b(?:secretsmanager|ssm|gcloud secrets|keyvault|vault (?:kv|read)|op (?:read|item)|"
    r"security (?:find|delete)-(?:generic|internet)-password|gopass|pass show|bw get|"
    r"doppler secrets|infisical secrets|kubectl get secrets?|keychain)\b")
_NAME_FLAG = re.compile(
    r"(?i)(?:--(?:secret-id|secret-name|name|names|secret|vault|item|path|key-name|"
    r"parameter-name|id)|\s-[sal])[= ]+[\"']?$")
#: a keychain item or a vault's entry named in the words before the value
_KEYCHAIN = re.compile(r"(?i)\b(?:keychain|key ?vault|1password|bitwarden|lastpass|"
                       r"keepass\w*|secret manager|secrets manager)(?: item| entry)?"
                       r"(?: named| called)?\s*[\"'`]?$")
#: a CSP source expression's nonce or hash (W3C CSP Level 3, nonce-source, hash-source)
_CSP = re.compile(r"(?:nonce|sha256|sha384|sha512)-[A-Za-z0-9+/_-]+={0,2}")


def masked(value: str) -> bool:
    """Whether ``value`` is a mask: four or more masking characters in runs, and at most a
    short visible head or tail (twelve letters and digits: ``sk_live_****4242``; a
    generated secret with a run of one character has far more)."""
    runs = list(_MASK_RUN.finditer(value))
    hidden = sum(len(m.group(0)) for m in runs)
    if hidden < 4:
        return False
    visible = _SEPARATORS.sub("", _MASK_RUN.sub("", value))
    return len(visible) <= _VISIBLE


def repeated(value: str) -> bool:
    """Whether ``value`` is one or two characters repeated (twelve or more in all)."""
    return len(value) >= 12 and _REPEATED.fullmatch(value) is not None


def _line_before(text: str, start: int) -> str:
    return text[text.rfind("\n", 0, start) + 1:start]


def not_a_value_reason(text: str, start: int, end: int) -> str | None:
    """Why ``text[start:end]``, a candidate of any reader, is not a secret's value, or
    None (the module docstring)."""
    value = text[start:end]
    tests = TESTS
    if "mask" in tests and masked(value):
        return "masked: runs of a masking character with at most a short visible part"
    if "repeated" in tests and repeated(value):
        return "one or two characters repeated (a fill or a documented test key, 0x0b0b...)"
    if "literal" in tests and (value.lower() in _NULLS or _KWARG.fullmatch(value)):
        return "a null, a boolean, an empty string or another setting's name=literal"
    if "csp" in tests and _CSP.fullmatch(value) and text[start - 1:start] == "'":
        return ("a Content-Security-Policy nonce or hash ('nonce-...', 'sha256-...': sent to "
                "every browser, public by design)")
    if "manager" in tests:
        before = _line_before(text, start)
        if _MANAGER.search(before) and _NAME_FLAG.search(before):
            return "the name or path of a secret in a secret manager (its id flag), not the secret"
        if SECRET_REFERENCE.fullmatch(value) or _KEYCHAIN.search(before):
            return "a reference to a secret manager, a vault or a keychain item"
    # (wave 22) defaults, fills in base64, references and public JSON (:mod:`.defaults`)
    # (wave 23) a value whose own text says it is no secret (:mod:`.nonsecret`)
    return default_reason(text, start, end) or evidence_reason(text, start, end)
