"""Wave 17: credentials given where a tool's or an SDK's documentation puts them (a client's
key argument, Composer's and Codecov's command lines, a registry login's ``-p=``, basic
authentication with the key as the user, an Intercom token, "NAME (remark) -> VALUE"),
each beside a look-alike that must stay unchanged. Cases written by hand."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

REDACTED = [
    ("notifier = rollbar.init('5b0e9c2d7a4f41e3b8c6d1f0a2e4c7b9', environment='staging')",
     "5b0e9c2d7a4f41e3b8c6d1f0a2e4c7b9"),
    ('idx = SearchClient.create("K7Q2ZP9WXM", "e3c1a7b95d2f4e6a8c0b1d3f5a7c9e2b")',
     "e3c1a7b95d2f4e6a8c0b1d3f5a7c9e2b"),
    ('tr = deepl.Translator("0f1e2d3c-4b5a-4697-8877-a6b5c4d3e2f1")',
     "0f1e2d3c-4b5a-4697-8877-a6b5c4d3e2f1"),
    ("composer config -g http-basic.repo.packagist.com deploy Qm7.vX2-kP9wLz4",
     "Qm7.vX2-kP9wLz4"),
    ("codecovcli upload-process -t 9a8b7c6d-5e4f-4321-9876-fedcba012345 -f lcov.info",
     "9a8b7c6d-5e4f-4321-9876-fedcba012345"),
    ('podman login -u="svc+ci" -p="R2D2C3POBB8K9QWERTYZXCVBNM12345" registry.example.io',
     "R2D2C3POBB8K9QWERTYZXCVBNM12345"),
    ("curl -u 5c2e8a1f9b7d4c3e6a0f2b8d1e7c9a4f-2: https://ats.example.com/v1/jobs",
     "5c2e8a1f9b7d4c3e6a0f2b8d1e7c9a4f"),
    ("curl -u 7d1f3b5a9c2e4f6a8b0c1d3e5f7a9b2c:api_token https://time.example.com/me",
     "7d1f3b5a9c2e4f6a8b0c1d3e5f7a9b2c"),
    ("inbox export: dG9rOjExMTExMTExLTIyMjItNDMzMy04NDQ0LTU1NTU1NTU1NTU1NToxOjA=",
     "dG9rOjExMTExMTExLTIyMjItNDMzMy04NDQ0"),
    ("CRM API token (live) -> Wq8ZrT2mXk4Lp9Vb7Nc3Hd6Fs1Jg5Ya0",
     "Wq8ZrT2mXk4Lp9Vb7Nc3Hd6Fs1Jg5Ya0"),
]

UNCHANGED = [
    "notifier = rollbar.init(os.environ['ROLLBAR_TOKEN'], environment='staging')",
    'idx = SearchClient.create("K7Q2ZP9WXM", ALGOLIA_ADMIN_KEY)',
    'bot = Bot("nightly-release-notes-bot")',
    "composer config -g http-basic.repo.packagist.com deploy $PACKAGIST_PASSWORD",
    "codecovcli upload-process -t ${CODECOV_TOKEN} -f lcov.info",
    # base64 of other readable text
    "inbox export: dXNlcjExMTExMTExLTIyMjItNDMzMy04NDQ0LTU1NTU1NTU1NTU1NToxOjA=",
    "curl -u admin:api_token https://time.example.com/me",
    "CRM API token (live) -> stored in the vault under crm/live",
]


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_tool_credentials_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned, cleaned
    assert found


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_stays(text: str) -> None:
    assert redact(text)[0] == text
