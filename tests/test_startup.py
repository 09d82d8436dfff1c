"""Start-up: warm_up() loads what is lazy; a call never waits on a background load; bad
reference times are InputErrors with a clear message (library and CLI)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone

import pytest

import nlu
from nlu.errors import InputError
from nlu.lexicon import default_pack
from nlu.stages import correct, default_policy, default_stages


def test_a_lazy_pipeline_does_not_wait_while_the_pinyin_index_is_being_built():
    # A pack object of its own, so no earlier test has warmed its phonetics.
    pack = dataclasses.replace(default_pack())
    pipe = nlu.Pipeline(default_stages(pack=pack), policy=default_policy(pack=pack), lazy_models=True)
    results: list[nlu.LegacyInputUnderstanding] = []
    # Hold the lock the background loader takes for its whole (~1 s) index build: a call that
    # needs the pinyin path meanwhile must skip it, not queue behind the loader.
    with correct._PHON_LOCK:
        worker = threading.Thread(target=lambda: results.append(
            pipe.understand("帮我看看和谐号的检秀记录", source="asr", budget_ms=5000)))
        worker.start()
        worker.join(timeout=10)
        finished_while_loading = not worker.is_alive()
    worker.join()
    assert finished_while_loading, "the call waited on the background pinyin load"
    assert results and "pinyin_warming" in results[0].decision.reason_codes  # the path was skipped
    assert "budget_exhausted" not in results[0].decision.reason_codes
    # a turn served with a cold model is degraded: it never continues with a guess
    assert results[0].decision.action in ("use_original", "clarify")


def test_warm_up_leaves_nothing_to_import_on_the_request_path():
    # In a fresh process: after warm_up(), calls over the lazily loaded paths (ASR pinyin,
    # alternatives, written ISO times, catalog-free look-alikes) import no further module.
    code = (
        "import sys, nlu\n"
        "nlu.warm_up()\n"
        "before = set(sys.modules)\n"
        "for t in ['全年检休抱表', '2026-03-15T10:30:00+08:00 的任务', '比较上周和本周的检修数量', 'AGV-O1 在哪']:\n"
        "    nlu.understand(t, source='asr', alternatives=[t], budget_ms=5000)\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]", out.stdout


@pytest.mark.parametrize("value", [
    "0001-01-01T00:00:00",
    "9999-12-31T23:59:59+00:00",
    "9999-12-31T23:59:59-12:00",
    datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))),
    datetime(9999, 12, 31, 23, 0, tzinfo=timezone(timedelta(hours=-5))),
    "1899-12-31T23:00:00+08:00",
])
def test_out_of_range_reference_time_is_an_input_error(value):
    with pytest.raises(InputError, match=r"E111.*reference_time.*out of range.*1900.*2999"):
        nlu.understand("明年的检修计划", reference_time=value)


@pytest.mark.parametrize("value", ["1900-01-01T00:00:00+08:00", "2999-06-01T00:00:00+08:00"])
def test_the_edges_of_the_range_resolve_relative_times(value):
    r = nlu.understand("明年的检修计划", reference_time=value)
    assert r.decision.action in ("continue", "clarify")


def test_cli_reports_an_out_of_range_reference_time_in_one_line():
    # (malformed ones, E103, are covered by the CLI tests already)
    r = subprocess.run([sys.executable, "-m", "nlu", "understand", "--reference-time", "0001-01-01T00:00:00", "明天"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "OverflowError" not in r.stderr
    assert r.stderr.startswith("nlu: error: [E111] reference_time '0001-01-01T00:00:00' is out of range")
    assert len(r.stderr.strip().splitlines()) == 1
