"""The entity catalog (design 7.1, 7.3): the only authority that may suggest what a
look-alike identifier stands for — as an unconfirmed value and a clarification option."""
from __future__ import annotations

import pytest

import nlu
from nlu.errors import InputError
from nlu.lexicon import default_pack, load_catalog

REF = "2026-03-15T10:30:00+08:00"
CATALOG = {"tenantId": "t-1", "userId": "u-1", "revision": "r1", "expiresAt": "2026-03-15T10:40:00+08:00",
           "entities": [{"canonicalId": "AGV-01", "entityType": "vehicle"}, {"canonicalId": "AGV-09", "entityType": "vehicle"},
                        {"canonicalId": "HXD1-0001", "entityType": "locomotive"}, {"canonicalId": "ST-05", "entityType": "station"}]}


def understand(text, **kw):
    return nlu.understand(text, reference_time=REF, budget_ms=10_000, **kw)


@pytest.mark.parametrize("text,typed,real", [
    ("AGV-O1 状态", "AGV-O1", "AGV-01"), ("HXDl-0001 在哪", "HXDl-0001", "HXD1-0001"), ("ST-O5 有几台车", "ST-O5", "ST-05"),
    ("ＡＧＶ－Ｏ１ 的电量", "ＡＧＶ－Ｏ１", "AGV-01"),
])
def test_a_unique_catalog_match_is_suggested_never_applied(text, typed, real):
    r = understand(text, catalog=CATALOG)
    (e,) = [e for e in r.entities if e.text == typed]
    assert e.canonical_value == real and not e.confirmed  # suggested, not confirmed
    assert real not in r.canonical_text  # the text itself is never rewritten
    c = r.decision.clarification
    assert r.decision.action == "clarify" and c.reason == "protected_change"
    assert [o.label for o in c.options] == [real] and real in c.options[0].fill_text


def test_without_a_catalog_there_is_no_candidate():
    r = understand("AGV-O1 状态")
    assert r.entities[0].canonical_value is None and r.decision.clarification.options == []


def test_an_expired_catalog_is_no_authority():
    r = nlu.understand("AGV-O1 状态", reference_time="2026-03-15T10:50:00+08:00", catalog=CATALOG)
    assert r.entities[0].canonical_value is None and r.decision.clarification.options == []


def test_no_near_match_by_distance():
    r = understand("查询 AGV-99 当前状态", catalog=CATALOG)  # AGV-09 is in the catalog; 9 is no look-alike of 0
    assert r.entities[0].canonical_value == "AGV-99" and "AGV-09" not in r.model_dump_json()


def test_two_catalog_readings_are_not_a_unique_candidate():
    # a catalog that (oddly) holds both spellings: the look-alike reads as either, so neither is offered
    cat = dict(CATALOG, entities=[{"canonicalId": "AGV-01", "entityType": "vehicle"},
                                  {"canonicalId": "AGV-O1", "entityType": "vehicle"}])
    r = understand("AGV-O1 状态", catalog=cat)
    assert r.entities[0].canonical_value is None and r.decision.clarification.options == []


def test_catalog_file_and_bad_catalog():
    example = load_catalog(default_pack().root / "catalog.example.json")
    r = nlu.understand("AGV-O1 状态", reference_time="2026-11-30T10:00:00+08:00", catalog=example)
    assert r.entities[0].canonical_value == "AGV-01"
    with pytest.raises(InputError, match="E110"):
        understand("AGV-O1", catalog={"tenantId": "t"})
