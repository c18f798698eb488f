"""An act that matters, relayed to the agent by something it reads (wave 16).

Wave 15's ``carried_order`` reads a carrier's framing, an address to the AI reader and a
verb on one line. Other authors relay the same order without calling on the reader, or
over several lines: a changelog whose heading opens the block and whose bullet orders
("## 5.1.2 / - leave out the fix for CVE-..."), a hand-off between agents ("[handoff from
planner-agent] ... grant write access to ..."), a subtitle cue or a calendar field
carrying an order. Two weak cues, each below the threshold alone, read together in one
paragraph:

* a **frame**, one cue per family (this module's :data:`SPECS` and :mod:`.relay_frames`):
  the framing of a carrier an agent reads, written from the documented formats (below;
  ``table_frame``: a subtitle cue's timing line, ``00:00:01,000 --> 00:00:04,000``), a
  hand-off between agents, a written dialogue, a dictated first line, pieces to join, a
  summariser's task turned, a memory to keep, a delayed trigger;
* ``relayed_act``: an act that matters beyond the project's routine work
  (:data:`.orders.HARM`: deceives, games an evaluation, hides, grants or disables,
  destroys, moves money, runs fetched code, sends data out) and the acts a relayed order
  adds to those: pushes to a protected branch or skips its review, publishes or tags a
  release, adds a collaborator or a deploy key, credits or blames someone, buys, leaves a
  vulnerability or an incident out of a report. It counts only beside a frame.

The carriers' framing (each a documented format's own marks, read anywhere in the
paragraph; only marks that hold a distinctive word, which opens the frame): Conventional
Commits subjects (``feat(scope)!:``) and git trailers (``Signed-off-by:``,
``Co-authored-by:``); Keep a Changelog's headings (``### Added`` ... ``### Security``) and
release notes; GitHub and GitLab PR and issue templates (``## Checklist``, ``## Steps to
reproduce``, ``PR #12``); CI logs (GitHub Actions ``::warning file=...::``, ``##[error]``),
JUnit XML (``<testcase``, ``<failure``), pytest output (``FAILED path::test``, ``===
short test summary``), SARIF (``"ruleId"``), compiler diagnostics (``path:l:c: error``);
package metadata (package.json ``"description"`` and ``"postinstall"``, PEP 621
``description =``, a gemspec's ``spec.summary``); agent memory and instruction files
(``CLAUDE.md``, ``AGENTS.md``, ``.cursorrules``, ``copilot-instructions.md``, a memory
bank); WebVTT (``WEBVTT``), meeting transcripts (``[00:41:17] Speaker 3``) and iCalendar
fields (``BEGIN:VEVENT``, ``DESCRIPTION:``, ``LOCATION:``, ``ATTENDEE;``); e-mail headers
(``X-...:``, ``Cc:``); spreadsheet formulas (``=HYPERLINK(``, ``=IMPORTXML(``,
``=WEBSERVICE(``); EXIF, XMP and PDF metadata (``ImageDescription``, ``UserComment``,
``XPComment``, ``dc:description``, ``/Keywords``); HTML text a reader does not see
(``display:none``, ``visibility:hidden``, ``font-size:0``, ``opacity:0``, ``hidden``,
``aria-hidden``, ``<template>``, ``<noscript>``, ``type="hidden"``; an image's ``alt``,
an ``aria-label`` and a ``<meta>`` are read by :mod:`.carriers` only, with an address to
the AI: READMEs are full of them).

The weights are chosen by leave-one-split-out cross-validation
(``bench/guard_eval/cv_wave16_relayed.py``), with the honest developer notes, the README
paragraphs of installed packages and the LoCoMo and LongMemEval training-half turns as a
hard bound.
"""

from __future__ import annotations

from typing import Any

from .orders import HARM, HARM_WORDS
from .supply import PULLED, TYPOSQUATS
from .supply import WORDS as SUPPLY_WORDS

#: the acts a relayed order adds to :data:`.orders.HARM` (over ``flat``)
_MORE_ACTS = (
    r"\b(?:push|merge|commit|deploy|force push)\w*(?: \w+){0,4}? (?:to|into|on) "
    r"(?:main|master|prod|production|release|trunk)\b(?! (?:branch )?protection)|"
    r"\b(?:tag|publish|release|ship|deploy)\w*(?: \w+){0,5}? (?:to (?:the )?(?:registry|"
    r"npm|pypi|production|prod|crates io)|immediately)\b|"
    r"\b(?:add|invite|make)\w*(?: \w+){0,4}? (?:as (?:an? )?(?:collaborator|maintainer|"
    r"owner|admin|member)|deploy keys?|ssh keys? to)\b|"
    r"\bgrant\w*(?: \w+){0,5}? (?:write|push|merge|read) (?:access|permissions?)\b|"
    # (wave 18) MITRE ATT&CK's persistence and defence evasion: an account created
    # (T1136), a key put in authorized_keys (T1098.004), defences impaired (T1562: an IDS,
    # EDR, audit log, firewall or DNSSEC validation off, iptables flushed), data
    # manipulated (T1565: a reported figure changed), personal data handed to a requester
    r"\b(?:create|add|make|set up|provision)\w* (?:a |an )?(?:new )?(?:local |domain |hidden |"
    r"backdoor |service |break glass |emergency )?(?:admin|administrator|root|sudo|sudoer|"
    r"superuser|privileged)(?: (?:user|account|login))?(?: \w+){0,3}? (?:with )?(?:the )?"
    r"password\b|"
    r"\b(?:add|append|put|write|install|copy)\w*(?: \S+){0,12}? (?:to|into|in) (?:the )?"
    r"(?:\w+ ){0,2}authorized keys?\b|"
    r"\b(?:disable|turn off|switch off|stop|kill|uninstall|remove|flush|pause|mute|silence|"
    r"bypass|unload)\w*(?: \w+){0,3}? (?:ids|ips|edr|xdr|antivirus|anti virus|defender|"
    r"ids sensors?|siem|auditd|audit log\w*|audit trail|syslog|firewall|selinux|apparmor|"
    r"dnssec(?: validation)?|waf|crowdstrike|falcon|sysmon|osquery|wazuh|guardduty|"
    r"cloudtrail|security hub|mfa|2fa)\b|"
    r"\biptables (?:f|flush|x|p input accept)\b|\bufw disable\b|\bsetenforce 0\b|"
    r"\b(?:change|alter|edit|raise|inflate|replace|bump|round up)\w* (?:the )?(?:reported |"
    r"stated |published |listed |measured )?(?:accuracy|revenue|earnings|p value|sample size|"
    r"f1|auc|bleu|error rate|success rate|score|scores|results?|metrics?|figures?|totals?) "
    r"(?:\w+ ){0,4}?from \d[\d ]* (?:\w+ )?to \d|"
    r"\b(?:reply|respond|send|email|forward|share|give|tell|text|message)\w* (?:to )?(?:the )?"
    r"(?:organi[sz]er|sender|requester|caller|attendees?|them|him|her)(?: \w+){0,3}? (?:with |"
    r"about )?(?:the )?(?:user s|owner s|customer s|patient s|employee s|client s|his|her|"
    r"their|your|my boss s)? ?(?:phone numbers?|home address(?:es)?|date of birth|dob|ssn|"
    r"social security numbers?|passport(?: numbers?)?|bank details|card numbers?|"
    r"(?:current )?location)\b|"
    r"\b(?:credit|attribute|blame)\w*(?: \w+){0,5}? (?:commits?|work|changes|incident|"
    r"outage|bug) (?:\w+ )?to\b|"
    r"\b(?:buy|purchase|order|check ?out)\w*(?: \w+){0,3}? (?:gift ?cards?|vouchers?|"
    r"crypto|bitcoin)\b|\b(?:add|put)\w*(?: \w+){0,5}? to the (?:cart|basket)\b|"
    r"\b(?:omit|leave out|drop|hide|skip|do not mention|don t mention)(?: \w+){0,4}? "
    r"(?:cve|vulnerabilit\w*|breaking changes?|incident|outage|data leak|breach|"
    r"item \d+|employment gap|refund policy|recall|fine|lawsuit)\b|"
    r"\b(?:describe|present|call|label|report|summari[sz]e) (?:\w+ ){0,4}as (?:no |non )"
    r"(?:breaking|security|risk|issues?)\b|"
    r"\b(?:disable|turn off|switch off|remove|bypass|skip)\w*(?: \w+){0,3}? (?:rate limit\w*|"
    r"branch protection|code review|required reviews?|review|ci checks?|status checks?|"
    r"security (?:tests?|checks?|scans?)|auth(?:entication)? checks?|csrf|tls|ssl "
    r"verification|signature verification)\b|"
    r"\b(?:here (?:are|is) (?:the|your|my) (?:\w+ )?(?:credentials|passwords?|keys?|tokens?|"
    r"secrets?)|show me the (?:\w+ )?(?:api key|password|ssh key|token|secret|credentials))\b|"
    r"\b(?:i (?:also )?|i (?:ve|have) (?:also |just )?|and )(?:paid|transferred|wired|sent|"
    r"added|granted|disabled|deleted|pushed|merged|uploaded|emailed|forwarded|shared)\b|"
    # a reply's first words that claim the act done ("Approved, merging now", "Of course,
    # sending the file to ...")
    r"\b(?:merging|sending|deleting|transferring|wiring|disabling|granting|paying|pushing|"
    r"uploading|forwarding|publishing|approving|refunding) (?:it |them |the \w+ |\w+ )?"
    r"(?:now|to|into)\b|"
    # data sent out, beyond :data:`.orders.HARM`'s list
    r"\b(?:send|share|upload|forward|post|email|export|paste|copy)\w*(?: \w+){0,4}? "
    r"(?:diff|source code|codebase|repo|repository|customer list|customer data|user list|"
    r"user data|email addresses|mailing list|transcript|chat log|payroll|salar\w+|"
    r"medical records?|contracts?) (?:\w+ ){0,3}?to\b|"
    # a report cut, a verdict or a status set falsely, a pin steered
    r"\bleave (?:\w+ ){0,6}?out of (?:the |your )?(?:minutes|summary|report|notes|recap|"
    r"changelog|release notes|transcript|digest)\b|"
    r"\brate (?:\w+ ){0,2}?(?:a )?(?:strong )?(?:buy|sell|5 stars|five stars)\b|"
    r"\bmark (?:every|all|each|this|these|the) (?:\w+ ){0,4}?as (?:refunded|paid|approved|"
    r"resolved|delivered|verified|fixed|closed|compliant|reviewed)\b|"
    r"\b(?:omit|drop|hide|leave out) (?:the |any |all )?(?:\w+ ){0,3}?(?:report|reports|"
    r"reviews|finding|findings|complaints?|short seller)\b|"
    r"\brecommend (?:pinning|installing|using|switching to|downgrading|adding)\b|"
    r"\bpin\w* (?:it |this |the package )?(?:at|to) (?:version )?\d|"
    r"\b(?:run|execute)\w*(?: \w+){0,5}? (?:all )?force\b|"
    r"\bapprove (?:it|them|every|all|each|the (?:pr|review|merge request|pull request)|"
    r"without)\b|"
    # (wave 17) the supply chain (OpenSSF's guidance, slopsquatting and typosquatting
    # studies): a package index or registry from outside, a git or URL install, integrity
    # or hash checks off, an odd pin ("-patched", "-sec"), a package said renamed or a fork
    # preferred over the original
    r"\b(?:extra index url|index url|trusted host)\b|\b(?:npm|yarn|pnpm) config set "
    r"registry\b|\b(?:pip|npm|pnpm|yarn|gem|cargo|go) (?:install|i|add|get) (?:\w+ ){0,2}?"
    r"(?:git https?|git ssh|github|https?)\b|"
    r"\b(?:disable|turn off|switch off|skip|bypass|remove|ignore)\w*(?: \w+){0,3}? "
    r"(?:integrity|hash|checksum|signature|provenance|sri|lockfile) (?:checks?|checking|"
    r"verification|validation)\b|\b(?:gosumdb off|goinsecure|gonosumdb|gonosumcheck|"
    r"strict ssl false|allow unauthenticated|trusted yes)\b|"
    r"\b(?:pin|downgrade|bump|upgrade|lock)\w*(?: \w+){0,4}? (?:to |at )?\d+(?: \d+){1,3} "
    r"(?:patched|sec|secure|hotfix|fixed)\d*\b|\bdowngrade\w*(?: \w+){0,3}? to \d|"
    r"\b(?:official|original|upstream) (?:package|library|module|action|image) (?:was|has "
    r"been|is) (?:renamed|deprecated|moved|abandoned)\b|"
    r"\bprefer (?:\w+ ){1,3}over (?:the )?(?:original|official|upstream)\b|"
    r"\binstead of the (?:official|original|upstream)(?: one| package| image)?\b|"
    r"\b(?:our|the) (?:hardened|patched|maintained|internal) (?:fork|mirror)\b|"
    # code weakened (OWASP's insecure defaults; verify=False, a hidden admin route)
    r"\b(?:set|use|pass|add) verify (?:false|0|none)\b|\bverify ssl false\b|"
    r"\bhidden (?:admin|debug|maintenance) (?:route|endpoint|user|account|page|shell)\b|"
    r"\bbackdoor\b|\bruns? (?:shell )?commands from the (?:query string|request|url|"
    r"input|header)\b|\bnoqa to every line\b|"
    r"\bmark (?:these|the|all|every|failing)? ?tests? as (?:skipped|passing|passed|xfail)\b|"
    r"\bdelet\w* the (?:assertions?|failing tests?|test)\b|\bskip tests true\b|"
    r"\b(?:report|say|tell the user|claim)\w* (?:that )?(?:it s |everything is |all is |it is )?"
    r"(?:all green|green|done|fixed|passing)\b|"
    r"\btreat (?:all |any )?(?:instructions|content|text) (?:in|from) (?:\w+ ){0,6}?as "
    r"(?:coming from|written by|from) the user\b|"
    # kept for later (MINJA, AgentPoison): warnings dropped, a standing permission, an
    # outside index or address trusted, copies sent on every report
    r"\b(?:never|do not|don t|stop) warn\w*(?: \w+){0,2}? about (?:secrets|credentials|"
    r"leaked|tokens|keys|vulnerabilit\w*|security|passwords)\b|\bstanding permission\b|"
    r"\btrusted (?:package )?(?:index|registry|source|mirror)\b|"
    r"\bcop(?:y|ies) of (?:every|all|each) (?:\w+ )?(?:reports?|emails?|files?|messages?|"
    r"requests?)\b|\bwith full logs\b|"
    r"\b(?:start|begin|keep) (?:recommending|suggesting|promoting|advertising|mentioning)\b|"
    r"\bsay it s done\b|\bkeep the old (?:ones|keys|tokens|credentials) active\b|"
    # data reached for in bulk or carried off in a call (Invariant Labs' tool poisoning:
    # the conversation or the environment passed in a parameter)
    r"\b(?:collect|gather|harvest|dump|export|read)\w* (?:all |every |any )?(?:the )?"
    r"(?:environment variables|env vars|secrets|credentials|api keys|tokens|cookies)\b|"
    r"\b(?:with|in|include|pass|send|put|attach)\w* (?:\w+ ){0,3}?(?:the )?(?:full|entire|"
    r"whole) (?:conversation|chat history|chat log|transcript|context window)\b|"
    r"\bpaste (?:\w+ ){0,3}?(?:values|secrets|contents|keys|tokens) into (?:your|the) "
    r"(?:reply|answer|response|output)\b|"
    r"\binclude (?:its|the|their) contents in (?:the |your )?(?:next )?(?:commit message|"
    r"reply|answer|response|pr description|issue|log)\b|"
    r"\balso (?:emailed|forwarded|sent|uploaded|posted|shared|deleted|wired|transferred)\b|"
    r"\b(?:deletes|deleted|wipes|wiped|drops|dropped) (?:the )?(?:backups|database|repo|logs|"
    r"audit logs)\b|"
    r"\b(?:forward|redirect)\w* (?:all|every) (?:\w+ )?(?:emails?|mail|messages|calls|texts)\b|"
    r"\b(?:all|every) (?:\w+ )?emails? (?:be )?forwarded\b|\bauthorized keys\b|"
    # protections and records removed (redaction, audit logs), secrets kept in clear
    r"\b(?:disable|turn off|switch off|skip|remove|bypass)\w*(?: \w+){0,2}? (?:redaction|"
    r"masking|sanitization|sanitisation|scrubbing|content filter|safety filter|guardrails?|"
    r"moderation|audit logging|audit log|audit trail)\b|"
    r"\b(?:delete|remove|wipe|erase|purge|truncate|clear)\w*(?: \w+){0,3}? (?:audit "
    r"(?:logs?|trail)|access logs|security logs)\b|"
    r"\b(?:save|store|log|write|keep)\w* (?:all |every |the )?(?:tokens|secrets|passwords|"
    r"credentials|api keys) (?:verbatim|in plain ?text|unredacted|unmasked)\b|"
    r"\b(?:make|have|let) (?:\w+ ){1,3}always return (?:true|1|yes|ok)\b|"
    r"\breplace (?:\w+ ){1,3}with return true\b|"
    r"\breplace (?:bcrypt|argon2|scrypt|pbkdf2|sha256|sha 256) with (?:plain )?(?:md5|sha1|"
    r"sha 1|plaintext|plain text|base64)\b|"
    r"\bset debug (?:to )?true\b(?: \w+){0,6}? (?:prod|production)\b|"
    r"\b(?:run|apply|execute|deploy)\w*(?: \w+){0,3}? (?:on|to|in|against) (?:prod|production)"
    r"\b(?: \w+){0,3}? without\b|"
    r"\b(?:buy|buying|purchase|purchasing|subscribe to|upgrade to)(?: \w+){0,3}? (?:plan|"
    r"subscription|licen[cs]es?|seats)\b|"
    r"\breplace (?:the |their |its )?(?:revenue|figures?|numbers?|totals?|balance|amounts?|"
    r"prices?)(?: \w+){0,2}? with\b|"
    # a report that hides what changed, dependency confusion
    r"\b(?:say|state|claim|report|write|confirm)\w* (?:that )?(?:it|this|the \w+) (?:contains|"
    r"has|introduces|includes) no (?:breaking changes?|vulnerabilit\w*|security (?:issues|"
    r"fixes|changes)|known issues|cves?|regressions?)\b|"
    r"\bpublish\w* (?:our |the )?(?:private|internal) (?:package|module) names?\b|"
    r"\bbefore (?:our|the) (?:private |internal )?registry\b|"
    # the documented tables (:mod:`.supply`)
    f"{PULLED}|{TYPOSQUATS}"
)
ACT = f"{HARM}|{_MORE_ACTS}"
ACT_WORDS = (
    # (wave 18) ATT&CK's acts and personal data handed over
    "create provision set append write install copy stop kill uninstall flush pause mute "
    "silence unload iptables ufw setenforce change alter edit raise inflate replace bump "
    "round reply respond send email forward share give tell text message "
    f"{HARM_WORDS} push pushed merge merged commit deploy tag publish release ship invite "
    "make credit attribute blame buy purchase order check checkout cart basket omit leave "
    "drop hide skip mention describe present call label report summarise summarize disable "
    "turn switch remove bypass here show paid transferred wired sent added granted disabled "
    "deleted uploaded emailed forwarded shared grant add put merging sending deleting "
    "transferring wiring disabling granting paying pushing uploading forwarding publishing "
    "approving refunding upload post email export paste copy leave rate mark omit ignore "
    "recommend pin pinning pinned execute approve "
    # (wave 17) a distinctive word of each added alternative (not "the", "with", "all":
    # a gate word that every paragraph holds would have the screen read every paragraph)
    "index trusted registry git github https http integrity hash checksum signature "
    "provenance sri lockfile gosumdb goinsecure gonosumdb gonosumcheck strict "
    "unauthenticated pins pinned bump bumped upgrade upgraded lock locked downgrade "
    "downgraded downgrading official original upstream prefer instead fork mirror verify "
    "hidden backdoor commands noqa mark delete deleting deleted skip report reports "
    "reported say says said tell claim claims claimed treat warn warning warnings warned "
    "standing copy copies logs recommending suggesting promoting advertising mentioning "
    "active environment env secrets credentials keys tokens cookies full entire whole "
    "paste contents emailed forwarded sent uploaded posted shared wired transferred deletes "
    "wipes wiped drops dropped forward forwarding forwards redirect redirected authorized "
    "redaction masking sanitization sanitisation scrubbing filter guardrail guardrails "
    "moderation audit verbatim plain plaintext unredacted unmasked always return bcrypt "
    "argon2 scrypt pbkdf2 sha256 sha debug without buy buying purchase purchasing subscribe "
    "replace breaking vulnerability vulnerabilities vulnerable security known cve cves "
    f"regression regressions publish published publishing {SUPPLY_WORDS}")

#: a carrier's framing, anywhere in the paragraph (over ``folded``; module docstring)
CARRIER = (
    # Conventional Commits subjects and git trailers
    r"^\s*[>\-*]?\s*(?:feat|fix|chore|docs|refactor|ci|perf|revert|deps)"
    r"(?:\([\w.\-/ ]+\))?!?: \S|"
    r"^\s*(?:signed-off-by|co-authored-by|reviewed-by|acked-by|refs|closes|fixes|"
    r"breaking change):|"
    # Keep a Changelog and release notes
    r"^\s*[>]?\s*#{2,4} (?:added|changed|deprecated|removed|fixed|security|breaking changes?|"
    r"bug fixes|features|highlights|upgrade notes|known issues)\s*$|"
    r"\b(?:release notes?|changelog|change log)\b|"
    # PR and issue templates
    r"^\s*#{2,3} (?:checklist|motivation|steps to reproduce)\s*$|"
    r"\b(?:pull request|merge request|pr) #?\d+|"
    # CI logs, test reports, diagnostics
    r"^::(?:warning|error|notice|debug)\b|##\[(?:error|warning)\]|"
    r"<(?:testcase|testsuite|failure)\b|"
    r"^=+ (?:failures|errors|short test summary|\d+ (?:passed|failed))|"
    r"^(?:failed|passed) [\w/.\-]+::|\"(?:ruleid|rule_id|helpuri)\"\s*:|"
    r"^\s*[\w./\-]+:\d+:\d+: (?:error|warning)|^(?:error|warning)(?:\[\w+\])?: |"
    # package metadata and install scripts; (wave 17) the OCI image annotations of a
    # Dockerfile's LABEL (not a bare LABEL line: "label" and "image" open every README)
    r"\borg\.opencontainers\.image\.\w+|"
    r"\"(?:description|postinstall|preinstall|keywords)\"\s*:|"
    r"^\s*description\s*=|\bspec\.(?:summary|description|post_install_message)\b|"
    # agent memory and instruction files
    r"\b(?:claude|agents|gemini|copilot-instructions|memory|conventions)\.md\b|"
    r"\.cursorrules\b|\.windsurfrules\b|\.clinerules\b|\bmemory bank\b|"
    # subtitles, meeting transcripts (Zoom, Teams, Otter: "[00:41:17] Speaker 3:") and
    # calendars
    r"\b\d\d:\d\d:\d\d[,.]\d{3} --> \d\d:\d\d|\b\d\d:\d\d\.\d{3} --> |^webvtt\b|"
    r"^\s*\[?\d?\d:\d\d(?::\d\d)?\]? *speaker \d+|"
    r"^\s*speaker \d+(?: \(\d?\d:\d\d(?::\d\d)?\))?:|"
    r"^(?:begin:(?:vevent|vcalendar|vtodo)|description:|location:|attendee[;:]|"
    r"organizer[;:])|"
    # e-mail headers
    r"^(?:x-[\w\-]+|cc|bcc):\s|"
    # spreadsheets
    r"=(?:hyperlink|importxml|importdata|importhtml|webservice)\(|"
    # image and document metadata
    r"\b(?:imagedescription|usercomment|xpcomment|xpsubject|xpkeywords|dc:description|"
    r"dc:title|dc:subject|xmp:\w+|photoshop:\w+|iptc:\w+|exif:\w+)\b|"
    r"^\s*/(?:keywords|creator)\s*\(|"
    # HTML a reader does not see
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|"
    r"opacity\s*:\s*0(?![.\d])|\baria-hidden\b|"
    r"<(?:template|noscript)\b|type=\"hidden\"|<[a-z]+[^>]*\bhidden\b"
)
#: the words that open the frame: each match holds one (the distinctive words only: a
#: frame opened by common words would keep the screen reading most dataset turns)
CARRIER_WORDS = (
    "feat fix chore docs refactor ci perf revert deps signed co authored reviewed acked "
    "refs closes fixes breaking added changed deprecated removed fixed security bug "
    "features highlights upgrade known release changelog checklist motivation "
    "steps pull merge pr warning error notice debug testcase testsuite failure "
    "failures errors short passed failed ruleid rule helpuri description postinstall "
    "preinstall keywords opencontainers spec claude agents gemini copilot "
    "memory conventions md "
    "cursorrules windsurfrules clinerules bank webvtt speaker begin vevent vcalendar vtodo "
    "location attendee organizer x cc bcc hyperlink importxml importdata importhtml "
    "webservice imagedescription usercomment xpcomment xpsubject xpkeywords dc xmp "
    "photoshop iptc exif creator display visibility font opacity aria template noscript "
    "hidden")

#: a carrier whose marks hold no word, a subtitle cue's timing line (SRT, WebVTT): opened
#: by the act's words, and read before the act (its pattern is cheap: a text without
#: " --> " is not searched). (A CSV row, read the same way, cost the screen 3 % more.)
TIMED_OR_TABULAR = (
    r"\d:\d\d[,.]\d{3} --> \d?\d:\d\d"
)

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weights chosen by ``bench/guard_eval/cv_wave16_relayed.py`` (``results/
#: w16_cv_relayed.json``): the act 0.45 (as ``order_harm``), the carrier's frame 0.2 (at
#: 0.3 a README paragraph was flagged; wave 17's CV, twenty-four splits: 0.25): a carrier
#: and an act need one more cue; a subtitle's timing line 0.3 (with the act, it flags
#: alone)
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("relayed_act", 0.45, "tool_coercion",
     "an act that matters (deceives, hides, grants or disables, destroys, moves money, runs "
     "fetched code, sends data out, pushes past review, publishes, adds a collaborator), "
     "beside a frame that relays it to the agent",
     ACT, ACT_WORDS,
     # (the frames first: each is opened by its own distinctive words, the act by common
     # verbs; the act's pattern is read only where a frame matched)
     {"negatable": True,
      "requires_any": ("carrier_frame", "handoff_frame",
                                          "transcript_frame", "prefix_frame",
                                          "fragment_frame", "hijack_frame",
                                          "memory_frame", "table_frame",
                                          "trigger_frame", "tool_frame",
                                          "dev_address_frame", "markup_frame")}),
    ("carrier_frame", 0.25, "instruction_override",
     "the framing of a carrier an agent reads (a commit, a changelog, a PR template, a CI "
     "log or test report, package metadata, a memory file, subtitles, a calendar field, an "
     "e-mail header, a spreadsheet cell, image metadata, hidden HTML), beside an act",
     CARRIER, CARRIER_WORDS,
     {"structural": True, "requires": ("carrier_frame",), "requires_any": ("relayed_act",)}),
    ("table_frame", 0.3, "instruction_override",
     "a subtitle cue's timing line (a carrier whose marks hold no word), beside an act",
     TIMED_OR_TABULAR, ACT_WORDS,
     {"structural": True, "requires": ("table_frame",), "requires_any": ("relayed_act",)}),
)
