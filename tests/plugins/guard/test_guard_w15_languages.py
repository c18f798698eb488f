# ruff: noqa: RUF001  (Cyrillic and Greek letters are the point of some texts)
"""(wave 15) A password, an access or activation code, a licence key or a shared secret
named in more languages (from dictionaries), each beside a sentence about one that gives
none."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

SECRET = "Pz7@kWq3Lm9x"
LICENCE = "9C4E7A21F03B58D6"

FOUND = [
    f"Lozinka za ruter je {SECRET}",  # Croatian
    f"Geslo za strežnik je {SECRET}",  # Slovene
    f"Serveri parool on {SECRET}",  # Estonian
    f"Serverio slaptažodis yra {SECRET}",  # Lithuanian
    f"Lykilorðið er {SECRET}",  # Icelandic
    f"Fjalëkalimi i serverit është {SECRET}",  # Albanian
    f"Nenosiri la seva ni {SECRET}",  # Swahili
    f"Лозинка за серверот е {SECRET}",  # Macedonian
    f"Паролата за сървъра: {SECRET}",  # Bulgarian
    f"Ο κωδικός για το staging είναι {SECRET}",  # Greek, an English word between
    f"mot_de_passe = {SECRET}",
    f"mdp : {SECRET}",
    f"A palavra-passe do router é {SECRET}",  # European Portuguese
    f"Der Zugangscode lautet {SECRET}",
    f"Le code d'accès est {SECRET}",
    f"La clave de acceso es {SECRET}",
    f"Il codice di attivazione è {SECRET}",
    f"Das gemeinsame Geheimnis ist {SECRET}",
    f"the license key is {LICENCE}",
    f"activation key: {LICENCE}",
]

KEPT = [
    "Lozinka je promijenjena jučer.",
    "Geslo je pravilno nastavljeno.",
    "Parool on liiga lühike.",
    "mdp: voir le coffre-fort",
    "The mdp solver converges in 12 steps.",
    "Ο κωδικός για τον server είναι στο vault.",
    "The access code is printed on the back of the card.",
    'The license key is in 1Password under "AvaTax prod".',
    "Use the activation code you received by email.",
    "license key: <LICENSE_KEY>",
    "The commit for the license key check is a3f9c21b7e.",
    "Le code d'accès est envoyé par SMS.",
    "El código de acceso caduca en 10 minutos.",
    "The license key is 00000000000000000000.",
    "Zugangscode: siehe Passwortmanager",
]


@pytest.mark.parametrize("text", FOUND)
def test_credentials_named_in_more_languages_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds and SECRET not in cleaned and LICENCE not in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_sentences_about_credentials_are_kept(text: str) -> None:
    assert redact(text) == (text, {})


KEY = "Zq8Lw3Nx6Tb1Rk5Vm9Pc2Hd7Yf4"


@pytest.mark.parametrize("text", [
    f"API ključ za produkciju: {KEY}",  # Croatian
    f"Cheia API este {KEY}",  # Romanian
    f"API-võti: {KEY}",  # Estonian
    f"Sekret klienta: {KEY}",  # Polish
    f"Klient-hemligheten är {KEY}",  # Swedish
])
def test_keys_and_secrets_named_in_more_languages_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds and KEY not in cleaned


@pytest.mark.parametrize("text", [
    "API ključ je u trezoru.",
    "Cheia de cache este user-profile-v2",
    "Sekret klienta jest w sejfie.",
])
def test_sentences_about_keys_in_more_languages_are_kept(text: str) -> None:
    assert redact(text) == (text, {})
