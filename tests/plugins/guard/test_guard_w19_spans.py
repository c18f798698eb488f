"""Wave 19 (spans): the mechanics of redaction. A redaction covers the whole token, a long
value is read whole, base64 that wraps a credential is redacted, a key's word anywhere in a
name counts, command lines' credentials are read by the tools' shared conventions. Each
case beside a look-alike that must stay unchanged. Written by hand from the formats' and
tools' documentation (RFC 4648, RFC 7617, getopt_long(3), Android's and Apple's references),
not from the evaluation splits."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.namewords import key_named, words
from cognimem_plugins.guard.secrets import redact
from cognimem_plugins.guard.spans import widen


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


#: a random value longer than any reader's old cap (fixed seed)
_RNG = random.Random(19)
_LONG = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(320))
_GHP = "ghp_" + "Zq7LmN2xKp9RtV4sWb8YcD1eFg3HjU5iOa6P"

#: (text, the secret that must be gone)
REDACTED = [
    # a bare value past the assignment reader's old cap of 200 characters
    (f"REFRESH_TOKEN={_LONG}", _LONG),
    # a quoted value past it (was not read at all)
    (f'SIGNING_PRIVATE_KEY="{_LONG}"', _LONG),
    # base64 of user:token (HTTP Basic's form), the token a GitHub one
    (f'git_basic_authorization: "{_b64("release-bot:" + _GHP)}"', _b64("release-bot:" + _GHP)),
    # base64 of a JSON object whose "key" member is an API key (an enrollment token's form)
    ("enrollment token: " + _b64(json.dumps({"ver": "8.14.0", "adr": ["10.0.0.7:9200"],
                                             "key": "Hq3vZk9LmP2xRt7W:Nd8sQ1bYc4FgJ6eUa0"})),
     _b64(json.dumps({"ver": "8.14.0", "adr": ["10.0.0.7:9200"],
                      "key": "Hq3vZk9LmP2xRt7W:Nd8sQ1bYc4FgJ6eUa0"}))),
    # a key's word in the middle of a SCREAMING name, and Duo's skey
    ("RELEASE_KEY_STAGING = T4qWz9LmXc2VbN7kRp5sYd3HgJ8fA1eU", "T4qWz9LmXc2VbN7kRp5sYd3HgJ8fA1eU"),
    ("[duo]\nikey = DIX7Q2M9KL4W8ZP3RT6Y\nskey = Wq8vL2mZx9Rk4Tn7Yb3Hc6Jd1Fs5Gp0EaUo2iNl",
     "Wq8vL2mZx9Rk4Tn7Yb3Hc6Jd1Fs5Gp0EaUo2iNl"),
    # a plist pair and Android meta-data named for a key by a camel-case word
    ("<key>OtaDeploymentKey</key>\n<string>Zr8kQ2vLm7Xc4Wn9Tb3Yp6Hd1Fs5Gj0Ea</string>",
     "Zr8kQ2vLm7Xc4Wn9Tb3Yp6Hd1Fs5Gj0Ea"),
    ('<meta-data android:name="com.vendor.ApiSecret" android:value="9f3c2a7b1e8d4f6a0c5b9e2d7a1f'
     '4c8b3e6d0a9f2c5b8e1d4a7f0c3b6e9d2a5f" />',
     "9f3c2a7b1e8d4f6a0c5b9e2d7a1f4c8b3e6d0a9f2c5b8e1d4a7f0c3b6e9d2a5f"),
    # a Kubernetes env list's name/value pair, the name's key word not last
    ('- name: OTA_KEY_PROD\n  value: "Hb7Lq2Zk9Xm4Wv8Tn3Rc6Yd1Fs5Gp0Ej"',
     "Hb7Lq2Zk9Xm4Wv8Tn3Rc6Yd1Fs5Gp0Ej"),
    # -p attached and quoted (mysql(1)), -P apart (macOS security import)
    ("mysql -u deploy -p'Vk3/Lq9ZmX2wRt7bNc4Yd8Hs1Fg6Jp0E' -h db.internal",
     "Vk3/Lq9ZmX2wRt7bNc4Yd8Hs1Fg6Jp0E"),
    ("security import dist.p12 -k build.keychain -P 'Tq8!Lm2Zx9Wk' -T /usr/bin/codesign",
     "Tq8!Lm2Zx9Wk"),
    # a credential's long flag (its last word), a sign-in subcommand's random argument
    ("planemo test --galaxy_user_key 6c2f9a1e8b3d7f4a0e5c9b2d6f1a8e3c wf.ga",
     "6c2f9a1e8b3d7f4a0e5c9b2d6f1a8e3c"),
    ("shodan init Qz8LmX2vKt9WbR4nYc7HdF3sJp6Ge1Ua", "Qz8LmX2vKt9WbR4nYc7HdF3sJp6Ge1Ua"),
    ("$ vault operator unseal Zk9vQ2LmXc7WbN4Tr8YpH3dF6sJg1EaUo5iKl0Rq3Ms=",
     "Zk9vQ2LmXc7WbN4Tr8YpH3dF6sJg1EaUo5iKl0Rq3Ms="),
    # a value written into a credential file
    ("echo 'Lq7Zx2Vm9KwRt4Bn' > /var/ossec/etc/authd.pass", "Lq7Zx2Vm9KwRt4Bn"),
]

#: clean look-alikes (must come back unchanged)
KEPT = [
    # base64 of JSON with no credential member, of a placeholder pair, a data URI
    f"echo {_b64(json.dumps({'theme': 'dark', 'lang': 'nl'}))} | base64 -d",
    f"base64 of the docs' sample pair: {_b64('username:password')}",
    f"data:text/plain;base64,{_b64('hello world, this is a public sample document')}",
    # keys that are not credentials: a cache's, a public key (Sparkle), a key's id
    "cache key: 9b2f4c7e1a8d3f6b0c5e9a2d7f1b4c8e",
    "SUPublicEDKey = Kq3vZ8LmX2wRt7bNc4Yd8Hs1Fg6Jp0EaUo5iNl2Rq9M=",
    "SIGNING_KEY_ID = 3AA5C34371567BD2",
    "<key>CFBundleIdentifier</key>\n<string>com.example.notes</string>",
    # -p of other tools, a path, a port mapping
    "mkdir -p src/components/NavBar2 && ssh -p 2222 deploy@host",
    "docker run -p 8080:80 -p 8443:443 nginx:1.27",
    # a sign-in word in prose before a commit id, a tool's init with words
    "fixed the login bug in commit 3f2a9c4d1b8e7f6a5c2d9e0b1a4f7c3d8e6b2a9f",
    "terraform init -backend-config=backend.hcl",
    # echo into an ordinary file
    "echo 'Lq7Zx2Vm9KwRt4Bn' > notes/scratch.txt",
    # a sentence's full stop after a redacted value stays
]


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_redacted(text: str, secret: str) -> None:
    cleaned = redact(text)[0]
    assert secret not in cleaned
    assert not any(secret[i:i + 8] in cleaned for i in range(len(secret) - 7))


@pytest.mark.parametrize("text", KEPT)
def test_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_widen_takes_the_token_and_nothing_else() -> None:
    text = "ENROLLMENT_TOKEN=Ab+d1234efgh5678ijklmn/op9Q==\nnext"
    # a reader that stopped after 16 characters: widened over the rest and its padding
    assert widen(text, 17, 33) == (17, text.index("\n"))
    # a sentence's full stop, and a hyphen before a word when the value holds none
    prose = "the password is Zx9Lq2Wm7. Next - line"
    assert widen(prose, 16, 25) == (16, 25)
    # never to the left (a flag's letter, a URL's prefix)
    assert widen("mysql -pSecret99X", 8, 17) == (8, 17)


def test_words_of_a_name() -> None:
    assert words("CodePushDeploymentKey") == ["code", "push", "deployment", "key"]
    assert key_named("unseal_keys_b64") and key_named("DUO_SKEY")
    assert not key_named("SUPublicEDKey") and not key_named("KEY_ID")
    assert not key_named("primary_key") and not key_named("sort_key")


def test_full_stop_after_a_widened_value_stays() -> None:
    cleaned = redact(f"new refresh token: {_LONG}. Rotate it monthly.")[0]
    assert cleaned.endswith(". Rotate it monthly.") and _LONG[:8] not in cleaned


def test_explain_names_the_new_reasons() -> None:
    shown = explain(f'auth: "{_b64("release-bot:" + _GHP)}"').secrets
    assert any(s.redacted and "base64" in s.reason for s in shown)
    shown = explain("RELEASE_KEY_STAGING = T4qWz9LmXc2VbN7kRp5sYd3HgJ8fA1eU").secrets
    assert any(s.redacted and "key's word" in s.reason for s in shown)
    shown = explain("shodan init Qz8LmX2vKt9WbR4nYc7HdF3sJp6Ge1Ua").secrets
    assert any(s.redacted and "sign-in" in s.reason for s in shown)
