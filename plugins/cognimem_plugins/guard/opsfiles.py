"""(wave 18) Secrets in monitoring and operations tools' files, each by the tool's manual:

* Nagios / Icinga / Naemon ``resource.cfg`` (Nagios Core docs, "Standard Macros"):
  ``$USERn$=VALUE`` (a path such as ``$USER1$=/usr/lib/nagios/plugins`` is kept); a
  plugin's secret flags on a ``check_*`` command line (monitoring-plugins docs:
  ``-C``/``--community``, ``-A``/``--authpassword``, ``-X``/``--privpasswd``, ``-a``/
  ``--authorization USER:PASS``, ``-P``/``-p``/``--password``; a port, a short number,
  is kept);
* Zabbix (API manual, "Authentication"): an API token or a session id (32 or 64
  hexadecimal digits) after ``auth``/``token`` in a text about Zabbix; a PSK (hex)
  written into a ``.psk`` file;
* PRTG (API manual): ``passhash=`` (a number that stands for the password) and
  ``apitoken=``;
* RANCID's ``.cloginrc`` (cloginrc(5)): ``add password GLOB {vty} {enable}``, ``add
  enablepassword``, ``add sshpassphrase``; Oxidized's ``router.db`` CSV
  (``name:model:username:password[:enable]``);
* LibreNMS / Observium / Cacti: ``$config['snmp']['community'][] = "..."``,
  ``addhost.php HOST COMMUNITY``, ``lnms device:add ... -c COMMUNITY``;
* Checkmk (REST and web API docs): the automation user's secret (``automation_secret``,
  ``_secret=`` in a URL, ``--secret``);
* NetBox (REST API docs): ``Authorization: Token`` of 40 hexadecimal digits, v2
  ``nbt_`` tokens;
* Ansible inventories (connection variables): ``ansible_password``,
  ``ansible_ssh_pass``, ``ansible_become_pass(word)``, ``ansible_net_auth_pass``,
  ``ansible_httpapi_pass(word)``, ``ansible_winrm_password``;
* F5 BIG-IP (tmsh reference, iControl REST): ``tmsh ... auth user U ... password P``;
  ``curl`` with combined short flags before ``u`` (``-sku user:password``);
* Kubernetes ``Secret`` manifests (API reference): the values under ``data:`` (base64)
  and ``stringData:`` (plain).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .netrows import BOL, NL, Row, Table, V, W, row, value_reason

_S = r"[^\S\n]+"

ROWS: tuple[Row, ...] = (
    row("monitoring_password", "a Nagios resource macro's value ($USERn$=, resource.cfg)",
        ("$user",), rf"\$USER\d{{1,3}}\$[^\S\n]*=[^\S\n]*{V}", "chosen"),
    row("monitoring_password", "a secret flag of a monitoring plugin's command line "
        "(check_*: -C community, -A/-X SNMPv3, -a user:pass, -P/-p/--password)",
        ("check_",),
        rf"\bcheck_\w+\b[^\n]*?(?<=\s)(?:-[CAXPp]|--community|--authpassword|--privpasswd|"
        rf"--password|--passwd|-a(?=[^\S\n]+[^\s:]+:)[^\S\n]+[^\s:]+:|--authorization[= ]"
        rf"[^\s:]+:)(?:{_S}|=)?{V}"),
    row("zabbix_api_token", "a Zabbix API token or session id (32 or 64 hexadecimal digits "
        "after auth / token)", ("zabbix", "api_jsonrpc", "zbx"),
        r"(?i)(?<![\w-])[\"']?(?:auth|api[_-]?token|token|zbx[_-]?(?:api[_-]?)?token|"
        r"zabbix[_-]?(?:api[_-]?)?(?:token|auth)|sessionid)[\"']?[^\S\n]*[:=][^\S\n]*"
        r"(?:Bearer[^\S\n]+)?[\"']?(?P<v>[0-9a-f]{64}|[0-9a-f]{32})(?![0-9a-fA-F])", "shape"),
    row("psk_file", "a pre-shared key written into a .psk file (Zabbix TLSPSKFile, ...)",
        (".psk", "psk"),
        rf"(?:echo|printf){_S}(?:-n{_S})?[\"']?(?P<v>[0-9A-Fa-f]{{32,512}})[\"']?[^\S\n]*"
        r"(?:\|[^\S\n]*(?:sudo[^\S\n]+)?tee(?:[^\S\n]+-a)?|>{1,2})[^\S\n]*\S*psk", "shape"),
    row("prtg_credentials", "a PRTG passhash (a number that stands for the password)",
        ("passhash",), r"(?i)passhash[\"']?[^\S\n]*[=:][^\S\n]*[\"']?(?P<v>\d{6,12})(?!\d)",
        "shape"),
    row("prtg_credentials", "a PRTG API token (apitoken=)", ("apitoken",),
        r"(?i)(?<![\w-])apitoken[\"']?[^\S\n]*[=:][^\S\n]*[\"']?(?P<v>[A-Za-z0-9_\-]{16,256})",
        context=r"prtg|paessler"),
    row("rancid_password", "a password of RANCID's .cloginrc (add password GLOB {vty} "
        "{enable})", ("add password", "add enablepassword", "add sshpassphrase",
                      "add enauser"),
        rf"(?<![\w-])add{_S}(?:password|enablepassword|sshpassphrase){_S}(?:\{{[^}}\n]*\}}|"
        rf"\S+){_S}\{{?{V}(?:\}}?{_S}\{{?{W})?"),
    row("rancid_password", "a password of Oxidized's router.db (name:model:user:password)",
        ("router.db", "oxidized"),
        rf"{BOL}[^\S\n]*[\w.\-]+:[\w.\-]+:[^:\s]+:(?P<v>[^:\s\"\\]{{4,128}})"
        rf"(?::(?P<w>[^:\s\"\\]{{4,128}}))?[^\S\n]*(?={NL}|$)", "chosen"),
    row("snmp_community", "an SNMP community in LibreNMS' / Observium's config.php",
        ("['community']", "[\"community\"]"),
        r"\[['\"]community['\"]\](?:\[\])?[^\S\n]*=[^\S\n]*(?:array\(|\[)?[^\S\n]*['\"]"
        r"(?P<v>[^'\"\n]{4,128})['\"]"),
    row("snmp_community", "an SNMP community given to LibreNMS (addhost.php HOST COMMUNITY, "
        "lnms device:add -c)", ("addhost.php", "device:add"),
        rf"(?:addhost\.php{_S}\S+{_S}|device:add\b[^\n]*?{_S}(?:-c|--community)(?:{_S}|=)){V}"),
    row("checkmk_secret", "a Checkmk automation user's secret", ("automation", "_secret="),
        rf"(?i)(?:automation[_-]?secret[\"']?(?:[^\S\n]*[:=][^\S\n]*|{_S})|[?&]_secret=|"
        rf"(?<=\s)--secret(?:{_S}|=)){V}", context=r"automation|checkmk|check_mk|cmk"),
    row("netbox_token", "a NetBox API token (Authorization: Token, 40 hexadecimal digits)",
        ("token ", "nbt_"),
        r"(?:(?<=Token )|(?<=token ))(?P<v>[0-9a-f]{40})(?![0-9a-f])|"
        r"(?P<w>nbt_[A-Za-z0-9]{8,16}\.[A-Za-z0-9]{32,64})", "shape",
        context=r"netbox|authorization|nbt_"),
    row("ansible_password", "a password in an Ansible connection variable",
        ("ansible_",),
        r"(?<![\w-])ansible_(?:ssh_|become_|net_auth_|httpapi_|winrm_|sudo_)?pass(?:word)?"
        rf"[\"']?[^\S\n]*[:=][^\S\n]*{V}"),
    row("f5_password", "a password given to tmsh (create|modify auth user U password P)",
        ("auth user",), rf"\bauth{_S}user{_S}\S+\b[^\n]*?{_S}password{_S}{V}"),
    row("cli_password", "a password given to curl with combined short flags (-sku user:pass)",
        ("curl",), rf"\bcurl\b[^\n]*?(?<=\s)-[A-Za-z]+u{_S}?[\"']?[^\s:\"']+:{V}"),
)
_TABLE = Table(ROWS)
#: a Kubernetes Secret's data or stringData block: its lines, indented under it
_K8S_BLOCK = re.compile(r"(?m)^(?P<ind>[ \t]*)(?P<key>data|stringData):[ \t]*\n"
                        r"(?P<body>(?:(?P=ind)[ \t]+[^\n]*\n?)+)")
_K8S_LINE = re.compile(r"(?m)^[ \t]+[\w.\-]+:[ \t]*[\"']?(?P<v>[^\s\"'#]{4,8192})[\"']?[ \t]*$")


def _k8s_secrets(text: str) -> Iterator[Decision]:
    for block in _K8S_BLOCK.finditer(text):
        base = block.start("body")
        for m in _K8S_LINE.finditer(block.group("body")):
            value = m.group("v")
            if block.group("key") == "data":
                try:
                    raw = base64.b64decode(value, validate=True)
                except (binascii.Error, ValueError):
                    continue
                decoded = raw.decode("utf-8", "replace")
                why = value_reason(decoded.strip(), "config") if decoded.strip() else "empty"
                reason = "a Kubernetes Secret's data value (base64 of the secret)"
            else:
                why = value_reason(value, "config")
                reason = "a Kubernetes Secret's stringData value"
            yield decide("kubernetes_secret", base + m.start("v"), base + m.end("v"), why,
                         reason)


def ops_secrets(text: str, low: str) -> Iterator[Decision]:
    """The secrets of monitoring and operations tools' files in ``text``."""
    yield from _TABLE.decisions(text, low)
    if "kind" in low and re.search(r"kind:[ \t]*[\"']?secret\b", low):
        yield from _k8s_secrets(text)
