"""Time and time-range recognition resolved in Asia/Shanghai.

``find_times(text, reference, blocked=())`` returns non-overlapping :class:`TimeMatch` objects
in text order. Canonical values follow the ontology: a point is ISO 8601 with seconds and
``+08:00``; a range is ``START/END`` (half-open). A phrase that is recognised but not well
defined (十二月月底, 三点半 without 上午/下午, 2月30日) keeps its text and gets
``canonical_value=None`` -- it is never guessed.

Design: a few compiled patterns (built from word tables below) find candidates; one resolver
turns the captured parts (year / month / day / week / part of day / clock) into a range or
point; overlapping candidates are resolved leftmost-longest. ISO datetimes carrying their own
offset (``2026-03-05T14:30:00Z``) are read with ``datetime.fromisoformat``. The word tables
come from ``lexicons/values.json``; the text is folded first (``nlu.values.vocabulary.fold``:
traditional 號 / 點 / 週 / 後 read as 号 / 点 / 周 / 后), one character for one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from operator import itemgetter
from datetime import date, datetime, time, timedelta
from typing import Literal, NamedTuple, Sequence
from datetime import timezone

from nlu.text.first_chars import second_chars

from .numerals import numeral_grammar_of
from .quantities import mask_blocked, quantity_grammar_of
from .vocabulary import PerRoot, ValueVocabulary, vocabulary, vocabulary_path
from nlu.lexicon.word_classes import alternation, char_class, function_words, time_words

__all__ = ["TimeMatch", "find_times", "SHANGHAI", "ImpossibleDate", "impossible_dates", "time_grammar"]

# Every value carries +08:00 whatever its year (ontology; lexicons/README.md): the zone
# database would give 1890 its local mean time (+08:05:43) and 1986-1991 summer time (+09:00).
SHANGHAI = timezone(timedelta(hours=8), "Asia/Shanghai")


class TimeMatch(NamedTuple):  # immutable; cheaper to build than a frozen dataclass
    start: int
    end: int
    text: str
    kind: Literal["time", "time_range"]
    canonical_value: str | None


def _alt(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


def _by_first_char(words, guard: str) -> str:
    """An alternation of `words` (longest first, as `_alt`) whose every branch opens with a
    literal character, followed by `guard` (a lookbehind over that character): the regex
    engine then skips straight to positions where a word can begin."""
    heads: dict[str, list[str]] = {}
    for w in sorted(words, key=lambda w: (-len(w), w)):
        heads.setdefault(w[0], []).append(w[1:])
    branches = []
    for c, tails in heads.items():
        rest = "|".join(re.escape(t) for t in tails if t)
        branches.append(re.escape(c) + guard + (f"(?:{rest})" + ("?" if "" in tails else "") if rest else ""))
    return "(?:" + "|".join(branches) + ")"


# ---------------------------------------------------------------- calendar helpers
def _midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=SHANGHAI)


def _rng(a: datetime, b: datetime) -> str:
    return f"{a.isoformat()}/{b.isoformat()}"


def _add_months(y: int, m: int, k: int) -> tuple[int, int]:
    i = y * 12 + (m - 1) + k
    return i // 12, i % 12 + 1


def _month_range(y: int, m: int, span: int = 1) -> str:
    ny, nm = _add_months(y, m, span)
    return _rng(_midnight(date(y, m, 1)), _midnight(date(ny, nm, 1)))


def _year_range(y: int) -> str:
    return _rng(_midnight(date(y, 1, 1)), _midnight(date(y + 1, 1, 1)))


def _day_range(d: date) -> str:
    return _rng(_midnight(d), _midnight(d + timedelta(days=1)))


# ---------------------------------------------------------------- resolvers
class _Unresolved(Exception):
    pass


def _resolve_iso_tz(s: str, ref: datetime) -> str:
    """An ISO 8601 datetime with its own offset, as matched by ``_ISO_TZ_RE``.

    The standard library's parser: no import to wait for on a cold call, and a value out of
    range (month 13, 2月30日, hour 25) is refused, not reinterpreted. (dateparser, used here
    before, read 2026-13-05 as 13 May; tests/values/test_iso_offsets.py keeps it as the
    reference for every valid string.)
    """
    try:
        dt = datetime.fromisoformat(s.replace(" ", "T", 1))
    except ValueError:
        raise _Unresolved from None
    if dt.tzinfo is None:
        raise _Unresolved
    return dt.astimezone(SHANGHAI).replace(microsecond=0).isoformat()


@lru_cache(maxsize=4096)
def _resolve_cached(resolve, groups: tuple, today: date):  # noqa: ANN001, ANN202
    """Resolution is a pure function of the matched groups and the reference day, and a
    service sees the same few phrases (今天, 本月, 上周) all day: resolve each once per day.
    Keyed by `Match.groups()` (a plain tuple, cheap to hash); the names are only zipped on
    for a miss. None when the phrase is not well defined (that answer is cached too)."""
    try:
        return resolve(dict(zip(resolve.group_names, groups)), today)
    except (_Unresolved, ValueError, OverflowError):
        return None


def _names(pattern: re.Pattern[str]) -> tuple[str | None, ...]:
    """Group names by position, as `Match.groups()` lists the groups."""
    by_index = {i: name for name, i in pattern.groupindex.items()}
    return tuple(by_index.get(i) for i in range(1, pattern.groups + 1))


# ---------------------------------------------------------------- scanner
# (the space comes first, so the regex engine skips from space to space)
_UNIT_GAP = re.compile(r" (?:(?<=[0-9] )(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff] )(?=[0-9]))")


def _leftmost_longest(c: tuple[int, int, str, str | None]) -> tuple[int, int]:
    return (c[0], c[0] - c[1])


# ---------------------------------------------------------------- calendar validity
class ImpossibleDate(NamedTuple):
    start: int
    end: int
    text: str


def _build(v: ValueVocabulary, root: Path | None, units_file: Path) -> SimpleNamespace:
    """The time grammar of one pack: its word tables (``values.json``), the markers of its
    patterns (``time_words.json``, ``function_words.json``), the patterns and resolvers
    (compiled once per pack by `time_grammar`)."""
    num = numeral_grammar_of(v)
    fold = num.fold
    NUMERAL_CHARS, parse_number = num.NUMERAL_CHARS, num.parse_number
    _V = v

    # ---------------------------------------------------------------- word tables (rules as data)
    _TW = _V.time
    DAY_WORDS: dict[str, int] = dict(_TW["dayWords"])
    # day + part of day in one word
    SHORT_DAY_PART: dict[str, tuple[int, str]] = {k: (v[0], v[1]) for k, v in _TW["shortDayPart"].items()}
    # part of day -> (start hour, end hour) or None when the spec does not define a range
    PARTS: dict[str, tuple[int, int] | None] = {k: (tuple(v) if v else None) for k, v in _TW["partsOfDay"].items()}  # type: ignore[misc]
    # a one-character part of day said right after a day (7月25日早, 七月五号晚) -> the part it means
    PART_AFTER_DATE: dict[str, str] = dict(_TW["partAfterDate"])
    # how a 1..12 clock hour reads after a part of day: hour -> 24h hour (absent = ambiguous)
    _CLOCK_BY_PART: dict[str, dict[int, int]] = {
        part: {h: h + shift for lo, hi, shift in rules for h in range(lo, hi + 1)}
        for part, rules in _TW["clockByPart"].items()
    }
    for _alias, _part in _TW["clockPartAliases"].items():
        _CLOCK_BY_PART[_alias] = _CLOCK_BY_PART[_part]

    YEAR_WORDS: dict[str, int] = dict(_TW["yearWords"])
    # relative period prefixes -> offset; units -> period kind
    PERIOD_PREFIX: dict[str, int] = dict(_TW["periodPrefix"])
    # a relative month said with a day of it (本月十日, 上个月18号) -> month offset
    MONTH_PREFIX: dict[str, int] = dict(_TW["monthPrefix"])
    PERIOD_UNIT: dict[str, str] = dict(_TW["periodUnits"])
    WEEKDAYS: dict[str, int] = dict(_TW["weekdays"])
    VAGUE_IN_MONTH = tuple(_TW["vagueInMonth"])
    RECENT_PREFIX = tuple(_TW["recentPrefix"])
    RECENT_UNITS: dict[str, str | None] = dict(_TW["recentUnits"])

    # The markers and guard characters of the patterns below: the pack's time_words.json;
    # the structure stays here, every class is spliced in once, when the grammar is built.
    _TG = time_words(root)
    _cc = char_class

    def _w(name: str) -> str:  # the one word of a marker class, regex-escaped
        return re.escape(_TG.one(name))

    _NIAN, _YUE, _FEN_SUFFIX = _w("year_marker"), _w("month_marker"), _w("month_suffix")
    _RI_HAO = _cc(_TG.day_markers)
    _UNITS = _cc(_TG.unit_digits)
    _ZHOU, _XINGQI, _LIBAI = map(re.escape, _TG.week_markers)
    _WEEKDAY_DIGITS = _cc(_TG.weekday_digits)
    _QIANTIAN, _HOUTIAN = _TG.one("day_before_yesterday"), _TG.one("day_after_tomorrow")
    _FEN = _w("minute_marker")
    _FIRST_HALF = _TG.half_years[0]  # 上半年: months 1-6
    _QUARTER_HOUR = _TG.quarter_hours[0]  # 一刻: 15 minutes (the other is 45)
    _DECIMAL_POINT = _V.point  # 点 of a clock followed only by digits said one by one: a decimal
    _CNUM = f"[{_cc(_TG.clock_numerals)}]"
    _L = r"(?<![0-9A-Za-z\x00.\-])"  # Arabic numbers must not be glued to codes/identifiers
    _YEAR = rf"(?:(?P<y>{_L}\d{{4}}|[{_cc(_TG.year_digits)}]{{4}}){_NIAN}|(?P<yw>{_alt(YEAR_WORDS)}))"
    # (三十 / 卅, 二十 / 廿: a day in one character or two; 廿五号 = 二十五号)
    _DAY_NUMBER = (rf"(?:3[01]|[12]\d|0?[1-9])(?!\d)|(?:{alternation(_TG.thirty)}){_w('unit_one')}?"
                   rf"|(?:{alternation(_TG.twenty)})[{_UNITS}]?|{_w('ten')}[{_UNITS}]?|[{_UNITS}]")
    # A relative month with a day of it: 下个月18号, or the day without 号 (下月廿一检修, 本月十五交付);
    # the bare day (`rdn`) is the day only if no unit, numeral or clock follows it (`_bare_day_ends`)
    _MONTH = (rf"(?:(?P<rmo>{_alt(MONTH_PREFIX)}){_YUE}(?:(?=(?:{_DAY_NUMBER})[{_RI_HAO}])|(?P<rdn>{_DAY_NUMBER})(?![{_RI_HAO}]))"
              rf"|(?P<mo>{_L}(?:1[0-2]|0?[1-9])(?!\d)"
              rf"|{_w('ten')}[{_cc(_TG.month_teen_digits)}]?|[{_UNITS}]){_YUE}{_FEN_SUFFIX}?"
              rf"|(?P<lastm>{alternation(_TG.last_month_words)})|(?P<firstm>{alternation(_TG.first_month_words)}))")
    _DAY = rf"(?:(?P<d>{_DAY_NUMBER})[{_RI_HAO}](?!{alternation(_TG.day_false_followers)})|(?P<vague>{_alt(VAGUE_IN_MONTH)}))"
    _QUARTER = rf"(?:{_w('ordinal_prefix')}?(?P<qn>[{_cc(_TG.quarter_digits)}1-4]){_w('quarter_word')}|(?P<qq>Q[1-4]))"
    _HALF = rf"(?P<half>{alternation(_TG.half_years)})"
    # 上周 一共: the weekday's numeral begins a word (一共, 一直) — no weekday; a part of day or a clock
    # after it (周一下午, 周一点名 aside) keeps the weekday, so those words' tails are not excluded
    _day_starts = {w[0] for w in PARTS} | {w[0] for w in _TG.clock_markers} | {"号", "日"}
    _numeral_tails = sorted({w[1:] for w in _TG.bare_day_false_words if len(w) > 1 and w[1] not in _day_starts},
                            key=len, reverse=True)
    _WEEKDAY = (rf"(?:(?P<wp>{_alt(k for k in PERIOD_PREFIX if k not in _TG.weekday_excluded_prefixes)})?"
                rf"(?:{alternation(_TG.week_markers)})(?P<wd>[{_WEEKDAY_DIGITS}1-7])(?![0-9])"
                rf"(?!{alternation(_numeral_tails)}))")
    _ISO = rf"(?:{_L}(?P<iy>\d{{4}})(?P<sep>[-/.])(?P<im>\d{{1,2}})(?P=sep)(?P<id>\d{{1,2}})(?!\d))"
    _DAYW = (rf"(?:(?P<dw>{_alt(k for k in DAY_WORDS if k not in (_QIANTIAN, _HOUTIAN))}"
             rf"|(?<![{_cc(_TG.day_before_yesterday_false_left)}]){re.escape(_QIANTIAN)}"
             rf"|(?<![{_cc(_TG.day_after_tomorrow_false_left)}]){re.escape(_HOUTIAN)}))")
    _SHORT = rf"(?P<short>{_alt(SHORT_DAY_PART)})"
    _PART = rf"(?P<part>{_alt(PARTS)})"
    _CLOCK = (
        rf"(?:(?P<h>{_L}(?:[01]?\d|2[0-4])|{_CNUM}{{1,3}})(?P<pt>{alternation(_TG.clock_markers)})"
        rf"(?:(?P<mi>[0-5]?\d(?={_FEN})|[0-5]\d|{_CNUM}{{2,3}}|{_CNUM}(?={_FEN}))(?P<fen>{_FEN})?|(?P<hh>{_w('half_hour')})"
        rf"|(?P<qt>{alternation(_TG.quarter_hours)})|{_w('sharp_hour')})?"
        rf"(?![0-9{_cc(_TG.clock_numerals)}])"
        rf"|(?P<ch>{_L}(?:[01]?\d|2[0-3])):(?P<cm>[0-5]\d)(?::(?P<cs>[0-5]\d))?(?![0-9:]))"
    )
    _DATE = (
        rf"(?:{_ISO}|{_WEEKDAY}|{_DAYW}|{_YEAR}?(?:{_MONTH}{_DAY}?|{_QUARTER}|{_HALF}|(?P<whole>{_w('whole_year')}))?)"
    )
    _after_date = "|".join(re.escape(w) for w in PART_AFTER_DATE)
    # 7月25日早 / 七月五号晚: a part of day in one character, certain only where a phrase ends
    # (早的飞机, 晚，); before a verb (早到, 晚送到) it may mean early / late, and the phrase is not read
    # (only right after a day of the month: 明天早到 stays 明天)
    _DPART = (rf"(?<=[{_RI_HAO}])(?:(?P<dpart>{_after_date})(?={re.escape(function_words(root).one('attributive_particle'))}"
              rf"|[\s，。,.!?！？、；;]|$)|(?P<dvague>{_after_date})(?![{_cc(_TG.day_part_false_followers)}]))")
    _DT_RE = re.compile(rf"(?:{_SHORT}|{_DATE})? ?(?:{_PART}|{_DPART})?{_CLOCK}?")
    # Where a date/time can begin. An Arabic digit only at the start of a number: every
    # digit-initial branch of _DT_RE is guarded by _L, so inside 20260312 or AGV-01 no match
    # can begin, and the scanner skips those positions instead of trying _DT_RE at each.
    _DT_START = re.compile(
        rf"[0-9{_cc(_TG.date_start_characters)}Q](?<![0-9A-Za-z\x00.\-][0-9])"
    )  # (one character class first, so the regex engine can skip to candidates by itself)

    _PERIOD_RE = re.compile(
        rf"(?P<pp>{_by_first_char(PERIOD_PREFIX, f'(?<![{_cc(_TG.period_prefix_false_left)}].)')})"
        rf"(?P<pu>{_ZHOU}(?![{_cc(_TG.week_false_followers)}0-9])(?![{_WEEKDAY_DIGITS}](?!{alternation(_numeral_tails)}))"
        rf"|{_XINGQI}(?![{_WEEKDAY_DIGITS}0-9])|{_LIBAI}(?![{_WEEKDAY_DIGITS}0-9])"
        rf"|{_YUE}(?![{_cc(_TG.month_false_followers)}]|{_w('month_middle')}(?!{_w('mid_repair_tail')}))"
        rf"|{_w('quarter_word')}|{_w('quarter_short')}(?!{alternation(_TG.quarter_false_followers)})|{_w('year_period')})"
    )
    _PP = _PERIOD_RE.groupindex["pp"] - 1  # the prefix's place in `m.groups()`
    _DOUBLED_FALSE_LEFT = frozenset(_TG.doubled_prefix_false_left)
    _RECENT_RE = re.compile(
        rf"(?P<rp>{_alt(RECENT_PREFIX)}) ?(?P<rn>\d+|[{_cc(_TG.recent_numerals)}]+) ?(?P<ru>{_alt(RECENT_UNITS)})"
        rf"(?:{alternation(_TG.recent_tails)})?"
    )
    _ISO_TZ_RE = re.compile(
        rf"{_L}\d{{4}}-\d{{2}}-\d{{2}}[T ]\d{{2}}:\d{{2}}(?::\d{{2}})?(?:\.\d+)?(?:Z|[+-]\d{{2}}:?\d{{2}})(?![0-9])"
    )

    def _small_int(s: str | None) -> int | None:
        if not s:
            return None
        v = parse_number(s)
        if v is None or v != v.to_integral_value():
            return None
        return int(v)

    def _year_of(s: str) -> int | None:
        if s.isdigit():
            return int(s)
        v = parse_number(s)  # digit-by-digit 二〇二六
        return int(v) if v is not None else None

    def _clock_hour(h: int, part: str | None, colon: bool) -> int:
        if part is None:
            if colon or h == 0 or 13 <= h <= 23:
                return h
            raise _Unresolved  # 1..12 without 上午/下午: am or pm is not said
        table = _CLOCK_BY_PART[part]
        if h not in table:
            raise _Unresolved
        return table[h]

    def _resolve_dt(g: dict[str, str | None], today: date) -> tuple[str, str]:
        """-> (kind, canonical). Raises _Unresolved when the phrase is not well defined."""
        part = g["part"]
        if g["dvague"]:
            raise _Unresolved  # 八月七号早到达: the morning, or early?
        day: date | None = None
        has_clock = bool(g["h"] or g["ch"])
        kind = "time" if has_clock else "time_range"
        if g["short"]:
            off, sp = SHORT_DAY_PART[g["short"]]
            day = today + timedelta(days=off)
            if part:
                raise _Unresolved  # 今晚上午: contradictory
            part = sp
        elif g["dw"]:
            day = today + timedelta(days=DAY_WORDS[g["dw"]])
        elif g["iy"]:
            day = date(int(g["iy"]), int(g["im"]), int(g["id"]))  # ValueError -> unresolved
        elif g["wd"]:
            off = PERIOD_PREFIX[g["wp"]] if g["wp"] else 0
            monday = today - timedelta(days=today.weekday())
            day = monday + timedelta(days=7 * off + WEEKDAYS[g["wd"]] - 1)
        else:
            year = today.year
            if g["y"]:
                yv = _year_of(g["y"])
                if yv is None:
                    raise _Unresolved
                year = yv
            elif g["yw"]:
                year = today.year + YEAR_WORDS[g["yw"]]
            month: int | None = None
            if g["rmo"]:
                if g["y"] or g["yw"]:
                    raise _Unresolved  # 今年本月十日: said twice
                year, month = _add_months(today.year, today.month, MONTH_PREFIX[g["rmo"]])
            elif g["mo"]:
                month = _small_int(g["mo"])
            elif g["lastm"]:
                month = 12
            elif g["firstm"]:
                month = 1
            if month is not None:
                if not 1 <= month <= 12:
                    raise _Unresolved
                if g["vague"]:
                    raise _Unresolved  # 月底 / 上旬 …: not defined by the spec
                if g["d"] or g["rdn"]:
                    dv = _small_int(g["d"] or g["rdn"])
                    if dv is None:
                        raise _Unresolved
                    day = date(year, month, dv)
                else:
                    if part or has_clock:
                        raise _Unresolved
                    return "time_range", _month_range(year, month)
            elif g["qn"] or g["qq"]:
                q = WEEKDAYS.get(g["qn"] or "", 0) if g["qn"] else int(g["qq"][1])  # type: ignore[index]
                if part or has_clock:
                    raise _Unresolved
                return "time_range", _month_range(year, 3 * (q - 1) + 1, 3)
            elif g["half"]:
                if part or has_clock:
                    raise _Unresolved
                return "time_range", _month_range(year, 1 if g["half"] == _FIRST_HALF else 7, 6)
            elif g["y"] or g["yw"] or g["whole"]:
                if part or has_clock:
                    raise _Unresolved
                return "time_range", _year_range(year)
        if g["dpart"]:
            if day is None or part:
                raise _Unresolved
            part = PART_AFTER_DATE[g["dpart"]]
        if day is None:
            day = today  # only a part of day and/or a clock
        if has_clock:
            colon = bool(g["ch"])
            h = int(g["ch"]) if colon else _small_int(g["h"])
            if h is None:
                raise _Unresolved
            hour = _clock_hour(h, part, colon)
            if colon:
                minute, sec = int(g["cm"]), int(g["cs"] or 0)  # type: ignore[arg-type]
            else:
                sec = 0
                if g["hh"]:
                    minute = 30
                elif g["qt"]:
                    minute = 15 if g["qt"] == _QUARTER_HOUR else 45
                elif g["mi"]:
                    mv = _small_int(g["mi"])
                    if mv is None or not 0 <= mv <= 59:
                        raise _Unresolved
                    minute = mv
                else:
                    minute = 0
            if hour == 24:
                if minute or sec:
                    raise _Unresolved
                point = _midnight(day + timedelta(days=1))
            else:
                point = datetime.combine(day, time(hour, minute, sec), tzinfo=SHANGHAI)
            return "time", point.isoformat()
        if part:
            hours = PARTS[part]
            if hours is None:
                raise _Unresolved
            base = _midnight(day)
            return "time_range", _rng(base + timedelta(hours=hours[0]), base + timedelta(hours=hours[1]))
        return kind, _day_range(day)

    def _resolve_period(g: dict[str, str | None], today: date) -> str:
        off = PERIOD_PREFIX[g["pp"]]  # type: ignore[index]
        unit = PERIOD_UNIT[g["pu"]]  # type: ignore[index]
        if unit == "week":
            monday = today - timedelta(days=today.weekday()) + timedelta(days=7 * off)
            return _rng(_midnight(monday), _midnight(monday + timedelta(days=7)))
        if unit == "month":
            y, m = _add_months(today.year, today.month, off)
            return _month_range(y, m)
        if unit == "quarter":
            qstart = 3 * ((today.month - 1) // 3) + 1
            y, m = _add_months(today.year, qstart, 3 * off)
            return _month_range(y, m, 3)
        return _year_range(today.year + off)

    def _resolve_recent(g: dict[str, str | None], today: date) -> str:
        n = _small_int(g["rn"])
        if RECENT_UNITS[g["ru"]] != "day" or n is None or not 1 <= n <= 36600:  # type: ignore[index]
            raise _Unresolved
        return _rng(_midnight(today - timedelta(days=n - 1)), _midnight(today + timedelta(days=1)))

    _DT_SECOND = second_chars(_DT_RE)
    # the characters that may follow each candidate first character (see `_find_times`)
    _DT_FOLLOW = _DT_SECOND.table() if _DT_SECOND is not None else {}
    _resolve_dt.group_names = _names(_DT_RE)  # (what `_resolve_cached` zips a match's groups with)
    _resolve_period.group_names = _names(_PERIOD_RE)
    _resolve_recent.group_names = _names(_RECENT_RE)
    # The groups one of which a real date/time match holds (the others only ever come with one
    # of these: a day with a month, minutes with an hour …), as indexes into `Match.groups()`.
    _DT_HEADS = tuple(_DT_RE.groupindex[k] - 1 for k in (
        "short", "dw", "iy", "wd", "y", "yw", "rmo", "mo", "lastm", "firstm", "qn", "qq", "half", "whole", "part", "h", "ch"))
    # a clock said with a day, a part of day or a minute word (分, 半, 刻, 整) is a time; without
    # any (零点零五, 十点二三) an hour 点 digit-by-digit figures are a decimal number
    _CONTEXT_HEADS = itemgetter(*(_DT_RE.groupindex[k] - 1 for k in (
        "short", "dw", "iy", "wd", "y", "yw", "rmo", "mo", "lastm", "firstm", "qn", "qq", "half", "whole", "part",
        "dpart", "dvague", "fen", "hh", "qt")))
    _DT_MI, _DT_PT = _DT_RE.groupindex["mi"] - 1, _DT_RE.groupindex["pt"] - 1
    _DIGIT_BY_DIGIT = frozenset(_TG.digit_by_digit)
    _DT_HEADS_OF = itemgetter(*_DT_HEADS)
    _DT_H, _DT_CH = _DT_RE.groupindex["h"] - 1, _DT_RE.groupindex["ch"] - 1
    _DT_WP = _DT_RE.groupindex["wp"] - 1
    _CLOCK_GAP = frozenset(" \t\r\n\u3000，。；：！？,;:!?、()（）") | frozenset(_V.counting.get("rangeJoiners", ()))
    _DIGIT_OR_DIGIT_WORD = frozenset("0123456789") | frozenset(_TG.digit_by_digit)
    _DT_RDN = _DT_RE.groupindex["rdn"]  # (a group number: `Match.end` takes it)

    def _count_words() -> tuple[str, ...]:
        """The unit and currency words after which a number counts something (so it is no bare
        day): the value grammar's own and the pack's (lexicons/units.json; the shipped pack's
        when no pack is given)."""
        # lazy: only this path needs it
        import json

        q = quantity_grammar_of(v)
        words = set(q.DEFAULT_UNITS) | set(q.DEFAULT_CURRENCY_WORDS) | set(_V.foreign) | set(_V.minor)
        try:
            with open(units_file, encoding="utf-8") as fh:
                d = json.load(fh)
            words.update(d.get("quantityUnits", ()), d.get("currencyWords", ()))
        except (OSError, ValueError):  # pragma: no cover - a pack without units: the grammar's own
            pass
        return tuple(sorted(words, key=lambda w: (-len(w), w)))

    _COUNT_WORD = re.compile("|".join(re.escape(w) for w in _count_words()))
    _NOT_A_BARE_DAY = frozenset(_TG.bare_day_false_followers) | frozenset(_V.tens) | frozenset(
        "0123456789.%‰:/-~～－—") | frozenset(c for c in _V.digits) | frozenset(_V.small_units) \
        | frozenset(_V.big_units) | frozenset(_V.point)

    _NUMERAL_WORDS: dict[str, tuple[str, ...]] = {}
    for _nw in sorted(_TG.bare_day_false_words, key=len, reverse=True):
        _NUMERAL_WORDS.setdefault(_nw[0], ())
        _NUMERAL_WORDS[_nw[0]] += (_nw,)

    _DAY_GOES_ON = frozenset(_TG.day_markers) | frozenset(_V.digits) | frozenset(_V.small_units) \
        | frozenset(_V.tens) | frozenset(_V.zeros)

    def _bare_day_ends(masked: str, j: int) -> bool | None:
        """Whether a day number written without 日 / 号 (下月廿一检修) ends at `j`: no numeral, unit,
        currency word or clock follows it (下个月二十台 is twenty machines next month: False). None
        when one character the grammar does not read splits it from more of a day (本月2X0號,
        上个月二X十八): not the day, and no month either (whole or unresolved)."""
        if j >= len(masked):
            return True
        if any(masked.startswith(w, j - 1) for w in _NUMERAL_WORDS.get(masked[j - 1], ())):
            return False  # 本月一共: the numeral begins a word (一共), no day
        c = masked[j]
        if c in _NOT_A_BARE_DAY:
            return False
        if (cw := _COUNT_WORD.match(masked, j)) is not None:
            k = cw.end()  # 下个月二十台: a count; 这个月三A十日: a unit glued inside a day, neither
            return None if k < len(masked) and (masked[k] in _DAY_GOES_ON or masked[k].isdigit()) else False
        if c.isascii() and c.isalnum():
            return None  # 这个月十九B: glued to a code
        if j + 1 < len(masked) and (masked[j + 1] in _DAY_GOES_ON or masked[j + 1].isdigit()):
            return None
        return True

    def find_times(
        text: str, reference: datetime, *, blocked: Sequence[tuple[int, int]] = ()
    ) -> list[TimeMatch]:
        """Find time points and ranges in ``text``; resolve against ``reference`` in Asia/Shanghai.

        A naive ``reference`` is taken to be Shanghai wall-clock time. Typed and ASR text often
        spaces digits apart from their Chinese units (下午 3 点, 3 月 5 号, 2026 年 3 月): such
        spaces are read through, and every match is reported in the coordinates of ``text``.
        """
        if " " not in text:
            return _find_times(text, reference, blocked=blocked)
        masked = fold(mask_blocked(text, blocked))
        # a space between a digit and a Chinese unit carries no meaning here
        gaps = [m.start() for m in _UNIT_GAP.finditer(masked)]
        if not gaps:
            return _find_times(text, reference, blocked=blocked)
        keep: list[int] = []  # squeezed index -> index in text
        pieces = []
        prev = 0
        for g in (*gaps, len(masked)):
            keep.extend(range(prev, g))
            pieces.append(masked[prev:g])
            prev = g + 1
        squeezed = "".join(pieces)
        out = []
        for m in _find_times(squeezed, reference):
            start, end = keep[m.start], keep[m.end - 1] + 1
            out.append(TimeMatch(start, end, text[start:end], m.kind, m.canonical_value))
        return out

    def _find_times(
        text: str, reference: datetime, *, blocked: Sequence[tuple[int, int]] = ()
    ) -> list[TimeMatch]:
        ref = reference.replace(tzinfo=SHANGHAI) if reference.tzinfo is None else reference.astimezone(SHANGHAI)
        today = ref.date()
        masked = fold(mask_blocked(text, blocked))
        cands: list[tuple[int, int, str, str | None]] = []

        if "-" in masked and ":" in masked:
            for m in _ISO_TZ_RE.finditer(masked):
                try:
                    canon: str | None = _resolve_iso_tz(m.group(), ref)
                except _Unresolved:
                    canon = None
                cands.append((m.start(), m.end(), "time", canon))

        pos = 0  # where the last time found ends: later candidates start from here
        n = len(masked)
        match = _DT_RE.match
        follow = self._DT_FOLLOW  # (this grammar's, read once per call)
        for sm in _DT_START.finditer(masked):
            i = sm.start()
            if i < pos:
                continue
            # every match worth keeping is two characters or more: most candidates (一 in 一下,
            # 上 in 上报) are ruled out by the next character without running the pattern
            after = follow.get(sm.group())
            if after is not None and (i + 1 == n or masked[i + 1] not in after):
                continue
            m = match(masked, i)
            if m is None or m.end() == i or (m.end() - i == 1 and not (m.group("h") or m.group("ch"))):
                continue
            groups = m.groups()
            if not any(_DT_HEADS_OF(groups)):
                continue
            if groups[_DT_RDN - 1] and not (bare := _bare_day_ends(masked, m.end(_DT_RDN))):
                if bare is None:  # 本月2X0號: the month and a broken day, read as neither (the whole kept)
                    stop = m.end(_DT_RDN) + 1
                    while stop < n and (masked[stop] in _DAY_GOES_ON or masked[stop].isdigit()):
                        stop += 1
                    cands.append((i, stop, "time_range", None))
                    pos = stop
                continue  # 下个月二十台: the month, and a count of its own (the period pattern reads 下个月)
            wp = groups[_DT_WP]
            if wp and len(wp) >= 2 and wp[0] == wp[1] and i > 0 and masked[i - 1] in _DOUBLED_FALSE_LEFT \
                    and m.start("wp") == i:  # 核对一下下周三: 一下 + 下周三, not the Wednesday after next
                i, groups = i + 1, groups[:_DT_WP] + (wp[1:],) + groups[_DT_WP + 1:]
            mi = groups[_DT_MI]
            if mi and groups[_DT_PT] == _DECIMAL_POINT and groups[_DT_H] and all(c in _DIGIT_BY_DIGIT for c in mi) \
                    and not any(_CONTEXT_HEADS(groups)):
                continue  # a decimal (误差零点零五毫米), read by the number scanner
            if groups[_DT_H] and not mi and not any(_CONTEXT_HEADS(groups)) and m.end() + 1 < n \
                    and masked[m.end()] not in _CLOCK_GAP and masked[m.end() + 1] in _DIGIT_OR_DIGIT_WORD:
                continue  # 八點X六公里: a decimal split by a character not read, not a clock (the number scanner keeps it unread)
            end = m.end()
            if masked[end - 1] == " ":
                end -= 1
            resolved = _resolve_cached(_resolve_dt, groups, today)
            if resolved is None:
                kind = "time" if (groups[_DT_H] or groups[_DT_CH]) else "time_range"
                canon = None
            else:
                kind, canon = resolved
            cands.append((i, end, kind, canon))
            pos = end

        for m in _PERIOD_RE.finditer(masked):
            start, groups = m.start(), m.groups()
            pp = groups[_PP]
            if len(pp) >= 2 and pp[0] == pp[1] and start > 0 and masked[start - 1] in _DOUBLED_FALSE_LEFT:
                # 看一下下周: the first 下 closes 一下 ("a bit"); the period is 下周, not the week after next
                start, groups = start + 1, groups[:_PP] + (pp[1:],) + groups[_PP + 1:]
            cands.append((start, m.end(), "time_range", _resolve_cached(_resolve_period, groups, today)))
        for m in _RECENT_RE.finditer(masked):
            cands.append((m.start(), m.end(), "time_range", _resolve_cached(_resolve_recent, m.groups(), today)))

        cands.sort(key=_leftmost_longest)
        out: list[TimeMatch] = []
        last = 0
        new = tuple.__new__  # (a turn holds a few; built directly, every field given)
        for s, e, kind, canon in cands:
            if s < last:
                continue
            if canon is not None and e < len(text) and (fold(text[e]) in _UNREAD_AFTER or (
                    masked[e - 1] == _MONTH_CHAR and _UNREAD_DAY.match(masked, e))):
                # 下个月卌号, 下个月35号: a day after the month that is no day of it; the day was
                # not read, so no month either (whole or unresolved)
                canon = None
            out.append(new(TimeMatch, (s, e, text[s:e], kind, canon)))
            last = e
        return out

    _UNREAD_AFTER = frozenset(_V.tens)  # numerals the time patterns do not read (whole or unresolved)
    # a numeral and a day marker right after a month: a day written after it (whatever the numeral)
    # (a day number closed by 日/号, or glued to a code: 上个月14A, 3月十四B — the day was not read,
    # so no month either)
    _UNREAD_DAY = re.compile(rf"[0-9{re.escape(''.join(sorted(NUMERAL_CHARS | _UNREAD_AFTER)))}]+(?:[{_RI_HAO}]|[A-Za-z])")

    _NUM = f"[0-9０-９{_cc(_TG.clock_numerals)}]"
    # (year 年)? month 月 (day 日/号)?: the calendar-date shape whatever the value reader made of it
    # (it reads 2026年13月 as the year 2026 and leaves 13月 alone)
    _CALENDAR = re.compile(
        f"(?:(?<![0-9０-９])(?P<y>[0-9０-９]{{4}}|[{_cc(_TG.digit_by_digit)}]{{4}})\\s*{_NIAN}\\s*)?"
        f"(?<!{_NUM})(?P<m>{_NUM}{{1,3}})\\s*{_YUE}\\s*(?:{_FEN_SUFFIX}\\s*)?(?:(?P<d>{_NUM}{{1,3}})\\s*[{_RI_HAO}])?")

    _NUMERAL_CHARS = frozenset("0123456789０１２３４５６７８９" + "".join(_TG.clock_numerals))

    _MONTH_CHAR = _TG.one("month_marker")
    # Every pattern is built: the grammar keeps the built patterns and tables only (see below).

    def _numeral_before_month(text: str) -> bool:
        """Some 月 has a numeral before it (spaces skipped: 4 月 31 日)."""
        i = text.find(_MONTH_CHAR)
        while i >= 0:
            j = i
            while j > 0 and text[j - 1] == " ":
                j -= 1
            if j > 0 and text[j - 1] in _NUMERAL_CHARS:
                return True
            i = text.find(_MONTH_CHAR, i + 1)
        return False

    def impossible_dates(text: str, reference: datetime) -> list[ImpossibleDate]:
        """Calendar dates in `text` that do not exist: a month past 12 (13月), a day past its
        month's end (4月31日; 2月29日 in a year that is not a leap year — a month-day said without a
        year is in the reference year, as the value reader resolves it). A vague or unsupported
        phrase (6月底, 近6月) is not impossible: only a month or day number that cannot be is.
        A text whose every 月 follows no numeral (本月, 每月) is answered without the pattern."""
        if not _numeral_before_month(text):
            return []
        out: list[ImpossibleDate] = []
        for m in _CALENDAR.finditer(fold(text)):
            month = _small_int(m.group("m"))
            day = _small_int(m.group("d"))
            year = _year_of(m.group("y")) if m.group("y") else reference.year
            if month is None or (m.group("d") and day is None) or year is None:
                continue  # not numbers after all: nothing said about the calendar
            bad = not 1 <= month <= 12
            if not bad and day is not None:
                try:
                    date(year, month, day)
                except ValueError:
                    bad = True
            if bad:
                out.append(ImpossibleDate(m.start(), m.end(), text[m.start():m.end()]))
        return out

    # (not the class reader `_TG`, whose unknown attributes raise PackError: tools walk the
    # grammar's attributes — the bench's memo reset)
    self = SimpleNamespace(**{k: x for k, x in locals().items()
                              if k not in ("v", "num", "root", "units_file", "_TG", "_w")})
    return self


_GRAMMARS: list[SimpleNamespace] = []  # every one built (the bench's memo reset empties their memos)
_BY_ROOT = PerRoot()  # a pack root (None: the default) -> its grammar
_BY_FILES: dict[tuple[Path, Path], SimpleNamespace] = {}


def time_grammar(pack=None) -> SimpleNamespace:  # noqa: ANN001 - a Pack, or None: the default pack
    """The time grammar of `pack` (default: the default pack's), built on first use, once per
    pack; never at import."""
    return _BY_ROOT.get(None if pack is None else pack.root, _grammar_at)


def _grammar_at(root) -> SimpleNamespace:  # noqa: ANN001 - a pack root, or None
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon.loader import shipped_root

    units = (shipped_root() if root is None else Path(root)) / "units.json"
    key = (vocabulary_path(root), units)
    g = _BY_FILES.get(key)
    if g is None:
        g = _BY_FILES[key] = _build(vocabulary(root), root, units)
        _GRAMMARS.append(g)
    return g


def find_times(
    text: str, reference: datetime, *, blocked: Sequence[tuple[int, int]] = (), pack=None  # noqa: ANN001
) -> list[TimeMatch]:
    """Find time points and ranges in ``text``; resolve against ``reference`` in Asia/Shanghai.

    A naive ``reference`` is taken to be Shanghai wall-clock time. Typed and ASR text often
    spaces digits apart from their Chinese units (下午 3 点, 3 月 5 号, 2026 年 3 月): such
    spaces are read through, and every match is reported in the coordinates of ``text``.
    By `pack`'s time words (the default pack's when None).
    """
    return time_grammar(pack).find_times(text, reference, blocked=blocked)


def impossible_dates(text: str, reference: datetime, pack=None) -> list[ImpossibleDate]:  # noqa: ANN001
    """Calendar dates in `text` that do not exist (see the grammar's `impossible_dates`), by
    `pack`'s time words (the default pack's when None)."""
    return time_grammar(pack).impossible_dates(text, reference)


def __getattr__(name: str) -> object:
    """The default pack's tables and patterns (`DAY_WORDS`, `PERIOD_PREFIX`, `_DT_RE` …),
    compiled when first asked for, not at import; a pipeline reads its pack's (`time_grammar(pack)`)."""
    if not name.startswith("__"):
        g = time_grammar()
        if name in vars(g):
            return getattr(g, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
