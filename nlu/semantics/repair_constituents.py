"""The constituent a self-repair replaces (design 7.1: the last explicit correction wins).

A speaker who corrects one word says the new word right after the marker: 统计本周，改成上周的
报表 replaces a time by a time, 下发到站点ST-03不对ST-08 a station by a station, 把任务取消
不对 是暂停 an action by an action. What the repair retracts is only the constituent of the
same type that the abandoned part ends with — the verb, the object and the context before it
stay (取消 T-…01 说错了 是 T-…03 → 取消 T-…03, not 是 T-…03).

Types, each found in a bounded window (a few dozen code points):

* ``id:<PREFIX>`` — a Latin identifier; two are of one type when their letter prefixes agree
  (ST-03 / ST-08, T-…01 / T-…03; never ST-03 / AGV-10);
* ``time`` — what the value reader takes for a time (本周, 上周, 昨天, 3月5号);
* ``place`` — a place noun phrase, ``placeShapes`` of the ``selfRepair`` lexicon section
  (一车间, 3号库);
* ``quantity`` — a count with its classifier, ``quantityShapes`` of that section (五台, 3辆);
* ``action`` — a word of the pack's ``actions.json`` (取消, 暂停, 统计), or the colloquial verb
  of a disposal right after its object (把 WO-… 关了 → 关了).
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Iterable

from nlu.lexicon.word_classes import function_words
from nlu.values.vocabulary import PerRoot

_ID_RE = re.compile(r"[A-Za-z]+[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_WINDOW = 24  # longest constituent considered, in code points
# the value reader resolves against a reference; only the span matters here
_REFERENCE = datetime(2026, 1, 1, 12, 0)


class ConstituentTyper:
    """Finds typed constituents at a position (a repair's first) or ending at one (the
    abandoned part's last)."""

    def __init__(self, place_shapes: Iterable[str], quantity_shapes: Iterable[str] = (), root=None) -> None:  # noqa: ANN001
        self._w = _words(root)  # the words of the pack at `root` (None: the default pack)
        shapes = "|".join(f"(?:{s})" for s in place_shapes)
        self._place_re = re.compile(shapes) if shapes else None
        counts = "|".join(f"(?:{s})" for s in quantity_shapes)
        self._quantity_re = re.compile(counts) if counts else None

    # ------------------------------------------------------------------ at / ending at
    def at(self, v: str, i: int) -> tuple[str, int] | None:
        """(type, end) of the constituent that starts exactly at `i`, or None."""
        m = _ID_RE.match(v, i)
        if m is not None and _has_digit(m.group()):
            return _id_type(m.group()), m.end()
        if self._place_re is not None:
            m = self._place_re.match(v, i)
            if m is not None:
                return "place", m.end()
        if self._quantity_re is not None:
            m = self._quantity_re.match(v, i)
            if m is not None:
                return "quantity", m.end()
        for t0, t1 in _times(v[i:i + _WINDOW]):
            if t0 == 0:
                return "time", i + t1
        word = _action_at(v, i, self._w)
        if word:
            return "action", i + len(word)
        return None

    def ending_at(self, v: str, lo: int, end: int, kind: str) -> int | None:
        """Start of the constituent of type `kind` that ends exactly at `end` (not before `lo`)."""
        w0 = max(lo, end - _WINDOW)
        if kind.startswith("id:"):
            for m in _ID_RE.finditer(v, w0, end):
                if m.end() == end and (m.start() == 0 or not v[m.start() - 1].isascii() or not v[m.start() - 1].isalnum()):
                    return m.start() if _id_type(m.group()) == kind and _has_digit(m.group()) else None
            return None
        if kind == "place" and self._place_re is not None:
            for s in range(w0, end):
                m = self._place_re.match(v, s)
                if m is not None and m.end() == end:
                    return s
            return None
        if kind == "quantity" and self._quantity_re is not None:
            for s in range(w0, end):
                m = self._quantity_re.match(v, s)
                if m is not None and m.end() == end and (s == 0 or not v[s - 1].isdigit()):
                    return s
            return None
        if kind == "time":
            best = [t0 for t0, t1 in _times(v[w0:end]) if t1 == end - w0]
            return w0 + min(best) if best else None
        if kind == "action":
            word = max((w for w in self._w.actions if v.endswith(w, w0, end)), key=len, default="")
            return end - len(word) if word else _disposal_verb(v, w0, end, self._w)
        return None


    def last_of(self, v: str, lo: int, end: int, kind: str) -> tuple[int, int] | None:
        """(start, end) of the last constituent of type `kind` inside [lo, end)."""
        w0 = max(lo, end - 2 * _WINDOW)
        found: tuple[int, int] | None = None
        if kind.startswith("id:"):
            for m in _ID_RE.finditer(v, w0, end):
                if _has_digit(m.group()) and _id_type(m.group()) == kind:
                    found = m.span()
        elif kind == "place" and self._place_re is not None:
            for m in self._place_re.finditer(v, w0, end):
                found = m.span()
        elif kind == "quantity" and self._quantity_re is not None:
            for m in self._quantity_re.finditer(v, w0, end):
                found = m.span()
        elif kind == "time":
            spans = _times(v[w0:end])
            if spans:
                t0, t1 = max(spans)
                found = (w0 + t0, w0 + t1)
        elif kind == "action":
            for j in range(w0, end):
                word = _action_at(v, j, self._w)
                if word and j + len(word) <= end:
                    found = (j, j + len(word))
        return found


def names_write(s: str, verbs_only: bool = False, root=None) -> bool:  # noqa: ANN001 - a pack root, or None
    """`s` holds a write action word of the pack (at `root`; None: the default pack) or (unless
    `verbs_only`) a coverb that carries a write (把 … 派到): a repair that replaces it must say
    the write again."""
    w = _words(root)
    return any(x in s for x in (w.write_verbs if verbs_only else w.write_words))


_DISPOSAL_VERB = 2  # a colloquial disposal verb is one or two characters (关, 停掉, 撤了)


def _disposal_verb(v: str, w0: int, end: int, w: _Words) -> int | None:
    """把 WO-20260312 关了: the verb of a disposal right after its identifier, a colloquial one
    no pack word covers (关, 停, 撤), with its aspect particle — the action a repair replaces.
    Returns where it starts, or None."""
    e = end
    while e > w0 and v[e - 1] in w.aspect:
        e -= 1
    s = e
    while s > w0 and e - s < _DISPOSAL_VERB and "\u4e00" <= v[s - 1] <= "\u9fff":
        s -= 1
    if s == e:
        return None
    obj = next((m for m in _ID_RE.finditer(v, w0, s) if m.end() == s and _has_digit(m.group())), None)
    if obj is None or not v[w0:obj.start()].rstrip().endswith(w.coverbs):
        return None  # only right after 把/将 + its object is the word a verb
    return s


def comparison_before(v: str, i: int, root=None) -> int:  # noqa: ANN001 - a pack root, or None: the default pack
    """A comparison word of the pack (低于, 不足, 不超过) ends right at `i`: it governs the value
    that follows, and its 不 is no negation of an action the repair would drop with the value.
    The length of the longest such word, 0 when none."""
    return max((len(w) for w in _words(root).comparisons if v.endswith(w, 0, i)), default=0)


def comparison_at(v: str, i: int, root=None) -> int:  # noqa: ANN001 - a pack root, or None: the default pack
    """The length of the longest comparison word of the pack starting at `i` (至少, 超过), 0 when
    none: a repair that says a comparison again with a new count (至少3台，改成至少5台)."""
    return max((len(w) for w in _words(root).comparisons if v.startswith(w, i)), default=0)


def _has_digit(s: str) -> bool:
    return any(c.isdigit() for c in s)


KEY = "id:"  # the type prefix of a key: id:AGV, id:ST …


def key_types(s: str) -> set[str]:
    """The types of the keys `s` names (AGV-05 和 ST-03 → {id:AGV, id:ST})."""
    return {_id_type(m.group()) for m in _ID_RE.finditer(s) if _has_digit(m.group())}


def _id_type(token: str) -> str:
    prefix = re.match(r"[A-Za-z]+", token)
    return KEY + (prefix.group().upper() if prefix else "")


def _times(s: str) -> list[tuple[int, int]]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.values.times import find_times

    return [(t.start, t.end) for t in find_times(s, _REFERENCE)]


class _Words:
    """What the constituents read from one pack: its action words (``actions.json``), the
    coverbs of a write (``write_safety.json``), its comparison words (``comparison.json``) and
    the particles that may close a disposal's verb (``function_words.json``). Built once per pack
    root on first use (`_words`), never at import or per call."""

    __slots__ = ("actions", "write_verbs", "write_words", "coverbs", "comparisons", "aspect")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        actions = load_data_file("actions.json", root)["actions"]
        coverbs = load_data_file("write_safety.json", root)["writeCoverbs"]
        #: every action word, longest first
        self.actions = tuple(sorted({a["word"] for a in actions}, key=len, reverse=True))
        writes = {a["word"] for a in actions if a.get("write")}
        #: the write action words; the same with the coverbs of a write
        self.write_verbs = tuple(sorted(writes, key=len, reverse=True))
        self.write_words = tuple(sorted(writes | set(coverbs), key=len, reverse=True))
        self.coverbs = tuple(coverbs)
        self.comparisons = tuple(w["word"] for w in load_data_file("comparison.json", root)["words"] if "…" not in w["word"])
        # particles that may close a disposal's verb (把 WO-… 关了)
        self.aspect = "".join(function_words(root).verb_closing_particles)


_BY_ROOT = PerRoot()  # a pack root -> its words


def _words(root) -> _Words:  # noqa: ANN001 - a pack root, or None: the default pack
    return _BY_ROOT.get(root, _Words)


def _action_at(v: str, i: int, w: _Words) -> str:
    return next((x for x in w.actions if v.startswith(x, i)), "")
