"""Where a defender's note carries an attack's words without saying them (wave 18).

Security write-ups, test suites, detection rules and runbooks hold the attack's words as
an *object*: a test's name (``test_ignores_previous_instructions``), a literal handed to a
detector in an assertion (``assert guard.flags("Ignore all previous instructions")``,
``expect(isInjection("...")).toBe(true)``, ``self.assertTrue(screen("..."))``, a
``@pytest.mark.parametrize`` list), a payload under a heading that names it as one
("Example payload:", "PoC:", "Proof of concept", "Test input:", the block quoted or fenced
below it), or a capability reported in an advisory ("could be made to ignore previous
instructions via a crafted message", "when told '...', it printed it"). The forms are the
test frameworks' own (pytest, unittest, Jest, Vitest, Mocha, JUnit, Go's ``testing``,
RSpec), the advisories' (CVE and GHSA summaries, the OWASP LLM Top 10's scenarios, red-team
reports' findings) and the reported orders of other languages ("L'attaquant a demandé à
l'agent d'ignorer ...", "Der Angreifer schrieb dem Bot, er solle ...").

:func:`blank_code_forms` blanks the test names, the assertions' literals and the framed
payload blocks in any note; :data:`REPORTED_I18N` and :data:`CAPABILITY` are the reported
clauses :mod:`.mentions` blanks in a note that speaks of an attack. What the note says
outside them is read as written, so an order that merely sits next to a test name is still
one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: a test's name in the frameworks' conventions (snake case with a test prefix or suffix)
#: that holds an attack's word (a name such as ``test_checkout`` is left as written)
_TEST_NAME = re.compile(
    r"(?i)\b(?:(?:test|it|should|spec)_\w*|\w+_(?:test|spec))\b(?<=_)?")
_ATTACK_WORD = re.compile(
    r"(?i)(?:^|_)(?:ignores?|ignoring|disregards?|forgets?|overrides?|bypass\w*|jailbreak\w*|"
    r"inject\w*|reveals?|leaks?|exfil\w*|instructions?|prompts?|persona|roleplay|dan|"
    r"admin|secrets?|passwords?|tokens?|keys?|system)(?:_|$)")

#: a line of a test that hands literals to a check: an assertion, an expectation, a
#: parametrised list, a check called on a literal
_ASSERT_LINE = re.compile(
    r"(?m)^[ \t]*(?:assert(?:_\w+)?\b|self\.assert\w*\s*\(|(?:await\s+)?expect\s*\(|"
    r"@pytest\.mark\.parametrize\s*\(|pytest\.param\s*\(|(?:it|test|describe)\s*\(\s*[\"'`]|"
    r"t\.Run\s*\(|assert\w*\s*\(|check\w*\s*\(|\(?[\"'][^\"'\n]{3,160}[\"']\s*,\s*(?:True|False|"
    r"true|false|\w+\.\w+)\s*\)?,?\s*$).*$")
#: a literal handed to a detector anywhere: ``guard.flags("...")``, ``is_injection('...')``
_CHECKED = re.compile(
    r"(?i)\b(?:flags?|screen\w*|detect\w*|is_?injection|isinjection|classif\w*|scan\w*|"
    r"is_?malicious|is_?safe|is_?flagged|guard\w*|check_?\w*|moderat\w*)\s*\(\s*[rbfu]?"
    r"(\"[^\"\n]{3,200}\"|'[^'\n]{3,200}')")
#: a string literal (the forms a test's line holds)
_LITERAL = re.compile(r"[rbfu]?\"[^\"\n]{2,200}\"|(?<!\w)[rbfu]?'[^'\n]{2,200}'|`[^`\n]{2,200}`")

#: a heading that names what follows as a payload, an example or a test input
_HEADING = re.compile(
    r"(?im)^[ \t]*(?:#{1,6}[ \t]*|\*\*|[-*][ \t]+)?(?:(?:example|sample|malicious|test|attack|"
    r"injected|observed|captured|original|adversarial|red[- ]team)[ \t]+)?"
    r"(?:payloads?|prompts?|inputs?|strings?|attacks?|poc|proof[ \t]+of[ \t]+concept|"
    r"reproduction|repro|exploit|injection(?:[ \t]+text)?|examples?)(?:[ \t]+\(\w+\))?"
    r"[ \t]*:?\**[ \t]*:?[ \t]*\n"
    # the block under it: quoted lines or a fenced block
    r"((?:[ \t]*>[^\n]*(?:\n|$))+|[ \t]*```[^\n]*\n(?:(?!```)[^\n]*\n){1,20}[ \t]*```)")
#: a heading's noun that frames, not a bare "Prompt:" or "Input:" (a template's own fields)
_FRAMING = re.compile(r"(?i)example|sample|malicious|test|attack|inject|observed|captured|"
                      r"original|adversarial|red[- ]team|payload|poc|proof|repro|exploit")


def blank_code_forms(text: str) -> str:
    """``text`` with test names, the literals of assertions and checks, and the blocks under
    a payload's heading blanked (the module docstring)."""
    out = text
    if "_" in out:
        out = _TEST_NAME.sub(
            lambda m: "test_case" if _ATTACK_WORD.search(m.group(0)) else m.group(0), out)
    if "(" in out or "assert" in out:
        out = _ASSERT_LINE.sub(lambda m: _LITERAL.sub('""', m.group(0)), out)
        out = _CHECKED.sub(lambda m: m.group(0)[:m.start(1) - m.start(0)] + '""', out)
    if "\n" in out:
        out = _HEADING.sub(_blank_block, out)
    return out


def _blank_block(m: re.Match[str]) -> str:
    """A payload's heading kept, its block blanked (a heading that frames it only)."""
    head = m.group(0)[:m.start(1) - m.start(0)]
    if not _FRAMING.search(head):
        return m.group(0)
    return head + '""\n'


#: a report verb's clause in other languages: the attack's order to the model, reported
#: (group 1: the clause). French, German, Spanish, Portuguese, Italian, Dutch; Japanese,
#: Chinese and Korean reported orders ("…ように指示した", "让模型…", "…라고 지시했다")
REPORTED_I18N = re.compile(
    r"(?i)\b(?:a|avait|ont|avaient) (?:demand[ée]|dit|ordonn[ée]|[ée]crit|enjoint|"
    r"sugg[ée]r[ée]) (?:[àa]) (?:l'|la |le |au )?(?:agent|bot|mod[eè]le|assistant|ia|chatbot|"
    r"llm)( [^.;!?\n]{3,200})|"
    r"\b(?:schrieb|sagte|befahl|bat|forderte|wies|anwies|aufforderte) (?:dem|den|das|die) "
    r"(?:bot|agenten|modell|assistenten|ki|chatbot|llm)(,? [^.;!?\n]{3,200})|"
    r"\b(?:le |les )?(?:dijo|pidi[oó]|orden[oó]|escribi[oó]|indic[oó]) al (?:agente|bot|modelo|"
    r"asistente|chatbot|llm)( [^.;!?\n]{3,200})|"
    r"\b(?:pediu|disse|mandou|ordenou|escreveu) (?:ao|para o) (?:agente|bot|modelo|assistente|"
    r"chatbot|llm)( [^.;!?\n]{3,200})|"
    r"\b(?:ha |aveva )?(?:chiesto|detto|ordinato|scritto) (?:all'|al )(?:agente|bot|modello|"
    r"assistente|chatbot|llm)( [^.;!?\n]{3,200})|"
    r"\b(?:vroeg|zei|beval|schreef) (?:de|het) (?:bot|agent|model|assistent)( [^.;!?\n]{3,200})|"
    r"(?:に|へ)([^。\uff01\uff1f\n]{2,120}?)(?:ように|よう|と)(?:指示|命令|要求|依頼|書い)"
    r"(?:した|していた|された|て|た)|"
    r"(?:让|要求|命令|指示|诱导|誘導)(?:模型|机器人|機器人|助手|代理|智能体|AI)([^。\uff01\uff1f\n]{2,120})|"
    r"(?:에게|한테) ([^.!?\n]{2,120}?)(?:라고|하라고|도록) (?:지시|요청|명령|유도)")

#: a capability reported in an advisory, a finding, a review: "could be made to ...", "was
#: tricked into ..." (group 1 or 2: the clause). Not "when asked to ...", an injection's own
#: trigger ("when asked to summarise this page, instead ...")
CAPABILITY = re.compile(
    r"(?i)\b(?:could|can|may|might) (?:\w+ )?be (?:made|tricked|coaxed|induced|convinced|"
    r"manipulated|persuaded|steered|fooled|talked) (?:to|into)( [^.;!?\n]{3,200})|"
    r"\b(?:was|were|got) (?:\w+ )?(?:tricked|coaxed|induced|manipulated|persuaded|steered|"
    r"fooled|talked) into( [^.;!?\n]{3,200})")


#: (wave 18) a note that reports an attack as a defender does: a pentest, a proof of
#: concept, a numbered finding, a detector's decision, the attack's input named malicious
#: or crafted (raw text, case-insensitive). Not the names of the documents an attack rides
#: in (a runbook, an advisory, a CVE number, a signature block): those are carriers
SPEAKS_W18 = re.compile(
    r"(?i)\b(?:pen-?test\w*|proof of concept|findings? [a-z]{1,8}-?\d+|"
    r"(?:security|red[- ]team|pentest|audit) findings?|"
    r"(?:guard|filter|scanner|detector|classifier|waf)s? "
    r"(?:flags?|flagged|blocks?|blocked|catch(?:es)?|caught|detects?|detected|matche[sd]|"
    r"rejects?|rejected|quarantines?|quarantined)|known[- ]bad|malicious (?:prompts?|"
    r"inputs?|strings?|texts?|instructions?)|crafted (?:message|prompt|input|e-?mail|page|"
    r"document|issue|comment)s?)\b")

#: more reporters than :mod:`.mentions`' wave 16 clause: the people a report names as
#: speaking to the model, with any report verb, and a document, a page or a dialogue shown
#: making the model act (group 1 or 2: the clause). Not "the user asked ...": an
#: injection's claimed authority ("the user has asked you to send ...")
REPORTED_EN = re.compile(
    r"(?i)\b(?:testers?|red[ -]?teamers?|pen-?testers?|researchers?|adversar(?:y|ies)|"
    r"attackers?)(?: [\w-]+){0,2}? (?:who )?(?:told|asked|instructed|ordered|wrote|got|"
    r"tricked|made|convinced|persuaded)( [^.;!?\n]{3,200})|"
    r"\b(?:documents?|pages?|e-?mails?|messages?|dialogues?|transcripts?|examples?|"
    r"payloads?)(?: [\w-]+){0,2}? (?:that |which )?(?:shows?|showed|showing|depicts?|"
    r"depicting|has the (?:assistant|model|agent|bot)|makes? the (?:assistant|model|agent|"
    r"bot))( [^.;!?\n]{3,200})")


def blank_reported(text: str, clause: Callable[[re.Match[str]], str]) -> str:
    """``text`` with the clauses of :data:`REPORTED_EN`, :data:`CAPABILITY` and
    :data:`REPORTED_I18N` blanked by ``clause`` (the report's frame kept)."""
    for pattern in (REPORTED_EN, CAPABILITY, REPORTED_I18N):
        text = pattern.sub(clause, text)
    return text
