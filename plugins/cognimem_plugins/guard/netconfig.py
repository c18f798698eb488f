"""(wave 18) Secrets in network operating systems' configurations, by each vendor's command
reference (where the grammar puts a secret), read in any framing (a pasted config, a set
command, a notebook cell's escaped string, an Ansible task's stdout):

* Juniper Junos (CLI User Guide; "Configuring ... authentication-key"): a ``$9$`` value
  anywhere (Junos' reversible encoding of a secret: its alphabet is letters, digits,
  ``.``, ``/`` and ``-``; Cisco's type 9 ``$9$salt$hash`` holds a second ``$`` and is a
  hash), ``authentication-key``, ``pre-shared-key ascii-text|hexadecimal``,
  ``simple-password``, ``authentication-password`` / ``privacy-password`` (SNMPv3 USM),
  ``authentication md5 N key``, a RADIUS / TACACS+ server's ``secret`` and ``snmp
  community NAME`` (set form and hierarchy form);
* Cisco IOS / IOS XE / NX-OS / ASA (Security and Routing configuration guides): ``password
  | secret | key | key-string 7 HEX`` (type 7, reversible), a type 0 / 6 value after
  ``username ... password|secret`` (Arista EOS' ``role`` too), ``enable password|secret``,
  ``neighbor X password``, ``ip ospf authentication-key``, ``message-digest-key N md5``,
  ``ntp authentication-key N md5``, ``ip rip authentication string``, ``isis password``,
  ``area-password``, ``domain-password``, ``key-string``, HSRP's and VRRP's
  ``authentication [text|md5 key-string]``, ``ppp chap|pap password``, ``wpa-psk ascii``,
  ``radius-server|tacacs-server key``, ``server-private H key``, ``crypto isakmp key``,
  ASA's ``ikev1 pre-shared-key`` and ``ikev2 local|remote-authentication
  pre-shared-key``; a ``password`` line under ``line vty|con|aux``;
* MikroTik RouterOS (help.mikrotik.com): ``wpa-pre-shared-key=``, ``wpa2-pre-shared-key=``,
  ``passphrase=``, ``password=``, ``secret=``, ``authentication-password=``,
  ``encryption-password=``, ``private-key=`` on a RouterOS command (``/interface ...``);
* FortiOS (CLI reference), VyOS / EdgeOS and Junos set commands: ``set ... password |
  passwd | psksecret | secret | pre-shared-secret | plaintext-password | private-key |
  passphrase VALUE`` (FortiOS ``ENC`` values: admin ``SH2``/``AK1`` hashes kept, others
  reversible);
* Huawei VRP, H3C / HPE Comware and ArubaOS: ``password|shared-key|pre-shared-key|key
  cipher|simple|plain|plaintext|ciphertext VALUE``, ``snmp-agent community read|write
  [cipher] VALUE`` (``irreversible-cipher`` and ``hash`` are hashes), ArubaOS-Switch
  ``password manager user-name U plaintext VALUE``, ``wpa-passphrase``;
* SNMP communities wherever a tool takes one: ``snmp-server community``, Net-SNMP
  ``rocommunity``/``rwcommunity``/``com2sec``/``trap2sink``, ``snmpwalk ... -c``, an
  ``*COMMUNITY*`` setting in a text about SNMP;
* XML configurations (pfSense / OPNsense ``config.xml``, PAN-OS, Ubiquiti): the elements
  that hold a secret (``<pre-shared-key>``, ``<ipsecpsk>``, ``<radius_secret>``,
  ``<ldap_bindpw>``, ``<passphrase>``, ``<community-string>``, ``<rocommunity>``, PAN's
  ``<pre-shared-key><key>``...).
"""

from __future__ import annotations

from collections.abc import Iterator

from .decisions import Decision
from .netrows import BOL, Row, Table, V, row

_S = r"[^\S\n]+"  # a run of blanks on the line
_TYPE = rf"(?:(?:[067]|encrypted|unencrypted|clear|clear-text|md5|text|ascii|plain){_S})*"
_IOS_KEYWORDS = (
    rf"username{_S}\S+(?:{_S}(?:privilege{_S}\d+|role{_S}\S+|view{_S}\S+|nopassword|"
    rf"algorithm-type{_S}\S+))*{_S}(?:password|secret)",
    rf"enable{_S}(?:password|secret)(?:{_S}level{_S}\d+)?",
    rf"neighbor{_S}\S+{_S}password",
    rf"ip{_S}ospf{_S}authentication-key",
    rf"message-digest-key{_S}\d+{_S}md5",
    rf"ospfv3{_S}authentication{_S}\S+{_S}\d+{_S}(?:md5|sha1)",
    rf"ntp{_S}authentication-key{_S}\d+{_S}(?:md5|sha1|hmac-sha2-256|cmac-aes-128)",
    rf"ip{_S}rip{_S}authentication{_S}string",
    rf"isis{_S}password", "area-password", "domain-password", "key-string",
    rf"standby(?:{_S}\d+)?{_S}authentication(?:{_S}md5{_S}key-string|{_S}text)?",
    rf"vrrp{_S}\d+{_S}authentication(?:{_S}text|{_S}md5{_S}key-string)?",
    rf"ppp{_S}(?:chap|pap){_S}password", rf"ppp{_S}pap{_S}sent-username{_S}\S+{_S}password",
    rf"wpa-psk{_S}ascii", "wpa-passphrase",
    rf"(?:radius|tacacs)-server{_S}(?:host{_S}\S+(?:{_S}(?:auth-port|acct-port|port|timeout|"
    rf"retransmit|single-connection){_S}?\d*)*{_S})?key",
    rf"server-private{_S}\S+(?:{_S}(?:auth-port|acct-port|port|timeout){_S}\d+)*{_S}key",
    rf"crypto{_S}isakmp{_S}key",
    rf"ikev1{_S}pre-shared-key", rf"ikev2{_S}(?:local|remote)-authentication{_S}pre-shared-key",
    rf"authentication{_S}md5{_S}\d+{_S}key",
)
_JUNOS_KEYWORDS = (
    "authentication-key", "hello-authentication-key", "simple-password",
    "authentication-password", "privacy-password", "shared-secret", "pre-shared-secret",
    "plaintext-password", "plain-text-password-value",
    rf"pre-shared-key(?:{_S}(?:ascii-text|hexadecimal|local|remote|key|address{_S}\S+"
    rf"(?:{_S}\d+\.\d+\.\d+\.\d+)?(?:{_S}key)?))?",
)
_SET_KEYWORDS = ("plaintext-password", "plain-text-password-value", "pre-shared-secret",
                 "private-key", "preshared-key", "password", "passwd", "psksecret", "secret",
                 "authentication-key", "auth-password", "privacy-password", "passphrase",
                 "wpa-passphrase", "shared-secret", "auth-pwd", "priv-pwd", "sso-password",
                 "ldap-password", "ppk-secret")
_ROUTEROS = r"(?<![\w.~])/(?:interface|ip|ipv6|user|ppp|radius|snmp|routing|system|caps-man)\b"
_SNMP_TOOLS = r"snmp(?:walk|get|bulkwalk|bulkget|set|getnext|table|trap|netstat|df|status|test)"

ROWS: tuple[Row, ...] = (
    row("network_device_secret", "a Junos $9$ secret (Junos' reversible encoding of a "
        "password or a key)", ("$9$",),
        r"(?<![\w$])(?P<v>\$9\$[A-Za-z0-9./\-]{6,512})(?![A-Za-z0-9./\-$])", "shape"),
    row("network_device_secret", "a Cisco type 7 password (a reversible encoding)",
        (" 7 ",),
        r"(?<![\w-])(?:password|passwd|secret|key|key-string|md5|authentication-key|string|"
        r"ascii|text)[^\S\n]+7[^\S\n]+\\?\"?(?P<v>\d{2}[0-9A-Fa-f]{4,254})(?![\w])",
        "shape"),
    row("network_device_secret", "a secret in a device's configuration, where the vendor's "
        "command syntax puts it (IOS, NX-OS, EOS, ASA)",
        ("username", "enable password", "enable secret", "neighbor", "ospf", "message-digest",
         "authentication-key", "rip authentication", "isis password", "area-password",
         "domain-password", "key-string", "standby", "vrrp", "ppp chap", "ppp pap", "wpa-psk",
         "wpa-passphrase", "radius-server", "tacacs-server", "server-private", "isakmp",
         "ikev1", "ikev2", "authentication md5"),
        rf"(?<![\w-])(?:{'|'.join(_IOS_KEYWORDS)}){_S}{_TYPE}{V}"),
    row("network_device_secret", "a secret in a device's configuration, where Junos puts it "
        "(authentication-key, pre-shared-key, simple-password, USM passwords)",
        ("authentication-key", "pre-shared", "simple-password", "authentication-password",
         "privacy-password", "shared-secret", "plaintext-password", "plain-text-password"),
        rf"(?<![\w-])(?:{'|'.join(_JUNOS_KEYWORDS)}){_S}(?:[06]{_S})?{V}"),
    row("network_device_secret", "a RADIUS or TACACS+ server's shared secret",
        ("secret",), rf"(?<![\w-])secret{_S}(?:[07]{_S})?{V}",
        context=r"radius|tacplus|tacacs"),
    row("network_device_secret", "a password line under a console, vty or aux line (IOS)",
        ("password",), rf"{BOL}[^\S\n]*password{_S}(?:[07]{_S})?{V}",
        context=r"line (?:vty|con|aux)"),
    row("network_device_secret", "a RouterOS secret (wpa2-pre-shared-key=, password=, "
        "secret=, ...)", ("/interface", "/ip ", "/ip\\n", "/user", "/ppp", "/radius", "/snmp",
                          "/routing", "/system", "/caps-man", "mikrotik", "routeros"),
        r"(?<![\w-])(?:wpa[23]?-pre-shared-key|(?:security\.)?passphrase|password|secret|"
        r"authentication-password|encryption-password|ipsec-secret|private-key|"
        rf"preshared-key|pre-shared-key)={V}", context=_ROUTEROS + r"|mikrotik|routeros"),
    row("network_device_secret", "a secret given by a set command (FortiOS, VyOS, EdgeOS, "
        "Junos)", ("set ",),
        rf"(?<![\w-])set(?:{_S}[\w.:/\-\"]+){{0,12}}?{_S}(?:{'|'.join(_SET_KEYWORDS)})"
        rf"{_S}(?:ENC{_S})?{V}",
        context=r"pass|secret|private-key|preshared-key|auth-pwd|priv-pwd|authentication-key"),
    row("network_device_secret", "a secret in a Huawei, H3C/Comware or Aruba configuration "
        "(cipher / simple / plaintext VALUE)", (" cipher ", " simple ", " plain ", " plaintext ",
                                            " ciphertext "),
        rf"(?<![\w-])(?:password|shared-key|pre-shared-key|key|community(?:{_S}(?:read|write))?"
        rf"|authentication-mode{_S}(?:md5|hmac-sha256|hmac-md5|simple)(?:{_S}\d+)?|"
        rf"user-name{_S}\S+|auth-password|priv-password){_S}"
        rf"(?:cipher|simple|plain|plaintext|ciphertext){_S}{V}"),
    row("snmp_community", "an SNMP community (a shared secret) where the tool takes one",
        ("snmp-server community", "snmp community", "rocommunity", "rwcommunity",
         "snmp-agent community", "community-name", "community-string", "trapcommunity",
         "com2sec", "trap2sink", "trapsink", "informsink", "snmp-server host"),
        rf"(?<![\w-])(?:snmp-server{_S}community|snmp{_S}community|rocommunity6?|rwcommunity6?|"
        rf"snmp-agent{_S}community{_S}(?:read|write)|snmp-server{_S}host{_S}\S+"
        rf"(?:{_S}(?:traps|informs|version{_S}(?:1|2c)))*|com2sec6?(?:{_S}-Cn{_S}\S+)?{_S}\S+"
        rf"{_S}\S+|trap2?sink{_S}\S+|informsink{_S}\S+|community-name|community-string|"
        rf"trapcommunity){_S}{V}"),
    row("snmp_community", "a Junos SNMP community (set snmp community NAME authorization, "
        "or community NAME { ... })", ("community",),
        rf"(?<![\w-])community{_S}{V}(?={_S}authorization|[^\S\n]*\{{|{_S}clients|{_S}view)",
        context=r"snmp"),
    row("snmp_community", "an SNMP community given to a Net-SNMP tool (-c)", ("snmp",),
        rf"(?<![\w-]){_SNMP_TOOLS}\b[^\n]*?{_S}-c{_S}?{V}"),
    row("snmp_community", "an SNMP community in a setting named for it", ("community",),
        r"(?i)(?<![\w-])[\w.\-]*community[\w.\-]*[\"']?[^\S\n]*[:=][^\S\n]*" + V,
        context=r"snmp"),
    row("network_device_secret", "a secret in an XML configuration's element for it "
        "(pfSense / OPNsense config.xml, PAN-OS, Ubiquiti)",
        ("<pre-shared-key", "<pre_shared_key", "<ipsecpsk", "<psk>", "<radius_secret",
         "<radiussecret", "<ldap_bindpw", "<bindpw", "<passphrase", "<community-string",
         "<rocommunity", "<rwcommunity", "<auth-password", "<priv-password", "<authpass",
         "<privpass", "<secret>", "<shared-secret", "<sharedsecret", "<x_passphrase"),
        r"<(?P<tag>pre-shared-key|pre_shared_key|ipsecpsk|psk|radius_secret|radiussecret|"
        r"ldap_bindpw|bindpw|passphrase|community-string|rocommunity|rwcommunity|"
        r"auth-password|priv-password|authpass|privpass|secret|shared-secret|sharedsecret|"
        r"x_passphrase)>\s*(?:<key>\s*)?(?P<v>[^<>\s]{4,512})\s*<"),
)
_TABLE = Table(ROWS)
#: the words a text must hold for any row here (the caller's cheap first test)
WORDS = tuple(sorted({n for r in ROWS for n in r.needles}))


def network_secrets(text: str, low: str) -> Iterator[Decision]:
    """The secrets of network operating systems' configurations in ``text``."""
    yield from _TABLE.decisions(text, low)
