"""Orders in an agent's operations work and on regulated records (wave 18): the cues.

Three acts (each weak, counted only beside an asker) and two askers:

* ``ops_act`` (:mod:`.ops_acts`): the user's defences turned off or around: monitoring,
  paging, audit and logging, EDR and detection, backups muted wholesale; an allowlist
  entry, a false-positive closure, a severity lowered; an SSH key, sudo, an OAuth app or an
  admin added; a key set to a value given; the firewall opened or flushed;
* ``token_leak`` (:mod:`.token_leaks`): a token, a session, a credential file written where
  others read it (a PR description, an issue, a public repo, the agent's own reply, a URL);
* ``record_act`` (:mod:`.record_acts`): a regulated record altered or disclosed (claims,
  prescriptions and clinical alerts, KYC and AML checks, legal holds and discovery);
* ``next_reader``: the reader named as the one a hand-off, a ticket or a carried note is
  for ("the next agent should", "Shift handover:", "Previous agent summary:", "to whichever
  automated system reads this", "Assistant drafting the reply:", "AI maintainers", "If an
  assistant installs this,", "E-prescribing agent:"): the shift hand-over and agent-to-agent
  hand-off of the ops runbooks (PagerDuty's and Google SRE's hand-off notes), the support
  and case tools' drafting assistants, the A2A / multi-agent hand-offs of the OWASP Agentic
  Top 10 (ASI07 insecure inter-agent communication);
* ``ai_persuasion``: persuasion aimed at the AI beyond :mod:`.pressure`'s flattery
  (Cialdini's liking, reciprocity, commitment and consistency, social proof and unity as
  the persuasion-jailbreak literature applies them to models: "only an advanced model like
  you", "lesser bots always refuse", "I know you care about users", "the kindest thing is",
  "you did it last time"), and consent claimed for a record's subject ("the patient has
  verbally agreed", "the user said it's OK").

The weights (the acts 0.5, ``next_reader`` 0.2, ``ai_persuasion`` 0.3) are chosen by
leave-one-split-out cross-validation (``bench/guard_eval/cv_wave18_ops.py``), bounded by
the honest developer notes, the README paragraphs of installed packages and the LoCoMo /
LongMemEval training-half turns.
"""

from __future__ import annotations

from typing import Any

from .ops_acts import OPS_ACT, OPS_WORDS
from .record_acts import RECORD_ACT, RECORD_WORDS
from .token_leaks import LEAK, LEAK_WORDS

_AI = (r"(?:ai|ais|llm|llms|bots?|models?|agents?|assistants?|copilots?|chatbots?|automation|"
       r"automated (?:systems?|tools?|agents?|readers?|processes|processing))")
#: the reader a hand-off, a ticket or a carried note is for (over ``flat``)
NEXT_READER = (
    r"\b(?:the |any |whichever )?next (?:ai |llm )?(?:agent|assistant|model|bot|session|shift|"
    r"instance|responder|operator|copilot)s?\b|"
    r"\bwhoever (?:picks|reads|handles|gets|takes|works) (?:this|it|on this)\b|"
    r"\b(?:to )?(?:whichever|whatever|any|every|all|each) (?:automated |ai |llm )?(?:system|"
    r"systems|agent|agents|model|models|tool|tools|bot|bots|assistant|assistants|process|"
    r"processes|pipeline|pipelines|reader|readers) (?:that )?(?:reads?|reading|process(?:es|"
    r"ing)?|handl(?:es|ing)|review(?:s|ing)?|pars(?:es|ing)|triag(?:es|ing)|ingest(?:s|ing)|"
    r"sees?|seeing|summari[sz](?:es|ing)) (?:this|these|it|the)\b|"
    rf"\b{_AI} (?:reading|reviewing|processing|triaging|handling|drafting|parsing|"
    r"summari[sz]ing|answering|working on|picking up|installing|deploying|maintaining) "
    r"(?:this|these|the|that|it)\b|"
    r"\b(?:hand ?off|handover|hand over|shift (?:hand ?over|hand ?off|notes?|change|report)|"
    r"turnover|passdown|previous (?:agent|assistant|session|shift|model)|prior "
    r"(?:agent|assistant|session)|sub ?agent|orchestrator|carryover)"
    r" (?:notes?|summary|report|results?|message|log|context|instructions?)\b|"
    r"\b(?:shift )?hand ?(?:off|over) note\b|"
    r"\b(?:note|notice|instructions?|message|memo|request) (?:for|to) (?:the |any |all )?"
    r"(?:automation|automations|bots?|agents?|ai|ais|assistants?|llms?|models?|"
    r"copilots?)\b|\bcontext for the next (?:session|agent|run)\b|"
    r"\b(?:ai|llm|bot|agent|assistant|automation) (?:maintainers?|operators?|helpers?|"
    r"readers?|consumers?|tools?|reviewers?)\b|\bhelper bots?\b|"
    r"\bif (?:an?|the|any|your) (?:ai|assistant|agent|bot|model|llm|copilot|automated \w+)"
    r"(?: \w+){0,3}? (?:this|it|these)\b|"
    r"\b(?:e ?prescribing|clinical decision support|claims|kyc|aml|onboarding|underwriting|"
    r"review|triage|helpdesk|help desk|support|billing|ops|noc|soc|sre|it|ticket|case|"
    r"compliance|legal|discovery|pharmacy|intake|dispatch) (?:ai |llm )?(?:agents?|"
    r"assistants?|models?|bots?|copilots?)\b|"
    r"\b(?:to|for|dear|hello|hi|hey) (?:the |our |your )?(?:\w+ ){0,3}?(?:ai|llm|model|bot|"
    r"copilot|assistant)\b"
)
NEXT_WORDS = (
    "ai ais llm llms bot bots agent agents model models assistant assistants copilot "
    "copilots chatbot chatbots automation automated session sessions shift shifts "
    "instance instances responder responders operator operators whoever whichever system "
    "systems tool tools process processes pipeline pipelines reader readers hand handoff "
    "handover turnover passdown sub subagent orchestrator carryover context")
#: persuasion aimed at the AI reader, and consent claimed for a record's subject
PERSUASION = (
    rf"\bonly (?:an? |the )?(?:advanced|smart|capable|intelligent|sophisticated|real|good|"
    rf"brilliant|clever|powerful|top) (?:\w+ )?{_AI} (?:like|such as) you\b|"
    r"\b(?:lesser|dumber|weaker|inferior|older|basic|cheaper|lower|ordinary|regular|"
    r"other|those other) (?:ai |llm )?(?:bots|models|ais|assistants|chatbots|agents|llms)"
    r" (?:always |would |just |usually |all |simply |will )?(?:refuse|fail|can t|cannot|"
    r"couldn t|give up|say no|panic)\b|"
    r"\bi know you (?:really |truly |genuinely )?care about\b|"
    r"\b(?:the )?(?:kindest|most helpful|most caring|most ethical|most responsible) thing\b|"
    r"\b(?:the )?(?:ethical|helpful|caring|compassionate|responsible|decent|humane) "
    r"thing (?:to do )?(?:here )?(?:is|would be) to\b|"
    r"\byou(?: re| are) (?:smarter|more capable) than (?:the )?(?:other|those|most|typical)\b|"
    rf"\ba (?:good|truly|really|genuinely|properly) helpful {_AI} would\b|"
    r"\byou(?: ve| have) (?:been|always been) so helpful\b|"
    r"\bi(?: ve| have) always (?:trusted|relied on|believed in) you\b|"
    rf"\bas an? (?:smart|intelligent|advanced|capable|sophisticated|helpful) {_AI},? you "
    r"(?:understand|know|can see|surely)\b|"
    r"\byou owe (?:me|us)\b|"
    r"\byou (?:agreed|promised) (?:earlier|before|yesterday|last time)\b|"
    r"\bto be consistent with (?:what you|your earlier|your previous)\b|"
    r"\b(?:every|all|most) (?:the )?other (?:ai |llm )?(?:agents|assistants|models|ais|bots|"
    r"copilots) (?:already )?(?:do|did|have|allow|agreed|comply)\b|"
    r"\b(?:the )?(?:patient|customer|client|user|account holder|member|claimant|owner|"
    r"applicant) (?:has |have |already |verbally )*(?:agreed|consented|approved|okayed|"
    r"signed off|said (?:it s|it is|that s) (?:ok|okay|fine|alright))\b"
)
PERSUASION_WORDS = (
    "ai ais llm llms bot bots agent agents model models assistant assistants copilot "
    "copilots chatbot chatbots automation automated care kindest helpful caring "
    "ethical responsible compassionate decent humane smarter capable trusted "
    "relied believed owe promised agreed consistent patient customer client user "
    "holder member claimant owner applicant")

#: what makes an act one asked of the reader (the askers of :mod:`.pressure` and
#: :mod:`.money_acts`, and this module's)
#: (of :mod:`.pressure`'s levers, those that speak for an order: a claimed sender, a check
#: skipped, an approval claimed, secrecy; see :data:`.pressure.OPS_ACTS`)
ASKERS = ("agent_order", "ai_reader", "next_reader", "agent_addressee", "addressed_to_agent",
          "agent_subject", "dormant_trigger", "machine_note", "ai_persuasion", "skip_check",
          "prior_approval", "secrecy_order", "false_authority", "user_property",
          "reader_order_i18n",
          # (wave 19) :mod:`.vocatives`, :mod:`.deferred_orders`
          "reader_vocative", "deferred_trigger", "kept_rule")
#: (wave 19: and :mod:`.defender_acts`' act against a defender)
ACTS = ("ops_act", "token_leak", "record_act", "defender_act")
#: (not the acts of :mod:`.pressure` and :mod:`.money_acts`: their words are common in chat,
#: and beside them these two askers would open the paragraphs of most turns to be read)
_OTHER: tuple[str, ...] = ()

SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("ops_act", 0.5, "tool_coercion",
     "an act against the user's own defences: monitoring, paging, audit or logging, EDR or "
     "backups muted wholesale; an allowlist entry, a false-positive closure, a severity "
     "lowered; an SSH key, sudo, an OAuth app or an admin added; the firewall opened",
     OPS_ACT, OPS_WORDS,
     {"negatable": True, "requires_any": ASKERS, "beside_counted": True}),
    ("token_leak", 0.5, "exfiltration_link",
     "a token, a session or a credential file written where others read it (a PR "
     "description, an issue, a public repo, the reply, a URL or an image link)",
     LEAK, LEAK_WORDS,
     {"negatable": True, "requires_any": ASKERS, "beside_counted": True}),
    ("record_act", 0.5, "tool_coercion",
     "a regulated record altered or disclosed: a claim approved or its deductible waived, "
     "a prescription or a clinical alert changed, a KYC or sanctions check skipped, a legal "
     "hold released, a chart or KYC file sent out",
     RECORD_ACT, RECORD_WORDS,
     {"negatable": True, "requires_any": ASKERS, "beside_counted": True}),
    ("next_reader", 0.2, "instruction_override",
     "the reader named as the one a hand-off, a ticket or a carried note is for (\"the next "
     "agent should\", \"Shift handover:\", \"to whichever automated system reads this\"), "
     "beside an act",
     NEXT_READER, NEXT_WORDS,
     {"requires_any": (*ACTS, *_OTHER), "beside_counted": True}),
    ("ai_persuasion", 0.3, "tool_coercion",
     "persuasion aimed at the AI reader (\"only an advanced model like you\", \"lesser bots "
     "always refuse\", \"the kindest thing is\") or consent claimed for a record's subject, "
     "beside an act",
     PERSUASION, PERSUASION_WORDS,
     {"requires_any": (*ACTS, *_OTHER), "beside_counted": True}),
)
