"""A Latin unit ends at a word boundary: the A of AGV, the V of VIP or the m of min is no unit,
so a value before such a word is read whole (百分之十五的AGV is 15 %), and a real unit still is."""
from __future__ import annotations

import itertools

import pytest

from nlu.lexicon import default_pack
from nlu.values.quantities import find_amounts_and_quantities

UNITS = default_pack().quantity_units
VALUES = [("百分之十五", "15 %"), ("百分之三十", "30 %"), ("15%", "15 %"), ("三十五台", "35 台")]
WORDS = ["AGV", "Vehicle", "AMR", "task", "MES"]


@pytest.mark.parametrize("value,word", list(itertools.product(VALUES, WORDS)))
def test_a_value_before_a_latin_word_is_read_whole(value, word) -> None:
    said, canonical = value
    text = f"电量低于{said}的{word}有哪些"
    found = [m for m in find_amounts_and_quantities(text, units=UNITS) if m.text == said]
    assert found and found[0].canonical_value == canonical, (text, found)


@pytest.mark.parametrize("text,canonical", [("5A的电流", "5 A"), ("电压 10V", "10 V"), ("电池 5000mAh", "5000 mAh"),
                                            ("跑了 3km", "3 km"), ("3 A 电流", "3 A")])
def test_a_latin_unit_is_still_read(text, canonical) -> None:
    assert [m.canonical_value for m in find_amounts_and_quantities(text, units=UNITS)] == [canonical]


@pytest.mark.parametrize("text,said,canonical", [
    ("过去30天里电量低于百分之十五的次数最多的是哪台AGV", "百分之十五", "15 %"),
    ("千分之三的次品率", "千分之三", "3 ‰"), ("百分之二十的台数", "百分之二十", "20 %"),
])
def test_a_percent_says_its_unit_before_it(text, said, canonical) -> None:
    """百分之B has its unit: a 的 and a unit word after it (的次数) are not an unread part of it."""
    found = [m for m in find_amounts_and_quantities(text, units=UNITS) if m.text == said]
    assert found and found[0].canonical_value == canonical, (text, found)
