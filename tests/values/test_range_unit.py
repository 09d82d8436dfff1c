"""A range whose unit is said once (10到30分钟): the first number takes the second's unit, in the
value scanner and so in the pipeline, where a bare number would otherwise ask which object it
names (design 7.8 查 01). Written by hand from the ontology's quantity format."""
from nlu.values.quantities import find_amounts_and_quantities


def _read(text):
    return [(m.text, m.kind, m.canonical_value) for m in find_amounts_and_quantities(text)]


def test_the_first_number_of_a_range_shares_the_unit():
    assert _read("耗时10到30分钟") == [("10", "quantity", "10 分钟"), ("30分钟", "quantity", "30 分钟")]
    assert _read("派3至5台") == [("3", "quantity", "3 台"), ("5台", "quantity", "5 台")]


def test_a_code_with_a_leading_zero_or_a_number_without_a_range_stays_a_number():
    assert _read("查 01 到 30分钟")[0][:2] == ("01", "number")
    assert _read("第3个和5分钟")[0][1] != "quantity"  # 和 joins no range of one unit here
    assert _read("10 然后 30分钟")[0][:2] == ("10", "number")


def test_a_range_read_in_the_pipeline_asks_no_bare_reference():
    import nlu

    r = nlu.understand("任务耗时在10到30分钟之间的搬运任务有多少", reference_time="2026-12-01T15:30:00+08:00",
                       budget_ms=60_000)
    assert "bare_reference" not in r.decision.reason_codes
    assert r.decision.action == "continue", r.decision
    assert "10到30分钟" in r.canonical_text
