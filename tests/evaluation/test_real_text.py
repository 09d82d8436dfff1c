"""Meaning kept on real text nobody here wrote (`shared/external/real-text/`, issue 13).

The default suite runs a fixed sample (every 25th row of each file, a few seconds); the full
run (~30 000 calls) is marked `slow` and runs only with ``NLU_SLOW=1`` (it is also
``python eval/real_text.py``, which prints every figure)."""
from __future__ import annotations

import os

import pytest

from nlu.evaluation.realtext import FactCounter, Report, edit_is_right, external_dir, run_all

DATA = external_dir()
pytestmark = pytest.mark.skipif(DATA is None, reason="shared/external/real-text not found next to the repository")


def _check(reports: dict[str, Report]) -> None:
    for name, r in reports.items():
        assert not r.lost_under_continue, (name, r.examples)
        assert r.negation_lost_any == 0, (name, r.examples.get("negation_lost"))
        assert r.emptied == 0, (name, r.examples.get("emptied"))
        assert r.false_on_correct == 0, (name, r.examples.get("false_correction"))
        p = r.precision.value
        assert p is None or p >= 0.98, (name, str(r.precision), r.examples.get("wrong_edit"))
        assert r.cer_edits_after <= r.cer_edits_before and r.pairs_worse == 0, name
    ids = reports["domain_ids"]
    assert ids.id_exact.den > 0 and ids.id_exact.num == ids.id_exact.den, ids.examples.get("domain_id")
    assert ids.id_protected.num == ids.id_protected.den, ids.examples.get("domain_id")


def test_sample_of_the_real_text_keeps_meaning():
    reports = run_all(DATA, every=25)
    _check(reports)
    # the sample is spread over every file
    assert reports["typed"].calls > 400 and reports["domain_ids"].calls > 0


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("NLU_SLOW"), reason="the full real-text run: set NLU_SLOW=1")
def test_all_of_the_real_text_keeps_meaning():
    _check(run_all(DATA))


# -- the measurement itself -----------------------------------------------------------------

def test_a_lost_negation_and_a_kept_repetition_are_told_apart():
    f = FactCounter()
    assert f.lost("HXD1-0002 是不是不用检修", "HXD1-0002 是不用检修") == {"negation": ["不"]}
    assert f.lost("要不要不派 AGV-03", "要不派 AGV-03") == {"negation": ["不"]}
    assert f.lost("不行不行", "不行") == {}  # an exact repetition of a negated phrase keeps it
    assert f.lost("ＡＧＶ－０１ 电量", "AGV-01 电量") == {}  # width folding loses nothing
    assert f.lost("AGV-01 和 AGV-02", "AGV-01 和") == {"identifier": ["AGV-02"], "digit": ["0", "2"]}
    assert f.lost("超过 3 台", "3 台") == {"comparison": ["超过"]}


def test_an_edit_is_right_only_when_it_yields_the_right_side():
    assert edit_is_right("遇到逆竟时", "遇到逆境时", 3, 4, "境")
    assert not edit_is_right("遇到逆竟时", "遇到逆境时", 3, 4, "静")
    assert not edit_is_right("高位制动灯", "高位制动灯", 1, 3, "位置")
