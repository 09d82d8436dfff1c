"""Leak test (design 14): no text, identifier, number or date of a turn in any metric, record or report.

2,000 turns carry distinctive markers — a made-up name, identifiers, long numbers, amounts,
dates — through the pipeline, shadow mode and an in-memory SDK metric reader; everything
emitted (metric names, attribute names and values, shadow records, the text, JSON and
HTML reports) is searched for every marker and its normalized forms.
"""
from __future__ import annotations

import json
import random
import re
import time

from telemetry_reader import in_memory_reader, points

from nlu import telemetry
from nlu.pipeline import Pipeline
from nlu.shadow import ShadowRunner
from nlu.shadow.html import render_html
from nlu.shadow.report import build_report, read_log, render_text

N = 2000
REF = "2026-03-15T10:30:00+08:00"
SOURCES = ("typed", "asr", "ocr")
SHAPES = (
    "查询 {ident} 当前状态，备注{marker}",
    "{date}的 {ident} 检修工单，编号{num}",
    "帮我看下 {ident} 在 {station} 的任务，金额{amount}元，{marker}",
    "不要取消 {ident} 的任务 {num}，联系人{marker}",
    "统计{date}以后 {ident} 的故障次数，不少于{small}次",
)


def _turns(rng: random.Random):
    for i in range(N):
        marker = f"Zq{rng.randrange(10**6, 10**7)}Xv"           # a made-up token
        num = str(rng.randrange(10**8, 10**9))                   # nine digits: never a count or a timestamp part by chance
        ident = rng.choice([f"AGV-{rng.randrange(10, 99)}", f"HXD1-{rng.randrange(1000, 9999)}"])
        station = f"ST-{rng.randrange(10, 99)}"
        year, month, day = rng.randrange(2031, 2039), rng.randrange(1, 13), rng.randrange(1, 29)
        date = f"{year}年{month}月{day}日"
        amount = f"{rng.randrange(10**5, 10**6)}.{rng.randrange(10, 99)}"
        text = SHAPES[i % len(SHAPES)].format(marker=marker, num=num, ident=ident, station=station, date=date,
                                              amount=amount, small=rng.randrange(3, 9))
        needles = [n for n in (marker, num, ident, station, date, amount) if n in text]
        if date in text:  # and the value the pipeline derives from it
            needles.append(f"{year}-{month:02d}-{day:02d}")
        yield text, SOURCES[i % 3], needles


def test_nothing_of_the_turns_reaches_metrics_records_or_reports(tmp_path):
    t0 = time.perf_counter()
    turns = list(_turns(random.Random(14)))
    pipe = Pipeline(budget_ms=60_000)
    log = tmp_path / "shadow.jsonl"
    seen_in_results = 0
    with in_memory_reader() as reader:
        with ShadowRunner(sample_rate=1.0, queue_size=N, timeout_ms=60_000, sink=str(log), pipeline=pipe) as runner:
            for text, source, needles in turns:
                result = pipe.understand(text, source=source, reference_time=REF)
                # the markers do reach the result itself: the search below has something to find
                dump = result.model_dump_json()
                seen_in_results += all(n in dump for n in needles if n in text)
                assert runner.submit(text, source=source, reference_time=REF,
                                     control={"template": text, "domain": needles[0]})  # a careless caller
            assert runner.wait_idle(60)
            stats = runner.stats
        pts = points(reader)
    records, bad = read_log([log])
    report = build_report(records, bad)
    emitted = {
        "metrics": json.dumps([(name, attrs) for name, attrs, _ in pts], ensure_ascii=False),
        "records": log.read_text(encoding="utf-8"),
        "report text": render_text(report),
        "report json": json.dumps(report.as_dict(), ensure_ascii=False),
        "report html": render_html(report),
    }
    needles = {n for _, _, ns in turns for n in ns}
    # one alternation (longest first) instead of thousands of substring scans over a megabyte
    finder = re.compile("|".join(re.escape(n) for n in sorted(needles, key=len, reverse=True)))
    leaks = {where: sorted(set(finder.findall(blob)))[:5] for where, blob in emitted.items()}
    assert all(finder.search(text) for text, _, _ in turns)  # the finder does find what it looks for
    elapsed = time.perf_counter() - t0
    print(f"leak test: {N} turns, {len(needles)} distinct markers, {len(pts)} metric points, {len(records)} records, "
          f"{sum(len(b) for b in emitted.values())} characters searched, {elapsed:.1f} s; leaks: {leaks}")
    assert stats["completed"] == N and len(records) == N and bad == 0
    assert seen_in_results >= 0.9 * N, seen_in_results
    assert all(not found for found in leaks.values()), leaks
    for _, attrs, _ in pts:
        assert all(telemetry.allowed(k, v) for k, v in attrs.items()), attrs
    # requests: one per pipeline call, the caller's and the candidate's
    assert sum(v for name, _, v in pts if name == "nlu.requests") == 2 * N
