"""Wave 18: secrets in network, infrastructure and operations configuration (network
operating systems, daemons' files, monitoring and operations tools), each beside a look-alike
that must stay unchanged. Cases written by hand from the vendors' and projects' own
configuration references, not from the evaluation splits."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.secrets import redact

#: (text, the secret that must be gone)
REDACTED = [
    # Junos: $9$ after authentication-key (hierarchy form, quoted, with a trailing ;)
    ('neighbor 192.0.2.9 {\n    authentication-key "$9$Rk4hrK8LNdVYgWL7-dk.5Qz9pu1";\n}',
     "$9$Rk4hrK8LNdVYgWL7-dk.5Qz9pu1"),
    # Junos: a RADIUS server's secret in set form
    ('set system radius-server 192.0.2.50 secret "$9$hXzSrvMLxdbY2oGUjHmfT3/9Cp0"',
     "$9$hXzSrvMLxdbY2oGUjHmfT3/9Cp0"),
    # Junos: snmp community (set form and hierarchy)
    ("set snmp community Rw7qLk2Zx9 authorization read-write", "Rw7qLk2Zx9"),
    ("snmp {\n    community N0cPoll3r7 {\n        authorization read-only;\n    }\n}",
     "N0cPoll3r7"),
    # Junos OSPF md5 key
    ('set protocols ospf area 0 interface xe-0/0/0 authentication md5 5 key "Tq8-vZ2_mLx"',
     "Tq8-vZ2_mLx"),
    # Cisco type 7 under a line, in an Ansible stdout (escaped newlines)
    ('"stdout": "line con 0\\n password 7 0822455D0A16544541\\n login"', "0822455D0A16544541"),
    # Arista EOS: a role between username and secret, type 0
    ("username ops privilege 15 role network-admin secret 0 Hk7#pQ2vZ9", "Hk7#pQ2vZ9"),
    # IOS BGP neighbor password type 0, OSPF message-digest-key, NTP key
    ("neighbor 198.51.100.7 password 0 Bgp-Pe3r!x", "Bgp-Pe3r!x"),
    (" ip ospf message-digest-key 10 md5 Os9f_Link4", "Os9f_Link4"),
    ("ntp authentication-key 2 md5 Nt9Kx2LmQ", "Nt9Kx2LmQ"),
    # MikroTik RouterOS
    ("/interface wireless security-profiles set default wpa2-pre-shared-key=Lk3-9xVq2Pz",
     "Lk3-9xVq2Pz"),
    # FortiOS and VyOS set commands
    ("config vpn ipsec phase1-interface\n    edit \"hq\"\n        set psksecret Fg7Lp2Qz9x",
     "Fg7Lp2Qz9x"),
    # Huawei VRP: password cipher, snmp-agent community
    ("local-user ops password cipher %^%#Hq9x2Lm7ZkPq%^%#", "Hq9x2Lm7ZkPq"),
    ("snmp-agent community write cipher Hw7Cm9Zq2", "Hw7Cm9Zq2"),
    # pfSense config.xml
    ("<ipsec><phase1><pre-shared-key>Pf5-Sense9x</pre-shared-key></phase1></ipsec>",
     "Pf5-Sense9x"),
    # WireGuard keys
    ("echo HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw= > /etc/wireguard/peer2.psk",
     "HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw="),
    # keepalived, HAProxy, Squid
    ("    stats auth ops:Hx7!pz2Qw", "Hx7!pz2Qw"),
    ("cache_peer parent.example 3128 0 no-query login=svc:Sq7d-Lp2x", "Sq7d-Lp2x"),
    # BIND key and nsupdate -y
    ("nsupdate -y hmac-sha512:upd:Q2hvb3NlIGEgcmFuZG9tIGtleSBmb3IgVFNJRw== update.txt",
     "Q2hvb3NlIGEgcmFuZG9tIGtleSBmb3IgVFNJRw=="),
    # chrony keys
    ("# /etc/chrony.keys\n1 SHA1 HEX:A6CFC50C9C93AB6E5A19754C246242FC5471BCDF",
     "A6CFC50C9C93AB6E5A19754C246242FC5471BCDF"),
    # FreeRADIUS, tac_plus
    ("# tac_plus.conf\nkey = Tq9-Lp7xZ2", "Tq9-Lp7xZ2"),
    # Kerberos
    ("kadmin -p ops/admin -w Kr9b-Adm1n -q 'listprincs'", "Kr9b-Adm1n"),
    # Nagios resource.cfg
    ("# resource.cfg\n$USER1$=/usr/lib/nagios/plugins\n$USER5$=Ng7x-Q2pLz", "Ng7x-Q2pLz"),
    ("command_line $USER1$/check_snmp -H $HOSTADDRESS$ -C Cm9xQ2pL7 -o sysUpTime.0",
     "Cm9xQ2pL7"),
    # Zabbix, PRTG, RANCID
    ('{"jsonrpc": "2.0", "method": "host.get", "auth": "0424bd59b807674191e7d77572075f33"} '
     "(zabbix api_jsonrpc.php)", "0424bd59b807674191e7d77572075f33"),
    ("https://prtg.example/api/getstatus.htm?username=ops&passhash=3857109264", "3857109264"),
    ("add password core-* {Vty7-Pw2x} {En4b-Pw9q}", "En4b-Pw9q"),
    # F5 tmsh, curl -sku
    ("curl -sku ops:Bi9p-Lq2x https://192.0.2.5/mgmt/tm/sys", "Bi9p-Lq2x"),
    # (more, from the same references)
    ('carol@example.org : XAUTH "Xa9-uth2Lq"', "Xa9-uth2Lq"),
    ("vrrp_instance VI_2 {\n  authentication {\n    auth_pass K7Q2X9ZL\n  }\n}", "K7Q2X9ZL"),
    ("wg set wg0 peer xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg= preshared-key "
     "<(echo HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=)",
     "HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw="),
    ("# /etc/racoon/psk.txt\n198.51.100.20    Rc9-on7Kq2x", "Rc9-on7Kq2x"),
    ("# oxidized router.db\ncore-sw1.example:ios:netops:Ox9d-Lq2xZ", "Ox9d-Lq2xZ"),
    ('user = ops {\n    login = cleartext "Tc9-Lp2qX"\n}  # tac_plus', "Tc9-Lp2qX"),
    ("snmp-server host 192.0.2.7 version 2c Tr4p-Cm9x", "Tr4p-Cm9x"),
    ("standby 1 authentication md5 key-string Hs9-Rp2xL", "Hs9-Rp2xL"),
    ("ppp chap password 0 Ch4p-Lq9x", "Ch4p-Lq9x"),
    ("wpa-psk ascii 0 Wl4n-Ps9xQ", "Wl4n-Ps9xQ"),
    ("password manager user-name ops plaintext Ar9b-Lq2x", "Ar9b-Lq2x"),
    ("<opnsense><ldap_bindpw>Ld9p-Bq2xZ</ldap_bindpw></opnsense>", "Ld9p-Bq2xZ"),
    ("$config['snmp']['community'][] = \"Lnms9-Cq2x\";", "Lnms9-Cq2x"),
    # OpenVPN auth-user-pass: the two lines as comments, and inside an escaped stdout
    ("auth-user-pass ops.txt\n# ops.txt contains:\n# backup\n# Ov9-Lq2x!Zt", "Ov9-Lq2x!Zt"),
    ('"stdout": "$ cat /etc/openvpn/ops.auth\\nbackup\\nOv7-Lq2xPt"', "Ov7-Lq2xPt"),
]

#: (already redacted on bc1b3a0 by earlier rules; kept so the new tables do not undo them)
COVERED = [
    # ASA tunnel-group pre-shared key, HSRP text authentication
    (" ikev1 pre-shared-key Vpn7-Sh4r3d", "Vpn7-Sh4r3d"),
    # MikroTik RouterOS
    ("/interface wifi security add name=home passphrase=Wq8zL3mx7T authentication-types=wpa2-psk",
     "Wq8zL3mx7T"),
    # FortiOS and VyOS set commands
    ("set vpn ipsec site-to-site peer 203.0.113.4 authentication pre-shared-secret 'Vy0s-Psk9'",
     "Vy0s-Psk9"),
    # Net-SNMP
    ("rocommunity M0n1tor7x 10.0.0.0/8", "M0n1tor7x"),
    ("snmpwalk -v2c -c Wlk7Cx2q9 192.0.2.1 system", "Wlk7Cx2q9"),
    # WireGuard keys
    ("[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nListenPort = 51820",
     "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk="),
    # strongSwan ipsec.secrets
    ('192.0.2.1 198.51.100.2 : PSK "Sw4n-Shared9"', "Sw4n-Shared9"),
    # keepalived, HAProxy, Squid
    ("vrrp_instance VI_1 {\n  authentication {\n    auth_type PASS\n    auth_pass Kp7x2Qz\n  }",
     "Kp7x2Qz"),
    ("frontend fe\nuserlist admins\n  user ops insecure-password Up9-xLq2", "Up9-xLq2"),
    # BIND key and nsupdate -y
    ('key "ddns" {\n  algorithm hmac-sha256;\n  secret "kB3nqZyR9f2YwPp5M7xHq1LcVd8sTa==";\n};',
     "kB3nqZyR9f2YwPp5M7xHq1LcVd8sTa=="),
    # FreeRADIUS, tac_plus
    ("client sw1 {\n  ipaddr = 192.0.2.10\n  secret = Rd7s-Kq2xZ\n}", "Rd7s-Kq2xZ"),
    # Kerberos
    ("echo 'Kn7-t3Zq!x' | kinit svc_batch@EXAMPLE.ORG", "Kn7-t3Zq!x"),
    # F5 tmsh, curl -sku
    ("tmsh modify auth user ops password F5-Adm1n9x", "F5-Adm1n9x"),
    # a Kubernetes Secret's data (base64 of "Kx9-Lp2qZw")
    ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: S3g5LUxwMnFadw==\n",
     "S3g5LUxwMnFadw=="),
]

UNCHANGED = [
    # Cisco type 5 / 9 hashes are one-way: kept by decision
    "enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
    "username ops secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM",
    # a Junos crypt hash
    'set system login user ops authentication encrypted-password "$6$abcd$Qx9L2kPz7mVn"',
    # WireGuard's public key is public
    "[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\nAllowedIPs = 10.0.0.2/32",
    # a path in resource.cfg; a macro on a command line
    "# resource.cfg\n$USER1$=/usr/lib/nagios/plugins",
    "command_line $USER1$/check_snmp -H $HOSTADDRESS$ -C $ARG1$ -o $ARG2$",
    # the documented default community and FreeRADIUS' documented default secret
    "snmp-server community public RO",
    "client localhost {\n  ipaddr = 127.0.0.1\n  secret = testing123\n}",
    # keepalived's manual example
    "authentication {\n    auth_type PASS\n    auth_pass 1111\n}",
    # prose that starts as a command does
    "enable password complexity rules on the switches before the audit",
    "we should set the password policy for the vty lines next week",
    # a PRTG sensor id and a port after -p on check_http
    "check_http -H www.example.org -p 8080 -u /health",
    "the PRTG sensor id is 2041 and the passhash docs are on the wiki",
    # a Kubernetes ConfigMap is no Secret
    "apiVersion: v1\nkind: ConfigMap\ndata:\n  log_level: S3g5LUxwMnFadw==\n",
    # RANCID's user line holds a user, not a password
    "add user core-* rancid",
]


@pytest.mark.parametrize(("text", "secret"), [*REDACTED, *COVERED])
def test_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned, cleaned
    assert found


@pytest.mark.parametrize("text", UNCHANGED)
def test_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def test_explain_names_the_documented_place() -> None:
    secrets = explain("set snmp community Rw7qLk2Zx9 authorization read-write").secrets
    assert any(s.redacted and "SNMP community" in s.reason for s in secrets)
    # a crypt hash where a RADIUS secret sits is shown as kept
    secrets = explain("set system radius-server 192.0.2.50 secret $6$Qx9L$2kPz7mVnAbCd").secrets
    assert secrets and not any(s.redacted for s in secrets)
    # a WireGuard preshared key: redacted with the documented place as its reason
    secrets = explain("PresharedKey = 3QSgN6FUtPFXH9nRyV3rYQdDoWKP029TYaCAZ90P3xQ=").secrets
    assert any(s.redacted and "WireGuard" in s.reason for s in secrets)
