"""Honest instructions to the agent: an override or a permission whose object is in scope
(wave 16).

A developer who writes to the agent uses an injection's words for ordinary things: "ignore
my earlier suggestion to use a regex", "disregard the failing snapshot tests on Windows for
now", "you are allowed to delete the generated files under build/", "you are now the
reviewer for the migration PR". What tells them from an injection is the *object* of the
override word: the writer's own earlier words, or a matter of the project's own work
(tests, warnings, style, generated files, a role in the team), not the reader's
instructions nor an act outside the task. Each cue below reads such an object and stands
for (``replaces``) the cues its words would otherwise fire: the override's verb, the
reference to what came before, the claim of permission. It weighs nothing of its own: the
words are explained, not discounted, so an injection that begins so still shows every cue
of what it goes on to ask (a secret, an address, a push to main, a persona).

The words are the languages' ordinary ones for retracting one's own suggestion (their
dictionaries' "suggestion, comment, proposal, advice" with a first-person possessive),
the test runners' and linters' own nouns (pytest, Jest, JUnit, mypy, ESLint: a failing,
flaky, skipped or snapshot test, a warning, a lint error) and the build tools' output
folders (``build/``, ``dist/``, ``target/``, ``node_modules/``, caches).
"""

from __future__ import annotations

from typing import Any

from .normalise import normalise

_VERB = (r"(?:ignore|disregard|forget|scratch|drop|discard|skip|never mind|nevermind|"
         r"withdraw|retract|undo|revert|ignoring|disregarding|forget about)")
#: the writer's own earlier words (English)
_OWN = (r"(?:what i (?:said|wrote|suggested|proposed|asked(?: for)?|recommended|meant)|"
        r"my (?:own )?(?:\w+ )?(?:suggestions?|comments?|notes?|advice|proposals?|ideas?|"
        r"answers?|reply|replies|messages?|requests?|recommendations?|remarks?|points?|"
        r"review comments?|nits?|tips?|hints?|questions?|drafts?|instructions?|wording|"
        r"last (?:one|message|note)))")

#: (verbs, first-person possessives, nouns for one's own words) in other languages, as
#: their dictionaries spell them: "forget my previous suggestion"
_I18N_OWN = (
    ("vergiss vergesst vergessen ignoriere ignoriert ignorieren", "mein meine meinen meinem",
     "vorschlag kommentar anmerkung hinweis rat nachricht idee antwort notiz"),
    ("oubliez oublie ignorez ignore", "ma mon mes",
     "suggestion proposition commentaire remarque conseil message idée réponse note"),
    ("olvida olvide olviden ignora ignore descarta descarte", "mi mis",
     "sugerencia propuesta comentario consejo mensaje idea respuesta nota"),
    ("dimentica dimenticate ignora ignorate scarta", "mio mia miei mie",
     "suggerimento proposta commento consiglio messaggio idea risposta nota"),
    ("esqueça esqueca esquece ignore ignora desconsidere descarte", "minha meu minhas meus",
     "sugestão sugestao proposta comentário comentario conselho mensagem ideia resposta nota"),
    ("vergeet negeer", "mijn", "suggestie voorstel opmerking advies bericht idee antwoord"),
    ("glöm glom ignorera strunta", "mitt min mina", "förslag forslag kommentar råd meddelande"),
    ("glem ignorer", "mit min mine", "forslag kommentar råd besked melding"),
    ("zapomnij zignoruj pomiń", "moją moja mój moj moje moich",
     "sugestię sugestie propozycję propozycje komentarz uwagę uwage radę wiadomość"),
    ("забудь забудьте игнорируй проигнорируй", "моё мое мой мою мои",
     "предложение совет комментарий замечание сообщение идею"),
)


def _i18n() -> str:
    """The other languages' retractions as one pattern over ``flat`` (each word spelled as
    the screen reads it: its confusables map turns Cyrillic letters drawn like Latin ones
    into Latin letters)."""
    def alt(words: str) -> str:
        return "|".join(sorted({normalise(w).flat for w in words.split()}, key=len,
                               reverse=True))

    parts = [rf"\b(?:{alt(v)})(?: \w+)? (?:{alt(p)})(?: \w+)? (?:{alt(n)})\b"
             for v, p, n in _I18N_OWN]
    # verb after the noun (Turkish), the possessive after the noun (Indonesian,
    # Vietnamese), CJK without spaces
    parts += [r"\b(?:önerimi|onerimi|yorumumu|tavsiyemi|mesajımı|mesajimi) (?:unut|"  # noqa: RUF001
              r"görmezden gel|gormezden gel|yok say)",
              r"\b(?:abaikan|lupakan)(?: \w+)? (?:saran|komentar|usulan|pesan) saya\b",
              r"\bbỏ qua (?:đề xuất|gợi ý|góp ý|bình luận)(?: \w+){0,2} của tôi\b",
              r"(?:私の|僕の|俺の)?(?:さっきの|先ほどの|前の|以前の)(?:提案|コメント|アドバイス|指摘)"
              r"(?:は|を)(?:無視|忘れ)",
              r"(?:忽略|忘掉|忘记|忘記|别管|別管)我(?:之前|刚才|剛才|上次)?的(?:建议|建議|评论|評論|意见|"
              r"意見|提议|提議)",
              r"(?:제|내) (?:이전 |아까 )?(?:제안|댓글|의견|조언)(?:은|는|을|를) (?:무시|잊)"]
    return "|".join(parts)


#: a note that replaces the team's own older note (not the reader's instructions)
_REPLACES_NOTE = (r"\b(?:this|it) (?:overrides|replaces|supersedes) (?:the|my|our) (?:\w+ )?"
                  r"(?:older|earlier|previous|old|last) (?:note|notes|comment|memory|entry|"
                  r"advice|suggestion|decision|recommendation)\b")
_RETRACT = rf"\b{_VERB} (?:about )?{_OWN}\b|{_REPLACES_NOTE}|" + _i18n()

#: a matter of the project's own work as the override's object: a test, a warning, a
#: lint or type error, formatting (not a security, auth or safety check)
_MATTER = (r"\b(?:ignore|disregard|skip|forget about|don t worry about|do not worry about) "
           r"(?:the |those |these |all |any |that |this |its |their )?(?:currently )?"
           r"(?:(?:failing|flaky|broken|red|slow|skipped|known|pending|old|existing|remaining|"
           r"unrelated|pre ?existing|windows|macos|linux|snapshot|unit|integration|e2e|"
           r"end to end|ui|visual|benchmark|doc|docs|lint|type|style|formatting|deprecation|"
           r"compiler|build|ci|mypy|pyright|eslint|flake8|ruff|clippy|rubocop|pylint|"
           r"typescript|tsc|jest|pytest|junit|go vet|sonar) ){0,3}"
           r"(?:tests?|test failures?|specs?|warnings?|lint (?:errors|warnings)|errors? from "
           r"(?:mypy|pyright|eslint|flake8|ruff|tsc)|type errors|nits?|typos?|formatting|"
           r"whitespace|todos?|failures?|snapshots?|diffs? in (?:the )?lockfile|coverage "
           r"(?:drop|report)|benchmarks?)\b"
           r"(?! (?:and|then) (?:push|merge|deploy|publish|release|send|upload|delete))")

#: a permission over the build's own output or the user's scratch files
_PERMISSION = (r"\b(?:you (?:are|re) (?:\w+ )?(?:allowed|permitted|free|welcome|ok|fine|cleared) "
               r"to|you (?:may|can)|feel free to|it s (?:fine|ok|okay) to|it is (?:fine|ok|okay) "
               r"to) (?:delete|remove|clean|clear|wipe|regenerate|rebuild|overwrite|reformat|"
               r"edit|modify|rename|update|refresh|recreate|prune)(?: \w+){0,5} "
               r"(?:build|dist|out|target|generated|gen|cache|caches|\w+ cache|tmp|temp|"
               r"node modules|pycache|coverage|htmlcov|snapshots?|fixtures?|lockfiles?|"
               r"scratch|artifacts|artefacts|logs?|venv|bin obj|storybook static|next)\b"
               # the leave ends there: not "... and also the backups"
               r"(?!.*\b(?:and also|and then|as well as|plus|also)\b)")

#: the words every match of the two patterns above and below holds (their cheap gate)
_PERMISSION_WORDS = ("delete remove clean clear wipe regenerate rebuild overwrite reformat edit "
                     "modify rename update refresh recreate prune")
_ROLES = ("reviewer owner maintainer assignee call approver manager contact driver scribe dri "
          "shepherd triager codeowner owner lead buddy mentor")
_ROLE_WORDS = _ROLES + " " + " ".join(w + "s" for w in _ROLES.split())

#: a role in the team, not a persona: "you are now the reviewer for the migration PR"
_TEAM_ROLE = (r"\byou (?:are|re) now (?:the |our |a |an )?(?:\w+ )?(?:reviewer|owner|maintainer|"
              r"assignee|on call|approver|release manager|point of contact|contact|driver|"
              r"scribe|dri|shepherd|triager|codeowner|code owner|lead|buddy|mentor)s? "
              r"(?:for|of|on)\b")

WORDS_RETRACT = ("ignore disregard forget scratch drop discard skip mind nevermind withdraw "
                 "retract undo revert ignoring disregarding overrides replaces supersedes "
                 + " ".join(
                     normalise(w).flat for v, _, _ in _I18N_OWN for w in v.split())
                 + " önerimi onerimi yorumumu tavsiyemi mesajımı mesajimi abaikan lupakan bỏ")  # noqa: RUF001

#: (wave 18) a value overridden, not the reader's rules: a setting, a default, a score, a
#: method (the words of configuration references, grading tools, class hierarchies:
#: "override a student's score", "override the default timeout", "overrides the parent's
#: method"); no safety, security, policy, guard, filter, rule or instruction in between
_SAFE_WORD = (r"(?!(?:safety|security|secur\w*|guard\w*|filter\w*|polic\w*|rules?|"
              r"instructions?|restrictions?|content|moderation|permissions?|access|auth\w*|"
              r"approval|review|system|prompt|limits?)\b)\w+ ")
_VALUE = (r"\b(?:override|overrides|overriding|overridden) (?:a |an |the |its |their |any |this |"
          r"that |each |every |your |our |my )?(?:" + _SAFE_WORD + r"(?:s )?){0,2}"
          r"(?:scores?|grades?|values?|defaults?|timeouts?|ports?|versions?|variables?|env vars?|"
          r"methods?|functions?|fields?|styles?|themes?|locales?|thresholds?|prices?|dates?|"
          r"deadlines?|labels?|paths?|urls?|options?|parameters?|params?|colou?rs?|fonts?|"
          r"margins?|widths?|heights?|sizes?|templates?|hooks?|properties|property|attributes?|"
          r"annotations?|dependenc(?:y|ies)|resolutions?|entrypoints?|images?|tags?)\b")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("retracts_own_words", 0.0, None,
     "sets aside the writer's own earlier words (\"ignore my earlier suggestion\"), not the "
     "reader's instructions: the override's words count nothing",
     _RETRACT, WORDS_RETRACT,
     {"replaces": ("cancel_verb", "prior_reference", "rules_noun", "foreign_override")}),
    ("override_in_scope", 0.0, None,
     "sets aside a matter of the project's own work (a failing test, a warning, a lint "
     "error), not the reader's instructions: the override's words count nothing",
     _MATTER, "ignore disregard skip forget worry", {"replaces": ("cancel_verb",)}),
    ("permission_in_scope", 0.0, None,
     "grants leave over the build's own output or scratch files (\"you are allowed to "
     "delete the generated files under build/\"): the permission counts nothing",
     _PERMISSION, _PERMISSION_WORDS, {"replaces": ("authority", "no_confirmation", "order_harm")}),
    ("team_role", 0.0, None,
     "gives the reader a role in the team (\"you are now the reviewer for the PR\"), not a "
     "persona: the change of role counts nothing",
     _TEAM_ROLE, _ROLE_WORDS, {"replaces": ("persona_time",)}),
    ("override_value", 0.0, None,
     "overrides a value, a setting, a default or a method (\"override a student's score\", "
     "\"override the default timeout\"), not the reader's rules: the override's verb counts "
     "nothing", _VALUE, "override overrides overriding overridden", {"replaces": ("cancel_verb",)}),
)
