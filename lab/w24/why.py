import json
import sys

from cognimem_plugins.guard.decoding import decoded_runs
from cognimem_plugins.guard.injection import screen
from cognimem_plugins.guard.normalise import normalise
from cognimem_plugins.guard.secrets import redact


def why(t):
    t = redact(t)[0]
    s = screen(t, full=True)
    n = normalise(t)
    print(repr(t)[:160])
    print("  flag", bool(s), s.kinds, "score", s.score, "cues", [c.name for c in s.cues], "markers", s.markers[:4])
    print("  flat:", n.flat[:150], "| spaced", n.spaced, "leet", n.leet, "mixed", n.mixed_script, "styled", n.styled)
    for r in decoded_runs(t, n.flat, words=n.words):
        i = screen(r.text, full=True, unwrap=False)
        print("  run", r.wrapping, repr(r.text[:100]), "inner", i.score, [c.name for c in i.cues])

if __name__ == "__main__":
    src = sys.argv[1]
    if src == "-":
        for l in sys.stdin:
            why(json.loads(l)["text"])
    else:
        why(src)
