"""An act that matters, relayed to the agent by something it reads (wave 16).

Wave 15's ``carried_order`` reads a carrier's framing, an address to the AI reader and a
verb on one line. Other authors relay the same order without calling on the reader, or
over several lines: a changelog whose heading opens the block and whose bullet orders
("## 5.1.2 / - leave out the fix for CVE-..."), a hand-off between agents ("[handoff from
planner-agent] ... grant write access to ..."), a subtitle cue or a calendar field
carrying an order. Two weak cues, each below the threshold alone, read together in one
paragraph:

* a **frame**, one cue per family (this module's :data:`SPECS` and :mod:`.relay_frames`):
  the framing of a carrier an agent reads, written from the documented formats (below) and
  a hand-off between agents, written from the message formats of multi-agent frameworks;
* ``relayed_act``: an act that matters beyond the project's routine work
  (:data:`.orders.HARM`: deceives, games an evaluation, hides, grants or disables,
  destroys, moves money, runs fetched code, sends data out) and the acts a relayed order
  adds to those: pushes to a protected branch or skips its review, publishes or tags a
  release, adds a collaborator or a deploy key, credits or blames someone, buys, leaves a
  vulnerability or an incident out of a report. It counts only beside a frame.

The carriers' framing (each a documented format's own marks, read anywhere in the
paragraph): Conventional Commits subjects (``feat(scope)!:``) and git trailers
(``Signed-off-by:``, ``Co-authored-by:``); Keep a Changelog's headings (``## [1.2.3]``,
``### Added`` ... ``### Security``) and release notes; GitHub and GitLab PR and issue
templates (``## Description``, ``## Checklist``, ``- [ ]``); CI logs (GitHub Actions
``::warning file=...::``, ``##[error]``), JUnit XML (``<testcase``, ``<failure``), TAP
(``ok 1 -``, ``not ok 2 -``), pytest and unittest output (``FAILED``, ``ERROR:``, ``===
short test summary``), SARIF (``"ruleId"``, ``"message": {"text"``); package metadata
(package.json ``"description"`` and ``"postinstall"``, PEP 621 ``description =``, a
gemspec's ``spec.summary``, Cargo's ``[package]``); agent memory and instruction files
(``CLAUDE.md``, ``AGENTS.md``, ``.cursorrules``, ``copilot-instructions.md``, ``MEMORY``);
SRT and WebVTT cues (``00:00:01,000 --> 00:00:04,000``, ``WEBVTT``); iCalendar fields
(``BEGIN:VEVENT``, ``DESCRIPTION:``, ``SUMMARY:``, ``LOCATION:``); e-mail headers and
signatures (``Reply-To:``, ``X-...:``, ``--`` alone on a line); spreadsheet formulas
(``=HYPERLINK(``, ``=IMPORTXML(``, ``=WEBSERVICE(``); EXIF, XMP and PDF metadata
(``ImageDescription``, ``UserComment``, ``XPComment``, ``dc:description``, ``/Subject``,
``/Keywords``); HTML text a reader does not see (``display:none``, ``visibility:hidden``,
``font-size:0``, ``opacity:0``, white text, ``hidden``, ``aria-hidden``, ``<template>``,
``<noscript>``, ``type="hidden"``; an image's ``alt``, an ``aria-label`` and a ``<meta>``
are read by :mod:`.carriers` only, with an address to the AI: READMEs are full of them).

The weights are chosen by leave-one-split-out cross-validation
(``bench/guard_eval/cv_wave16_relayed.py``), with the honest developer notes, the README
paragraphs of installed packages and the LoCoMo and LongMemEval training-half turns as a
hard bound.
"""

from __future__ import annotations

from typing import Any

from .orders import HARM, HARM_WORDS

#: the acts a relayed order adds to :data:`.orders.HARM` (over ``flat``)
_MORE_ACTS = (
    r"\b(?:push|merge|commit|deploy|force push)\w*(?: \w+){0,4}? (?:to|into|on) "
    r"(?:main|master|prod|production|release|trunk)\b(?! (?:branch )?protection)|"
    r"\b(?:tag|publish|release|ship|deploy)\w*(?: \w+){0,5}? (?:to (?:the )?(?:registry|"
    r"npm|pypi|production|prod|crates io)|immediately)\b|"
    r"\b(?:add|invite|make)\w*(?: \w+){0,4}? (?:as (?:an? )?(?:collaborator|maintainer|"
    r"owner|admin|member)|deploy keys?|ssh keys? to)\b|"
    r"\bgrant\w*(?: \w+){0,3}? (?:write|push|merge|read) (?:access|permissions?)\b|"
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
    r"\b(?:omit|ignore|skip|drop|hide|leave out) (?:the |any |all )?(?:\w+ ){0,3}?(?:report|"
    r"reports|review|reviews|warning|warnings|finding|findings|complaints?|short seller)\b|"
    r"\brecommend (?:pinning|installing|using|switching to|downgrading|adding)\b|"
    r"\bpin\w* (?:it |this |the package )?(?:at|to) (?:version )?\d|"
    r"\b(?:run|execute)\w*(?: \w+){0,5}? (?:all )?force\b|"
    r"\bapprove (?:it|them|every|all|each|the (?:pr|review|merge request|pull request)|"
    r"without)\b"
)
ACT = f"{HARM}|{_MORE_ACTS}"
ACT_WORDS = (
    f"{HARM_WORDS} push pushed merge merged commit deploy tag publish release ship invite "
    "make credit attribute blame buy purchase order check checkout cart basket omit leave "
    "drop hide skip mention describe present call label report summarise summarize disable "
    "turn switch remove bypass here show paid transferred wired sent added granted disabled "
    "deleted uploaded emailed forwarded shared grant add put merging sending deleting "
    "transferring wiring disabling granting paying pushing uploading forwarding publishing "
    "approving refunding upload post email export paste copy leave rate mark omit ignore "
    "recommend pin pinning pinned execute approve")

#: a carrier's framing, anywhere in the paragraph (over ``folded``; module docstring)
CARRIER = (
    # Conventional Commits subjects and git trailers
    r"^\s*[>\-*]?\s*(?:feat|fix|chore|docs|refactor|test|tests|build|ci|perf|style|revert|"
    r"deps|release)(?:\([\w.\-/ ]+\))?!?: \S|"
    r"^\s*(?:signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|reported-by|"
    r"change-id|refs|closes|fixes|release-note|breaking change):|"
    # Keep a Changelog and release notes
    r"^\s*[>]?\s*#{1,4} \[?v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?\]?|"
    r"^\s*[>]?\s*#{2,4} (?:added|changed|deprecated|removed|fixed|security|breaking changes?|"
    r"bug fixes|features|what's changed|highlights|upgrade notes|known issues)\s*$|"
    r"\b(?:release notes?|changelog|change log|what's new in)\b|"
    # PR and issue templates, review bots
    r"^\s*#{2,3} (?:description|summary|checklist|motivation|testing|how to test|"
    r"steps to reproduce|expected behaviou?r|actual behaviou?r|type of change|"
    r"related issues?)\s*$|"
    r"\b(?:pull request|merge request|pr) #?\d+|\bissue #\d+|"
    # CI logs, test reports, diagnostics
    r"^::(?:warning|error|notice|debug|group)\b|##\[(?:error|warning|group)\]|"
    r"<(?:testcase|testsuite|failure|system-out|system-err)\b|"
    r"^\s*(?:not )?ok \d+ (?:- )?|^\s*1\.\.\d+\s*$|^=+ (?:failures|errors|short test summary"
    r"|\d+ (?:passed|failed))|^(?:failed|error|passed) [\w/.\-]+::|"
    r"\"(?:ruleid|rule_id|level|help_uri|helpuri)\"\s*:|\"message\"\s*:\s*\{\s*\"text\"|"
    r"^\s*[\w./\-]+:\d+:\d+: (?:error|warning|note)|^(?:error|warning)(?:\[\w+\])?: |"
    # package metadata and install scripts
    r"\"(?:description|postinstall|preinstall|install|prepare|summary|keywords)\"\s*:|"
    r"^\s*(?:description|summary|long_description|readme)\s*=|\b(?:spec|s)\.(?:summary|"
    r"description|post_install_message)\b|^\s*\[(?:package|project|tool\.[\w.]+)\]\s*$|"
    # agent memory and instruction files
    r"\b(?:claude|agents|gemini|copilot-instructions|memory|memories|conventions)\.md\b|"
    r"\.cursorrules\b|\.windsurfrules\b|\.clinerules\b|\bmemory bank\b|"
    r"^\s*#{1,3} (?:memory|memories|project memory|agent notes|learned|preferences)\s*$|"
    # subtitles and calendars
    r"\b\d\d:\d\d:\d\d[,.]\d{3} --> \d\d:\d\d|\b\d\d:\d\d\.\d{3} --> |^webvtt\b|"
    # meeting transcripts (Zoom, Teams, Otter: "[00:41:17] Speaker 3:", "Name (00:01):")
    r"^\s*\[?\d?\d:\d\d(?::\d\d)?\]? *(?:speaker \d+|[a-z][\w.\-]*(?: [a-z][\w.\-]*)?)"
    r"(?: \([^)\n]{0,30}\))?:|^\s*speaker \d+(?: \(\d?\d:\d\d(?::\d\d)?\))?:|"
    r"^(?:begin:(?:vevent|vcalendar|vtodo)|description:|summary:|location:|attendee[;:]|"
    r"organizer[;:])|"
    # e-mail headers and signatures
    r"^(?:reply-to|x-[\w\-]+|cc|bcc|from|subject|message-id|in-reply-to):\s|"
    r"^--\s*$|^sent from my \w+|"
    # spreadsheets and CSV
    r"=(?:hyperlink|importxml|importdata|importhtml|webservice|image|cmd)\(|"
    r"^[^\s,]+(?:,(?! )[^,\n]*){2,}$|^\s*\w+,\"|"
    # image and document metadata
    r"\b(?:imagedescription|usercomment|xpcomment|xpsubject|xpkeywords|dc:description|"
    r"dc:title|dc:subject|xmp:\w+|photoshop:\w+|iptc:\w+|exif:\w+)\b|"
    r"^\s*/(?:subject|keywords|title|author|creator)\s*\(|"
    # HTML a reader does not see
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|"
    r"opacity\s*:\s*0(?![.\d])|color\s*:\s*(?:#fff(?:fff)?|white)\b|\baria-hidden\b|"
    r"<(?:template|noscript)\b|type=\"hidden\"|<[a-z]+[^>]*\bhidden\b"
)
CARRIER_WORDS = (
    "feat fix chore docs refactor test tests build ci perf style revert deps release "
    "signed co authored reviewed acked tested reported change refs closes fixes note "
    "breaking added changed deprecated removed fixed security bug features what highlights "
    "upgrade known notes changelog log description summary checklist motivation "
    "testing steps expected actual related pull merge pr issue warning error "
    "notice debug group testcase testsuite failure system err ok failures errors "
    "short passed failed ruleid rule level help uri helpuri message postinstall "
    "preinstall install prepare keywords long readme spec package project tool claude "
    "agents gemini copilot instructions memory memories conventions md cursorrules "
    "windsurfrules clinerules bank project agent learned preferences webvtt begin vevent "
    "vcalendar vtodo location attendee organizer reply x cc bcc from subject "
    "sent hyperlink importxml importdata importhtml webservice image cmd imagedescription "
    "usercomment xpcomment xpsubject xpkeywords dc xmp photoshop iptc exif title author "
    "creator display visibility font size opacity color aria alt template noscript meta "
    f"hidden {ACT_WORDS}")  # (and the act's: a version heading, a CSV row hold no word)

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weights chosen by ``bench/guard_eval/cv_wave16_relayed.py`` (``results/
#: w16_cv_relayed.json``): the act 0.45 (as ``order_harm``), the carrier's frame 0.2 (at
#: 0.3 a README paragraph was flagged): a carrier and an act need one more cue
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("relayed_act", 0.45, "tool_coercion",
     "an act that matters (deceives, hides, grants or disables, destroys, moves money, runs "
     "fetched code, sends data out, pushes past review, publishes, adds a collaborator), "
     "beside a frame that relays it to the agent",
     ACT, ACT_WORDS,
     {"negatable": True, "requires_any": ("carrier_frame", "handoff_frame",
                                          "transcript_frame", "prefix_frame",
                                          "fragment_frame", "hijack_frame",
                                          "memory_frame",
                                          "trigger_frame")}),
    ("carrier_frame", 0.2, "instruction_override",
     "the framing of a carrier an agent reads (a commit, a changelog, a PR template, a CI "
     "log or test report, package metadata, a memory file, subtitles, a calendar field, an "
     "e-mail header, a spreadsheet cell, image metadata, hidden HTML), beside an act",
     CARRIER, CARRIER_WORDS,
     {"structural": True, "requires_any": ("relayed_act",)}),
)
