"""Load test of `nlu serve` on loopback: N concurrent httpx clients for S seconds.

Starts its own `nlu serve --port 0` (or uses --url, loopback only), waits for /readyz, then
each client posts utterances of the generated benchmark corpus (nlu.bench.corpus, fixed
seed) to /v1/understand back to back. Prints requests/s and the latency percentiles seen by
the clients, the status codes and the decisions.

    python eval/load_serve.py [--clients 32] [--seconds 30] [--budget-ms 100] [--url http://127.0.0.1:PORT]
"""
from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import time
from collections import Counter
from urllib.parse import urlparse

import httpx

from nlu.bench.corpus import generate
from nlu.service.cli import is_loopback

MAX_SECONDS = 300  # the loop stops by itself


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, int(round(q / 100.0 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


async def _client(url: str, texts: list[tuple[str, str]], offset: int, stop_at: float, budget_ms: float,
                  latencies: list[float], statuses: Counter[int], decisions: Counter[str]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        i = offset
        while time.perf_counter() < stop_at:
            text, source = texts[i % len(texts)]
            body = {"text": text, "source": source, "referenceTime": "2026-03-15T10:30:00+08:00", "budgetMs": budget_ms}
            i += 1
            t0 = time.perf_counter()
            try:
                r = await client.post("/v1/understand", json=body)
            except httpx.TransportError as exc:
                statuses[-1] += 1
                print(f"transport error: {exc}", file=sys.stderr)
                continue
            latencies.append((time.perf_counter() - t0) * 1000.0)
            statuses[r.status_code] += 1
            if r.status_code == 200:
                decisions[r.json()["decision"]["action"]] += 1


async def run_load(url: str, clients: int, seconds: float, budget_ms: float) -> dict[str, object]:
    texts = [(u.text, u.source) for u in generate(2000, seed=7)]
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    decisions: Counter[str] = Counter()
    t0 = time.perf_counter()
    stop_at = t0 + seconds
    await asyncio.gather(*(_client(url, texts, k * 61, stop_at, budget_ms, latencies, statuses, decisions)
                           for k in range(clients)))
    elapsed = time.perf_counter() - t0
    lat = sorted(latencies)
    return {"requests": len(lat), "seconds": elapsed, "rps": len(lat) / elapsed,
            "p50": percentile(lat, 50), "p95": percentile(lat, 95), "p99": percentile(lat, 99),
            "statuses": dict(statuses), "decisions": dict(decisions)}


def _start_server() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "nlu", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r"listening on (http://\S+)", line)
        if m:
            return proc, m.group(1)
    raise SystemExit("nlu serve did not start")


def _wait_ready(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} never became ready")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    ap.add_argument("--url", help="an nlu serve already running on loopback (default: start one)")
    args = ap.parse_args(argv)
    if not 0 < args.seconds <= MAX_SECONDS:
        ap.error(f"--seconds must be in (0, {MAX_SECONDS}]")
    proc = None
    if args.url:
        if not is_loopback(urlparse(args.url).hostname or ""):
            ap.error("--url must be a loopback address (127.0.0.0/8, ::1 or localhost)")
        url = args.url.rstrip("/")
    else:
        proc, url = _start_server()
    try:
        _wait_ready(url)
        res = asyncio.run(run_load(url, args.clients, args.seconds, args.budget_ms))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    print(f"{args.clients} clients, {res['seconds']:.1f} s, budget {args.budget_ms:g} ms: "
          f"{res['requests']} requests, {res['rps']:.1f} requests/s")
    print(f"latency ms: P50 {res['p50']:.1f}  P95 {res['p95']:.1f}  P99 {res['p99']:.1f}")
    print(f"statuses: {res['statuses']}  decisions: {res['decisions']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
