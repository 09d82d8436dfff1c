"""Deterministic cleaning (design 5.2): only changes that cannot alter business meaning.

Every change is an `Edit` on the current text, handed to the one rewriter in a single
`draft.propose` call, so the span map always leads back to the user's characters. One edit
covers one contiguous run of changed characters (``ＡＧＶ－０１`` → one edit ``AGV-01``);
a run that only folds width is kept apart from its neighbours and marked
``width_fold_only`` so it may pass through a protected span.

Rules, in the order they run (the later ones repeat until nothing changes, which makes the
stage idempotent: cleaning the cleaned text proposes no edit):

1. Invisible characters are removed: C0/C1 controls except ``\\n`` and ``\\t`` (``\\v``,
   ``\\f`` become a space; ``\\r\\n``, ``\\r``, U+0085, U+2028, U+2029 become ``\\n``),
   zero-width characters (U+200B, U+200C, U+2060–U+2064, U+FEFF, U+180E), bidi controls
   (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) and the soft hyphen. A ZWJ
   (U+200D) between two emoji (an emoji ZWJ sequence such as 👨‍👩‍👧) is kept; anywhere
   else it is removed.
2. Width, by an explicit table — never NFKC wholesale, so ①, ㎏, ﬁ, ½, ￥ stay as typed:
   full-width ASCII letters, digits and symbols U+FF01–U+FF5E become ASCII and the
   ideographic space U+3000 becomes a space, *except* the Chinese sentence punctuation
   ``！，：；？`` which are the normal forms in Chinese text and are kept (as are
   ``。、“”‘’《》【】`` which are not in that block). So identifier and number symbols
   fold: ``－．／＃％＋（）＿～`` → ``-./#%+()_~``. A ``，`` or ``。`` between Latin/digit
   tokens (``AGV-01，AGV-02``, ``1，000``) is kept as typed: it may be a list separator
   or a thousands mark and cleaning does not guess. ASCII punctuation is never turned
   full-width. Other whitespace (tab, NBSP, U+2000–U+200A, U+202F, U+205F, U+1680) becomes
   a space. Traditional-script characters fold to the simplified character each is, one for
   one, by the table of ``lexicons/script_variants.json`` (關閉 → 关闭, 本週 → 本周; reason
   ``script_variant``): a variant is the same word, so every later stage reads it as such and
   none asks about it as a correction. Characters that are also simplified words (乾, 於) are
   not in the table.
3. Self-repair (design 7.1): ``查上月，不对，查本月检修计划`` → ``查本月检修计划``. The marker
   is a construction (interjection ± pause ± correction core, ``selfRepair`` in
   ``lexicons/cleaning.json``), read and applied by ``nlu.semantics.self_repair``; the last
   explicit correction wins and consecutive repairs become one ``self_repair`` edit whose
   original text is everything dropped.
4. Spaces: runs collapse to one space; spaces between two CJK characters, or next to CJK
   punctuation, are dropped; spaces between Latin/digit tokens stay (``AGV-01 AGV-02``);
   leading and trailing whitespace is trimmed. Line breaks: a break between two CJK
   characters (or after ``，、``) inside one sentence is an OCR wrap and is removed; any
   other break (after ``。！？；：``, before a list marker such as ``1.`` ``（2）`` ``①``
   ``三、`` ``-`` or a speaker label such as ``系统：``, after a Markdown heading, between Latin/digit tokens …) is kept as a single ``\\n`` — marked,
   never silently deleted when it may carry meaning; blank lines (a paragraph break) are kept
   as exactly one blank line ``\\n\\n``.
5. Repeated punctuation collapses to its first character: ``！！！`` → ``！``, ``!!!`` →
   ``!``, ``？？`` → ``？``, ``。。。`` → ``。``, likewise ``，,、；;~``. Mixed ``？！`` is
   kept. An ellipsis — three or more dots, or any run of dots and ``…`` containing a ``…``
   (``......``, ``……``) — becomes one ``…``; ``..`` is kept (``1..3``).
6. ASR stutters and repeated tails (CJK only): three or more of one character collapse to
   one (我我我想 → 我想), or to the AA form when that is a listed reduplication
   (看看看 → 看看); a word of 2–4 characters said twice or more collapses to once
   (查询查询 → 查询). Never merged: a single character said twice (看看, 谢谢, 我我),
   listed meaningful repeats (哪里哪里), Latin and identifier tokens (``AGV-01 AGV-01``
   stays two mentions), repeats separated by punctuation (是，是), and any repetition
   holding protected material (``repeatGuard`` in ``cleaning.json``): a comparison word
   or a negation word of the pack inside the repeated unit (特别特别 — 别 — stays as said;
   a phrase that begins with its negation, 不行不行 → 不行, 不是不是 → 不是, keeps it in
   the copy that stays; 不不不 is a repair signal and stays), a numeral (二二, 一一一,
   一个一个, 两台两台; 一下 in 查询一下查询一下 is no numeral) or an A-not-A form the
   repetition starts in (是不是不用 would become the statement 是不用, 要不要不派
   the order 要不派).
   The guard is asked before the characters are deleted, on the repetition as it stands.

Edit types: ``self_repair`` for self-repair and stutter removal (a disfluency repair),
``punctuation`` for everything else; evidence is always ``rule`` with confidence 1.0.
All regexes are linear (no nested quantifiers); the stage never raises on any text.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from nlu.lexicon import Pack, default_pack, load_data_file
from nlu.pipeline.stage import Stage
from nlu.semantics.self_repair import RepairGrammar
from nlu.text.rewriter import Edit
from nlu.text.width import WIDTH_TABLE

# --------------------------------------------------------------------------------------
# Lexicon: read from the pack the stage is given (`_tables`, once per pack), never at import.

_LEXICON_FILE = "cleaning.json"


def _protected_words(pack: Pack) -> tuple[list[str], list[str]]:
    """The pack's negation and comparison words (``negation.json``, ``comparison.json``),
    which a merged repetition may not hold."""
    out: list[list[str]] = []
    for words in (pack.negation_words, [c.word for c in pack.comparison_words]):
        # a gapped form (到…之间) guards through its parts
        out.append(sorted({part for w in words for part in w.split("…") if part}))
    return out[0], out[1]


def load_cleaning_lexicon(pack: Pack | None = None) -> dict[str, Any]:
    """The parsed ``cleaning.json`` of `pack` (default: the default pack), verified like every
    data file of a pack (`nlu.lexicon.load_data_file`)."""
    return load_data_file(_LEXICON_FILE, (pack or default_pack()).root)


class _Rules:
    """Compiled form of the lexicon."""

    def __init__(self, lex: dict[str, Any], pack: Pack) -> None:
        self.revision: str = lex.get("revision", "")
        self.reduplications = frozenset(lex["reduplications"])
        self.numerals = frozenset(lex["numerals"])
        self.meaningful = frozenset(lex["meaningfulRepeats"])
        # self-repair is a construction of its own (nlu.semantics.self_repair)
        self.repair = RepairGrammar(lex["selfRepair"], pack.root)
        guard = lex["repeatGuard"]
        # what a merged repetition may not hold: a negation or comparison word, a numeral
        # (words that merely begin with one, 一下, masked first), an A-not-A form (是不是)
        self.not_numerals_re = re.compile("|".join(re.escape(w) for w in sorted(guard["notNumerals"], key=len,
                                                                                   reverse=True)) or "(?!)")
        negation, comparison = _protected_words(pack)
        self.negation_words = frozenset(negation)
        self.guarded_word_re = re.compile("|".join(re.escape(w) for w in sorted(
            self.negation_words | set(comparison), key=lambda w: (-len(w), w))))
        self.negation_re = re.compile("|".join(re.escape(w) for w in sorted(negation, key=len, reverse=True)))
        self.numeral_re = re.compile(_char_class(self.numerals))
        self.a_not_a_re = re.compile(f"([^{''.join(guard['aNotAPivots'])}])[{''.join(guard['aNotAPivots'])}]\\1")

    def guarded(self, v: str, j0: int, j1: int, unit: str) -> bool:
        """The repetition v[j0:j1] of `unit` holds material a merge could change.

        Guarded: a numeral (二二, 两台两台); an A-not-A form the repetition starts in
        (是不是不用 repeats 是不 from the 是 of 是不是; 要不要不派); a comparison word; a
        negation word — except in a repeated phrase that *begins* with its negation
        (不行不行, 不是不是: every copy is the same negated phrase, one copy keeps it). A
        negation inside the unit (是不, 要不, 特别) guards; a lone negation character said
        three times (不不不) is a repair signal, not a stutter, and stays."""
        stretch = v[j0:j1]
        if self.numeral_re.search(self.not_numerals_re.sub("", stretch)) is not None:
            return True
        a_not_a = self.a_not_a_re
        # (the merge keeps the first copy and deletes the rest, so only an A-not-A form at
        # the start can lose its second half; one ending the stretch keeps its own copy)
        if any(a_not_a.match(v, k) for k in (j0 - 1, j0) if k >= 0):
            return True
        found = [m.group() for m in self.guarded_word_re.finditer(stretch)]
        if not found:
            return False
        lead = self.negation_re.match(unit)
        return not (lead is not None and len(unit) > 1 and all(w in self.negation_words for w in found))



# --------------------------------------------------------------------------------------
# Character classes and tables.

# categories of a change (they decide edit type, reason and width_fold_only)
_KEEP, _FOLD, _STRIP, _SPACE, _PUNCT, _STUTTER, _REPAIR, _SCRIPT = range(8)
_REASON = {_KEEP: "other", _FOLD: "width", _STRIP: "invisible", _SPACE: "whitespace", _PUNCT: "repeated_punctuation",
           _STUTTER: "stutter", _REPAIR: "self_repair", _SCRIPT: "script_variant"}
_ONE_FOR_ONE = frozenset((_FOLD, _SCRIPT))  # one character for one, no context: width and script folds

_ZWJ = "\u200d"
_KEEP_FULLWIDTH = "！，：；？"  # Chinese sentence punctuation: the normal forms, kept

_CHAR_MAP: dict[str, tuple[str, int]] = {}
for _cp in range(0x00, 0x20):
    _CHAR_MAP[chr(_cp)] = ("", _STRIP)
for _cp in range(0x7F, 0xA0):
    _CHAR_MAP[chr(_cp)] = ("", _STRIP)
del _CHAR_MAP["\n"]
_CHAR_MAP["\t"] = (" ", _SPACE)
_CHAR_MAP["\x0b"] = (" ", _SPACE)
_CHAR_MAP["\x0c"] = (" ", _SPACE)
_CHAR_MAP["\r"] = ("\n", _SPACE)  # "\r\n" is handled in _fold_pass
for _ch in "\x85\u2028\u2029":
    _CHAR_MAP[_ch] = ("\n", _SPACE)
for _ch in "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064" \
           "\u2066\u2067\u2068\u2069\ufeff\u00ad\u061c\u180e":
    _CHAR_MAP[_ch] = ("", _STRIP)
# Unicode tag characters can smuggle invisible ASCII instructions (design 16.2, 端到端注入).
for _cp in [0xE0001, *range(0xE0020, 0xE0080)]:
    _CHAR_MAP[chr(_cp)] = ("", _STRIP)
for _ch in "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f":
    _CHAR_MAP[_ch] = (" ", _SPACE)
for _cp, _half in WIDTH_TABLE.items():  # the one explicit width table (nlu.text.width)
    if chr(_cp) not in _KEEP_FULLWIDTH:
        _CHAR_MAP[chr(_cp)] = (chr(_half), _FOLD)
del _cp, _half, _ch


def _script_variants(pack: Pack) -> dict[str, str]:
    """Traditional characters -> the simplified character each is (``script_variants.json``):
    關閉 is 关闭, 本週 is 本周 — the same words, folded one for one so that every later stage
    (terms, domains, templates, corrections) reads them; never a correction to confirm."""
    fold = load_data_file("script_variants.json", pack.root)["fold"]
    # a character the value grammar folds otherwise (參 is 叁 in 參拾伍, 倆 is 两 in 倆千) is left
    # to the grammar's own table: folded here it would lose its numeral reading (参拾伍 is 拾伍)
    numeral_fold = load_data_file("values.json", pack.root)["traditional"]
    return {t: s for t, s in fold.items() if numeral_fold.get(t, s) == s}


def _char_class(chars) -> str:  # noqa: ANN001
    """A regex class of `chars` written as ranges: a class listing hundreds of single
    characters (some outside the BMP) is tested member by member, a range class in one step."""
    cps = sorted(ord(c) for c in chars)
    parts = []
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        a, b = re.escape(chr(cps[i])), re.escape(chr(cps[j]))
        parts.append(a if i == j else f"{a}-{b}")
        i = j + 1
    return "[" + "".join(parts) + "]"


class _Tables:
    """What the stage reads from one pack: the character map with its script folds, the
    pattern that finds every character to fold, the lexicon's rules, the passes bound to them."""

    __slots__ = ("char_map", "fold_re", "rules", "passes")

    def __init__(self, pack: Pack) -> None:
        self.char_map = dict(_CHAR_MAP)
        for t, s in _script_variants(pack).items():
            self.char_map.setdefault(t, (s, _SCRIPT))
        self.fold_re = re.compile(_char_class(self.char_map))
        self.rules = _Rules(load_cleaning_lexicon(pack), pack)
        rules = self.rules
        self.passes = (lambda v: _repair_pass(v, rules), _space_pass, _punct_pass, lambda v: _stutter_pass(v, rules))


_TABLES: dict[int, tuple[Pack, _Tables]] = {}  # id(pack) -> (pack, its tables)


def _tables(pack: Pack | None = None) -> _Tables:
    """The tables of `pack` (default: the default pack), built once per pack object."""
    pack = pack or default_pack()
    hit = _TABLES.get(id(pack))
    if hit is None or hit[0] is not pack:
        hit = _TABLES[id(pack)] = (pack, _Tables(pack))
    return hit[1]

_IDEO = r"\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK_RUN = f"[{_IDEO}]"
# Both patterns begin with a character (class) in every branch, so the regex engine skips
# straight to positions where one can start instead of trying every branch everywhere.
# (The regex compiler only derives a "skip to these characters" prefix from an alternation
# whose every branch opens with a plain literal, so repeats are spelled out: 。。+ for 。{2,}.)
_PUNCT_RE = re.compile(r"![!！]+|！[!！]+|\?[?？]+|？[?？]+|。。+|，，+|,,+|、、+|；；+|;;+|~~+"
                       r"|\.\.*…[.…]*|…[.…]*|\.\.\.\.*[.…]*")
# one character X three or more times (XXX), or a unit W = X + 1–3 more characters repeated (WW…)
# (the lookahead, implied by either branch, rules out most positions in a few steps: a
# stutter needs its first character again within the next four)
_STUTTER_RE = re.compile(f"({_CJK_RUN})(?=\\1|{_CJK_RUN}{{1,3}}\\1)(?:\\1{{2,}}|({_CJK_RUN}{{1,3}})(?:\\1\\2)+)")
# a line that opens with a speaker label (系统：…, 用户：…) starts a new turn of a pasted
# transcript, not an OCR wrap; the injection check needs to see that line start
_SPEAKER_RE = re.compile(r"(?:系统|助手|用户|system|assistant|user)[ \t]*[:：]", re.I)
_LIST_MARKER_RE = re.compile(
    r"[一二三四五六七八九十]{1,3}[、.．)）]|第[一二三四五六七八九十百零\d]{1,4}[条项点步、.]|(?:首先|其次|然后|最后|另外|此外)")

# CJK punctuation used only in CJK text: a space next to it is never meaningful
_CJK_PUNCT = frozenset("，。！？；：、《》〈〉【】「」『』〔〕〖〗（）")
_CJK_SOFT_PUNCT = frozenset("“”‘’…—·")
# in-sentence marks after which a line break is an OCR wrap
_WRAP_AFTER = frozenset("，、")


def _is_tag(ch: str) -> bool:
    return ch == "\U000e0001" or "\U000e0020" <= ch <= "\U000e007f"


def _in_flag_sequence(text: str, i: int) -> bool:
    while i > 0 and _is_tag(text[i - 1]):
        i -= 1
    return i > 0 and text[i - 1] == "\U0001f3f4"


def _is_ideo(ch: str) -> bool:
    o = ord(ch)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF or o == 0x3007
            or 0x20000 <= o <= 0x3134F)


def _is_cjk(ch: str) -> bool:
    """Ideograph or kana: scripts written without spaces."""
    return _is_ideo(ch) or 0x3040 <= ord(ch) <= 0x30FF


# _is_cjk(ch) or ch in _CJK_SOFT_PUNCT, as one call into the regex engine: the space pass
# asks it of both neighbours of every space run
_CJK_OR_SOFT = re.compile(f"[{_IDEO}\u3040-\u30ff{''.join(sorted(_CJK_SOFT_PUNCT))}]").fullmatch


def _is_emoji(ch: str) -> bool:
    o = ord(ch)
    return (0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF or 0x2300 <= o <= 0x23FF or 0x2B00 <= o <= 0x2BFF
            or o in (0xFE0F, 0x20E3, 0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x3030, 0x303D)
            or 0xE0020 <= o <= 0xE007F)


# --------------------------------------------------------------------------------------
# The working state: the working view V as a list of cells, each holding its text and the
# original range [o0, o1) it stands for. An untouched stretch is one _KEEP cell whose text
# is exactly text[o0:o1], character for character; every other cell is one character of
# V standing for its whole range (a folded character, a merged run). Deleted characters
# simply have no cell. Cells split only where a rule changes something, so the cost follows
# the number of changes, not the length of the turn.

Cell = tuple  # (text, o0, o1, category)


def _cells(text: str, reps: list[tuple[int, int, str, int]], dcat: bytearray) -> list[Cell]:
    """The cells of `text` with `reps` (text positions, sorted, disjoint) applied: what
    `_apply` makes of the untouched text, in one straight pass — the width folds of an OCR
    line arrive here as dozens of one-character changes."""
    out: list[Cell] = []
    prev = 0
    for j0, j1, t, cat in reps:
        if prev < j0:
            out.append((text[prev:j0], prev, j0, _KEEP))
        if t:
            out.append((t, j0, j1, cat))
        elif j1 > j0:
            dcat[j0:j1] = bytes((cat,)) * (j1 - j0)
        prev = j1
    if prev < len(text):
        out.append((text[prev:], prev, len(text), _KEEP))
    return out


def _apply(cells: list[Cell], reps: list[tuple[int, int, str, int]], dcat: bytearray) -> list[Cell]:
    """Replace view ranges [j0, j1) by one cell (or none for ''); reps sorted, disjoint.

    `dcat` records, per original character, the rule that deleted it."""
    out: list[Cell] = []
    rest = iter(cells)
    cell = next(rest, None)
    off = 0  # how much of `cell` (an untouched stretch, when > 0) is already used up
    at = 0  # view position of what is left of `cell`
    for j0, j1, t, cat in reps:
        if j1 <= j0:
            continue
        while at + len(cell[0]) - off <= j0:  # cells wholly before the change
            out.append(cell if not off else (cell[0][off:], cell[1] + off, cell[2], _KEEP))
            at += len(cell[0]) - off
            cell, off = next(rest), 0
        if at < j0:  # an untouched stretch runs into the change: keep its head
            k = j0 - at
            out.append((cell[0][off:off + k], cell[1] + off, cell[1] + off + k, _KEEP))
            off += k
            at = j0
        o0 = cell[1] + off
        while True:
            size = len(cell[0]) - off
            if at + size <= j1:  # what is left of the cell is covered
                o1 = cell[2]
                if not t:
                    dcat[cell[1] + off:o1] = bytes((cat,)) * (o1 - cell[1] - off)
                at += size
                cell, off = next(rest, None), 0
                if at == j1:
                    break
            else:  # an untouched stretch runs on past the change: the rest is kept
                k = j1 - at
                o1 = cell[1] + off + k
                if not t:
                    dcat[o1 - k:o1] = bytes((cat,)) * k
                off += k
                at = j1
                break
        if t:
            out.append((t, o0, o1, cat))
    if cell is not None:
        out.append(cell if not off else (cell[0][off:], cell[1] + off, cell[2], _KEEP))
    out.extend(rest)
    return out


def _fold_pass(text: str, tables: _Tables) -> list[tuple[int, int, str, int]]:
    reps = []
    n = len(text)
    char_map = tables.char_map
    for m in tables.fold_re.finditer(text):
        i = m.start()
        ch = text[i]
        t, cat = char_map[ch]
        if cat in _ONE_FOR_ONE:  # a width or script fold (most matches on an OCR line) needs no context
            reps.append((i, i + 1, t, cat))
            continue
        if ch == _ZWJ and 0 < i < n - 1 and _is_emoji(text[i - 1]) and _is_emoji(text[i + 1]):
            continue
        if _is_tag(ch) and _in_flag_sequence(text, i):
            continue  # subdivision flags (🏴 + tag characters) are emoji, not hidden text
        if ch == "\r" and i + 1 < n and text[i + 1] == "\n":
            t, cat = "", _SPACE
        reps.append((i, i + 1, t, cat))
    return reps


def _space_pass(v: str) -> list[tuple[int, int, str, int]]:
    # A lone space inside a line (most runs, on an ASR line) is settled by one regex: the
    # ones to drop are found in C; a kept one needs no change. Every other run (longer,
    # holding a line break, or at an end of the text) goes through `_space_run`.
    if " " not in v and "\n" not in v:  # most typed turns: nothing to scan for
        return []
    reps = [(m.start(), m.end(), "", _SPACE) for m in _LONE_SPACE_DROPPED.finditer(v)]
    rest = [r for m in _OTHER_WS_RE.finditer(v) for r in _space_run(v, *m.span())]
    if rest:
        reps += rest
        reps.sort()
    return reps


def _space_run(v: str, j0: int, j1: int) -> list[tuple[int, int, str, int]]:
    """The changes for the whitespace run v[j0:j1] (one maximal run of spaces and breaks)."""
    run = v[j0:j1]
    if j0 == 0 or j1 == len(v):
        target = ""
    else:
        left, right = v[j0 - 1], v[j1]
        nl = run.count("\n")
        if nl == 0:
            if (left in _CJK_PUNCT or right in _CJK_PUNCT
                    or (_CJK_OR_SOFT(left) and _CJK_OR_SOFT(right))):
                target = ""
            else:
                target = " "
        elif nl == 1 and (_is_cjk(left) or left in _WRAP_AFTER) and _is_cjk(right) \
                and not _LIST_MARKER_RE.match(v, j1) and not _SPEAKER_RE.match(v, j1) \
                and not v[v.rfind("\n", 0, j0) + 1:j0].lstrip().startswith("#"):  # a Markdown heading ends its line
            target = ""  # OCR wrap inside a sentence
        else:
            target = "\n" if nl == 1 else "\n\n"
    if run == target:
        return []
    if target == "\n\n":  # keep the first and last line break, drop the rest
        reps = []
        a, b = run.index("\n"), run.rindex("\n")
        if a:
            reps.append((j0, j0 + a, "", _SPACE))
        if b - a > 1:
            reps.append((j0 + a + 1, j0 + b, "", _SPACE))
        if b < len(run) - 1:
            reps.append((j0 + b + 1, j1, "", _SPACE))
        return reps
    if target and run[0] == target:
        return [(j0 + 1, j1, "", _SPACE)]
    if target and run[-1] == target:
        return [(j0, j1 - 1, "", _SPACE)]
    return [(j0, j1, target, _SPACE)]


_CJK_PUNCT_CLASS = "[" + "".join(re.escape(c) for c in sorted(_CJK_PUNCT)) + "]"
_CJK_OR_SOFT_CLASS = f"[{_IDEO}\u3040-\u30ff{''.join(sorted(_CJK_SOFT_PUNCT))}]"
# A lone space inside a line (neither neighbour a space, a break or an end of the text)
# that `_space_run` drops: next to CJK punctuation, or between two CJK characters.
_LONE_SPACE_DROPPED = re.compile(
    f" (?<=[^ \n] )(?=[^ \n])(?:(?<={_CJK_PUNCT_CLASS} )|(?={_CJK_PUNCT_CLASS})|(?<={_CJK_OR_SOFT_CLASS} )(?={_CJK_OR_SOFT_CLASS}))")
# every other whitespace run: two or more characters, a lone break, or a lone space at an end
# Plainly `[ \n]{2,}|\n|\A (?![ \n])|(?<![ \n]) \Z`; spelled to open with one class, so the
# regex engine skips from space to space (the lookbehinds then tell a lone break, and a lone
# space at either end, by the character just read).
_OTHER_WS_RE = re.compile(r"[ \n](?:[ \n]+|(?<=\n)|(?<![\s\S] )(?![ \n])|(?<![ \n] )\Z)")


def _punct_pass(v: str) -> list[tuple[int, int, str, int]]:
    reps = []
    struck = _struck_marks(v)
    for m in _PUNCT_RE.finditer(v):
        j0, j1 = m.span()
        run = m.group()
        if j0 in struck:
            continue  # ~~WO-…10~~: Markdown strikethrough is what the user struck out, not a repeated mark
        if run[0] in ".…":
            if run == "…":
                continue
            if run[0] == "…":
                reps.append((j0 + 1, j1, "", _PUNCT))
            else:
                reps.append((j0, j1, "…", _PUNCT))
        else:
            reps.append((j0 + 1, j1, "", _PUNCT))
    return reps


# Markdown strikethrough: ~~, one line of text that neither opens nor closes on a space, ~~
_STRUCK_RE = re.compile(r"~~(?=[^\s~])[^~\n]*?(?<=[^\s~])~~")


def _struck_marks(v: str) -> frozenset[int]:
    """The starts of the two ``~~`` of every strikethrough span of `v` (~~WO-20261210~~): the user
    struck that text out — a repair said in markup; the marks are kept, never collapsed to one ~."""
    out: set[int] = set()
    for m in _STRUCK_RE.finditer(v):
        out.update((m.start(), m.end() - 2))
    return frozenset(out)


def _stutter_pass(v: str, r: _Rules) -> list[tuple[int, int, str, int]]:
    reps = []
    for m in _STUTTER_RE.finditer(v):
        j0, j1 = m.span()
        ch, tail = m.group(1, 2)
        if r.guarded(v, j0, j1, ch + (tail or "")):
            # protected material (negation, comparison, numeral, A-not-A) is never merged:
            # 是不是不用 is a question, 是不用 a statement
            continue
        if tail is None:  # one character three or more times
            if ch in r.numerals:
                continue
            keep = 2 if ch + ch in r.reduplications else 1
        else:
            w = ch + tail
            if all(c in r.numerals for c in w) or (len(w) == 2 and w[0] in r.numerals) or w + w in r.meaningful:
                continue
            keep = len(w)
        if j1 < len(v) and (v[j1].isascii() and v[j1].isalnum() or v[j1] in r.numerals):
            # a number or key right after: the last copy is the one joined to it (工单本月工单本月01
            # keeps 本月01 the month day the user said, not a 本月 glued to a later 01)
            reps.append((j0, j1 - keep, "", _STUTTER))
        else:
            reps.append((j0 + keep, j1, "", _STUTTER))
    return reps


def _repair_pass(v: str, r: _Rules) -> list[tuple[int, int, str, int]]:
    return [(a, b, rep, _REPAIR) for a, b, rep in r.repair.repair_spans(v)]


_N_PASSES = 4  # repair, space, punctuation, stutter (`_Tables.passes`)
_REPAIRISH = frozenset((_REPAIR, _STUTTER))
_MAX_ROUNDS = 32


def clean_edits(text: str, pack: Pack | None = None) -> list[Edit]:
    """The edits that clean `text` (current-text coordinates), one per contiguous run, by the
    cleaning data of `pack` (default: the default pack)."""
    tables = _tables(pack)
    passes = tables.passes
    reps = _fold_pass(text, tables)
    found_nothing_in: list[str | None] = [None] * _N_PASSES
    if reps and all(cat in _ONE_FOR_ONE for _, _, _, cat in reps):
        # Only width folds (an OCR/IME full-width line): one character each, so the view is
        # the text with those characters swapped. When no other rule fires on it, the edits
        # are the folds themselves — what the cell machinery below would produce, without a
        # cell per character.
        chars = list(text)
        for j0, _, t, _ in reps:
            chars[j0] = t
        v = "".join(chars)
        for k, p in enumerate(passes):
            if p(v):
                break
            found_nothing_in[k] = v  # the general path below starts from this same view
        else:
            return [_new_tuple(Edit, (j0, j1, t, "punctuation", "rule", 1.0, False, True, True, _REASON[cat]))
                    for j0, j1, t, cat in reps]
    return _clean_edits_by_cells(text, reps, found_nothing_in, passes)


def _clean_edits_by_cells(text: str, reps: list[tuple[int, int, str, int]],
                          found_nothing_in: list[str | None], passes) -> list[Edit]:  # noqa: ANN001
    """The general path: every rule, to a fixed point, over cells that remember their origin.

    `found_nothing_in[k]` is a view in which pass k is known to change nothing."""
    cells: list[Cell] | None = None
    dcat = bytearray()
    v = text
    if reps:
        dcat = bytearray(len(text))
        cells = _cells(text, reps, dcat)
        v = "".join([c[0] for c in cells])
    # The passes run in turn until none of them changes the view: a fixed point, hence
    # idempotence. Every change shortens the view, so this ends; real text needs 2–3
    # rounds, the cap only bounds adversarial input. A pass is a function of the view
    # alone, so one that already found nothing in this very view is not asked again (the
    # changes applied are exactly those of running every pass every round).
    steps = 0
    while steps < _MAX_ROUNDS * _N_PASSES:
        k = steps % _N_PASSES
        steps += 1
        if found_nothing_in[k] == v:
            if all(seen == v for seen in found_nothing_in):
                break
            continue
        reps = passes[k](v)
        if not reps:
            found_nothing_in[k] = v
            continue
        if cells is None:
            dcat = bytearray(len(text))
            cells = _cells(text, reps, dcat)
        else:
            cells = _apply(cells, reps, dcat)
        v = "".join([c[0] for c in cells])
    if cells is None:
        return []
    return _to_edits(text, cells, dcat)


def _to_edits(text: str, cells: list[Cell], dcat: bytearray) -> list[Edit]:
    # changes in original coordinates: [o0, o1, replacement, categories, fold_only, deletion]
    changes: list[list[Any]] = []
    pos = 0
    for t, o0, o1, cat in cells:
        if o0 > pos:
            changes.append([pos, o0, "", set(dcat[pos:o0]), False, True])
        if cat in _ONE_FOR_ONE:  # never merged with a neighbour (below), so its category set is shared
            if t != text[o0:o1]:
                changes.append([o0, o1, t, _FOLD_ONLY if cat == _FOLD else _SCRIPT_ONLY, True, False])
        elif cat and t != text[o0:o1]:  # a _KEEP (0) cell holds its own character
            changes.append([o0, o1, t, {cat}, False, False])
        pos = o1
    if pos < len(text):
        changes.append([pos, len(text), "", set(dcat[pos:]), False, True])
    merged: list[list[Any]] = []
    for c in changes:
        if merged:
            p = merged[-1]
            # width folds stay one character each: 1:1 segments keep spans exact (ＡＧＶ－０８　ＡＧＶ－０９)
            if p[1] == c[0] and not (p[4] and c[4]) and p[4] == c[4] and ((p[5] and c[5]) or not (p[3] | c[3]) & _REPAIRISH):
                p[1] = c[1]
                p[2] += c[2]
                p[3] |= c[3]
                p[5] = p[5] and c[5]
                continue
        merged.append(c)
    # (tuples built directly, every field given: an OCR line makes dozens of these)
    return [_new_tuple(Edit, (o0, o1, rep, "self_repair" if cats & _REPAIRISH else "punctuation", "rule", 1.0, False,
                              fold, True, _reason(frozenset(cats))))
            for o0, o1, rep, cats, fold, _ in merged]


_new_tuple = tuple.__new__


_FOLD_ONLY = frozenset((_FOLD,))
_SCRIPT_ONLY = frozenset((_SCRIPT,))


@functools.lru_cache(maxsize=None)  # a few dozen combinations of seven categories at most
def _reason(cats: frozenset[int]) -> str:
    return "+".join(sorted(_REASON[k] for k in cats))


class CleanStage(Stage):
    """Deterministic, meaning-preserving cleaning; see the module docstring for the rules."""

    name = "clean"
    capability = "clean"
    deterministic = True

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self._tables = _tables(self.pack)  # the pack's cleaning data, read now, not per call

    def run(self, draft) -> str | None:  # noqa: ANN001
        edits = clean_edits(draft.text, self.pack)
        if not edits:
            return None
        draft.propose(edits)
        return "self_repair" if any(e.type == "self_repair" and "self_repair" in e.reason.split("+") for e in edits) else None
