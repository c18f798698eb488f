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
    """Whether ``text`` is a writer revising their own earlier request (the docstring)."""
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
