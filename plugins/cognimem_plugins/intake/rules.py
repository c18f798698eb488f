"""The facts worth keeping in a transcript, found without an LLM: decisions, preferences,
commitments, exact values, file paths, commands, errors and their fixes, people and
ownership (memory-v2's auto-extraction categories), and personal facts a user states."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from . import structure
from .structure import Place
from .transcript import Transcript

#: Kinds of facts and the cues that mark a sentence as one (first match wins, in order).
CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("decision", re.compile(
        r"\b(we|i|let'?s|team)\b.{0,40}\b(decided|decide|agreed|chose|choose|going with|"
        r"will use|'ll use|settled on|switch(ed)? to|standardi[sz]e on)\b|\bdecision\b", re.I)),
    ("preference", re.compile(
        r"\b(i|we)\s+(prefer|like|want|hate|dislike)\b|\b(always|never)\s+(use|run|do|put|"
        r"write|commit|push)\b|\bplease (always|never|don'?t)\b", re.I)),
    ("commitment", re.compile(
        r"\b(i|we)('ll| will| shall| need to| must| have to)\b|\b(todo|fixme|by (monday|"
        r"tuesday|wednesday|thursday|friday|tomorrow|eod|next week))\b|\bremember to\b", re.I)),
    ("error", re.compile(
        r"\b(error|exception|traceback|failed|failing|crash(es|ed)?|fix(ed)? (it |this )?by|"
        r"the fix (is|was)|root cause|workaround)\b", re.I)),
    ("ownership", re.compile(
        r"\b(owns|owned by|is responsible for|maintains|maintained by|is the owner of|"
        r"point of contact|on-?call)\b", re.I)),
    ("command", re.compile(r"`[^`\n]{2,120}`|^\s*\$ \S", re.M)),
    ("path", re.compile(r"(?<![\w/])(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+\.\w{1,6}\b")),
    ("value", re.compile(
        r"\b\d+(?:\.\d+)?\s?(?:ms|s|sec|seconds|minutes|min|h|hours|days|gb|mb|kb|%|"
        r"percent|req/s|rps|qps|usd|eur|\$)\b|\bv?\d+\.\d+\.\d+\b|\bport \d{2,5}\b", re.I)),
)
#: Indexes of the cues of things worth keeping on their own (a path, a value).
VALUE_CUES = (6, 7)
#: A statement of the user about themselves with something specific in it (a number, a
#: name): "I adopted a cat named Luna in March", "my sister lives in Denver".
PERSONAL = re.compile(r"\b(i|i'm|i've|i'd|my|we|our|me)\b", re.I)
SPECIFIC = re.compile(r"\d|(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(])|\n{2,}|\n(?=\s*[-*] )")
MIN_CHARS, MAX_CHARS = 12, 600


@dataclass(frozen=True)
class Fact:
    """A candidate fact: its kind, text, and the turn it came from."""

    kind: str
    text: str
    turn: int
    role: str
    line: int


#: The structural rules on, of :data:`.structure.OPTIONAL`: chosen by leave-one-transcript-out
#: cross-validation on the capture evaluation's tuning split (``bench/capture_eval/tune.py``;
#: ``correction``, ``habit`` and ``advice`` were not chosen, docs/intake.md).
RULES: frozenset[str] = frozenset({"refers_back", "answer", "choice", "rates", "plans"})


def facts(transcript: Transcript, rules: frozenset[str] = RULES) -> list[Fact]:
    """The facts worth keeping: the :func:`candidates` that :func:`judge` keeps, each with
    the kind it gives. ``rules``: the structural rules applied (the tuning script tries
    others)."""
    agent = transcript.format in AGENT_FORMATS or any(t.tools for t in transcript.turns)
    before: dict[int, Place] = {}
    previous = None
    for turn in transcript.turns:
        before[turn.number] = (Place(previous.role, previous.text) if previous is not None
                               else Place())
        previous = turn
    out: list[Fact] = []
    for fact in candidates(transcript):
        kind = judge(fact, agent, before.get(fact.turn, Place()), rules)
        if kind is not None:
            out.append(replace(fact, kind=kind))
    return out


#: Formats of agent sessions (an agent at work), whatever tools a session calls.
AGENT_FORMATS = ("claude-code", "codex")
#: An assistant announcing what it is about to do ("I'll read the file first.").
ANNOUNCES = re.compile(
    r"^(sure|ok(ay)?|now|first|next|then|great)?[,!.]?\s*(i'll|i will|i'm going to|i am going "
    r"to|let me|let's|i'm (now )?(checking|looking|reading|running)|running|checking|looking)\b",
    re.I)
#: The assistant speaking of its own next step, anywhere in the sentence.
NEXT_STEP = re.compile(r"\bi('ll| will|'m going to| am going to)\b", re.I)
DEADLINE = re.compile(r"\b(today|tonight|tomorrow|by (monday|tuesday|wednesday|thursday|"
                      r"friday|saturday|sunday|eod|end of|next|the)|next (week|month)|"
                      r"on (monday|tuesday|wednesday|thursday|friday))\b|\d", re.I)
#: A date in the past, which makes a personal statement specific ("last week I had...").
WHEN = re.compile(rf"\b(yesterday|last (week|month|year|night|weekend|summer|winter|spring|"
                  rf"fall|{structure.DAYS})|\w+ ago|this (morning|week|month|year|weekend))\b",
                  re.I)
ERROR_NAME = re.compile(r"\b\w+(Error|Exception)\b|\bTraceback\b")
#: A statement about the speaker, which makes a question worth keeping ("I'm planning a
#: trip to Kauai; which trails...?").
STATES = re.compile(r"\b(i'm|i am|i've|i have|i was|we're|we are|we've|we have)\b", re.I)
#: A choice among options, said by the user.
CHOOSES = re.compile(
    r"\b(i|we) think (i|we)('ll| will) (go with|try (?!to\b)|stick (to|with)|start with|pick|"
    r"choose|use|(want to )?stay (in|at))|\blet'?s (go with|use|pick|choose|stick with|"
    r"keep)\b|\bfrom now on\b|\bshould be\b.{1,40}\bnot\b", re.I)
LIKES = re.compile(
    r"\b(i'm|i am) (a (big |huge )?fan of|(really |particularly )?interested in)|"
    r"\b(i|we) (really )?(love|loved|enjoy|enjoyed|adore)\b|\bi've been enjoying\b|"
    r"\bsounds (nice|great|good|perfect|fun|amazing)\b", re.I)
#: A name the speaker addresses ("Hey John, ...", "..., John."): not something specific.
VOCATIVE = re.compile(r"^(?i:hey|hi|hello|yeah|yes|oh|wow|thanks|glad[^,]*)[,!]?\s+[A-Z][a-z]+"
                      r"\b[,!]?|,\s*[A-Z][a-z]+[.!?]*$")
#: A promise that names nothing: it points back ("those") or hedges ("definitely").
VAGUE = re.compile(r"\b(those|these|them|it|this|that|definitely|maybe|hopefully|make sure|"
                   r"my best|make it)\b", re.I)
#: A command in backticks: a known program, or words with a flag or a path in them.
PROGRAMS = ("make", "git", "npm", "npx", "yarn", "pnpm", "uv", "pip", "pipx", "python",
            "python3", "pytest", "docker", "kubectl", "cargo", "go", "bash", "sh", "curl",
            "ruff", "mypy", "node", "brew", "apt", "apt-get", "terraform", "helm", "just",
            "poetry", "tox", "nox", "gh", "ssh", "rsync", "systemctl", "cognimem", "ollama")
COMMAND = re.compile(rf"`(?:\$ )?(?:(?:{'|'.join(map(re.escape, PROGRAMS))})\s[^`]*|\.?/\S+[^`]*|"
                     r"[a-z][\w.-]*\s[^`]*\s--?\w[^`]*)`|^\s*\$ \S", re.M)


def judge(fact: Fact, agent: bool, place: Place | None = None,
          rules: frozenset[str] = RULES) -> str | None:
    """The kind ``fact`` is kept as, or None to leave it out. ``agent``: an agent session (a
    Claude Code or Codex session, or any with tool calls), where the assistant's findings
    are facts of the project; in a chat without tools the assistant's sentences are advice,
    not the user's facts. ``place``: the turn before the sentence's; ``rules``: the
    structural rules applied (:mod:`.structure`)."""
    text = fact.text
    place = place or Place()
    if fact.kind == "command" and not COMMAND.search(text):
        # backticks around a name (`openid`), not a command: what else the sentence holds
        fact = replace(fact, kind=next((k for k, cue in CUES if k in ("path", "value")
                                        and cue.search(text)), "drop"))
        if fact.kind == "drop":
            return None
    if fact.role == "assistant":
        if not agent or ANNOUNCES.search(text):
            return None
        if fact.kind == "commitment" and (NEXT_STEP.search(text) or not DEADLINE.search(text)):
            return None  # "I'll mention Chen in the PR": the agent's own next step, never a
            # commitment to remember, dated or not ("After that, I'll tag v2.3.1")
        return "error" if ERROR_NAME.search(text) else fact.kind
    if "correction" in rules and structure.is_correction(text, place):
        return "decision" if agent else ("fact" if SPECIFIC.search(text) else None)
    if "refers_back" in rules and structure.refers_back(text) and not any(
            CUES[i][1].search(text) for i in VALUE_CUES) and not re.search(r"\d", text):
        return None  # "Maybe they can suggest...": the previous turn holds its meaning
    if "answer" in rules and structure.only_rates_offer(text, place):
        return None  # "I think 100 is a good starting point", after "how many...?"
    if "advice" in rules and structure.takes_advice(text, place):
        return None  # "I'll ask Rachel...", after "Remember to ask Rachel..."
    if "choice" in rules and structure.picks_offer(text, place):
        return "decision"  # "I think I'll try the Almaden Lake Park Loop"
    if "rates" in rules and structure.rates_named(text, place):
        return None  # "I think Fort Myers Beach sounds nice", after the list of towns
    if text.rstrip().endswith("?"):
        # a question is kept for what the user says of themselves in it, as a fact
        return "fact" if STATES.search(text) and SPECIFIC.search(text) else None
    specific = (SPECIFIC.search(VOCATIVE.sub("", text)) or DEADLINE.search(text)
                or WHEN.search(text))
    if fact.kind == "fact" and not specific:
        return None  # "Hey John, been a while": a name addressed is nothing specific
    if fact.kind == "commitment" and not specific and VAGUE.search(text):
        return None  # "I'll definitely check those out", "we'll make it"
    if CHOOSES.search(text):
        return "decision"
    if fact.kind == "fact" and LIKES.search(text):
        return "preference"
    if ("plans" in rules and not agent and fact.kind == "commitment"
            and structure.is_plan(text)):
        return "fact" if specific else None  # "We'll travel on April 16": a plan, not a task
    if "habit" in rules and fact.kind == "preference" and structure.is_one_off_wish(text):
        # "I want Jellyfin at media.home.example.net": what else it holds, if anything
        other = next((k for k, cue in CUES if k in ("value", "path", "command", "ownership")
                      and cue.search(text)), None)
        return other or ("fact" if specific else None)
    return fact.kind


def candidates(transcript: Transcript) -> list[Fact]:
    """Every sentence of every turn that a cue marks, once (first kind that matches). The
    capture evaluation labels these (bench/capture_eval): change them only with new
    labels."""
    out: list[Fact] = []
    seen: set[str] = set()
    for turn in transcript.turns:
        for sentence in SENTENCE.split(turn.text):
            text = " ".join(sentence.split())
            if not MIN_CHARS <= len(text) <= MAX_CHARS:
                continue
            kind = next((k for k, cue in CUES if cue.search(sentence)), None)
            if (kind is None and turn.role == "user" and PERSONAL.search(sentence)
                    and SPECIFIC.search(text)):
                kind = "fact"
            key = text.lower()
            if kind is None or key in seen:
                continue
            seen.add(key)
            out.append(Fact(kind, text, turn.number, turn.role, turn.line))
    return out
