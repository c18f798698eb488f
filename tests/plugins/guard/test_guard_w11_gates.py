"""Wave 11's speed steps on the redaction side give what the slower code gave.

Each gate proves a rule cannot fire before it skips the rule's pattern: the longest word
for the long-token formats, the secret-like names grouped by their first letter (and
matched case-sensitively on lowercased ASCII), the prose and flag password patterns tried
only where their words begin, and the one pass over the lowercased text for the tools' and
the provider formats' needles. Each test compares with the reference the code had before
and fails if a gate skips a text the rule would have fired on.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cognimem_plugins.guard import assigned, commands, formats, names, passwords, providers, secrets
from cognimem_plugins.guard.anchored import Anchored

_DATA = Path(__file__).resolve().parents[2] / "data" / "guard"


def _rows() -> list[str]:
    texts: list[str] = []
    for path in sorted(_DATA.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["text"])
    return texts


_ROWS = _rows()
#: texts beyond ASCII where case-blind matching reaches other letters: the Kelvin sign
#: matches "k", the long s "s", the dotless and dotted I "i"
_WIDE = ["api_\u212aey = 'Zq8#kLm2pW9x'", "\u017fecret: Zq8#kLm2pW9x", "PAROLAS\u0130 Zq8#kLm2",
         "Пароль: Zq8#kLm2pW9x", "contraseña es Zq8#kLm2", "clé AWS über xoxb \u0130"]
_PASSWORD_WORDS = ("password", "passwd", "passphrase", "pwd", "pw", "pass", "passwort",
                   "kennwort", "contrasena", "mot de passe", "senha", "wachtwoord", "haslo",
                   "salasana", "adgangskode", "passord", "heslo", "jelszo", "sifre", "parola",
                   "sifresi", "parolasi", "contrasenya", "kata sandi", "kata laluan", "wifi",
                   "wi-fi", "wlan", "psk")
_LOGIN_WORDS = ("login", "logins", "log-in", "sign-in", "credential", "credentials", "creds",
                "user/pass", "username / password", "account", "accounts", "zugangsdaten",
                "anmeldedaten", "identifiants", "credenciales", "credenciais", "credenziali")


def _cased(word: str) -> list[str]:
    return [word, word.upper(), word.title(),
            "".join(c.upper() if i % 2 else c for i, c in enumerate(word))]


def _password_texts() -> list[str]:
    texts = list(_WIDE)
    for word in (*_PASSWORD_WORDS, *_LOGIN_WORDS):
        for spelled in _cased(word):
            texts += [f"the {spelled} is Zq8#kLm2pW9x", f"{spelled}: Zq8#kLm2pW9x",
                      f"Root-{spelled} = 'Zq8#kLm2'", f"x{spelled} is Zq8#kLm2pW9x",
                      f"{spelled} for grafana: admin / Zq8#kLm2pW9x",
                      f"what's the {spelled} for staging?\nAmara: B,F5R&<d-x9",
                      f"mysql -u root -p'Zq8#kLm2' then {spelled} Zq8#kLm2pW9x",
                      "curl -u deploy:Zq8#kLm2 --user a:Zq8#kLm2pW -a b:Qq8#kLm2pW",
                      "sshpass -p 'Zq8#kLm2' ssh host; SSHPASS -p Zq8#kLm2pW9x"]
    return texts


def test_the_longest_word_is_the_long_token_gate() -> None:
    spaces = ["", " ", "\t", "\n", "\u2003", "\x1c", "\x85", "\u3000", "\u200b", "\xa0"]
    for n in (27, 28, 29, 35, 36):
        for space in spaces:
            for text in ("x" * n, f"a{space}{'y' * n}{space}b", f"{'z' * (n - 1)}{space}q",
                         f"{space}{'w' * (n - 2)}{space}{'v' * 3}"):
                for at_least in (28, 35):
                    assert (formats.longest_word(text) >= at_least) == (
                        re.search(rf"\S{{{at_least}}}", text) is not None), (text, at_least)


def test_names_grouped_by_first_letter_match_as_the_alternation_did() -> None:
    reference = re.compile(rf"(?i)(?:{names.NAMES})")
    texts = [*_ROWS, *_WIDE]
    for branch in ("api_key", "apikey", "auth_token", "secret_key", "db_pass", "pw", "pwd",
                   "_pass", "passphrase", "credentials", "recovery codes", "backup_code",
                   "key_pass", "hasło", "lösenord", "client_secret", "signing_key"):
        for spelled in _cased(branch):
            texts += [f"{spelled} = 'v'", f"my{spelled}: x", f"{spelled}_x {spelled}"]
    for text in texts:
        want = [m.span() for m in reference.finditer(text)]
        assert [m.span() for m in names.NAME_HIT.finditer(text)] == want, text
        if text.isascii():
            assert [m.span() for m in names.NAME_HIT_LOWER.finditer(text.lower())] == want


def test_grouping_refuses_a_branch_that_does_not_open_with_a_literal() -> None:
    assert names.by_first_letter("ab|ac|b") == "a(?:b|c)|b(?:)"
    for bad in ("a?b|c", "(?:a)|b", "\\bx|y"):
        with pytest.raises(ValueError):
            names.by_first_letter(bad)


def test_assignments_beyond_ascii_keep_the_case_blind_search() -> None:
    # the long s is no "s" once lowercased: the lowercased search would miss it
    found = [name for _, name in assigned._assignments("\u017fecret = Zq8#kLm2pW9x")]
    assert found == ["\u017fecret"]


@pytest.mark.parametrize("pattern", list(passwords._ANCHORED), ids=lambda p: p.pattern[:30])
def test_anchored_password_patterns_find_what_finditer_finds(pattern: re.Pattern[str]) -> None:
    anchored = passwords._ANCHORED[pattern]
    for text in (*_ROWS, *_password_texts()):
        want = [(m.span(), m.groupdict()) for m in pattern.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in anchored.finditer(text)] == want, text


def test_a_missing_stem_would_be_caught() -> None:
    # the test above fails for a table without one of its words: here, "mot de passe"
    pattern = passwords._PROSE_PASSWORD
    short = Anchored(pattern, tuple(s for s in passwords._PASSWORD_STEMS if s != "mot de passe"))
    text = "MOT DE PASSE est Zq8#kLm2pW9x"
    assert list(pattern.finditer(text))
    assert not list(short.finditer(text))


def test_stems_must_be_lowercase_ascii() -> None:
    with pytest.raises(ValueError):
        Anchored(passwords._PROSE_PASSWORD, ("Pass",))


def _gate_rows(text: str) -> tuple[list[formats.FormatNeedle], list[tuple[str, tuple[int, ...]]]]:
    found = secrets._low_gate().found(text.lower())
    return ([row for table, row in found if table == "format"],
            [row for table, row in found if table == "command"])


def _reference_rules(text: str) -> list[formats.Rule]:
    rules = formats._library_rules_cached()
    low = text.lower()
    opened = set(formats._ALWAYS)
    tables = [formats._NEEDLES]
    if re.search(r"\S{28}", text):
        tables.append(formats._LONG_NEEDLES)
    for table in tables:
        for needle, lower, owners in table:
            if needle in (low if lower else text):
                opened.update(owners)
    return [rules[i] for i in sorted(opened)]


def test_formats_opened_from_the_one_pass_are_those_each_needle_opens() -> None:
    formats._library_rules_cached()
    texts = [*_ROWS, *_WIDE, "a.b: c", "x" * 40 + " dp. at. - :"]
    for needle, _, _ in (*formats._NEEDLES, *formats._LONG_NEEDLES):
        for spelled in _cased(needle):
            texts += [f"see {spelled} here", spelled, f"{spelled}{'Q' * 30}"]
    for text in texts:
        candidates, _ = _gate_rows(text)
        got = formats.opened_rules(text, text.lower(), formats.longest_word(text), candidates)
        assert got == _reference_rules(text), text


def test_an_exact_needle_lowercased_opens_nothing() -> None:
    text = "akia and GHP_ and sk-ANT- in the wrong case"
    candidates, _ = _gate_rows(text)
    assert {"AKIA", "ghp_", "sk-ant-"} <= {needle for needle, _, _, _ in candidates}
    rules = formats.opened_rules(text, text.lower(), 4, candidates)
    # every rule opened holds a needle the text holds as the rule asks for it
    assert all(any(needle in (text.lower() if rule.lower else text) for needle in rule.needs)
               for rule in rules)
    assert not any({"AKIA", "ghp_", "sk-ant-"} & set(rule.needs) for rule in rules)


def test_tools_opened_from_the_one_pass_are_those_each_needle_opens() -> None:
    texts = [*_ROWS, *_WIDE]
    for needle, _ in commands._NEEDLES:
        for spelled in _cased(needle):
            texts += [f"run {spelled} -p 'Zq8#kLm2' now", f"{spelled} x Zq8#kLm2pW9x"]
    for text in texts:
        low = text.lower()
        _, tools = _gate_rows(text)
        assert list(commands.command_passwords(text, low, tools)) == list(
            commands.command_passwords(text, low)), text


def _named_reference(text: str, rows: list[int]) -> list[object]:
    """:func:`.providers.named_values` as it was: every name in the text asked."""
    out: list[object] = []
    for name in providers._NAME.finditer(text):
        key = providers._norm(name.group())
        m = providers._VALUE_AFTER.match(text, name.end()) if key else None
        if m is not None:
            found = providers._named(text, rows, name.group(), name.start(),
                                     providers._trim(m.group("value")), m.start("value"))
            if found is not None:
                out.append(found)
    for variable, start, end in providers.tf_variables(text):
        found = providers._named(text, rows, variable, start, text[start:end], start)
        if found is not None:
            out.append(found)
    return out


def test_provider_names_gate_finds_what_asking_every_name_finds() -> None:
    value = "Zq8kLm2pW9xYb7Tc4Vd1Nf6Gh3Jk5Lq0R"
    texts = [*_ROWS, *_WIDE]
    for row in providers.NAMED[:40]:
        for name in row.names:
            for spelled in (name, name.lower(), name.upper().replace("_", "__"),
                            "x." + name.replace("_", "-"), name.replace("_", ".")):
                texts += [f"{spelled}={value}", f'"{spelled}": "{value}"', f"set {spelled} later"]
    all_rows = list(range(len(providers.NAMED)))
    for text in texts:
        for rows in ([0], all_rows):
            assert list(providers.named_values(text, rows)) == _named_reference(text, rows), text


def test_other_languages_names_gate_is_has_name_in_ascii_text() -> None:
    from cognimem_plugins.guard.languages import _STEMS, has_name

    texts = [*_ROWS, *_WIDE, "Der Schlüssel ist Zq8#kLm2", "la clave es Zq8#kLm2pW9x"]
    for stem in _STEMS:
        for spelled in _cased(stem):
            texts += [f"the {spelled} is Zq8#kLm2pW9x", f"{spelled}: Zq8#kLm2pW9x"]
    for text in texts:
        low = text.lower()
        gates = {table for table, _ in secrets._low_gate().found(low)}
        if low.isascii() and "wide" not in gates:
            assert not has_name(low), text


def test_rules_skipped_before_their_generator_need_what_they_ask_for() -> None:
    from cognimem_plugins.guard import context

    for text in (*_ROWS, 'kty "d": "Zq8kLm2pW9xYb7Tc4V"', "config/master.key\n" + "a1" * 16,
                 "postgres://u:Zq8#kLm2@db", "Server=db;Password=Zq8#kLm2;"):
        if not (("://" in text and "@" in text) or "password" in text.lower()
                or "pwd" in text.lower()):
            assert not list(assigned.urls_and_connections(text)), text
        if "kty" not in text:
            assert not list(context.jwk_private_members(text))
        if ".key" not in text:
            assert not list(context.rails_master_keys(text))
        if "AC" not in text:
            assert not list(context.twilio_auth_tokens(text))
