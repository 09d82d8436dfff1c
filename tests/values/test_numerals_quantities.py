from decimal import Decimal

import pytest

from nlu.values.numerals import NUMERAL_RE, parse_number
from nlu.values.quantities import find_amounts_and_quantities as faq

NUMS = {
    "0": 0, "5": 5, "1,234.5": Decimal("1234.5"), "3.5": Decimal("3.5"), "1,000,000": 1000000,
    "三万五": 35000, "两千": 2000, "一百二": 120, "十五": 15, "二十": 20, "一千零五": 1005,
    "3.5万": 35000, "2万3": 23000, "壹仟玖佰": 1900, "两百五十": 250, "二百五": 250, "十": 10,
    "十万": 100000, "一亿五千万": 150000000, "三亿五": 350000000, "两万零三": 20003,
    "一万零五百": 10500, "三万五千": 35000, "35万": 350000, "1.2亿": 120000000, "3千": 3000,
    "一十五": 15, "三点五": Decimal("3.5"), "二〇二六": 2026, "零": 0, "两": 2, "一千零十": 1010,
    "五十五万五千五百五十五": 555555, "贰拾": 20, "叁佰": 300, "伍万": 50000, "玖": 9,
    "一万万": 100000000, "五万万": 500000000, "2万300": 20300, "一万零十二": 10012, "负三十二": -32, "1,100万": 11000000,
}
NOT_NUMS = ["", "百", "万", "千万", "三五", "一千零", "2万35", "3五", "二十三十", "1,23", "abc", "两两",
            "十百", "三十两", "两点零五", "2万35"]


@pytest.mark.parametrize("s,v", NUMS.items())
def test_parse_number(s, v):
    assert parse_number(s) == Decimal(v)


@pytest.mark.parametrize("s", NOT_NUMS)
def test_not_numbers(s):
    assert parse_number(s) is None


def test_numeral_re_finds_runs():
    assert [m.group() for m in NUMERAL_RE.finditer("共3.5万元和两百五十块，2万3")] == ["3.5万", "两百五十", "2万3"]


AQ = [
    ("预算三万五元", "amount", "三万五元", "35000 CNY"),
    ("两百五十块", "amount", "两百五十块", "250 CNY"),
    ("两百五十块钱", "amount", "两百五十块钱", "250 CNY"),
    ("3.5万元", "amount", "3.5万元", "35000 CNY"),
    ("3万元", "amount", "3万元", "30000 CNY"),
    ("壹仟玖佰圆", "amount", "壹仟玖佰圆", "1900 CNY"),
    ("100人民币", "amount", "100人民币", "100 CNY"),
    ("200 CNY", "amount", "200 CNY", "200 CNY"),
    ("¥1,234.50", "amount", "¥1,234.50", "1234.5 CNY"),
    ("花了 ￥ 300", "amount", "￥ 300", "300 CNY"),
    ("预算¥5", "amount", "¥5", "5 CNY"),
    ("¥  300", "number", "300", "300"),  # two spaces: the sign is not the number's
    ("不少于3台", "quantity", "3台", "3 台"),
    ("三台", "quantity", "三台", "3 台"),
    ("5辆", "quantity", "5辆", "5 辆"),
    ("十二张工单", "quantity", "十二张", "12 张"),
    ("超过2小时", "quantity", "2小时", "2 小时"),
    ("百分之二十", "quantity", "百分之二十", "20 %"),
    ("电量低于20%", "quantity", "20%", "20 %"),
    ("电量12.5%", "quantity", "12.5%", "12.5 %"),
    ("编号5", "number", "5", "5"),
    ("一共二十", "number", "二十", "20"),
]


@pytest.mark.parametrize("text,kind,mtext,canon", AQ)
def test_amounts_quantities(text, kind, mtext, canon):
    ms = faq(text)
    assert [(m.kind, m.text, m.canonical_value) for m in ms] == [(kind, mtext, canon)]
    m = ms[0]
    assert text[m.start:m.end] == m.text


def test_value_and_unit_fields():
    [m] = faq("3.5万元")
    assert m.value == Decimal(35000) and m.unit == "CNY"
    [m] = faq("3台")
    assert m.value == 3 and m.unit == "台"
    [m] = faq("7")
    assert m.unit is None


@pytest.mark.parametrize("text,blocked", [
    ("查询 AGV-01 当前状态", [(3, 9)]),
    ("把 T-2026010241 取消", [(2, 14)]),
    ("HXD1-0001 现在在哪", [(0, 9)]),
    ("ST-05", [(0, 5)]),
    ("WO-20260312 的进度", [(0, 11)]),
])
def test_identifiers_blocked(text, blocked):
    assert faq(text, blocked=blocked) == []


@pytest.mark.parametrize("text", ["AGV-01", "HXDl-0001", "AGV-O1", "ST-05", "2026-03-05", "15:30", "X3"])
def test_glued_digits_are_not_quantities(text):
    assert faq(text) == []


def test_blocked_neighbour_still_found():
    text = "AGV-01 3台"
    [m] = faq(text, blocked=[(0, 6)])
    assert (m.start, m.end, m.canonical_value) == (7, 9, "3 台")


def test_pack_lists_override_defaults():
    [m] = faq("5架", units=["架"], currency_words=["元"])
    assert m.canonical_value == "5 架"
    [m] = faq("5块", units=["块"], currency_words=["元"])
    assert (m.kind, m.canonical_value) == ("quantity", "5 块")


@pytest.mark.parametrize("text", ["查一下", "十分重要", "一起", "统一", "万一", "一级修"])
def test_lone_chinese_digit_words_are_not_numbers(text):
    assert [m for m in faq(text) if m.kind == "number"] == []


def test_three_values_sentence():
    text = "昨天下午AGV-01搬运了三万五元的货，共3台车，电量百分之二十"
    ms = faq(text, blocked=[(4, 10)])
    assert [m.canonical_value for m in ms] == ["35000 CNY", "3 台", "20 %"]


# -- numbers that count nothing: articles, ordinals, row numbers ---------------------------
@pytest.mark.parametrize("text,mtext", [
    ("新建一个搬运任务", "一个"), ("放一张表", "一张"), ("是同一个东西吗", "一个"), ("建一条工单", "一条"),
    ("第 1 页", "1"), ("第3台", "3台"), ("序号 车号\n1 HXD1-0001 C4\n2 HXD1-0002 C5", "1"),
])
def test_index_readings_are_not_counts(text, mtext):
    hits = [m for m in faq(text, blocked=[(text.find("HXD1"), text.find("HXD1") + 9)] if "HXD1" in text else ())
            if m.text == mtext]
    assert hits and hits[0].kind == "index", faq(text)


@pytest.mark.parametrize("text,mtext,canon", [
    ("只要一个", "一个", "1 个"), ("至少一张", "一张", "1 张"), ("派两个任务", "两个", "2 个"),
    ("一个小时以内", "一个小时", "1 个小时"), ("共 3 页", "3 页", "3 页"), ("1 台车", "1 台", "1 台"),
])
def test_counts_stay_quantities(text, mtext, canon):
    hits = [m for m in faq(text, units=("个", "张", "个小时", "页", "台")) if m.text == mtext]
    assert hits and hits[0].kind == "quantity" and hits[0].canonical_value == canon, faq(text)


@pytest.mark.parametrize("text,want", [
    ("看一下", []),                              # a lone Chinese digit is a word
    ("查一查", []),
    ("要一 台", [("quantity", "一 台")]),          # … unless a unit follows, a space between allowed
    ("花了一元", [("amount", "一元")]),
    ("¥三", [("amount", "¥三")]),
    ("百分之五", [("quantity", "百分之五")]),
    ("三", [("number", "三")]),                   # a numeral standing alone is a number
    ("答案是“五”。", [("number", "五")]),
])
def test_lone_chinese_digits(text, want):
    assert [(m.kind, m.text) for m in faq(text)] == want
