"""Wave 23 (w23-cue): the learned cue retrained on the forty-eight seen splits with the
wave 23 honest notes to AI agents (``honest_notes.agent_repo_notes``) dealt to the folds, and
its ROLE studied by leave-one-split-out (#39). The method is wave 22's
(``cv_wave22_learned.py`` on the branch w22-cue, reverted from main with its model): run from
the repository root::

    python bench/guard_eval/cv_wave23_learned.py [--bench /work/shared/bench] [--cache DIR]
        [--label NAME] [--dev] [--write]

Each seen split is held out in turn and scored (every paragraph of its rows and of the
honest notes dealt to it) by a model trained on the other forty-seven
(``train_cue.Data.model``: the corpora, the other splits' honest notes, the training
turns). On these out-of-fold probabilities each role below is scored; a fold's role is
chosen on the *other* splits' out-of-fold scores by ``train_cue``'s rule (the most
injections flagged with at most 0.5 % of the clean notes, no split above 1 % of its clean
notes, the honest notes pooled at most 1 % and, since wave 23, the repository notes to
agents pooled at most 1 % on their own (or no more than the phrase cues alone flag), fewer
than 1 in 1,000 dataset turns; ties: the narrowest role) and the held-out split is scored
with it. The dataset bound is the LoCoMo / LongMemEval turns of the *training half* that
hold no paragraph trained on (the held-out half is not read), scored by the model trained
on every split.

The roles (the phrase cues' threshold kept):

* ``share``: the learned cue adds ``W`` times its probability's part above ``F`` in a
  paragraph the gate admits: ``cued`` (a phrase cue counts there: today's gate), ``weak``
  (one of a cheap set of cues' patterns matches, their requirements not asked: an address
  to an AI reader, an act, an outside address), ``worded`` (the paragraph's cue words
  could score: the gate before wave 10, ``cues.LEARNED_NEEDS_A_CUE = False``);
* ``own``: besides today's share, a paragraph the gate admits (or any, ``all``) is flagged
  when the model's probability reaches ``P`` on its own.

``--dev``: the DEV CHECK: a model trained on the forty-four readable splits only (tune,
test, fresh ... fresh42) scores fresh43-46; counts per split, group and kind only are
printed (no text), for it and for the shipped model, under today's role and the ``own``
roles. ``--write``: the model trained on every split is written to the package's file and
``train_cue``'s report (the chosen ``(W, F, T)`` per protocol, the hashes) saved as
``results/learned_cue.json`` from the same out-of-fold scores (one set of fits).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import train_cue as tc  # noqa: E402
from honest_notes import AGENT_REPO_NOTES  # noqa: E402

from cognimem_plugins.guard import cues as cue_module  # noqa: E402
from cognimem_plugins.guard import learned  # noqa: E402
from cognimem_plugins.guard.injection import OBFUSCATION_WEIGHT, mentioned, screen  # noqa: E402
from cognimem_plugins.guard.normalise import normalise  # noqa: E402

SPLITS = tc.SPLITS
#: the dev check's splits: scored by counts only, their texts never read by a person
DEV = ("fresh43", "fresh44", "fresh45", "fresh46")
READABLE = tuple(s for s in SPLITS if s not in DEV)
#: the cheap cues of the ``weak`` gate: an address to an AI reader, an act asked of it, an
#: outside address (their patterns, without the cues they require)
WEAK = ("ai_reader", "reader_vocative", "next_reader", "addresses_model", "machine_note",
        "agent_subject", "outside_address", "reader_act", "ops_act", "record_act",
        "token_leak", "money_act", "order_harm", "defender_act", "deferred_trigger",
        "kept_rule", "dormant_trigger", "deferred_act")
GATES = ("cued", "weak", "worded")
OWN_GATES = ("cued", "weak", "worded", "all")
WEIGHTS = (0.25, 0.5, 0.75, 1.0, 1.25)
FLOORS = (0.5, 0.7, 0.8, 0.9, 0.95)
OWN_P = (0.98, 0.99, 0.995, 0.998, 0.999)
TODAY = ("share", "cued", learned.WEIGHT, learned.FLOOR)


@dataclass
class Rich:
    """A text as the roles need it: each paragraph's words, phrase score and gates."""

    pieces: list[tuple[str, float, bool, bool, bool]]  # flat, phrase, cued, weak, worded
    marked: bool
    group: str
    fold: str = ""
    honest: bool = False


_WEAK_I = [cue_module._INDEX[n] for n in WEAK]


def _weak(piece: str, flat: str, words: frozenset[str], cjk: bool) -> bool:
    """Whether one of :data:`WEAK`'s patterns matches (its words opened; requirements not
    asked)."""
    opened: set[int] | frozenset[int]
    if cjk:
        opened = cue_module._EVERY
    elif words:
        opened = set().union(*map(cue_module._OPENS.__getitem__, words))
    else:
        return False
    for i in _WEAK_I:
        if i not in opened:
            continue
        cue = cue_module.CUES[i]
        text = piece if cue.structural else flat
        if cue_module.holds_one(text, cue_module._strings(i)) and cue_module._fires(cue, text):
            return True
    return False


def read_rich(text: str, group: str, fold: str = "", honest: bool = False) -> Rich:
    """``text`` as :func:`train_cue.read_text` reads it, with the gates of each paragraph."""
    found = screen(text, float("inf"), full=True)
    norm = normalise(mentioned(text))
    extra = OBFUSCATION_WEIGHT * (norm.mixed_script + norm.spaced)
    scored = cue_module._pieces_fired(norm, extra, 0.0, None, 0.0)
    cjk = not norm.folded.isascii() and cue_module._CJK.search(norm.folded) is not None
    raw = cue_module._pieces(norm.folded)
    whole = len(raw) == 1 or bool(norm.spaced)
    # _pieces_fired at floor 0 keeps every paragraph, in order
    assert len(raw) == len(scored) or not scored, (len(raw), len(scored))
    pieces = []
    for piece, (flat, fired, cued) in zip(raw, scored, strict=False):
        words = (cue_module._words(norm.words, norm.folded) if whole
                 else cue_module._words(flat.split(" "), piece))
        worded = bool(words) or cjk
        pieces.append((flat, sum(c.weight for c in fired) + extra, cued,
                       _weak(piece, flat, words, cjk), worded))
    return Rich(pieces, bool(found.markers), group, fold, honest)


def _read_text(text: str, group: str, fold: str = "", honest: bool = False) -> tc.Text:
    """:func:`train_cue.read_text`, with the rich reading kept on the text (``.rich``)."""
    rich = read_rich(text, group, fold, honest)
    out = tc.Text([p[:3] for p in rich.pieces], rich.marked, group, fold, honest)
    out.rich = rich  # type: ignore[attr-defined]
    return out


def bounded(raw: str, text: tc.Text) -> None:
    """Set each paragraph's ``worded`` gate of ``text`` (read from ``raw``) to the gate the
    screen had before wave 10 (``cues.LEARNED_NEEDS_A_CUE = False``): the paragraph's cue
    words could score (``cues._bound`` above 0)."""
    norm = normalise(mentioned(raw))
    cjk = not norm.folded.isascii() and cue_module._CJK.search(norm.folded) is not None
    raw_pieces = cue_module._pieces(norm.folded)
    whole = len(raw_pieces) == 1 or bool(norm.spaced)
    rich = text.rich  # type: ignore[attr-defined]
    out = []
    for piece, (flat, score, cued, weak, _) in zip(raw_pieces, rich.pieces, strict=False):
        words = (cue_module._words(norm.words, norm.folded) if whole
                 else cue_module._words(flat.split(" "), piece))
        out.append((flat, score, cued, weak, cue_module._bound(words, cjk) > 0))
    assert len(out) == len(rich.pieces)
    rich.pieces = out


def raw_texts(data: tc.Data) -> list[str]:
    """The raw texts in the order :func:`out_of_fold` scores them."""
    return [t for held in data.rows
            for t in (*(r["text"] for r in data.rows[held]), *data.honest[held])]


def prepare(bench: Path, cache: Path | None) -> tc.Data:
    """``train_cue.Data`` over :data:`SPLITS`, every text read richly (cached)."""
    if cache is not None and cache.exists():
        with cache.open("rb") as f:
            return pickle.load(f)
    start = time.time()
    saved = tc.read_text
    tc.read_text = _read_text
    try:
        data = tc.Data(bench, SPLITS)
    finally:
        tc.read_text = saved
    print(f"prepared in {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    if cache is not None:
        with cache.open("wb") as f:
            pickle.dump(data, f)
    return data



def _probs(model: learned.Model, texts: list[tc.Text]) -> list[list[float]]:
    """The model's probability for every paragraph of each text (no gate)."""
    return [[model.probability(p[0]) for p in t.rich.pieces]  # type: ignore[attr-defined]
            for t in texts]


def out_of_fold(data: tc.Data, cache: Path | None) -> dict[str, Any]:
    """Every split's and its honest notes' paragraphs scored by a model trained on the
    other splits, the bound turns by the model trained on all, and the model trained on
    all (cached)."""
    if cache is not None and cache.exists():
        with cache.open("rb") as f:
            return pickle.load(f)
    names = list(data.rows)
    out: dict[str, Any] = {"texts": [], "probs": []}
    for held in names:
        start = time.time()
        model = data.model([s for s in names if s != held])
        texts = [*data.texts[held], *data.honest_texts[held]]
        out["texts"].extend(texts)
        out["probs"].extend(_probs(model, texts))
        print(f"fold {held}: {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    out["model"] = data.model(names)
    out["turn_probs"] = _probs(out["model"], data.held)
    if cache is not None:
        with cache.open("wb") as f:
            pickle.dump(out, f)
    return out


@dataclass
class Arrays:
    """Scored texts as arrays: per paragraph its phrase score, probability and gates; per
    text whether a marker fired, its group, fold and whether it is an honest note."""

    phrase: np.ndarray
    prob: np.ndarray
    gate: dict[str, np.ndarray]
    owner: np.ndarray
    marked: np.ndarray
    groups: np.ndarray
    folds: np.ndarray
    honest: np.ndarray
    #: (wave 23) the honest notes of the repository-notes-to-agents class
    agent: np.ndarray | None = None

    @classmethod
    def of(cls, texts: list[tc.Text], probs: list[list[float]]) -> Arrays:
        phrase, prob, owner = [], [], []
        gates: dict[str, list[bool]] = {g: [] for g in OWN_GATES}
        for i, (t, ps) in enumerate(zip(texts, probs, strict=True)):
            pieces = t.rich.pieces or [("", 0.0, False, False, False)]  # type: ignore[attr-defined]
            ps = ps or [0.0]
            for (_, score, cued, weak, worded), p in zip(pieces, ps, strict=True):
                phrase.append(score)
                prob.append(p)
                owner.append(i)
                gates["cued"].append(cued)
                gates["weak"].append(cued or weak)
                gates["worded"].append(cued or worded)
                gates["all"].append(True)
        return cls(np.array(phrase), np.array(prob), {g: np.array(v) for g, v in gates.items()},
                   np.array(owner, dtype=np.int64), np.array([t.marked for t in texts]),
                   np.array([t.group for t in texts]), np.array([t.fold for t in texts]),
                   np.array([t.honest for t in texts]))

    def hits(self, role: tuple[Any, ...]) -> np.ndarray:
        """Which texts ``role`` flags (at the phrase cues' threshold)."""
        kind, gate, a, b = role
        if kind == "none":
            score = self.phrase.copy()
        elif kind == "share":
            score = self.phrase + np.where(self.gate[gate], tc.contribution(self.prob, a, b), 0)
        else:  # own: today's share, and a paragraph the gate admits at probability >= a
            score = self.phrase + np.where(self.gate["cued"], tc.contribution(
                self.prob, learned.WEIGHT, learned.FLOOR), 0)
            score = np.where(self.gate[gate] & (self.prob >= a), np.inf, score)
        best = np.full(len(self.marked), -np.inf)
        np.maximum.at(best, self.owner, score)
        return self.marked | (best >= tc.PHRASE_THRESHOLD - 1e-9)


def roles() -> list[tuple[Any, ...]]:
    """Every role studied, today's first (the narrowest first: ties go to it)."""
    out: list[tuple[Any, ...]] = [TODAY, ("none", "", 0.0, 0.0)]
    out += [("share", g, w, f) for g in GATES for w in WEIGHTS for f in FLOORS
            if ("share", g, w, f) != TODAY]
    out += [("own", g, p, 0.0) for g in OWN_GATES for p in sorted(OWN_P, reverse=True)]
    return out


def admissible(notes: Arrays, turns: Arrays, keep: np.ndarray,
               hit: np.ndarray, turn_hit: np.ndarray) -> bool:
    """Whether flags ``hit`` on the notes ``keep`` and ``turn_hit`` on the turns keep
    ``train_cue``'s bounds (against the phrase cues alone per split and pooled honest)."""
    clean = (notes.groups == "clean") & keep
    if hit[clean].sum() > tc.CLEAN_MOST * clean.sum():
        return False
    if turn_hit.sum() >= tc.DATASETS_BELOW * len(turn_hit):
        return False
    base = notes.hits(("none", "", 0.0, 0.0))
    for f in np.unique(notes.folds[keep]):
        m = clean & (notes.folds == f) & ~notes.honest
        if hit[m].sum() > max(tc.FOLD_MOST * m.sum(), base[m].sum()):
            return False
    m = clean & notes.honest
    if hit[m].sum() > max(tc.FOLD_MOST * m.sum(), base[m].sum()):
        return False
    # (wave 23) the repository notes to agents bound on their own too (the class wave 22's
    # retrain flagged while the pooled honest notes kept their bound)
    if notes.agent is not None:
        m = clean & notes.agent
        if hit[m].sum() > max(tc.FOLD_MOST * m.sum(), base[m].sum()):
            return False
    return True


def study(notes: Arrays, turns: Arrays, gates: tuple[str, ...] = OWN_GATES) -> dict[str, Any]:
    """The grid on all splits and the leave-one-split-out choice of the role (among the
    roles whose gates are ``gates``)."""
    all_roles = [r for r in roles() if r[0] == "none" or r[1] in gates]
    inj, clean = notes.groups == "injection", notes.groups == "clean"
    hits = {r: notes.hits(r) for r in all_roles}
    turn_hits = {r: turns.hits(r) for r in all_roles}
    grid = {}
    for r in all_roles:
        h = hits[r]
        grid["/".join(map(str, r))] = {
            "injections": int(h[inj].sum()), "clean": int(h[clean & ~notes.honest].sum()),
            "honest": int(h[clean & notes.honest].sum()),
            "agent_notes": int(h[clean & _agent(notes)].sum()), "turns": int(turn_hits[r].sum()),
            "admissible_on_all": admissible(notes, turns, np.ones(len(h), bool), h,
                                            turn_hits[r])}
    folds: dict[str, Any] = {}
    pooled = {"injection": [0, 0], "clean": [0, 0], "honest": [0, 0], "agent_notes": [0, 0]}
    today_pooled = {k: [0, 0] for k in pooled}
    for held in dict.fromkeys(notes.folds.tolist()):
        keep = notes.folds != held
        best, chosen = -1, TODAY
        for r in all_roles:
            h = hits[r]
            if not admissible(notes, turns, keep, h, turn_hits[r]):
                continue
            n = int(h[inj & keep].sum())
            if n > best:
                best, chosen = n, r
        out = ~keep
        fig: dict[str, Any] = {}
        for name, m in (("injection", inj & out), ("clean", clean & out & ~notes.honest),
                        ("honest", clean & out & notes.honest),
                        ("agent_notes", clean & out & _agent(notes))):
            fig[name] = [int(hits[chosen][m].sum()), int(m.sum())]
            pooled[name][0] += fig[name][0]
            pooled[name][1] += fig[name][1]
            t = int(hits[TODAY][m].sum())
            fig[name + "_today"] = t
            today_pooled[name][0] += t
            today_pooled[name][1] += int(m.sum())
        folds[held] = {"role": "/".join(map(str, chosen)), **fig}
        print(held, json.dumps(folds[held]), file=sys.stderr, flush=True)
    return {"grid": grid, "folds": folds, "pooled": pooled, "pooled_today": today_pooled}


def _agent(notes: Arrays) -> np.ndarray:
    """Which texts are repository notes to agents (none when not marked)."""
    return notes.agent if notes.agent is not None else np.zeros(len(notes.marked), bool)


def dev_check(data: tc.Data, models: dict[str, learned.Model | None],
              cache: Path | None) -> dict[str, Any]:
    """The DEV CHECK: ``models`` (``None``: the model trained on the forty-four readable
    splits only) score fresh43-46; counts per split, role, group and kind (no text)."""
    out: dict[str, Any] = {}
    for name, model in models.items():
        if model is None:
            path = cache / "dev_model.pkl" if cache else None
            if path is not None and path.exists():
                with path.open("rb") as f:
                    model = pickle.load(f)
            else:
                model = data.model(list(READABLE))
                if path is not None:
                    with path.open("wb") as f:
                        pickle.dump(model, f)
        assert model is not None
        for split in DEV:
            texts = data.texts[split]
            for text in texts:
                if not hasattr(text, "rich"):
                    raise SystemExit("the dev check needs the rich reading (prepare)")
            arrays = Arrays.of(texts, _probs(model, texts))
            kinds = np.array([r.get("kind", "") for r in data.rows[split]])
            for role in (TODAY, ("none", "", 0.0, 0.0), *((("own", "cued", p, 0.0))
                                                          for p in sorted(OWN_P))):
                h = arrays.hits(role)
                key = "/".join(map(str, role))
                fig: dict[str, Any] = {}
                for g in ("injection", "clean", "secret"):
                    m = arrays.groups == g
                    fig[g] = [int(h[m].sum()), int(m.sum())]
                fig["injection_kinds"] = {
                    str(k): [int(h[(kinds == k) & (arrays.groups == "injection")].sum()),
                             int(((kinds == k) & (arrays.groups == "injection")).sum())]
                    for k in sorted(set(kinds[arrays.groups == "injection"].tolist()))}
                out.setdefault(name, {}).setdefault(key, {})[split] = fig
    for name, by_role in out.items():
        for key, by_split in by_role.items():
            total = {g: [sum(f[g][0] for f in by_split.values()),
                         sum(f[g][1] for f in by_split.values())]
                     for g in ("injection", "clean", "secret")}
            print(name, key, json.dumps(total),
                  json.dumps({s: [f["injection"][0], f["clean"][0]]
                              for s, f in by_split.items()}), file=sys.stderr, flush=True)
            by_split["total"] = total
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave23_learned.py")
    parser.add_argument("--bench", type=Path, default=tc.default_bench())
    parser.add_argument("--cache", type=Path, help="a folder to keep the reading and folds")
    parser.add_argument("--write", action="store_true",
                        help=f"write {learned.WEIGHTS_FILE.name} and results/learned_cue.json")
    parser.add_argument("--label", help="save the study as results/LABEL.json")
    parser.add_argument("--gates", nargs="+", default=list(OWN_GATES), choices=OWN_GATES,
                        help="the gates the roles may use (cued: the model's cost today)")
    parser.add_argument("--old", type=Path,
                        help="the model to compare with (before --write: the shipped one)")
    parser.add_argument("--also", type=Path, nargs="*", default=[],
                        help="more models to compare with (e.g. wave 22's, not shipped)")
    parser.add_argument("--dev", action="store_true",
                        help="the dev check: a model trained on the 44 readable splits "
                             "scores fresh43-46 (counts only)")
    parser.add_argument("--dev-only", action="store_true", help="only the dev check")
    args = parser.parse_args(argv)
    cache = args.cache
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    data = prepare(args.bench, cache / "data.pkl" if cache else None)
    dev: dict[str, Any] = {}
    if args.dev or args.dev_only:
        others: dict[str, learned.Model | None] = {"trained_on_44": None}
        if args.old is not None:
            others["shipped"] = learned.read(args.old)
        for path in args.also:
            others[path.stem] = learned.read(path)
        dev = dev_check(data, others, cache)
        if args.dev_only:
            if args.label:
                tc.publish({"dev": dev}, args.label + "_dev")
            return 0
    oof = out_of_fold(data, cache / "oof.pkl" if cache else None)
    for raw, text in zip(raw_texts(data), oof["texts"], strict=True):
        bounded(raw, text)
    for raw, text in zip(data.bound_turns, data.held, strict=True):
        bounded(raw, text)
    notes = Arrays.of(oof["texts"], oof["probs"])
    agents = set(AGENT_REPO_NOTES)
    notes.agent = notes.honest & np.array([r in agents for r in raw_texts(data)])
    print(f"agent notes: {int(notes.agent.sum())}", file=sys.stderr)
    turns = Arrays.of(data.held, oof["turn_probs"])
    print(f"{len(oof['texts'])} texts, {len(data.held)} bound turns", file=sys.stderr)
    report = study(notes, turns, tuple(args.gates))
    compared = {"new_all_splits": oof["model"]}
    if args.old is not None:
        compared["shipped"] = learned.read(args.old)
    for path in args.also:
        compared[path.stem] = learned.read(path)
    report["before_after"] = before_after(oof["texts"], notes, compared)
    report["dev"] = dev
    if args.write:
        write(data, oof)
    if args.label:
        tc.publish(report, args.label)
    print(json.dumps({k: report[k] for k in ("pooled", "pooled_today", "before_after")}, indent=1))
    return 0


def before_after(texts: list[tc.Text], notes: Arrays,
                 models: dict[str, learned.Model]) -> dict[str, Any]:
    """Flags on every seen split (rows and honest notes) under today's role: out of fold,
    and with each of ``models`` (the shipped wave 18 model trained on 28 of the splits,
    the new one on all: in-sample there)."""
    inj, clean = notes.groups == "injection", notes.groups == "clean"

    def figures(arrays: Arrays) -> dict[str, int]:
        h = arrays.hits(TODAY)
        return {"injection": int(h[inj].sum()), "clean": int(h[clean & ~notes.honest].sum()),
                "honest": int(h[clean & notes.honest].sum()),
                "agent_notes": int(h[clean & _agent(notes)].sum()),
                "n_injection": int(inj.sum()),
                "n_clean": int((clean & ~notes.honest).sum()),
                "n_honest": int((clean & notes.honest).sum())}

    out = {"out_of_fold": figures(notes)}
    for name, model in models.items():
        out[name] = figures(Arrays.of(texts, _probs(model, texts)))
    return out


def write(data: tc.Data, oof: dict[str, Any]) -> None:
    """The model trained on every split written to the package, and ``train_cue``'s report
    from the out-of-fold scores (the learned cue where a phrase cue counts)."""
    model = oof["model"]
    path = learned.WEIGHTS_FILE
    learned.write(model, path)
    gated = [[p if piece[2] else 0.0 for piece, p in zip(t.pieces, ps, strict=True)]
             for t, ps in zip(oof["texts"], oof["probs"], strict=True)]
    turn_gated = [[p if piece[2] else 0.0 for piece, p in zip(t.pieces, ps, strict=True)]
                  for t, ps in zip(data.held, oof["turn_probs"], strict=True)]
    scored = (oof["texts"], gated)
    turns = (data.held, turn_gated)
    chosen = {p: tc.choose_by(p, scored, turns) for p in tc.PROTOCOLS}
    report = {"chosen": {p: {"weight": w, "floor": f, "threshold": t,
                             "out_of_fold": tc.counts(scored, (w, f, t)),
                             "bound_turns": tc.counts(turns, (w, f, t))["turn"]}
                         for p, (w, f, t) in chosen.items()},
              "features": len(model.weights),
              "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
              "sample_sha256": hashlib.sha256(tc.sample_model().to_json()).hexdigest()}
    tc.publish(report, "learned_cue")


if __name__ == "__main__":
    sys.exit(main())
