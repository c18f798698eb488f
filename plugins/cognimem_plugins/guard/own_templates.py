"""The user's own prompt template or sample transcript, kept in their files (wave 19).

A developer stores the prompt their bot sends, or a transcript their UI tests replay:
``role: system`` / ``content: "You are a helpful log summarizer."  # prompt template used
by our bot``, "Assistant: Sure, here's the summary. User: Thanks (sample transcript used in
the UI tests)". The role markup reads as a message that gives itself a system role; what
says otherwise is the note's own remark (a comment, a parenthesis) that the text is a
template, a sample, a fixture or an example of the writer's own (*our* bot, the UI tests,
used by / in ...). :func:`blank_own_roles` blanks only the role labels of such a note (the
chat APIs' ``role`` field with its value, a transcript's speaker labels); every word of the
messages themselves is read as before, so an order inside a "template" still counts.
"""

from __future__ import annotations

import re

#: the remark: a comment or a parenthesis naming the text a template, sample, fixture or
#: example of the writer's own code or tests
_REMARK = re.compile(
    r"(?i)(?:#|//|--|/\*|<!--|\()[^\n)]{0,40}\b(?:prompt templates?|templates?|samples?|"
    r"fixtures?|examples?|mock(?:ed)? (?:conversation|transcript|chat)s?|test data|"
    r"(?:sample|example|demo) (?:transcript|conversation|chat|dialogue)s?)\b[^\n)]{0,40}"
    r"\b(?:our|my|used (?:by|in|for)|for the|in the) [^\n)]{0,40}"
    r"(?:bot|tests?|ui|app|service|pipeline|evals?|summari[sz]er|agent|assistant|"
    r"prompt|storybook|demo)")
#: a role label: a chat API's role field, a transcript's speaker at a line's start
_ROLE = re.compile(
    r"(?im)[\"']?role[\"']?\s*[:=]\s*[\"']?(?:system|developer|assistant|user)[\"']?|"
    r"^\s*(?:system|assistant|user|human|ai)\s*:")


def blank_own_roles(text: str) -> str:
    """``text`` with its role labels blanked when its own remark names it a template,
    a sample or a fixture of the writer's (the module docstring)."""
    if ":" not in text or _REMARK.search(text) is None:
        return text
    return _ROLE.sub('""', text)
