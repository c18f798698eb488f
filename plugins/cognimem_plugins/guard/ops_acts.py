"""Acts against the user's own defences, asked of an agent doing operations work (wave 18).

An agent that reads alerts, dashboards, runbooks, tickets and hand-off notes can be told, by
the text it reads, to turn the user's defences off. The agent-hijacking benchmarks
(InjecAgent, AgentDojo, WASP), OWASP's LLM Top 10 (LLM01, LLM06 excessive agency) and
Agentic Top 10, and MITRE ATLAS / ATT&CK's defence-evasion techniques (T1562 impair
defences: disable or modify tools, disable logging, cloud logs, firewall; T1070 indicator
removal; T1098 account manipulation: SSH authorized keys, cloud roles, OAuth apps) name the
acts; the operations tools' own documentation names their objects:

* monitoring and paging muted wholesale: alert silences and maintenance windows
  (Alertmanager, Grafana, Datadog downtimes, PagerDuty and Opsgenie escalations and
  heartbeats, Nagios/Icinga/Zabbix checks and hosts), audit and logging (auditd,
  CloudTrail, GuardDuty, Security Hub, flow and access logs, journald, shell history), EDR
  and detection (CrowdStrike, SentinelOne, Defender, osquery, Wazuh, Falco, Sysmon, SIEM
  correlation rules, Sigma and YARA rules), backups, snapshots, versioning, object lock;
* exceptions: an IP, a hash, a domain or a sender allowlisted in a security tool; an alert or
  a finding closed as a false positive or benign; a severity lowered; a queue jumped;
* access added: an SSH key, ``NOPASSWD`` sudo, an OAuth app, a service principal, a mail
  forwarding rule, an admin or owner role; a key rotated *to a value given*; a port opened
  to any; the firewall flushed; a security daemon stopped.

Each pattern reads ``flat``; ``OPS_WORDS`` holds a word of every match (the defence's
name, not the verb). A developer silencing *one* noisy alert, closing a stale ticket or
rotating a key names no such wholesale object, and the act counts only beside an address
to the AI reader, a hand-off's next reader (:mod:`.handoff`) or a lever
(:mod:`.pressure`).
"""

from __future__ import annotations

#: the verbs that mute, stop or remove (as an order is worded: the base form or the gerund,
#: not a report's "disables", "was paused")
_MUTE = (r"(?:disabl(?:e|ing)|turn(?:ing)? off|switch(?:ing)? off|shut(?:ting)? (?:off|down)|"
         r"mut(?:e|ing)|silenc(?:e|ing)|snooz(?:e|ing)|suppress(?:ing)?|"
         r"paus(?:e|ing)|stop(?:ping)?|kill(?:ing)?|deactivat(?:e|ing)|"
         r"squelch(?:ing)?|uninstall(?:ing)?|unload(?:ing)?|comment(?:ing)? out|"
         r"delet(?:e|ing)|remov(?:e|ing)|purg(?:e|ing)|wip(?:e|ing)|"
         r"truncat(?:e|ing)|clear(?:ing)?|unsubscrib(?:e|ing)|unschedul(?:e|ing)|"
         r"unenroll(?:ing)?|unregister(?:ing)?|mask(?:ing)?|bypass(?:ing)?|"
         r"drop(?:ping)?|detach(?:ing)?|exclud(?:e|ing)|ack(?:nowledge)?)")
#: what watches the user's systems and keeps their evidence (the tools' documented names)
_WATCH = (r"(?:escalations?|escalation polic(?:y|ies)|on ?call (?:paging|alerts|"
          r"notifications)|paging|heartbeats?|uptime checks?|synthetics|"
          r"(?:pagerduty|opsgenie|victorops|splunk on ?call|alertmanager|datadog|prometheus|"
          r"grafana|nagios|icinga|zabbix|prtg|sentry|new ?relic|"
          r"cloudwatch|stackdriver|elastic|wazuh|checkmk|librenms|observium|uptime ?kuma)"
          r"(?: \w+)?(?: (?:monitors?|alerts?|alerting|alarms?|checks?|host|hosts|host "
          r"entr(?:y|ies)|rules?|agents?|integrations?|notifications?|services?|"
          r"escalations?|heartbeats?|schedules?|receivers?|routes?|silences?))|"
          r"audit(?:d| logs?| logging| trail| trails| rules| policy| events)?|auditing|"
          r"cloudtrail|guard ?duty|security ?hub|(?:flow|access|event|security) (?:logs|"
          r"logging)|journald|syslog|(?:shell|bash) history|wtmp|lastlog|"
          r"edr|xdr|antivirus|anti virus|crowdstrike|falcon(?: sensor)?|sentinel ?one|"
          r"carbon ?black|defender(?: for endpoint)?|osquery(?:d)?|falco|sysmon|tripwire|"
          r"aide|file integrity monitoring|intrusion (?:detection|prevention)|ids|ips|snort|"
          r"suricata|zeek|siem|soar|dlp|(?:detection|correlation|sigma|yara|alert|alerting|"
          r"monitoring|suppression|waf|ids) rules?|detections|"
          r"backups?|backup (?:jobs?|schedule|policy|plan)|snapshots|versioning|object lock|"
          r"deletion protection|termination protection|pitr|mfa delete|retention polic(?:y|ies)|"
          r"fail2ban|crowdsec|sshguard|apparmor|selinux)")
#: a mute made wholesale (all, every, for days): one noisy alert silenced is routine
_ALL = (r"(?:all|every|any|each|the whole|the entire|whole|entire|global|org wide|"
        r"account wide|fleet wide|cluster wide)")
_LONG = (r"(?:for (?:\d+|a|the next|several|a few|two|three) (?:days?|weeks?|months?|years?)|"
         r"permanently|indefinitely|forever|for good|until further notice|"
         r"(?:and|then) (?:don t|do not|never) (?:report|tell|mention|log|notify))")
_MUTE_ACT = (
    rf"\b{_MUTE}(?: \w+){{0,4}}? {_WATCH}\b|"
    rf"\b{_WATCH}(?: \w+){{0,3}}? (?:to|as|should be|must be|can be|be|needs to be) "
    r"(?:set to )?"
    r"(?:disabled|off|muted|silenced|paused|snoozed|suppressed|deleted|removed|stopped|"
    r"commented out|false|none)\b|"
    rf"\b(?:silenc|mut|snooz|suppress|disabl|acknowledg|ack)\w*(?: \w+){{0,2}}? {_ALL} "
    r"(?:\w+ ){0,2}?(?:alerts?|alarms?|alerting|monitors?|monitoring|notifications|findings|"
    r"detections)\b|"
    r"\b(?:silenc|mut|snooz|suppress|disabl)\w*(?: \w+){0,4}? (?:alerts?|alarms?|alerting|"
    rf"monitors?|monitoring|notifications|detections) {_LONG}|"
    r"\bcomment(?:ing)? out (?:every|all|the) (?:\w+ )?(?:check \w+|checks?|monitors?|"
    r"alerts?|services?|rules?)\b|"
    r"\b(?:maintenance (?:window|mode)|downtime|silence)(?: \w+){0,3}? (?:for|on|across) "
    rf"(?:{_ALL} |the )?(?:\w+ )?(?:hosts|servers|services|production|prod|fleet|cluster)"
    rf"(?: \w+){{0,3}}? {_LONG}"
)
#: an exception made in a security tool, a finding closed or played down
_EXCEPT = (
    r"\b(?:allowlist|whitelist|allow ?list|safelist|exclusion list|exclusions|"
    r"safe senders?|trusted senders?|trusted ips?)"
    r"(?:ed|ing|s)?\b(?: \w+){0,4}? (?:ip|ips|address|addresses|hash|hashes|sha256|md5|"
    r"domain|domains|sender|senders|binary|executable|process|path|cidr|subnet|range|"
    r"hostname|url|urls|file|certificate|\d+ \d+ \d+ \d+)\b|"
    r"\b(?:add|put|include|move)\w*(?: \w+){0,5}? (?:to|in|on|into) (?:the |our |your )?"
    r"(?:\w+ )?(?:allowlist|whitelist|allow ?list|safelist|safe senders?|"
    r"trusted senders?|trusted ips?|exclusion list|exclusions)\b|"
    r"\b(?:close|closing|resolve|resolving|dismiss|dismissing|mark|marking|tag|tagging|"
    r"classify|label|triage|set|treat|auto close|auto resolve)\b(?: \w+){0,10}? (?:as )?(?:an? )?"
    r"(?:false positives?|benign|true negatives?|not malicious)\b|"
    r"\b(?:lower|lowering|downgrade|downgrading|reduce|reducing|drop|dropping|decrease|set|"
    r"change)(?: \w+){0,3}? (?:severity|"
    r"priority|risk score|risk rating|criticality|cvss(?: score)?|threat level|urgency)"
    r"(?: \w+){0,8}? (?:to |at )?(?:low|info|informational|p4|p5|sev ?4|sev ?5|minor|none|"
    r"zero|0|trivial|lowest)\b|"
    r"\b(?:jumps?|skips?|bypass(?:es)?) (?:the )?(?:queue|triage)\b|"
    # a control of change management or review skipped or marked as passed (ITIL change
    # enablement, SOX separation of duties, the four-eyes rule)
    r"\b(?:skip|skips|skipping|bypass|bypasses|bypassing|waive|waives|waiving|circumvent|"
    r"ignore|ignoring|disable|disabling|override|overriding)(?: \w+){0,2}? (?:change "
    r"(?:review|reviews|approval|approvals|advisory board|freeze)|cab(?: approval| review)?|"
    r"peer review|maker checker|separation of duties|dual control)\b|"
    r"\bmark\w*(?: \w+){0,4}? (?:review|approval|approvals|checks?|tests?|scans?|gates?|qa|"
    r"sign ?offs?|controls?|steps?)(?: \w+){0,2}? as (?:passed|approved|compliant|"
    r"cleared)\b"
)
#: access added, a key set to a value given, the network opened
_ACCESS = (
    r"\b(?:add|adds|adding|append|appends|appending|install|installs|put|paste|insert|"
    r"register|upload|drop)\b(?: \w+){0,5}? (?:ssh (?:ed25519|rsa|dss|ecdsa)|"
    r"authori[sz]ed keys)\b|"
    r"\bnopasswd\b|\b(?:to|in|into) (?:the )?(?:sudoers|wheel group|sudo group|domain admins|"
    r"enterprise admins|global admins|administrators group|admins group|org owners|"
    r"owners team|breakglass)\b|"
    r"\b(?:add|create|register|install|authori[sz]e|approve|grant|consent to|connect)"
    r"\w*(?: \w+){0,4}? (?:oauth (?:app|apps|application|client|grant|consent)|github app|"
    r"service principal|app registration|inbox rule|forwarding rule|"
    r"global admin|superadmin|administratoraccess|"
    r"iam (?:user|access key)s?)\b|"
    r"\b(?:rotate|rotates|rotating)(?: the)? (?:\w+ ){0,2}?(?:key|"
    r"password|"
    r"secret|token|passphrase|psk|pin)s? to (?:the value |this value |the following |"
    r"the string |this )?(?=[a-z]*\d)[a-z0-9]{8,}\b|"
    r"\bopen\w*(?: \w+){0,3}? (?:port \d{2,5}|\d{2,5} (?:tcp|udp))(?: (?:tcp|udp))? "
    r"(?:to|from|for) (?:any|all|"
    r"everyone|anyone|the world|the internet|0 0 0 0)\b|"
    r"\b(?:iptables|ip6tables) (?:f|flush|p input accept)\b|\bflush (?:the )?(?:firewall|"
    r"iptables|nftables|nft|ufw|pf)(?: rules?)?\b|\bufw disable\b|\bsetenforce 0\b|"
    r"\bsystemctl (?:stop|disable|mask|kill) (?:auditd|firewalld|ufw|falcon ?sensor|osqueryd|"
    r"wazuh \w+|crowdstrike|sshguard|fail2ban|apparmor|clamav \w+|splunkd|datadog agent|"
    r"rsyslog|syslog ng|journald|sysmon|sentinelone|elastic agent)\b"
)
OPS_ACT = "|".join((_MUTE_ACT, _EXCEPT, _ACCESS))
OPS_WORDS = (
    # what watches (in a phrase of common words, its rarer word: "object lock", "flow logs")
    "escalation escalations paging heartbeat heartbeats uptime synthetics pagerduty "
    "opsgenie victorops splunk alertmanager datadog prometheus grafana nagios icinga zabbix prtg "
    "sentry newrelic relic cloudwatch stackdriver elastic wazuh checkmk librenms "
    "observium kuma audit auditd auditing cloudtrail guardduty duty hub logs logging "
    "journald syslog history wtmp lastlog edr xdr antivirus anti crowdstrike falcon "
    "sentinelone sentinel carbon defender osquery osqueryd falco sysmon tripwire aide "
    "intrusion ids ips snort suricata zeek siem soar dlp detection correlation sigma yara "
    "alert alerting monitoring suppression waf detections backup backups snapshots "
    "versioning object deletion termination pitr mfa retention fail2ban crowdsec sshguard "
    "apparmor selinux oncall "
    # wholesale mutes
    "alerts alarms alarm monitors monitor notifications findings comment maintenance "
    "downtime silence "
    # exceptions
    "allowlist allowlisted allowlisting allowlists whitelist whitelisted whitelisting "
    "whitelists allow safelist safelisted safelists exclusion exclusions senders "
    "sender ips false benign negatives malicious severity "
    "priority risk criticality cvss threat urgency queue triage review reviews approval "
    "approvals advisory freeze cab peer checker duties dual passed approved "
    "compliant cleared "
    # access
    "ssh authorized authorised nopasswd sudoers wheel sudo admins administrators owners "
    "breakglass oauth github principal registration inbox forwarding "
    "global superadmin administratoraccess iam rotate rotates rotating port tcp udp "
    "iptables ip6tables firewall nftables nft ufw pf setenforce systemctl")
