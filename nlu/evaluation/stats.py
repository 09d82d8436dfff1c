"""Ratios with Wilson 95 % score intervals. An empty denominator is "no coverage"."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
NO_COVERAGE = "no coverage"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval for k successes out of n. ``None`` when n == 0 (no coverage)."""
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"invalid ratio {k}/{n}")
    if n == 0:
        return None
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Ratio:
    """numerator / denominator with its Wilson interval. ``value`` is None without coverage."""

    numerator: int
    denominator: int

    @property
    def covered(self) -> bool:
        return self.denominator > 0

    @property
    def value(self) -> float | None:
        return self.numerator / self.denominator if self.denominator else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.numerator, self.denominator)

    def to_json(self) -> dict:
        iv = self.interval
        return {
            "numerator": self.numerator,
            "denominator": self.denominator,
            "value": self.value,
            "low": iv[0] if iv else None,
            "high": iv[1] if iv else None,
            "coverage": self.covered,
        }

    def fmt(self, digits: int = 4) -> str:
        if not self.covered:
            return f"0/0 ({NO_COVERAGE})"
        lo, hi = self.interval  # type: ignore[misc]
        return f"{self.numerator}/{self.denominator} = {self.value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"
