"""(wave 16) More tools' documented ways of taking a password, a passphrase or a key on
their command line, as data :mod:`.commands` builds its rules from (each row: the family,
the needles, the pattern, the tool before the flag or None, whether prose writes about the
flag, whether the syntax holds nothing but a password there).

From each tool's manual: Microsoft's SignTool (``/p`` the PFX's password) and pvk2pfx
(``-pi``/``-po``), certutil (``-p``); MIT Kerberos kadmin (``addprinc``/``cpw -pw``); the
Net-SNMP tools (``-A`` the authentication passphrase, ``-X`` the privacy passphrase);
Cisco IOS ``snmp-server user NAME GROUP v3 auth sha PASS priv aes 128 PASS`` (wherever
the line stands: quoted, in a review comment); Cloudsmith's ``-k`` (API key); macOS
``security add-generic-password`` / ``add-internet-password -w``; Cloud Foundry's ``cf
auth USER PASS``; MinIO's ``mc alias set ALIAS URL ACCESS SECRET``; ``aws configure set
aws_secret_access_key``; ``kubectl create secret ... --from-literal=KEY=VALUE`` (any key:
the secret's data); SAP HANA's ``hdbuserstore SET KEY ENV USER PASSWORD``; a command's
arguments written as a list (``['login', '-u', 'bot', '-p', 'VALUE']``: YAML ``args``, a
subprocess call, a Dockerfile's exec form); OpenVPN's ``auth-user-pass`` file written by
``printf '%s\\n%s\\n' USER PASS >``.
"""

from __future__ import annotations

#: a value, quoted or not: the quote is kept out of the span (as :mod:`.commands`' own)
_VALUE = r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})(?P=q)"

#: (family, needles, pattern, tool or None, prose, verbatim)
Row = tuple[str, tuple[str, ...], str, "str | None", bool, bool]


def _flag(family: str, tool: str, flag: str, needles: tuple[str, ...] = ()) -> Row:
    return (family, needles or tuple(tool.split("|")), rf"(?<=\s){flag}{_VALUE}",
            rf"\b(?:{tool})\b", False, False)


ROWS: tuple[Row, ...] = (
    _flag("signtool /p", "signtool|signtool\\.exe", r"/p\s+", ("signtool",)),
    _flag("pvk2pfx -pi / -po", "pvk2pfx", r"-p[io]\s+"),
    _flag("certutil -p", "certutil", r"-p\s+", ("certutil",)),
    _flag("kadmin addprinc / cpw -pw", r"addprinc|add_principal|ank|cpw|change_password",
          r"-pw\s+", ("addprinc", "add_principal", "ank ", "cpw", "change_password")),
    _flag("Net-SNMP -A / -X passphrase", r"snmp\w*", r"-[AX]\s*", ("snmp",)),
    ("IOS snmp-server user ... auth", ("snmp-server user",),
     r"\bsnmp-server[^\S\n]+user[^\S\n]+\S+[^\S\n]+\S+[^\S\n]+v3[^\S\n]+(?:encrypted[^\S\n]+)?"
     r"auth[^\S\n]+(?i:md5|sha\d*)[^\S\n]+" + _VALUE, None, False, True),
    ("IOS snmp-server user ... priv", ("snmp-server user",),
     r"\bsnmp-server[^\S\n]+user\b[^\n]*?[^\S\n]priv[^\S\n]+(?i:des|3des|aes)"
     r"(?:[^\S\n]+\d{3})?[^\S\n]+" + _VALUE, None, False, True),
    _flag("cloudsmith -k", "cloudsmith", r"-k\s+"),
    _flag("macOS security add-*-password -w", r"add-(?:generic|internet)-password", r"-w\s+",
          ("add-generic-password", "add-internet-password")),
    ("cf auth USER PASSWORD", ("cf auth",),
     r"\bcf[^\S\n]+auth[^\S\n]+(?!-)['\"]?[^\s'\"]+['\"]?[^\S\n]+" + _VALUE, None, False,
     True),
    ("mc alias set ALIAS URL ACCESS SECRET", ("mc alias", "mc config host"),
     r"\bmc[^\S\n]+(?:alias[^\S\n]+set|config[^\S\n]+host[^\S\n]+add)[^\S\n]+\S+[^\S\n]+"
     r"https?://\S+[^\S\n]+['\"]?\S+?['\"]?[^\S\n]+" + _VALUE, None, False, False),
    ("aws configure set secret", ("aws configure set",),
     r"\baws[^\S\n]+configure[^\S\n]+set[^\S\n]+(?:\S+\.)?(?:aws_secret_access_key|"
     r"aws_session_token)[^\S\n]+" + _VALUE, None, False, False),
    ("kubectl create secret --from-literal", ("--from-literal",),
     r"(?<=\s)--from-literal[= ]['\"]?[\w.\-]+=(?P<q>)(?P<value>[^\s'\"]{4,128})",
     r"\b(?:kubectl|oc)\b[^\n]*\bsecret\b", False, False),
    ("hdbuserstore SET KEY ENV USER PASSWORD", ("hdbuserstore",),
     r"(?i)\bhdbuserstore(?:[^\S\n]+-\w+)*[^\S\n]+set[^\S\n]+\S+[^\S\n]+\S+[^\S\n]+\S+"
     r"[^\S\n]+" + _VALUE, None, False, False),
    ("a command's arguments as a list: '-p', 'VALUE'", ("'-p'", "\"-p\"", "'--password'",
                                                        "\"--password\"", "'--token'",
                                                        "\"--token\""),
     r"(?<=['\"])(?:-p|--password|--token)['\"]\s*,\s*(?P<q>['\"])(?P<value>[^'\"\n]{4,128})"
     r"(?P=q)", r"['\"](?:login|-u|--username|auth)['\"]", True, False),
    # (wave 17) a registry login's password written with ``=`` (docker login's ``-p``,
    # ``--password``; the same flags in podman, nerdctl, buildah, skopeo, helm and oras)
    ("registry login -p= / --password=", ("-p=", "--password="),
     r"(?<=\s)(?:-p|--password)=" + _VALUE,
     r"\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)\b[^\n]*\blogin\b", False, False),
    # (wave 17) Codecov's uploaders take the upload token as -t / --token (docs.codecov.com)
    _flag("codecov -t / --token", "codecov|codecovcli|codecov\\.exe", r"(?:-t|--token)[=\s]\s*",
          ("codecov",)),
    # (wave 17) Composer's auth settings on its command line (getcomposer.org, "Authentication
    # for privately hosted packages"): http-basic.HOST USER PASSWORD, github-oauth.HOST TOKEN,
    # gitlab-token.HOST TOKEN, gitlab-oauth.HOST TOKEN, bearer.HOST TOKEN
    ("composer config http-basic.HOST USER PASSWORD", ("http-basic.",),
     r"\bhttp-basic\.[^\s'\"]+[^\S\n]+['\"]?[^\s'\"]+['\"]?[^\S\n]+" + _VALUE,
     r"\bcomposer\b", False, True),
    ("composer config github-oauth / gitlab-token / bearer HOST TOKEN",
     ("github-oauth.", "gitlab-token.", "gitlab-oauth.", "bearer."),
     r"\b(?:github-oauth|gitlab-token|gitlab-oauth|bearer)\.[^\s'\"]+[^\S\n]+" + _VALUE,
     r"\bcomposer\b", False, True),
    ("printf USER PASS > auth-user-pass file", ("printf",),
     r"\bprintf[^\S\n]+['\"]%s\\n%s(?:\\n)?['\"][^\S\n]+['\"]?[^\s'\"]+['\"]?[^\S\n]+" + _VALUE
     + r"[^\S\n]*>[^\S\n]*\S*(?i:openvpn|vpn|auth|cred|pass|login)", None, False, True),
)

#: the rows' words that need no flag, pipe or switch to be looked for
BARE_WORDS = ("snmp-server user", "cf auth", "mc alias", "mc config host", "aws configure set",
              "hdbuserstore", "printf", "http-basic.", "github-oauth.", "gitlab-token.",
              "gitlab-oauth.", "bearer.")
