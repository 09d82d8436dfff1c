"""A write continues only when fully understood (issue 26, the write side): invariants over the
generated families of `write_families.py`, not lists of cases.

* A clear write of a family continues (a traditional script, a reason clause, a scope
  restriction, a Latin adverb, a parameter with its value and unit, a real two-object order).
* An unclear write asks (a count that does not match the objects, either way; a repeated verb
  over a second object; a negation then its opposite; a write with no object).
* A write not fully understood asks, with a reason the ontology gives for what is uncertain:
  a corrected time, a chain of corrections, a value that does not exist (protected_change); the
  speaker's doubt about the object, movers set side by side, a count that does not match a
  topic list (entity).
* A clear write in a new shape (an echo, a topic chain, 推迟 after an attribute, a Latin verb
  after its object, 停用, 都 before a colloquial verb) continues as an operation, never as a read
  with 查询 in front; the reads that look like these shapes continue and order nothing.
* A repaired write never keeps the abandoned object in canonicalText nor in the first option's
  fillText, whatever the decision; under `continue` it names only the final object; its options
  are complete orders, the repaired one first, never a splice of both.
"""
from __future__ import annotations

import pytest

from warm_pipeline import warm_pipeline
from tests.decision.write_families import (REF, Case, clear_writes, counted_lookalikes, hd11_unaccounted, new_shape_writes,
                                           read_lookalikes, repaired_writes, unaccounted_writes, unclear_writes)

CLEAR = clear_writes()
COUNT_MATCH = counted_lookalikes()
UNCLEAR = unclear_writes()
REPAIRED = repaired_writes()
UNACCOUNTED = unaccounted_writes() + hd11_unaccounted()
NEW_SHAPES = new_shape_writes()
READ_LOOKALIKES = read_lookalikes()
# Known gaps (read side, 2026-12-07): a cataphoric 这两个任务 before its list is an open pronoun
# (write_open_coreference); a traditional 關閉 is offered as a correction and 讓 is not read as
# 让 by the construction that makes a dispatch — the accounting itself reads them folded.
_CATAPHORA = pytest.mark.xfail(reason="这N个… before its list is read as an open pronoun (coreference)", strict=False)
# 把下面两台车都派去 ST-12：AGV-1、AGV-2 builds no write frame (the disposal's object is a count
# before its list); until hd11 it continued as a status read — unframed_write now asks (intent)
_CATAPHORIC_DISPOSAL = pytest.mark.xfail(reason="把下面N台车… before its list builds no write frame; asked, not run",
                                         strict=False)
_TRADITIONAL_STAGES = pytest.mark.xfail(reason="關閉 / 讓 are not folded by the stages before the accounting", strict=False)


def _understand(text: str):  # noqa: ANN202
    return warm_pipeline().understand(text, source="typed", reference_time=REF)


def _ids(cases: list[Case]) -> list[str]:
    return [f"{c.family}:{c.text}" for c in cases]


def _clear_params() -> list:
    out = []
    for c in CLEAR + COUNT_MATCH:
        marks = []
        if c.family == "count_match" and c.text.lstrip("把").startswith("这"):
            marks = [_CATAPHORA]
        if c.family == "count_match" and c.text.lstrip("把").startswith("下面"):
            marks = [_CATAPHORIC_DISPOSAL]
        if c.family == "traditional" and ("關閉" in c.text or "讓" in c.text):
            marks = [_TRADITIONAL_STAGES]
        out.append(pytest.param(c, marks=marks, id=f"{c.family}:{c.text}"))
    return out


@pytest.mark.parametrize("case", _clear_params())
def test_a_clear_write_of_a_family_continues(case: Case) -> None:
    r = _understand(case.text)
    assert r.decision.action == "continue", (r.decision.reason_codes, r.decision.clarification)


@pytest.mark.parametrize("case", UNCLEAR, ids=_ids(UNCLEAR))
def test_an_unclear_write_asks(case: Case) -> None:
    r = _understand(case.text)
    assert r.decision.action == "clarify", (r.decision.reason_codes, r.canonical_text)
    if case.family == "no_object":
        # what is to be done to is missing, or a pronoun names it with no antecedent (取消它)
        assert r.decision.clarification.reason in ("missing_slot", "coreference"), r.decision.clarification


@pytest.mark.parametrize("case", REPAIRED, ids=_ids(REPAIRED))
def test_a_repaired_write_never_keeps_the_abandoned_object(case: Case) -> None:
    r = _understand(case.text)
    assert case.old not in r.canonical_text, (r.decision.action, r.canonical_text)
    if r.decision.action == "continue":
        assert case.new in r.canonical_text, r.canonical_text
        return
    assert r.decision.action == "clarify", r.decision
    opts = r.decision.clarification.options
    if opts:
        assert case.old not in opts[0].fill_text, opts[0].fill_text
    for o in opts:  # complete orders, never both objects spliced into one
        assert not (case.old in o.fill_text and case.new in o.fill_text), o.fill_text


def test_a_repaired_write_offers_the_repaired_order_then_the_original_one() -> None:
    r = _understand("把 WO-20261111 关了，我是说 WO-20261112")
    assert r.canonical_text == "把 WO-20261112 关了"
    assert [o.fill_text for o in r.decision.clarification.options] == ["把 WO-20261112 关了", "把 WO-20261111 关了"]
    # the order's own words between the object and the aside stay, a word the aside cuts goes
    assert _understand("暂停 AGV-15 的当前任务 啊弄错了 是 AGV-51").canonical_text == "暂停 AGV-51 的当前任务"
    assert _understand("关掉 WO-20261216 不好意思 号码输错了 WO-20261126").canonical_text == "关掉 WO-20261126"
    r = _understand("调 AGV-64 去 ST-22……改成 ST-23 吧")  # 改成 after a destination repairs it
    assert r.canonical_text == "调 AGV-64 去 ST-23 吧" and r.decision.action == "clarify"


def test_the_repair_keeps_the_spans_of_what_the_user_said() -> None:
    """Deleting the abandoned part maps the kept object to its own place in the original."""
    r = _understand("暂停 AGV-35（更正：AGV-36）")
    assert r.canonical_text == "暂停 AGV-36"
    ent = next(e for e in r.entities if e.canonical_value == "AGV-36")
    assert r.original_text[ent.source_span.start:ent.source_span.end] == "AGV-36"
    assert any(c.type == "self_repair" for c in r.corrections)


@pytest.mark.parametrize("word", ["口误", "布用", "蒙了", "串号", "眼花"])
def test_an_unknown_word_in_a_reason_or_scope_clause_still_asks(word: str) -> None:
    """The reason and scope classes claim a clause only when every word of it is theirs."""
    for text in (f"取消 T-2026120801，客户那边{word}", f"取消 T-2026120801，其他的{word}别动",
                 f"关闭工单 WO-20261208，已验收{word}"):
        assert _understand(text).decision.action == "clarify", text


def test_a_negation_of_the_user_in_a_reason_clause_is_not_a_third_partys() -> None:
    assert _understand("取消 T-2026120801，我不要了").decision.action == "clarify"
    assert _understand("取消 T-2026120801，客户不要了").decision.action == "continue"


def test_a_turn_of_several_requests_is_never_repaired() -> None:
    """Objects of one kind in different requests of a long turn (…全年…，尽快；…近30天…) are not a
    repair: the benchmark's multi-request texts keep every request as said."""
    from nlu.bench.corpus import generate

    for u in generate(120, 7):
        r = _understand(u.text)
        assert "rule:repaired_write" not in r.decision.reason_codes, u.text[:80]
        assert not any(c.type == "self_repair" and c.original_text.strip() and not c.replacement
                       and len(c.original_text) > 24 for c in r.corrections), u.text[:80]


@pytest.mark.parametrize("case", UNACCOUNTED, ids=_ids(UNACCOUNTED))
def test_a_write_not_fully_understood_asks_for_what_is_uncertain(case: Case) -> None:
    r = _understand(case.text)
    assert r.decision.action == "clarify", (r.decision.reason_codes, r.canonical_text)
    assert r.decision.clarification.reason in case.new.split(), (r.decision.reason_codes, r.decision.clarification.reason)
    if case.family == "time_repair":  # the abandoned time is gone, or the turn is kept as said
        opts = r.decision.clarification.options
        assert not opts or case.old not in opts[0].fill_text, opts[0].fill_text
    if case.family == "repair_chain":  # no option holds the object corrected in the middle of the chain
        assert not any(case.old in o.fill_text for o in r.decision.clarification.options), r.decision.clarification.options


@pytest.mark.parametrize("case", NEW_SHAPES, ids=_ids(NEW_SHAPES))
def test_a_clear_write_in_a_new_shape_continues_as_an_operation(case: Case) -> None:
    r = _understand(case.text)
    assert r.decision.action == "continue", (r.decision.reason_codes, r.decision.clarification)
    assert r.routing.template_candidates[0].id == "operation", r.routing.template_candidates
    assert not r.canonical_text.startswith("查询"), r.canonical_text
    assert any(f.action_class in ("create", "update", "cancel") for f in r.semantic_frames)
    for f in r.semantic_frames:  # every write frame acts on something (the echo and the chain carry it)
        assert any(a.role in ("patient", "target") and a.entity_ids for a in f.arguments), f


@pytest.mark.parametrize("case", READ_LOOKALIKES, ids=_ids(READ_LOOKALIKES))
def test_a_read_that_looks_like_an_unclear_write_continues_and_orders_nothing(case: Case) -> None:
    r = _understand(case.text)
    assert r.decision.action == "continue", (r.decision.reason_codes, r.decision.clarification)
    assert not any(f.action_class in ("create", "update", "cancel") and not f.negated for f in r.semantic_frames), \
        r.semantic_frames


def test_a_struck_out_object_is_repaired_and_asked_and_the_marks_are_kept() -> None:
    """~~X~~ is what the user struck out (hd11): the cleaning keeps both marks (a read keeps them as
    said), a write drops the struck object and asks, offering the order without it first."""
    r = _understand("关闭工单 ~~WO-20261210~~ WO-20261211")
    assert r.decision.action == "clarify" and r.decision.clarification.reason == "protected_change"
    assert r.canonical_text == "关闭工单 WO-20261211"
    assert _understand("查一下 ~~T-2026120901~~ 的状态").canonical_text.count("~~") == 2
    assert _understand("好的~~").canonical_text == "好的~"  # a repeated mark is still one


def test_a_back_pointer_with_no_later_rival_object_stays_claimed() -> None:
    """前面那个 points at the turn's own object when no other object of the kind follows it."""
    assert _understand("取消 T-2026120940，前面那个也关掉").decision.action != "clarify" or \
        "rule:unexplained_write" not in _understand("取消 T-2026120940，前面那个也关掉").decision.reason_codes
