"""Characters a regex match needs, for a cheap "can it match this text?" prefilter.

A pack holds dozens of patterns (injection phrases) that almost never match. Searching a
turn with each costs one pass of the regex engine per pattern; a pattern none of whose
possible first characters occurs in the turn cannot match at all, and one set test settles
it. The analysis reads the pattern's parse tree (`re._parser`, stable since 3.11) and
answers None — "could begin with anything, search it" — for whatever it does not model.
"""
from __future__ import annotations

import re
from typing import Iterable, NamedTuple, Sequence

from nlu import warm_cache

try:  # the parser module is private; without it every pattern is simply searched
    from re import _parser
except ImportError:  # pragma: no cover
    _parser = None  # type: ignore[assignment]

_ZERO_WIDTH = ("AT", "ASSERT", "ASSERT_NOT")
_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
_MAX_RANGE = 512


class CharIndex:
    """Items (patterns) indexed by the characters each needs: `among(chars)` gives, in item
    order, the items whose set meets `chars`, and always the items with no known set."""

    def __init__(self, needs: Sequence[frozenset[str] | None]) -> None:
        self._by_char: dict[str, list[int]] = {}
        self._always: list[int] = []
        for i, need in enumerate(needs):
            if need is None:
                self._always.append(i)
            for c in need or ():
                self._by_char.setdefault(c, []).append(i)
        self._chars = frozenset(self._by_char)
        # The indexed characters as one class: picking them out of a long text is one pass
        # of the regex engine, where intersecting with the text makes a str object per
        # character (a Chinese turn's characters are not cached) — twice the cost.
        self._find = warm_cache.compile("[" + "".join(re.escape(c) for c in sorted(self._chars)) + "]").findall \
            if self._chars else None
        # the answer for one character, ready-made: a turn often holds just one indexed character
        self._one = {c: sorted({*self._always, *items}) for c, items in self._by_char.items()}
        # the same as sets, to join the answers of several characters in C
        self._sets = {c: frozenset(items) for c, items in self._by_char.items()}
        self._always_set = frozenset(self._always)

    def among(self, chars: Iterable[str]) -> list[int]:
        if self._find is not None and isinstance(chars, str) and len(chars) > 16:
            chars = self._find(chars)
        hit = self._chars.intersection(chars)
        if not hit:
            return self._always
        if len(hit) == 1:
            return self._one[next(iter(hit))]
        return sorted(self._always_set.union(*map(self._sets.__getitem__, hit)))


def first_chars(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Every character a non-empty match of `pattern` can start with, or None when unknown
    (or when the pattern can match the empty string). A pure function of the pattern's text
    and flags: kept in the start-up cache (`nlu.warm_cache`) with the compiled regexes."""
    return warm_cache.derived(_first_chars, pattern)


def required_chars(pattern: re.Pattern[str]) -> tuple[frozenset[str], ...] | None:
    """Sets of characters every match must draw one character from: one set for each
    top-level piece that cannot be skipped (the first characters of that piece). A text
    that misses any one set cannot match. None when nothing is known. (Cached like
    `first_chars`.)"""
    return warm_cache.derived(_required_chars, pattern)


def _first_chars(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """`first_chars`, computed."""
    if _parser is None:
        return None
    try:
        chars, nullable = _seq(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001 - any surprise in the private tree: no prefilter
        return None
    if chars is None or nullable:
        return None
    return _cased(frozenset(chars), pattern.flags)


def _required_chars(pattern: re.Pattern[str]) -> tuple[frozenset[str], ...] | None:
    """`required_chars`, computed."""
    if _parser is None:
        return None
    try:
        items = list(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001
        return None
    out = []
    for op, av in items:
        chars, nullable = _item(str(op), av)
        if chars and not nullable:
            out.append(_cased(frozenset(chars), pattern.flags))
    return tuple(out) or None


class SecondChars:
    """Which second characters a match of two or more characters can have after a given
    first character, read off the pattern's parse tree: a scanner that finds a candidate
    start can rule it out by looking at the next character, before running the pattern.
    `allows` errs only towards True (the pattern is run); build with `second_chars`."""

    def __init__(self, pairs: list[tuple["_Chars", "_Chars | None"]]) -> None:
        self._explicit: dict[str, _Chars | None] = {}
        self._general: list[tuple[_Chars, _Chars | None]] = []
        for first, follow in pairs:
            for c in first.chars:
                self._explicit[c] = _cs_union(self._explicit[c], follow) if c in self._explicit else follow
            if first.cats or first.ranges:
                self._general.append((first, follow))

    def table(self) -> dict[str, frozenset[str]]:
        """For each first character the pattern names literally, when its possible second
        characters form a plain finite set, that set (empty: no match of two or more
        characters begins there), for a scanner's own dict lookup. A character left out
        may be followed by anything."""
        out = {}
        for c in self._explicit:
            f = self._follow(c)
            if f is False:
                out[c] = frozenset()
            elif type(f) is frozenset:
                out[c] = f
        return out

    def allows(self, first: str, second: str) -> bool:
        """Whether a match may begin with `first` then `second` (the general query; a hot
        scanner uses `table`)."""
        f = self._follow(first)
        if f is True or f is False:
            return f
        if type(f) is frozenset:
            return second in f
        return f.has(second)  # type: ignore[union-attr]

    def _follow(self, c: str) -> frozenset[str] | _Chars | bool:
        follow: _Chars | None = self._explicit.get(c, _NOTHING)
        for first, more in self._general:
            if first.has(c):
                follow = _cs_union(follow, more)
        if follow is None:
            return True
        if follow.empty:
            return False
        return follow.chars if not (follow.cats or follow.ranges) else follow


def second_chars(pattern: re.Pattern[str]) -> SecondChars | None:
    """`SecondChars` of `pattern`, or None when it is not modelled (case folding, or an
    unknown piece that could begin a match)."""
    if _parser is None or pattern.flags & re.IGNORECASE:
        return None
    try:
        _, _, _, pairs = _pairs_seq(_parser.parse(pattern.pattern, pattern.flags))
    except _Unmodelled:
        return None
    except Exception:  # noqa: BLE001 - any surprise in the private tree: no prefilter
        return None
    return SecondChars(pairs)


class _Unmodelled(Exception):
    pass


# Python's classes for str patterns are these predicates (the engine's own definitions)
_CATEGORY = {
    "CATEGORY_DIGIT": str.isdecimal,
    "CATEGORY_SPACE": str.isspace,
    "CATEGORY_WORD": lambda c: c.isalnum() or c == "_",
}


class _Chars(NamedTuple):
    """A set of characters: listed ones, code-point ranges and the engine's categories.
    None stands for "any character" wherever a `_Chars` is expected."""

    chars: frozenset[str]
    ranges: tuple[tuple[int, int], ...] = ()
    cats: frozenset[str] = frozenset()

    @property
    def empty(self) -> bool:
        return not (self.chars or self.ranges or self.cats)

    def has(self, c: str) -> bool:
        return (c in self.chars or any(lo <= ord(c) <= hi for lo, hi in self.ranges)
                or any(_CATEGORY[k](c) for k in self.cats))


_NOTHING = _Chars(frozenset())


def _cs_union(a: _Chars | None, b: _Chars | None) -> _Chars | None:
    if a is None or b is None:
        return None
    return _Chars(a.chars | b.chars, a.ranges + b.ranges, a.cats | b.cats)


def _class(av) -> _Chars | None:  # noqa: ANN001
    chars: set[str] = set()
    ranges: list[tuple[int, int]] = []
    cats: set[str] = set()
    for kind, val in av:
        kind = str(kind)
        if kind == "LITERAL":
            chars.add(chr(val))
        elif kind == "RANGE":
            ranges.append(tuple(val))
        elif kind == "CATEGORY" and str(val) in _CATEGORY:
            cats.add(str(val))
        else:
            return None  # negation, negated categories: as good as any character
    return _Chars(frozenset(chars), tuple(ranges), frozenset(cats))


# A node's summary: (first characters, can match empty, the one-character strings it can
# match, [(first characters, possible second characters)] of its longer matches).
def _add_pairs(pairs: list, singles: _Chars | None, follow: _Chars | None) -> None:
    """Each one-character match in `singles`, followed by a character of `follow`."""
    if (follow is not None and follow.empty) or (singles is not None and singles.empty):
        return
    if singles is None:
        raise _Unmodelled  # unknown first characters with something after them
    pairs.append((singles, follow))


_UNKNOWN = (None, True, None, None)  # a piece the analysis does not model


def _pairs_seq(items):  # noqa: ANN001, ANN202
    first: _Chars | None = _NOTHING
    nullable, singles, pairs = True, _NOTHING, []
    for op, av in items:
        f, n, s, p = _pairs_item(str(op), av)
        _add_pairs(pairs, singles, f)
        if nullable:
            if p is None:
                raise _Unmodelled(op)  # an unknown piece could begin the match
            pairs.extend(p)
        singles = _cs_union(singles if n else _NOTHING, s if nullable else _NOTHING)
        first = _cs_union(first, f) if nullable else first
        nullable = nullable and n
    return first, nullable, singles, pairs


def _pairs_nested(items):  # noqa: ANN001, ANN202
    """An unknown nested piece only fails the analysis where it could begin the match."""
    try:
        return _pairs_seq(items)
    except _Unmodelled:
        return _UNKNOWN


def _pairs_item(op: str, av):  # noqa: ANN001, ANN202
    if op == "LITERAL":
        one = _Chars(frozenset(chr(av)))
        return one, False, one, []
    if op == "IN":
        cs = _class(av)
        return cs, False, cs, []
    if op in ("ANY", "NOT_LITERAL"):
        return None, False, None, []
    if op in _ZERO_WIDTH:
        return _NOTHING, True, _NOTHING, []
    if op == "SUBPATTERN":
        return _pairs_nested(av[-1])
    if op == "ATOMIC_GROUP":
        return _pairs_nested(av)
    if op == "BRANCH":
        first, nullable, singles, pairs = _NOTHING, False, _NOTHING, []
        for branch in av[1]:
            f, n, s, p = _pairs_nested(branch)
            if p is None:
                return _UNKNOWN
            first, nullable, singles = _cs_union(first, f), nullable or n, _cs_union(singles, s)
            pairs.extend(p)
        return first, nullable, singles, pairs
    if op in _REPEATS:
        lo, hi, sub = av
        f, n, s, p = _pairs_nested(sub)
        if p is None:
            return _UNKNOWN
        pairs = list(p)
        if hi >= 2:
            _add_pairs(pairs, s, f)  # one repetition right after another
        return f, n or lo == 0, s if hi >= 1 else _NOTHING, pairs
    return _UNKNOWN  # a backreference …: fine anywhere but where it could begin the match


# Han characters of everyday text, most frequent first: a set holding one of them rules out
# little, since almost every turn holds it (ASCII counts as most frequent).
_COMMON = "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湖钟奖粮抱礼怒染损"
_RANK = {c: i for i, c in enumerate(_COMMON)}  # 0 = most frequent


def rarest(required: tuple[frozenset[str], ...] | None, common_letters: str = "") -> frozenset[str] | None:
    """Of the character sets a pattern needs, the one a turn is least likely to hold (its
    most frequent member as rare as possible), so one set test per pattern rules most
    patterns out. ASCII counts as most frequent, except letters outside `common_letters`
    when that is given (the letters a pack's identifiers are written with, say: a Chinese
    turn holds AGV or WO, seldom an r or an e), which count as a mid-frequency character."""
    if not required:
        return None

    def rank(c: str) -> int:
        if not c.isascii():
            return _RANK.get(c, len(_RANK))
        if common_letters and c.isalpha() and c.upper() not in common_letters and c.lower() not in common_letters:
            return _RARE_LETTER_RANK
        return 0

    return max(required, key=lambda cs: (min(rank(c) for c in cs), -len(cs)))


_RARE_LETTER_RANK = 300  # about as frequent as the 300th most frequent Han character


# Under IGNORECASE the regex engine also matches these non-ASCII characters to ASCII
# letters (ſystem, jailbrea\u212a): a prefilter that missed them would let a disguised
# injection phrase skip its search. (Checked over every code point in the tests.)
_FOLDS_TO_ASCII = {"i": "İı", "k": "\u212a", "s": "ſ"}


def _cased(chars: frozenset[str], flags: int) -> frozenset[str]:
    if flags & re.IGNORECASE:
        out = set(chars) | {c.swapcase() for c in chars} | {c.lower() for c in chars} | {c.upper() for c in chars}
        for c in chars:
            out.update(_FOLDS_TO_ASCII.get(c.lower(), ""))
        return frozenset(out)
    return chars


def _seq(items) -> tuple[set[str] | None, bool]:  # noqa: ANN001
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _item(str(op), av)
        if chars is None:
            return None, False
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _item(op: str, av) -> tuple[set[str] | None, bool]:  # noqa: ANN001
    if op == "LITERAL":
        return {chr(av)}, False
    if op == "IN":
        chars: set[str] = set()
        for kind, val in av:
            if str(kind) == "LITERAL":
                chars.add(chr(val))
            elif str(kind) == "RANGE" and val[1] - val[0] < _MAX_RANGE:
                chars.update(chr(c) for c in range(val[0], val[1] + 1))
            else:
                return None, False  # negation, categories (\s, \d), huge ranges
        return chars, False
    if op == "SUBPATTERN":
        return _seq(av[-1])
    if op == "ATOMIC_GROUP":
        return _seq(av)
    if op == "BRANCH":
        out: set[str] = set()
        any_nullable = False
        for branch in av[1]:
            chars, nullable = _seq(branch)
            if chars is None:
                return None, False
            out |= chars
            any_nullable = any_nullable or nullable
        return out, any_nullable
    if op in _REPEATS:
        lo, _hi, sub = av
        chars, nullable = _seq(sub)
        return chars, nullable or lo == 0
    if op in _ZERO_WIDTH:
        return set(), True  # consumes nothing: the match begins at what follows
    return None, False
