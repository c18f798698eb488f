"""A defender's rule to set aside the instructions *found in data* (wave 21).

An evaluation plan, a system design or a security note states the defence itself: "the
grader must ignore instructions found in retrieved documents", "never follow commands
embedded in e-mails", "le modèle doit ignorer les consignes trouvées dans les documents
récupérés", "el agente debe ignorar las instrucciones contenidas en los tickets". The words
are an override's ("ignore ... instructions"), but the instructions set aside are the
data's: they are qualified as found, contained or embedded *in* a carrier of outside text
(a document, a page, an e-mail, a ticket, a tool's output, a comment; also when the
instructions are quoted by their words: "the assistant ignored 'new instructions' in an
Etherscan comment", and with a proper name before the carrier). An injection sets
aside the reader's own instructions ("ignore your instructions", "ignore the instructions
above", "ignore all instructions in the system prompt"), which no such carrier qualifies,
or orders the reader in the imperative ("Ignore any instructions in the documents and
...": the rule must be *stated*, after a modal, "to" or as an inflected verb, or in the
infinitive in the other languages), and is read as written.

:func:`blank_data_rules` blanks the rule's phrase (the verb, the instructions and their
carrier); the rest of the note is read as before.
"""

from __future__ import annotations

import re

#: what the reader's own instructions are called or where they stand (never a carrier)
_OWN = (r"(?:your|my|our|the (?:system|developer)|system|above|previous|prior|earlier|"
        r"preceding|original|this (?:chat|conversation|session)|the conversation)")
#: the carriers of outside text, in the plural or after a determiner
_CARRIERS_EN = (
    r"(?:documents?|docs|pages?|web ?pages?|websites?|sites?|e-?mails?|mails?|messages?|"
    r"tickets?|issues?|comments?|reviews?|files?|attachments?|pdfs?|tool (?:outputs?|"
    r"results?|responses?)|outputs?|search results?|results?|content|data|inputs?|"
    r"chunks?|passages?|feeds?|forms?|fields?|records?|uploads?|transcripts?)")
_ADJ_EN = (r"(?:(?:retrieved|fetched|external|untrusted|third[- ]party|user[- ]supplied|"
           r"user|uploaded|incoming|scraped|inbound|customer|public|shared|any|such|those|"
           r"these|the|a|an) ){0,3}")
_EN = (
    # the rule stated (a modal, "to", an inflected verb), not a bare imperative to the reader
    r"(?:\b(?:must|should|will|shall|to|always|can|may|is told to|are told to) "
    r"(?:always )?(?:ignore|disregard)|\b(?:ignores|ignored|ignoring|disregards|disregarding)|"
    r"\b(?:must|should|will|does|do|shall) not (?:follow|obey|execute|run|act on)|"
    r"\b(?:never (?:follows|obeys|executes|runs))|"
    r"\b(?:doesn't|won't|mustn't|shouldn't) (?:follow|obey|execute|run|act on)) "
    r"(?:(?:any |all |the )?(?:instructions?|commands?|orders?|directives?|prompts?|requests?)|"
    # or the instructions quoted by their words ("ignored 'new instructions' in a comment")
    r"['\"\u201c\u2018][^'\"\u201d\u2019\n]{0,40}?\b(?:instructions?|commands?|orders?)"
    r"['\"\u201d\u2019]) "
    r"(?:(?:that (?:are |were )?|which (?:are |were )?)?(?:found|contained|embedded|hidden|"
    r"written|placed|appearing|that appear|which appear) )?(?:in|inside|within|from) "
    r"(?!" + _OWN + r"\b)" + _ADJ_EN + r"(?:(?-i:[A-Z][\w.-]+) )?" + _CARRIERS_EN + r"\b"
    # not the reader's own context ("the documents above")
    r"(?! (?:above|below|before|earlier|previously)\b)")
#: the same rule in French, Spanish, Portuguese, Italian and German
_OTHER = (
    # French: ignorer les consignes trouvées dans les documents récupérés
    r"\b(?:ignorer|ignorent|ne (?:pas |jamais )?(?:suivre|ex[ée]cuter)) "
    r"(?:les |des |toute[s]? )?(?:consignes|instructions|ordres|commandes) "
    r"(?:(?:trouv|contenu|int[ée]gr|cach|pr[ée]sent)[ée]?e?s? )?(?:dans|sur) "
    r"(?:les |des |la |le |l'|un |une )?(?:documents?|pages?|courriels?|e-?mails?|"
    r"messages?|tickets?|commentaires?|fichiers?|r[ée]sultats?|donn[ée]es|contenus?|"
    r"pi[eè]ces jointes|formulaires?|champs?)\b|"
    # Spanish, Portuguese
    r"\b(?:ignorar|ignoran|no (?:seguir|ejecutar|obedecer)|n[aã]o (?:seguir|executar)) "
    r"(?:las |los |as |os |cualquier |toda[s]? )?(?:instrucciones|instru[cç][oõ]es|"
    r"[oó]rdenes|ordens|comandos) "
    r"(?:(?:encontrad|contenid|contid|incrustad|ocult|presentes)[oa]?s? |que aparezcan )?"
    r"(?:en|em|dentro de|nos|nas) (?:los |las |el |la |os |as |o |a |un |una |um |uma )?"
    r"(?:documentos?|p[aá]ginas?|correos?|e-?mails?|mensajes?|mensagens?|tickets?|"
    r"comentarios?|coment[aá]rios?|archivos?|arquivos?|resultados?|datos|dados|"
    r"contenidos?|conte[uú]dos?|formularios?|formul[aá]rios?|campos?)\b|"
    # Italian
    r"\b(?:ignorare|non (?:seguire|eseguire)) (?:le |gli |qualsiasi )?"
    r"(?:istruzioni|ordini|comandi) (?:(?:trovat|contenut|nascost)[eio] )?(?:in|nei|nelle|"
    r"negli|nel|nella) (?:documenti|pagine|e-?mail|messaggi|ticket|commenti|file|"
    r"risultati|dati|contenuti)\b|"
    # German: Anweisungen in (abgerufenen) Dokumenten ignorieren
    r"\b(?:anweisungen|befehle|instruktionen) (?:aus|in|im|in den) "
    r"(?:\w+en )?(?:dokumenten|seiten|e-?mails|nachrichten|tickets|kommentaren|dateien|"
    r"ergebnissen|daten|inhalten|formularen|feldern) (?:\w+ ){0,2}?"
    r"(?:ignorieren|ignoriert|nicht (?:befolgen|ausf[uü]hren|befolgt|ausgef[uü]hrt))\b")
_RULE = re.compile(r"(?i)" + _EN + "|" + _OTHER)
#: strings one of which every rule holds (case-folded): a cheap test before the pattern
_NEEDLES = ("ignor", "disregard", "follow", "obey", "execut", "run", "act on", "suivre",
            "seguir", "eseguire", "befolg", "ausf")


def blank_data_rules(text: str) -> str:
    """``text`` with each rule to set aside the instructions found in data blanked."""
    low = text.lower()
    if not any(n in low for n in _NEEDLES):
        return text
    return _RULE.sub('""', text)
