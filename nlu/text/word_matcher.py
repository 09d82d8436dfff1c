"""Vocabulary matches at word boundaries (issue 18): the one filter every stage puts its
pack-word matches through.

The pack's word scanners find a word wherever its characters occur; Chinese has no spaces,
so 工单 occurs inside 施工单位 and 别 inside 区别. A match is kept only when it does not cut
into a general-language word of the segmentation (jieba's dictionary plus the pack's words,
`nlu.text.words`); a pack word that holds the whole match (一车间 holds 车间) does not
count against it, one that only overlaps it (张工 | 工单 in 那张工单) does. The few morphemes the pack marks `bound` (`lexicons/word_boundaries.json`: 修
in C6修) may match inside a word. Until the segmenter is loaded every match is kept — the
behaviour before this filter — so a cold process never waits on jieba.
"""
from __future__ import annotations

import threading
from typing import Iterable, TypeVar

from nlu.text.wordscan import Match, WordScanner
from nlu.text.words import pack_words, words_for

T = TypeVar("T")


class BoundaryFilter:
    def __init__(self, pack) -> None:  # noqa: ANN001
        from nlu.lexicon import load_data_file

        self.words = words_for(pack)
        self.pack_words = pack_words(pack)
        data = load_data_file("word_boundaries.json", pack.root)
        self.bound = frozenset(data["bound"])
        self.light = frozenset(data["lightAffixes"])

    def at_boundaries(self, text: str, start: int, end: int) -> bool:
        """text[start:end] cuts into no general-language word (or the filter cannot tell yet)."""
        if text[start:end] in self.bound or not self.words.ready():
            return True
        return all(self._holds(t, text, start, end) for t in self.words.crossing(text, start, end))

    def _holds(self, token, text: str, start: int, end: int) -> bool:  # noqa: ANN001
        """A longer word holding the whole match lets it count: a pack word (一车间 ⊃ 车间), or a
        word that adds only light morphemes (多少台 ⊃ 多少, 台车 in 这台车 ⊃ 车). A word that only
        overlaps the match (工单 under 张工 in 那张工单) never does."""
        if not (token.start <= start and end <= token.end):
            return False
        if token.text in self.pack_words:
            return True
        added = text[token.start:start] + text[end:token.end]
        return all(ch in self.light for ch in added)

    def keep(self, text: str, matches: Iterable[T]) -> list[T]:
        """The matches (anything with .start and .end) that sit at word boundaries."""
        return [m for m in matches if self.at_boundaries(text, m.start, m.end)]  # type: ignore[attr-defined]

    def scan(self, scanner: WordScanner, text: str, folded: str | None = None) -> list[Match]:
        """`scanner.scan` at word boundaries: a longest match that cuts into a word gives way to
        the shorter pack words inside it that do not (还有多少: 有多少 cuts into 还有, 多少 is kept)."""
        out: list[Match] = []
        for m in scanner.scan(text, folded):
            if self.at_boundaries(text, m.start, m.end):
                out.append(m)
                continue
            inner = sorted((Match(m.start + x.start, m.start + x.end, x.values)
                            for x in scanner.scan_overlapping(text[m.start:m.end])
                            if x.end - x.start < m.end - m.start),
                           key=lambda x: (x.start, -(x.end - x.start)))
            last = m.start
            for x in inner:
                if x.start >= last and self.at_boundaries(text, x.start, x.end):
                    out.append(x)
                    last = x.end
        return out


_BY_PACK: dict[int, tuple[object, BoundaryFilter]] = {}
_LOCK = threading.Lock()


def boundary_filter(pack) -> BoundaryFilter:  # noqa: ANN001
    """The one filter of `pack` (built on first call)."""
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    with _LOCK:
        got = _BY_PACK.get(id(pack))
        if got is None or got[0] is not pack:
            got = _BY_PACK[id(pack)] = (pack, BoundaryFilter(pack))
        return got[1]


class PosTagger:
    """jieba's part-of-speech tagger and its dictionary's tags, loaded once per process
    (~0.5 s; `warm_up()` loads it). Only rare paths use it (is this chit-chat? is 施工 a
    name?); callers check `ready()` and stay conservative until it is."""

    def __init__(self) -> None:
        self._dt = None
        self._lock = threading.Lock()

    def ready(self) -> bool:
        return self._dt is not None

    def load(self) -> None:
        if self._dt is not None:
            return
        with self._lock:
            if self._dt is None:
                import logging

                import jieba
                import jieba.posseg

                jieba.setLogLevel(logging.ERROR)
                jieba.posseg.dt.tokenizer.initialize()
                jieba.posseg.dt.load_word_tag(jieba.posseg.dt.tokenizer.get_dict_file()) \
                    if not jieba.posseg.dt.word_tag_tab else None
                self._dt = jieba.posseg.dt

    def load_in_background(self) -> None:
        import logging

        def load() -> None:
            try:
                self.load()
            except Exception:  # noqa: BLE001 - logged; callers stay conservative
                logging.getLogger(__name__).exception("E-W02 loading jieba's part-of-speech tagger failed")

        threading.Thread(target=load, name="nlu-pos-load", daemon=True).start()

    def cut(self, text: str) -> list[tuple[str, str]]:
        """(word, tag) pairs of `text`."""
        return [(p.word, p.flag) for p in self._dt.cut(text)]

    def dictionary_tag(self, word: str) -> str | None:
        """The tag jieba's dictionary gives `word` (None: not a dictionary word)."""
        return self._dt.word_tag_tab.get(word)


POS = PosTagger()
