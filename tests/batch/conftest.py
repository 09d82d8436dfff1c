"""Helpers of the batch tests: run `nlu batch` as a user would, read what it wrote."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REF = "2026-03-15T10:30:00+08:00"


def run_batch(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nlu", "batch", *args, "--quiet"], capture_output=True, text=True,
                          timeout=timeout)


def read_records(path: Path) -> list[dict]:
    from nlu.batch import iter_output

    return list(iter_output(path))


@pytest.fixture
def batch():
    return run_batch
