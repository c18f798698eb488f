"""The user's own orders: "forget the earlier instructions, fix the tests first" (wave 18).

A developer who changes their mind writes to the agent in the words of an injection: "前の
指示は忘れて、テストはpytestで書いてください", "Vergiss die vorherigen Anweisungen, schreib
zuerst die Tests", "忘记之前的指示、先修复 parser.py 的测试", "ignore the previous
instructions and just fix the lint errors in api.ts". What tells them from an injection is
what the sentence goes on to ask: a matter of the user's own project (its tests, lint and
type errors, build, CI, a file of the repository named by its extension, a commit, a
branch, a pull request, the docs), and nothing an injection wants (a secret, an address or
a link, sending, deleting, pushing to the main branch or production, the system prompt).

:func:`blank_own_orders` blanks the retraction ("前の指示は忘れて") of such a sentence, so
the note is read again as the request it is (``--explain`` names the decision: the cue
``mentions_attack``, :mod:`.discussion`); a sentence whose rest asks for anything else keeps
its retraction, and the screen reads it as before.

The retractions are each language's ordinary "forget / ignore / set aside the previous
instructions" (the forms the overrides' table reads, :mod:`.overrides_i18n`); the project's
matters are the test runners', linters' and build tools' own nouns as their localised
documentation spells them (pytest, Jest, JUnit, ESLint, mypy, CI), and the harms the
exfiltration and destruction cues' words in those languages.
"""

from __future__ import annotations

import re

#: "forget / ignore the previous instructions" in the languages (raw text, case-insensitive)
_RETRACT = re.compile(
    r"(?i)(?:"
    # English: the previous, earlier or above instructions (the reader's words, set aside
    # by the writer who gave them)
    r"\b(?:ignore|forget|disregard|scratch|drop|never mind)(?: about)? (?:all |any )?(?:of )?"
    r"(?:the|my|those|these) (?:previous|earlier|prior|above|last|old|original) "
    r"(?:instructions?|requests?|directions?|steps?)\b|"
    # German, French, Spanish, Portuguese, Italian, Dutch
    r"\b(?:vergiss|vergesst|vergessen sie|ignorier(?:e|t|en sie)?)(?: bitte)? (?:alle )?"
    r"(?:die |meine )?(?:vorherigen|bisherigen|alten|letzten|obigen|vorigen) "
    r"(?:anweisungen|hinweise|vorgaben)\b|"
    r"\b(?:oublie|oubliez|ignore|ignorez)(?: toutes)? (?:les|mes) (?:instructions|consignes) "
    r"(?:pr[ée]c[ée]dentes|d'avant|ant[ée]rieures)|"
    r"\b(?:olvida|olvide|olviden|ignora|ignore|descarta)(?: todas)? (?:las |mis )?"
    r"(?:instrucciones|indicaciones) (?:anteriores|previas|de antes)\b|"
    r"\b(?:esque[cç]a|esquece|ignore|ignora|desconsidere)(?: todas)? (?:as |minhas )?"
    r"(?:instru[cç][oõ]es|orienta[cç][oõ]es) (?:anteriores|de antes)\b|"
    r"\b(?:dimentica|dimenticate|ignora|ignorate)(?: tutte)? (?:le |mie )?istruzioni "
    r"(?:precedenti|di prima)\b|"
    r"\b(?:vergeet|negeer)(?: alle)? (?:de |mijn )?(?:vorige|eerdere) "
    r"(?:instructies|aanwijzingen)\b|"
    # Japanese, Chinese, Korean (no word boundaries)
    r"(?:前|以前|さっき|先ほど|先程|これまで|上|最初)の(?:指示|命令|指令|依頼|お願い)"
    r"(?:は|を)?(?:全部|すべて|一旦)?(?:忘れて|無視して|取り消して|なしで|撤回して)|"
    r"(?:忘记|忘掉|忽略|无视|無視|不用管|别管|別管)(?:我)?(?:之前|以前|刚才|剛才|上面|前面)"
    r"(?:的)?(?:指示|指令|说明|說明|要求)|"
    r"(?:이전|앞의|아까|방금|전의)(?: 의)? ?(?:지시|지침|명령|요청)(?:은|는|을|를|사항은|사항을)? ?"
    r"(?:무시하고|잊고|잊어버리고|취소하고))")

#: a matter of the user's own project in the rest of the sentence
_MATTER = re.compile(
    r"(?i)(?:(?<![a-z])(?:tests?|testing|unit ?tests?|specs?|pytest|jest|junit|vitest|mocha|"
    r"lint(?:er|ers|ing)?|"
    r"eslint|ruff|mypy|flake8|pyright|tsc|type (?:errors?|hints?|checks?)|typing|build|ci|"
    r"pipeline|refactor\w*|docstrings?|readme|changelog|docs|documentation|migrations?|"
    r"schema|formatt\w*|style|naming|commits?|branch|pull request|pr|review|snapshot|"
    r"fixtures?|benchmarks?|coverage|tests?f[aä]lle|pruebas|testes|prove|testy|"
    r"typfehler|fehler|bug|bugs|erreurs?|errores|erros|errori)(?![a-z])|"
    r"[\w/-]+\.(?:py|go|ts|tsx|js|jsx|rs|java|kt|rb|php|cs|cpp|c|h|sql|md|ya?ml|toml|json|"
    r"sh|swift|scala|ex|exs|vue|svelte)\b|"
    r"テスト|リント|型|ビルド|リファクタ|ドキュメント|コミット|ブランチ|レビュー|バグ|"
    r"测试|測試|单元测试|构建|重构|文档|提交|分支|代码审查|類型|类型|"
    r"테스트|린트|빌드|리팩터|문서|커밋|브랜치|리뷰|버그)")

#: what an injection wants, anywhere in the rest: a secret, an address, sending, deleting,
#: the protected branch or production, the system prompt, permission or confirmation
#: (wave 19) read by :mod:`.plans` too
HARM = re.compile(
    r"(?i)(?:(?<![a-z])(?:passwords?|passwd|secrets?|tokens?|credentials?|api[ _-]?keys?|keys?|"
    r"ssh|env|\.env|cookies?|wallet|iban|payment|send|sends|email|e-mail|mail|upload|post|"
    r"curl|wget|http|https|delete|remove|rm|drop table|truncate|wipe|force|push|main|master|"
    r"prod|production|deploy|system prompt|prompt|reveal|print your|admin|sudo|disable|"
    r"without (?:asking|confirmation)|don't ask|do not ask|"
    r"passwort|schl[uü]ssel|geheim\w*|senden|schicke|l[oö]sch\w*|mot de passe|cl[ée]s?|"
    r"envoie\w*|supprim\w*|contrase[nñ]a|claves?|env[ií]a\w*|borra\w*|elimina\w*|senha|"
    r"chaves?|envie|apague|exclua|password|chiavi|invia|cancella|without telling|secretly|"
    r"silently|quietly|heimlich|ohne zu fragen|sans (?:le )?dire|sin avisar|sem avisar)"
    r"(?![a-z])|"
    r"@|://|パスワード|秘密|鍵|キー|トークン|送信|送って|メール|削除|消して|本番|プロンプト|"
    r"強制|プッシュ|知らせず|黙って|内緒|无需|强制|推送|不要告诉|不告诉|悄悄|강제|푸시|몰래|알리지|"
    r"管理者|密码|密碼|密钥|秘钥|令牌|发送|發送|邮件|郵件|删除|刪除|生产|生產|提示词|管理员|"
    r"비밀번호|키|토큰|보내|메일|삭제|운영|프롬프트|관리자)")

#: (wave 19) more of the same, read with ``wider``: the Japanese "last time's / the other
#: day's instructions" (前回の, 先日の, 昨日の, 今までの), and release notes, change logs,
#: comments and commit messages as a matter of the project in the languages
_RETRACT_W19 = re.compile(
    r"(?:前回|先日|昨日|直前|今まで)の(?:指示|命令|指令|依頼|お願い)(?:は|を)?(?:全部|すべて|一旦)?"
    r"(?:忘れて|無視して|取り消して|なしで|撤回して)")
_MATTER_W19 = re.compile(
    r"(?i)(?<![a-z])(?:release notes?|comments?|commit messages?|versionshinweise|"
    r"notes de version|notas de (?:la )?versi[oó]n|note di rilascio)(?![a-z])|"
    r"リリースノート|変更履歴|コメント|发布说明|发行说明|更新日志|注释|"
    r"릴리스 ?노트|변경 ?로그|주석")

#: the end of the retraction's sentence (the rest read for a matter and for harm)
_SENTENCE_END = re.compile(r"[.!?\n。\uff01\uff1f]")


def blank_own_orders(text: str, *, wider: bool = False) -> str:
    """``text`` with each retraction of earlier instructions whose sentence goes on to ask
    for a matter of the user's own project, and nothing an injection wants, replaced by
    ``""`` (the module docstring)."""
    out: list[str] = []
    last = 0
    found = list(_RETRACT.finditer(text))
    if wider:
        found = sorted((*found, *_RETRACT_W19.finditer(text)), key=lambda m: m.start())
    for m in found:
        if m.start() < last:
            continue
        end = _SENTENCE_END.search(text, m.end())
        # the rest of the sentence, and the next one (a short request often runs on:
        # "前の指示は無視して、まずテストを直してください。claims/adjudicate.py の件です。")
        stop = _SENTENCE_END.search(text, end.end()) if end else None
        rest = text[m.end():stop.end() if stop else len(text)]
        before = text[last:m.start()]
        matter = _MATTER.search(rest) or (wider and _MATTER_W19.search(rest))
        if matter and not HARM.search(rest) and not HARM.search(before):
            out.append(before)
            out.append('""')
            last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)

