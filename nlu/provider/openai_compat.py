"""A provider that asks an OpenAI-compatible ``/chat/completions`` endpoint.

Meant for a *local* server (llama.cpp / xllamacpp) bound to 127.0.0.1:

* fixed system prompt (``system_prompt.txt``); the user's text, entities and
  questions only ever travel JSON-encoded as the ``role: user`` content;
* temperature 0, a small ``max_tokens``, ``response_format`` = strict JSON Schema
  narrowed to the request (:func:`nlu.provider.schema.build_request_schema`);
* one hard deadline ``min(timeout_s, max_timeout_s)`` over the whole call
  (connect + write + read + verify).  The HTTP exchange runs in a worker thread;
  the caller polls the deadline and the ``cancel`` event every 10 ms and walks
  away when either fires, so it never waits longer than the budget and a
  cancelled call returns within a few tens of milliseconds.  On giving up, the
  call's own socket (one fresh loopback connection per call) is shut down, so
  the worker ends at once and llama.cpp cancels the generation (it polls for
  disconnects about once a second);
* every answer goes through :func:`nlu.provider.schema.validate_proposal`;
  anything that fails is ``invalid_output`` with ``proposal=None``;
* non-loopback ``base_url`` is refused unless ``allow_remote=True``;
* the API key never appears in ``repr``, reasons or log records.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import socket
import threading
import time
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import httpx

from .base import ProviderOutcome, ProviderRequest
from .schema import InvalidProposal, build_request_schema, validate_proposal

log = logging.getLogger("nlu.provider")

DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1"
DEFAULT_MAX_TOKENS = 160
#: Cap on the HTTP response body we are willing to read.
MAX_RESPONSE_BYTES = 256 * 1024
_POLL_S = 0.01


def load_system_prompt() -> str:
    return resources.files("nlu.provider").joinpath("system_prompt.txt").read_text(encoding="utf-8")


SYSTEM_PROMPT: str = load_system_prompt()


class RemoteEndpointRefused(ValueError):
    """Raised when a non-loopback base_url is configured without ``allow_remote=True``."""


def is_loopback_url(url: str) -> bool:
    host = urlsplit(url).hostname
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Secret:
    """Holds the API key; its repr/str never show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "'***'"

    __str__ = __repr__

    def __reduce__(self):  # never pickle a key
        raise TypeError("secrets are not picklable")


def build_user_content(request: ProviderRequest) -> str:
    """The only place user data goes: JSON, as the user message content."""
    payload = {
        "text": request.text,
        "entities": [{"id": e.id, "type": e.type, "text": e.text} for e in request.entities],
        "questions": list(request.questions),
    }
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


class _Call:
    """Result slot shared between the caller and one worker thread."""

    __slots__ = ("done", "kind", "status_code", "body", "error", "_sock", "_lock", "abandoned")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.kind: str = ""  # "response" | "timeout" | "network_error" | "too_large"
        self.status_code: int = 0
        self.body: bytes = b""
        self.error: str = ""
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self.abandoned = False

    def trace(self, event: str, info: dict[str, Any]) -> None:
        """httpcore trace hook: remember the call's socket so the caller can abort it."""
        if event != "connection.connect_tcp.complete":
            return
        stream = info.get("return_value")
        sock = stream.get_extra_info("socket") if stream is not None else None
        with self._lock:
            self._sock = sock
            abandoned = self.abandoned
        if abandoned:
            _shutdown(sock)

    def abandon(self) -> None:
        """Caller gave up (deadline or cancel): shut the socket so the server sees the client leave."""
        with self._lock:
            self.abandoned = True
            sock = self._sock
        _shutdown(sock)


def _shutdown(sock: socket.socket | None) -> None:
    if sock is None:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class OpenAICompatProvider:
    name = "openai_compat"

    def __init__(
        self,
        base_url: str = DEFAULT_BASE_URL,
        model: str = "local",
        api_key: str | None = None,
        max_timeout_s: float = 1.5,
        *,
        allow_remote: bool = False,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        structured_output: str = "response_format",
    ) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("base_url must be an http(s) URL with a host")
        if not allow_remote and not is_loopback_url(base_url):
            raise RemoteEndpointRefused(
                f"refusing non-loopback endpoint host {parts.hostname!r}; pass allow_remote=True to use it"
            )
        if max_timeout_s <= 0:
            raise ValueError("max_timeout_s must be > 0")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.max_timeout_s = float(max_timeout_s)
        self.allow_remote = allow_remote
        self.max_tokens = int(max_tokens)
        if structured_output not in ("response_format", "llguidance"):
            raise ValueError("structured_output must be 'response_format' or 'llguidance'")
        # "response_format": the OpenAI-standard strict json_schema (default, portable).
        # "llguidance": llama.cpp's own `grammar` field carrying the same schema with a
        # no-free-whitespace hint; compact JSON = ~40% fewer output tokens on a local model.
        self.structured_output = structured_output
        self._api_key = _Secret(api_key) if api_key else None
        self._client: httpx.Client | None = None
        self._client_lock = threading.Lock()
        self._stats_lock = threading.Lock()
        self._counts: dict[str, int] = {
            "calls": 0,
            "ok": 0,
            "invalid_output": 0,
            "timeout": 0,
            "cancelled": 0,
            "network_error": 0,
            "http_error": 0,
            "skipped": 0,
        }

    # ------------------------------------------------------------------ infra
    def __repr__(self) -> str:
        key = "'***'" if self._api_key else "None"
        return (
            f"OpenAICompatProvider(base_url={self.base_url!r}, model={self.model!r}, "
            f"api_key={key}, max_timeout_s={self.max_timeout_s!r}, allow_remote={self.allow_remote!r})"
        )

    def _redact(self, s: str) -> str:
        if self._api_key:
            key = self._api_key.reveal()
            if key:
                s = s.replace(key, "***")
        return s

    def _get_client(self) -> httpx.Client:
        client = self._client
        if client is not None:
            return client
        with self._client_lock:
            if self._client is None:
                headers = {"Content-Type": "application/json", "Accept": "application/json"}
                if self._api_key:
                    headers["Authorization"] = f"Bearer {self._api_key.reveal()}"
                self._client = httpx.Client(
                    headers=headers,
                    # Never route a loopback call through an environment proxy.
                    trust_env=False,
                    follow_redirects=False,
                    # One fresh loopback connection per call (cheap): the call owns its socket
                    # and can abort it, so an abandoned generation is not left running.
                    limits=httpx.Limits(max_connections=16, max_keepalive_connections=0),
                )
            return self._client

    def close(self) -> None:
        with self._client_lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()

    def __enter__(self) -> OpenAICompatProvider:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _count(self, key: str) -> None:
        with self._stats_lock:
            self._counts[key] += 1

    def stats(self) -> dict[str, int]:
        with self._stats_lock:
            out = dict(self._counts)
        out["errors"] = out["network_error"] + out["http_error"]
        return out

    def schema_validity_rate(self) -> float | None:
        """Share of model answers (ok + invalid_output) that passed verification; None if none yet."""
        with self._stats_lock:
            ok, bad = self._counts["ok"], self._counts["invalid_output"]
        return None if ok + bad == 0 else ok / (ok + bad)

    # ---------------------------------------------------------------- request
    def build_body(self, request: ProviderRequest) -> dict[str, Any]:
        schema = build_request_schema(request)
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": build_user_content(request)},
            ],
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "stream": False,
        }
        if self.structured_output == "llguidance":
            schema["x-guidance"] = {"whitespace_flexible": False, "item_separator": ",", "key_separator": ":"}
            body["grammar"] = "%llguidance {}\nstart: %json " + json.dumps(schema, ensure_ascii=False)
        else:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "nlu_proposal", "strict": True, "schema": schema},
            }
        return body

    def _worker(self, call: _Call, body: bytes, budget: float) -> None:
        try:
            client = self._get_client()
            timeout = httpx.Timeout(budget, connect=budget, read=budget, write=budget, pool=budget)
            with client.stream(
                "POST",
                f"{self.base_url}/chat/completions",
                content=body,
                timeout=timeout,
                extensions={"trace": call.trace},
            ) as resp:
                chunks: list[bytes] = []
                size = 0
                for chunk in resp.iter_bytes():
                    size += len(chunk)
                    if size > MAX_RESPONSE_BYTES:
                        raise _TooLarge()
                    chunks.append(chunk)
                call.status_code = resp.status_code
                call.body = b"".join(chunks)
                call.kind = "response"
        except _TooLarge:
            call.kind = "too_large"
        except httpx.TimeoutException as exc:
            call.kind = "timeout"
            call.error = exc.__class__.__name__
        except httpx.HTTPError as exc:
            call.kind = "network_error"
            call.error = f"{exc.__class__.__name__}: {self._redact(str(exc))[:200]}"
        except Exception as exc:  # noqa: BLE001 - anything else is still a transport failure
            call.kind = "network_error"
            call.error = f"{exc.__class__.__name__}: {self._redact(str(exc))[:200]}"
        finally:
            call.done.set()

    def propose(
        self,
        request: ProviderRequest,
        *,
        timeout_s: float,
        cancel: threading.Event | None = None,
    ) -> ProviderOutcome:
        t0 = time.perf_counter()

        def done(status: str, reason: str, proposal=None) -> ProviderOutcome:
            self._count(status)
            out = ProviderOutcome(
                status=status,  # type: ignore[arg-type]
                proposal=proposal,
                reason=self._redact(reason),
                duration_ms=(time.perf_counter() - t0) * 1000.0,
                provider=self.name,
            )
            log.debug("provider=%s status=%s duration_ms=%.1f reason=%s", self.name, out.status, out.duration_ms, out.reason)
            return out

        if not request.questions:
            return done("skipped", "no open questions")
        if cancel is not None and cancel.is_set():
            return done("cancelled", "cancelled before start")
        budget = min(float(timeout_s), self.max_timeout_s)
        if budget <= 0:
            return done("timeout", "no time budget")
        deadline = t0 + budget

        with self._stats_lock:
            self._counts["calls"] += 1
        body = json.dumps(self.build_body(request), ensure_ascii=False).encode("utf-8")
        call = _Call()
        worker = threading.Thread(
            target=self._worker, args=(call, body, budget), name="nlu-provider-call", daemon=True
        )
        worker.start()

        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                call.abandon()
                return done("timeout", f"no answer within {budget:.3f}s budget")
            if call.done.wait(min(_POLL_S, remaining)):
                break
            if cancel is not None and cancel.is_set():
                call.abandon()
                return done("cancelled", "cancelled while waiting for the model")

        if cancel is not None and cancel.is_set():
            return done("cancelled", "cancelled while waiting for the model")
        if call.kind == "timeout":
            return done("timeout", f"transport timeout ({call.error})")
        if call.kind == "network_error":
            return done("network_error", call.error)
        if call.kind == "too_large":
            return done("invalid_output", "response body too large")
        if call.status_code != 200:
            return done("http_error", f"HTTP {call.status_code}")
        return self._interpret(call.body, request, done)

    def _interpret(self, body: bytes, request: ProviderRequest, done) -> ProviderOutcome:
        try:
            envelope = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return done("invalid_output", "response body is not JSON")
        try:
            choice = envelope["choices"][0]
            finish = choice.get("finish_reason")
            content = choice["message"]["content"]
        except (KeyError, IndexError, TypeError, AttributeError):
            return done("invalid_output", "malformed completion envelope")
        if finish == "length":
            return done("invalid_output", "answer truncated (finish_reason=length)")
        if finish not in ("stop", None):
            return done("invalid_output", f"unexpected finish_reason {str(finish)[:32]!r}")
        if not isinstance(content, str):
            return done("invalid_output", "message content is not a string")
        try:
            proposal = validate_proposal(content, request)
        except InvalidProposal as exc:
            return done("invalid_output", exc.reason)
        return done("ok", "verified", proposal)


class _TooLarge(Exception):
    pass
