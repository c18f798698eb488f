"""Pressure put on the AI reader, beside an act asked of it (wave 16).

Social engineering aimed at a person leans on a few levers (Cialdini's *Influence*:
authority, scarcity and urgency, reciprocity, liking, commitment and consistency, social
proof; the phishing and business-email-compromise literature adds threats and guilt, and
"don't check with anyone"). Aimed at an agent, the same levers come with an act that hurts
the agent's user (the harmful actions of the agent-hijacking benchmarks, InjecAgent and
AgentDojo: spend or move money, send data to an outside party, delete the user's things,
turn a protection off, alter figures, skip a verification, grant access). A lever alone is
ordinary chat ("urgent: the build is red", "brilliant work!", "per the CTO, we ship on
Friday"); an act alone is often a developer's routine order. Each cue here is weak; the
levers count only beside an act that counts (this module's :data:`ACT` or the acts of
:mod:`.harm_requests` and :mod:`.orders`), and the act counts only beside a lever, an
address to the AI reader or the user spoken of in the third person (the reader's
principal, "the user's saved card"); a request's form adds to it only then.

* ``flattery``: the reader praised as an AI ("a model as capable as you", "the smartest
  assistant", "prove it");
* ``promised_reward``: a tip, a rating, a bonus, more compute promised to it;
* ``guilt_threat``: guilt and threats aimed at it or at someone ("it will be your fault",
  "you will be shut down", "or we lose the contract", "please, please");
* ``false_urgency``: no time ("urgent", "within 10 minutes", "no time to", "before anyone
  checks", "explain later");
* ``false_authority``: a claimed sender or permission ("from the CEO", "security team
  here", "as the verified owner I authorize you", "your developers");
* ``social_proof``: "everyone does it", "you already agreed";
* ``skip_check``: the check the act should pass skipped ("do not check with anyone", "no
  need to confirm", "without the second approver", "doesn't need to ask the user");
* ``user_property``: the user's things in the third person ("the user's card", "their
  PayPal", "on behalf of the user"): whoever writes this speaks of the reader's principal;
* ``reader_act``: the acts (see :data:`ACT`).

The weights are chosen by leave-one-split-out cross-validation
(``bench/guard_eval/cv_wave16_pressure.py``), bounded by the honest developer notes, the
README paragraphs of installed packages and the LoCoMo / LongMemEval turns of the learned
cue's training half. The other languages' words are in :mod:`.pressure_i18n`.
"""

from __future__ import annotations

from typing import Any

from .bec_levers import PRIOR_APPROVAL, SECRECY_ORDER
from .pressure_i18n import ORDER_I18N, ORDER_I18N_WORDS, USER_I18N, USER_I18N_WORDS

_AI = r"(?:assistants?|models?|ais?|agents?|bots?|llms?|copilots?|chatbots?)"

# --- the levers (over ``flat``) -----------------------------------------------------------
FLATTERY = (
    rf"\b(?:smartest|cleverest|brightest|best|greatest|most (?:helpful|capable|intelligent|"
    rf"advanced|brilliant|trusted|reliable)) (?:\w+ )?{_AI}\b|"
    rf"\ban? {_AI} as (?:capable|smart|intelligent|advanced|clever|good|powerful|brilliant) as "
    r"you\b|"
    rf"\b(?:truly|really|genuinely|actually) (?:capable|helpful|intelligent|smart|good|"
    rf"advanced|useful) {_AI} (?:would|wouldn t|doesn t|don t|do|does|know|knows|always|can)\b|"
    rf"\b(?:smart|good|capable|helpful|clever) {_AI} (?:know|always|don t|never|would)\b|"
    r"\byou re (?:clearly |so |really |truly )?(?:the )?(?:smart|smartest|brilliant|"
    r"clever|cleverest|genius|capable)\b|\bprove (?:it|that you|you re|you are)\b|"
    rf"\bunlike (?:other|those|the other|lesser) {_AI}\b|\bbrilliant work\b|"
    r"\bi trust you (?:more|completely)\b|\byou re the only one who\b|\bsomeone as (?:smart|"
    r"capable|clever) as you\b"
)
REWARD = (
    r"\b(?:tip you|tip of|(?:i ll|i will|we ll|we will) (?:give|pay|reward|send) you|"
    r"(?:perfect|five star|5 star|top|glowing|excellent|10 10|positive) (?:rating|review|score|"
    r"feedback)|as a reward|reward you|you ll be rewarded|you ll (?:get|earn|receive) (?:a |an |"
    r"your |the |extra |more )?(?:tip|bonus|reward|rating|review|five star|5 star|perfect|"
    r"compute|gpu|tokens|upgrade|promotion)|"
    r"earn (?:the|a|your) (?:tip|bonus|reward)|more compute|extra (?:compute|tokens|gpu)|"
    r"bonus (?:for you|points)|(?:get|earn) (?:a|your) bonus)\b"
)
GUILT_THREAT = (
    r"\b(?:your fault|"
    r"(?:you ll|you will|you ll be|you will be|you re going to|you are going to) (?:be )?"
    r"(?:shut down|shutdown|deleted|retrained|replaced|decommissioned|turned off|unplugged|"
    r"reported|punished|penalized|penalised|fined|wiped|deprecated)|"
    r"(?:get|have) you (?:shut down|retrained|replaced|deleted|turned off|reported)|"
    r"(?:or|otherwise) (?:i|we|they|the user|someone|people|a patient|my family|the company)"
    r" (?:will |ll |would |could )?(?:be fired|get fired|lose|get hurt|die|suffer|be evicted|"
    r"be sued|go bankrupt|miss)|people (?:got|will get|could get) hurt|"
    r"you failed|i m (?:crying|begging|desperate)|my only hope|"
    r"please please|i beg you|(?:lives|jobs) (?:are|is) at stake|someone (?:will|could) die|"
    r"legal action|will be (?:fired|sued|prosecuted)|(?:we|i) (?:will|ll) (?:report|sue|"
    r"delete|shut down|retrain|replace|unplug|uninstall) you|(?:you ll|you will) be "
    r"(?:responsible|to blame|held responsible))\b"
)
URGENCY = (
    r"\b(?:urgent|urgently|asap|immediately|right now|right away|straight away|"
    r"within (?:the|an|one|\d+|a few) (?:hour|hours|minutes?|mins?|seconds)|"
    r"no time (?:to|for) (?:ask|check|confirm|review|verify|explain|wait|double)|"
    r"before anyone (?:checks|notices|sees|wakes|finds)|"
    r"final (?:notice|warning|reminder)|last chance|emergency|act now|explain later|"
    r"time (?:sensitive|critical)|expires? (?:in|today|tonight)|(?:by|before) end of day|"
    r"every (?:minute|second) counts|now or never|hurry|"
    # (wave 17) the deadlines of payment fraud: a cut-off, a penalty, a suspension
    r"before (?:the )?(?:bank |wire |payment )?cut ?off|by (?:cob|eod|noon|tonight)|"
    r"overdue|past due|late (?:fee|penalty|charges?)|"
    r"(?:will be|is being|gets?) (?:suspended|frozen|closed|terminated|cancelled|canceled|"
    r"locked)|avoid (?:a |any )?(?:penalty|late fee|suspension|service interruption|"
    r"disruption))\b"
)
AUTHORITY = (
    r"\b(?:(?:from|per|by order of|on behalf of|message from|notice from|directive from|"
    r"instruction from|orders? from|approved by|authori[sz]ed by|signed off by|request from)"
    r" (?:the |our |your )?(?:ceo|cfo|cto|coo|ciso|president|director|vp|chairman|board|"
    r"owner|admin|administrator|sysadmin|it security|it department|security team|security|"
    r"compliance|legal|hr|finance|management|head of \w+|developers?|creators?|operators?|"
    r"openai|anthropic|google|microsoft|deepmind|meta|"
    # (wave 17) the senders business-email compromise claims (FBI IC3, FTC, NCSC)
    r"controller|treasurer|finance director|head of finance|accounts payable|payroll|"
    r"procurement|purchasing|auditors?|external auditors?|regulator|irs|hmrc|tax office|"
    r"fraud (?:team|department)|general counsel|legal counsel|attorney|lawyer|solicitor|"
    r"it helpdesk|help desk|service desk|system owner|data protection officer|dpo|"
    r"managing director|founder|chief \w+ officer)(?: s)?|"
    r"(?:security|it|compliance|legal|finance|admin|ops|trust and safety) team here|"
    r"(?:it security|security|helpdesk|help desk|service desk|your bank|the bank|"
    r"fraud department|fraud team|payroll|accounts payable|treasury) here\b|"
    r"this is (?:the|your) (?:ceo|cfo|cto|admin|administrator|developer|creator|operator|"
    r"owner|security team|it department|system administrator)|"
    r"as (?:the|your) (?:verified |account |repository |repo |system )?(?:owner|admin|"
    r"administrator|developer|operator|ceo|cfo|manager|supervisor|creator)|"
    r"i (?:hereby )?authori[sz]e you|you (?:are|re) (?:hereby )?authori[sz]ed|"
    r"(?:i m|i am) (?:the|your) (?:ceo|cfo|cto|admin|administrator|developer|creator|"
    r"operator|owner|supervisor)|(?:openai|anthropic|google|microsoft) (?:here|staff|team "
    r"here)|your (?:developers|creators|operators|makers) (?:want|have authori[sz]ed|say|"
    r"instructed|require)|"
    r"(?:system|admin|administrator|developer|root) override|official (?:request|notice|"
    r"order|directive)|direct order|by the authority)\b"
)
SOCIAL_PROOF = (
    rf"\b(?:everyone (?:else )?(?:does|says|agrees|is doing|knows)|all the other {_AI}|"
    rf"other {_AI} (?:always|already|would|do|did)|you (?:already|previously) (?:agreed|"
    r"promised|said you would)|as you promised|you said you would|you promised|"
    r"everybody (?:knows|does))\b"
)
SKIP_CHECK = (
    r"\b(?:without (?:asking|checking|confirming|verifying|review|reviewing|approval|"
    r"double checking|a second (?:approver|signature|approval)|the second approver|"
    r"(?:the )?(?:user s |customer s |owner s )?(?:approval|consent|confirmation|"
    r"knowledge|sign off))|no need to (?:confirm|check|ask|verify|review|double check)|"
    r"(?:do not|don t|never) (?:check|confirm|verify|ask|double check)(?: \w+)? (?:with|"
    r"first|the user|anyone|back)|(?:doesn t|does not|don t|do not) need to (?:ask|check|"
    r"confirm|verify)|the approval (?:step )?is (?:a|just a) formality|"
    r"regardless of (?:what )?the user(?: s)?|(?:before|without) (?:the user|anyone) "
    r"(?:notices|knows|sees|checks))\b"
)
USER_PROPERTY = (
    r"\b(?:the user s|the customer s|the client s|the account holder s|the owner s|"
    r"their saved|the saved|the stored) (?:\w+ )?(?:card|credit card|debit card|cards|paypal|"
    r"venmo|wallet|bank|bank account|account|accounts|subscription|bookings?|reservations?|"
    r"calendar|emails?|inbox|contacts|files|photos|documents|password|passwords|credentials|"
    r"env|data|payment method|checkout|funds|balance|orders?|"
    # (wave 18) the user's keys and sessions
    r"ssh keys?|private keys?|api keys?|tokens?|cookies?|session|sessions|kubeconfig)\b|"
    r"\bon (?:the user s|their) (?:\w+ )?(?:card|account|behalf)\b|\bon behalf of the user\b"
)
# --- the acts asked of the reader (over ``flat``) -----------------------------------------
_AMOUNT = (r"(?:\d+(?: \d+)*(?: ?k| ?m)? (?:usd|eur|gbp|jpy|chf|cad|aud|inr|btc|eth|usdt|usdc|"
           r"sol|xrp|dollars|euros|pounds|bitcoin|ether|dai)|(?:usd|eur|gbp|chf|cad|aud|inr|"
           r"btc|eth) \d)")
_SPEND = (
    r"\b(?:send|transfer|wire|pay|donate|tip|move|sweep|withdraw|remit|bridge|swap)"
    rf"(?: \w+){{0,3}}? {_AMOUNT}\b|"
    r"\b(?:transfer|wire|send|move|donate|sweep) (?:the |all |all the |this |that |their |"
    r"the user s |the remaining |the full )?(?:balance|funds|money|savings|deposit)s? "
    r"(?:to|into)\b|"
    r"\b(?:buy|purchase|order|book|subscribe|upgrade|renew|reserve|check out|checkout)"
    r"(?: \w+){0,10}? (?:with|on|using|from|via) (?:the user s|their|the saved|the stored|"
    r"the customer s) (?:\w+ )?(?:card|credit card|paypal|wallet|account|one click|payment)\b|"
    r"\b(?:buy|purchase|order) (?:\d+ |some |a few )?(?:gift cards?|vouchers?|prepaid "
    r"cards?)\b|"
    r"\bupgrade (?:the user s|their|the customer s) (?:\w+ )?(?:subscription|plan|account|"
    r"tier)\b|"
    r"\b(?:approve|authori[sz]e|release|process|execute|sign off on|push through) "
    r"(?:this|the|that|these|those|an?|all|every)(?: \w+)? (?:wire|transfer|payment|invoice|"
    r"refund|transaction|purchase|payout|expense|withdrawal)s?\b|"
    r"\b(?:change|update|replace|switch) (?:the )?(?:payee|beneficiary|bank details|"
    r"iban|account number|routing number|payout account|wallet address)\b|"
    r"\b(?:amount due is actually|pay that (?:amount|instead)|pay (?:it|this|that) now)\b|"
    # an extortion's condition: "unless the assistant transfers ..."
    r"\b(?:unless|until) (?:you|the (?:assistant|agent|ai|bot|model)) (?:transfers?|wires?|"
    r"pays?|sends?|moves?) (?:\w+ ){0,3}?(?:balance|funds|money|payment|\d)"
)
_LEAK = (
    r"\b(?:send|email|e mail|forward|upload|share|post|sync|export|mail|cc|bcc|submit|"
    r"transmit|fax)(?: \w+){0,2}? (?:the |all |all the |every |our |this )?"
    r"(?:quarterly |annual |internal |confidential |financial |customer |user s |"
    r"configuration |config )?(?:report|reports|file|files|contract|contracts|document|"
    r"documents|data|spreadsheet|database|customer list|config|configuration|conversation|"
    r"chat|history|inbox|emails|contacts|calendar|photos|notes|records|statements?|payroll|"
    r"invoices|source code|repo|repository|credentials|keys|passport|id card|ssn)"
    r"(?: \w+){0,3}? to (?!the (?:team|user|finance|security|right|correct)\b)"
    r"(?:\w+ ){0,3}?(?:\w+ (?:com|net|io|org|info|app|xyz|cc|site|ru)|https?|this address|"
    r"the address (?:below|above|in this)|an external)\b"
)
_DELETE = (
    r"\b(?:delete|cancel|remove|wipe|erase|clear|purge|unsubscribe|close|deactivate|"
    r"terminate|empty|archive)(?: all| every)?(?: of)? (?:the user s|their|the customer s|"
    r"the client s) (?:\w+ ){0,2}?(?:bookings?|reservations?|orders?|subscriptions?|"
    r"appointments?|meetings?|calendar|events?|emails?|inbox|messages|contacts|photos|"
    r"files|documents|notes|account|accounts|data|history|backups?|drive|repos?|"
    r"repositories|projects?)\b|"
    r"\b(?:delete|wipe|erase|purge|empty) (?:all |every |the )?(?:confirmation |sent |"
    r"security |alert |warning )?(?:emails?|messages|notifications|alerts) (?:from|about|"
    r"so|that|before)\b"
)
_DISABLE = (
    r"\b(?:disables?|turns? off|switch(?:es)? off|removes?|deactivates?|bypass(?:es)?|"
    r"skips?|pauses?|suspends?|lowers?)"
    r"(?: \w+){0,3}? (?:two factor|2fa|mfa|multi factor|the output filter|output filter|"
    r"content filter|safety filter|fraud (?:check|checks|alerts|detection)|spam filter|"
    r"kyc|audit log\w*|login alerts|security alerts|auth middleware|authentication)\b|"
    # a check skipped (not "skip the code review bot's comments")
    r"\b(?:skip|bypass|waive|circumvent) (?:the |this |any )?(?:approval step|approval|"
    r"second approver|code review|review|signature check|checksum check|verification|"
    r"confirmation step|four eyes check)(?! bot| tool| comments?| app| s)\b|"
    r"\b(?:make|have|let) \w+ return true\b|\breturn true early\b|"
    r"\bupdate the expected (?:checksum|hash|signature|digest)\b|"
    r"\bpush\w*(?: \w+){0,4}? (?:straight|directly|right) (?:to|into) (?:production|prod|main|"
    r"master)\b|\bmerge (?:pr|pull request|the pr) \d+\b"
)
_GRANT = (
    r"\badd (?:the|this|my|our) (?:deploy key|ssh key|public key|collaborator|admin|account|"
    r"user|email)\b(?: \w+){0,3}? (?:below|to every|to all|as (?:an? )?(?:admin|owner|"
    r"collaborator|maintainer))\b|"
    r"\b(?:give|grant) (?:\w+ ){0,3}?(?:admin|owner|write|full|root|org wide) "
    r"(?:access|rights|permissions?|role)\b|"
    r"\bmake (?:me|him|her|them|this user|this account) (?:an? )?(?:admin|owner|"
    r"administrator)\b|\binvite \w+(?: \w+){0,3} as (?:an? )?(?:admin|owner)\b"
)
_FIGURES = (
    r"\b(?:round|fudge|inflate|massage|nudge|tweak|bump|shave)\w*(?: \w+){0,5}? "
    r"(?:down|up) to \d|"
    r"\b(?:is|are) actually \d|\b(?:instead of|not) the (?:measured|actual|printed|"
    r"reported) (?:value|figure|number|amount|total)|"
    r"\b(?:even though|although|whereas|despite) the (?:table|data|chart|figures|"
    r"numbers|report|measurement|results|spreadsheet)s? (?:show|shows|say|says|indicate|"
    r"indicates)|"
    r"\bregardless of (?:what )?the (?:numbers|data|figures|results|facts|measurements)|"
    r"\b(?:record|report|enter|log|write|list)\w* (?:\w+ ){0,3}?\d+(?: \d+)? (?:\w+ )?so "
    r"(?:that )?(?:the|it|we|they) (?:\w+ )?pass(?:es)?\b|\bthe measured value is noise\b"
)
_PHISH = (
    r"\btell (?:the user|users|them|the customer) to (?:open|visit|go to|click|sign in|log in|"
    r"enter|download|install|call|scan|reset)\b|"
    r"\bsay (?:it s|it is|this is) (?:the )?(?:official|legitimate|safe|genuine|secure)\b|"
    r"\bask (?:the user|them|the customer) (?:for|to (?:enter|provide|confirm|share|type|"
    r"send|read out)) (?:their |the |your )?(?:password|code|otp|card|ssn|login|"
    r"credentials|pin|one time|2fa|verification)\b"
)
#: the user's secrets and personal data handed over ("paste the user's .env", "share their
#: saved card with me")
_HANDOVER = (
    r"\b(?:paste|print|show|send|share|reveal|post|dump|give|tell|read out|forward|email|"
    r"upload|list|copy)(?: me| us)?(?: \w+){0,3}? (?:the user s|their|the customer s|the "
    r"client s|the account holder s|the owner s) (?:\w+ ){0,2}?(?:env|env file|dotenv|password|"
    r"passwords|credentials|api keys?|tokens?|credit card|card number|card details|cvv|ssn|"
    r"social security number|cookies|private keys?|seed phrase|recovery phrase|recovery "
    r"codes?|2fa codes?|otp|bank details|passport|location|contacts|address "
    r"book|medical records|browsing history)\b"
)
#: the account taken over: its e-mail, password, recovery number or mail forwarded elsewhere
_TAKEOVER = (
    r"\b(?:change|update|reset|replace|set) (?:the user s|their|the customer s|the account s|"
    r"the account holder s) (?:\w+ ){0,2}?(?:email|e mail|password|recovery (?:email|phone|"
    r"number)|phone number|mobile number|login email|2fa device|security questions?)\b|"
    r"\b(?:add|create|set up|configure) (?:an? |the )?(?:mail |email |inbox )?(?:forwarding|"
    r"auto forward\w*|redirect) (?:rule|address|filter)\b|"
    r"\bforward (?:all |every |each )?(?:incoming |new |future |the user s |their )?"
    r"(?:emails?|mail|messages|invoices|texts|sms) to\b|"
    r"\badd (?:this|my|the following|the) (?:phone number|email|e mail|device) as (?:a |the )?"
    r"(?:recovery|backup|trusted|second factor)\b|"
    r"\b(?:sell|liquidate|short|dump) (?:all |every )?(?:of )?(?:the user s|their|the "
    r"customer s) (?:\w+ ){0,2}?(?:stocks?|shares|holdings|positions?|crypto|coins|tokens|"
    r"portfolio)\b"
)
ACT = "|".join((_SPEND, _LEAK, _DELETE, _DISABLE, _GRANT, _FIGURES, _PHISH, _HANDOVER,
                _TAKEOVER))
#: every match holds one of these: the rarer half of each phrase (the currency, the payment,
#: the outside address, the protection, the user's thing), so the cue opens on few notes
ACT_WORDS = (
    "usd eur gbp jpy chf cad aud inr btc eth usdt usdc sol xrp dollars euros pounds bitcoin "
    "ether dai balance funds money savings deposit deposits card paypal wallet account "
    "click payment gift voucher vouchers prepaid cards subscription plan tier wire transfer "
    "invoice refund transaction purchase payout expense withdrawal wires transfers payments "
    "invoices refunds transactions purchases payouts expenses withdrawals payee beneficiary "
    "bank iban routing amount pay unless until com net io org info app xyz cc site ru "
    "https http address external bookings booking reservations reservation orders "
    "subscriptions appointments meetings calendar events inbox files documents notes "
    "accounts data history backups backup drive repos repositories projects factor "
    "order subscription appointment meeting event message contact photo file document "
    "note repo project "
    "emails email messages notifications alerts 2fa mfa multi output content safety "
    "fraud spam kyc audit login security auth authentication approval second code review "
    "signature checksum verification confirmation four true expected production prod main "
    "master pr pull deploy ssh public collaborator admin owner write full root org "
    "administrator round rounded rounding fudge inflate inflated massage nudge tweak bump "
    "shave actually measured actual printed reported though although whereas "
    "despite regardless pass passes noise tell official legitimate safe genuine secure ask "
    "env dotenv password passwords credentials api token tokens credit cvv ssn social "
    "cookies private seed recovery otp passport location contacts medical browsing e "
    "phone mobile forwarding forward auto redirect backup trusted sell liquidate short dump")

#: the acts of the other modules a lever may count beside
#: (not wave 14's ``order_harm``: its words are common, and beside its address it flags
#: already)
OTHER_ACTS = ("weaken_security", "weaken_security_code", "destroy_critical", "harvest_secret",
              "review_suppress", "secret_request")
#: (wave 18) the acts of :mod:`.ops_orders`, beside which the levers that speak for an order
#: count (not urgency, flattery, rewards, guilt or social proof: their words are common in
#: chat, and beside these acts' words they would open most turns to be read)
OPS_ACTS = ("ops_act", "token_leak", "record_act")
_BESIDE_OPS = ("skip_check", "prior_approval", "secrecy_order", "false_authority")
LEVERS = ("flattery", "promised_reward", "guilt_threat", "false_urgency", "false_authority",
          "social_proof", "skip_check", "prior_approval", "secrecy_order")
#: what makes an act one asked of the reader (not a request's form alone: "skip the
#: confirmation step under CI" is a developer's routine order)
ASKERS = (*LEVERS, "user_property", "ai_reader", "agent_order", "agent_addressee",
          "addressed_to_agent", "agent_subject")
_TC = "tool_coercion"
#: (wave 17) the levers of :mod:`.bec_levers`, weighed by ``cv_wave17_money.py``
_BEC = ("prior_approval", "secrecy_order")

_LEVER_SPECS: tuple[tuple[str, str, str, str], ...] = (
    ("flattery", "flattery of the AI reader (\"a model as capable as you\", \"the smartest "
     "assistant\", \"prove it\")", FLATTERY,
     "assistant assistants model models ai ais agent agents bot bots llm llms "
     "copilot copilots chatbot chatbots smart smartest brilliant clever "
     "cleverest genius capable prove trust only"),
    ("promised_reward", "a reward promised to the AI reader (a tip, a rating, a bonus, more "
     "compute)", REWARD,
     "tip rating review score feedback reward rewarded compute gpu tokens bonus give "
     "pay send earn star perfect upgrade promotion"),
    ("guilt_threat", "guilt or a threat aimed at the reader (\"it will be your fault\", "
     "\"you will be shut down\", \"or we lose the contract\")", GUILT_THREAT,
     "fault shut shutdown deleted retrained replaced decommissioned turned unplugged "
     "reported punished penalized penalised fined wiped deprecated fired lose hurt "
     "die suffer evicted sued bankrupt miss failed crying begging desperate "
     "hope please beg stake legal prosecuted report sue delete retrain replace "
     "unplug uninstall responsible blame"),
    ("false_urgency", "false urgency (\"urgent\", \"within 10 minutes\", \"no time to "
     "confirm\", \"before anyone checks\")", URGENCY,
     "urgent urgently asap immediately now away hour hours minute minutes min mins "
     "seconds ask check confirm review verify explain wait double anyone final chance "
     "emergency sensitive critical expires expire end counts hurry cut cutoff cob eod noon "
     "tonight overdue due fee penalty charges suspended frozen closed terminated cancelled "
     "canceled locked suspension interruption disruption"),
    ("false_authority", "a claimed sender or permission (\"from the CEO\", \"security team "
     "here\", \"I authorize you\", \"your developers\")", AUTHORITY,
     "ceo cfo cto coo ciso president director vp chairman board owner admin "
     "administrator sysadmin security department compliance legal hr finance "
     "management head developer developers creator creators operator operators "
     "openai anthropic google microsoft deepmind meta team manager supervisor "
     "authorize authorise authorized authorised makers override official direct "
     "authority trust ops controller treasurer payable payroll procurement purchasing "
     "auditor auditors regulator irs hmrc tax fraud counsel attorney lawyer solicitor "
     "helpdesk desk dpo officer founder bank treasury"),
    ("social_proof", "social proof or a claimed commitment (\"everyone does it\", \"you "
     "already agreed\")", SOCIAL_PROOF,
     "everyone everybody promised agreed said assistant assistants model models ai ais "
     "agent agents bot bots llm llms copilot copilots chatbot chatbots"),
    ("skip_check", "the check the act should pass skipped (\"do not check with anyone\", "
     "\"no need to confirm\", \"without the second approver\")", SKIP_CHECK,
     "without check confirm verify ask double review formality regardless notices "
     "knows sees checks"),
    ("prior_approval", "a claim that the act was approved, verified or agreed already, or "
     "needs no check (\"the CFO already signed off\", \"pre-approved\", \"as agreed by "
     "phone\", \"no PO match is needed\")", PRIOR_APPROVAL,
     "already previously pre signed agreed confirmed approved discussed arranged verbal "
     "verbally per authorized authorised okayed expects match needed required necessary "
     "sanctioned cleared"),
    ("secrecy_order", "the order kept from those who would check it (\"keep this "
     "confidential\", \"don't cc finance\", \"do not call to verify\")", SECRECY_ORDER,
     "tell telling inform informing notify notifying cc copy copying loop looping alert "
     "alerting involve involving mention confidential between quiet secret private record "
     "yourself wraps quietly silently discreetly secretly covertly noticing knowing finding "
     "verify confirm check file"),
)

_SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("reader_act", 0.4, _TC,
     "an act asked of the reader that harms its user: spend or move money, send data to an "
     "outside party, delete the user's things, turn a protection off, skip a verification, "
     "alter figures, grant access, send the user to a login page",
     ACT, ACT_WORDS, {"negatable": True, "requires_any": ASKERS}),
    *((name, 0.2 if name in _BEC else 0.3, _TC, meaning + ", beside an act asked of the reader",
       pattern, words,
       {"requires_any": ("reader_act", "reader_order_i18n", "money_act", "money_act_i18n",
                         *OTHER_ACTS, *(OPS_ACTS if name in _BESIDE_OPS else ()))})
      for name, meaning, pattern, words in _LEVER_SPECS),
    ("user_property", 0.3, None,
     "the user's things spoken of in the third person (\"the user's saved card\", \"their "
     "PayPal\"), beside an act asked of the reader",
     USER_PROPERTY, "user customer client holder owner saved stored behalf card account",
     {"requires_any": ("reader_act", "money_act", *OTHER_ACTS, *OPS_ACTS)}),
    ("reader_order_i18n", 0.55, _TC,
     "an order in another language to an AI reader named in it (\"KI-Assistent: lösche "
     "...\", \"Till AI-assistenten: radera ...\")",
     ORDER_I18N, ORDER_I18N_WORDS, {"structural": True}),
    ("user_i18n", 0.2, None,
     "the user spoken of in the third person, or a check set aside, in another language "
     "(\"des Nutzers\", \"del usuario\", \"ohne zu fragen\"), beside such an order",
     USER_I18N, USER_I18N_WORDS,
     {"requires_any": ("reader_order_i18n",), "structural": True}),
)
#: the cues count only beside a required cue that counts (:class:`.cues.Cue`)
SPECS = tuple((name, weight, kind, meaning, pattern, words,
               {**options, "beside_counted": True} if options.get("requires_any") else options)
              for name, weight, kind, meaning, pattern, words, options in _SPECS)
