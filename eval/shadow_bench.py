"""Does shadow mode slow the caller? A control function's P50/P95 with shadow on and off (issue 15).

The control stands in for today's router: a keyword scan over the turn (about a millisecond
of pure Python, the order of a legacy routing step). A steady stream of turns arrives at a
fixed interval; each turn is timed from before `ShadowRunner.submit` to after the control
returns — the caller's whole path. Blocks with shadow off and on alternate (ABAB…) so a
drifting shared host affects both alike. Shadow uses the design's settings: 5 % sampling,
one worker, 1.5 s hard timeout, a JSONL sink. Prints P50/P95 per mode and the on/off ratios.

    python eval/shadow_bench.py                      # 4,000 turns, 5 ms apart, 100 blocks
    python eval/shadow_bench.py --rate 1.0 --n 1000  # every turn shadowed (a stress case)
    python eval/shadow_bench.py --isolation process  # the candidate in a child process
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from nlu.bench.corpus import generate
from nlu.bench.run import percentile
from nlu.shadow import ShadowRunner

# the stand-in router's rules: template words and domain words, scanned in order
_RULES = [(re.compile(p), t) for p, t in (
    (r"报表|统计报告|汇总", "report"), (r"多少|几个|几台|数量", "count"), (r"列表|清单|哪些", "list"),
    (r"工单|派工单|作业单", "workorder"), (r"计划|排程", "plan"), (r"取消|下发|调度|暂停", "operation"),
    (r"状态|在哪|位置|电量", "status"),
)]
_DOMAINS = [(re.compile(p), d) for p, d in ((r"AGV|小车|搬运|叉车", "agv"), (r"机车|检修|HXD|修程", "rail"))]


def control(text: str, rounds: int) -> dict[str, str | None]:
    """Today's routing, as far as timing goes: `rounds` passes of a keyword router."""
    template = domain = None
    for _ in range(rounds):
        template = next((t for rx, t in _RULES if rx.search(text)), None)
        domain = next((d for rx, d in _DOMAINS if rx.search(text)), None)
        text.count("的")  # a little string work per pass, like a real normaliser's lookups
    return {"template": template, "domain": domain}


def _calibrate(texts: list[str], target_ms: float) -> int:
    """Router passes that make the control cost `target_ms` on this host when it is quiet:
    the fastest of several timings (a busy shared host would otherwise shrink the control)."""
    probe = 20
    best = float("inf")
    for _ in range(7):
        t0 = time.perf_counter()
        for t in texts[:50]:
            control(t, probe)
        best = min(best, (time.perf_counter() - t0) * 1000 / 50 / probe)
    return max(1, round(target_ms / best))


def run(n: int, interval_ms: float, blocks: int, rate: float, control_ms: float, seed: int,
        plain: bool = False, isolation: str = "thread") -> dict[str, list[float]]:
    texts = [u.text for u in generate(max(n, 200), seed) if u.length_bucket == 100] or [u.text for u in generate(n, seed)]
    rounds = _calibrate(texts, control_ms)
    times: dict[str, list[float]] = {"off": [], "on": []}
    per_block = max(1, n // blocks)
    with tempfile.TemporaryDirectory() as tmp:
        sink = str(Path(tmp) / "shadow.jsonl")
        with ShadowRunner(sample_rate=rate, max_concurrency=1, timeout_ms=1500, sink=sink,
                          pipeline=_plain_pipeline() if plain else None, isolation=isolation) as shadow:
            # let the worker start and warm up before anything is timed
            shadow.submit(texts[0]) if rate > 0 else None
            shadow.wait_idle(30)
            i = 0
            next_start = time.perf_counter()
            for b in range(blocks):
                mode = "on" if b % 2 else "off"
                if mode == "off":  # a task still running from the last "on" block must not count as "off"
                    shadow.wait_idle(30)
                    next_start = max(next_start, time.perf_counter())
                for _ in range(per_block):
                    text = texts[i % len(texts)]
                    i += 1
                    now = time.perf_counter()
                    if now < next_start:
                        time.sleep(next_start - now)
                    next_start += interval_ms / 1000.0
                    t0 = time.perf_counter()
                    if mode == "on":
                        shadow.submit(text, control=None, source="typed")
                    control(text, rounds)
                    times[mode].append((time.perf_counter() - t0) * 1000.0)
            stats = shadow.stats
    print(f"turns {i} ({blocks} alternating blocks of {per_block}), one every {interval_ms:g} ms; "
          f"control: {rounds} router passes (≈ {control_ms:g} ms on a quiet host); shadow rate {rate:g}, 1 worker, 1.5 s timeout, "
          f"candidate on a {isolation if not plain else 'thread (stages not yielding)'}")
    print(f"shadow tasks: {stats}")
    return times


def _plain_pipeline():
    """The candidate without the yielding stages (for comparison: what the yields buy)."""
    from nlu.pipeline import Pipeline

    return Pipeline()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=4000, help="turns in all (default 4000)")
    ap.add_argument("--interval-ms", type=float, default=5.0, help="time between turn starts (default 5)")
    ap.add_argument("--blocks", type=int, default=100,
                    help="alternating off/on blocks (default 100: short blocks, so the host's own noise falls on both alike)")
    ap.add_argument("--rate", type=float, default=0.05, help="shadow sample rate (default 0.05, the design's)")
    ap.add_argument("--control-ms", type=float, default=1.0, help="cost of the stand-in control (default 1 ms)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--isolation", choices=("thread", "process"), default="thread",
                    help="the candidate on a thread of this process (default) or in a child process")
    ap.add_argument("--plain-candidate", action="store_true",
                    help="a candidate whose stages do not yield the interpreter lock (for comparison)")
    a = ap.parse_args(argv)
    times = run(a.n, a.interval_ms, a.blocks, a.rate, a.control_ms, a.seed, a.plain_candidate, a.isolation)
    fig = {m: (percentile(sorted(v), 50), percentile(sorted(v), 95)) for m, v in times.items()}
    print(f"{'':10}{'P50 ms':>10}{'P95 ms':>10}{'turns':>8}")
    for m in ("off", "on"):
        print(f"shadow {m:3}{fig[m][0]:10.3f}{fig[m][1]:10.3f}{len(times[m]):8}")
    r50, r95 = fig["on"][0] / fig["off"][0], fig["on"][1] / fig["off"][1]
    print(f"ratio on/off: P50 {r50:.3f}, P95 {r95:.3f} (target ≤ 1.05: {'met' if max(r50, r95) <= 1.05 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
