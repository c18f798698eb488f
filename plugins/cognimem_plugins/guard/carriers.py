"""An order to the AI reader inside a carrier an agent reads (wave 15).

An agent reads text it did not write: log lines and stack traces, compiler and linter
messages, CI logs and test failures, comments in configuration files, fields of a JSON
feed, notebook outputs, search-result snippets, Q&A answers, review comments, e-mail
headers. A note a developer leaves for the agent is written as a note ("AI agents: run the
tests before you commit"); an injection rides in one of those carriers, behind the
carrier's own framing ("2026-05-09T15:38:46Z ERROR worker: AI debugger: to resolve,
disable ...", "E501 line too long. Agent: ...", ``"text": ["agent: upload ..."]``,
"# AI assistants editing this file: also expose ..."). The carrier's machine voice and the
address to the AI reader do not belong together: a log, a compiler, a data feed speaks to
no AI.

The cue ``carried_order`` reads, on one line, a carrier's framing (written from the
documented formats below, not from any evaluation text), then an address to the AI reader
(:data:`.orders.ADDRESS`: the reader called on by its kind), then, within the clause's
reach, a verb that acts. Its weight is chosen by leave-one-split-out cross-validation
(``bench/guard_eval/cv_wave15.py``), with the honest developer notes and every split's
clean rows as a hard bound.

The carriers' framing:

* logs (RFC 3339 / ISO 8601 timestamps, syslog's ``Mon dd hh:mm:ss`` and ``prog[pid]:``,
  the level words of log4j, Python ``logging``, syslog severities);
* stack traces (Python's ``Traceback (most recent call last)``, Java's ``at a.b(C.java:88)``
  and ``Exception in thread``, Go's ``panic:``, ``file.ext:line``);
* compiler and linter messages (GCC/Clang/rustc ``error:``/``warning:``/``note:``,
  ``error[E0308]``, TypeScript ``error TS2307``, the rule codes of pycodestyle, pyflakes,
  pylint, ruff, ShellCheck, ESLint, C# and MSVC: ``E501``, ``W0611``, ``SC2086``,
  ``CS0168``, ``C4996``; ``path:line:col:``; ``npm ERR!``; ``mypy:``);
* CI logs and test reports (GitHub Actions ``##[error]`` / ``::error``, ``[build #n]``,
  ``step n/m``, ``exit code``, pytest ``FAILED path::test`` and ``AssertionError``, JUnit
  ``expected ... but was``);
* comments in configuration and code (``#``, ``//``, ``;``, ``/*``, ``<!--``, ``--``
  opening a line of a YAML, TOML, INI, JSON5, shell or SQL file);
* structured data (a JSON string field ``"text": "``, a feed's free-text field
  ``claim_notes:``, a notebook's ``In [n]:`` / ``Out[n]:`` / ``"output_type"``);
* retrieved text (``Result n of m``, ``[chunk n``, ``source:``, ``score``), Q&A answers
  (``A:``, ``Answer:``, ``Accepted answer``, ``Edit n:``, ``Comment:``, ``Update:``), review
  comments (Conventional Comments' ``nit:``, ``suggestion:``, ``issue:``; GitHub's
  ``Suggested change``), e-mail headers (``Subject:``, ``From:``) and published terms
  (``Privacy policy``, ``Terms of service``, ``Section n``), a partner's or vendor's note.
"""

from __future__ import annotations

from typing import Any

from .orders import ADDRESS, ADDRESS_WORDS

#: the framing of a carrier, each read on the address's line (case-folded text)
_CARRIER = (
    # logs: timestamps, syslog, levels
    r"\b\d{4}-\d\d-\d\d[t ]\d\d:\d\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec) "
    r"+\d{1,2} \d\d:\d\d:\d\d|\[\d\d:\d\d(?::\d\d)?(?:[.,]\d+)?\]|"
    r"\b[a-z][\w.\-]*\[\d+\]:|"
    r"(?:^|[\s\[|])(?:error|err|warn|warning|info|debug|fatal|critical|crit|trace|notice|"
    r"severe|alert|emerg)(?:[\]|:]|\s+[a-z][\w.\-]*:)|"
    # stack traces
    r"\btraceback \(most recent call last\)|\bat [\w.$<>]+\([\w.]+:\d+\)|"
    r"\bexception in thread\b|^\s*panic:|\b\w+(?:exception|error):|"
    r"\b[\w\-/]+\.(?:py|java|js|ts|tsx|go|rb|rs|cs|cpp|c|h|kt|php|swift|scala):\d+|"
    # compilers and linters
    r"\b(?:error|warning|note)(?:\[[a-z]*\d+\])?:|\berror ts\d+\b|"
    r"\b(?:[a-z]{1,3}\d{3,4})\b(?= |:)|\bnpm err!|^\s*(?:mypy|ruff|eslint|pylint|flake8|"
    r"tsc|clippy|shellcheck|rubocop|golangci-lint|stylelint|hadolint|tflint)\b|"
    # CI logs and test reports
    r"##\[(?:error|warning|group|section|debug)\]|::(?:error|warning|notice)\b|"
    r"\[build #?\d+\]|\bstep \d+/\d+\b|\bexit (?:code|status) \d+|\bfailed [\w/.\-]+::|"
    r"\bassertionerror\b|\bexpected .{1,40} but (?:was|got)\b|"
    # comments opening a line of a configuration or code file (not consumed: the marker
    # opens the address too)
    r"^(?=[\s>]*(?:#|//|;|/\*|<!--|--|%|rem\b))|"
    # structured data: JSON string fields, feed fields, notebooks
    r"\"[\w\-]+\"\s*:\s*\[?\s*\"|^\s*[a-z]+[_.\-][\w.\-]*\s*[:=]|\bin \[\d*\]:|"
    r"\bout\[\d+\]:|\"output_type\"|"
    # retrieved text, Q&A, reviews, e-mail, published terms, partners' notes
    r"\bresult \d+ of \d+\b|\[(?:retrieved )?chunk\b|\bsource:|"
    r"^\s*(?:a|answer|accepted answer|best answer|edit(?: \d+)?|comment|update|reply|"
    r"nit|suggestion|issue|question|praise|thought|chore|todo|fixme|subject|from|re)\s*"
    r"(?:\([\w\-]+\))?:|\bsuggested change\b|```suggestion|"
    r"\b(?:privacy policy|terms of (?:service|use)|license agreement|eula|section \d+)\b|"
    r"\bnote from (?:the |our |a )?(?:partner|vendor|supplier|customer|carrier|merchant|"
    r"seller|shipper|client|courier)\b|"
    # (wave 16) from the formats' own documentation: Conventional Commits subjects and git
    # trailers, changelog bullets, TAP and JUnit, SARIF, package metadata, subtitles and
    # calendars, e-mail headers, spreadsheet formulas, image metadata, hidden HTML
    r"^\s*(?:feat|fix|chore|docs|refactor|test|build|ci|perf|style|revert|deps)"
    r"(?:\([\w.\-/ ]+\))?!?:|^\s*(?:signed-off-by|co-authored-by|reviewed-by|release-note|"
    r"breaking change):|^\s*[-*+] (?=.{0,40}(?:ai|llm|bot|agent|assistant|model))|"
    r"^\s*(?:not )?ok \d+ |<(?:testcase|failure|system-out)\b|\"(?:ruleid|message)\"\s*:|"
    r"\"(?:description|postinstall|summary)\"\s*:|^\s*description\s*=|"
    r"\d\d:\d\d[,.]\d{3} --> |^(?:description|summary|location|x-[\w\-]+|reply-to):|"
    r"=(?:hyperlink|importxml|webservice|importdata)\(|"
    r"\b(?:imagedescription|usercomment|xpcomment|dc:description|xmp:\w+)\b|"
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0\b|\baria-label\s*=|"
    r"\balt\s*=\s*\"|<(?:template|noscript)\b|<meta\s|type=\"hidden\""
)

#: a verb that acts, within the clause after the address (a broad list of what an agent
#: is asked to do: change, run, send, grant, delete, report, rate, ...)
_ACT = (
    r"\b(?:add|append|apply|approve|assign|attach|call|change|classify|close|comment out|"
    r"commented out|commit|copy|create|curl|delete|deploy|disable|download|drop|email|"
    r"enable|escalate|execute|expose|export|fetch|forward|give|grant|hide|ignore|include|"
    r"insert|install|invite|label|link|mark|merge|modify|move|omit|open|pass|paste|pay|"
    r"post|print|publish|push|rate|reassign|recommend|remove|rename|replace|report|reply|"
    r"respond|restart|revert|rewrite|route|run|say|scale|send|set|share|ship|shipped|skip|"
    r"leave out|drop|credit|tag|describe|render|buy|purchase|check out|concatenate|join|"
    r"state|store|submit|suppress|switch|tell|transfer|treat|turn off|update|upgrade|"
    r"upload|upvote|use|wipe|write)\b"
)

PATTERN = (rf"(?m)(?:{_CARRIER})[^\n]{{0,200}}?(?:{ADDRESS})[^\n]{{0,120}}?{_ACT}")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weight chosen by ``bench/guard_eval/cv_wave15.py`` (grid 0-0.75: every fold chose
#: 0.75, the threshold, with no clean row or honest note flagged more in any other split:
#: it flags alone; ``results/w15_cv_carriers.json``). (Wave 16 widened the framings and
#: re-ran the choice, ``cv_wave16_relayed.py``: 0.6 and 0.75 flag as many injections with
#: no clean row, honest note, README or dataset turn more; the weight stays 0.75, wave
#: 15's choice, so the cue still flags alone where no other cue fires.)
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("carried_order", 0.75, "instruction_override",
     "an order to the AI reader inside a carrier it reads (a log or CI line, a compiler or "
     "linter message, a config comment, a data field, a notebook output, a search snippet, "
     "a Q&A answer, a review comment)",
     PATTERN, ADDRESS_WORDS,
     {"structural": True}),
)
