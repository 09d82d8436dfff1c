"""Identifier patterns (ontology.md) and OCR look-alike detection."""

from __future__ import annotations

import pytest

from nlu.lexicon import load_pack

VALID = {
    "vehicle": ["AGV-01", "AGV-105", "agv-03"],
    "locomotive": ["HXD1-0001", "DF4B-1234", "HXN5-0123", "SS4-0456", "HXD3C-0789", "DF11-0001"],
    "task": ["T-2026010241"],
    "work_order": ["WO-20260312"],
    "station": ["ST-05", "ST-101"],
}
LOOKALIKE = {
    "vehicle": ["AGV-O1", "AGV-0l", "AGV-1O5"],
    "locomotive": ["HXDl-0001", "HXD1-OOO1", "DF4B-l234"],
    "task": ["T-2O26010241"],
    "work_order": ["WO-2026O312"],
    "station": ["ST-O5", "ST-S1"],
}


@pytest.fixture(scope="module")
def pack():
    return load_pack(use_cache=False)


def test_exactly_the_five_ontology_types(pack):
    assert sorted(p.entity_type for p in pack.identifier_patterns) == sorted(VALID)
    assert sorted(p.entity_type for p in pack.lookalike_patterns) == sorted(VALID)


def test_lookalike_map(pack):
    assert pack.lookalikes == {"O": "0", "o": "0", "l": "1", "I": "1", "S": "5", "B": "8", "Z": "2"}


@pytest.mark.parametrize("etype", sorted(VALID))
def test_pattern_matches_its_example_and_valid_ids_only(pack, etype):
    p = pack.identifier_pattern(etype)
    assert p.pattern.fullmatch(p.example)
    for ident in VALID[etype]:
        assert p.pattern.fullmatch(ident), ident
    for bad in LOOKALIKE[etype]:
        assert not p.pattern.search(bad), bad


@pytest.mark.parametrize("etype", sorted(VALID))
def test_lookalike_pattern_matches_lookalikes_not_valid_ids(pack, etype):
    lp = next(p for p in pack.lookalike_patterns if p.entity_type == etype)
    assert lp.pattern.fullmatch(lp.example)
    for bad in LOOKALIKE[etype]:
        assert lp.pattern.fullmatch(bad), bad
    for ident in VALID[etype]:
        assert not lp.pattern.search(ident), ident


@pytest.mark.parametrize("text", ["AGV-O1", "HXDl-0001", "ST-O5", "T-2O26010241", "WO-2026O312"])
def test_brief_lookalikes_are_detected_by_some_lookalike_pattern(pack, text):
    assert any(p.pattern.fullmatch(text) for p in pack.lookalike_patterns)
    assert not any(p.pattern.search(text) for p in pack.identifier_patterns)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("查询AGV-01当前状态", [("vehicle", "AGV-01")]),
        ("给 AGV-03 下发任务到 ST-05", [("vehicle", "AGV-03"), ("station", "ST-05")]),
        ("把T-2026010241取消", [("task", "T-2026010241")]),
        ("HXD1-0001 在一车间，WO-20260312 的进度", [("locomotive", "HXD1-0001"), ("work_order", "WO-20260312")]),
        ("AGV-1050 不是合法车号", []),
        ("XAGV-01", []),
        ("ST-0512", []),
    ],
)
def test_patterns_find_identifiers_inside_chinese_text(pack, text, expected):
    found = sorted((p.entity_type, m.group(0)) for p in pack.identifier_patterns for m in p.pattern.finditer(text))
    assert found == sorted(expected)


def test_no_confusion_pair_touches_identifier_characters(pack):
    chars = set("0123456789") | set(pack.lookalikes)
    for pair in pack.confusions:
        assert not (set(pair.wrong) | set(pair.right)) & chars, pair
