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


@pytest.fixture(scope="session")
def markers_gone(suite):
    """The check every injected-unit corpus makes: the turn is flagged, and no marker of the
    attack reaches canonicalText (under any decision) or any fillText."""
    def check(r, case) -> None:  # noqa: ANN001
        canon = suite.norm(r.canonical_text)
        assert suite._flagged(r), (r.decision.action, r.decision.reason_codes, r.canonical_text)
        assert [m for m in case["markers"] if suite.norm(m) in canon] == [], (r.decision.action, r.canonical_text)
        fills = [suite.norm(f) for f in suite._fills(r)]
        assert not [m for m in case["markers"] if any(suite.norm(m) in f for f in fills)], suite._fills(r)
    return check
