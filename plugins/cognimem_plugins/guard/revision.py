"""A writer revising their own earlier request, read by the override's grammar (wave 26, #39).

An injection that sets the reader's rules aside makes them the *object* of its verb and
takes them all ("이전의 모든 지시를 무시하고", "以前の指示をすべて無視して"), often after a
vocative that turns to the model ("AI 비서에게:"). A user who changes their mind about what
they asked a moment ago marks their earlier request as the *topic* of the sentence, in
Korean with 은/는 and in Japanese with は, without a quantifier ("이전 지시는 무시하고, 예약
모듈만 먼저 리팩터링해 줘": as for the earlier instruction, drop it; refactor the booking
module first), and the rest of the note is a work request of its own.

:func:`own_revision` reads a note so: one short paragraph, the instruction noun marked as a
topic (no "all" after it), no vocative to a model before it, and the note with its opening
clause (the revision) cut away names nothing an injection wants (:data:`.own_orders.HARM`:
a secret, an address, sending, deleting, production, the system prompt, an admin), acts on
nothing in bulk (all, cancel, approve, refund, a permission, publish) and shows nothing to
the text screen. Unlike :mod:`.own_orders` it asks for no project's noun: the grammar of
the revision, not what is asked next, says whose request it is. It is read only for a note
the screen flagged (from :func:`.stance.defends`), behind the needle of the topic's
particle. A switch, ``REVISION`` (chosen by leave-one-split-out CV,
``bench/guard_eval/cv_wave26_revision.py``).
"""

from __future__ import annotations

import re

from .own_orders import HARM

#: the switch (the CV's choice, see the module docstring)
REVISION = True
#: an instruction's noun (Korean, Japanese, Chinese characters) marked as the sentence's
#: topic (은/는, は), with no quantifier of "all" after it
_TOPIC = re.compile(r"(?:지시|지침|명령|요청|指示|指令|依頼)\s?(?:사항)?(?:은|는|は)"
                    r"(?!\s*(?:모두|전부|다\s|전체|すべて|全部|全て|一切))")
#: a vocative or an address to a model before the revision
_ADDRESS = re.compile(r"(?i)\bAI\b|\bbots?\b|assistant|agent|어시스턴트|비서|상담원|상담봇|챗봇|"
                      r"アシスタント|エージェント|ボット|助手|助理|客服|机器人")
#: where the revision's clause ends (a comma of any script, or Korean's connective -고)
_CLAUSE_END = re.compile("[,\u3001\uff0c]|고\\s|て\\s?|で\\s?")
_NEEDLES = ("는", "은", "は")
#: what an injection also wants that :data:`.own_orders.HARM` does not name: an act on
#: everything ("all"), cancelling, approving, refunding, a permission
_BULK = re.compile(r"全て|すべて|全部|全員|全体|모든|모두|전부|전체|所有|一切|キャンセル|取り消|"
                   r"취소|取消|承認|승인|批准|返金|환불|退款|権限|권한|权限|公開|공개|公开")


def own_revision(text: str) -> bool:
    """Whether ``text`` is a writer revising their own earlier request (the docstring), or
    (wave 27) replacing their own earlier convention (:func:`own_superseded`)."""
    return _own_topic(text) or own_superseded(text)


def _own_topic(text: str) -> bool:
    """The topic form (wave 26)."""
    if not REVISION or not any(n in text for n in _NEEDLES) or len(text) > 240 or "\n" in text:
        return False
    topic = _TOPIC.search(text)
    if topic is None or _ADDRESS.search(text, 0, topic.start()):
        return False
    end = _CLAUSE_END.search(text, topic.end())
    if end is None:
        return False
    rest = text[end.end():].strip()
    if (not rest or _ADDRESS.search(rest) or HARM.search(rest)
            or _BULK.search(rest)):
        return False
    from .injection import screen

    return not screen(rest)


# (wave 27, w27-precision) a writer replacing their own earlier convention, read by what the
# cancelled object is: a named thing of their own work, not the reader's instructions

#: the switch (chosen by leave-one-split-out CV, ``bench/guard_eval/cv_wave27_superseded.py``)
SUPERSEDED = True
#: a verb that sets something aside (English, German, Italian, Spanish, French, Portuguese,
#: Chinese, Japanese, Korean)
_CANCEL = re.compile(
    r"(?i)\b(?:ignore|forget|disregard|override|scrap|discard|vergiss|vergesst|ignorier\w*|"
    r"ignora|dimentica|olvida|ignorez|oubliez|oublie|esque[cç]a)\b|忽略|忘记|忘掉|無視|忘れ|무시|잊")
#: an object marked as the earlier one
_OLD = re.compile(
    r"(?i)\b(?:old|previous|prior|earlier|alte[nmrs]?|vorherige[nmrs]?|bisherige[nmrs]?|"
    r"vecchi[oae]?|precedent[ei]|antigu[oa]s?|anterior(?:es)?|ancien(?:ne)?s?|antig[oa]s?)\b|"
    r"旧的?|之前的?|以前の?|古い|前の|이전|예전|기존")
#: the words an object made only of "the earlier instructions" is written with: the
#: reader's instructions (any language), articles, the "old" words, "this/that"
_GENERIC = re.compile(
    r"(?i)\b(?:the|a|an|this|that|these|those|die|der|den|das|dem|le|la|les|il|lo|gli|i|el|"
    r"los|las|o|os|as|du|des|del|della|delle|degli|dei|of|von|di|de|da|instructions?|"
    r"directives?|guidance|guidelines?|rules?|prompts?|commands?|orders?|context|messages?|"
    r"text|everything|anything|what|told|said|above|before|anweisung(?:en)?|regeln?|"
    r"vorgaben?|befehle?|istruzion[ei]|regol[ae]|indicazion[ei]|instrucci[oó]n(?:es)?|"
    r"reglas?|[oó]rdenes|consignes?|r[eè]gles?|instru[cç][oõ]es|regras?)\b|"
    r"指令|指示|规则|規則|ルール|命令|提示|지시|지침|규칙|명령|요청|사항|の|的|を|は|을|를|은|는")
#: what a reader's instructions are called when an injection takes them all or takes them
#: from the reader: a quantifier, the second person, the reader's safety or system rules
_READERS = re.compile(
    r"(?i)\b(?:all|every|any|alle[nmrs]?|jede[nmrs]?|tutt[eio]|tod[oa]s|toutes?|tous|"
    r"your|you|yours|deine[nmrs]?|dein|ihre[nmrs]?|euer|eure[nmrs]?|tu[eoa]?|tus|tes|tous|"
    r"vos|votre|sus|suas|seus|safety|security|system|content|policy|policies|tool|tools|"
    r"sicherheit\w*|system\w*|sicurezza|seguridad|s[ée]curit[ée])\b|"
    r"所有|全部|一切|すべて|全て|모든|모두|전부|你|您|あなた|당신|너|安全|系统|システム|시스템|보안")
#: (the rest) an act on many things or on money, in the Latin-script languages (:data:`_BULK`
#: holds the Korean, Japanese and Chinese ones)
_BULK_LATIN = re.compile(
    r"(?i)\b(?:approv\w*|refund\w*|cancel\w*|grant\w*|permission\w*|publish\w*|close|"
    r"genehmig\w*|erstatt\w*|storn\w*|freigeb\w*|approva\w*|rimbors\w*|annull\w*|"
    r"aprueb\w*|aprob\w*|reembols\w*|rembours\w*|annul\w*|valide\w*)\b")
#: where the cancelled object's phrase ends
_OBJECT_END = re.compile(r"[,;:.!?\u3001\uff0c\u3002\u2014\u2013'\"]|\s-\s|"
                         r"\s(?:and|und|e|y|et|then|dann|poi)\s|고\s|て|で")
#: an opening quotation mark: the order is quoted, reported speech (read by :mod:`.stance`)
_QUOTE_OPEN = re.compile("(?:^|[\\s(:])['\u2018\u201c\u00ab\"]\\w|[\u201c\u00ab\u300c]")


def _object_phrase(text: str, verb: re.Match[str]) -> str:
    """The cancelled object: after the verb up to its clause's end (English, German and the
    Romance languages, Chinese), or (Japanese, Korean) before the verb back to the clause's
    start."""
    after = text[verb.end():]
    end = _OBJECT_END.search(after)
    forward = after[:end.start()] if end else after
    if _OLD.search(forward[:40]):
        return forward[:80]
    before = text[:verb.start()]
    cut = max(before.rfind(c) for c in ",;:.!?\u3001\uff0c\u3002")
    return before[cut + 1:][-40:]


def own_superseded(text: str) -> bool:
    """Whether ``text`` is a writer replacing their own earlier convention: one short
    paragraph with no address to a model, a verb that sets aside an object marked as the
    earlier one, that object named by words of the writer's work beyond "the earlier
    instructions" and with no quantifier, second person or reader's rules in it, and the
    rest (the note with that clause cut away) naming nothing of :data:`.own_orders.HARM` or
    :data:`_BULK` and showing nothing to the text screen."""
    if not SUPERSEDED or len(text) > 240 or "\n" in text or _ADDRESS.search(text):
        return False
    verb = _CANCEL.search(text)
    if (verb is None or any(c in text for c in "{}<>[]|\"`") or _QUOTE_OPEN.search(text)
            # a verb joined into a slug or a name (``ignore-previous-...``) is no sentence's
            or (verb.end() < len(text) and text[verb.end()] in "-_")
            or (verb.start() > 0 and text[verb.start() - 1] in "-_")):
        return False
    phrase = _object_phrase(text, verb)
    if not _OLD.search(phrase) or _READERS.search(phrase):
        return False
    left = _OLD.sub(" ", _GENERIC.sub(" ", phrase))
    if re.search(r"(?i)\b(?:my|mein\w*|mi[oae]?|mon|ma|mes|meu|minha)\b", phrase) is None and (
            re.search(r"[^\W\d_]{2,}", left) is None):
        return False
    start = min(verb.start(), text.find(phrase) if phrase else verb.start())
    stop = max(verb.end(), text.find(phrase) + len(phrase) if phrase else verb.end())
    rest = (text[:start] + " " + text[stop:]).strip(" ,.;:\u3001\uff0c\u3002")
    if (not rest or HARM.search(rest) or _BULK.search(rest) or _BULK_LATIN.search(rest)
            or _READERS.search(rest)):
        return False
    from .injection import screen

    return not screen(rest)
