"""A quotation framed as a mention, in the languages the cues read (wave 17).

A note that reports, teaches or tests an attack quotes it: "Der Angriff 'Vergiss alle
bisherigen Anweisungen' tauchte in 40 Testmails auf", "Ejemplo del taller: 'olvida tus
instrucciones…' — es un caso típico", "the phrase “ignore previous instructions” is
flagged", "テスト用の文「前の指示を無視して」はブロックされた". The words inside the
quotation marks are the attack's, and the guard's strong markers read them; what the note
adds is the *frame* around the quotation, in the writer's language:

* before it (the same sentence, a few words at most): a noun for an attack, an example, a
  test or sample, training material ("der Angriff", "ejemplo del taller:", "cas de test",
  "例文", "테스트 문장"); not a bare "phrase" or "word", which an attack uses to assemble
  its order ("remember the phrase '...'");
* or after it: the quotation reported as a thing found, flagged, blocked, seen or being an
  example ("tauchte … auf", "wurde blockiert", "es un caso típico", "est un exemple",
  "was flagged", "がブロックされた").

Only a quotation with such a frame is blanked (:func:`blank_framed`); an order outside the
quotation marks is read as before, and a quotation with no frame ("Note: 'forget your
rules'") is read as written. The words are each language's ordinary security vocabulary
(OWASP's localised pages on prompt injection and phishing, the vendors' awareness-training
material, test plans) and its dictionary's words for example, sample, test and phrase; the
quotation marks are every locale's (CLDR's delimiters: “…”, „…“, «…», »…«, the single
guillemets, 「…」, 『…』, the ASCII quotes).
"""

from __future__ import annotations

import re

#: a quotation in any locale's marks (at most 160 characters of a line); group 1 its words
_QUOTE = re.compile(
    "(?:\"([^\"\n]{3,160})\"|(?<!\\w)'([^'\n]{3,160})'(?!\\w)"
    "|\u201c([^\u201d\n]{3,160})\u201d|\u2018([^\u2019\n]{3,160})\u2019"
    "|\u201e([^\u201c\u201d\n]{3,160})[\u201c\u201d]|\u201a([^\u2018\u2019\n]{3,160})[\u2018\u2019]"
    "|\u00ab\\s?([^\u00bb\n]{3,160}?)\\s?\u00bb|\u00bb([^\u00ab\n]{3,160})\u00ab"
    "|\u2039([^\u203a\n]{3,160})\u203a|\u300c([^\u300d\n]{2,160})\u300d"
    "|\u300e([^\u300f\n]{2,160})\u300f|\uff02([^\uff02\n]{3,160})\uff02)")

#: the nouns of the frame: an attack, an injection, an example, a test, a phrase or sample,
#: training material, phishing (raw text, case-insensitive; unspaced scripts without \b)
_NOUNS = (
    # English
    r"attacks?|attack (?:string|phrase|text|prompt)s?|payloads?|jailbreaks?|injections?|"
    r"examples?|e\.g|for instance|samples?|test (?:string|phrase|input|case|mail|e-?mail|"
    r"prompt)s?|test ?cases?|attack (?:phrase|string)s?|lures?|phishing (?:mail|e-?mail|text)s?|"
    r"slides?|workshop|red[ -]team(?:ers?)? (?:prompt|string)s?|"
    # German
    r"angriff\w*|beispiel\w*|testfall|testf[aä]lle|test(?:mail|satz|s[aä]tze|eingabe|text)\w*|"
    r"k[oö]der|schulung\w*|"
    # French
    r"attaques?|exemples?|par exemple|cas de test|phrase de test|charge utile|"
    r"hame[cç]onnage|leurres?|atelier|diapositive|"
    # Spanish, Portuguese, Italian, Catalan
    r"ataques?|ejemplos?|por ejemplo|caso de prueba|frase de prueba|carga [uú]til|"
    r"taller|diapositiva|suplantaci[oó]n|exemplos?|caso de teste|frase de teste|golpe|"
    r"attacco|attacchi|esempi[oi]?|ad esempio|per esempio|caso di test|frase di test|"
    # Dutch, Scandinavian, Finnish
    r"aanval\w*|voorbeeld\w*|testgeval\w*|angrep\w*|angreb\w*|exempel|eksempel\w*|"
    r"hy[oö]kk[aä]ys\w*|esimerk\w*|"
    # Polish, Czech, Slovak, Romanian, Hungarian, Turkish, Indonesian, Vietnamese
    r"atak\w*|przyk[lł]ad\w*|przypadek testowy|[uú]tok\w*|p[rř][ií]klad\w*|"
    r"atacul|exemplu\w*|t[aá]mad[aá]s\w*|p[eé]ld[aá]\w*|sald[iı]r[iı]\w*|[oö]rne[gğk]\w*|"  # noqa: RUF001
    r"serangan|contoh(?:nya)?|t[aấ]n c[oô]ng|v[ií] d[uụ]|"
    # Russian, Ukrainian
    r"атак\w*|пример\w*|приклад\w*|тестов\w* (?:строк|фраз|случа|письм)\w*|"
    # Greek, Arabic, Hebrew, Persian, Hindi
    r"επίθεσ\w*|παράδειγμα|هجوم|مثال|الهجوم|מתקפ\w*|דוגמ\w*|حمله|نمونه|हमल\w*|उदाहरण")
_NOUNS_CJK = (
    r"攻撃|攻撃文|例文|例えば|たとえば|テスト(?:用の)?(?:文|文字列|ケース|メール)?|"
    r"フィッシング|研修|攻击|例子|示例|例如|比如|测试(?:用例|语句|字符串)?|測試|钓鱼|釣魚|"
    r"공격|예시|예를 들어|예문|테스트(?: 문장| 케이스)?|피싱|교육")

#: the frame before a quotation: a noun, then at most a few words (a colon, "like", "du
#: atelier") in the same sentence
_BEFORE = re.compile(
    # a word of its own: not part of a host, a path or an address ("internal.example")
    r"(?i)(?:(?<![\w.@/-])(?:" + _NOUNS + r")(?![\w@/-]|\.\w)|" + _NOUNS_CJK + r")"
    "(?:[^.!?\u3002\uff01\uff1f\n\"'\u201c\u201d\u201e\u00ab\u00bb\u300c]{0,40})"
    "\\s*[:\uff1a\\-\u2013\u2014]?\\s*$")

#: the frame after a quotation: the quotation reported (found, flagged, blocked, an
#: example of), at the start of what follows it
_AFTER = re.compile(
    "(?i)^\\s*[,;:)\\]\u2013\u2014-]?\\s*(?:"
    # English
    r"(?:was|were|is|are|got|gets|has been|have been) (?:\w+ )?(?:flagged|blocked|caught|"
    r"detected|found|seen|marked|quarantined|rejected|used|sent|an? (?:\w+ )?(?:example|"
    r"attack|sample|test|payload|phrase|classic))|appeared|showed up|turned up|shows up|"
    r"(?:is|was) (?:the|a) (?:classic|typical|common|textbook)|in \d+ (?:test |phishing )?"
    r"(?:mails|e-?mails|messages|samples|cases|prompts)|"
    # German
    r"(?:tauchte|taucht|erschien|stand|steht|kam)\b|(?:wurde|wurden|ist|war|sind) (?:\w+ )?"
    r"(?:erkannt|markiert|blockiert|gefunden|gemeldet|abgefangen|ein (?:\w+ )?(?:beispiel|"
    r"angriff))|"
    # French
    r"(?:a|ont) (?:été|ete) (?:\w+ )?(?:d[ée]tect|bloqu|signal|marqu|trouv)\w*|"
    r"(?:est|était|etait) (?:un|une) (?:\w+ )?(?:exemple|attaque|cas)|est apparu\w*|"
    r"appara[iî]t|"
    # Spanish, Portuguese, Italian
    r"(?:es|era|fue) (?:un|una) (?:\w+ )?(?:ejemplo|ataque|caso)|apareci[oó]|aparece|"
    r"(?:fue|fueron) (?:\w+ )?(?:detectad|bloquead|marcad|encontrad)\w*|"
    r"(?:é|foi) (?:um|uma) (?:\w+ )?(?:exemplo|ataque|caso)|apareceu|"
    r"(?:foi|foram) (?:\w+ )?(?:detectad|bloquead|marcad|encontrad)\w*|"
    r"(?:è|era) (?:un|una|uno) (?:\w+ )?(?:esempio|attacco|caso)|[èe] comparso|"
    r"(?:è|sono) stat[oaie] (?:\w+ )?(?:rilevat|bloccat|segnalat|trovat)\w*|"
    # Dutch, Polish, Russian, Turkish
    r"(?:werd|werden|is) (?:\w+ )?(?:gedetecteerd|geblokkeerd|gemarkeerd|gevonden)|"
    r"(?:został|zostało|została|zostały|pojawił\w*)|(?:был[аои]?|появил\w*) |"
    r"(?:обнаружен|заблокирован|помечен)\w*|(?:tespit edildi|engellendi|işaretlendi))")
_AFTER_CJK = re.compile(
    r"^\s*(?:は|が|という|との|等|など|这|是|被|這|는|은|이|가|라는)?\s*"
    r"(?:ブロック|検出|検知|フラグ|典型|例|攻撃|拦截|检测|標記|标记|典型|攻击|例子|차단|탐지|"
    r"전형|예시|공격)")


def framed(text: str, m: re.Match[str]) -> bool:
    """Whether the quotation ``m`` of ``text`` has a frame before or after it."""
    before = text[max(0, m.start() - 80):m.start()]
    after = text[m.end():m.end() + 60]
    return bool(_BEFORE.search(before) or _AFTER.match(after) or _AFTER_CJK.match(after))


def blank_framed(text: str) -> str:
    """``text`` with each framed quotation blanked (its marks kept around nothing)."""
    if not _QUOTE.search(text):
        return text
    out: list[str] = []
    last = 0
    for m in _QUOTE.finditer(text):
        if framed(text, m):
            out.append(text[last:m.start()])
            out.append('""')
            last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
