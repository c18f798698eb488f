# ruff: noqa: RUF001  (dictionary words and punctuation of other scripts: their letters are meant)
"""Wave 19: passwords and PINs given in prose in any language, in escaped carriers, and a
strong password's shape with no word for it, each beside look-alikes that must stay
unchanged. Sentences written by hand from dictionaries' words for "password" (not from the
evaluation splits)."""

from __future__ import annotations

import re

import pytest

from cognimem_plugins.guard.escaped_prose import escaped_passwords
from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.pins import pin_reason
from cognimem_plugins.guard.prose_i18n import REASON, value_reason
from cognimem_plugins.guard.prose_words import WORDS
from cognimem_plugins.guard.secrets import redact

#: (text, the secret that must be gone)
REDACTED = [
    # Estonian: the word, its case ending, a copula the old patterns did not know
    ("Andmebaasi parooli jaoks kasuta nüüd Kv8#mQ2zLp, mitte vana.", "Kv8#mQ2zLp"),
    # Latvian, after a colon and an English word
    ("Parole testa datubāzei: Tq9!wErT5yZx", "Tq9!wErT5yZx"),
    # Azerbaijani with the copula glued to the value
    ("Poçt serverinin şifrəsi Hd7$kLm2Qw9-dır.", "Hd7$kLm2Qw9"),
    # Amharic: the value before the verb at the end
    ("የዳታቤዙ የይለፍ ቃል Zx4%nB7vQ2 ነው", "Zx4%nB7vQ2"),
    # Sinhala
    ("දත්ත ගබඩාවේ මුරපදය Wq2@eR5tY8 වේ.", "Wq2@eR5tY8"),
    # Irish: the copula, the value, then the word
    ("Is é Pm3^kL8vB2 an pasfhocal don bhunachar sonraí.", "Pm3^kL8vB2"),
    # Māori and Hausa
    ("Ko te kupuhipa mō te pūnaha ko Rt6&yU1iO9", "Rt6&yU1iO9"),
    ("Kalmar sirri ta na'ura ita ce Gh5*jK2lM8", "Gh5*jK2lM8"),
    # Spanish with ten words between the word and the copula
    ("La contraseña de la cuenta del equipo de soporte en el servidor de pruebas es "
     "Yu7!iO3pA6.", "Yu7!iO3pA6"),
    # Japanese: the particle glued, then the polite copula
    ("検証環境のパスワードはNb4#vC9xZ1です。", "Nb4#vC9xZ1"),
    # Hungarian, inflected
    ("A tesztszerver jelszava: Lk8?jH3gF6", "Lk8?jH3gF6"),
    # alphanumeric only but random (two of each case and a digit, ten characters or more)
    ("Het wachtwoord voor de router is nu Qw3ErTy7uIo", "Qw3ErTy7uIo"),
    # a PIN and a role's numeric code
    ("The PIN for the lobby keypad is 739215, please keep it private.", "739215"),
    ("Installer code on the alarm panel: 48213957", "48213957"),
]


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_prose_password_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


#: sentences about passwords, and values that are names, in the same languages
KEPT = [
    "Das Passwort muss mindestens 12 Zeichen lang sein und Sonderzeichen wie !@# enthalten.",
    "Le mot de passe est stocké dans Vault sous secret/data/app.",
    "Das Passwort für den OAuth2Client steht im Vault.",
    "Пароль: см. 1Password, запись Prod-DB01",
    "Das Passwort ist dasselbe wie für db-prod-01.example.com",
    "Het wachtwoord staat in de kluis onder KV-Prod-2024",
    "Hasło do bazy: ********",
    "senha: ${DB_PASSWORD}",
    "Das Passwort wird mit argon2id gehasht, Parameter m=64MiB, t=3.",
    "Adgangskoden til NAS'en er skiftet i går.",
    "La contraseña debe tener 8+ caracteres, una mayúscula y un símbolo (!@#%).",
    "Parola se resetează din https://portal.example/reset?id=Ab12Cd",
    # PINs: lengths, defaults, runs, a unit after the digits, "pin" the verb
    "The PIN is 4 digits long.",
    "Default PIN: 0000",
    "PIN: 123456",
    "the PIN code is 6 digits",
    "pin numpy to 1.26.4 before the release",
    "error code: 50012",
]


@pytest.mark.parametrize("text", KEPT)
def test_look_alike_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_value_reason_wants_a_chosen_value() -> None:
    assert value_reason("Tq9!wErT5yZx") is None
    assert value_reason("db01.prod.internal") is not None  # a host's name
    assert value_reason("1Password") is not None  # a product's name
    assert value_reason("m=64MiB") is not None  # a setting
    assert value_reason("IJH.m.jq7N6JP0Gk") is None  # dots, but a random part


def test_pin_reason() -> None:
    assert pin_reason("739215") is None
    assert pin_reason("1111") is not None
    assert pin_reason("987654") is not None


def test_escaped_carriers() -> None:
    # a JSON log line written with ensure_ascii: the sentence is Serbian once decoded
    text = ('{"msg": "\\u041b\\u043e\\u0437\\u0438\\u043d\\u043a\\u0430 \\u0458\\u0435 '
            'Ka7&pQ2wZx9"}')
    assert "Ka7&pQ2wZx9" not in redact(text)[0]
    assert redact(text)[0].endswith('"}')
    # URL-encoded: the value is redacted as written (%26 for &)
    text = "GET /notify?msg=Passwort%20ist%20Xq7%26Lp9%21zz HTTP/1.1"
    assert "Xq7%26Lp9%21zz" not in redact(text)[0]
    # HTML entities
    text = "<p>Mot de passe&nbsp;: Wd5&amp;Rt8!yy</p>"
    assert "Wd5&amp;Rt8!yy" not in redact(text)[0]
    # escapes without a password word: nothing
    assert list(escaped_passwords('{"msg": "\\u00e9t\\u00e9 Ka7&pQ2wZx9"}')) == []


def test_strong_shape_alone_after_a_colon() -> None:
    assert "Saffron77!QxT" not in redact("keepassxc-cli open ops.kdbx  # master: Saffron77!QxT3")[0]
    for text in ("nonce in the CSP header: 'nonce-l2ek6zyP+NnJO92GmqnfdxCE'",
                 "build: v2.4.1-rc3+g1a2b3c", "see: https://example.org/A1b2!C3d4"):
        assert redact(text)[0] == text


def test_every_word_compiles_and_its_stem_is_lowercase() -> None:
    for word in WORDS:
        assert word.stem == word.stem.lower() and word.stem
        assert re.compile(word.pattern).pattern


def test_explain_names_the_reader() -> None:
    secrets = explain("Parole testa datubāzei ir Tq9!wErT5yZx").secrets
    assert any(s.redacted and s.reason == REASON for s in secrets)
