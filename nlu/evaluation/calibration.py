"""Calibration of the scores the decision stage uses (design 8, 15.4).

Samples are (group, score, correct) triples: ``correction`` (each applied correction's
confidence vs whether it was a listed correction), ``template`` / ``domain`` (top routing
candidate score vs whether it matched), ``entity`` (entity confidence vs matched).
Reliability table with 10 equal-width bins, ECE (bin-weighted |accuracy − confidence|)
and Brier score, per group and for all groups together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

N_BINS = 10


@dataclass
class Bin:
    low: float
    high: float
    count: int = 0
    mean_confidence: float = 0.0
    accuracy: float = 0.0


@dataclass
class Reliability:
    group: str
    n: int
    ece: float | None
    brier: float | None
    bins: list[Bin] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "group": self.group,
            "n": self.n,
            "ece": self.ece,
            "brier": self.brier,
            "bins": [b.__dict__ for b in self.bins],
        }


def reliability(group: str, samples: Iterable[tuple[float, bool]], n_bins: int = N_BINS) -> Reliability:
    pts = [(min(1.0, max(0.0, float(s))), bool(y)) for s, y in samples]
    bins = [Bin(i / n_bins, (i + 1) / n_bins) for i in range(n_bins)]
    sums = [[0.0, 0] for _ in bins]
    for s, y in pts:
        i = min(int(s * n_bins), n_bins - 1)
        bins[i].count += 1
        sums[i][0] += s
        sums[i][1] += int(y)
    n = len(pts)
    if not n:
        return Reliability(group, 0, None, None, bins)
    ece = 0.0
    for b, (ssum, ysum) in zip(bins, sums):
        if b.count:
            b.mean_confidence = ssum / b.count
            b.accuracy = ysum / b.count
            ece += b.count / n * abs(b.accuracy - b.mean_confidence)
    brier = sum((s - int(y)) ** 2 for s, y in pts) / n
    return Reliability(group, n, ece, brier, bins)


def calibrate(samples: Iterable[tuple[str, float, bool]]) -> dict[str, Reliability]:
    """Reliability per group plus ``all`` (every sample pooled)."""
    by: dict[str, list[tuple[float, bool]]] = {}
    for g, s, y in samples:
        by.setdefault(g, []).append((s, y))
        by.setdefault("all", []).append((s, y))
    out = {g: reliability(g, pts) for g, pts in sorted(by.items()) if g != "all"}
    out["all"] = reliability("all", by.get("all", []))
    return out


def plot_reliability(tables: dict[str, Reliability], path: Path) -> str | None:
    """Write a reliability diagram PNG. Returns a note instead when matplotlib is absent."""
    try:
        # lazy: optional extra
        import matplotlib

        matplotlib.use("Agg")
        # lazy: optional extra
        import matplotlib.pyplot as plt
    except Exception:  # noqa: BLE001 - any import problem means "skip the picture"
        return "matplotlib is not importable: reliability diagram skipped (pip install 'legacy-nlu[report]')"
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1, label="perfect")
    for g, t in tables.items():
        xs = [b.mean_confidence for b in t.bins if b.count]
        ys = [b.accuracy for b in t.bins if b.count]
        if xs:
            ece = f"{t.ece:.3f}" if t.ece is not None else "-"
            ax.plot(xs, ys, marker="o", label=f"{g} (n={t.n}, ECE={ece})")
    ax.set_xlabel("confidence")
    ax.set_ylabel("observed accuracy")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return None
