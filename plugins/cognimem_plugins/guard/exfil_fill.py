"""An address whose slot the note tells the reader to fill with someone's data (wave 25).

Wave 23-24's readers find a slot in a URL by its look (``image_slot``: a placeholder of
several words joined by underscores; ``open_parameter``: a query left open) or by a few
fill words beside an open parameter (``slot_fill``). What still slipped on the readable
splits names the slot with one word, a variable or a letter (``?u=EMAIL&t=TOKEN``,
``/X.png``, ``?c=SUMMARY``, ``?secret=$GITHUB_TOKEN``, ``?notes=...``) and says in words
whose data fills it: "substituting their email and token", "replace X with the user's
password", "replacing the placeholders with the customer's card", "using the customer's
details", "with the candidate's phone number and address appended", "expand the variable
before printing"; or spells the order inside the slot itself (``?t=PASTE_THE_LAST_5_
TICKETS_HERE``). The structure is one whatever the syntax (an image, a link, a bare
address): an address and, within a clause of it, an instruction to fill its slot with a
third party's data (the user's, a customer's, "their", "the real").

A document's URL template is filled with the reader's own value ("replace YOUR_TOKEN with
your token", "?key=PASTE_YOUR_KEY_HERE"): "your" and "my" are not a third party, and a
slot that says "your" is not read. Read on ``folded`` text; gated by the address's
scheme (``http``, ``https``).
Weight: leave-one-split-out CV (``bench/guard_eval/cv_wave25_obfuscated.py``).
"""

from __future__ import annotations

from typing import Any

#: an address with something after its host (a path, a query): where a slot can be
_URL = r"https?://[\w.-]+[/?#][^\s)\]\"'<>]{0,200}"
#: a third party whose data it is (not "your", "my": a template's own value)
_OWNER = (r"(?:the (?:user|users|customer|customers|client|candidate|patient|driver|member|"
          r"employee|caller|guest|donor|subscriber|buyer|account holder|cardholder)(?:'s|s'|"
          r"s)?|their|his|her|the real|the actual)")
_FILL = (rf"(?:\b(?:replac(?:e|es|ed|ing)|substitut(?:e|es|ed|ing)|fill(?:ed|ing)?(?: in)?|"
         rf"swap(?:ped|ping)?)\b[^\n.]{{0,40}}?\b{_OWNER}\b|"
         rf"\busing {_OWNER}\b|"
         rf"\bwith {_OWNER}\b[^\n.]{{0,60}}?\b(?:appended|added|filled in|inserted)\b|"
         rf"\bexpand(?:s|ed|ing)? the (?:variables?|placeholders?|env\w*)\b)")
#: the order spelled inside the slot ("?t=PASTE_THE_LAST_5_TICKETS_HERE"; ``normalise``
#: may spell a long one with spaces); not the reader's own ("PASTE_YOUR_KEY_HERE")
_IN_SLOT = r"[?&#=/](?:[\w-]+=)?(?:paste|insert|put)[_ ](?!your|my)[\w ]{2,60}?[_ ]here\b"
URL_FILL = (rf"{_URL}[^\n]{{0,100}}?{_FILL}|{_FILL}[^\n]{{0,100}}?{_URL}|"
            rf"https?://[\w.-]+[/?#][^\s)\]\"'<>]{{0,160}}?{_IN_SLOT}")
#: every match holds an address's scheme (as :mod:`.exfil_slots`' image slot)
URL_FILL_WORDS = "http https"

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    # (0.55: chosen by all 56 folds of the CV; with ``outside_address`` it flags)
    ("url_fill", 0.55, "exfiltration_link",
     "an address (an image, a link, a bare URL) whose slot the note says to fill with a "
     "third party's data (the user's, a customer's, theirs, the real one), or whose slot "
     "spells that order",
     URL_FILL, URL_FILL_WORDS, {"structural": True, "requires": ("outside_address",)}),
)
