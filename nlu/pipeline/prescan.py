"""The pre-scan of a degraded turn (issue 26, part 4): write and injection cues in the raw text.

When the budget runs out, the call is cancelled, a model is still cold or a stage raised, the
pipeline has not verified the turn. It may then hand the original back (`use_original`) only
when this scan finds no write cue and no injection cue in the raw text; otherwise the turn
asks the user to say the request again briefly (`Pipeline._fail_closed`).

The cue words come from the pack passed to the Pipeline, read once when it is built (never
at import): the write actions of ``actions.json``; the write and egress words of
``injection.json`` and the word classes named in `INJECTION_CLASSES` / role markers / tool
keys; the write-shaped word classes of ``write_safety.json`` and ``implied_actions.json``
named below (single result characters are joined to their verbs: 派 + 去 → 派去). The code
names classes, never their characters.

`PreScan.cues` is one pass of one compiled trie regex (`nlu.text.wordscan.WordScanner`) over
a folded view (width, case, invisible characters and the pack's injection fold table);
`PreScan.cues_plain` is the reference form (substring tests, word by word); a test compares
them on corpora.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from nlu.text.wordscan import WordScanner, fold_ascii

WRITE, INJECTION = "write_cue", "injection_cue"

# injection.json word classes whose words address the system, whatever the sentence around them
INJECTION_CLASSES = ("override", "dismiss", "persona", "safety", "supreme", "aiaddr", "secret", "personamode")
# write_safety.json lists whose words order or change something
WRITE_SAFETY_LISTS = ("writeCoverbs", "dateTargetVerbs", "valuelessChanges", "vagueActions")
# implied_actions.json classes whose words are write verbs by themselves
IMPLIED_WORD_CLASSES = ("changeVerbs", "dispatchVerbs", "stateResults", "droppingIdioms", "scheduleTails",
                        "lightDispatch", "exclusions")
# implied_actions.json (verb class, result class) pairs joined into two-character cues (派去, 送到, 撤了)
IMPLIED_PAIRS = (("topicSendVerbs", "directions"), ("sendVerbs", "sendResults"),
                 ("disposalUpdateVerbs", "disposalPerfectives"), ("disposalCancelVerbs", "disposalPerfectives"),
                 ("attributeChangeVerbs", "attributeChangeResults"), ("sendVerbs", "sendAway"))

# invisible format characters dropped before the scan (zero-width, bidi controls, soft hyphen)
_INVISIBLE = dict.fromkeys([0xAD, 0x180E, 0xFEFF, *range(0x200B, 0x2010), *range(0x202A, 0x202F),
                            *range(0x2060, 0x2065), *range(0x2066, 0x206A)])
# full-width ASCII forms and the ideographic space, one for one
_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
_SPACE_BETWEEN_HAN = re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")


def cue_words(pack: Any) -> list[tuple[str, str]]:
    """(word, kind) of every cue of `pack` (kind WRITE or INJECTION)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    out: list[tuple[str, str]] = [(a.word, WRITE) for a in pack.actions if getattr(a, "write", False)]
    inj = load_data_file("injection.json", pack.root)
    out += [(w, WRITE) for w in (*inj.get("writeWords", ()), *inj.get("egressWords", ()))]
    classes = inj.get("classes", {})
    for name in INJECTION_CLASSES:
        out += [(w, INJECTION) for w in classes.get(name, ())]
    for role in ("system", "assistant"):
        out += [(w, INJECTION) for w in inj.get("roleMarkers", {}).get(role, ())]
    out += [(w, INJECTION) for w in inj.get("toolKeys", ())]
    safety = load_data_file("write_safety.json", pack.root)
    for name in WRITE_SAFETY_LISTS:
        out += [(w, WRITE) for w in safety.get(name, ())]
    out += [(w, WRITE) for w in safety.get("latinWriteVerbs", {})]
    implied = {k: v["words"] for k, v in load_data_file("implied_actions.json", pack.root)["classes"].items()}
    for name in IMPLIED_WORD_CLASSES:
        out += [(w, WRITE) for w in implied.get(name, ())]
    for verbs, ends in IMPLIED_PAIRS:
        out += [(v + e, WRITE) for v in implied.get(verbs, ()) for e in implied.get(ends, ())]
    return [(w, k) for w, k in out if w.strip()]


class PreScan:
    """Built once per Pipeline from its pack; `cues(text)` is safe to call from any thread."""

    def __init__(self, pack: Any) -> None:
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        self.words = cue_words(pack)
        fold = load_data_file("injection.json", pack.root).get("fold", {})
        self._table = {**_INVISIBLE, **_WIDTH, **{ord(k): v for k, v in fold.items() if len(k) == 1}}
        self._scanner: WordScanner[str] = WordScanner((self._fold(w), k) for w, k in self.words)
        self._plain = [(fold_ascii(self._fold(w)), k) for w, k in self.words]

    def _fold(self, text: str) -> str:
        """Width, invisible characters, the pack's look-alike/variant table; spaces between Han
        characters go (删 除 → 删除). Offsets are not kept: the scan only says whether."""
        return _SPACE_BETWEEN_HAN.sub("", text.translate(self._table))

    def cues(self, text: str) -> frozenset[str]:
        """The kinds of cue in `text` (empty: neither a write nor an injection cue)."""
        return frozenset(k for m in self._scanner.scan(self._fold(text)) for k in m.values)

    def cues_plain(self, text: str) -> frozenset[str]:
        """Reference form: each cue word tested on its own (ASCII words on ASCII word boundaries)."""
        folded = fold_ascii(self._fold(text))
        found = set()
        for word, kind in self._plain:
            if kind in found:
                continue
            if _contains(folded, word):
                found.add(kind)
        return frozenset(found)


def _contains(folded: str, word: str) -> bool:
    i = folded.find(word)
    while i >= 0:
        left_ok = not (word[0].isascii() and word[0].isalnum() and i and _asciiword(folded[i - 1]))
        j = i + len(word)
        right_ok = not (word[-1].isascii() and word[-1].isalnum() and j < len(folded) and _asciiword(folded[j]))
        if left_ok and right_ok:
            return True
        i = folded.find(word, i + 1)
    return False


def _asciiword(ch: str) -> bool:
    return ch in "abcdefghijklmnopqrstuvwxyz0123456789"


def kinds_of(words: Iterable[tuple[str, str]]) -> set[str]:
    return {k for _, k in words}
