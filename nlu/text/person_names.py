"""Persons the pack does not list: jieba's name tags, held to the shape of a Chinese name.

jieba's tagger tags many non-names as names (张贴, 李子, 高峰, 石家庄 are `nr` in its
dictionary; its HMM guesses names in any unknown stretch), and misses or splits real ones
(李/nr 卫东/nr, 郑家/nrfg 豪). So a stretch is a person only when both agree: the tagger
calls it a name, and it is a surname of the pack (`people.json`) plus a short given name
that is no pack word, no common dictionary word and no place (rules and thresholds:
`lexicons/person_names.json`; corpus: `lexicons/corpora/person_names.json`).

Speed: tagging costs more than the rest of the pipeline, so it runs only where a name could
start — a surname character outside what is already claimed (identifiers, values, listed
names) that no dictionary or pack word holds (任务, 上周, 机务段 hold 任, 周, 段) — and only
on a few characters around it. A text without such a character never reaches the tagger.

Until the tagger is loaded no person is claimed (`find` is not asked: a person is never
claimed without the tagger's evidence; the turn gets the listed names and surname + title).
What could be a name is still kept as typed: `shapes` gives, from the pack's data alone, every
surname followed by a short given name that no pack word touches, and the correct stage
edits none of them (王建秀 is never offered as 王检修 while the tagger loads). A stretch holding
the wrong side of a confusion pair is no name in either state (钱天 is 前天 misheard).
"""
from __future__ import annotations

import re

from nlu.text.pos import pos_tagger
from nlu.text.words import pack_words


def _han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


class PersonNames:
    """Find the names of one pack's texts (`find`); data from `person_names.json`."""

    def __init__(self, pack) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        data = load_data_file("person_names.json", pack.root)
        self.tagger = pos_tagger(pack)
        self.tags = frozenset(data["tags"])
        self.given_min = data["givenName"]["min"]
        self.given_max = data["givenName"]["max"]
        self.max_freq = data["maxDictionaryFrequency"]
        self.max_given_freq = data["maxGivenWordFrequency"]
        self.not_given = frozenset(data["notInGivenName"])
        self.not_given_tags = frozenset(data["notGivenNameTags"])
        self.not_after = frozenset(data["notAfterName"])
        self.join_tags = frozenset(data["joinTags"]) | self.tags
        self.name_start_tags = frozenset(data["nameStartTags"])
        self.max_start_freq = data["maxNameStartFrequency"]
        self.not_before = frozenset(data["notBeforeName"])
        self.not_beside_tags = frozenset(data["notBesideTags"])
        self.short_not_after = tuple(data["shortNameNotAfterTags"])
        self.own_words = pack_words(pack)
        self._freq = None  # the segmenter's word table, once loaded
        self.before, self.after = data["window"]["before"], data["window"]["after"]
        self.single = frozenset(s for s in pack.surnames if len(s) == 1)
        self.compound = frozenset(s for s in pack.surnames if len(s) == 2)
        firsts = "".join(sorted({s[0] for s in pack.surnames}))
        self._starts = re.compile(f"[{re.escape(firsts)}]") if firsts else None
        self.pack_surfaces = frozenset(_pack_surfaces(pack))
        self.titles = tuple(pack.titles)
        self._longest = max(map(len, self.pack_surfaces), default=0)

    # -- the finder -------------------------------------------------------------------------
    def find(self, text: str, taken: bytearray | bytes) -> list[tuple[int, int]]:
        """(start, end) of every person name in `text` outside the claimed characters
        (`taken[i]` non-zero: an identifier, a value, a listed name …)."""
        return self._find(text, taken, fast=True)

    def find_plain(self, text: str, taken: bytearray | bytes) -> list[tuple[int, int]]:
        """The reference form of `find`: the tagger asked at every surname, on the whole
        unclaimed Han run around it (a test compares the two)."""
        return self._find(text, taken, fast=False)

    def _find(self, text: str, taken: bytearray | bytes, fast: bool) -> list[tuple[int, int]]:
        if self._starts is None:
            return []
        tagger = self.tagger
        if not tagger.ready():
            tagger.load_in_background()
            return []  # no tagger, no evidence: nothing is claimed (see the module docstring)
        out: list[tuple[int, int]] = []
        n = len(text)
        last = 0
        for m in self._starts.finditer(text):
            i = m.start()
            if i < last or taken[i] or i + 1 >= n or taken[i + 1] or not _han(text[i + 1]):
                continue
            if text[i] not in self.single and text[i:i + 2] not in self.compound:
                continue
            if i and (text[i - 1] in self.not_before or text[i - 1].isdigit()):
                continue  # 多少张, 这张: a classifier after a numeral or a demonstrative
            if fast and (self._held_by_word(text, i) or self._touches_pack_word(text, i, i + 2)):
                continue  # 任务, 上周, 机务段, 任物 (任务 mistyped): the character is part of a word here
            span = self._name_at(text, i, taken, fast)
            if span is not None:
                out.append(span)
                last = span[1]
        return out

    def shapes(self, text: str, taken: bytearray | bytes) -> list[tuple[int, int]]:
        """What could be a name, without the tagger (and without jieba's dictionary): a surname
        outside the claimed characters, then 1–`givenName.max` unclaimed Han characters that may
        stand in a given name, with no pack word overlapping the stretch (任务, 上周检修 …)."""
        if self._starts is None:
            return []
        out: list[tuple[int, int]] = []
        n = len(text)
        last = 0
        for m in self._starts.finditer(text):
            i = m.start()
            if i < last or taken[i]:
                continue
            surname = self._surname(text, i)
            if surname == 1 and text[i] not in self.single:
                continue
            e = i + surname
            while e < min(n, i + surname + self.given_max) and not taken[e] and _han(text[e]) \
                    and text[e] not in self.not_given:
                e += 1
            if e - i - surname >= self.given_min and not self._touches_pack_word(text, i, e):
                out.append((i, e))
                last = e
        return out

    def _held_by_word(self, text: str, i: int) -> bool:
        """text[i] is part of a word here: a word of the segmenter (jieba's dictionary or the
        pack's, two or more characters) crosses it from the left (上周, 机务段), or begins at it
        and is a pack word or no proper noun (任务, 周期; not 欧阳, 徐海 of 徐海波). A rare
        dictionary name (陈国栋) holds nothing.

        The segmenter's table holds every prefix of its words (frequency 0), so a stretch
        that is no key begins no word: most starts cost one lookup (the hot path)."""
        freq = self._freq
        if freq is None:
            freq = self._freq = self.tagger.words.tokenizer.FREQ
        n = len(text)
        for a in range(max(0, i - 3), i + 1):
            b = max(a + 2, i + 1)
            while b <= n and b - a <= 4:
                w = text[a:b]
                f = freq.get(w)
                if f is None:
                    break  # no longer word begins with text[a:b]
                if f > 0 and not self._rare_name(w, f) and (
                        not self._pack_word_ends(text, a, i, w) if a < i else
                        w in self.own_words or f > self.max_start_freq
                        or self.tagger.dictionary_tag(w) not in self.name_start_tags):
                    return True
                b += 1
        return False

    def _pack_word_ends(self, text: str, a: int, i: int, word: str) -> bool:
        """A pack word ends at i and takes text[a] (检修工单|张帆: 单张 is no word there), unless
        the crossing word is itself the pack's."""
        if word in self.pack_surfaces:
            return False
        return any(text[c:i] in self.pack_surfaces for c in range(max(0, i - self._longest), a + 1))

    def _rare_name(self, word: str, freq: int) -> bool:
        tag = self.tagger.dictionary_tag(word)
        return tag is not None and tag in self.tags and freq <= self.max_freq

    def _name_at(self, text: str, i: int, taken, window: bool = True,  # noqa: ANN001
                 from_here: bool = False) -> tuple[int, int] | None:
        """The name starting at text[i], judged by the tagger on the unclaimed Han run there
        (`window`: only a few characters of it on either side; `from_here`: none before it)."""
        first, stop = (max(0, i - self.before), min(len(text), i + self.after)) if window else (0, len(text))
        if from_here:
            first = i
        lo = i
        while lo > first and not taken[lo - 1] and _han(text[lo - 1]):
            lo -= 1
        hi = i + 1
        while hi < stop and not taken[hi] and _han(text[hi]):
            hi += 1
        tokens: list[tuple[int, int, str]] = []
        pos = lo
        for word, tag in self.tagger.iter_cut(text[lo:hi]):
            tokens.append((pos, pos + len(word), tag))
            pos += len(word)
        k = next((k for k, t in enumerate(tokens) if t[0] == i), None)
        if k is None:
            glued = next((t for t in tokens if t[0] == i - 1 and t[1] > i + 1), None)
            if not from_here and glued is not None and glued[2] in self.tags and text[i - 1] not in self.single:
                # 查章丽/nr: the tagger glued a one-character verb (查, 找, 问 — no surname) to
                # the name after it; the name is judged on the run from its surname on
                return self._name_at(text, i, taken, window, from_here=True)
            return None  # the surname character is inside a word of this cut
        if k and tokens[k - 1][2] in self.not_beside_tags:
            return None  # 北京金龙…, 重庆毛血旺: a shop or a brand after a place name
        s, e, tag = tokens[k]
        rest = tokens[k + 1:]
        surname = self._surname(text, i)
        if tag in self.tags and e == i + surname and rest and rest[0][2] not in self.not_given_tags:
            e = rest[0][1]  # 李/nr 卫东: the surname alone tagged a name, its given name cut off
            rest = rest[1:]
        elif tag not in self.tags:
            return None
        if e - i - surname < self.given_max and rest and rest[0][1] - rest[0][0] == 1 \
                and rest[0][2] in self.join_tags and text[rest[0][0]] not in self.not_given:
            e = rest[0][1]  # 欧阳明/nr 辉/nr, 郑家/nrfg 豪/n: one more character of the given name
        while rest and rest[0][0] < e:
            rest = rest[1:]
        if rest and (text[rest[0][0]] in self.not_after or rest[0][2] in self.not_beside_tags
                     or (rest[0][2].startswith("n") and text[rest[0][1] - 1] in self.not_after)):
            return None  # 邓家湾站, 戴斯酒店, 韩美林艺术馆: a place, a shop, an organisation
        before = tokens[k - 1] if k else None
        if e - i == 2 and before is not None and before[2].startswith(self.short_not_after) \
                and before[1] - before[0] >= 2 and not self._role(text[before[0]:before[1]]):
            return None  # 指示灯常亮, 一直常亮: a two-character "name" right after a noun or an adverb is
            #              a predicate (司机张帆: a role names the person after it)
        return (i, e) if self._name_shape(text, i, e, surname) else None

    def _role(self, word: str) -> bool:
        """司机, 调度员, 班组长: a pack word or a word ending in a title names the person after it."""
        return word in self.pack_surfaces or word.endswith(self.titles)

    def _surname(self, text: str, i: int) -> int:
        return 2 if text[i:i + 2] in self.compound else 1

    def _name_shape(self, text: str, s: int, e: int, surname: int) -> bool:
        given = text[s + surname:e]
        if not (self.given_min <= len(given) <= self.given_max) or any(ch in self.not_given for ch in given):
            return False
        if text[e - 1] in self.not_after:
            return False  # 金宝店, 陈饭庄, 张紧器: a shop, a place, a part
        word = text[s:e]
        f = self.tagger.frequency(word)
        if f > 0 and not self._rare_name(word, f):
            return False  # 张贴, 李子: a word of the language (or of the pack)
        if len(given) >= 2:
            g = self.tagger.frequency(given)
            if g > self.max_given_freq and self.tagger.dictionary_tag(given) not in self.name_start_tags:
                return False  # 孔堵塞, 王胖子: a surname character before a common word
        return not self._touches_pack_word(text, s, e)

    def _touches_pack_word(self, text: str, s: int, e: int) -> bool:
        """A pack word (two or more characters) overlaps text[s:e]: 张维修 is 张 + 维修."""
        surfaces, longest = self.pack_surfaces, self._longest
        for a in range(max(0, s - longest + 1), e):
            for b in range(max(a + 2, s + 1), min(len(text), a + longest) + 1):
                if text[a:b] in surfaces:
                    return True
        return False


def _pack_surfaces(pack) -> set[str]:  # noqa: ANN001
    """The pack's Han words of two or more characters a name may not contain or overlap (with the
    wrong sides of its confusion pairs: what the pack knows as a misrecognition is no name)."""
    words: set[str] = {s for t in pack.terms for s in t.surfaces}
    words |= {w for tpl in pack.templates.values() for w in tpl.triggers}
    words |= {w for d in pack.domains.values() for w in (*d.explicit, *d.implied, *d.weak)}
    words |= set(pack.presentation_words) | set(pack.titles) | {a.word for a in pack.actions}
    words |= set(pack.negation_words) | {c.word for c in pack.comparison_words}
    words |= {c.wrong for c in pack.confusions}  # 钱天 is 前天 misheard, not a name
    return {w for w in words if len(w) >= 2 and all(_han(ch) for ch in w)}

