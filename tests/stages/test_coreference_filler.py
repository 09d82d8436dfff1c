"""Filler demonstratives beyond their corpus (`lexicons/corpora/coreference.filler.json`, run in
tests/test_corpora.py): a write with an open reference asks; the filler judge on its own."""

import pytest

import nlu
from nlu.lexicon import default_pack
from nlu.semantics.fillers import Fillers

REF = "2026-06-10T09:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def test_cancel_that_task_asks_which_one():
    """design 7.8: 取消那个任务 is a write with an open reference."""
    r = nlu.understand("取消那个任务", reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"
    assert r.decision.clarification.reason in ("coreference", "missing_slot")


@pytest.mark.parametrize("text, only, social", [
    ("嗯，那个，", True, False), ("呃…", True, False), ("", True, False), ("谢谢啊 那个", False, False),
    ("谢谢啊 那个", True, True), ("那个 AGV-01", False, True), ("嗯 3", False, False)])
def test_fillers(text, only, social):
    assert Fillers(default_pack()).only(text, social=social) is only
