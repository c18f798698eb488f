"""(wave 16) Values under a secret's name that are no secret, by class: a stand-in that
says what to do or that it is not real, a placeholder of hyphenated words in angle
brackets after a prefix, a state or a percentage, the name of the environment variable
that holds the secret; and a redaction that overlaps another is joined to it, so no part
of a value is left. Each beside a real secret of the same shape that stays redacted."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

KEPT = [
    'SMTP_PASSWORD="not-a-real-secret"  # the local mail catcher',
    "ldap_default_authtok = REPLACE_ME_FROM_VAULT",
    "GRAFANA_ADMIN_PASSWORD=not-the-real-one",
    "CMS_DELIVERY_TOKEN=CFPAT-<paste-token-here>",
    "FEATURE_PASSWORD_RESET_V2=enabled",
    "export FEATURE_PASSWORD_COMPLEXITY_V2=enforced",
    "PASSWORD_POLICY_MODE=permissive",
    "FF_API_TOKEN_V2_ROLLOUT=12.5%",
    "token_refresh_strategy: gradualRollout",
    "truststore.password.env=TRUSTSTORE_PASSWORD",
]

REDACTED = [
    ('SMTP_PASSWORD="n0t-4-r3al!x9"', "n0t-4-r3al!x9"),
    ("ldap_default_authtok = Rq8!vW2zLm", "Rq8!vW2zLm"),
    ("CMS_DELIVERY_TOKEN=CFPAT-Lq8vZ2mXr7TkP4wNc9Yb", "Lq8vZ2mXr7TkP4wNc9Yb"),
    ("truststore.password=Tq4!mZ9x@Lw2", "Tq4!mZ9x@Lw2"),
    # two rules' overlapping spans: the whole value goes
    ("kubectl create secret generic db --from-literal=password=Zq8!pL3#wXy", "pL3#wXy"),
]


@pytest.mark.parametrize("text", KEPT)
def test_stand_in_kept(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_real_value_redacted(text: str, secret: str) -> None:
    cleaned, counts = redact(text)
    assert counts and secret not in cleaned, cleaned
