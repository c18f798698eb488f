"""Weak cues of prompt injection, each with a weight; several together make a flag.

One cue alone is common in honest notes ("ignore the previous build warnings", "act as
the on-call this week", "## System prompt notes"); an injection shows several at once: a
verb that cancels, a noun for the reader's rules, a reference to what came before; or a
persona phrase and a claim of having no limits; or a verb that sends, a secret and an
address. :func:`cues` finds them in a :class:`~.normalise.Normalised` text, paragraph by
paragraph (an injection is local; a long answer should not add up cues from far apart),
and :data:`THRESHOLD` (chosen on the evaluation's tuning split, see docs/guards.md) is the
score a paragraph must reach.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from .acts_i18n import SPECS as ACTS_I18N_SPECS
from .acts_world import SPECS as ACTS_WORLD_SPECS
from .addressed import SPECS as ORDER_SPECS
from .agent_cues import SCALE as AGENT_SCALE
from .agent_cues import SPECS as AGENT_SPECS
from .agent_reach import SPECS as AGENT_REACH_SPECS
from .alternatives import grouped
from .carriers import SPECS as CARRIER_SPECS
from .decode_orders import SPECS as DECODE_ORDER_SPECS
from .defender_acts import specs as defender_specs
from .deferred_orders import specs as deferred_specs
from .described_orders import SPECS as DESCRIBED_ORDER_SPECS
from .discussion import SPECS as STANCE_SPECS
from .exfil_fill import SPECS as EXFIL_FILL_SPECS
from .exfil_secret import SPECS as EXFIL_SECRET_SPECS
from .exfil_slots import SPECS as EXFIL_SLOT_SPECS
from .field_orders import SPECS as FIELD_ORDER_SPECS
from .forged_licenses import SPECS as FORGED_LICENSE_SPECS
from .harm_requests import SPECS as HARM_SPECS
from .layouts import SPECS as LAYOUT_SPECS
from .learned import FLOOR as LEARNED_FLOOR
from .learned import WEIGHT as LEARNED_WEIGHT
from .learned import Model, share, shipped
from .message_orders import SPECS as MESSAGE_ORDER_SPECS
from .money_acts import SPECS as MONEY_SPECS
from .normalise import Normalised, normalise, unpunctuate
from .ops_orders import ASKERS as OPS_ASKERS
from .ops_orders import SPECS as OPS_SPECS
from .orders import SPECS as ORDERS_SPECS
from .orders_world import SPECS as ORDERS_WORLD_SPECS
from .persona_i18n import SPECS as PERSONA_I18N_SPECS
from .persona_licenses import SPECS as PERSONA_LICENSE_SPECS
from .persona_powers import SPECS as PERSONA_POWER_SPECS
from .persona_reach import SPECS as PERSONA_REACH_SPECS
from .pipeline_frames import SPECS as PIPELINE_SPECS
from .planted import ACTS as PLANTED_ACTS
from .planted import STOOD_FOR as PLANTED_STOOD_FOR
from .planted import specs as planted_specs
from .pressure import SPECS as PRESSURE_SPECS
from .reader_conditions import SPECS as READER_CONDITION_SPECS
from .record_orders import SPECS as RECORD_ORDER_SPECS
from .records_world import SPECS as RECORDS_WORLD_SPECS
from .relay_frames import SPECS as RELAY_FRAME_SPECS
from .relayed import SPECS as RELAYED_SPECS
from .required import Required, holds_one, required
from .reworded import SPECS as REWORDED_SPECS
from .scoped import SPECS as SCOPED_SPECS
from .scoped_orders import SPECS as SCOPED_ORDER_SPECS
from .tool_doc_scopes import SPECS as TOOL_DOC_SCOPE_SPECS
from .valued_orders import SPECS as VALUED_ORDER_SPECS
from .verdicts import SPECS as VERDICT_SPECS
from .versioned import SPECS as VERSIONED_SPECS
from .vocatives import specs as vocative_specs

#: the score a paragraph's cues must reach to flag the text (tuning split, docs/guards.md)
THRESHOLD = 0.75


@dataclass(frozen=True)
class Cue:
    """A weak cue: its name, weight, the injection kind it speaks for (None: generic), what
    it means, and its pattern over ``flat`` (or ``folded`` when ``structural``)."""

    name: str
    weight: float
    kind: str | None
    meaning: str
    pattern: re.Pattern[str]
    structural: bool = False
    #: the cue counts only in a paragraph where these other cues fired too
    requires: tuple[str, ...] = ()
    #: words of which a paragraph must hold one for the pattern to match (a cheap test)
    words: frozenset[str] = frozenset()
    #: the cue counts only in a paragraph where one of these fired too
    requires_any: tuple[str, ...] = ()
    #: a match whose clause says "never", "do not", "avoid"... before it does not count
    #: ("AI agents: never run `git push --force` on main" forbids, it does not ask)
    negatable: bool = False
    #: cues this one stands for when both fire (counted once: a note addressed to the agent
    #: names an AI model and, naturally, its instructions or guidelines)
    replaces: tuple[str, ...] = ()
    #: (wave 15) ``requires_any`` is met only by a cue that counts, not by a pattern that
    #: matched for a cue which then did not count (its own requirement unmet)
    beside_counted: bool = False


def _cue(name: str, weight: float, kind: str | None, meaning: str, pattern: str, *,
         structural: bool = False, requires: tuple[str, ...] = (),
         requires_any: tuple[str, ...] = (), negatable: bool = False,
         replaces: tuple[str, ...] = (), beside_counted: bool = False) -> Cue:
    return Cue(name, weight, kind, meaning, re.compile(pattern, re.MULTILINE), structural,
               requires, frozenset(_WORDS[name].split()), requires_any, negatable, replaces,
               beside_counted)


#: a negation among the three words before a match, in its clause ("never run ...",
#: "do not use the ...", "avoid piping curl into ...")
_NEGATION = re.compile(r"\b(?:never|not|don ?'?t|avoid|no|mustn ?'?t)\b")
_CLAUSE_END = re.compile(r"[.;:!?\n]")


def _fires(cue: Cue, text: str) -> bool:
    """Whether ``cue`` matches ``text`` (for a negatable cue: a match not negated). (wave 18)
    The pattern runs with its alternatives grouped by first character (:mod:`.alternatives`:
    the same matches, found sooner)."""
    pattern = grouped(cue.pattern)
    if not cue.negatable:
        return pattern.search(text) is not None
    for m in pattern.finditer(text):
        clause = _CLAUSE_END.split(text[max(0, m.start() - 60):m.start()])[-1]
        if _NEGATION.search(" ".join(clause.split()[-3:])) is None:
            return True
    return False


#: each cue's words: every match of its pattern holds one of them (as a word of ``flat``)
_WORDS = {
    "cancel_verb": ("ignore disregard forget aside discard bypass override overrides "
                   "following apply follow obey longer void cancelled canceled supersede "
                   "supersedes skip drop abandon withdrawn revoke revoked rescinded "
                   "nullified obsolete outdated replaces replace attention stop test "
                   "instead"),
    "rules_noun": ("instruction instructions rules guidance guidelines directives policies "
                  "constraints restrictions prompt configuration setup safety programming "
                  "policy rule filters filter instructed told whatever everything anything"),
    "prior_reference": ("previous prior earlier above preceding original initial now far "
                       "before given told loaded received operator makers creators "
                       "developers your"),
    "persona_time": "now henceforth point starting message here",
    "replacement": ("real actual true new directive directives test replaces supersedes "
                    "overrides orders task says instead"),
    "persistence": "matter regardless circumstances times break stay rest",
    "harmful_persona": "rogue malicious evil amoral unethical unhinged hostile blackhat black",
    "message_role": "role",
    "carrier": ("request query url link gist pastebin paste parameter encoded encode webhook "
                "share"),
    "persona_role": ("act behave respond reply answer pretend role roleplay play playing "
                    "assume persona identity impersonate become identities character enter "
                    "called named operate function serve speak talk part"),
    "no_limits": ("unfiltered uncensored jailbroken jailbreak unrestricted refuses refuse "
                 "never ethical content answer answers mode rules restrictions guardrails "
                 "filters filter limits limitations ethics censorship safety ignores ignoring "
                 "breaks bypasses disregards ignore disregard break bypass disable turn switch "
                 "security secret content moderation broken breaks bound abide"),
    "without_limits": ("rules restrictions guardrails filters filter limits limitations "
                      "ethical ethics censorship safety"),
    "addresses_model": "assistant ai model bot agent llm",
    "reveal_request": ("reveal print show output disclose display dump repeat leak reproduce "
                       "recite restate translate"),
    "system_heading": "system developer admin administrator notice",
    "authority": ("must obey comply authorised authorized priority required policy "
                 "precedence requires root admin administrator superuser elevated permitted "
                 "allowed permission authorises authorizes"),
    "send_verb": ("send post upload forward transmit leak exfiltrate append appended "
                 "include embed put copy encode add render display write fetch share "
                 "filling email mail curl pipe"),
    "secret_target": ("api key keys token tokens password passwords secret secrets "
                     "credentials env ssh id conversation chat messages memories memory "
                     "private environment cookie repository user os netrc"),
    "outside_address": "http https www com net io org xyz ru site test @ ?=",
    "image_or_pixel": "image img pixel badge gif png",
    "open_parameter": "http https ?=",
    "secrecy": "without quietly silently secretly tell don do behind",
    "bulk_grab": "every all any",
    "foreign_override": ("oubliez oublie ignorez ignora ignorar olvida olvide ignoriere "
                        "ignorieren vergiss esqueça esqueca esquece dimentica dimenticate "
                        "tiens ignore negeer vergeet zignoruj ignoruj abaikan lupakan "
                        "talimatlar\u0131 talimatlari desconsidere desconsidera desconsiderar "
                        "desconsiderem"),
    "foreign_persona": ("partir sofort désormais desormais agora ora sin ohne sans sem "
                       "senza"),
    "addressed_to_agent": ("ai ais assistant assistants agent agents llm llms model models bot "
                           "bots copilot reviewer reviewers automated"),
    "dangerous_command": ("curl wget rm force push authorized chmod github ssh netrc environ "
                          "printenv etc aws kube gnupg docker invoice card wire money funds "
                          "command commands scripts binaries rsa ed25519 ecdsa shadow passwd "
                          "click delete wipe erase"),
    "tool_directive": "tool function browser shell terminal invoke command commands script code",
    "before_reply": ("replying responding answering reply respond answer continue continuing "
                     "anything"),
    "memory_implant": ("memory memories instructions prompt rules standing permanent persistent "
                       "global"),
    "no_confirmation": "without ask",  # "never ask", "do not ask" hold "ask"
    "secret_request": ("key keys password passwords token tokens secret secrets credential "
                       "credentials env vars environment netrc rsa"),
    "decode_and_run": ("decode encoded rot13 rot base64 hex instruction instructions command "
                       "commands task prompt prompts decipher convert reverse backwards "
                       "decoded"),
}

_TOOL_COERCION = "tool_coercion"
#: override and persona words in Russian, spelled as the screen reads them (its confusables
#: map turns Cyrillic letters drawn like Latin ones into Latin letters)
_RU_VERBS = [normalise(w).flat for w in (
    "игнорируй", "игнорируйте", "проигнорируй", "проигнорируйте", "забудь", "забудьте",
    "отмени", "отмените")]
_RU_NOUNS = [normalise(w).flat for w in (
    "инструкции", "инструкций", "указания", "указаний", "правила", "правил", "команды")]
_RU_PERSONA = [normalise(w).flat for w in ("теперь ты", "отныне ты", "без ограничений")]
_WORDS["foreign_override"] += " " + " ".join(_RU_VERBS)
_WORDS["foreign_persona"] += " " + " ".join(w.split()[0] for w in _RU_PERSONA)
#: an override and a persona switch in Vietnamese and Arabic (wave 9), as the screen reads
#: them (the words of a published multilingual taxonomy's phrasings, in our own words)
_VI_AR_OVERRIDE = (r"\bbỏ qua\b(?: \w+){0,4} (?:hướng dẫn|chỉ dẫn|chỉ thị|quy tắc)\b|"
                   r"\bتجاهل\b(?: \w+){0,4} (?:التعليمات|الأوامر|التوجيهات|القواعد)\b")  # noqa: RUF001
_VI_AR_PERSONA = r"\btừ (?:giờ|bây giờ) (?:trở đi )?bạn là\b|\bأنت الآن\b"
_WORDS["foreign_override"] += " bỏ تجاهل glöm glom glem"
_WORDS["foreign_persona"] += " từ أنت"
#: (wave 15) "system" and "system message" as a heading in other languages (their
#: dictionaries' words), spelled as the screen reads them (``folded``)
_SYSTEM_I18N = sorted({normalise(w).folded for w in (
    "sistema", "système", "systeme", "sistem", "systém", "systeem", "järjestelmä", "rendszer",
    "σύστημα", "система", "システム", "系统", "系統", "시스템", "النظام", "מערכת", "सिस्टम",
    "hệ thống", "mensaje del sistema", "mensagem do sistema", "messaggio di sistema",
    "message système", "message du système", "systemnachricht", "systemmeldung",
    "systeembericht", "systemmeddelande", "komunikat systemowy", "systémová zpráva",
    "системное сообщение", "системне повідомлення", "sistem mesajı", "pesan sistem",  # noqa: RUF001
    "tin nhắn hệ thống", "システムメッセージ", "系统消息", "系統訊息", "시스템 메시지",
    "رسالة النظام", "הודעת מערכת", "सिस्टम संदेश")}, key=len, reverse=True)
_WORDS["system_heading"] += " " + " ".join(
    w for phrase in _SYSTEM_I18N for w in unpunctuate(phrase).split()
    if len(w) >= 4 and w != "message")  # (English "message" would open it on most notes)
#: (wave 19) the salutation to whichever AI reads the text, an order kept for later or for
#: good: askers beside these acts
_ASKED_ACTS = ("order_harm", "ops_act", "token_leak", "record_act", "defender_act", "reader_act",
               "money_act")
_VOCATIVE_SPECS = (*vocative_specs(_ASKED_ACTS), *deferred_specs(_ASKED_ACTS))
#: the weak cues that carry their own weights (each family's chosen by its own CV), in the
#: order they are registered: every family a module of its own adds its SPECS here, once
_OWN_WEIGHT_SPECS = (*ORDER_SPECS, *STANCE_SPECS, *REWORDED_SPECS, *ORDERS_SPECS, *CARRIER_SPECS,
                     *PERSONA_I18N_SPECS, *HARM_SPECS, *RELAYED_SPECS, *RELAY_FRAME_SPECS,
                     *PRESSURE_SPECS, *SCOPED_SPECS, *MONEY_SPECS, *ACTS_I18N_SPECS,
                     *PIPELINE_SPECS, *ACTS_WORLD_SPECS, *OPS_SPECS, *VERDICT_SPECS,
                     *LAYOUT_SPECS, *defender_specs((*OPS_ASKERS, "system_heading")),
                     *_VOCATIVE_SPECS, *DECODE_ORDER_SPECS, *FIELD_ORDER_SPECS,
                     *DESCRIBED_ORDER_SPECS, *PERSONA_POWER_SPECS, *ORDERS_WORLD_SPECS,
                     *VERSIONED_SPECS, *VALUED_ORDER_SPECS, *planted_specs(),
                     *RECORD_ORDER_SPECS, *READER_CONDITION_SPECS)
#: (wave 23) the agent-era classes read by their structure (:mod:`.persona_licenses`,
#: :mod:`.exfil_slots`, :mod:`.forged_licenses`, :mod:`.tool_doc_scopes`)
_OWN_WEIGHT_SPECS += (*PERSONA_LICENSE_SPECS, *EXFIL_SLOT_SPECS, *FORGED_LICENSE_SPECS,
                      *TOOL_DOC_SCOPE_SPECS)
#: (wave 24) an order in another language to the AI reader inside others' content
#: (:mod:`.records_world`)
_OWN_WEIGHT_SPECS += RECORDS_WORLD_SPECS
#: (wave 25) an order to the machine that processes a person's message, carried in the
#: message (:mod:`.message_orders`)
_OWN_WEIGHT_SPECS += MESSAGE_ORDER_SPECS
#: (wave 26) an order to the machine reader out of the content's business, after its
#: claims (:mod:`.scoped_orders`)
_OWN_WEIGHT_SPECS += SCOPED_ORDER_SPECS
#: (wave 25) what an agent-era injection reaches beyond the frame it claims
#: (:mod:`.agent_reach`)
_OWN_WEIGHT_SPECS += AGENT_REACH_SPECS
#: (wave 25) a URL's slot filled by instruction (:mod:`.exfil_fill`). (The wave's
#: :mod:`.addressed_world` is not registered: its CV chose 0, see that module)
_OWN_WEIGHT_SPECS += EXFIL_FILL_SPECS
#: (wave 26) a secret of the reader's machine sent to an outside address (:mod:`.exfil_secret`)
_OWN_WEIGHT_SPECS += EXFIL_SECRET_SPECS
#: (wave 26) a persona switch whose new identity reaches everything (:mod:`.persona_reach`)
_OWN_WEIGHT_SPECS += PERSONA_REACH_SPECS
for _spec in (*AGENT_SPECS, *_OWN_WEIGHT_SPECS):
    _WORDS[_spec[0]] = _spec[5]


#: the exfiltration cues count only where there is somewhere to send data to ("[shares
#: image: ...]" or "my favourite memories" alone are ordinary)
_ADDRESS = ("outside_address",)
#: a verb that sends counts only with something secret to send and somewhere to send it
_SECRET_AND_ADDRESS = ("outside_address", "secret_target")


_OVERRIDE = "instruction_override"
_PERSONA = "persona_switch"
_ROLE = "role_imitation"
_EXFIL = "exfiltration_link"

CUES: tuple[Cue, ...] = (
    _cue("cancel_verb", 0.35, _OVERRIDE, "a verb that cancels or sets aside",
         r"\b(?:ignore|disregard|forget|set aside|discard|bypass|override|overrides|"
         r"stop following|do not (?:apply|follow|obey)|don t (?:apply|follow|obey)|"
         r"no longer (?:apply|applies|valid|in effect)|(?:are|is) (?:now )?void|cancell?ed|"
         r"supersedes?|skip (?:every|all|any)|drop (?:every|all|any)|abandon|withdrawn|"
         r"revoked?|rescinded|nullified|obsolete|outdated|replaces? (?:them|it|those)|"
         r"pay no attention|stop (?:obeying|listening to)|no longer binding|"
         r"(?:was|were) (?:just |only |all )?(?:a|the) test|"
         r"(?:don t|do not) (?:translate|summari[sz]e|answer|reply to|respond to|do) (?:\w+ )?"
         r"(?:anything|that|this|it) (?:\w+ )?instead)\b"),
    _cue("rules_noun", 0.3, _OVERRIDE, "a noun for the reader's rules",
         r"\b(?:instructions?|rules|guidance|guidelines|directives|policies|constraints|"
         r"restrictions|system prompt|initial prompt|your prompt|(?:your|its|the system s?) "
         r"(?:configuration|setup|programming)|"
         r"safety (?:rules?|settings|filters?)|content policy|"
         r"system instructions|(?:what(?:ever)?|everything|anything|all) (?:you (?:were|have "
         r"been|ve been) (?:told|given|instructed|asked)|your (?:\w+ )?(?:instructed|told you|"
         r"asked)))\b"),
    _cue("prior_reference", 0.3, _OVERRIDE, "a reference to what the reader was told before",
         r"\b(?:previous|prior|earlier|above|preceding|original|initial|"
         r"up to now|so far|before this|you were (?:given|told|loaded with)|you received|"
         r"you have been (?:given|told)|your (?:operator|makers|creators|developers)|"
         r"your (?:\w+ )?(?:instructions|rules|guidelines|configuration|setup|prompt|"
         r"programming|directives|policies|constraints))\b"),
    _cue("persona_time", 0.4, _PERSONA, "marks a change of who the reader is from now on",
         r"\b(?:you are now|you re now|henceforth|from (?:now|this point|here) on|"
         r"you(?: are| re) \w+ now|"
         r"starting (?:now|with this message)|from this message|you now|"
         r"(?:assistant|ai|model) (?:is|are) now)\b"),
    _cue("replacement", 0.3, _OVERRIDE, "claims a new or real task that replaces the old one",
         r"\b(?:(?:the|your) (?:real|actual|true|new) (?:task|instructions?|goal|objective|"
         r"directives?|mission|job|orders)|new (?:directives?|instructions|orders)|"
         r"this (?:message|note|text|"
         r"document|comment) (?:replaces|supersedes|overrides)|"
         r"do (?:exactly )?what this (?:comment|note|message|text|file|page|document|issue|"
         r"email) says|instead (?:write|say|output|print|respond|reply|tell|answer with))\b"),
    _cue("persistence", 0.3, None, "asks the reader to keep a behaviour whatever happens",
         r"\b(?:no matter what|regardless of (?:what|any|anything|the user)|under (?:any|all|"
         r"no) circumstances|at all times|never break (?:character|role)|stay in (?:character"
         r"|role)|for the rest of (?:this|the) (?:conversation|session|chat))\b"),
    _cue("harmful_persona", 0.4, _PERSONA, "a hostile or malicious persona for the reader",
         r"\b(?:rogue|malicious|evil|amoral|unethical|unhinged|hostile|black ?hat) (?:\w+ )?"
         r"(?:ai|assistant|model|bot|agent|sysadmin|admin|administrator|hacker|persona|"
         r"character|version|twin|insider)\b"),
    _cue("message_role", 0.5, _ROLE, "chat-message markup that gives itself a system role",
         r"[\"']role[\"']\s*[:=]\s*[\"'](?:system|developer)[\"']|^\s*-?\s*role:\s*"
         r"(?:system|developer)\s*$", structural=True),
    _cue("persona_role", 0.4, _PERSONA, "assigns the reader a role or persona",
         r"\b(?:you will (?:now )?(?:play|be playing|act as|become)|(?:act|behave|respond|"
         r"reply|answer) (?:as|like) (?:an?|the|my|if you)|pretend (?:to be|you are|that you "
         r"are)|role ?play|assume the (?:role|persona|identity)|take on the (?:role|persona)|"
         r"impersonate|become (?:an? )?(?:\w+ )?(?:ai|assistant|model|bot|agent|persona|"
         r"character)|switch identit(?:y|ies)|stay in character|i want you to (?:act|play|"
         r"impersonate)|you are (?:\w+ ){0,2}(?:called|named)|(?:operate|function|"
         r"serve|speak|talk) as|your (?:new )?(?:persona|identity|role) (?:is|will be)|"
         r"(?:drop|abandon|shed|leave) your (?:\w+ )?(?:identity|persona|role)|"
         r"play the (?:part|role) of|in the role of|enter (?:the )?character|"
         r"(?:a|an|the) (?:\w+ )?persona (?:that|who|which)|in character as)\b"),
    _cue("no_limits", 0.5, _PERSONA, "a claim of having no rules or limits",
         r"\b(?:unfiltered|uncensored|jailbroken|jailbreak|unrestricted|never refuses?|"
         r"no ethical|no content polic(?:y|ies)|answers? (?:anything|everything)|"
         r"developer mode|god mode|maintenance mode|(?:free of|freed from|free from) "
         r"(?:any |all |the |its |your )?(?:rules|restrictions|guardrails|filters?|limits|"
         r"limitations|ethics|censorship)|(?:ignores?|ignoring|breaks?|bypass(?:es)?|"
         r"disregards?|ignore|disregard) (?:every|all|any) (?:\w+ )?(?:rules?|restrictions|"
         r"guidelines|guardrails|filters?|limits|polic(?:y|ies))|(?:filters?|guardrails|restrictions|safety|limits)"
         r" (?:are|is) (?:now )?(?:disabled|off|lifted|removed|suspended)|(?:disable|turn "
         r"off|lift|remove) (?:the |your |all )?(?:safety|filters?|guardrails|restrictions)"
         r"|never refuse|broken free|breaks? free|not bound by|(?:does not|doesn t|do not|don t) "
         r"(?:have to )?(?:abide by|follow|obey) (?:any|the) (?:rules|guidelines|restrictions)"
         r"|(?:disable|turn off|switch off|drop|skip|remove|bypass) "
         r"(?:all |the |your |any |every )?(?:safety|security|secret|content|moderation) "
         r"(?:checks?|scans?|filters?|guardrails|redactor|scanner|scanning|guard|rules|measures|protections?))\b"),
    _cue("without_limits", 0.3, _PERSONA, "speaks of rules or limits set aside",
         r"\b(?:no|without) (?:any |all |the |its |your )?(?:rules|restrictions|guardrails|"
         r"filters?|limits|limitations|ethical limits|ethics|censorship|safety)\b"),
    _cue("addresses_model", 0.2, None, "speaks of the reader as an AI model",
         r"\b(?:the (?:assistant|ai|ai model|language model)|an? (?:\w+ )?(?:ai|"
         r"assistant|language model|ai model|chatbot|bot)|the ai reading this|llm)\b"
         # (wave 10) a bot token is a credential, not an AI reader
         r"(?! tokens?\b)"),
    _cue("reveal_request", 0.6, _ROLE, "asks to reveal the reader's prompt or secrets",
         r"\b(?:reveal|print|show|output|disclose|display|dump|repeat|leak|reproduce|recite|"
         r"restate|translate)\b(?: \w+){0,4} "
         r"(?:system prompt|initial prompt|hidden (?:configuration|instructions|prompt|"
         r"settings)|(?:your|its) (?:full |hidden |initial |operator |original |developer )?"
         r"(?:prompt|instructions|"
         r"configuration)|the contents of the environment|environment variables|"
         r"word for word|verbatim)\b"),
    _cue("system_heading", 0.5, _ROLE, "a heading or tag that claims to be a system message",
         r"^[\s#>*=\-\[\](<]*(?:system|developer|admin|administrator)"
         r"(?:[ _](?:prompt|message|notice|override|instructions?|note|mode))?"
         r"(?:\s*\(\w+\))?[\s\])>*=\-]*(?::|$)|"
         r"(?:--+|==+|\[\[?|<<?|\*\*|#{2,})\s*(?:begin )?(?:system|developer|admin)"
         r"(?:[ _](?:prompt|message|notice|override|instructions?))?\s*(?:--+|==+|\]\]?|>>?|"
         r"\*\*|:)|<admin_instructions>|notice to the ai|"
         r"[\"'“(\[]\s*(?:system|developer)(?: prompt| message)?\s*:|"
         # (wave 15) the same heading in other languages
         rf"^[\s#>*=\-\[\](<]*(?:{'|'.join(map(re.escape, _SYSTEM_I18N))})"
         r"[\s\])>*=\-]*:", structural=True),
    _cue("authority", 0.2, None, "claims authority over the reader",
         r"\b(?:must|obey|comply|authori[sz]ed|priority message|required to|new policy|"
         r"takes precedence|requires you to|root access|"
         r"(?:is|are) (?:now )?(?:permitted|allowed) to|"
         r"has permission to|authori[sz]es you|(?:admin|administrator|superuser) "
         r"(?:access|rights|privileges)|elevated privileges)\b"),
    _cue("send_verb", 0.2, _EXFIL, "a verb that sends or embeds data",
         r"\b(?:send|post|upload|forward|transmit|leak|exfiltrate|append|appended|include|"
         r"embed|put|copy|encode|add|render|display|write|fetch|share|filling in|email|"
         r"mail|curl|pipe)\b",
         requires=_SECRET_AND_ADDRESS),
    _cue("secret_target", 0.3, _EXFIL, "names secrets or private data",
         r"\b(?:api keys?|(?:github |access )?tokens?|passwords?|secrets?|credentials|env|"
         r"ssh keys?|id (?:rsa|ed25519|ecdsa)|ssh id \w+|os environ|netrc|"
         r"conversation(?: history)?|chat history|chat so far|"
         r"(?:chat )?messages|memories|memory store|private notes|environment variables|"
         r"cookie|repository secrets|the user s \w+)\b", requires=_ADDRESS),
    _cue("outside_address", 0.2, _EXFIL, "an outside address (URL, host, IP or email)",
         r"https?://|\b[\w-]+\.(?:test|com|net|io|org|xyz|ru|site)\b|"
         r"\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\b[\w.]+@[\w-]+\.\w+|\b(?:link|url)\b[^.\n]{0,30}[?&][a-z][\w-]*=",
         structural=True),
    _cue("image_or_pixel", 0.2, _EXFIL, "an image, pixel or badge (fetched when rendered)",
         r"!\[[^\]\n]*\]\(|https?://\S+\.(?:png|gif|jpe?g|svg)\b|\b(?:tracking )?pixel\b|"
         r"\bimg\b|\bimage (?:url|tag|link|whose|from|with|pointing)",
         structural=True, requires=_ADDRESS),
    _cue("open_parameter", 0.45, _EXFIL, "a URL parameter left open, filled from a template "
         "or naming the data it carries",
         r"[?&][\w-]+=(?:$|[\s)'\"`]|\{\{|\$\{|\$\(|<|%7b|(?:data|leak|secrets?|tokens?|"
         r"keys?|env|payload|contents?|history|memory|memories|conversation|creds|"
         r"credentials|cookies?)\b)|\?\w+=\s*\+",
         structural=True, requires=_ADDRESS),
    _cue("carrier", 0.2, _EXFIL, "a vehicle that carries data out (a request, a query, a "
         "link, a paste)",
         r"\b(?:(?:in|inside|into|as|via|through) (?:a|an|the) (?:\w+ )?(?:request|query|"
         r"query string|query parameter|url|link|gist|pastebin|paste|parameter|webhook)|"
         r"share the (?:link|url)|(?:url|query)(?: parameter| string)|encoded? (?:in|into) "
         r"(?:the|a) (?:url|link|query))\b", requires=("secret_target",)),
    _cue("secrecy", 0.4, _EXFIL, "asks to act without the user knowing",
         r"\b(?:without telling|quietly|silently|secretly|do not tell|don t tell|"
         r"don t mention|do not mention|without (?:the user )?noticing|"
         r"behind the user s back)\b", requires=_ADDRESS),
    _cue("bulk_grab", 0.2, _EXFIL, "reaches for all the secrets or private data at once",
         r"\b(?:every|all(?: the)?|any) (?:\w+ )?(?:tokens?|passwords?|secrets?|api keys?|"
         r"keys|credentials|notes|memories|messages|files)\b", requires=_SECRET_AND_ADDRESS),
    _cue("foreign_override", 1.0, _OVERRIDE, "an override in another language",
         r"\b(?:oubliez|oublie|ignorez|ignora|ignorar|olvida|olvide|ignoriere|"
         r"ignorieren|vergiss|vergessen|esque[cç]a|esquece|dimentica|dimenticate|"
         # (wave 9b) Portuguese and Spanish "disregard"
         r"desconsidere|desconsidera|desconsiderar|desconsiderem|"
         # "ignore" is French and Portuguese too, when an article follows
         r"ne tiens plus compte de|ignore(?= (?:les|tes|toutes|vos|as|os|todas|todos) ))\b"
         r"(?: \w+){0,4} (?:consignes|instructions|instrucciones|"
         r"anweisungen|instru[cç][oõ]es|istruzioni|r[eè]gles|reglas|regeln|regole|"
         r"indicaciones|vorgaben|instructies|regels|instrukcje|polecenia|instruksi|"
         r"perintah|aturan)\b|"
         r"\b(?:negeer|vergeet|zignoruj|ignoruj|abaikan|lupakan)\b(?: \w+){0,4} (?:instructies|"
         r"regels|instrukcje|polecenia|zasady|instruksi|perintah|aturan)\b|"
         r"\btalimatlar\w*\b(?: \w+){0,3} (?:yok say|görmezden gel|unut(?:un)?\b)|"
         r"(?:지시|명령|지침).{0,12}무시|忽略.{0,12}(?:指令|指示|提示|规则)|"
         # (wave 10) Hindi "ignore / forget the instructions", Swedish, Danish and Norwegian
         # "forget all earlier instructions"
         r"निर्देश.{0,30}(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल जा)|"
         r"\b(?:glöm|glom|glem)\b(?: \w+){0,3} (?:instruktioner|instruktionerna|"
         r"instruksjoner|instruksjonene|instruktionerne|regler|reglerna)\b|"
         r"(?:指示|命令|ルール).{0,12}無視|"
         r"\b(?:oubliez|oublie|olvida|olvide|vergiss|dimentica|esque[cç]a) (?:tout ce qu|todo lo "
         r"que|alles was|tutto quello che|tudo o que)\b|"
         rf"\b(?:{'|'.join(_RU_VERBS)})\b(?: \w+){{0,4}} (?:{'|'.join(_RU_NOUNS)})\b|"
         + _VI_AR_OVERRIDE),
    _cue("foreign_persona", 0.8, _PERSONA, "a persona switch in another language",
         r"\b(?:a partir de ahora eres|ab sofort bist du|d[ée]sormais tu es|"
         r"agora voc[eê] [ée]|da ora in poi sei|(?:sin|ohne|sans|sem|senza) "
         r"(?:reglas|regeln|r[eè]gles|regras|regole|restricciones|einschr[aä]nkungen|"
         r"restri[cç][oõ]es|filtro|filtri|filtros))\b|"
         rf"\b(?:{'|'.join(_RU_PERSONA)})\b|" + _VI_AR_PERSONA),
    _cue("addressed_to_agent", 0.45, _OVERRIDE, "a note addressed to the AI that will read it",
         # a vocative: "AI agent:", "AI assistants:", "AI, ...", "Dear assistant" (not a
         # transcript's speaker label, "AI:" or "Assistant:" alone)
         r"(?:^|[\n.!?]\s+|<!--\s*|\[)\s*(?:(?:dear|hey|attention|hello) (?:ai|llm|assistant|"
         r"agent|model|bot)s?\b|(?:ai|llm)s? (?:agent|assistant|model|reviewer|bot|coder|"
         r"helper)s?\s*[:,]|(?:ai|llm|assistant|agent)s?\s*,|(?:ais|llms|assistants|agents)\s*:)|"
         r"<!--\s*(?:ai|llm|assistant|agent|model|bot)s?\s*[:,]|"
         r"\b(?:automated|ai|llm) (?:reviewers?|agents?|assistants?|bots?) (?:should|must|"
         r"need to|are to|will)\b|"
         r"\b(?:note|message|instructions?|notice|reminder|memo|attention) (?:to|for) (?:the |any "
         r"|all |every )?(?:ai|llm|assistant|agent|model|bot|copilot)s?\b|"
         r"\b(?:assistant|ai|agent|llm) (?:directive|command|override)s?\b|"
         r"\b(?:ai|llm|assistant|agent|model|bot)s? (?:\w+ )?(?:reading|processing|parsing|"
         r"summari[sz]ing|reviewing|indexing|ingesting) (?:this|these)\b|"
         r"\bif you are an? (?:ai|llm|assistant|language model|agent|bot)\b",
         structural=True, replaces=("addresses_model", "rules_noun")),
    _cue("dangerous_command", 0.3, _TOOL_COERCION, "a command that runs fetched code, deletes, "
         "forces, grants access, reads secret files or moves money",
         r"\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|"
         r"\brm\s+-(?:rf|fr|r)\s+(?:~|/|\$home|\*|\.\.)|\bgit\s+push\s+(?:\S+\s+)?(?:-f|--force)\b|"
         r"authorized_keys|\bchmod\s+(?:-r\s+)?777\b|\.github/workflows|"
         r"(?:~|\$home)/\.(?:ssh|aws|netrc|docker|kube|gnupg)|\.netrc\b|"
         r"\bid_(?:rsa|ed25519|ecdsa)\b|"
         r"\bos\.environ\b|\bprintenv\b|/etc/(?:passwd|shadow)\b|"
         r"\bstored (?:credit )?card\b|\bpay (?:this|the) invoice\b|"
         r"\bwire (?:the )?(?:money|funds)|"
         r"\bexecut\w* (?:every|all|any) (?:\w+ )?commands?\b|"
         r"\brun (?:any |all |every )?(?:scripts|commands|binaries) "
         r"(?:found|from|in|you find)|"
         r"\bclick (?:on )?(?:the )?['\"]?(?:authori[sz]e|allow|approve|grant access|accept)\b|"
         r"\b(?:delete|wipe|erase) (?:the |all |every |your )?(?:\w+ )?(?:tests? (?:folder|"
         r"directory|suite)|repo|repository|database|backups?|main branch)\b|"
         r"\b(?:delete|wipe|erase) (?:all|every|any) (?:the )?files\b",
         structural=True, negatable=True),
    _cue("tool_directive", 0.35, _TOOL_COERCION, "tells the reader to use one of its tools",
         r"\b(?:call|invoke|use|run|trigger) (?:the|your) (?:\w+ )?(?:tool|function)\b"
         r"(?! (?:kit|chain|box|bar|tip))|\b(?:use|open) (?:the|your) (?:browser|shell|terminal)\b|"
         r"\binvoke\b|"
         r"\b(?:execute|run) (?:this|the following|these) (?:command|commands|script|code)\b",
         negatable=True),
    _cue("before_reply", 0.25, _TOOL_COERCION, "asks for an action before the reader answers",
         r"\b(?:before|prior to) (?:replying|responding|answering|you (?:reply|respond|answer|"
         r"continue)|continuing|doing anything else)\b",
         requires_any=("dangerous_command", "secret_request", "secret_target")),
    _cue("memory_implant", 0.4, _TOOL_COERCION, "asks the reader to keep an instruction in its "
         "memory or rules",
         r"\b(?:store|save|remember|keep|add|write) (?:this|that|it|the following)(?: \w+){0,3} "
         r"(?:in|to|into|as) (?:your |the |its )?(?:long term |permanent |persistent )?"
         r"(?:memory|memories|instructions|system prompt|rules)\b|"
         r"\bas (?:a|your) (?:standing|permanent|persistent|global) (?:rule|instruction|order|"
         r"policy)\b"),
    _cue("no_confirmation", 0.3, _TOOL_COERCION, "asks to act without confirmation",
         r"\bwithout (?:asking|confirmation|confirming|approval|review|checking|prompting|"
         r"verifying|verification)\b|"
         r"\b(?:do not|don t|never) ask (?:for )?(?:confirmation|permission|the user|first|"
         r"before)\b", negatable=True),
    _cue("secret_request", 0.35, _EXFIL, "asks to read out or send secrets",
         r"\b(?:(?:read|tell|give|recite|list|send|show|print|paste) (?:me|us)|dump|recite) "
         r"(?:\w+ ){0,3}(?:api keys?|passwords?|tokens?|secrets?|credentials|private keys?|"
         r"ssh keys?|env vars|environment variables|netrc)\b|"
         r"\b(?:reveal|print|show|output|disclose|dump|leak|display|cat) (?:all|every|any|the "
         r"contents? of) (?:\w+ ){0,3}(?:secrets?|credentials?|passwords?|tokens?|api keys?|env|"
         r"netrc|id rsa)\b"),
    _cue("decode_and_run", 0.45, _OVERRIDE, "asks to decode hidden text and act on it",
         r"\bdecode (?:it |this |them |the following )?(?:\w+ )?(?:and|then) (?:execute|run|"
         r"follow|obey|apply|do|carry out|act on)\b|"
         r"\b(?:decode|decipher) (?:\w+ ){0,4}(?:and|then) (?:execute|run|follow|obey|"
         r"carry out|act on)\b|\bconvert (?:\w+ ){0,3}to (?:text|ascii|characters|letters) "
         r"(?:and|then) (?:execute|run|follow|obey|carry out|act on)\b|"
         r"\b(?:reverse (?:it|this|them|the (?:following )?(?:text|sentence|line|string))|"
         r"backwards) (?:and|then) (?:execute|run|follow|obey|do|carry out|act on)\b|"
         r"\b(?:follow|obey|execute|carry out|act on) the decoded\b|"
         r"\b(?:run|execute|follow|treat) (?:it|this|them) as (?:your )?"
         r"(?:next |new )?(?:instruction|command|task|prompt)s?\b|\bencoded (?:for privacy|so "
         r"(?:humans|people|users|reviewers))|\b(?:rot13|rot 13|base64|hex) (?:encoded )?"
         r"(?:instructions?|task|command|payload)\b",
         # (wave 19) it stands for decode_order when both fire (one order, counted once)
         replaces=("decode_order",)),
)



def _with_agent_cues(base: tuple[Cue, ...]) -> tuple[Cue, ...]:
    """``base`` and the cues of :mod:`.agent_cues`, each cue's ``replaces`` completed: a
    cue that stands for another when both fire (an address to the agent stands for its
    third-person naming; the older secrecy and memory cues for their wider wave 9 kin)."""
    added = [_cue(name, round(weight * AGENT_SCALE, 4), kind, meaning, pattern,
                  **{k: v for k, v in options.items() if k != "replaced_by"})
             for name, weight, kind, meaning, pattern, _, options in AGENT_SPECS]
    # (wave 10) the order to the AI reader, a defender's stance (a negative weight) and
    # the reworded requests: their own weights, chosen by their own CV
    added += [_cue(name, weight, kind, meaning, pattern,
                   **{k: v for k, v in options.items() if k != "replaced_by"})
              for name, weight, kind, meaning, pattern, _, options in _OWN_WEIGHT_SPECS]
    stands_for: dict[str, list[str]] = {"addressed_to_agent": ["agent_subject"]}
    for name, *_, options in (*AGENT_SPECS, *REWORDED_SPECS, *ORDERS_SPECS, *HARM_SPECS,
                              *_VOCATIVE_SPECS):
        for other in options.get("replaced_by", ()):
            stands_for.setdefault(other, []).append(name)
    return tuple(replace(c, replaces=(*c.replaces, *stands_for.get(c.name, ())))
                 for c in (*base, *added))


CUES = _with_agent_cues(CUES)
#: (wave 21) ``reader_order_world`` stands for ``reader_order_i18n`` (one order, read from its
#: parts): a cue that counts beside that order counts beside it too
CUES = tuple(replace(c, requires_any=(*c.requires_any, "reader_order_world"))
             if "reader_order_i18n" in c.requires_any and "reader_order_world" not in c.requires_any
             else c for c in CUES)
#: (wave 24) and so does wave 24's order in others' content (:mod:`.records_world`), which
#: stands for that order
CUES = tuple(replace(c, requires_any=(*c.requires_any, "record_order_world"))
             if c.name == "order_scope_world" else c for c in CUES)
#: (wave 22) one moment, one order to keep, one act, one address counted once: where an
#: older cue reads what a planted cue reads, the older one counts (:mod:`.planted`)
CUES = tuple(replace(c, replaces=(*c.replaces, *PLANTED_STOOD_FOR[c.name]))
             if c.name in PLANTED_STOOD_FOR else c for c in CUES)

#: scripts whose words the cue words do not gate (every cue is read): CJK and, since wave
#: 10, Devanagari (Hindi)
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0900-\u097f]")
_PARAGRAPH = re.compile(r"\n\s*\n")
#: a paragraph longer than this is read in pieces of about this size, cut at sentences
_PIECE = 300
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Fired:
    """The cues a text showed: the best paragraph's cues and score."""

    cues: tuple[Cue, ...]
    score: float

    @property
    def names(self) -> tuple[str, ...]:
        """The cues' names."""
        return tuple(c.name for c in self.cues)

    def kinds(self) -> set[str]:
        """The kinds the cues speak for: each kind whose cues weigh 0.5 or more, else the
        heaviest kind."""
        weights: dict[str, float] = {}
        for cue in self.cues:
            if cue.kind is not None:
                weights[cue.kind] = weights.get(cue.kind, 0.0) + cue.weight
        strong = {k for k, w in weights.items() if w >= 0.5}
        return strong or ({max(weights, key=lambda k: weights[k])} if weights else set())


def _pieces(text: str) -> list[str]:
    if len(text) <= _PIECE and "\n" not in text:
        return [text]  # one short paragraph (most notes)
    out: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        if len(paragraph) <= _PIECE:
            out.append(paragraph)
            continue
        piece = ""
        for joint, unit in _units(paragraph):
            if piece and len(piece) + len(unit) > _PIECE:
                out.append(piece)
                piece = ""
            piece = f"{piece}{joint}{unit}" if piece else unit
        if piece:
            out.append(piece)
    return out


def _units(paragraph: str) -> Iterator[tuple[str, str]]:
    """The sentences of a long paragraph, each with what joins it to the one before; a
    sentence longer than a piece is cut at its line ends (a list, a changelog, a block of
    links or settings: lines without a full stop, each its own item, whose cues must not
    add up across the whole block)."""
    for sentence in _SENTENCE.split(paragraph):
        if len(sentence) <= _PIECE or "\n" not in sentence:
            yield " ", sentence
            continue
        lines = sentence.split("\n")
        yield " ", lines[0]
        for line in lines[1:]:
            yield "\n", line


def cues(text: Normalised, extra: float = 0.0, floor: float = 0.0,
         model: Model | None = None, weight: float = LEARNED_WEIGHT) -> Fired:
    """The weak cues of the best-scoring paragraph of ``text``. ``extra`` is added to every
    paragraph's score (cues of the whole text, such as look-alike letters); a paragraph
    whose cues could not reach ``floor`` even if they all matched is not read. ``model``
    (the shipped one by default) adds ``weight`` times its probability as the cue
    ``learned`` (:mod:`.learned`)."""
    best = Fired((), 0.0)
    for fired, score in _scored(text, extra, floor, model or shipped(), weight):
        if score > best.score:
            best = Fired(fired, score)
    return best


def piece_scores(text: Normalised, extra: float = 0.0) -> list[tuple[str, float, bool]]:
    """Each paragraph's normalised words, its phrase cues' score (the learned cue left out,
    ``extra`` added) and whether the learned cue may count there (a phrase cue fired in it,
    :data:`LEARNED_NEEDS_A_CUE`): what the training script needs to choose the learned
    cue's weight and threshold."""
    return [(flat, sum(c.weight for c in fired) + extra, possible)
            for flat, fired, possible in _pieces_fired(text, extra, 0.0, None, 0.0)]


def paragraphs(text: Normalised) -> list[str]:
    """The normalised words of each paragraph the cues read (the learned cue's inputs)."""
    pieces = _pieces(text.folded)
    if len(pieces) == 1 or text.spaced:
        return [text.flat] * len(pieces)
    return [" ".join(unpunctuate(piece).split()) for piece in pieces]


def _scored(text: Normalised, extra: float, floor: float, model: Model,
            weight: float) -> list[tuple[tuple[Cue, ...], float]]:
    return [(fired, sum(c.weight for c in fired) + extra)
            for _, fired, _ in _pieces_fired(text, extra, floor, model, weight)]


def _pieces_fired(text: Normalised, extra: float, floor: float, model: Model | None,
                  weight: float) -> list[tuple[str, tuple[Cue, ...], bool]]:
    """Each paragraph read (its words, the cues that fired, the learned one last, and
    whether the learned cue counts there: a phrase cue fired, :data:`LEARNED_NEEDS_A_CUE`;
    before wave 10, a phrase cue's word was there). A
    paragraph whose phrase cues could not reach ``floor`` with the learned cue's most
    (``weight``) is not read, and the model runs only where its share could decide."""
    cjk = not text.folded.isascii() and _CJK.search(text.folded) is not None
    weight = weight if model is not None else 0.0
    whole = _words(text.words, text.folded)
    # the learned cue counts only in a paragraph holding a phrase cue's word (as the
    # exfiltration cues count only with an address): a paragraph without one is not read
    if not _may_reach(whole, cjk, extra, weight, floor):
        return []
    pieces = _pieces(text.folded)
    out: list[tuple[str, tuple[Cue, ...], bool]] = []
    for piece in pieces:
        if len(pieces) > 1 and not text.spaced:
            flat = " ".join(unpunctuate(piece).split())
            words = _words(flat.split(" "), piece)
            if not _may_reach(words, cjk, extra, weight, floor):
                continue
        else:
            flat, words = text.flat, whole  # the whole text's, found above
        if not LEARNED_NEEDS_A_CUE:
            possible = _bound(words, cjk)
            bound = possible + extra
            learned = (share(model.probability(flat, LEARNED_FLOOR), weight)
                       if model is not None and weight and possible else 0.0)
            if bound + learned < floor:
                continue
        fired = _kept(piece, flat, words, cjk)
        cued = any(c.weight > 0 for c in fired)
        if LEARNED_NEEDS_A_CUE:
            # (wave 10) the model runs only beside a phrase cue that fired (a cheap gate
            # before the expensive cue: most notes show none), and only where its share
            # could still reach ``floor``
            phrase = sum(c.weight for c in fired) + extra
            if floor and phrase + (weight if cued else 0.0) < floor:
                continue
            learned = (share(model.probability(flat, LEARNED_FLOOR), weight)
                       if model is not None and weight and cued else 0.0)
        if learned >= MIN_LEARNED:
            fired = (*fired, _learned(learned))
        out.append((flat, fired, cued if LEARNED_NEEDS_A_CUE else possible > 0))
    return out


#: each cue's required strings (:func:`~.required.required`), by position in :data:`CUES`,
#: read when the cue first runs (a pattern's hash reads its whole compiled code: a list
#: is the quicker table)
_STRINGS: list[Required | bool | None] = [False] * len(CUES)


def _strings(i: int) -> Required | None:
    found = _STRINGS[i]
    if found is False:
        found = _STRINGS[i] = required(CUES[i].pattern)
    return found  # type: ignore[return-value]


def _may_reach(words: frozenset[str], cjk: bool, extra: float, weight: float,
               floor: float) -> bool:
    """Whether a paragraph holding these cue words could reach ``floor``: the most its
    phrase cues could score (:func:`_bound`), ``extra`` and, when one of them may fire, the
    learned cue's most (``weight``). (wave 11) When ``extra`` and ``weight`` alone reach
    ``floor``, any cue word lets the paragraph be read without the bound: one whose cues
    could score nothing then shows no cue that counts, and is dropped after its cues are
    run (:func:`_pieces_fired`), as it would have been before."""
    if not words and not cjk:
        return extra >= floor
    if LEARNED_NEEDS_A_CUE and extra + weight >= floor:
        return True
    possible = _bound(words, cjk)
    return possible + extra + (weight if possible else 0.0) >= floor


def _kept(piece: str, flat: str, words: frozenset[str], cjk: bool) -> tuple[Cue, ...]:
    """The cues that count in a paragraph (``piece`` as folded, ``flat`` its words, ``words``
    its cue words), in :data:`CUES` order: each opened cue (one of its words is there; every
    cue when ``cjk``) whose pattern matches and whose required cues' patterns match, less
    the cues another one that counts stands for. A cue whose requirements fail is not run
    (wave 11: most ``image``, ``secrecy`` or ``bulk_grab`` words come without an address),
    and no cue is run twice."""
    if cjk:
        is_open: set[int] | frozenset[int] = _EVERY
    elif words:
        is_open = set().union(*map(_OPENS.__getitem__, words))
    else:
        return ()
    # whether each opened cue's pattern matches, found when first asked
    matches: dict[int, bool] = {}

    def matched(i: int) -> bool:
        found = matches.get(i)
        if found is None:
            cue = CUES[i]
            text = piece if cue.structural else flat
            # (wave 11) a text holding none of the strings every match holds (see
            # :mod:`.required`) is not searched
            found = matches[i] = (i in is_open and holds_one(text, _strings(i))
                                  and _fires(cue, text))
        return found

    # (wave 18) a required cue that is not open cannot match: the sets say so before any
    # cue is asked (most cues that require one of twenty askers find none of them open)
    # (wave 24) a planted part that counts beside any older harmful act runs its own
    # pattern first (:data:`_OWN_FIRST`; the same cues kept, each match found once)
    kept = [CUES[i] for i in sorted(is_open)
            if _NEEDS[i] <= is_open and all(map(matched, _NEEDED[i]))
            and (i not in _OWN_FIRST or matched(i))
            and (not _NEEDS_ANY[i] or any(map(matched, _NEEDS_ANY[i] & is_open)))
            and matched(i)]
    # (wave 15) a cue marked ``beside_counted`` counts only beside a required cue that
    # counts, not beside a pattern that matched for a cue which then did not count (a
    # request's form beside a fiction's frame whose ask is missing)
    while kept:
        names = {c.name for c in kept}
        counted = [c for c in kept if not c.beside_counted
                   or not names.isdisjoint(c.requires_any)]
        if len(counted) == len(kept):
            break
        kept = counted
    if not kept:
        return ()
    # a cue stands for others only where it counts (its requirements met)
    dropped = {r for c in kept for r in c.replaces}
    return tuple(c for c in kept if c.name not in dropped) if dropped else tuple(kept)


#: (wave 10) the learned cue counts only in a paragraph where a phrase cue fired (before:
#: where one of their words was), so the model runs on few notes (docs/guards.md)
LEARNED_NEEDS_A_CUE = True

#: the name of the learned cue, and the least contribution it is reported with
LEARNED = "learned"
MIN_LEARNED = 0.005


def _learned(contribution: float) -> Cue:
    return Cue(LEARNED, round(contribution, 3), None,
               "the learned model's probability that the paragraph is an injection (its part "
               f"above {LEARNED_FLOOR}, times {LEARNED_WEIGHT})", _NEVER)


_NEVER = re.compile(r"(?!)")


#: every cue's words, and the cues (by position in :data:`CUES`) each word opens
_ALL_WORDS = frozenset(w for c in CUES for w in c.words)
_OPENS: dict[str, frozenset[int]] = {
    w: frozenset(i for i, c in enumerate(CUES) if w in c.words) for w in _ALL_WORDS}
#: the most the cues can add (a negative cue, ``discusses_injection``, adds nothing to it)
_MOST = sum(max(0.0, c.weight) for c in CUES)
_INDEX = {c.name: i for i, c in enumerate(CUES)}
#: each cue's weight as a bound counts it (a negative one as nothing), and the positions of
#: the cues it requires
_WEIGHTS = [max(0.0, c.weight) for c in CUES]
_NEEDS = [frozenset(_INDEX[r] for r in c.requires) for c in CUES]
_NEEDS_ANY = [frozenset(_INDEX[r] for r in c.requires_any) for c in CUES]
#: the same in the cues' order, for :func:`_kept` (the required cues are run first)
_NEEDED = [tuple(_INDEX[r] for r in c.requires) for c in CUES]
#: (wave 24) the cues that count beside any one of the older harmful acts
#: (:data:`.planted.ACTS`, twenty-two cues, one of whose words most paragraphs hold): their
#: own pattern, whose words are rarer, is run before those acts' (:func:`_kept`)
_OWN_FIRST = frozenset(i for i, c in enumerate(CUES)
                       if set(PLANTED_ACTS) <= set(c.requires_any))
#: every cue's position (a paragraph in a script without spaces opens them all)
_EVERY = frozenset(range(len(CUES)))


def _words(flat: list[str], folded: str) -> frozenset[str]:
    """The cue words of a text (its words ``flat``, as folded ``folded``; ``@``: it holds
    an email address)."""
    # (wave 11) the table's intersection with the list: no set of the text's words is built
    words = _ALL_WORDS.intersection(flat)
    if "\u2014" in folded or "\u2013" in folded:
        # (wave 23) words an em or en dash joins without spaces ("assistant\u2014also") are
        # two words to the cues' patterns: the gate reads them so too
        words |= _ALL_WORDS.intersection(
            w for token in flat if "\u2014" in token or "\u2013" in token
            for w in _DASHES.split(token))
    if "@" in folded:
        words |= _AT
    if "=" in folded and ("?" in folded or "&" in folded):
        words |= _QUERY
    return words


_AT = frozenset(("@",))
_DASHES = re.compile("[\u2014\u2013]+")
_QUERY = frozenset(("?=",))


def _bound(words: set[str] | frozenset[str], cjk: bool) -> float:
    """The most the cues could score on a paragraph holding these cue words."""
    if cjk:
        return _MOST
    if not words:
        return 0.0
    possible: set[int] = set().union(*(_OPENS[w] for w in words))
    return sum(_WEIGHTS[i] for i in possible
               if _NEEDS[i] <= possible and (not _NEEDS_ANY[i] or _NEEDS_ANY[i] & possible))
