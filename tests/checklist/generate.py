"""Builds the CheckList cases of `suite.json` (deterministic for its seed).

A case is a pair (base text, perturbed text) and the property the pair must keep. The
identifiers are drawn from per-type shapes and checked against the pack's own identifier
patterns, so the suite follows the pack; filler words must be words the pack lists.
"""
from __future__ import annotations

import json
import random
import re
import unicodedata
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from nlu.lexicon import load_pack

SUITE = json.loads((Path(__file__).with_name("suite.json")).read_text(encoding="utf-8"))
SLOT = re.compile(r"\{(\w+)\}")
ID_TOKEN = re.compile(r"[A-Z]+[0-9A-Z]*-\d+")


@dataclass(frozen=True)
class Pair:
    family: str
    base: str
    perturbed: str
    # for an identifier swap: (old, new)
    swap: tuple[str, str] | None = None


def _identifiers(rng: random.Random) -> dict[str, list[str]]:
    pack = load_pack()
    patterns = {p.entity_type: re.compile(p.regex, re.IGNORECASE) for p in pack.identifier_patterns}
    out: dict[str, list[str]] = {}
    for kind, shapes in SUITE["idShapes"].items():
        ids: list[str] = []
        while len(ids) < SUITE["idsPerType"]:
            shape = rng.choice(shapes)
            ident = "".join(str(rng.randrange(10)) if c == "#" else c for c in shape)
            assert patterns[kind].fullmatch(ident), (kind, ident)
            if ident not in ids:
                ids.append(ident)
        out[kind] = ids
    return out


def _fill(frame: str, ids: dict[str, list[str]], rng: random.Random) -> tuple[str, dict[str, str]]:
    chosen: dict[str, str] = {}

    def one(m: re.Match) -> str:
        kind = m.group(1)
        chosen.setdefault(kind, rng.choice(ids[kind]))
        return chosen[kind]

    return SLOT.sub(one, frame), chosen


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in text)


def _spacing(kind: str, text: str) -> str:
    if kind == "drop_space_around_ids":
        return re.sub(r"\s*(" + ID_TOKEN.pattern + r")\s*", r"\1", text)
    if kind == "double_spaces":
        return re.sub(r" ", "  ", text) if " " in text else text + " "
    if kind == "space_between_cjk":
        return re.sub(r"(?<=[\u4e00-\u9fff])(?=[\u4e00-\u9fff])", " ", text)
    raise KeyError(kind)


def _pack_words() -> set[str]:
    pack = load_pack()
    return set(pack.politeness_words) | set(pack.discourse_words)


def _made_of(word: str, words: set[str]) -> bool:
    """Whether `word` is a run of the pack's filler words (请问一下 = 请问 + 一下)."""
    if not word:
        return True
    return any(word.startswith(w) and _made_of(word[len(w):], words) for w in words)


def bases(rng: random.Random, ids: dict[str, list[str]]) -> list[tuple[str, dict[str, str]]]:
    out = []
    for frame in SUITE["reads"]:
        for _ in range(SUITE["idsPerType"]):
            out.append(_fill(frame, ids, rng))
    return out


def invariance_pairs() -> list[Pair]:
    rng = random.Random(SUITE["seed"])
    ids = _identifiers(rng)
    words = _pack_words()
    inv = SUITE["invariance"]
    for p in inv["prefixes"] + inv["suffixes"]:
        core = p.strip("，。？！")
        assert _made_of(core, words), f"perturbation word {core!r} is not in the pack's fillers"
    pairs: list[Pair] = []
    for text, _ in bases(rng, ids):
        pairs += [Pair("prefix", text, p + text) for p in inv["prefixes"]]
        pairs += [Pair("suffix", text, text + s) for s in inv["suffixes"]]
        pairs += [Pair("spacing:" + k, text, _spacing(k, text)) for k in inv["spacing"]]
        pairs += [Pair("width", text, _fullwidth(text)) for _ in inv["width"]]
    return pairs


def swap_pairs() -> list[Pair]:
    rng = random.Random(SUITE["seed"] + 1)
    ids = _identifiers(rng)
    pairs = []
    for text, chosen in bases(rng, ids):
        for kind, old in chosen.items():
            new = rng.choice([i for i in ids[kind] if i != old])
            pairs.append(Pair("swap", text, text.replace(old, new), (old, new)))
    return pairs


def write_cases() -> list[tuple[str, str, str]]:
    """(read text, write text, negated write text) triples."""
    rng = random.Random(SUITE["seed"] + 2)
    ids = _identifiers(rng)
    out = []
    for w, ident, neg in product(SUITE["writes"], range(SUITE["idsPerType"]), SUITE["negationInsert"]):
        obj = ids[w["slot"]][ident]
        read = rng.choice([f for f in SUITE["readForWrite"] if "{" + w["slot"] + "}" in f]).replace("{" + w["slot"] + "}", obj)
        for verb in w["verbs"]:
            write = w["text"].replace("{verb}", verb).replace("{" + w["slot"] + "}", obj)
            negated = write.replace(verb, neg + verb, 1)
            out.append((read, write, negated))
    return out


def fold(text: str) -> str:
    """How a fact is compared: NFKC, no spaces, case-folded."""
    return "".join(unicodedata.normalize("NFKC", text).split()).casefold()
