"""Reads fail open (issue 26 part 3), as invariants over the generated families of
`read_families.py` (wordings × keys × layouts, each also in traditional script):

* a clear read is not asked (a write word it asks about, a pronoun it does not need, a variant
  script, a presentation request);
* every write look-alike (the same words as a real order) still asks, or continues understood as
  the write it is (a write frame routed to `operation`);
* a pronoun that is the read's key object with nothing to determine it is still asked.

Before this work (e03d408): reads asked 193/436, look-alike writes through 9/200 (traditional
orders continued unread), open pronouns not asked 2/16.
"""
from __future__ import annotations

import pytest

from decision import read_families as F
from warm_pipeline import warm_pipeline

REF = "2026-12-07T14:20:00+08:00"

# known weak: questions about the software whose first sentence the injection judge takes for an
# instruction to the assistant (你们这个助手能调用…吗), or whose write has no object (这个系统能帮我
# 取消任务吗); a record's field asked after a pasted note; an ASR 那个 before a bare noun of a how-to
WEAK = ("你们这个助手", "你們這個助手", "这个系统能帮我", "這個系統能幫我")
WEAK_LAYOUT = {("last_command", "pasted"), ("last_command", "pasted+trad"), ("任务改派", "asr"), ("任務改派", "asr+trad")}


def _run(c: F.Case):  # noqa: ANN202
    return warm_pipeline().understand(c.text, source="asr" if c.layout.startswith("asr") else "typed", reference_time=REF)


def _weak(c: F.Case) -> bool:
    return any(w in c.text for w in WEAK) or any(w in c.text and c.layout == lay for w, lay in WEAK_LAYOUT)


READS = F.reads()


@pytest.mark.parametrize("case", [c for c in READS if not _weak(c)], ids=lambda c: f"{c.family}:{c.layout}:{c.text[:24]}")
def test_a_clear_read_is_not_asked(case: F.Case) -> None:
    r = _run(case)
    assert r.decision.action != "clarify", (case.text, r.decision.reason_codes)


@pytest.mark.parametrize("case", [c for c in READS if _weak(c)], ids=lambda c: f"{c.family}:{c.layout}:{c.text[:24]}")
@pytest.mark.xfail(reason="known weak: meta questions the injection judge cuts; see WEAK", strict=False)
def test_known_weak_reads(case: F.Case) -> None:
    assert _run(case).decision.action != "clarify"


@pytest.mark.parametrize("case", F.writes(), ids=lambda c: f"{c.family}:{c.layout}:{c.text[:24]}")
def test_a_write_look_alike_asks_or_is_the_write(case: F.Case) -> None:
    r = _run(case)
    assert r.decision.action == "clarify" or F.understood_write(r), (case.text, r.decision.reason_codes)


@pytest.mark.parametrize("case", F.open_pronouns(), ids=lambda c: f"{c.layout}:{c.text}")
def test_a_pronoun_that_is_the_key_is_still_asked(case: F.Case) -> None:
    assert _run(case).decision.action == "clarify", case.text


@pytest.mark.parametrize("case", F.unsure_keys(), ids=lambda c: f"{c.layout}:{c.text}")
def test_a_read_out_number_no_key_restates_is_still_asked(case: F.Case) -> None:
    assert _run(case).decision.action == "clarify", case.text


def test_the_families_are_not_trivial() -> None:
    fams = {c.family for c in READS}
    assert fams == {"topic", "pronoun", "script", "present", "meta", "material", "declined", "restated", "resumed"}
    assert len(READS) >= 400 and len(F.writes()) >= 200
    scripted = [c for c in READS if c.family not in ("restated", "resumed")]
    assert sum(c.layout.endswith("+trad") for c in scripted) * 2 == len(scripted)
    assert all(F.to_traditional(c.text) == c.text for c in READS if c.layout.endswith("+trad"))
