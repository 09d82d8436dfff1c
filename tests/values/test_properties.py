from datetime import datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings, strategies as st

from nlu.values.numerals import parse_number
from nlu.values.quantities import find_amounts_and_quantities
from nlu.values.times import SHANGHAI, find_times

DIG = "零一二三四五六七八九"


def _below_10k(x: int) -> str:
    """1..9999 in standard form, one 零 for each run of inner zeros."""
    digits = [x // 1000 % 10, x // 100 % 10, x // 10 % 10, x % 10]
    names = ["千", "百", "十", ""]
    out, pending_zero = "", False
    for d, name in zip(digits, names):
        if d == 0:
            pending_zero = bool(out)
        else:
            if pending_zero:
                out += "零"
            out += DIG[d] + name
            pending_zero = False
    return out


def to_chinese(n: int) -> str:
    """Slow, obviously-correct reading for 0..99,999,999 (一万零五, 十五, 一百一十)."""
    if n == 0:
        return "零"
    hi, lo = divmod(n, 10_000)
    if hi:
        out = _below_10k(hi) + "万"
        if lo:
            out += ("零" if lo < 1000 else "") + _below_10k(lo)
    else:
        out = _below_10k(lo)
    if out.startswith("一十"):
        out = out[1:]  # 十五, 十万
    return out


def test_oracle_sane():
    assert to_chinese(15) == "十五"
    assert to_chinese(1005) == "一千零五"
    assert to_chinese(10500) == "一万零五百"
    assert to_chinese(35000) == "三万五千"
    assert to_chinese(100000) == "十万"
    assert to_chinese(20003) == "二万零三"
    assert to_chinese(110) == "一百一十"
    assert to_chinese(99999999) == "九千九百九十九万九千九百九十九"


@given(st.integers(min_value=0, max_value=99_999_999))
@settings(max_examples=2000)
def test_chinese_roundtrip(n):
    assert parse_number(to_chinese(n)) == n


@given(st.integers(min_value=0, max_value=10 ** 15))
def test_arabic_roundtrip(n):
    assert parse_number(str(n)) == n
    assert parse_number(f"{n:,}") == n


ALPHABET = "0123456789今明昨天上下午晚本周月季度年最近过去号日点半三五十百千万元块台%分之AGV-T:/ 查询的了"
REF = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)).map(
    lambda d: d.replace(tzinfo=SHANGHAI))


@st.composite
def text_and_blocked(draw):
    text = draw(st.text(alphabet=ALPHABET, max_size=40))
    spans = []
    for _ in range(draw(st.integers(0, 3))):
        if not text:
            break
        a = draw(st.integers(0, len(text) - 1))
        b = draw(st.integers(a + 1, len(text)))
        spans.append((a, b))
    return text, spans


def _overlaps(s, e, spans):
    return any(s < b and a < e for a, b in spans)


@given(text_and_blocked(), REF)
@settings(max_examples=500)
def test_time_matches_well_formed(tb, ref):
    text, blocked = tb
    prev_end = 0
    for m in find_times(text, ref, blocked=blocked):
        assert m.text == text[m.start:m.end] and m.start < m.end
        assert m.start >= prev_end
        prev_end = m.end
        assert not _overlaps(m.start, m.end, blocked)
        if m.canonical_value and m.kind == "time_range":
            a, b = m.canonical_value.split("/")
            assert datetime.fromisoformat(a) < datetime.fromisoformat(b)
            assert a.endswith("+08:00") and b.endswith("+08:00")
        elif m.canonical_value:
            assert datetime.fromisoformat(m.canonical_value).utcoffset() == timedelta(hours=8)


@given(text_and_blocked())
@settings(max_examples=500)
def test_quantity_matches_well_formed(tb):
    text, blocked = tb
    prev_end = 0
    for m in find_amounts_and_quantities(text, blocked=blocked):
        assert m.text == text[m.start:m.end] and m.start < m.end
        assert m.start >= prev_end
        prev_end = m.end
        assert not _overlaps(m.start, m.end, blocked)
        # a phrase read without certainty keeps its text and has no value (never a partial one)
        assert (m.value is None) == (m.canonical_value is None)
        assert m.value is None or isinstance(m.value, Decimal)


@given(st.text(max_size=30), st.lists(st.tuples(st.integers(-3, 35), st.integers(-3, 35)), max_size=6))
def test_mask_blocked_equals_masking_char_by_char(text, spans):
    from nlu.values.quantities import mask_blocked

    naive = "".join("\x00" if any(a <= i < b for a, b in spans) else ch for i, ch in enumerate(text))
    assert mask_blocked(text, spans) == naive


@given(st.text(alphabet=st.sampled_from(list("0123456789aZ.-\x00上下今天月号 中文")), max_size=16))
def test_time_start_scanner_equals_its_plain_form(text):
    import re

    from nlu.values.times import _DT_START

    plain = re.compile(r"(?<![0-9A-Za-z\x00.\-])[0-9]|[零〇一二两三四五六七八九十今去明前后本上下这大昨最第全早晚中凌傍夜周星礼Q]")
    assert [m.start() for m in _DT_START.finditer(text)] == [m.start() for m in plain.finditer(text)]


@given(st.text(alphabet=st.sampled_from(list("0123456789.,点一二两三十百千万亿壹贰拾佰仟台个 查AGV-٣上下本这当以之个月周季度年星期礼拜")), max_size=16))
def test_lookahead_guarded_scanners_equal_their_plain_forms(text):
    import re

    from nlu.values import numerals as n
    from nlu.values import times as t

    plain_numeral = re.compile(rf"(?:{n._ARABIC})(?:[{n._CN_UNIT_CLASS}](?:\d+|[{n._CN_DIGIT_CLASS}{n._CN_UNIT_CLASS}]*))*"
                               rf"|{n._CN_ANY}+(?:{n._CN_FRAC})?")
    assert [m.span() for m in n.NUMERAL_RE.finditer(text)] == [m.span() for m in plain_numeral.finditer(text)]
    unit = t._PERIOD_RE.pattern[t._PERIOD_RE.pattern.index("(?P<pu>"):]
    plain_period = re.compile(f"(?<![以之])(?P<pp>{t._alt(t.PERIOD_PREFIX)})" + unit)
    assert [m.span() + m.groups() for m in t._PERIOD_RE.finditer(text)] == \
        [m.span() + m.groups() for m in plain_period.finditer(text)]


@given(st.text(alphabet=st.sampled_from(list("0123 下午点月号 AGV-a")), max_size=16))
def test_unit_gap_scanner_equals_its_plain_form(text):
    import re

    from nlu.values.times import _UNIT_GAP

    plain = re.compile(r"(?<=[0-9]) (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) (?=[0-9])")
    assert [m.span() for m in _UNIT_GAP.finditer(text)] == [m.span() for m in plain.finditer(text)]


@given(st.text(alphabet=st.sampled_from(list("0123456789 :-/.上下本这一二三十今明昨天年月日号点时分半周星期礼拜午早晚第季度Q发去中最大")), max_size=24))
def test_find_times_with_the_second_character_filter_equals_without(text):
    from datetime import datetime, timezone

    from nlu.values import times as t

    ref = datetime(2026, 3, 16, 9, 30, tzinfo=timezone.utc)
    fast = t.find_times(text, ref)
    g = t.time_grammar()  # (the default pack's grammar: the filter is its table)
    saved, g._DT_FOLLOW = g._DT_FOLLOW, {}
    try:
        assert t.find_times(text, ref) == fast
    finally:
        g._DT_FOLLOW = saved
