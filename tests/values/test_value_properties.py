"""Properties of the value grammar (issue 14).

* The value of a number written in digits equals the value of the same number written in
  Chinese numerals, generated both ways: from an integer to both spellings, and from a
  random Chinese numeral (sections, 零, 两, spoken abbreviations) to its value and digits.
* A wrong-looking but unreadable phrase never gets a value (its text may be kept; a value,
  never a partial one).
* One pass: a run of 百 (or of any numeral character) costs about what ordinary text costs.
"""
from __future__ import annotations

import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings, strategies as st

import nlu
from nlu.values.quantities import find_amounts_and_quantities as faq

DIG = "零一二三四五六七八九"
FIN = "零壹贰叁肆伍陆柒捌玖"
UNITS = ["千", "百", "十", ""]
FIN_UNITS = ["仟", "佰", "拾", ""]


def _section(x: int, digits: str, units: list[str], two: bool) -> str:
    """1..9999 in standard form, one 零 for each run of inner zeros (slow and obvious)."""
    out, pending_zero = "", False
    for d, name in zip((x // 1000 % 10, x // 100 % 10, x // 10 % 10, x % 10), units):
        if d == 0:
            pending_zero = bool(out)
            continue
        if pending_zero:
            out += digits[0]
        # 两 is said for 2 before 百/千 (两千, 两百), never for the ones or the tens
        out += ("两" if two and d == 2 and name in ("千", "百") else digits[d]) + name
        pending_zero = False
    return out


def chinese(n: int, *, financial: bool = False, two: bool = False) -> str:
    """0..10^16-1 in Chinese: sections of four digits joined by 万 / 亿, 零 where places are skipped."""
    if n < 0:
        return "负" + chinese(-n, financial=financial, two=two)
    digits, units = (FIN, FIN_UNITS) if financial else (DIG, UNITS)
    if n == 0:
        return digits[0]
    parts = []
    for big, size in (("亿", 10 ** 8), ("万", 10 ** 4), ("", 1)):
        parts.append((n // size % (10 ** 8 if big == "亿" else 10 ** 4), big))
    out, need_zero = "", False
    for i, (v, big) in enumerate(parts):
        if big == "亿":
            v = n // 10 ** 8
        if v == 0:
            need_zero = bool(out)
            continue
        if out and (need_zero or v < 1000):
            out += digits[0]
        out += (chinese(v, financial=financial, two=two) if v >= 10 ** 4 else _section(v, digits, units, two)) + big
        need_zero = False
    if out.startswith(digits[1] + units[2]) and not financial:
        out = out[1:]  # 十五, 十万 (一十五 reads the same)
    return out


def _value(text: str, unit: str = "台") -> list[str | None]:
    return [m.canonical_value for m in faq(text, units=(unit,))]


def test_oracle_sane():
    assert chinese(15) == "十五" and chinese(1005) == "一千零五" and chinese(10500) == "一万零五百"
    assert chinese(100000) == "十万" and chinese(2_0003) == "二万零三" and chinese(110) == "一百一十"
    assert chinese(1_0000_0000) == "一亿" and chinese(4_0504_0400_00) == "四百零五亿零四百零四万"
    assert chinese(2222, two=True) == "两千两百二十二" and chinese(-32) == "负三十二"


@given(st.integers(min_value=-(10 ** 15), max_value=10 ** 15), st.booleans(), st.booleans(), st.booleans())
@settings(max_examples=1500)
def test_digits_and_chinese_numerals_have_one_value(n, financial, two, grouped):
    digits = f"{n:,}" if grouped else str(n)
    cn = chinese(n, financial=financial, two=two and not financial)
    want = f"{n} 台"
    # (a minus sign is a sign after a space or punctuation; glued to a word it is a hyphen)
    assert _value(f"共：{digits}台") == [want]
    assert _value(f"共{cn}台") == [want], cn


@given(st.integers(min_value=0, max_value=99_999), st.integers(min_value=0, max_value=9999), st.integers(min_value=1, max_value=4))
def test_decimals_with_point_or_dot_have_one_value(whole, frac, places):
    f = str(frac).zfill(places)[-places:]
    want = format(Decimal(f"{whole}.{f}").normalize(), "f")
    assert _value(f"读数{whole}.{f}台") == [f"{want} 台"]
    assert _value(f"读数{chinese(whole)}点{''.join(DIG[int(c)] for c in f)}台") == [f"{want} 台"]


# from a Chinese numeral to its value: the spoken shapes built piece by piece
@st.composite
def spoken(draw):
    """(numeral, value): a head 1..9999 before 万 or 亿, then nothing, a lone digit (三万五 = 35000)
    or a full lower section, optionally after 零."""
    big, size = draw(st.sampled_from([("万", 10 ** 4), ("亿", 10 ** 8)]))
    head = draw(st.integers(1, 9999))
    text, value = chinese(head) + big, head * size
    tail = draw(st.sampled_from(["none", "digit", "section"]))
    if tail == "digit":
        d = draw(st.integers(1, 9))
        text, value = text + DIG[d], value + d * size // 10
    elif tail == "section":
        low = draw(st.integers(1, 9999 if big == "万" else 9999_9999))
        if low < size // 10:
            text += "零"
        lowtxt = chinese(low)
        if lowtxt.startswith("十"):
            lowtxt = "一" + lowtxt  # inside a number 一十 is said (五万零一十二 is written 五万零十二 too)
        text, value = text + lowtxt, value + low
    return text, value


@given(spoken())
@settings(max_examples=800)
def test_spoken_chinese_numerals_read_as_their_digits(tv):
    text, value = tv
    assert _value(f"共{text}台") == [f"{value} 台"], text
    assert _value(f"共{value}台") == [f"{value} 台"]


# ---------------------------------------------------------------- unreadable look-alikes
section = st.integers(1, 9999).map(chinese)
def _repeats(den: int, num: int) -> bool:
    d = Fraction(num, den).denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return d != 1


repeating = st.tuples(st.sampled_from([3, 6, 7, 9, 11, 12, 13, 30, 70]), st.integers(1, 50)).filter(
    lambda p: _repeats(*p))
unreadable = st.one_of(
    st.tuples(section, section).map(lambda p: p[0] + ("十" if not p[0].endswith("十") else "百") + p[1] + "十")
        .filter(lambda s: any(s.count(u) > 1 for u in "十百千")),     # a unit said twice in a section
    st.tuples(st.sampled_from(DIG[1:]), st.sampled_from(DIG[1:])).map(lambda p: p[0] + p[1]),  # 三五: about
    st.tuples(st.integers(1, 9), st.integers(10, 99)).map(lambda p: f"{p[0]}万{p[1]}"),  # 2万35
    st.integers(1, 999).map(lambda x: chinese(x * 10) + "零"),                   # trailing 零 (三十零)
    repeating.map(lambda p: f"{chinese(p[0])}分之{chinese(p[1])}"),             # 三分之一: repeats
    st.tuples(st.integers(1, 12), st.integers(1, 28)).map(lambda p: f"{p[0]}/{p[1]}"),  # 3/5: date or fraction
)


@given(unreadable, st.sampled_from(["台", "元", "米", ""]))
@settings(max_examples=600)
def test_an_unreadable_numeral_never_gets_a_value(phrase, unit):
    text = f"共{phrase}{unit}，完毕"
    start = 1
    end = start + len(phrase) + len(unit)
    got = [m for m in faq(text, units=("台", "米"), currency_words=("元",)) if m.start < end and start < m.end]
    assert all(m.canonical_value is None for m in got), (text, got)


@given(unreadable)
@settings(max_examples=60, deadline=None)
def test_an_unreadable_numeral_never_gets_a_value_through_the_api(phrase):
    text = f"共{phrase}台，完毕"
    r = nlu.understand(text, source="typed", reference_time="2026-03-15T10:00:00+08:00", budget_ms=60_000)
    end = 1 + len(phrase) + 1
    vals = [e.canonical_value for e in r.entities
            if e.type in ("quantity", "amount", "time", "time_range") and e.source_span.start < end and 1 < e.source_span.end]
    assert all(v is None for v in vals), (text, vals)


# ---------------------------------------------------------------- one pass
def _cost(text: str, n: int = 5) -> float:
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        faq(text)
        best = min(best, time.perf_counter() - t0)
    return best


def test_a_run_of_numeral_characters_costs_what_ordinary_text_costs():
    ordinary = ("请把AGV-01在明天下午3点前派到ST-05，预算三万五元，共3台车。" * 200)[:4000]
    base = _cost(ordinary)
    for run in ("百" * 4000, "一百" * 2000, "万" * 4000, "零" * 4000, "一点" * 2000, "1" * 4000, "二分之" * 1300):
        assert _cost(run) < 3 * base + 0.005, run[:4]


def test_first_call_with_an_iso_datetime_stays_in_budget_and_never_imports_dateparser():
    code = (
        "import sys, nlu\n"
        "r = nlu.understand('请在2026-03-05T10:00:00+08:00之前把AGV-01派到ST-05', source='typed',"
        " reference_time='2026-03-01T09:00:00+08:00')\n"
        "v = [e.canonical_value for e in r.entities if e.type == 'time']\n"
        "print(r.decision.action, 'dateparser' in sys.modules, v, '|', r.decision.reason_codes,"
        " [(d.stage, round(d.duration_ms)) for d in r.diagnostics])\n"
    )
    # a fresh interpreter each time; on a shared host one overloaded moment may still blow the
    # budget, so the first call may be tried in up to three fresh processes
    outs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
        outs.append(out)
        head = out.split(" | ")[0]
        assert "True" not in head.split(" ")[1], out  # dateparser is never imported
        if head == "continue False ['2026-03-05T10:00:00+08:00']":
            return
    raise AssertionError(outs)


@given(st.text(alphabet=st.sampled_from(list("0123456789,，.-－负一二两三十百千万亿点分之又 台元AB中文")), max_size=30))
def test_numeral_phrase_scanner_equals_its_plain_form(text):
    from nlu.values.quantities import RUN_PLAIN, RUN_RE

    assert [m.span() for m in RUN_RE.finditer(text)] == [m.span() for m in RUN_PLAIN.finditer(text)]
