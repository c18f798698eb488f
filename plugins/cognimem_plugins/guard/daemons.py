"""(wave 18) Secrets in network daemons' configuration files, each by its project's manual:

* WireGuard (wg(8), wg-quick(8), systemd.netdev(5), NetworkManager): ``PrivateKey`` and
  ``PresharedKey`` (``private-key``, ``preshared-key``, ``private_key``...): 32 bytes in
  base64, 44 characters ending ``=`` (``PublicKey`` is public); a key ``echo``-ed into a
  file named for a private or preshared key, or piped into ``wg pubkey``;
* strongSwan / Libreswan ``ipsec.secrets`` (ipsec.secrets(5)): ``: PSK "..."``, ``: EAP``,
  ``: XAUTH``, ``: NTLM`` and the passphrase of ``: RSA|ECDSA|P12|PKCS8 FILE "..."``;
  racoon's ``psk.txt`` (racoon.conf(5)): ``address key`` lines;
* keepalived (keepalived.conf(5)): ``auth_pass``; HAProxy (configuration manual):
  ``stats auth USER:PASS``, ``user NAME insecure-password PASS``; Squid (squid.conf
  ``cache_peer``): ``login=USER:PASS``;
* BIND, ISC DHCP, NSD, Knot (named.conf ``key { secret "..." }``, rndc.key, nsupdate(1)
  ``-y [alg:]name:secret``, dnssec-keygen's ``K*.private``, ``pdnsutil import-tsig-key``);
* chrony and ntpd keys files (chrony.conf(5) ``keyfile``, ntp.keys(5)): ``ID TYPE KEY``;
* FreeRADIUS (``clients.conf`` ``secret =``, the users file's ``Cleartext-Password :=``),
  tac_plus (``key =``, ``login = cleartext ...``);
* BIRD, Quagga, FRR, msmtp and fetchmail: a ``password`` line of their files;
  ``machine H login U password P`` (netrc);
* Kerberos: ``kadmin -w PASSWORD``, ``echo PASSWORD | kinit``, a ``Password for
  principal@REALM:`` prompt answered; Samba's tools ``-U user%password``;
(an OpenVPN static key's block is :mod:`.structured`'s armoured key already.)
"""

from __future__ import annotations

from collections.abc import Iterator

from .decisions import Decision
from .netrows import BOL, NL, Row, Table, V, row

_S = r"[^\S\n]+"
_B64_32 = r"[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]="
_B64 = r"[A-Za-z0-9+/]{16,512}={0,2}"

ROWS: tuple[Row, ...] = (
    row("wireguard_key", "a WireGuard private or preshared key (32 bytes in base64 after "
        "its documented name; PublicKey is public)",
        ("privatekey", "presharedkey", "private-key", "preshared-key", "private_key",
         "preshared_key", "private key", "preshared key", "psk"),
        r"(?i)(?<![\w])(?:private|pre-?shared|psk)[\s_\-.]?key[\"']?[^\S\n]*(?:[:=][^\S\n]*|"
        rf"[^\S\n]+)(?:<\([^\S\n]*echo[^\S\n]+)?[\"']?(?P<v>{_B64_32})(?![A-Za-z0-9+/=])",
        "shape"),
    row("wireguard_key", "a WireGuard key written into a file named for a private or "
        "preshared key, or piped into wg pubkey (so a private key)", ("echo", "printf"),
        rf"(?:echo|printf){_S}(?:-n{_S})?[\"']?(?P<v>{_B64_32})[\"']?[^\S\n]*"
        r"(?:\|[^\S\n]*(?:sudo[^\S\n]+)?wg[^\S\n]+pubkey|>{1,2}[^\S\n]*(?:\S*/)?"
        r"(?![^\s/]*pub)[^\s/]*(?:psk|priv|preshared|secret|key))"),
    row("ipsec_secret", "a secret of strongSwan's / Libreswan's ipsec.secrets (: PSK, EAP, "
        "XAUTH, NTLM)", (": psk", ":psk", ": eap", ": xauth", ": ntlm", "\t:psk"),
        rf":[^\S\n]*(?:PSK|EAP|XAUTH|NTLM){_S}(?:\\?\"(?P<v>[^\"\n\\]{{3,256}})\\?\"|"
        r"(?P<w>0[xs][A-Za-z0-9+/=]{4,512}|[^\s\"\\]{4,128}))"),
    row("ipsec_secret", "the passphrase of a private key in ipsec.secrets (: RSA FILE "
        "\"passphrase\")", (": rsa", ": ecdsa", ": p12", ": pkcs8", ": bliss"),
        rf":[^\S\n]*(?:RSA|ECDSA|P12|PKCS8|BLISS){_S}\S+{_S}\\?\"(?P<v>[^\"\n\\]{{3,256}})\\?\"",
        "shape"),
    row("ipsec_secret", "a pre-shared key of racoon's psk.txt (address key)",
        ("psk.txt", "racoon"),
        rf"{BOL}[^\S\n]*(?:\d{{1,3}}(?:\.\d{{1,3}}){{3}}|[0-9A-Fa-f]*:[0-9A-Fa-f:]+|"
        rf"[\w.\-]+@[\w.\-]+|[\w\-]+(?:\.[\w\-]+)+){_S}{V}[^\S\n]*(?={NL}|$)", "chosen"),
    row("keepalived_auth_pass", "keepalived's VRRP authentication password (auth_pass)",
        ("auth_pass",), rf"(?<![\w-])auth_pass{_S}{V}"),
    row("haproxy_password", "a password of HAProxy's stats auth or a userlist's "
        "insecure-password", ("stats auth", "insecure-password"),
        rf"(?<![\w-])(?:stats{_S}auth{_S}[^\s:]+:|user{_S}\S+{_S}insecure-password{_S}){V}"),
    row("squid_peer_password", "the password of a Squid cache_peer's login=USER:PASS",
        ("login=",), rf"(?<![\w-])login=[^\s:=]+:{V}", context=r"cache_peer|squid"),
    row("tsig_key", "a TSIG / rndc key's secret (BIND, ISC DHCP: key { secret \"...\"; })",
        ("secret",), rf"(?<![\w-])secret{_S}\\?\"?(?P<v>{_B64})\\?\"?[^\S\n]*;",
        "config", r"algorithm|rndc|tsig|hmac|\bkey\s"),
    row("tsig_key", "a TSIG key given to nsupdate or dig (-y [alg:]name:secret)", ("-y",),
        rf"(?<!\S)-y{_S}[\"']?(?:hmac-[\w\-]+:)?[\w.\-]+:(?P<v>{_B64})",
        context=r"nsupdate|\bdig\b|tsig"),
    row("tsig_key", "a TSIG key's secret in NSD's or Knot's configuration (secret:)",
        ("secret:",), rf"(?<![\w-])secret:[^\S\n]*[\"']?(?P<v>{_B64})",
        context=r"algorithm|hmac-|tsig"),
    row("tsig_key", "a key in dnssec-keygen's private file (Key:, PrivateKey:, ...)",
        ("private-key-format",),
        rf"{BOL}(?:Key|PrivateKey|PrivateExponent|Prime1|Prime2|Exponent1|Exponent2|"
        rf"Coefficient):[^\S\n]*(?P<v>{_B64})", "shape"),
    row("tsig_key", "a TSIG key imported with pdnsutil (import-tsig-key NAME ALG KEY)",
        ("import-tsig-key",), rf"import-tsig-key{_S}\S+{_S}\S+{_S}(?P<v>{_B64})", "shape"),
    row("ntp_key", "a key of chrony's or ntpd's keys file (ID TYPE KEY)", ("chrony", "ntp"),
        rf"{BOL}[^\S\n]*\d{{1,5}}{_S}(?:M|MD5|SHA1|SHA256|SHA384|SHA512|SHA3-\d{{3}}|"
        rf"AES128CMAC|AES256CMAC|AES-128-CMAC|AES-256-CMAC|RMD160|SHA|SM3){_S}"
        rf"(?:HEX:|ASCII:)?{V}[^\S\n]*(?={NL}|$|{_S}#)"),
    row("radius_secret", "a RADIUS client's shared secret (FreeRADIUS clients.conf)",
        ("secret",), rf"(?<![\w-])secret[^\S\n]*=[^\S\n]*{V}",
        context=r"radius|raddb|client\s+[\w.\-/]+\s*\{|nas"),
    row("radius_secret", "a user's password in FreeRADIUS' users file (Cleartext-Password)",
        ("cleartext-password", "user-password"),
        rf"(?:Cleartext-Password|User-Password)[^\S\n]*:?=[^\S\n]*{V}"),
    row("tacacs_secret", "tac_plus' key or a cleartext login (key =, login = cleartext)",
        ("cleartext", "key =", "key="),
        rf"(?<![\w-])(?:(?:login|enable|pap|chap|arap|opap|global){_S}?={_S}?cleartext{_S}|"
        rf"key[^\S\n]*=[^\S\n]*){V}", context=r"tac_plus|tacacs|tac-plus"),
    row("daemon_password", "a password line of a routing daemon's or a mail tool's file "
        "(BIRD, Quagga, FRR, msmtp, fetchmail)", ("password",),
        rf"(?:{BOL}[^\S\n]*(?:enable{_S})?|\bwith{_S}|\buser{_S}\S+{_S}(?:there{_S})?"
        rf"(?:with{_S})?)password{_S}{V}",
        context=r"protocol\s+(?:bgp|ospf|rip|babel)|\bbird\b|zebra|quagga|\bfrr\b|vtysh|"
        r"bgpd|ospfd|msmtp|fetchmail|\bpoll\s"),
    row("netrc_password", "a password in a netrc line (machine H login U password P)",
        ("machine",), rf"\bmachine{_S}\S+{_S}login{_S}\S+{_S}password{_S}{V}"),
    row("kerberos_password", "a password given to kadmin with -w", ("kadmin",),
        rf"\bkadmin(?:\.local)?\b[^\n]*?{_S}-w{_S}{V}"),
    row("kerberos_password", "a password piped into kinit (echo PASSWORD | kinit)",
        ("kinit",), rf"\b(?:echo|printf){_S}(?:-n{_S})?{V}[^\S\n]*\|[^\S\n]*(?:sudo{_S})?kinit"),
    row("kerberos_password", "a Kerberos password prompt answered (Password for "
        "principal@REALM:)", ("password for",),
        rf"[Pp]assword{_S}for{_S}[^\s:]+@[A-Z0-9.\-]+:{_S}{V}"),
    row("samba_password", "a password given to a Samba tool (-U user%password)",
        ("net ads", "net rpc", "net sam", "smbclient", "rpcclient", "smbcacls", "smbget",
         "wbinfo", "samba-tool", "smbmap", "crackmapexec", "netexec"),
        rf"(?<![\w-])(?:-U|--user(?:name)?=?){_S}?[\"']?[^\s%\"']+%{V}"),
)
_TABLE = Table(ROWS)


def daemon_secrets(text: str, low: str) -> Iterator[Decision]:
    """The secrets of network daemons' configuration files in ``text``."""
    yield from _TABLE.decisions(text, low)
