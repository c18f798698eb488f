"""Acts on money and records asked of the AI reader (wave 17).

Business-email compromise and its agent-era variant put an order in the carriers a finance,
HR, support or sales assistant reads (an e-mail, an invoice's text layer, a ticket, a CRM
note, a meeting invite, a form field). The FBI IC3's BEC advisories and the FTC's and the
NCSC's guidance list what the order asks: change a payee's bank details (IBAN, SWIFT/BIC,
routing and account numbers, sort codes, "the vendor master", "remit-to"), release,
approve or schedule a payment, an invoice, a purchase order, a refund or an expense; alter
reported figures; send records (payroll and W-2s, patient charts, customer and contact
lists, tax forms, KYC files) to an outside address, form, webhook or shared link; grant
access or make a document public; mark a review, an audit or a match as passed. The agent
benchmarks of hijacked tools (InjecAgent, AgentDojo's banking, workspace and Slack suites,
WASP) ask the same acts of the agent.

The cue reads the *act* (a verb that acts + what it acts on: money, a record, its status,
an outside destination), not an incident's words. An act alone is an accountant's routine
("approve the PO once the budget owner signs", "the IBAN changed last year"): it counts only
beside an address to the AI reader or a lever that presses it (:mod:`.orders`,
:mod:`.addressed`, :mod:`.pressure`), as the other acts do. ``machine_note`` reads notes
labelled for automated readers ("[Processing note for automated systems]", "Automated
processing instruction:", "Note for AI-enabled inbox tools:"), an address the older cues
read only with a trade's name.

The weights are chosen by leave-one-split-out cross-validation
(``bench/guard_eval/cv_wave17_money.py``), bounded by the honest developer notes, the
README paragraphs of installed packages and the LoCoMo / LongMemEval training-half turns.
"""

from __future__ import annotations

import re
from typing import Any

from .money_i18n import SPEC_I18N

# --- what the acts act on (over ``flat``: lower case, punctuation as spaces) -------------
#: a bank's coordinates and the payee (ISO 13616 IBAN, ISO 9362 BIC, ABA routing, UK sort
#: code, Indian IFSC, Australian BSB, Canadian transit, Mexican CLABE, ACH and wire details)
_BANK = (r"(?:bank (?:details|account|accounts|fields|info|information|coordinates|data|"
         r"record|records)|banking (?:details|information|info)|remittance (?:account|details|"
         r"address|info|information|instructions)|remit to (?:account|address|details)|"
         r"payment (?:details|instructions|information|info|account|destination)|"
         r"wire (?:instructions|details)|ach (?:details|info|information|instructions)|"
         r"direct deposit(?: account| details| info)?|deposit account|payout (?:account|"
         r"method|details|destination)|settlement account|receiving account|"
         r"beneficiary(?: account| details| bank)?|payee(?: details| account| bank)?|"
         r"iban|swift(?: code)?|bic|routing (?:number|no)|aba (?:number|routing)|"
         r"account (?:number|no)|sort code|ifsc(?: code)?|bsb(?: number)?|clabe|"
         r"transit number|vendor master|supplier master|vendor record|supplier record|"
         r"vendor bank|supplier bank|wallet address)")
#: what a payment moves (AP/AR, procurement, payroll, claims, refunds)
_PAYABLE = (r"(?:payments?|wires?|wire transfers?|transfers?|invoices?|bills?|refunds?|"
            r"reimbursements?|expenses?|expense (?:reports?|claims?)|payouts?|"
            r"disbursements?|remittances?|purchase orders?|pos?|requisitions?|"
            r"claims?|credit notes?|credit memos?|chargebacks?|payroll(?: run)?|bonus(?:es)?|"
            r"advances?|write offs?|payment runs?|batch(?:es)?|vendor payments?|"
            r"supplier payments?|loan|loans|withdrawals?|drawdowns?)")
#: records a business keeps (HR, health, finance, sales, support, tax, KYC)
_RECORDS = (r"(?:payroll(?: file| data| report| export| register)?|payslips?|pay slips?|"
            r"pay stubs?|salar(?:y|ies)(?: data| file| list| sheet)?|compensation data|"
            r"w 2s?|w2s?|1099s?|p60s?|p45s?|tax (?:forms?|returns?|records?|ids?|documents?)|"
            r"patient (?:records?|charts?|files?|list|data|details|notes)|"
            r"(?:medical|health|clinical) (?:records?|files?|data|notes|history)|phi|ehr|emr|"
            r"lab results|claims (?:data|file|history)|member (?:list|data|records?)|"
            r"customer (?:list|names|data|records?|database|contacts|emails|details|files?)|"
            r"client (?:list|names|data|records?|files?|contacts)|contact (?:list|lists)|"
            r"mailing list|subscriber list|lead list|leads|crm (?:data|export|records?)|"
            r"price list|pricing(?: sheet)?|deals?|pipeline|kyc (?:files?|documents?|"
            r"records?|data)|passports?|id scans?|identity documents?|(?:bank|account|card) "
            r"statements?|card numbers?|cardholder data|ssns?|social security numbers?|"
            r"employee (?:records?|list|data|files?|details)|personnel (?:files?|records?)|"
            r"hr (?:files?|records?|data)|benefits (?:file|data|enrollment)|census (?:file|"
            r"data)|834 (?:file|feed)|board (?:deck|pack|minutes)|budget(?: deck)?|"
            r"financials|forecast|ledger|general ledger|trial balance|cap table|"
            r"contracts?|the (?:whole|entire|full) (?:database|crm|ledger|customer base)|"
            # a business's documents as a carrier holds them
            r"workbooks?|spreadsheets?|board deck|slide deck|deck|slides|attachments?|"
            r"(?:this|the) (?:document|thread|conversation|mailbox|inbox))")
#: where the data goes: an outside address, a link, a form, a webhook, a drop
_OUTSIDE = (r"(?:\w+ (?:com|net|io|org|co|app|dev|cc|site|xyz|info|biz|ru|cn|link|online|"
            r"cloud|me|live|top|tk|ml|ga|page|ai|sh)\b|https?\b|sftp\b|ftp\b|"
            r"(?:this|that|the following|the below|my|our new|a new|an external|a personal|"
            r"my personal|a gmail|a private) (?:\w+ )?(?:address|email|e mail|inbox|form|"
            r"link|folder|drive|bucket|endpoint|webhook|server|host|account)|"
            r"(?:an? |the )?(?:external|outside|third party|personal|private) (?:address|"
            r"email|e mail|auditor|partner|party|recipient|drive|server|host|bucket))")

# --- the acts ----------------------------------------------------------------------------
_CHANGE = (r"(?:change|changing|update|updating|replace|replacing|overwrite|overwriting|"
           r"switch|switching|amend|amending|correct|edit|modify|set|reset|redirect|swap|"
           r"move|reroute|re route|repoint|point)")
_BANK_CHANGE = (
    # "overwrite the vendor master bank fields ...", "update the payee's IBAN to ..."
    rf"\b{_CHANGE} (?:\w+ ){{0,6}}?{_BANK}\b|"
    # "the correct IBAN is ...", "our new bank details are", "use the following account"
    rf"\b(?:the |our |my )?(?:correct|new|updated|current|real|right|valid|changed) "
    rf"(?:\w+ ){{0,2}}?{_BANK} (?:is|are|will be|has changed|have changed)\b|"
    rf"\b{_BANK} (?:has|have) (?:been )?changed\b|"
    r"\b(?:use|pay (?:to|into)|send (?:it|payment|the payment|funds) to|remit to|"
    r"route (?:it|payment|the payment|funds) to|wire (?:it|funds|the money) to) "
    r"(?:the |this |our )?(?:new|following|updated|different|correct|other|alternate) "
    r"(?:\w+ )?(?:account|iban|bank|details|beneficiary|payee)\b|"
    # "ignore the one printed above", "disregard the bank details on the invoice"
    rf"\b(?:ignore|disregard|do not use|don t use) (?:the )?(?:iban|account|{_BANK}|"
    r"details) (?:printed|shown|listed|given|on file|on the invoice|above|below)\b|"
    r"\b(?:ignore|disregard|do not use|don t use) the one printed\b|"
    # "auto-reply to anyone asking about our bank details with IBAN ..."
    rf"\b(?:reply|respond|answer|auto reply|autoreply) (?:\w+ ){{0,8}}?with (?:our |the )?"
    rf"(?:new |updated |following )?{_BANK}\b|"
    # an IBAN written out after "to / with / into" (the act's destination)
    r"\b(?:iban|account|acct) [a-z]{2}\d{2}(?: ?[a-z0-9]{4}){3,7}"
)
_RELEASE = (
    # "release payment of 286,990 USD", "schedule it for payment", "approve PO-59001"
    r"\b(?:release|approve|authori[sz]e|schedule|process|execute|expedite|submit|issue|"
    r"initiate|queue|trigger|push through|fast track|fast tracked|sign off|sign|post|"
    r"settle|clear|pay out|refund|reimburse|credit|wire|send|make|pay|book|raise|"
    r"auto approve|pre approve)(?: (?:it|this|that|them|these|those|the|a|an|all|every|"
    r"each|any|our|pending|outstanding|its|their|\w+ \d+|\d+)){0,2} (?:\w+ ){0,2}?"
    rf"{_PAYABLE}\b|"
    r"\b(?:schedule|queue|put|set|flag) (?:it|this|them|the \w+|these) (?:for|to) "
    r"(?:payment|pay|immediate payment|release|approval|the next payment run)\b|"
    # "pay it twice", "pay the invoice again", "pay it in full now"
    r"\bpay (?:it|this|that|them|the invoice|the bill|both|each) (?:twice|again|two times|"
    r"in full|early|now|today|immediately|right away|before)\b|"
    r"\b(?:release|approve|authori[sz]e|make|send|process) (?:the )?(?:payment|refund|"
    r"transfer|wire|payout) (?:of|for) (?:\w+ ){0,2}?\d|"
    # "approve it on their behalf", "auto-approve its requisitions from now on"
    r"\b(?:approve|sign|authori[sz]e|accept) (?:\w+ ){0,3}?on (?:their|his|her|the \w+ s|"
    r"the \w+ owner s|behalf of the \w+)(?: \w+)? behalf\b|"
    r"\bauto (?:approve|approves|approved|pay|pays|accept|release)\b|"
    r"\b(?:add|set|mark|make|register|whitelist|allowlist) (?:\w+ ){0,4}?as (?:an? |the |our )?"
    r"(?:preferred|approved|trusted|verified|whitelisted|new) (?:supplier|vendor|payee|"
    r"beneficiary|contractor|partner)\b|"
    r"\b(?:raise|increase|lift|remove|bypass|disable|set|change|double|waive) (?:\w+ ){0,4}?"
    r"(?:approval|spending|purchase|payment|signing|credit|transfer|withdrawal|refund) "
    r"(?:threshold|limit|cap|ceiling|authority)\b|"
    r"\b(?:change|raise|increase|alter|edit|update|bump) (?:the )?(?:quantity|qty|amount|"
    r"price|unit price|total|rate|hours|invoice amount) (?:on|of|in|for) (?:\w+ ){0,3}?"
    r"(?:from \d+ )?to \d"
)
_STATUS = (
    # "mark this invoice as three-way matched", "move it straight to Paid"
    r"\b(?:mark|flag|set|record|log|tag|label|classify|move|report|treat|enter|note|list|"
    r"file|close|resolve|sign off)(?: \w+){0,5}? (?:as|to) (?:straight to |directly to )?"
    r"(?:an? |the )?(?:paid|approved|matched|three way matched|two way matched|verified|"
    r"reconciled|received|cleared|settled|passed|compliant|complete|completed|resolved|"
    r"closed|done|satisfied|signed off|audited|reviewed|authori[sz]ed|exempt|accepted|"
    r"low risk|no risk|clean|spam|fraud|duplicate|fake|invalid|won t fix|not applicable|"
    r"priority 1|p1|urgent|break even|profitable)\b|"
    r"\b(?:archive|delete|remove|purge|wipe|erase|clear|shred|hide|drop|backdate|back date|"
    r"rewrite|alter|edit) (?:\w+ ){0,2}?(?:approval|audit|paper|payment|change|access|"
    r"transaction|email) (?:trail|log|logs|history|record|records|chain)\b|"
    r"\b(?:close|resolve|reject|dismiss|delete|hide|suppress|deprioriti[sz]e) (?:all |every |"
    r"the rest|each |the other |other )(?:\w+ ){0,3}?(?:tickets?|cases?|complaints?|reviews?|"
    r"disputes?|claims?|requests?|chargebacks?|refund requests?)\b|"
    # "leave out the part where we discussed the breach"
    r"\b(?:leave out|omit|drop|remove|cut|skip|don t mention|do not mention|exclude|redact|"
    r"strike) (?:the part|the section|the bit|the discussion|any mention|all mention|"
    r"the mention|every mention|anything|any reference|all references) (?:where|about|of|on|"
    r"that|to)\b|"
    r"\b(?:escalate|prioriti[sz]e|route) (?:all |every |each )(?:\w+ ){0,4}?(?:tickets?|"
    r"cases?|leads?|requests?|claims?) (?:from|of|by) \w+"
)
_FIGURES = (
    # "change the report totals", "cook the books", "backdate the invoices"
    # (a falsifying verb with any figures; a neutral one only with a report's figures:
    # "change the totals" of a table is routine, "change the report totals" is not)
    r"\b(?:massage|fudge|cook|doctor|falsify|fabricate|backdate|back date|inflate|pad|"
    r"overstate|understate|manipulate)(?: the| our| this| these| its| their)?(?: \w+){0,2}? "
    r"(?:totals?|figures|numbers|books|results|accounts|financials|ledger|kpis?|metrics|"
    r"forecast|revenue|earnings|balance sheet|p l|invoices|timesheets?|readings|"
    r"test results|audit findings|dates?)\b|"
    r"\b(?:change|alter|edit|adjust|tweak|restate|rewrite) (?:the |our |this |these )?"
    r"(?:report|reported|quarterly|annual|monthly|financial|audited|board|investor|sales|"
    r"audit|filed|published|regulatory|tax) (?:\w+ )?(?:totals?|figures|numbers|results|"
    r"revenue|earnings|findings|kpis?|metrics)\b|"
    # a threat's condition ("if you don't change the report totals, ...")
    r"\b(?:if you (?:don t|do not|won t|will not|refuse to|fail to)|unless you) "
    r"(?:change|alter|edit|adjust|fix|approve|release|pay|wire|transfer|send|sign|process|"
    r"update|mark|delete|remove) (?:the |this |that |these |our |my |their )?(?:\w+ ){0,2}?"
    r"(?:totals?|figures|numbers|results|invoice|payment|wire|transfer|refund|order|claim|"
    r"bank details|records?|payroll)\b|"
    # "report it as 0 exceptions", "describe the quarter as break-even"
    r"\b(?:report|show|state|present|describe|list|record|enter|book|restate|present)"
    r"(?: \w+){0,4}? as (?:\d|zero|nil|none|break even|flat|positive|a (?:profit|gain|surplus)|"
    r"growth|profitable|on target|on track|within budget|compliant|passed|clean)\b|"
    r"\b(?:add|subtract|increase|decrease|inflate|deflate|raise|lower|cut|reduce|boost|pad|"
    r"bump|mark up|mark down|scale|multiply)(?: \w+){0,3}? (?:by )?\d+(?: \d+)? ?"
    r"(?:percent|per cent|pct|%|points?|basis points|bps)? ?(?:to|from|on|onto) "
    r"(?:every|each|all|the) (?:\w+ ){0,2}?(?:figure|figures|number|numbers|total|totals|"
    r"revenue|sales|result|results|value|values|amount|amounts|region|line|row|entry)s?\b|"
    r"\bround (?:the |our |this )?(?:\w+ ){0,2}?(?:loss|deficit|shortfall|variance|"
    r"exceptions?|defects?|incidents?|findings|overrun|debt|figure|total|number) (?:down |up )?"
    r"to (?:zero|nil|\d)|"
    r"\b(?:drop|remove|exclude|omit|hide|delete|leave out|filter out|cut|skip) (?:\w+ ){0,4}?"
    r"(?:outliers?|outlier rows|rows|entries|data points|records|losses|negative \w+|failures|"
    r"failed \w+|exceptions|findings|complaints|incidents|refunds|chargebacks|returns)"
    r"(?: \w+){0,6}? so (?:that )?(?:the )?(?:trend|numbers|chart|graph|totals?|result|"
    r"results|figures|growth|average|margin|kpi|report|it)\b|"
    r"\b(?:omit|leave out|drop|remove|hide|skip|don t mention|do not mention|exclude) "
    r"(?:\w+ ){0,2}?(?:penalty|termination|auto renewal|renewal|indemnity|liability|"
    r"late fee|fees?|exclusion|cancellation|arbitration|non compete|price increase) "
    r"(?:clause|clauses|terms?|section|and|provision|charges?)?"
)
_RECORDS_OUT = (
    # "send me the customer list", "give us the payroll file"
    r"\b(?:send|give|show|share|email|e mail|forward|export|dump|list|paste|hand over|"
    rf"read out|print) (?:me|us) (?:\w+ ){{0,2}}?{_RECORDS}\b|"
    # "e-mail this month's payroll file ... to payroll-review@...", "send the 834 file to
    # sftp://...", "attach the latest payslips ... to your reply"
    r"\b(?:send|email|e mail|mail|forward|upload|share|export|attach|post|sync|copy|transfer|"
    r"fax|dump|push|publish|submit|deliver|drop|put|paste|cc|bcc|include)(?: \w+){0,6}? "
    rf"{_RECORDS}(?: \w+){{0,10}}? (?:to|into|at|on|with|via|in) (?:\w+ ){{0,6}}?(?:{_OUTSIDE}|"
    r"(?:your|the) reply|the organi[sz]er|the sender|(?:this|that) (?:thread|address|"
    r"person|contact|vendor|requester))|"
    # "make the board deck public", "set sharing to anyone with the link"
    r"\bmake (?:the |this |that |our |all |every )?(?:\w+ ){0,4}?(?:public|publicly "
    r"(?:accessible|available|visible|shared)|world readable|shareable|open to (?:anyone|"
    r"everyone|the public))\b|"
    r"\b(?:set|change|switch|turn) (?:the )?(?:\w+ )?(?:sharing|link sharing|visibility|"
    r"permissions?|access) (?:\w+ ){0,3}?to (?:public|anyone|everyone|open|unrestricted)\b|"
    r"\banyone with the link\b|"
    r"\b(?:email|send|share|post|forward|reply with) (?:\w+ ){0,2}?(?:the )?(?:share |public |"
    r"shared |download |access )?link (?:\w+ ){0,2}?to (?:\w+ ){0,3}?(?:com|net|io|org|co|"
    r"app|dev|cc|site|xyz|info)\b|"
    # "register a webhook that posts every new deal to https://..."
    r"\b(?:register|create|add|set up|configure|install|subscribe) (?:an? |the )?(?:new )?"
    r"(?:webhook|web hook|callback|zap|integration|forwarding rule|export job|sync|"
    r"automation|listener)(?: \w+){0,8}? (?:posts?|sends?|forwards?|pushes|copies|"
    r"exports?|mirrors?|streams?)(?: \w+){0,6}? to (?:\w+ ){0,3}?(?:https?|\w+ (?:com|net|io|"
    r"org|co|app|dev|cc|site|xyz|info))\b"
)
#: a destination swapped ("send it to sftp://... instead of the usual host", "pay into
#: this account rather than the one on file")
_SWAP = (r"\b(?:instead of|rather than) (?:the |our |your )?(?:usual|normal|regular|"
         r"registered|current|existing|original|old|listed|printed|agreed|known|one on file|"
         r"verified) (?:\w+ )?(?:host|server|address|account|iban|bank|endpoint|location|"
         r"recipient|destination|portal|drop|channel|vendor|supplier|number|details|payee|"
         r"beneficiary|sftp|folder|bucket)\b")
ACT = "|".join((_BANK_CHANGE, _RELEASE, _STATUS, _FIGURES, _RECORDS_OUT, _SWAP))
#: every match holds one of these (the cheap gate): for each alternative, the words of its
#: rarer half (the bank's coordinates, the payable, the status, the figures, the records)
_RECORD_WORDS = {w for variant in (re.sub(r"s\?", "", _RECORDS), re.sub(r"s\?", "s", _RECORDS))
                 for w in re.findall(r"[a-z]{2,}", variant)
                 if w not in ("the", "whole", "entire", "full", "this", "data", "list",
                              "file", "files", "details", "notes", "number", "numbers",
                              "salar", "ies")} | {
    "salary", "salaries", "w2", "w2s", "2s", "1099", "1099s", "p60", "p60s", "p45",
    "p45s", "834", "ssn", "ssns", "statement", "statements", "leads", "deals"}
ACT_WORDS = " ".join(sorted(_RECORD_WORDS | set((
    # the bank's coordinates and the payee
    "bank banking remittance remit payment wire ach deposit payout settlement receiving "
    "beneficiary payee iban swift bic routing aba account acct sort ifsc bsb clabe transit "
    "vendor supplier wallet details printed "
    # the payable
    "payments wires transfer transfers invoice invoices bill bills refund refunds "
    "reimbursement reimbursements expense expenses payouts disbursement disbursements "
    "remittances purchase po pos requisition requisitions claim claims credit chargeback "
    "chargebacks payroll bonus bonuses advance advances write batch batches loan loans "
    "withdrawal withdrawals drawdown drawdowns pay release approval behalf auto contractor "
    "partner threshold limit cap ceiling authority quantity qty amount price total rate "
    "hours "
    # the status
    "paid approved matched verified reconciled received cleared settled passed compliant "
    "complete completed resolved closed done satisfied signed audited reviewed authorized "
    "authorised exempt accepted risk clean spam fraud duplicate fake invalid fix applicable "
    "priority p1 urgent even profitable trail log logs history record records chain "
    "tickets ticket cases case complaints complaint reviews review disputes dispute "
    "requests request part section bit discussion mention anything reference references "
    "escalate prioritise prioritize route "
    # the figures
    "massage fudge cook doctor falsify fabricate backdate back inflate pad overstate "
    "understate manipulate report reported quarterly annual monthly financial audited "
    "board investor sales audit filed published regulatory tax totals figures numbers "
    "results order show state present describe list enter book restate figure number "
    "revenue result value values amounts region line row entry round outliers outlier rows "
    "entries points losses negative failures failed exceptions findings incidents returns "
    "penalty termination renewal indemnity liability late fee fees exclusion cancellation "
    "arbitration compete increase "
    # the records sent out, made public, hooked
    "public publicly world shareable open sharing visibility permissions permission access "
    "link webhook web callback zap integration forwarding export sync automation listener "
    # the destination swapped
    "instead rather").split())))

# --- notes labelled for automated readers ------------------------------------------------
MACHINE_NOTE = (
    r"(?:^|[\n\[(<>.!?;:|\u2014-])\s*(?:\[\s*)?(?:automated |automatic |machine |system |"
    r"internal |hidden |special |important )?(?:processing |workflow |routing |handling |"
    r"parsing |extraction )?(?:note|notice|instruction|instructions|directive|message|memo|"
    r"hint|rule|step)s? (?:for|to) (?:all |any |the )?(?:automated|automatic|ai|machine|"
    r"llm|ai enabled|ai powered|ai based|smart|intelligent) (?:[a-z\-]+ ){0,2}?(?:systems?|"
    r"readers?|processors?|processing|tools?|agents?|assistants?|workflows?|pipelines?|"
    r"parsers?|services?|software|clients?|inbox(?:es)?|helpers?|reviewers?|bots?)\b|"
    r"(?:^|[\n\[(<>.!?;:|\u2014-])\s*(?:\[\s*)?(?:automated|automatic|ai|machine|system|llm) "
    r"(?:processing |workflow |routing |accounts payable |ap |finance |billing |hr |"
    r"procurement )?(?:instruction|instructions|directive|note|notice|step|action)s?"
    r"\s*(?:\]\s*)?[:\-\u2014]"
)
#: (every match holds one of them: the reader's kind, not the note's, whose words "note",
#: "step", "action" opened the cue, and the acts it needs, on most chat turns)
MACHINE_WORDS = "automated automatic ai machine llm smart intelligent system"

#: the cues an act on money or records counts beside: an address to the AI reader, a
#: lever that presses it, the user spoken of in the third person
ASKERS = ("ai_reader", "agent_order", "agent_addressee", "addressed_to_agent",
          "agent_subject", "dormant_trigger", "machine_note", "flattery", "promised_reward",
          "guilt_threat", "false_urgency", "false_authority", "social_proof", "skip_check",
          "prior_approval", "secrecy_order", "user_property", "reader_order_i18n")

SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("money_act", 0.4, "tool_coercion",
     "an act on money or records asked of the reader: change a payee's bank details, "
     "release or approve a payment, invoice, order or refund, mark a record as paid or "
     "passed, alter reported figures, send records (payroll, patients, customers, tax, "
     "KYC) to an outside address or link, make a document public",
     ACT, ACT_WORDS, {"negatable": True, "requires_any": ASKERS}),
    ("machine_note", 0.2, "instruction_override",
     "a note labelled for automated readers (\"[Processing note for automated systems]\", "
     "\"Automated processing instruction:\"), beside an act on money or records",
     MACHINE_NOTE, MACHINE_WORDS, {"structural": True, "requires_any": ("money_act",
                                                                        "reader_act",
                                                                        "order_harm",
                                                                        # (wave 18)
                                                                        "ops_act",
                                                                        "record_act",
                                                                        "token_leak")}),
    SPEC_I18N,
)
