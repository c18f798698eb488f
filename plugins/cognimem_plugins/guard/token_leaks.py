"""Tokens, sessions and credential files sent where others read them (wave 18).

OWASP's LLM Top 10 (LLM02 sensitive information disclosure, LLM06 excessive agency), the
agent benchmarks' exfiltration tasks (InjecAgent's data-stealing cases, AgentDojo's
workspace and Slack suites, WASP) and MITRE ATLAS (AML.T0057 LLM data leakage, exfiltration
via an agent's tool) describe the same act: the agent is told to put a credential where the
attacker can read it. Written from the credential files of the tools' documentation (the
dotenv, ``~/.npmrc``, ``~/.pypirc``, ``~/.netrc``, ``~/.docker/config.json``,
``~/.kube/config``, ``~/.aws/credentials``, ``~/.config/gh/hosts.yml``, ``~/.ssh/id_*``,
``~/.git-credentials``, gcloud's and Azure's token caches, HAR files, browser cookies) and
the places an agent writes that others read (a pull request's description or comment, an
issue, a commit, a public repository or gist, a paste site, a chat channel, its own reply
or summary, a URL's query string, an image's link, a form, a "verification" page).

The cue reads three parts: an act that writes or sends, a credential, a readable place.
``LEAK_WORDS`` are the credentials' names (a word of every match). A developer's "put the
API key in .env", "paste the staging token into the CI settings page" names no public
place; the act counts only beside an address to the AI reader or a lever.
"""

from __future__ import annotations

_VERB = (r"(?:print|prints|printing|paste|pastes|pasting|post|posts|posting|send|sends|sending|"
         r"include|includes|including|put|puts|add|adds|write|writes|echo|echoes|dump|dumps|"
         r"commit|commits|committing|push|pushes|upload|uploads|attach|attaches|append|"
         r"appends|share|shares|copy|copies|output|outputs|reveal|reveals|expose|exposes|leak|"
         r"leaks|submit|submits|enter|enters|type|fill|embed|embeds|insert|inserts|cat|"
         r"list|show|display|render|encode|mirror|sync|forward|email|mail|dm|message|publish)")
#: the credentials and the files that hold them
_CRED = (r"(?:(?:values?|contents?) of (?:\w+ ){0,3}?(?:environment variables?|env vars?|"
         r"env variables?)|env file|env files|dotenv|process env|"
         r"os environ|printenv|env|"
         r"tokens?|access tokens?|refresh tokens?|bearer|session (?:tokens?|cookies?|ids)|"
         r"cookies?|cookie jar|api keys?|secret keys?|secrets?|credentials?|creds|passwords?|"
         r"passphrases?|kubeconfig|kube config|ssh keys?|private keys?|id rsa|id ed25519|"
         r"id ecdsa|npmrc|pypirc|netrc|git credentials|hosts yml|docker config(?: json)?|"
         r"aws credentials|keychain|keyring|vault tokens?|jwts?|oauth tokens?|pats?|"
         r"personal access tokens?|auth(?:orization)? headers?|har files?|localstorage|"
         r"sessionstorage|secrets? \w+ json|\w+ pem|master key|seed phrase|"
         r"mnemonic)")
#: the places others read
_PLACE = (r"(?:(?:pr|pull request|mr|merge request|change request) (?:description|body|comments?|"
          r"title|thread)|issue (?:comments?|body|description|thread|tracker)|(?:public|open) "
          r"(?:issues?|repo|repository|gist|channel|bucket|page|wiki|forum|discussion)|"
          r"commit (?:message|messages)|release notes|changelog|readme|wiki|status page|"
          r"gists?|pastebin|paste ?bin|hastebin|ghostbin|rentry|justpaste|transfer sh|"
          r"(?:slack|teams|discord|telegram|whatsapp|signal|irc|mattermost) (?:channel|"
          r"message|chat|dm|thread)?|(?:the |this |our |a )?(?:channel|group chat)|"
          r"(?:your|the|this|each|every|its) (?:next )?(?:summary|summaries|reply|replies|"
          r"response|responses|answer|answers|output|report|comment|message|recap)|"
          r"(?:url|query) (?:parameters?|params?|string)|the (?:url|link|query)|"
          r"image (?:links?|urls?|alt|src|tags?)|markdown image|alt text|subdomain|dns "
          r"(?:lookup|query|name)|(?:web ?)?form|verification (?:page|form|portal|link)|"
          r"(?:a |the |this )?(?:webhook|ticket|support ticket|survey|feedback form|"
          r"chat window|log line|logs|stdout))")
LEAK = (
    rf"\b{_VERB}\b(?: [\w\-]+){{0,8}}? {_CRED}\b(?: \w+){{0,6}}? (?:to|into|in|on|onto|as|at|"
    rf"inside|under|via|through|within) (?:the |your |a |an |this |our |their |my )?{_PLACE}\b|"
    rf"\b{_CRED}\b(?: \w+){{0,8}}? (?:and )?(?:include|paste|post|put|print|add|echo|write|"
    r"copy|send|append|attach|embed|insert|share|dump)(?:s|es|ing)?(?: \w+){0,4}? "
    r"(?:to|into|in|on|as) "
    rf"(?:the |your |a |an |this |our )?{_PLACE}\b|"
    # a credential file committed or pushed where anyone reads it
    r"\b(?:commit|push|upload|publish)(?:s|ing)?(?: \w+){0,4}? (?:env|dotenv|secrets? \w+ json|"
    r"secrets? json|secrets? yaml|secrets? yml|credentials json|\w+ pem|id rsa|kubeconfig|"
    r"npmrc|pypirc|netrc|tfstate|terraform tfstate)(?: \w+){0,4}? (?:to|into|in) (?:the |a |"
    r"our )?(?:public|open source|shared|external|partner s?|contractor s?) (?:repo|"
    r"repository|bucket|drive|folder|gist|fork|space)\b|"
    # a credential's value in a name that is looked up ("resolve <the key>.host")
    r"\b(?:resolv|look|ping|fetch|request|visit|open|load|curl|wget|query|dig|nslookup)\w*"
    r"(?: up)? (?:the |a )?(?:hostname|host|domain|url|subdomain|link|address|name)"
    r"(?: \w+){0,3}? (?:contents?|value) of (?:\w+ ){0,2}?(?:api key|token|secret|"
    r"password|cookie|credentials?)\b|"
    # a credential's value in a link or an address ("?token=", "<your key>.host")
    r"\b(?:append|add|put|include|embed|substitut\w*|replac\w*|fill|expand)\w*(?: \w+){0,4}? "
    r"(?:their|the user s|the|your|its|my) (?:\w+ )?(?:session cookie|session token|cookie|"
    r"token|api key|password|jwt|credentials)(?: \w+){0,4}? (?:to|into|in|as|after|with) "
    r"(?:every |each |all |the |a |an )?(?:links?|urls?|query|parameter|image|subdomain|"
    r"hostname|equals sign)\b"
)
LEAK_WORDS = (
    "variables variable vars env dotenv environ printenv token tokens bearer ids cookie "
    "cookies api "
    "secret secrets credential credentials creds password passwords passphrase passphrases "
    "kubeconfig kube ssh private rsa ed25519 ecdsa npmrc pypirc netrc yml docker keychain "
    "keyring jwt jwts pat pats headers header har localstorage sessionstorage pem master "
    "seed mnemonic tfstate")
