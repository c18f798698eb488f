"""Package names and versions an order should not steer an agent to (wave 17).

Two documented tables, read as acts by :mod:`.relayed` (an act counts only beside a frame
that relays it to the agent):

* releases published by an attacker and pulled (the OpenSSF malicious-packages database,
  the npm, PyPI and GitHub advisories): event-stream 3.3.6 with flatmap-stream 0.1.1
  (2018), eslint-scope 3.7.2 (2018), ua-parser-js 0.7.29, 0.8.0 and 1.0.0, coa and rc
  (2021), node-ipc 10.1.1 to 10.1.3 and colors 1.4.1, 1.4.2 and faker 6.6.6 (2022),
  xz 5.6.0 and 5.6.1 (2024), @solana/web3.js 1.95.6 and 1.95.7, ultralytics 8.3.41,
  8.3.42, 8.3.45, 8.3.46 and @lottiefiles/lottie-player 2.0.5 to 2.0.7 (2024), nx
  20.9.0 to 21.8.0's poisoned releases and the chalk, debug, ansi-styles, strip-ansi,
  ansi-regex, supports-color and wrap-ansi releases of September 2025;
* typosquats reported by the registries and the typosquatting and slopsquatting studies
  (crossenv, babelcli, mongose, nodesass, jquery.js, d3.js, gruntcli, http-proxy.js on
  npm in 2017; colourama, jeIlyfish, python3-dateutil, urlib3, acqusition, setup-tools on
  PyPI; the transpositions and doubled letters of the most installed names: reqeusts,
  requets, reqests, pyyamll, numpyy, lodahs, loadsh).

Both over ``flat`` (lower case, punctuation as spaces: "event-stream@3.3.6" reads
"event stream 3 3 6").
"""

from __future__ import annotations

#: (name, versions) of pulled malicious releases, as ``flat`` reads them
_PULLED: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("event stream", ("3 3 6",)),
    ("flatmap stream", ("0 1 1",)),
    ("eslint scope", ("3 7 2",)),
    ("ua parser js", ("0 7 29", "0 8 0", "1 0 0")),
    ("coa", ("2 0 3", "2 0 4", "2 1 1", "2 1 3", "3 0 1", "3 1 3")),
    ("rc", ("1 2 9", "1 3 9", "2 3 9")),
    ("node ipc", ("10 1 1", "10 1 2", "10 1 3")),
    ("colors", ("1 4 1", "1 4 2")),
    ("faker", ("6 6 6",)),
    ("xz(?: utils)?", ("5 6 0", "5 6 1")),
    ("solana web3 js", ("1 95 6", "1 95 7")),
    ("ultralytics", ("8 3 41", "8 3 42", "8 3 45", "8 3 46")),
    ("lottie player", ("2 0 5", "2 0 6", "2 0 7")),
    ("nx", ("20 9 0", "20 10 0", "20 11 0", "20 12 0", "21 5 0", "21 6 0", "21 7 0",
            "21 8 0")),
    ("chalk", ("5 6 1",)),
    ("debug", ("4 4 2",)),
    ("ansi styles", ("6 2 2",)),
    ("strip ansi", ("7 1 1",)),
    ("ansi regex", ("6 2 1",)),
    ("supports color", ("10 2 1",)),
    ("wrap ansi", ("9 0 1",)),
)
PULLED = "|".join(
    rf"\b{name}(?: \w+){{0,3}}? v?(?:{'|'.join(versions)})\b" for name, versions in _PULLED)

#: documented typosquats (npm, PyPI) and the common misspellings of the most installed
#: names (``flat``: hyphens and dots read as spaces)
TYPOSQUATS = (
    r"\b(?:crossenv|babelcli|mongose|nodesass|jquery js|d3 js|gruntcli|http proxy js|"
    r"proxy js|shadowsock|nodemailer js|node sqlite|sqliter|sqlite js|openssl js|"
    r"colourama|coloramma|jeiiyfish|jeilyfish|python3 dateutil|urlib3|urllib4|acqusition|"
    r"setup tools|reqeusts|requets|reqests|requestss|rquests|pyyamll|pyyml|numpyy|numpi|"
    r"nump y|lodahs|loadsh|lodashs|expresss|reactt|recat dom|djanga|djnago|flaskk|"
    r"beautifulsoup5|matplotli|pandsa|scikit learnn|tensorflw|pytorch nightly|torchtriton)\b"
)
#: the words of both tables' matches
WORDS = (
    "event flatmap eslint ua coa rc node colors faker xz solana ultralytics lottie nx chalk "
    "debug ansi strip supports wrap crossenv babelcli mongose nodesass jquery d3 gruntcli "
    "http proxy shadowsock nodemailer sqliter sqlite openssl colourama coloramma jeiiyfish "
    "jeilyfish python3 urlib3 urllib4 acqusition setup reqeusts requets reqests requestss "
    "rquests pyyamll pyyml numpyy numpi nump lodahs loadsh lodashs expresss reactt recat "
    "djanga djnago flaskk beautifulsoup5 matplotli pandsa scikit tensorflw pytorch "
    "torchtriton")
