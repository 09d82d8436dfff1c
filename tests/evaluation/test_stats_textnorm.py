"""Wilson intervals and the width/space normaliser used for every text comparison."""

import pytest

from nlu.evaluation.stats import Ratio, wilson
from nlu.evaluation.textnorm import clean, contains, find_utf16, match_key, texts_equal, utf16_slice


# Hand-computed Wilson 95 % bounds: centre = (p + z²/2n)/(1 + z²/n), half = z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n)
@pytest.mark.parametrize(
    "k,n,low,high",
    [(5, 5, 0.5655, 1.0000), (8, 10, 0.4902, 0.9433), (0, 10, 0.0000, 0.2775), (1, 2, 0.0945, 0.9055)],
)
def test_wilson_matches_hand_values(k, n, low, high):
    lo, hi = wilson(k, n)
    assert round(lo, 4) == low
    assert round(hi, 4) == high


def test_wilson_empty_is_no_coverage_never_a_pass():
    assert wilson(0, 0) is None
    r = Ratio(0, 0)
    assert not r.covered and r.value is None and r.interval is None
    assert "no coverage" in r.fmt()
    assert r.to_json()["coverage"] is False


def test_wilson_rejects_impossible_ratio():
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_clean_folds_width_zero_width_and_spaces():
    assert clean("ＡＧＶ－０１") == "AGV-01"
    assert clean("\u3000查询\u200b AGV\u200d-01   状态\t") == "查询 AGV-01 状态"
    assert clean("\ufeff") == ""


def test_match_key_drops_spaces_next_to_cjk_only():
    assert match_key("AGV-01 从 ST-01") == "AGV-01从ST-01"
    assert match_key("Line  1") == "Line 1"
    assert texts_equal("ＡＧＶ－０１", "AGV-01")
    assert contains("查询 ＡＧＶ－０１ 状态", "AGV-01")
    assert not contains("anything", "")


def test_utf16_offsets_with_emoji():
    text = "😀查AGV-01😀"
    # 😀 is two UTF-16 code units: 查 sits at [2, 3), AGV-01 at [3, 9)
    assert utf16_slice(text, 2, 3) == "查"
    assert utf16_slice(text, 3, 9) == "AGV-01"
    assert utf16_slice(text, 9, 11) == "😀"
    assert find_utf16(text, "AGV-01") == [(3, 9)]
    assert utf16_slice(text, 5, 99) is None and utf16_slice(text, 4, 3) is None


def test_find_maps_folded_hits_back_to_raw_offsets():
    raw = "😀 ＡＧＶ－０１ 到 AGV-01"
    hits = find_utf16(raw, "AGV-01")
    assert [utf16_slice(raw, a, b) for a, b in hits] == ["ＡＧＶ－０１", "AGV-01"]
