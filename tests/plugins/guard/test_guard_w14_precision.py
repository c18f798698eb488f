"""Wave 14 precision: values a secret-like name is given that are no secret (an empty
setting, a file's path, a placeholder with a suffix, a type in code), each beside a value
in the same place that still is one."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.explain import explain


def _redacted(text: str) -> list[str]:
    return [text[d.start:d.end] for d in explain(text).secrets if d.redacted]


@pytest.mark.parametrize("text", [
    "rcon.password=\nenable-rcon=false",
    "smtp_password=\nsmtp_port=587",
    "db_password:\n  pool_size: 5",
])
def test_an_empty_setting_does_not_take_the_next_line_as_its_value(text: str) -> None:
    assert _redacted(text) == []


def test_an_empty_setting_before_a_value_on_its_own_line_is_still_read() -> None:
    assert _redacted("rcon.password=\nXk29dLq8ZpW3") == ["Xk29dLq8ZpW3"]


@pytest.mark.parametrize("text", [
    "smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd",
    "passdb_file = passwd-file:/etc/dovecot/users",
    "password_file: /run/secrets/db_password",
    "token_path = ~/.config/gh/hosts.yml",
])
def test_a_path_to_where_the_secret_is_kept_is_kept(text: str) -> None:
    assert _redacted(text) == []


def test_a_value_with_slashes_and_capitals_is_no_path() -> None:
    # base64 holds slashes too; its capitals and digits are no path's lowercase names
    assert _redacted("api_secret = /9xKd+aQ/ZP3rT8uW/Lm2v") == ["/9xKd+aQ/ZP3rT8uW/Lm2v"]


@pytest.mark.parametrize("text", [
    "MAILCHIMP_API_KEY=REPLACE_ME-us21",
    "api_key = changeme_2",
    "SENDGRID_TOKEN=YOUR_TOKEN_HERE.eu",
])
def test_a_placeholder_with_a_short_suffix_is_kept(text: str) -> None:
    assert _redacted(text) == []


def test_a_key_that_merely_contains_a_placeholder_word_is_still_redacted() -> None:
    value = "9f3kQ2replaceme7Lp0Zx4Wm"
    assert _redacted(f"api_key = {value}") == [value]


@pytest.mark.parametrize("text", [
    "class Settings(BaseSettings):\n    bitly_token: SecretStr\n"
    "    survey_token: SecretStr | None = None",
    "def connect(host: str, api_key: str) -> None: ...",
    "    password: Optional[SecretStr] = None",
])
def test_a_type_in_code_is_kept(text: str) -> None:
    assert _redacted(text) == []


def test_a_camel_case_password_in_a_config_is_still_redacted() -> None:
    assert _redacted("db_password: Summer2024Blue") == ["Summer2024Blue"]
