"""Dictionary matching: leftmost-longest scan of a text against many words, via a trie.

One mechanism for every word list of the pack (actions, negation, terms, triggers…):
cheaper than a regex alternation of hundreds of words, and the same everywhere. ASCII is
matched case-insensitively; a word that begins or ends with an ASCII letter or digit only
matches on an ASCII word boundary, so "AGV" is found in "AGV-01" but "ST" is not in "STOP".
"""
from __future__ import annotations

from typing import Generic, Iterable, Iterator, NamedTuple, TypeVar

V = TypeVar("V")
_END = "\x00"
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold_ascii(text: str) -> str:
    """Lower-case ASCII only: keeps every offset (str.lower() may change lengths)."""
    return text.translate(_ASCII_LOWER)


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


class Match(NamedTuple, Generic[V]):  # type: ignore[misc]
    start: int
    end: int
    values: tuple


class WordScanner(Generic[V]):
    def __init__(self, entries: Iterable[tuple[str, V]]) -> None:
        self._root: dict = {}
        for word, value in entries:
            if not word:
                continue
            node = self._root
            for ch in fold_ascii(word):
                node = node.setdefault(ch, {})
            node.setdefault(_END, []).append(value)
        self._first = frozenset(self._root)

    def __bool__(self) -> bool:
        return bool(self._root)

    def _longest_at(self, folded: str, i: int) -> tuple[int, list] | None:
        node = self._root
        best = None
        j = i
        n = len(folded)
        while j < n:
            node = node.get(folded[j])
            if node is None:
                break
            j += 1
            vals = node.get(_END)
            if vals is not None and self._bounded(folded, i, j):
                best = (j, vals)
        return best

    @staticmethod
    def _bounded(folded: str, i: int, j: int) -> bool:
        if _is_word_char(folded[i]) and i > 0 and _is_word_char(folded[i - 1]):
            return False
        if _is_word_char(folded[j - 1]) and j < len(folded) and _is_word_char(folded[j]):
            return False
        return True

    def scan(self, text: str, folded: str | None = None) -> list[Match]:
        """Non-overlapping leftmost-longest matches."""
        folded = fold_ascii(text) if folded is None else folded
        out: list[Match] = []
        first = self._first
        i, n = 0, len(folded)
        while i < n:
            if folded[i] in first:
                hit = self._longest_at(folded, i)
                if hit is not None:
                    out.append(Match(i, hit[0], tuple(hit[1])))
                    i = hit[0]
                    continue
            i += 1
        return out

    def scan_overlapping(self, text: str) -> Iterator[Match]:
        """Every match at every position (all lengths), for callers that resolve overlaps."""
        folded = fold_ascii(text)
        first = self._first
        for i in range(len(folded)):
            if folded[i] not in first:
                continue
            node = self._root
            j = i
            while j < len(folded):
                node = node.get(folded[j])
                if node is None:
                    break
                j += 1
                vals = node.get(_END)
                if vals is not None and self._bounded(folded, i, j):
                    yield Match(i, j, tuple(vals))
