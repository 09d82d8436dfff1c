"""Micro-benchmark: ``python -m nlu.values.bench``.

Times one call of find_times + find_amounts_and_quantities on a ~100-char sentence with three
values (a time, an amount, a quantity) and an identifier, and prints median and P95.
"""

from __future__ import annotations

import statistics
import time
from datetime import datetime

from .quantities import find_amounts_and_quantities
from .times import SHANGHAI, find_times

SENTENCE = (
    "请帮我查询一下昨天下午AGV-01在一号仓库和二号仓库之间搬运货物的全部任务记录，"
    "这批货物总价值大约三万五元，当时一共调度了3台小车参与运输，麻烦把结果按时间顺序整理成一张详细的表格发给我看一下，非常感谢"
)
BLOCKED = ((SENTENCE.index("AGV-01"), SENTENCE.index("AGV-01") + 6),)
REF = datetime(2026, 3, 15, 10, 0, tzinfo=SHANGHAI)


def run(n: int = 5000) -> tuple[float, float]:
    for _ in range(200):  # warm caches
        find_times(SENTENCE, REF, blocked=BLOCKED)
        find_amounts_and_quantities(SENTENCE, blocked=BLOCKED)
    samples = []
    pc = time.perf_counter_ns
    for _ in range(n):
        t0 = pc()
        find_times(SENTENCE, REF, blocked=BLOCKED)
        find_amounts_and_quantities(SENTENCE, blocked=BLOCKED)
        samples.append((pc() - t0) / 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * len(samples)) - 1]


def main() -> None:
    print(f"sentence: {len(SENTENCE)} chars")
    print("times:", [(m.text, m.canonical_value) for m in find_times(SENTENCE, REF, blocked=BLOCKED)])
    print("values:", [(m.text, m.canonical_value) for m in find_amounts_and_quantities(SENTENCE, blocked=BLOCKED)])
    med, p95 = run()
    print(f"find_times + find_amounts_and_quantities per call: median {med:.3f} ms, P95 {p95:.3f} ms")


if __name__ == "__main__":
    main()
