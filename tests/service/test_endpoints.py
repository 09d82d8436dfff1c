"""The service's endpoints and error shapes, against `nlu serve` running on loopback."""
from __future__ import annotations

import json

import httpx
import pytest

from nlu.contract import LegacyInputUnderstanding

from .conftest import start_server, stop_server

REF = "2026-03-15T10:30:00+08:00"
PROBLEM = "application/problem+json"


def assert_problem(r: httpx.Response, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith(PROBLEM)
    body = r.json()
    assert body["status"] == status and body["title"] and body["detail"]
    assert "\n" not in body["detail"] and "Traceback" not in r.text
    return body


def test_understand_returns_the_contract_in_camel_case(client):
    r = client.post("/v1/understand", json={"text": "不要取消 T-2026010241", "source": "typed",
                                            "referenceTime": REF, "requestId": "req-1"})
    assert r.status_code == 200
    body = r.json()
    assert body["schemaVersion"] == "legacy-nlu.v1" and body["requestId"] == "req-1"
    assert body["originalText"] == "不要取消 T-2026010241"
    assert body["source"]["referenceTime"] == REF
    kinds = {p["kind"] for p in body["protectedSpans"]}
    assert {"negation", "identifier"} <= kinds
    LegacyInputUnderstanding.model_validate(body)  # the same models as the library


def test_source_alternatives_and_confidence_reach_the_pipeline(client):
    r = client.post("/v1/understand", json={"text": "全年检休抱表", "source": "asr", "referenceTime": REF,
                                            "alternatives": ["全年检修报表"], "confidence": 0.62})
    body = r.json()
    assert r.status_code == 200
    assert body["source"]["kind"] == "asr" and body["source"]["overallConfidence"] == 0.62
    assert body["source"]["alternatives"] == ["全年检修报表"]


def test_catalog_and_referents_are_accepted_in_their_json_form(client):
    catalog = {"revision": "r1", "tenantId": "t", "userId": "u", "expiresAt": "2026-03-15T11:00:00+08:00",
               "entities": [{"canonicalId": "AGV-01", "entityType": "vehicle", "displayName": "AGV-01 小车"}]}
    referents = [{"canonicalId": "AGV-03", "entityType": "vehicle", "turnId": "t1",
                  "mentionedAt": "2026-03-15T10:25:00+08:00"}]
    r = client.post("/v1/understand", json={"text": "AGV-O1 现在在哪", "referenceTime": REF, "catalog": catalog,
                                            "referents": referents})
    assert r.status_code == 200, r.text
    values = [e.get("canonicalValue") for e in r.json()["entities"]]
    assert "AGV-01" in values  # suggested by the catalog, never rewritten in the text
    assert r.json()["canonicalText"] == "AGV-O1 现在在哪"


def test_batch_answers_in_order_and_caps_at_256(client):
    texts = ["查询 AGV-01 当前状态", "不要取消 T-2026010241", "明天上午的检修计划"]
    r = client.post("/v1/understand/batch", json={"items": [{"text": t, "referenceTime": REF} for t in texts]})
    assert r.status_code == 200
    assert [x["originalText"] for x in r.json()["results"]] == texts
    over = client.post("/v1/understand/batch", json={"items": [{"text": "好"}] * 257})
    body = assert_problem(over, 422)
    assert body["errors"][0]["field"] == "items"
    empty = client.post("/v1/understand/batch", json={"items": []})
    assert assert_problem(empty, 422)["errors"][0]["field"] == "items"


@pytest.mark.parametrize("payload, field", [
    ({}, "text"),
    ({"text": 5}, "text"),
    ({"text": "x", "source": "voice"}, "source"),
    ({"text": "x", "confidence": 1.5}, "confidence"),
    ({"text": "x", "budgetMs": 0}, "budgetMs"),
    ({"text": "x", "budgetMs": 60000}, "budgetMs"),
    ({"text": "x", "alternatives": "one"}, "alternatives"),
    ({"text": "x", "unknown": 1}, "unknown"),
    ({"text": "x", "referents": [{"entityType": "vehicle"}]}, "referents.0.canonicalId"),
    ({"text": "x", "referenceTime": "yesterday"}, "referenceTime"),
    ({"text": "x", "referenceTime": "0001-01-01T00:00:00"}, "referenceTime"),
    ({"text": "x", "referenceTime": "9999-12-31T23:59:59-12:00"}, "referenceTime"),
])
def test_invalid_bodies_are_422_with_the_field_and_one_line(client, payload, field):
    body = assert_problem(client.post("/v1/understand", json=payload), 422)
    fields = [e["field"] for e in body["errors"]]
    assert field in fields, body
    assert all(e["reason"] and "\n" not in e["reason"] for e in body["errors"])
    assert body["detail"].startswith(fields[0] + ": ")


def test_a_bad_item_in_a_batch_names_its_index(client):
    items = [{"text": "明天"}, {"text": "x", "referenceTime": "0001-01-01"}]
    body = assert_problem(client.post("/v1/understand/batch", json={"items": items}), 422)
    assert body["errors"][0]["field"] == "items.1.referenceTime"


def test_malformed_json_is_422(client):
    r = client.post("/v1/understand", content=b'{"text": ', headers={"content-type": "application/json"})
    assert_problem(r, 422)


@pytest.mark.parametrize("chunked", [False, True])
def test_bodies_over_64_kib_are_413(client, chunked):
    body = json.dumps({"text": "好" * 30_000}).encode()  # 90 KB in UTF-8
    assert len(body) > 64 * 1024
    if chunked:  # no Content-Length: the service counts what it reads
        r = client.post("/v1/understand", content=iter([body[i:i + 8192] for i in range(0, len(body), 8192)]),
                        headers={"content-type": "application/json"})
    else:
        r = client.post("/v1/understand", content=body, headers={"content-type": "application/json"})
    assert_problem(r, 413)
    small = json.dumps({"text": "好" * 100}).encode()
    assert client.post("/v1/understand", content=small, headers={"content-type": "application/json"}).status_code == 200


def test_unknown_routes_and_methods_are_problem_documents(client):
    assert_problem(client.get("/v2/nothing"), 404)
    assert_problem(client.get("/v1/understand"), 405)


def test_a_tiny_budget_degrades_to_use_original_not_a_guess(client):
    r = client.post("/v1/understand", json={"text": "AGV-01 和 AGV-03 上周的任务数比较一下，超过5个的列出来",
                                            "budgetMs": 0.01})
    assert r.status_code == 200
    d = r.json()["decision"]
    assert d["action"] == "use_original" and "budget_exhausted" in d["reasonCodes"]
    # 把 is a write cue for the pre-scan: out of budget the turn fails closed and asks
    r = client.post("/v1/understand", json={"text": "把 AGV-01 和 AGV-03 上周的任务数比较一下，超过5个的列出来",
                                            "budgetMs": 0.01})
    d = r.json()["decision"]
    assert d["action"] == "clarify" and "failclosed_write_cue" in d["reasonCodes"]


def test_health_ready_metrics_and_openapi(client):
    assert client.get("/healthz").json() == {"status": "alive"}
    assert client.get("/readyz").status_code == 200
    client.post("/v1/understand", json={"text": "查询 AGV-01 当前状态"})
    client.post("/v1/understand", json={"txt": "查询"})
    m = client.get("/metrics")
    assert m.status_code == 200 and m.headers["content-type"].startswith("text/plain")
    # nlu.telemetry's series through the SDK's exporter, and no HTTP series of nlu's own
    assert "# TYPE nlu_requests_total counter" in m.text and "# TYPE nlu_request_duration_seconds histogram" in m.text
    assert 'result="unchanged"' in m.text and 'source_type="typed"' in m.text
    assert "nlu_http" not in m.text and "nlu_decisions" not in m.text
    assert "AGV" not in m.text and "查询" not in m.text  # counts only, never text or values
    spec = client.get("/openapi.json").json()
    assert {"/v1/understand", "/v1/understand/batch", "/healthz", "/readyz", "/metrics"} <= set(spec["paths"])
    schemas = spec["components"]["schemas"]
    assert "LegacyInputUnderstanding" in schemas and "UnderstandRequest" in schemas
    props = schemas["UnderstandRequest"]["properties"]
    assert {"text", "source", "referenceTime", "alternatives", "confidence", "referents", "catalog", "budgetMs"} <= set(props)
    assert "application/problem+json" in spec["paths"]["/v1/understand"]["post"]["responses"]["422"]["content"]


def test_binds_loopback_and_refuses_other_addresses_without_allow_remote():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "nlu", "serve", "--host", "0.0.0.0", "--port", "0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--allow-remote" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_readyz_waits_for_warm_up_and_sigterm_stops_gracefully():
    served = start_server(wait_ready=False)
    try:
        first = httpx.get(f"{served.base_url}/readyz", timeout=10)
        assert first.status_code in (200, 503)  # 503 while warming (usually), a problem document
        if first.status_code == 503:
            assert first.headers["content-type"].startswith(PROBLEM)
        # a call made before ready is served, not refused as not ready: answered, or — on a busy
        # host where the warm-up holds the interpreter — told its budget ran out (use the original)
        early = httpx.post(f"{served.base_url}/v1/understand", json={"text": "查询 AGV-01 当前状态"}, timeout=30)
        assert early.status_code in (200, 503), early.text
        if early.status_code == 503:
            assert early.json()["type"] == "urn:nlu:problem:budget", early.text
        status = early.status_code
    finally:
        code = stop_server(served)
    log = "".join(served.log)
    assert code == 0, log
    assert "shutting down" in log and "stopped" in log and "Traceback" not in log
    # the access log is on by default: method, path, status; never the text
    assert f"nlu.service.access: POST /v1/understand {status}" in log
    assert "AGV-01" not in log and "当前状态" not in log


def test_a_kept_alive_request_is_no_slower_than_one_on_a_fresh_connection(base_url):
    """TCP_NODELAY on accepted connections: without it a request on a pooled connection waited
    ~40 ms (Nagle + delayed ACK) against a few ms on a fresh one."""
    import statistics
    import time

    def timed(client: httpx.Client) -> float:
        t = time.perf_counter()
        assert client.get(f"{base_url}/healthz").status_code == 200
        return (time.perf_counter() - t) * 1000.0

    with httpx.Client() as pooled:
        timed(pooled)
        kept = statistics.median(timed(pooled) for _ in range(30))
    fresh = []
    for _ in range(30):
        with httpx.Client() as c:
            fresh.append(timed(c))
    assert kept <= statistics.median(fresh) + 2.0, (kept, statistics.median(fresh))
    assert kept < 20.0, kept  # bounded: never the ~40 ms of a delayed ACK


def test_port_out_of_range_and_port_in_use_are_one_line_errors(server):
    import subprocess
    import sys
    from urllib.parse import urlsplit

    r = subprocess.run([sys.executable, "-m", "nlu", "serve", "--port", "99999"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "E120" in r.stderr and "Traceback" not in r.stderr
    port = urlsplit(server.base_url).port
    r = subprocess.run([sys.executable, "-m", "nlu", "serve", "--port", str(port)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and f"E121 cannot listen on 127.0.0.1:{port}" in r.stderr
    assert "Traceback" not in r.stderr



@pytest.mark.parametrize("content, reason", [
    (b'{"text": "a",}', "not valid JSON: Expecting property name enclosed in double quotes (line 1, column 14)"),
    (b'{\n  "text": "a"\n  "source": "asr"}', "not valid JSON: Expecting ',' delimiter (line 3, column 3)"),
    (b'{"text": "\xff\xfe"}', "not valid UTF-8 (byte 10); send the body encoded as UTF-8"),
])
def test_a_body_that_is_not_json_names_the_body_and_where_not_a_character_offset(client, content, reason):
    r = client.post("/v1/understand", content=content, headers={"content-type": "application/json"})
    body = assert_problem(r, 422)
    assert body["type"] == "urn:nlu:problem:invalid-body"
    assert body["errors"] == [{"field": "body", "reason": reason}]


@pytest.mark.parametrize("headers", [{}, {"content-type": "text/plain"}, {"content-type": "application/x-www-form-urlencoded"}])
def test_a_body_that_is_not_declared_json_is_415(client, headers):
    r = client.post("/v1/understand", content=b'{"text": "a"}', headers=headers)
    body = assert_problem(r, 415)
    assert body["type"] == "urn:nlu:problem:media-type" and body["errors"][0]["field"] == "Content-Type"
    assert client.post("/v1/understand", content=b'{"text": "a"}',
                       headers={"content-type": "application/json; charset=utf-8"}).status_code == 200


def test_head_healthz_and_readyz_answer_200(client):
    assert client.head("/healthz").status_code == 200
    assert client.head("/readyz").status_code == 200


def test_openapi_declares_the_problem_document_for_every_error(client):
    spec = client.get("/openapi.json").json()
    for path in ("/v1/understand", "/v1/understand/batch"):
        responses = spec["paths"][path]["post"]["responses"]
        for status in ("413", "415", "422", "503"):
            assert responses[status]["content"] == {PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}}}
