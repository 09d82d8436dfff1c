"""Corpus of the filler-demonstrative rule (lexicons/corpora/coreference.filler.json): a bare
那个/这个 said as a hesitation raises no coreference question; a real reference still asks."""
import json
from pathlib import Path

import pytest

import nlu
from nlu.lexicon import default_pack
from nlu.semantics.fillers import Fillers

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / "coreference.filler.json").read_text("utf-8"))
REF = "2026-06-10T09:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_filler_demonstrative_is_not_asked_about(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    c = r.decision.clarification
    # what is asked, if anything, is not which object 那个 was (a domain may still be asked)
    assert c is None or c.reason != "coreference", (r.decision.action, r.decision.reason_codes)


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_real_reference_is_still_asked_about(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"
    assert "non_data_text" not in r.decision.reason_codes


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
