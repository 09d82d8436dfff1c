"""`nlu eval --report` says on stderr when it skips the reliability plot, and why."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_eval_report_says_when_and_why_the_plot_is_skipped(tmp_path):
    lines = (ROOT / "goldsets" / "dev.jsonl").read_text(encoding="utf-8").splitlines()[:3]
    gold = tmp_path / "three.jsonl"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "nlu", "eval", str(gold), "--report", str(tmp_path / "r"), "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    if importlib.util.find_spec("matplotlib") is None:
        assert "reliability diagram skipped (matplotlib is not installed: pip install 'legacy-nlu[report]')" in r.stderr
        assert not (tmp_path / "r" / "reliability.png").exists()
    else:
        assert (tmp_path / "r" / "reliability.png").exists() or "reliability diagram skipped (no calibration" in r.stderr
