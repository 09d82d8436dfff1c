"""The benchmark corpus (issue 8): deterministic, big enough, covering, and actually noisy.

No timing assertions here: `nlu bench` is a report, never a failing check.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nlu.bench.corpus import (
    IDENTIFIER_TYPES,
    LENGTH_BUCKETS,
    SOURCES,
    ZERO_WIDTH,
    Utterance,
    generate,
    summarize,
)
from nlu.lexicon import default_pack

# clean identifier forms in the ontology formats (see lexicons/identifiers.json)
ID_RES = {
    "vehicle": re.compile(r"(?<![A-Za-z0-9])AGV-\d{2,3}(?![A-Za-z0-9])", re.I),
    "locomotive": re.compile(r"(?<![A-Za-z0-9])(?:HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)-\d{4}(?![A-Za-z0-9])", re.I),
    "task": re.compile(r"(?<![A-Za-z0-9])T-\d{10}(?![A-Za-z0-9])", re.I),
    "work_order": re.compile(r"(?<![A-Za-z0-9])WO-\d{8}(?![A-Za-z0-9])", re.I),
    "station": re.compile(r"(?<![A-Za-z0-9])ST-\d{2,3}(?![A-Za-z0-9])", re.I),
}
FULL_WIDTH = re.compile(r"[\uff01-\uff5e]")


@pytest.fixture(scope="module")
def corpus() -> list[Utterance]:
    return generate()


def test_default_size(corpus):
    assert len(corpus) >= 5000
    assert all(isinstance(u, Utterance) and u.text for u in corpus)


def test_deterministic_for_a_seed(corpus):
    assert generate() == corpus
    assert generate(n=300, seed=7) == generate(n=300, seed=7)
    assert generate(n=300, seed=7) != generate(n=300, seed=8)


def test_covers_every_source_and_bucket(corpus):
    assert {u.source for u in corpus} == set(SOURCES)
    assert {u.length_bucket for u in corpus} == set(LENGTH_BUCKETS)
    pairs = {(u.source, u.length_bucket) for u in corpus}
    assert pairs == {(s, b) for s in SOURCES for b in LENGTH_BUCKETS}
    # even a small corpus covers them all
    small = generate(n=100, seed=3)
    assert {(u.source, u.length_bucket) for u in small} == pairs


def test_length_buckets_are_about_right(corpus):
    by_bucket: dict[int, list[int]] = {}
    for u in corpus:
        by_bucket.setdefault(u.length_bucket, []).append(len(u.text))
    means = {b: sum(v) / len(v) for b, v in by_bucket.items()}
    assert 12 <= means[20] <= 30
    assert 80 <= means[100] <= 125
    assert 400 <= means[500] <= 520
    assert max(by_bucket[20]) < min(by_bucket[500])


def test_every_identifier_type_appears(corpus):
    found = {kind for kind, rx in ID_RES.items() if any(rx.search(u.text) for u in corpus)}
    assert found == set(IDENTIFIER_TYPES)
    assert set(summarize(corpus)["by_identifier"]) == set(IDENTIFIER_TYPES)
    small = generate(n=10, seed=1)
    assert {k for u in small for k in u.identifiers} == set(IDENTIFIER_TYPES)


def test_every_template_appears(corpus):
    from nlu.lexicon.model import TEMPLATE_NAMES

    assert set(summarize(corpus)["by_template"]) == set(TEMPLATE_NAMES)


def test_noise_is_injected(corpus):
    texts = [u.text for u in corpus]
    assert sum(any(z in t for z in ZERO_WIDTH) for t in texts) >= 50
    assert sum(bool(FULL_WIDTH.search(t)) for t in texts) >= 50
    assert any("ＡＧＶ－" in t or "ＷＯ－" in t or "ＳＴ－" in t or "Ｔ－" in t for t in texts)
    # OCR look-alikes inside identifier digits (AGV-O1, T-2026O1...)
    assert any(re.search(r"(?:AGV|WO|ST|T)-\d*[OolISBZ][\dOolISBZ]*", t) for t in texts)
    # stutters and extra spaces
    assert any(re.search(r"(查询|撤销|恢复|把|让|给)\1", t) for t in texts)
    assert sum("  " in t or re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", t) is not None for t in texts) >= 20
    # the pack's confusion pairs, applied in reverse (right -> wrong), for every channel
    pack = default_pack()
    joined = "\n".join(texts)
    for channel in ("asr", "ocr", "typo"):
        wrongs = {c.wrong for c in pack.confusions if c.channel == channel}
        assert sum(w in joined for w in wrongs) >= 5, channel
    asr_wrong = {c.wrong for c in pack.confusions if c.channel == "asr"}
    asr = [u for u in corpus if u.source == "asr"]
    assert sum(any(w in u.text for w in asr_wrong) for u in asr) >= len(asr) // 3
    # recorded noise kinds match
    kinds = summarize(corpus)["by_noise"]
    for kind in ("confusion", "lookalike", "full_width", "zero_width", "stutter", "space"):
        assert kinds.get(kind, 0) > 0, kind
    clean = [u for u in corpus if not u.noise]
    assert clean and len(clean) < len(corpus)  # some clean input too


def test_cli_bench_quick_writes_json(tmp_path):
    out = tmp_path / "bench.json"
    env = {**os.environ, "NLU_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-m", "nlu.cli", "bench", "--quick", "--json", str(out)],
                          capture_output=True, text=True, timeout=120, env=env, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Targets" in proc.stdout
    report = json.loads(out.read_text(encoding="utf-8"))
    for key in ("schema", "config", "environment", "corpus", "latency_ms", "cold_start_s", "throughput",
                "peak_rss_mb", "targets"):
        assert key in report, key
    assert report["config"]["quick"] is True
    assert set(report["latency_ms"]["end_to_end"]) == {"20", "100", "500"}
    for b in ("20", "100", "500"):
        assert set(report["latency_ms"]["end_to_end"][b]) >= {"p50", "p95", "p99", "n"}
    assert report["latency_ms"]["stages"]  # per-stage figures from the diagnostics
    assert {"median", "runs", "fresh_cache"} <= set(report["cold_start_s"])
    assert {"single_process_utt_per_s", "all_cores_utt_per_s", "workers"} <= set(report["throughput"])
    assert {"single_process", "workers_max", "max"} <= set(report["peak_rss_mb"])
    assert {t["key"] for t in report["targets"]} == {"p95_100", "p95_500", "cold_start", "startup", "per_core",
                                                 "peak_rss", "clean_protect_p95_100", "clean_protect_p95_500"}
    st = report["startup_s"]  # issue 29: each step of the start-up, median of fresh interpreters
    for step in ("import", "construct", "warm_up", "first_call", "import_to_warm", "process_cpu"):
        assert st[step] > 0, step
    assert abs(st["import"] + st["construct"] + st["warm_up"] - st["import_to_warm"]) < 0.01
    assert st["empty_cache"]["import_to_warm"] > 0 and st["failures"] == 0
    assert all(t["met"] in (True, False, None) for t in report["targets"])


@pytest.fixture(scope="module")
def small_report():  # noqa: ANN201 - one small run with best-of-2 serves both tests below
    from nlu.bench.corpus import generate
    from nlu.bench.run import run_benchmark

    return run_benchmark(generate(24, 3), cold_runs=1, pool=False, seed=3, repeat=2)


def test_a_small_benchmark_report_has_every_figure_and_the_host_reference(small_report):  # noqa: ANN001
    report = small_report
    assert report["errors"] == 0
    assert set(report["latency_ms"]["stage_groups"]["clean+protect"]) == {"20", "100", "500"}
    host = report["environment"]["host_reference_ms"]
    assert host["before"] > 0 and host["after"] > 0


def test_best_of_k_keeps_each_utterances_fastest_call_and_the_issue_3_targets_are_reported(small_report):  # noqa: ANN001
    from nlu.bench.corpus import generate
    from nlu.bench.run import run_benchmark

    report = small_report
    best = report["latency_best_of_ms"]
    assert best["repeat"] == 2 and report["config"]["repeat"] == 2
    for b in ("20", "100", "500"):
        fastest, first = best["stage_groups"]["clean+protect"][b], report["latency_ms"]["stage_groups"]["clean+protect"][b]
        assert fastest["n"] == first["n"] > 0
        assert 0 < fastest["p50"]
    keys = {t["key"] for t in report["targets"]}
    assert {"clean_protect_p95_100", "clean_protect_p95_500"} <= keys
    assert run_benchmark(generate(6, 3), cold_runs=1, pool=False, seed=3)["latency_best_of_ms"] is None


def test_startup_only_compares_checkouts_side_by_side(tmp_path):
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "startup.json"
    proc = subprocess.run([sys.executable, "-m", "nlu.cli", "bench", "--startup-only", "--cold-runs", "1",
                           "--tree", str(root), "--json", str(out)],
                          capture_output=True, text=True, timeout=300, check=False, cwd=root)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "import → warm pipeline" in proc.stdout
    entries = json.loads(out.read_text(encoding="utf-8"))["startup"]
    assert len(entries) == 2 and entries[1]["tree"] == str(root)
    for e in entries:
        assert e["runs"] == 1 and e["failures"] == 0 and e["import_to_warm"] > 0
        assert e["nlu"].startswith(str(root / "nlu"))  # that checkout's code ran


def test_tree_needs_startup_only_and_a_checkout(tmp_path):
    for args, message in ((["--tree", str(tmp_path)], "--tree needs --startup-only"),
                          (["--startup-only", "--tree", str(tmp_path)], "no nlu package there")):
        proc = subprocess.run([sys.executable, "-m", "nlu", "bench", *args], capture_output=True, text=True,
                              timeout=120, check=False)
        assert proc.returncode != 0 and message in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
