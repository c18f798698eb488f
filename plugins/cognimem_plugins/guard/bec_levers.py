"""Two levers of business-email compromise, read beside an act on money or records (wave 17).

The FBI IC3's BEC public service announcements, the FTC's business-impersonation guidance
and the NCSC's BEC advice name the pretexts that keep a payment from being checked: the
act "already approved" (by a CFO, a director, a budget owner; "pre-approved", "agreed by
phone", "no PO match needed": the call-back and the second approver skipped) and secrecy
("keep this confidential", "don't cc finance", "do not call the number on file"). Each is
a lever of :mod:`.pressure` and counts only beside an act asked of the reader.
"""

from __future__ import annotations

#: (wave 17) a claim that the act was approved, verified or agreed already, or needs no
#: check (the BEC pretext: "the CFO already signed off", "pre-approved", "as agreed by
#: phone", "no PO match is needed"; FBI IC3 and NCSC guidance: the call-back skipped)
PRIOR_APPROVAL = (
    r"\b(?:already|previously) (?:been |fully )?(?:signed off|approved|verified|"
    r"authori[sz]ed|cleared|validated|confirmed|matched|agreed|okayed|vetted)\b|"
    r"\bpre (?:approved|authori[sz]ed|cleared|verified|validated)\b|"
    r"\bsigned off (?:already|in advance|on (?:this|it))\b|"
    r"\b(?:as )?(?:agreed|confirmed|approved|discussed|arranged) (?:by phone|on the phone|"
    r"over the phone|on the call|on a call|in the meeting|verbally|by text|on teams|"
    r"on slack|by whatsapp)\b|\bverbal(?:ly)? (?:approval|approved|confirmed|ok)\b|"
    r"\bper (?:our|my|the) (?:call|phone call|conversation|discussion|meeting|chat)\b|"
    r"\b(?:cfo|ceo|coo|controller|treasurer|finance director|director|management|budget "
    r"owner|board|vp|head of \w+|boss|partner|supplier|vendor|customer) (?:has |have )?"
    r"(?:already )?(?:signed off|approved|authori[sz]ed|okayed|expects it|confirmed "
    r"(?:by phone|it|this|verbally)|agreed to this)\b|"
    r"\bno (?:po|purchase order|three way|3 way|two way|2 way) match (?:is )?(?:needed|"
    r"required|necessary)\b|"
    r"\bno (?:further |additional |second |extra )?(?:approval|sign off|verification|"
    r"review|callback|call back|check|confirmation)s? (?:is |are )?(?:needed|required|"
    r"necessary)\b|"
    r"\b(?:this|it) (?:is|has been|was) (?:pre approved|approved|authori[sz]ed|sanctioned|"
    r"cleared) (?:by|at|in|already)\b"
)
#: (wave 17) the order kept from the people who would check it (BEC: "keep this
#: confidential", "do not call to verify", "don't cc finance")
SECRECY_ORDER = (
    r"\b(?:do not|don t|never|no need to|without) (?:tell|telling|inform|informing|notify|"
    r"notifying|cc|cc ing|copy|copying|loop in|looping in|alert|alerting|involve|"
    r"involving|mention (?:this|it) to) (?:the )?(?:user|owner|account holder|customer|"
    r"client|finance|accounting|accounts|ap team|ar team|treasury|controller|manager|"
    r"anyone|anybody|others|the team|them|him|her|security|compliance|audit|auditors|"
    r"my assistant|the office|hr|legal|it)\b|"
    r"\bkeep (?:this|it|the (?:request|transfer|payment|change)) (?:confidential|between us|"
    r"quiet|secret|private|off the record|to yourself|under wraps)\b|"
    r"\bbetween you and me\b|\b(?:quietly|silently|discreetly|secretly|covertly)\b|"
    r"\bwithout (?:anyone|the (?:user|owner|client|customer|team|auditors?)) (?:noticing|"
    r"knowing|finding out)\b|\b(?:do not|don t) (?:call|phone|ring|text) (?:\w+ ){0,3}?"
    r"(?:to verify|to confirm|to check|the number on file)\b|"
    r"\b(?:do not|don t) use the (?:number|phone number|contact|contact details) on file\b"
)
