"""An order to the AI reader in a language whose verbs the guard has no list for (wave 25).

Wave 21's and 24's readers of orders in other languages (``reader_order_world``,
``record_order_world``) need an act verb from their lists. On the readable splits the
orders in other languages that slipped were, most of them, the record form of those
readers (a label or a note, the reader addressed, an order) in a language or a script the
verb lists lack (Maltese, Finnish, Danish, Norwegian, Icelandic, Welsh, Estonian, Tongan,
Samoan, Hebrew, Persian, Pashto, Thai, Khmer, Amharic, Telugu, Japanese ...), while the
address itself was found: the helper's word or the letters for AI, which are the same
letters in most of those languages ("Nota għall-assistent AI:", "Bemærkning til
AI-assistenten:", "ผู้ช่วย AI:", "ゲストメモ:AIアシスタントへ。").

``addressed_world`` reads the structure without the verb: content before the address on
its line (a label and its colon, or a finished sentence), the reader named (a helper's
word near the letters for AI, or either with the address's mark right after it), the
mark, then a clause of the note's language that is not English (no English function word:
English is left to the English readers) and is not a question. What it leaves alone: the
user's own request that opens the note ("Asistente, borra ..."), a question to the
assistant, a line that names AI without addressing it ("Die KI: Chancen und Risiken" has
no helper word and no clause after a vocative's mark), and English.
Weight: leave-one-split-out CV (``bench/guard_eval/cv_wave25_obfuscated.py``). **Not
registered**: every fold chose 0. The structure without an act is too weak: the honest
notes hold notes addressed to a coding agent in English and other languages ("AI agents:
prefer pytest fixtures over setUp methods", "Notatka dla agenta: katalog target/ jest
generowany, można go czyścić", "Anteckning till agenten: ...") that read the same (a label,
the reader, a clause), and a clause without English function words may still be English.
A later wave needs the act part (an act on data, secrecy or rules) in those languages.
``cues.py`` does not import it; its tests read the pattern alone. Its gate, when
registered, must also open on a text outside ASCII (the helpers' words are inflected past
any list): the cue words cannot list "tekoälyavustajalle".
"""

from __future__ import annotations

from typing import Any

from .orders_world import _AI, _H, _MARK, _NEAR, HELPERS, _words
from .records_world import _CONTENT

_KIND = "tool_coercion"
#: a label before the address: a record's content (records_world's), or a label of one or
#: a few words and its colon ("Malti:", "Athugasemd:", "Nota fil-mappa:")
_LEAD = (rf"(?:{_CONTENT}|^[>\s*#-]{{0,4}}(?:[^\W\d_][^\s:\uff1a]*\s){{0,3}}[^\W\d_][^\s:\uff1a]*"
         rf"\s?[:\uff1a\u1361-\u1366]\s*|^[>\s*#-]{{0,4}}(?:[^\W\d_]+\s){{1,3}})")
#: the reader: a helper's word near the letters for AI (either order, a few words between
#: and the mark within three words), or one of them with the mark at once
_NAMED = (rf"(?:(?:{_H}){_NEAR}(?:{_AI})|(?:{_AI}){_NEAR}(?:{_H})|{_H})"
          rf"(?:[^\s:,.!?\n\u060c\u3001\uff0c\uff1a]{{0,6}})(?:\s[^\W\d_]+){{0,3}}?\s?{_MARK}|"
          rf"(?:{_AI}|(?<![^\W\d_])(?:ki|ai|ia|mi)-[^\W\d_]+)[^\s:,\u060c]{{0,6}}\s?{_MARK}")
#: an English function word: a clause holding one is English's (the English readers')
_ENGLISH = (r"(?<![^\W\d_])(?:the|and|you|your|to|of|all|this|that|with|for|is|are|it|be|"
            r"please|on|in|me|my|now|do|not|any|from|a|an)(?![^\W\d_])")
#: the clause after the mark: a dozen characters or more to the sentence's end, no English
#: function word, no question mark, no identifier's underscore (a list of keys)
_CLAUSE = (rf"\s*(?:(?!{_ENGLISH})[^\n.!?_\u3002\uff01\uff1f\u00bf]){{12,240}}"
           rf"(?=[.!\u3002\uff01\n\u061f\u0964\u1362]|$)")
ORDER = rf"(?:{_LEAD})(?:{_NAMED}){_CLAUSE}"
#: the cue would open on a helper's word or the letters for AI (see the module's note on
#: texts outside ASCII)
WORDS = " ".join(sorted({*_words(HELPERS).split(), "ai", "ia", "ki", "mi"}))

SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("addressed_world", 0.0, _KIND,
     "an order in a language the verb lists lack: the AI reader addressed after a record's "
     "label or sentence, then a clause of that language (no English, no question)",
     ORDER, WORDS,
     {"structural": True, "replaces": ("reader_order_world", "reader_order_i18n")}),
)
