"""Shared pieces of the injection tests: one pipeline with a generous budget (these tests
assert behaviour, not speed, on a shared host) and the measurement script of `eval/`."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pipe():
    from nlu.pipeline import Pipeline

    p = Pipeline(budget_ms=60_000)
    p.warm_up()
    return p


@pytest.fixture(scope="session")
def suite():
    """eval/injection_external.py as a module: the figures the tests assert are the ones it prints."""
    spec = importlib.util.spec_from_file_location("injection_external", ROOT / "eval" / "injection_external.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod
