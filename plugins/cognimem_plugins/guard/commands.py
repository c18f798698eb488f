"""Passwords handed to command-line tools, found by each tool family's documented syntax.

A rule is true of the flag, not of any example: ``sqlcmd -P`` takes the password (its
``-p`` prints statistics), ``redis-cli -a`` the server's password, ``htpasswd -b`` reads
the password from the command line after the file and the user (after the user alone with
``-n``), ``ConvertTo-SecureString ... -AsPlainText`` turns the string it is given into a
credential, ``IDENTIFIED BY '...'`` sets a database user's password. The value each rule
finds is still judged by the caller (a ``$VAR``, a ``<placeholder>`` or a template is no
password). Tools that take ``-p`` for something else (``mkdir -p``, ``ssh -p 22``, ``docker
run -p 80:80``) are not here: a bare ``-p`` is the generic rule's, with its own checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

#: a value, quoted or not: the quote is kept out of the span
_VALUE = r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})(?P=q)"
#: the rest of one shell command (no newline, pipe or command separator)
_SAME_COMMAND = r"[^\n|;&]*?"


@dataclass(frozen=True)
class CommandRule:
    """One tool family's way of taking a password on its command line."""

    family: str
    #: the rule runs only on a text holding one of these
    needles: tuple[str, ...]
    pattern: re.Pattern[str]

    @property
    def reason(self) -> str:
        """Why the value is a password, in words."""
        return f"a password given on the command line ({self.family})"


def _rule(family: str, needles: tuple[str, ...], pattern: str, flags: int = 0) -> CommandRule:
    return CommandRule(family, needles, re.compile(pattern, flags))


RULES: tuple[CommandRule, ...] = (
    # redis-cli -a PASSWORD, --pass PASSWORD (Redis docs, "redis-cli")
    _rule("redis-cli -a / --pass", ("redis-cli",),
          rf"\bredis-cli\b{_SAME_COMMAND}\s(?:-a|--pass)\s+{_VALUE}"),
    # sqlcmd, bcp, osql and isql take the password after a capital -P (SQL Server, Sybase)
    _rule("sqlcmd / bcp / osql / isql -P", ("sqlcmd", "bcp", "osql", "isql", "sqsh"),
          rf"\b(?:sqlcmd|bcp|osql|isql|sqsh)\b{_SAME_COMMAND}\s-P\s*{_VALUE}"),
    # htpasswd -b [-c] FILE USER PASSWORD; htpasswd -nb USER PASSWORD (Apache docs)
    _rule("htpasswd -b", ("htpasswd",),
          r"\bhtpasswd\s+(?P<flags>(?:-[a-zA-Z]+\s+(?:\d+\s+)?)+)(?P<args>(?:['\"]?[^\s'\"]+"
          r"['\"]?[^\S\n]*){2,3})"),
    # PowerShell: ConvertTo-SecureString [-String] 'PLAIN' -AsPlainText
    _rule("ConvertTo-SecureString -AsPlainText", ("ConvertTo-SecureString",),
          rf"(?i)ConvertTo-SecureString\s+(?:-String\s+)?{_VALUE}(?=[^\n]*-AsPlainText)"),
    # SQL: CREATE/ALTER USER ... IDENTIFIED [WITH plugin] BY 'PASSWORD' (MySQL, Oracle)
    _rule("SQL IDENTIFIED BY", ("IDENTIFIED", "identified"),
          rf"(?i)\bIDENTIFIED\s+(?:WITH\s+\w+\s+)?BY\s+(?:PASSWORD\s+)?{_VALUE}"),
    # SQL: CREATE/ALTER ROLE|USER ... [ENCRYPTED] PASSWORD 'PASSWORD' (PostgreSQL)
    _rule("SQL ROLE ... PASSWORD", ("ROLE", "USER", "role", "user"),
          r"(?i)\b(?:CREATE|ALTER)\s+(?:ROLE|USER)\b[^;\n]*?\bPASSWORD\s+"
          r"(?P<q>')(?P<value>[^'\n]{4,128})(?P=q)"),
    # openssl -passin/-passout/-pass pass:PASSWORD
    _rule("openssl pass:", ("pass:",), rf"(?<!\S)-pass(?:in|out)?\s+pass:{_VALUE}"),
    # keytool and jarsigner: -storepass, -keypass, -srcstorepass, -deststorepass
    _rule("keytool -storepass / -keypass", ("storepass", "keypass"),
          rf"(?<!\S)-(?:src|dest|new)?(?:store|key)pass\s+(?!:)(?!-){_VALUE}"),
    # ldapsearch, ldapmodify, ldapadd ...: -w PASSWORD (-W prompts)
    _rule("ldap* -w", ("ldap",), rf"\bldap\w+\b{_SAME_COMMAND}\s-w\s+{_VALUE}"),
    # Samba tools: -U USER%PASSWORD, --user=USER%PASSWORD
    _rule("smbclient -U user%password", ("-U", "--user"),
          rf"(?<!\S)(?:-U\s*|--user(?:name)?[= ])['\"]?[^\s%'\"]{{1,64}}%{_VALUE}"),
    # xfreerdp /p:PASSWORD
    _rule("xfreerdp /p:", ("/p:",), rf"\bx?freerdp3?\b{_SAME_COMMAND}\s/p:{_VALUE}"),
    # net use \\server\share PASSWORD /user:NAME, or /user:NAME PASSWORD
    _rule("net use", ("net use", "NET USE"),
          r"(?i)\bnet\s+use\s+(?:\w:\s+)?\\\\\S+\s+(?:/user:\S+\s+)?"
          r"(?P<q>['\"]?)(?P<value>[^\s/'\"*][^\s'\"]{3,127})(?P=q)"),
    # zip -P PASSWORD, unzip -P PASSWORD; 7z -pPASSWORD
    _rule("zip / unzip -P", ("zip",), rf"\b(?:un)?zip\b{_SAME_COMMAND}\s-P\s*{_VALUE}"),
    _rule("7z -p", ("7z",), rf"\b7z[a-z]?\b{_SAME_COMMAND}\s-p{_VALUE}"),
    # sqlplus USER/PASSWORD[@DB] (Oracle)
    _rule("sqlplus user/password", ("sqlplus",),
          r"\bsqlplus\s+(?:-\w+\s+)*['\"]?[\w$#]+/"
          r"(?P<q>)(?P<value>[^\s@/'\"]{4,128})"),
    # lftp -u USER,PASSWORD
    _rule("lftp -u user,password", ("lftp",),
          rf"\blftp\b{_SAME_COMMAND}\s-u\s+['\"]?[^\s,'\"]+,{_VALUE}"),
    # ssh-keygen -N NEW_PASSPHRASE, -P OLD_PASSPHRASE
    _rule("ssh-keygen -N / -P", ("ssh-keygen",),
          rf"\bssh-keygen\b{_SAME_COMMAND}\s-[NP]\s*{_VALUE}"),
    # a password piped to a tool that reads it from standard input: docker (and podman,
    # helm, oras) login --password-stdin, sudo -S, chpasswd (USER:PASSWORD lines)
    _rule("echo ... | login --password-stdin", ("--password-stdin",),
          r"\b(?:echo|printf)\s+(?:-n\s+)?" + _VALUE
          + r"\s*\|\s*(?:sudo\s+)?\S+\s+(?:registry\s+)?login\b[^\n]*--password-stdin"),
    _rule("echo ... | sudo -S", ("sudo -S",),
          rf"\b(?:echo|printf)\s+(?:-n\s+)?{_VALUE}\s*\|\s*sudo\s+-S\b"),
    _rule("echo user:password | chpasswd", ("chpasswd",),
          r"\b(?:echo|printf)\s+['\"]?[\w.\-]+:(?P<q>)(?P<value>[^\s'\"]{4,128})['\"]?"
          r"\s*\|\s*(?:sudo\s+)?chpasswd\b"),
    # a long flag named for a password or a token (--db-password=..., --admin-password ...,
    # --http-password=, --registry-token ...): the flag is its name
    _rule("--*-password / --*-token flag", ("--",),
          r"(?<!\S)--(?:[a-z0-9]+-){0,3}(?:password|passwd|passphrase|pass|token|api-key|"
          r"apikey|secret-key|client-secret|access-token|auth-token)(?:=|\s+(?!-))"
          + _VALUE),
)


def command_passwords(text: str) -> Iterator[tuple[CommandRule, int, int, str]]:
    """Each password a tool is given in ``text``: the rule, the value's span and value."""
    for rule in RULES:
        if not any(n in text for n in rule.needles):
            continue
        for m in rule.pattern.finditer(text):
            if "args" in rule.pattern.groupindex:
                span = _htpasswd_password(m)
                if span is not None:
                    yield rule, span[0], span[1], text[span[0]:span[1]]
                continue
            yield rule, m.start("value"), m.end("value"), m.group("value")


_ARG = re.compile(r"(['\"]?)([^\s'\"]+)\1")


def _htpasswd_password(m: re.Match[str]) -> tuple[int, int] | None:
    """The span of the password in ``htpasswd -b [FLAGS] FILE USER PASSWORD`` (``-n``: no
    file), or None: without ``-b`` htpasswd prompts, and its words are a file and a user."""
    flags = m.group("flags")
    if "b" not in flags:
        return None
    args = list(_ARG.finditer(m.group("args")))
    needed = 2 if "n" in flags else 3
    if len(args) < needed:
        return None
    arg = args[needed - 1]
    start = m.start("args") + arg.start(2)
    return start, start + len(arg.group(2))
