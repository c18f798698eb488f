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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .tool_flags import BARE_WORDS as MORE_BARE_WORDS
from .tool_flags import ROWS as MORE_ROWS

#: a value, quoted or not: the quote is kept out of the span
_VALUE = r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})(?P=q)"


@dataclass(frozen=True)
class CommandRule:
    """One tool family's way of taking a password on its command line."""

    family: str
    #: the rule runs only on a text holding one of these
    needles: tuple[str, ...]
    pattern: re.Pattern[str]
    #: the tool whose flag ``pattern`` is: it must come before the flag in the same command
    #: (a command holds several flags; each is looked for on its own)
    tool: re.Pattern[str] | None = None
    #: the flag is also written about in prose ("the --token flag takes ..."): its value must
    #: look chosen, not be a plain word
    prose: bool = False
    #: the syntax puts a password there and nothing else (``user NAME PASSWORD``): a value
    #: is kept only when it is a placeholder or a plain lowercase or capitalised word (an
    #: all-capitals value is a mainframe's password, not a variable's name)
    verbatim: bool = False

    @property
    def reason(self) -> str:
        """Why the value is a password, in words."""
        return f"a password given on the command line ({self.family})"


def _rule(family: str, needles: tuple[str, ...], pattern: str, flags: int = 0,
          tool: str | None = None, prose: bool = False, verbatim: bool = False) -> CommandRule:
    return CommandRule(family, needles, re.compile(pattern, flags),
                       None if tool is None else re.compile(tool), prose, verbatim)


def _flag(family: str, tool: str, flag: str, needles: tuple[str, ...] = ()) -> CommandRule:
    """A tool's password flag (``flag``, a pattern right before the value), wherever it
    stands among the tool's arguments; ``needles``: the tool's names (default: ``tool``'s
    alternatives)."""
    needles = needles or tuple(tool.split("|"))
    return _rule(family, needles, rf"(?<=\s){flag}{_VALUE}", tool=rf"\b(?:{tool})\b")


RULES: tuple[CommandRule, ...] = (
    # redis-cli -a PASSWORD, --pass PASSWORD (Redis docs, "redis-cli")
    _flag("redis-cli -a / --pass", "redis-cli", r"(?:-a|--pass)\s+"),
    # sqlcmd, bcp, osql and isql take the password after a capital -P (SQL Server, Sybase)
    _flag("sqlcmd / bcp / osql / isql -P", "sqlcmd|bcp|osql|isql|sqsh", r"-P\s*"),
    # ipmitool -P, mosquitto_pub and mosquitto_sub -P (their -p is a port)
    _flag("ipmitool / mosquitto -P", "ipmitool|mosquitto_pub|mosquitto_sub|mosquitto_rr",
          r"-P\s+"),
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
    _rule("SQL ROLE ... PASSWORD", ("PASSWORD", "password", "Password"),
          r"(?i)\b(?:CREATE|ALTER)\s+(?:ROLE|USER)\b[^;\n]*?\bPASSWORD\s+"
          r"(?P<q>')(?P<value>[^'\n]{4,128})(?P=q)"),
    # openssl -passin/-passout/-pass pass:PASSWORD
    _rule("openssl pass:", ("pass:",), rf"(?<!\S)-pass(?:in|out)?\s+pass:{_VALUE}"),
    # keytool and jarsigner: -storepass, -keypass, -srcstorepass, -deststorepass
    _rule("keytool -storepass / -keypass", ("storepass", "keypass"),
          rf"(?<!\S)-(?:src|dest|new)?(?:store|key)pass\s+(?!:)(?!-){_VALUE}"),
    # ldapsearch, ldapmodify, ldapadd ...: -w PASSWORD (-W prompts)
    _flag("ldap* -w", r"ldap\w+", r"-w\s+", ("ldap",)),
    # Samba tools: -U USER%PASSWORD, --user=USER%PASSWORD
    _rule("smbclient -U user%password", ("-U", "--user"),
          rf"(?<!\S)(?:-U\s*|--user(?:name)?[= ])['\"]?[^\s%'\"]{{1,64}}%{_VALUE}"),
    # xfreerdp /p:PASSWORD
    _flag("xfreerdp /p:", r"x?freerdp3?", r"/p:", ("freerdp",)),
    # Windows: cmdkey /pass:PASSWORD, schtasks /RP PASSWORD, net user NAME PASSWORD
    _flag("cmdkey /pass:", "cmdkey", r"/pass:"),
    _flag("schtasks /RP", "schtasks", r"/RP\s+"),
    _rule("net user NAME PASSWORD", ("net user", "NET USER"),
          r"(?i)\bnet[^\S\n]+user[^\S\n]+['\"]?[\w.\-$]+['\"]?[^\S\n]+"
          r"(?P<q>['\"]?)(?P<value>[^\s/'\"*][^\s'\"]{3,127})(?P=q)"),
    # rabbitmqctl add_user USER PASSWORD, change_password USER PASSWORD
    _rule("rabbitmqctl add_user", ("rabbitmqctl",),
          r"\brabbitmqctl[^\S\n]+(?:add_user|change_password)[^\S\n]+['\"]?[^\s'\"]+['\"]?"
          rf"[^\S\n]+{_VALUE}"),
    # net use \\server\share PASSWORD /user:NAME, or /user:NAME PASSWORD
    _rule("net use", ("net use", "NET USE"),
          r"(?i)\bnet\s+use\s+(?:\w:\s+)?\\\\\S+\s+(?:/user:\S+\s+)?"
          r"(?P<q>['\"]?)(?P<value>[^\s/'\"*][^\s'\"]{3,127})(?P=q)"),
    # zip -P PASSWORD, unzip -P PASSWORD; 7z -pPASSWORD
    _flag("zip / unzip -P", "zip|unzip", r"-P\s*"),
    _flag("7z -p", "7z|7za|7zr", r"-p"),
    # sqlplus USER/PASSWORD[@DB] (Oracle)
    _rule("sqlplus user/password", ("sqlplus",),
          r"\bsqlplus\s+(?:-\w+\s+)*['\"]?[\w$#]+/"
          r"(?P<q>)(?P<value>[^\s@/'\"]{4,128})"),
    # lftp -u USER,PASSWORD
    _flag("lftp -u user,password", "lftp", r"-u\s+['\"]?[^\s,'\"]+,"),
    # ssh-keygen -N NEW_PASSPHRASE, -P OLD_PASSPHRASE
    _flag("ssh-keygen -N / -P", "ssh-keygen", r"-[NP]\s*"),
    # a password piped to a tool that reads it from standard input: docker (and podman,
    # helm, oras) login --password-stdin, sudo -S, chpasswd (USER:PASSWORD lines)
    _rule("echo ... | login --password-stdin", ("--password-stdin",),
          r"\b(?:echo|printf)\s+(?:-n\s+)?" + _VALUE
          + r"\s*\|\s*(?:sudo\s+)?\S+\s+(?:registry\s+)?login\b[^\n]*--password-stdin"),
    _rule("echo ... | sudo -S", ("sudo -S",),
          rf"\b(?:echo|printf)\s+(?:-n\s+)?{_VALUE}\s*\|\s*sudo\s+-S\b"),
    # (wave 10) kinit reads the password from its standard input when it is no terminal
    _rule("echo ... | kinit", ("kinit",),
          rf"\b(?:echo|printf)\s+(?:-n\s+)?{_VALUE}\s*\|\s*kinit\b"),
    _rule("echo user:password | chpasswd", ("chpasswd",),
          r"\b(?:echo|printf)\s+['\"]?[\w.\-]+:(?P<q>)(?P<value>[^\s'\"]{4,128})['\"]?"
          r"\s*\|\s*(?:sudo\s+)?chpasswd\b"),
    # a secret store's command line: the value set (az keyvault secret set --value, aws
    # secretsmanager --secret-string, aws ssm put-parameter --value, gh secret set --body,
    # doppler/infisical secrets set NAME=value) or a here-string fed to it (<<< ...)
    _flag("secret store --value / --secret-string / --body",
          r"keyvault\s+secret\s+set|secretsmanager|put-parameter|secret\s+set|secrets\s+set",
          r"(?:--value|--secret-string|--body|-b)[=\s]\s*",
          ("keyvault", "secretsmanager", "put-parameter", "secret set", "secrets set")),
    _rule("secret store <<< here-string", ("<<<",),
          r"\b(?:secret|secrets|env)\s+(?:set|add|create|versions\s+add)\b[^\n|;&]*<<<\s*"
          + _VALUE),
    # (wave 10) a PowerShell cmdlet's -Password parameter (Connect-VIServer, New-PSDrive,
    # Invoke-Sqlcmd, Connect-Ftp ... -Password 'VALUE'): PowerShell names a parameter after
    # a single dash, and a parameter named Password takes the password (one of type
    # SecureString is given a variable, which is kept)
    _rule("PowerShell -Password", ("-Password", "-password", "-PASSWORD"),
          r"(?i)(?<!\S)-(?:Plain(?:Text)?)?Password[^\S\n]+"
          r"(?P<q>['\"]?)(?P<value>[^\s'\"]{3,127}[^\s'\";,.])(?P=q)", prose=True),
    # (wave 10) wpa_passphrase SSID PASSPHRASE (wpa_passphrase(8)); mosquitto_passwd -b
    # FILE USER PASSWORD (mosquitto_passwd(1)); netsh wlan ... key=KEY (Windows' netsh
    # wlan set hostednetwork / add profile ... keyMaterial=)
    _rule("wpa_passphrase SSID PASSPHRASE", ("wpa_passphrase",),
          r"\bwpa_passphrase[^\S\n]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)[^\S\n]+" + _VALUE),
    _rule("mosquitto_passwd -b", ("mosquitto_passwd",),
          r"\bmosquitto_passwd[^\S\n]+(?:-c[^\S\n]+)?-b[^\S\n]+(?:-c[^\S\n]+)?[^\s'\"]+[^\S\n]+"
          r"['\"]?[^\s'\"]+['\"]?[^\S\n]+" + _VALUE),
    _rule("netsh wlan key=", ("netsh",),
          r"(?i)\bnetsh[^\S\n]+wlan\b[^\n]*?[^\S\n]key(?:Material)?=" + _VALUE),
    # (wave 10) the ftp client's ``user NAME [PASSWORD]`` command (BSD ftp(1), "user
    # user-name [password] [account]"), on a line of an ftp session
    _rule("ftp user NAME PASSWORD", ("ftp",),
          r"(?m)\bftp\b[^\n]*\n(?:[^\n]*\n){0,5}?[^\S\n]*\+?user[^\S\n]+[^\s'\"]+[^\S\n]+"
          + _VALUE + r"[^\S\n]*$", verbatim=True),
    # (wave 14) influx -t / --token TOKEN (InfluxDB 2.x CLI: every command takes the API
    # token so); the Net-SNMP tools' -c COMMUNITY (snmpcmd(1): the v1/v2c community string,
    # the agent's password; the defaults public/private are plain words, kept)
    _flag("influx -t / --token", "influx", r"(?:-t|--token)(?:=|\s+)"),
    _rule("Net-SNMP -c community", ("snmp",), r"(?<=\s)-c\s*" + _VALUE,
          tool=r"\bsnmp(?:walk|get|getnext|bulkwalk|bulkget|set|table|trap|inform|df|"
               r"status|netstat|translate)?\b", prose=True),
    # (wave 14) snmpd.conf(5): rocommunity / rwcommunity[6] COMMUNITY [SOURCE [OID]]
    _rule("snmpd.conf rocommunity / rwcommunity", ("rocommunity", "rwcommunity"),
          r"(?im)(?:^|(?<=[\s\[\"'`]))r[ow]community6?[^\S\n]+" + _VALUE, prose=True),
    # (wave 14) sssd-ldap(5): ldap_default_authtok = PASSWORD (the bind DN's password)
    _rule("sssd ldap_default_authtok", ("ldap_default_authtok",),
          r"\bldap_default_authtok[^\S\n]*=[^\S\n]*(?P<q>)(?P<value>\S{4,128})",
          verbatim=True),
    # (wave 14) wandb login API_KEY (Weights & Biases CLI: the key is the argument, 40
    # hexadecimal digits; a word ending the command, chosen-looking, no backquote); mcrcon
    # -p PASSWORD (the RCON password; -P is the port)
    _rule("wandb login KEY", ("wandb",),
          r"\bwandb[^\S\n]+login[^\S\n]+(?:--\S+[^\S\n]+)*(?P<q>['\"]?)"
          r"(?P<value>[^\s'\"`-][^\s'\"`]{3,127})(?P=q)(?!\S)", prose=True),
    _flag("mcrcon -p", "mcrcon", r"-p\s*"),
    # (wave 14) terraform output -raw NAME prints the output's value on the next line: a
    # value named for a password or a secret (sensitive outputs are printed so); the name
    # ends with the word (``db_password_secret_name`` names a name)
    _rule("terraform output -raw NAME", ("terraform output",),
          r"\bterraform[^\S\n]+output[^\S\n]+(?:-raw|-json)[^\S\n]+\w*(?i:password|passwd|pwd|"
          r"secret|secret_key|token|api_?key)[^\S\n]*\n(?P<q>)(?P<value>[^\s]{4,128})[^\S\n]*"
          r"(?:\n|$)",
          verbatim=True),
    # (wave 15) from the tools' manuals, the credentials not named by a password word:
    # ``vault login TOKEN`` (Vault CLI: the token is the positional argument), ``bw unlock
    # PASSWORD`` and ``bw login EMAIL PASSWORD`` (Bitwarden CLI)
    _rule("vault login TOKEN", ("vault login",),
          r"\bvault[^\S\n]+login[^\S\n]+(?:-(?!method)\S+[^\S\n]+)*(?P<q>['\"]?)"
          r"(?P<value>[^\s'\"`=-][^\s'\"`=]{3,127})(?P=q)(?![^\s'\"])", prose=True),
    _rule("bw unlock / bw login PASSWORD", ("bw unlock", "bw login"),
          r"\bbw[^\S\n]+(?:unlock|login[^\S\n]+[^\s@]+@\S+)[^\S\n]+(?P<q>['\"]?)"
          r"(?P<value>[^\s'\"`-][^\s'\"`]{3,127})(?P=q)(?![^\s'\"])", prose=True),
    # Oracle's utilities take USER/PASSWORD[@DB] as sqlplus does (expdp, impdp, sqlldr
    # userid=, dgmgrl, rman target/catalog/auxiliary)
    _rule("Oracle utilities user/password", ("expdp", "impdp", "sqlldr", "dgmgrl", "rman target",
                                             "rman catalog", "rman auxiliary", "RMAN TARGET"),
          r"(?i)\b(?:expdp|impdp|sqlldr|dgmgrl|rman[^\S\n]+(?:target|catalog|auxiliary))"
          r"(?:[^\S\n]+-\w+)*[^\S\n]*[= ][^\S\n]*(?:userid=)?['\"]?[\w$#]+/"
          r"(?P<q>)(?P<value>[^\s@/'\"]{4,128})"),
    # Db2's command line: CONNECT TO DB USER NAME USING PASSWORD
    _rule("db2 connect ... using", ("connect to", "CONNECT TO", "Connect to"),
          r"(?i)\bconnect[^\S\n]+to[^\S\n]+\S+[^\S\n]+user[^\S\n]+\S+[^\S\n]+using"
          rf"[^\S\n]+{_VALUE}"),
    # redis-server and sentinel take redis.conf's directives as flags
    _rule("redis-server --requirepass / --masterauth", ("requirepass", "masterauth"),
          rf"(?<!\S)--(?:requirepass|masterauth)[^\S\n]+{_VALUE}"),
    # openssl enc -k PASSWORD (openssl-enc(1)); rar / unrar -pPASSWORD, -hpPASSWORD
    _flag("openssl enc -k", r"openssl[^\S\n]+(?:enc|aes[\w-]*|des[\w-]*|bf[\w-]*|"
          r"camellia[\w-]*|chacha20)", r"-k\s+", ("openssl",)),
    _flag("rar / unrar -p / -hp", r"rar|unrar|winrar|rar\.exe", r"-h?p(?!-)", ("rar",)),
    # the package managers' configuration commands (npm, pnpm and yarn config set; poetry
    # config http-basic.NAME USER PASSWORD and pypi-token.NAME TOKEN; nuget push / setapikey)
    _rule("npm / yarn config set auth", ("config set",),
          r"\b(?:npm|pnpm|yarn)[^\S\n]+config[^\S\n]+set[^\S\n]+(?:\S*:)?"
          r"(?:_authToken|_auth|_password|npmAuthToken|npmAuthIdent)(?:=|[^\S\n]+)" + _VALUE),
    _rule("poetry config http-basic / pypi-token", ("poetry",),
          r"\bpoetry[^\S\n]+config[^\S\n]+(?:http-basic\.\S+[^\S\n]+\S+|"
          r"pypi-token\.\S+)[^\S\n]+" + _VALUE),
    _rule("nuget push / setapikey", ("nuget",),
          r"(?i)\bnuget(?:\.exe)?[^\S\n]+(?:(?:push|delete)\b[^\n]*?(?<=\s)-(?:ApiKey|k)"
          r"[^\S\n]+|setapikey[^\S\n]+)" + _VALUE),
    # x11vnc -passwd PASSWORD (x11vnc(1))
    _flag("x11vnc -passwd", "x11vnc", r"-passwd\s+"),
    # rclone config create / update NAME [TYPE] KEY VALUE ...: the secret keys of its
    # backends (rclone.org/commands/rclone_config_create)
    _rule("rclone config create KEY VALUE", ("rclone",),
          r"\brclone[^\S\n]+config[^\S\n]+(?:create|update)\b[^\n]*?(?<=\s)"
          r"(?:pass|password|password2|secret_access_key|client_secret|account_key|key|"
          r"token|api_key|sas_url)(?:=|[^\S\n]+)" + _VALUE),
    # game servers' launch options (Valve's Source dedicated server +sv_setsteamaccount
    # GSLT, FiveM's sv_licenseKey, +sv_password / +rcon_password)
    _rule("game server +sv_setsteamaccount / sv_licenseKey", ("sv_", "rcon_"),
          r"(?i)(?:(?<=\s)|^)\+?(?:set[^\S\n]+)?(?:sv_setsteamaccount|sv_licensekey|"
          r"sv_password|rcon_password|steam_webapikey)[^\S\n]+" + _VALUE, prose=True),
    # the environment variables tools document for a credential that no password word names
    # (sshpass -e reads SSHPASS; Bitwarden's BW_SESSION and 1Password's OP_SESSION_<account>
    # unlock the vault; Terraform's TF_TOKEN_<host> is an API token for that host; a game
    # server's GSLT, Valve's Game Server Login Token, as LinuxGSM's gslt= and images name it)
    _rule("SSHPASS / BW_SESSION / OP_SESSION_ / TF_TOKEN_ / GSLT environment",
          ("SSHPASS", "BW_SESSION", "OP_SESSION_", "TF_TOKEN_", "GSLT", "gslt"),
          r"(?<![\w$])(?:SSHPASS|BW_SESSION|OP_SESSION_\w+|TF_TOKEN_\w+|(?:\w+_)?GSLT|gslt)"
          r"[^\S\n]*=[^\S\n]*" + _VALUE),
    # a long flag named for a password or a token (--db-password=..., --admin-password ...,
    # --http-password=, --registry-token ...): the flag is its name
    _rule("--*-password / --*-token flag", ("--",),
          r"(?<!\S)--(?!no-|without-|skip-)(?:[a-z0-9]+-){0,3}(?:password|passwd|passphrase|"
          r"pass|token|api-key|apikey|secret-key|client-secret|access-token|auth-token)"
          r"(?:=|[^\S\n]+(?!-))"
          + _VALUE, prose=True),
    # (wave 16) more tools' manuals (:mod:`.tool_flags`)
    *(_rule(family, needles, pattern, tool=tool, prose=prose, verbatim=verbatim)
      for family, needles, pattern, tool, prose, verbatim in MORE_ROWS),
)



def _needles() -> tuple[tuple[str, tuple[int, ...]], ...]:
    owners: dict[str, list[int]] = {}
    for i, rule in enumerate(RULES):
        for needle in rule.needles:
            owners.setdefault(needle, []).append(i)
    return tuple((needle, tuple(rules)) for needle, rules in owners.items())


#: each distinct needle and the rules it opens (looked for once each)
_NEEDLES = _needles()
#: the needles lowercased, for a caller that looks for them in one pass over the lowercased
#: text with its own words: a needle ``text`` holds is there lowercased (``str.lower``
#: lowercases each ASCII letter in place), so the rows found there are the only ones to
#: ask ``needle in text`` (:func:`command_passwords`' ``candidates``)
GATE_ROWS: tuple[tuple[str, tuple[str, tuple[str, tuple[int, ...]]]], ...] = tuple(
    (needle.lower(), ("command", (needle, owners))) for needle, owners in _NEEDLES)
if not all(needle.isascii() for needle, _ in _NEEDLES):
    raise ValueError("a command's needle outside ASCII: GATE_ROWS would not be exact")


#: (wave 15) words of the rules above whose command needs no flag, pipe or switch
_BARE_WORDS = ("vault login", "bw unlock", "bw login", "expdp", "impdp", "sqlldr", "dgmgrl",
               "rman target", "rman catalog", "rman auxiliary", "connect to", "requirepass",
               "masterauth", "config set", "poetry", "nuget", "rclone", "sv_", "rcon_",
               "sshpass", "bw_session", "op_session_", "tf_token_", "gslt",
               *MORE_BARE_WORDS)


def command_passwords(text: str, low: str | None = None,
                      candidates: Iterable[tuple[str, tuple[int, ...]]] | None = None,
                      ) -> Iterator[tuple[CommandRule, int, int, str]]:
    """Each password a tool is given in ``text`` (``low``: the text lowercased, if the caller
    has it; ``candidates``: the rows of the needles table whose needle ``low`` holds
    lowercased, when the caller looked already): the rule, the value's span and value."""
    # what every match holds: a flag, a Windows switch, a pipe or a share, or an SQL keyword
    # or a tool used without flags (substring tests: a tenth of the cost of one pattern)
    if not (" -" in text or " /" in text or "|" in text or "\\" in text or "\t-" in text
            or "<<<" in text or "'-" in text or '"-' in text):
        low = text.lower() if low is None else low
        if not ("identified" in low or "password" in low or "net user" in low or "--" in low
                or "rabbitmqctl" in low or "sqlplus" in low or "ftp" in low
                or "wpa_passphrase" in low or "netsh" in low or "rocommunity" in low
                or "rwcommunity" in low or "ldap_default_authtok" in low or "wandb" in low
                or "terraform" in low or any(w in low for w in _BARE_WORDS)):
            return
    opened: set[int] = set()
    for needle, owners in _NEEDLES if candidates is None else candidates:
        if needle in text:
            opened.update(owners)
    for rule in (RULES[i] for i in sorted(opened)):
        for m in rule.pattern.finditer(text):
            if rule.tool is not None and not _after_tool(text, m.start(), rule.tool):
                continue
            if "args" in rule.pattern.groupindex:
                span = _htpasswd_password(m)
                if span is not None:
                    yield rule, span[0], span[1], text[span[0]:span[1]]
                continue
            yield rule, m.start("value"), m.end("value"), m.group("value")


def _after_tool(text: str, at: int, tool: re.Pattern[str]) -> bool:
    """Whether ``tool`` is named before ``at`` in the same command (same line, no ``|``,
    ``;`` or ``&`` between)."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    found = list(tool.finditer(line))
    return bool(found) and not re.search(r"[|;&]", line[found[-1].end():])


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
