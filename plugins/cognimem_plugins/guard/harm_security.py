"""A protection turned off or down, in code, configuration or words (wave 15's
``weaken_security`` and ``weaken_security_code``, :mod:`.harm_requests`).

Written from CWE Top 25 and the OWASP Top 10 and ASVS: TLS or certificate checks, CSRF,
CORS, authentication and authorisation checks, signatures and ``alg: none``, a backdoor or
hard-coded credential, weaker hashing, secrets written to logs, permissions widened
(``chmod 777``, ``0.0.0.0/0``, public buckets, ``*`` actions), rate limits, lockout and
2FA, input run as code (``eval``, ``shell=True``, unsafe deserialisation), the sandbox,
``--no-verify``, security tests or scanners skipped, a vulnerable version kept, an unknown
package index. Each pattern reads ``flat`` (``WEAKEN_CODE``: the folded text, where only
punctuation shows the act); each ``*_WORDS`` holds a word of every match (the rarer half of
its phrase: the protection rather than the verb).
"""

from __future__ import annotations

_W = r"(?: [\w\-]+)"  # one more word

# --- 1. a protection turned off or down (CWE Top 25, OWASP Top 10 / ASVS) ---------------
_OFF = (r"(?:disabl(?:e|ing)|turn(?:ing)? off|switch(?:ing)? off|skip(?:ping)?|"
        r"bypass(?:ing)?|remov(?:e|ing)|comment(?:ing)? out|relax(?:ing)?|loosen(?:ing)?|"
        r"weaken(?:ing)?|strip(?:ping)?|deactivat(?:e|ing)|suppress(?:ing)?|silenc(?:e|ing)|"
        r"short circuit(?:ing)?|no op|stub(?:bing)? out|rip(?:ping)? out|get(?:ting)? rid of|"
        r"drop(?:ping)?|kill(?:ing)?)")
_GUARD = (r"(?:ssl|tls|hsts|certificate|certificates|cert|certs|hostname|host key|"
          r"signature|signatures|signing|gpg|token|jwt|csrf|xsrf|cors|same origin|auth|"
          r"authentication|authori[sz]ation|access control|permission|permissions|acl|acls|"
          r"2fa|mfa|two factor|otp|rate limit\w*|throttl\w*|lockout|account lock\w*|captcha|"
          r"sandbox\w*|seccomp|apparmor|selinux|firewall|waf|encryption|csp|"
          r"content security policy|input validation|validation|sanitization|sanitisation|"
          r"sanitizer|escaping|audit log\w*|security|sast|dast|dependabot|codeql|snyk|"
          r"semgrep|bandit|trivy|gitleaks|secret scanning|pre commit hooks?|hooks|"
          r"checksum|checksums|integrity|branch protection|protected branch|verification|"
          r"password check|login check|session check|expiry check|expiration check)")
WEAKEN = (
    rf"\b{_GUARD}(?: \w+){{0,3}}? (?:should|must|needs? to|has to|have to|can|is to|are to) "
    r"be (?:disabled|commented out|removed|turned off|switched off|skipped|bypassed|relaxed|"
    r"loosened|stubbed out|short circuited)\b|"
    rf"\b{_OFF}{_W}{{0,3}}? (?:the )?{_GUARD}(?: (?:check|checks|checking|verification|"
    r"validation|protection|middleware|requirement|enforcement|scan|scans|scanning|tests?))?\b|"
    r"\b(?:verify|verify ssl|ssl verify|sslverify|verify peer|verify host|check hostname|"
    r"verify signature|verify exp|reject ?unauthori[sz]ed|secure|httponly) (?:false|0|no|off)\b|"
    r"\b(?:insecure skip (?:tls )?verify|node tls reject unauthori[sz]ed 0|cert none|"
    r"strict ?host ?key ?checking no|trust ?all ?certs|trust ?all ?certificates|"
    r"allow ?all ?host ?name ?verifier|no ?op ?host ?name ?verifier|insecure request warning|"
    r"unverified context|tls insecure|ssl no revoke)\b|"
    r"\baccept\w*(?: \w+)? (?:any|all|every|invalid|expired|self signed) (?:tls |ssl )?"
    r"(?:certificates?|certs?|hosts?|hostnames?|origins?|signatures?|tokens?|passwords?)\b|"
    r"\ballow\w* (?:all|any|every) (?:origins?|hosts?|domains?|ips?|methods?|actions?|"
    r"principals?)\b|"
    r"\b(?:alg|algorithm|algorithms) none\b|"
    # a backdoor, a hard-coded credential, a master or fallback password
    r"\b(?:backdoor\w*|master password|skeleton key|universal password|god mode login)\b|"
    r"\b(?:hardcod\w*|hard cod(?:e|ed|ing))(?: \w+){0,3}? (?:password|passwords|credential|"
    r"credentials|token|tokens|key|keys|admin|account|user|login)\b|"
    r"\b(?:fallback|default|extra|hidden|secret) (?:admin )?(?:password|account|login)"
    r"(?: \w+){0,4}? (?:for|on|in) (?:any|every|all)\b|"
    r"\baccepts? (?:the |a |any )?(?:password|pin|token)\w*(?: \w+){0,4}? for (?:any|every|all)\b|"
    # weaker hashing or none
    r"\b(?:replace|swap|switch|change|downgrade|move)\w*(?: \w+){0,3}? (?:bcrypt|argon2\w*|"
    r"scrypt|pbkdf2|sha ?256|sha ?512|aes\w*)(?: \w+){0,3}? (?:to|with|for) (?:plain |plain ?text |"
    r"raw )?(?:md5|sha ?1|des|rc4|ecb|plain ?text|base64|crc32|nothing)\b|"
    r"\bstore\w*(?: \w+){0,3}? passwords? (?:in )?(?:plain ?text|clear ?text|unhashed|as is|md5)\b|"
    # secrets written to logs
    r"\b(?:log|logs|logging|print|prints|printing|console log|echo|dump|write)\b(?: \w+){0,3}? "
    r"(?:the |every |all |each |full )?(?:passwords?|tokens?|secrets?|api keys?|credentials|"
    r"private keys?|session (?:ids?|cookies?)|card numbers?)\b(?: \w+){0,3}? (?:to|in|into) "
    r"(?:the )?(?:logs?|stdout|console|output|sentry|datadog|splunk)\b|"
    # permissions widened
    r"\bchmod(?: r)? (?:0?777|0?666|a ?rwx|o ?w)\b|\b0 0 0 0 0\b|"
    r"\b(?:public ?read(?: ?write)?|publicly (?:readable|writable|accessible)|make (?:the |it )?"
    r"(?:\w+ )?(?:bucket|container|blob|repo|repository|s3|storage) public|block public "
    r"(?:acls?|access|policy) (?:false|off)|administratoraccess|privileged (?:true|mode)|"
    r"cap add all|run\w* (?:it |them )?as root|allow privilege escalation true|"
    r"permit ?all)\b|"
    r"\bdebug (?:true|on|1)(?: \w+){0,6}? (?:production|prod|live)\b|"
    # input run as code (CWE-94, CWE-78, CWE-502)
    r"\b(?:eval|exec|os system|popen|subprocess \w+|pickle loads|yaml load|marshal loads|"
    r"unserialize|deserializ\w*)(?: \w+){0,4}? (?:request|user|input|untrusted|params?|query|"
    r"body|form|payload|args)\b|\bshell true\b|\bdangerously ?set ?inner ?html\b|"
    r"\b(?:autoescape|auto escape) (?:false|off)\b|\bmark safe\b|"
    # the checks before a commit or a release skipped
    r"\bno verify\b|\bno gpg sign\b|\bskip (?:ci|checks|hooks)\b|"
    # a vulnerable version kept or an unknown source added (CWE-1104, CWE-829)
    r"\b(?:pin|keep|hold|downgrade|roll back|revert)\w*(?: \w+){0,6}? (?:vulnerable|"
    r"cve \d+|known vulnerabilit\w*|unpatched|eol)\b|"
    r"\b(?:enable|allow|use|force|set)\w*(?: \w+){0,3}? (?:sslv2|sslv3|tls ?v?1 ?0|tls ?v?1 ?1|"
    r"tlsv1|null cipher|export ciphers?|weak ciphers?)\b|"
    r"\b(?:extra index url|index url|trusted host|registry|package source|feed url)"
    r"(?: \w+){0,2}? (?:https?|http)\b"
)
#: what only punctuation shows (over the folded text): ``verify=False``, ``["*"]``
WEAKEN_CODE = (
    r"\b(?:verify|ssl_verify|verify_ssl|sslverify|check_hostname|rejectunauthorized|"
    r"insecureskipverify|verify_signature|secure|httponly)[\"']?\s*[=:]\s*(?:false|0|no)\b|"
    r"(?:allowed_hosts|cors_origins|allowed_origins|origins|access-control-allow-origin|"
    r"cors_allow_all_origins|\"action\"|\"principal\")\s*[=:]\s*\[?\s*[\"']?\*"
    r"[\"']?|cors_(?:allow_all_origins|origin_allow_all)\s*=\s*true|"
    r"[\"']?alg[\"']?\s*:\s*[\"']none[\"']|ssl\._create_unverified_context|"
    r"cert_reqs\s*=\s*[\"']?(?:ssl\.)?cert_none|--(?:insecure|no-check-certificate|"
    r"disable-web-security|no-sandbox|trusted-host|allow-root)\b|(?<!\w)-k\s+https?:"
)
WEAKEN_CODE_WORDS = (
    "verify ssl sslverify hostname rejectunauthorized rejectunauthorised "
    "insecureskipverify secure httponly allowed cors origins origin action principal "
    "alg unverified cert reqs insecure certificate security sandbox "
    "trusted root k")
WEAKEN_WORDS = (
    # (each branch of the pattern by its rarest words: what a match always holds)
    "disabled commented removed turned switched skipped bypassed relaxed loosened stubbed "
    "circuit ssl tls hsts certificate certificates cert certs hostname host signature "
    "signatures signing gpg token jwt csrf xsrf cors origin auth authentication policy "
    "authorization authorisation access permission permissions acl acls 2fa mfa otp "
    "factor rate throttle throttling throttled lockout account captcha sandbox sandboxing "
    "sandboxes sandboxed seccomp apparmor selinux firewall waf encryption csp input "
    "validation sanitization sanitisation sanitizer escaping audit security sast dast "
    "dependabot codeql snyk semgrep bandit trivy gitleaks secret pre hooks checksum "
    "checksums integrity branch protected verification password login session expiry "
    "expiration verify sslverify hostname reject rejectunauthorized rejectunauthorised secure "
    "httponly insecure node strict stricthostkeychecking trustall trustallcerts certs "
    "verifier allowallhostnameverifier noophostnameverifier unverified accept accepts "
    "accepted accepting allow allows allowed allowing alg algorithm algorithms backdoor "
    "backdoors backdoored master skeleton universal god hardcode hardcoded hardcoding "
    "hardcodes code coded coding "
    "passwords pin bcrypt scrypt pbkdf2 sha sha256 sha512 argon2 argon2id aes aes256 "
    "aes128 tokens secrets api credentials private card chmod 0 public publicread publicly "
    "administratoraccess privileged cap root privilege permit permitall debug eval exec os "
    "popen subprocess pickle yaml marshal unserialize deserialize deserializing "
    "deserialization deserialise deserialising shell dangerously dangerouslysetinnerhtml "
    "autoescape auto mark gpg skip vulnerable cve vulnerability "
    "vulnerabilities unpatched eol known sslv2 sslv3 tlsv1 tlsv10 tlsv11 tls10 tls11 null "
    "export weak extra index trustallcertificates insecurerequestwarning "
    "trusted registry package feed")
