"""Dictionary matching: leftmost-longest scan of a text against many words, via a trie.

One mechanism for every word list of the pack (actions, negation, terms, triggers…):
cheaper than a regex alternation of hundreds of words, and the same everywhere. ASCII is
matched case-insensitively; a word that begins or ends with an ASCII letter or digit only
matches on an ASCII word boundary, so "AGV" is found in "AGV-01" but "ST" is not in "STOP".
"""
from __future__ import annotations

import re
from typing import Generic, Iterable, Iterator, NamedTuple, TypeVar

from nlu import warm_cache

V = TypeVar("V")
_END = "\x00"
# ASCII letters and digits as they appear in folded text (upper case is folded away)
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
# Several stages scan the same text with the same scanner (protect and the sentence view,
# correct and term) within one turn; the last few results are kept per scanner (a few
# concurrent turns fit). Bounded: cleared when full.
_MEMO_SIZE = 16


def fold_ascii(text: str) -> str:
    """Lower-case ASCII only: keeps every offset (str.lower() may change lengths).

    A turn made only of ASCII and characters that have no case (CJK, kana, punctuation, the
    full-width forms other than letters) is folded by `str.lower()` in one C call; any other
    has only its upper-case ASCII runs rewritten (`str.translate` would visit every
    character of a Chinese turn through its slow non-ASCII path)."""
    if _CASELESS_OR_ASCII.fullmatch(text):
        return text.lower()
    return _UPPER_RUN.sub(_lower, text)


_UPPER_RUN = re.compile("[A-Z]+")
# Characters `str.lower()` leaves as they are, besides ASCII (checked over every code point
# in the tests).
_CASELESS_OR_ASCII = re.compile(
    "[\x00-\x7f\xa0-\xbf\u2000-\u206f\u2e80-\u2fdf\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\ufe30-\ufe4f\uff01-\uff20\uff3b-\uffef\U00020000-\U0003134f]*")


def _lower(m: re.Match[str]) -> str:
    return m.group().lower()


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _trie_regex(node: dict, prefix: str, words: dict[str, tuple]) -> str:
    """The trie below `node` as a regex with leftmost-longest semantics.

    At each node the branches that read one more character come before the word that ends
    here, so the engine takes the longest word from a start and backtracks to a shorter one
    only when the longer fails an ASCII word boundary. The branches begin with distinct
    literal characters, which the engine tests before entering any of them.
    """
    branches = []
    # in character order, not the trie's insertion order: the word lists often come from sets,
    # whose order changes from process to process, and the same pattern text lets the next
    # process take the compiled regex from the start-up cache (`nlu.warm_cache`). The branches
    # begin with distinct characters, so their order never changes a match.
    for ch in sorted(node):
        if ch == _END:
            continue
        child = node[ch]
        word = prefix + ch
        # the left boundary is tested after the first character, so that every branch
        # begins with a literal and the engine can skip to possible first characters
        left = "(?<![a-z0-9].)" if not prefix and ch in _WORD_CHARS else ""
        rest = _trie_regex(child, word, words)
        end = child.get(_END)
        if end is not None:
            words[word] = end[0]
            here = "(?![a-z0-9])" if end[2] else ""
            rest = f"(?:{rest}|{here})" if rest else here
        branches.append(re.escape(ch) + left + rest)
    if not branches:
        return ""
    if not prefix and len(branches) > _BUCKET_ABOVE:
        return _bucketed(branches)
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


# Measured on the default pack: the regex engine tries a top-level alternation branch by
# branch, so past ~60 first characters a few groups pay (4 up to 200 branches, 8 beyond);
# more groups cost more lookaheads than they save.
_BUCKET_ABOVE = 60


def _bucketed(branches: list[str]) -> str:
    """A long top-level alternation split into groups, each behind a one-class lookahead of
    its first characters: the engine then tests a few classes and one group's literals at a
    candidate position, instead of every branch in turn (hundreds for the term list). The
    outer lookahead lets every other position fail at once."""
    groups: dict[int, list[tuple[str, str]]] = {}
    buckets = 4 if len(branches) <= 200 else 8
    for b in branches:
        first = _first_char(b)
        groups.setdefault(ord(first) % buckets, []).append((first, b))
    parts = []
    for members in groups.values():
        chars = "".join(re.escape(c) for c, _ in members)
        parts.append(f"(?=[{chars}])(?:" + "|".join(b for _, b in members) + ")")
    every = "".join(re.escape(_first_char(b)) for b in branches)
    return f"(?=[{every}])(?:" + "|".join(parts) + ")"


def _first_char(branch: str) -> str:
    """The literal a branch built by `_trie_regex` opens with (re.escape may prefix a \\)."""
    return branch[1] if branch[0] == "\\" else branch[0]


class Match(NamedTuple, Generic[V]):  # type: ignore[misc]
    start: int
    end: int
    values: tuple


class WordScanner(Generic[V]):
    def __init__(self, entries: Iterable[tuple[str, V]]) -> None:
        self._root: dict = {}
        self.longest = 0  # the longest word, in characters
        for word, value in entries:
            if not word:
                continue
            self.longest = max(self.longest, len(word))
            node = self._root
            for ch in fold_ascii(word):
                node = node.setdefault(ch, {})
            node.setdefault(_END, []).append(value)
        # Each word end becomes (values, needs left boundary, needs right boundary): the
        # boundary rule depends only on the word's own first and last character.
        stack = [(self._root, "")]
        while stack:
            node, prefix = stack.pop()
            for ch, child in node.items():
                if ch == _END:
                    node[_END] = (tuple(child), prefix[0] in _WORD_CHARS, prefix[-1] in _WORD_CHARS)
                else:
                    stack.append((child, prefix + ch))
        self._first = frozenset(self._root)
        # The scan jumps from one possible first character to the next inside the regex
        # engine instead of testing every character in Python.
        self._first_re = warm_cache.compile("[" + "".join(re.escape(c) for c in sorted(self._first)) + "]") if self._root else None
        # The same trie as one regex (see `_trie_regex`): `scan` runs wholly in the regex engine.
        self._words: dict[str, tuple] = {}
        self._scan_re = warm_cache.compile(_trie_regex(self._root, "", self._words)) if self._root else None
        # the same regex inside a lookahead: a (zero-width) match at every position where a word
        # starts, its group the longest word from there (`longest_each` without a Python loop)
        self._each_re = warm_cache.compile(f"(?=({self._scan_re.pattern}))") if self._scan_re else None
        self._memo: dict[str, tuple[Match, ...]] = {}

    def __bool__(self) -> bool:
        return bool(self._root)

    def values_of(self, surfaces: Iterable[str]) -> frozenset[int]:
        """The identities of the `values` tuples a match of one of `surfaces` carries (each word
        has its own tuple, shared by all its matches): a caller sorting many matches by surface
        tests `id(m.values)` instead of slicing the text for each."""
        return frozenset(id(v) for w, v in self._words.items() if w in surfaces)

    def scan(self, text: str, folded: str | None = None) -> list[Match]:
        """Non-overlapping leftmost-longest matches."""
        folded = fold_ascii(text) if folded is None else folded
        found = self._memo.get(folded)
        if found is None:
            found = self._scan(folded)
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            self._memo[folded] = found
        return list(found)

    def _scan(self, folded: str) -> tuple[Match, ...]:
        if self._scan_re is None:
            return ()
        words = self._words
        new = tuple.__new__  # (start, end, values) built directly: a turn makes dozens per scanner
        return tuple([new(Match, (m.start(), m.end(), words[m.group()])) for m in self._scan_re.finditer(folded)])

    def _scan_by_trie(self, folded: str) -> tuple[Match, ...]:
        """The trie walk `_scan` compiles to a regex; kept as its executable reference."""
        if self._first_re is None:
            return ()
        out: list[Match] = []
        m = self._first_re.search(folded)
        while m is not None:
            i = m.start()
            ends = self._ends_from(folded, i)
            if ends:
                j, values = ends[-1]  # longest word from i
                out.append(Match(i, j, values))
                m = self._first_re.search(folded, j)
            else:
                m = self._first_re.search(folded, i + 1)
        return tuple(out)

    def scan_overlapping(self, text: str) -> Iterator[Match]:
        """Every match at every position (all lengths), for callers that resolve overlaps.

        The trie is walked only where a word starts: the lookahead regex of `longest_each`
        finds those positions in the regex engine (a position has a longest match exactly
        when it has any), where most positions holding a possible first character start
        none. `_scan_overlapping_by_first_chars` is the plain form (a test compares)."""
        return self._overlapping_at(self._each_re, text)

    def _scan_overlapping_by_first_chars(self, text: str) -> Iterator[Match]:
        """`scan_overlapping` walking the trie from every possible first character."""
        return self._overlapping_at(self._first_re, text)

    def _overlapping_at(self, starts: re.Pattern[str] | None, text: str) -> Iterator[Match]:
        """Every word from every position `starts` finds in the folded text."""
        if starts is None:
            return
        folded = fold_ascii(text)
        for m in starts.finditer(folded):
            i = m.start()
            for j, values in self._ends_from(folded, i):
                yield Match(i, j, values)

    def longest_each(self, text: str, start: int = 0, stop: int | None = None,
                     folded: str | None = None) -> list[tuple[int, int]]:
        """(start, end) of the longest match at every position in [start, stop) that has one
        (the whole text by default): the same characters as the union of `scan_overlapping`,
        for callers that only need coverage. A match may end past `stop`; the text before
        `start` still counts for the ASCII boundary. Runs wholly in the regex engine;
        `_longest_each_by_trie` is the plain form (a test compares the two)."""
        if self._each_re is None:
            return []
        folded = fold_ascii(text) if folded is None else folded
        if stop is None or stop >= len(folded):
            return [(m.start(), m.end(1)) for m in self._each_re.finditer(folded, start)]
        out = []
        for m in self._each_re.finditer(folded, start):
            if m.start() >= stop:
                break
            out.append((m.start(), m.end(1)))
        return out

    def _longest_each_by_trie(self, text: str) -> list[tuple[int, int]]:
        """The trie walk `longest_each` compiles to a regex; kept as its executable reference."""
        if self._first_re is None:
            return []
        folded = fold_ascii(text)
        out: list[tuple[int, int]] = []
        for m in self._first_re.finditer(folded):
            ends = self._ends_from(folded, m.start())
            if ends:
                out.append((m.start(), ends[-1][0]))
        return out

    def _ends_from(self, folded: str, i: int) -> list[tuple[int, tuple]]:
        """(end, values) of every word that starts at i and respects the ASCII word
        boundaries, shortest first: the one trie walk behind the three scans above."""
        n = len(folded)
        node = self._root[folded[i]]
        left_ok = not (i and folded[i - 1] in _WORD_CHARS)
        out = []
        j = i + 1
        while True:
            hit = node.get(_END)
            if hit is not None and (left_ok or not hit[1]) and not (hit[2] and j < n and folded[j] in _WORD_CHARS):
                out.append((j, hit[0]))
            if j == n:
                return out
            node = node.get(folded[j])
            if node is None:
                return out
            j += 1
