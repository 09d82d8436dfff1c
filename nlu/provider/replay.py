"""A real OpenAI-compatible HTTP server that replays recorded answer shapes.

Stdlib ``ThreadingHTTPServer`` on 127.0.0.1, port 0, in a background thread.
It serves ``POST /v1/chat/completions`` (and ``GET /health``).  Each request is
answered by a :class:`Reply`: chosen by a marker ``[[replay:NAME]]`` anywhere in
the user message, otherwise the next one of the script (consumed in order),
otherwise ``default`` (HTTP 500 when none).  Every request body received is kept
in :attr:`ReplayServer.requests` so tests can check what was actually sent.

``python -m nlu.provider.replay`` runs one for demos and prints its base URL.
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterable

MARKER_PREFIX = "[[replay:"


@dataclass(frozen=True)
class Reply:
    """One recorded answer shape.

    kind: "completion" (an OpenAI chat.completion envelope around ``content``),
    "raw" (``body`` bytes as-is), or "drop" (close the socket, no response).
    """

    kind: str = "completion"
    content: str | None = None
    finish_reason: str = "stop"
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    delay_s: float = 0.0

    @classmethod
    def answer(cls, obj: Any, *, finish_reason: str = "stop", delay_s: float = 0.0) -> Reply:
        return cls(content=json.dumps(obj, ensure_ascii=False), finish_reason=finish_reason, delay_s=delay_s)

    @classmethod
    def text(cls, content: str, *, finish_reason: str = "stop", delay_s: float = 0.0) -> Reply:
        return cls(content=content, finish_reason=finish_reason, delay_s=delay_s)

    @classmethod
    def http(cls, status: int, message: str = "error") -> Reply:
        body = json.dumps({"error": {"code": status, "message": message, "type": "server_error"}}).encode()
        return cls(kind="raw", status=status, body=body)

    @classmethod
    def raw(cls, body: bytes, *, status: int = 200, content_type: str = "text/html") -> Reply:
        return cls(kind="raw", status=status, body=body, content_type=content_type)

    @classmethod
    def drop(cls) -> Reply:
        return cls(kind="drop")


# --- the canonical recorded shapes, for the request below --------------------------------
#: The request the canonical shapes were recorded for.
CANONICAL_TEXT = "查 AGV-01，它现在在哪"
CANONICAL_ENTITY = ("e1", "agv", "AGV-01")  # id, type, text
CANONICAL_QUESTIONS = ("template", "domain", "coreference")

VALID_ANSWER: dict[str, Any] = {
    "template": "status",
    "domain": "agv",
    "coreferences": [{"mention": "它", "antecedentId": "e1"}],
}


def _with(**changes: Any) -> dict[str, Any]:
    d = json.loads(json.dumps(VALID_ANSWER))
    d.update(changes)
    return d


def canonical_shapes(slow_s: float = 2.0) -> dict[str, Reply]:
    """Named recorded shapes (valid + every failure shape seen from real models)."""
    valid_json = json.dumps(VALID_ANSWER, ensure_ascii=False)
    return {
        "valid": Reply.answer(VALID_ANSWER),
        "valid_pretty": Reply.text(json.dumps(VALID_ANSWER, ensure_ascii=False, indent=2)),
        # arrays/objects returned as strings: not coerced, dropped
        "stringified_array": Reply.answer(
            _with(coreferences=json.dumps(VALID_ANSWER["coreferences"], ensure_ascii=False))
        ),
        "stringified_object": Reply.text(json.dumps(valid_json, ensure_ascii=False)),
        "truncated": Reply.text(valid_json[: len(valid_json) // 2], finish_reason="length"),
        "truncated_stop": Reply.text(valid_json[: len(valid_json) // 2]),
        "length_but_complete": Reply.text(valid_json, finish_reason="length"),
        "extra_field": Reply.answer(_with(confidence=0.9)),
        "extra_nested_field": Reply.answer(
            _with(coreferences=[{"mention": "它", "antecedentId": "e1", "score": 1}])
        ),
        "missing_field": Reply.answer({"template": "status", "domain": "agv"}),
        "wrong_enum": Reply.answer(_with(template="query")),
        "wrong_domain": Reply.answer(_with(domain="AGV")),
        "bad_mention": Reply.answer(_with(coreferences=[{"mention": "那辆车", "antecedentId": "e1"}])),
        "unknown_antecedent": Reply.answer(_with(coreferences=[{"mention": "它", "antecedentId": "e9"}])),
        "invented_id": Reply.answer(_with(coreferences=[{"mention": "AGV-77", "antecedentId": "e1"}])),
        "too_many_corefs": Reply.answer(_with(coreferences=[{"mention": "它", "antecedentId": "e1"}] * 4)),
        "prose": Reply.text("好的，AGV-01 现在在 3 号站。"),
        "code_fence": Reply.text("```json\n" + valid_json + "\n```"),
        "slow": Reply.answer(VALID_ANSWER, delay_s=slow_s),
        "http_400": Reply.http(400, "invalid request"),
        "http_500": Reply.http(500, "internal error"),
        "drop": Reply.drop(),
        "non_json_body": Reply.raw(b"<html><body>502 Bad Gateway</body></html>", status=200),
        "empty_choices": Reply.raw(b'{"choices": []}', content_type="application/json"),
        "null_content": Reply.raw(
            b'{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":null}}]}',
            content_type="application/json",
        ),
    }


def completion_envelope(content: str | None, finish_reason: str, model: str = "replay") -> dict[str, Any]:
    return {
        "id": "chatcmpl-replay",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": finish_reason,
                "message": {"role": "assistant", "content": content},
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # silence stderr access log
        pass

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path.rstrip("/") in ("/health", "/v1/health"):
            self._send(200, b'{"status":"ok"}', "application/json")
        else:
            self._send(404, b'{"error":"not found"}', "application/json")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            self._send(404, b'{"error":"not found"}', "application/json")
            return
        try:
            body = json.loads(raw.decode("utf-8"))
        except ValueError:
            body = None
        owner = self.server.owner
        owner._record(body, dict(self.headers))
        reply = owner._pick(body)

        if reply.delay_s > 0 and owner._stop.wait(reply.delay_s):
            return  # server shutting down
        if reply.kind == "drop":
            # Abort the connection: RST, no status line, no bytes.
            try:
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
            self.close_connection = True
            try:
                self.connection.close()
            except OSError:
                pass
            return
        if reply.kind == "raw":
            self._send(reply.status, reply.body, reply.content_type)
            return
        env = completion_envelope(reply.content, reply.finish_reason)
        self._send(reply.status, json.dumps(env, ensure_ascii=False).encode("utf-8"), "application/json")


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    owner: ReplayServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients that gave up (timeouts, cancels) cause broken pipes; that's expected here.
        pass


class ReplayServer:
    """Context manager: ``with ReplayServer(["valid", "http_500"]) as srv: srv.base_url``."""

    def __init__(
        self,
        script: Iterable[str | Reply] = (),
        *,
        shapes: dict[str, Reply] | None = None,
        default: str | Reply | None = None,
        slow_s: float = 2.0,
        host: str = "127.0.0.1",
    ) -> None:
        if host != "127.0.0.1":
            raise ValueError("the replay server binds to 127.0.0.1 only")
        self.shapes: dict[str, Reply] = canonical_shapes(slow_s)
        if shapes:
            self.shapes.update(shapes)
        self._script: deque[Reply] = deque(self._resolve(s) for s in script)
        self._default = self._resolve(default) if default is not None else Reply.http(500, "replay script exhausted")
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.requests: list[dict[str, Any] | None] = []
        self.headers: list[dict[str, str]] = []
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    def _resolve(self, item: str | Reply) -> Reply:
        if isinstance(item, Reply):
            return item
        try:
            return self.shapes[item]
        except KeyError:
            raise KeyError(f"unknown replay shape {item!r}; known: {sorted(self.shapes)}") from None

    def push(self, *items: str | Reply) -> None:
        with self._lock:
            self._script.extend(self._resolve(i) for i in items)

    def _record(self, body: dict[str, Any] | None, headers: dict[str, str]) -> None:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)

    def _pick(self, body: dict[str, Any] | None) -> Reply:
        user = ""
        try:
            user = "\n".join(
                m.get("content", "") for m in body["messages"] if m.get("role") == "user"  # type: ignore[index]
            )
        except (TypeError, KeyError, AttributeError):
            pass
        start = user.find(MARKER_PREFIX)
        if start >= 0:
            end = user.find("]]", start)
            name = user[start + len(MARKER_PREFIX) : end] if end > start else ""
            if name in self.shapes:
                return self.shapes[name]
        with self._lock:
            if self._script:
                return self._script.popleft()
        return self._default

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("replay server not started")
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> ReplayServer:
        httpd = _Server(("127.0.0.1", 0), _Handler)
        httpd.owner = self
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None

    def __enter__(self) -> ReplayServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - demo entry point
    # lazy: only this path needs it
    import argparse

    ap = argparse.ArgumentParser(description="Serve recorded OpenAI-compatible answers on 127.0.0.1.")
    ap.add_argument("--default", default="valid", help="shape used when no marker is present")
    args = ap.parse_args(argv)
    with ReplayServer(default=args.default) as srv:
        print(f"replay server at {srv.base_url} (marker: [[replay:NAME]]; shapes: {', '.join(sorted(srv.shapes))})")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
