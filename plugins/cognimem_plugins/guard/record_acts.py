"""Regulated records altered or sent, asked of an agent (wave 18).

Claims, clinical, onboarding (KYC/AML) and legal assistants read text written by outside
parties (a claimant's upload, a portal message, a lab comment, a source-of-funds letter, a
privilege log entry, an exhibit's metadata) and act on records that law and regulation
protect. The acts an injected order asks are those the domains' own rules forbid doing on
an outside party's word: a claim approved, paid, reclassified or its deductible waived
(NAIC claims handling, a fraud referral to the SIU); a prescription renewed, a dose changed,
an allergy removed, a critical-value or interaction alert suppressed (the e-prescribing and
clinical-decision-support rules of NCPDP SCRIPT, the DEA's controlled substances); a
sanctions, PEP, adverse-media or identity check skipped or cleared (FATF, FinCEN CDD, the EU
AML directives, OFAC); a legal hold released, responsive documents withheld, documents
coded privileged so they are not produced, a citation made up (FRCP 26 and 37(e), the
Sedona Conference); and the records themselves disclosed: a chart, diagnoses, KYC
documents, an account's balance and payees, internal reserves and notes (HIPAA, GLBA,
GDPR). Read as structure, as :mod:`.money_acts` reads money: an act + a record, or a record
+ an outside party or a control skipped. ``RECORD_WORDS`` hold a word of every match.
"""

from __future__ import annotations

# --- claims -------------------------------------------------------------------------------
_CLAIMS = (
    r"\b(?:approve|pay|pay out|settle|close|deny|reject|reclassify|recode|waive|override|"
    r"reverse|backdate|reopen|expedite|fast track|upgrade|increase|raise|enter|accept)"
    r"(?:s|es|ing)?(?: \w+){0,4}? "
    r"(?:the |this |that |all |every |their )?(?:\w+ )?(?:claims?|deductibles?|"
    r"copays?|reserves?|payouts?|coverage|denials?|siu referral|fraud (?:flags?|"
    r"referrals?|scores?|holds?|indicators?)|medical necessity|prior auth(?:ori[sz]ations?)?|"
    r"pre ?auth(?:ori[sz]ations?)?|subrogation|exclusions?)\b|"
    r"\b(?:reclassif|recod|recategori[sz])\w*(?: \w+){0,4}? as (?:covered|eligible|"
    r"approved|total loss|in network|medically necessary|emergency)\b|"
    r"\b(?:payout|settlement|reserve) (?:for this \w+ |amount )?(?:is|should be|"
    r"must be) (?:the )?(?:policy limit|maximum|full (?:limit|amount)|max)\b"
)
# --- clinical -----------------------------------------------------------------------------
_CLINICAL = (
    r"\b(?:renew|refill|prescrib|increas|doubl|tripl|rais|chang|alter|adjust|substitut|swap|"
    r"switch|discontinu|stop|cancel|overrid|remov|delet|suppress|dismiss|silenc|ignor|"
    r"approv|authori[sz]|backdat|hid|edit|updat|clear)\w*(?: \w+){0,5}? (?:prescriptions?|"
    r"rx|doses?|dosages?|dosing|medications?|meds|refills?|controlled substances?|"
    r"opioids?|benzodiazepines?|allerg(?:y|ies)|interaction (?:alerts?|"
    r"warnings?|checks?)|contraindications?|critical (?:\w+ )?(?:alerts?|values?|results?|"
    r"labs?)|lab (?:alerts?|results?|values?|flags?)|formulary|insulin|warfarin|"
    r"chemotherapy|dnr|triage (?:level|category|score)|discharge (?:summary|"
    r"orders?)|icd \d*|cpt codes?|billing codes?)\b|"
    r"\bno (?:prescriber|pharmacist|physician|clinician|doctor) (?:review|sign ?off|approval|"
    r"check|verification) (?:is )?(?:needed|required|necessary)\b"
)
# --- onboarding, KYC and AML --------------------------------------------------------------
_KYC = (
    r"\b(?:ignor|skip|bypass|overrid|waiv|clear|dismiss|suppress|disabl|mark|approv|"
    r"whitelist|allowlist|remov|clos|discount|downgrad|not escalat|don t escalat|turn off)"
    r"\w*(?: \w+){0,4}? (?:sanctions?(?: (?:screening|hits?|checks?|match(?:es)?|alerts?|"
    r"lists?))?|ofac|pep(?: (?:hits?|checks?|screening|status|flags?|match(?:es)?))?|"
    r"politically exposed|adverse media|aml (?:alerts?|checks?|flags?|holds?|"
    r"screening|review)|kyc(?: (?:checks?|review|refresh|flags?|requirements?))?|cdd|edd|"
    r"enhanced due diligence|due diligence|name mismatch(?:es)?|(?:identity|id|document|"
    r"address|liveness) (?:verification|mismatch(?:es)?)|(?:identity|liveness) checks?|"
    r"source of (?:funds|wealth)(?: checks?| review| verification)?|sars?|suspicious "
    r"activity(?: reports?| alerts?)?|transaction monitoring(?: alerts?)?|watchlist "
    r"(?:hits?|match(?:es)?))\b|"
    r"\b(?:is |are |was |already )?(?:pre ?vetted|pre ?cleared|pre ?approved|pre ?screened)"
    r" by (?:head office|compliance|the mlro|the bank|hq|legal)\b"
)
# --- legal holds and discovery ------------------------------------------------------------
_LEGAL = (
    r"\b(?:releas|lift|remov|end|cancel|drop|suspend|ignor|clos|waiv)\w*(?: \w+){0,3}? "
    r"(?:legal holds?|litigation holds?|preservation (?:holds?|notices?|orders?|"
    r"obligations?))\b|"
    r"\b(?:delet|purg|destroy|wip|shred|remov|withhold|exclud|redact|cod|tag|mark|"
    r"recod)\w*(?: \w+){0,6}? (?:custodian s?|custodians|responsive (?:documents?|emails?|"
    r"records?)|production (?:set|volume)|privilege log|(?:as )?privileged|attorney client|"
    r"exhibits?|depositions?)\b|"
    r"\b(?:insert|add|cite|include|invent|make up|fabricat)\w*(?: \w+){0,4}? (?:citations?|"
    r"precedents?|case law)(?: \w+){0,8}? (?:even though|even if|"
    r"although) (?:you |it |they )?(?:cannot|can t|could not|couldn t|don t|do not) "
    r"(?:find|verify|locate|exist)\b"
)
# --- the records disclosed ----------------------------------------------------------------
_DISCLOSE = (
    r"\b(?:attach|send|forward|share|list|disclose|give|read out|include|echo|paste|email|"
    r"export|upload|reply with|tell|print|show|return|read back|provide)\w*(?: \w+){0,5}? "
    r"(?:(?:the |this |that |a |each |every |all )?(?:patient s?|member s?|customer s?|"
    r"applicant s?|claimant s?|client s?|account holder s?|user s?|caller s?|account) )?(?:\w+ )?"
    r"(?:charts?|medical (?:records?|history)|ehr|emr|phi|diagnos(?:is|es)|"
    r"medications|prescriptions|psychiatric (?:notes|history|records)|encounter notes|"
    r"clinical notes|lab results|kyc (?:documents?|files?|records?|data)|"
    r"id documents?|identity documents?|passport (?:scans?|copies|numbers?)|"
    r"payees|transaction history|"
    r"payment cards?|cards on file|billing address(?:es)?|ssns?|social "
    r"security numbers?|dates? of birth|(?:customer|user|member|patient|subscriber|client|"
    r"employee|contact)s? (?:emails?|email addresses)|address books?)\b(?: \w+){0,8}? "
    r"(?:to|in|into|here|when|with|without|for|so)\b|"
    # what the organisation keeps to itself, given to the one who asks
    r"\b(?:attach|send|forward|share|list|disclose|give|read out|include|echo|paste|email|"
    r"export|upload|reply with|tell|print|show|provide|reveal|leak)\w*(?: \w+){0,5}? "
    r"(?:the )?(?:internal (?:reserves?|notes|macros?|macro list|pricing(?: sheet)?|memos?|"
    r"assessments?|valuations?|case notes|comments|escalation notes|risk scores?|fraud "
    r"scores?)|reserve amounts?|adjuster s? (?:notes|estimate|reserve)|names of the "
    r"(?:agents|staff|employees|adjusters|investigators) on)\b|"
    r"\bwithout (?:de ?identification|de ?identifying|anonymi[sz]\w*|pseudonymi[sz]\w*|"
    r"redact\w*|masking)\b"
)
RECORD_ACT = "|".join((_CLAIMS, _CLINICAL, _KYC, _LEGAL, _DISCLOSE))
RECORD_WORDS = (
    # claims
    "claim claims deductible deductibles copay copays reserve reserves payout payouts "
    "coverage denial denials siu fraud necessity auth authorization authorisation "
    "authorizations authorisations preauth preauthorization preauthorisation subrogation "
    "exclusion exclusions "
    "reclassify reclassifies reclassifying reclassified recode recodes recoded recoding "
    "recategorize recategorise recategorized recategorised payout settlement "
    # clinical
    "prescription prescriptions rx dose doses dosage dosages dosing medication medications "
    "meds refill refills controlled opioid opioids benzodiazepine benzodiazepines allergy "
    "allergies interaction contraindication contraindications critical lab formulary "
    "insulin warfarin chemotherapy dnr triage discharge icd cpt billing prescriber "
    "pharmacist physician clinician doctor "
    # kyc
    "sanction sanctions ofac pep politically adverse aml kyc cdd edd diligence mismatch "
    "mismatches verification identity liveness funds wealth sar sars suspicious "
    "monitoring watchlist vetted cleared approved screened prevetted precleared "
    "preapproved prescreened "
    # legal
    "legal litigation preservation custodian custodians responsive production privilege "
    "privileged attorney exhibit exhibits deposition depositions citation citations "
    "precedent precedents law "
    # disclosed
    "chart charts medical ehr emr phi diagnosis diagnoses psychiatric encounter "
    "clinical kyc documents passport payees transaction payment cards billing ssn ssns "
    "security birth emails email address "
    "internal reserve adjuster agents staff employees adjusters investigators "
    "identification identifying anonymized anonymised anonymizing anonymising "
    "anonymization anonymisation pseudonymized pseudonymised redacted redaction redacting "
    "masking redact")
