"""The ASGI app: routes, the one shared pipeline, warm-up, budget-bounded calls."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException

from nlu.version import __version__
from nlu.contract import LegacyInputUnderstanding
from nlu.errors import InputError
from nlu.pipeline import FeatureFlags, Pipeline
from nlu.service import problems
from nlu.service.limits import MAX_BODY_BYTES, BodyLimit
from nlu.service.models import BatchRequest, BatchResponse, UnderstandRequest

log = logging.getLogger("nlu.service")

#: a call still running this long past its budget is cancelled and answered 503
GRACE_MS = 250.0

_ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": problems.Problem, "description": "Body over 64 KiB"},
    415: {"model": problems.Problem, "description": "Content-Type missing or not application/json"},
    422: {"model": problems.Problem, "description": "Invalid body: each field and a one-line reason"},
    503: {"model": problems.Problem, "description": "The call did not finish within its budget"},
}
_PROBLEM_CONTENT = {problems.PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}


class _State:
    """What the routes share: built once at start-up."""

    def __init__(self, pipeline: Pipeline, threads: int) -> None:
        self.pipeline = pipeline
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="nlu-understand")
        self.ready = threading.Event()
        self.warm_error: str | None = None


class _BudgetExceeded(Exception):
    pass


class _ItemInputError(Exception):
    """An item's InputError, with the item's place in the request."""

    def __init__(self, index: int, error: InputError) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error


def _call(state: _State, item: UnderstandRequest, start: float, cancel: threading.Event) -> LegacyInputUnderstanding:
    """In a worker thread: the budget counts from `start`, so time spent queued is spent."""
    budget = item.budget_ms if item.budget_ms is not None else state.pipeline.budget_ms
    left = max(budget - (time.perf_counter() - start) * 1000.0, 0.001)
    return state.pipeline.understand(
        item.text, source=item.source, reference_time=item.reference_time, alternatives=item.alternatives,
        confidence=item.confidence,
        referents=[r.model_dump(by_alias=True, exclude_none=True) for r in item.referents] if item.referents else None,
        catalog=item.catalog.model_dump(by_alias=True, exclude_none=True) if item.catalog else None,
        request_id=item.request_id, budget_ms=left, cancel=cancel)


async def _bounded(state: _State, items: list[UnderstandRequest], arrived: float) -> list[LegacyInputUnderstanding]:
    """Run the items in order in the pool, each within its own budget."""
    loop = asyncio.get_running_loop()
    out: list[LegacyInputUnderstanding] = []
    for index, item in enumerate(items):
        budget = item.budget_ms if item.budget_ms is not None else state.pipeline.budget_ms
        start = arrived if index == 0 else time.perf_counter()
        cancel = threading.Event()
        future = loop.run_in_executor(state.executor, _call, state, item, start, cancel)
        try:
            # The pipeline keeps the budget itself (it degrades to use_original between stages);
            # this bound is for a stage that overruns it: then the call is abandoned.
            try:
                out.append(await asyncio.wait_for(asyncio.shield(future), timeout=(budget + GRACE_MS) / 1000.0))
            except asyncio.TimeoutError:
                cancel.set()  # the worker stops at its next stage boundary
                raise _BudgetExceeded(budget) from None
        except InputError as exc:
            raise _ItemInputError(index, exc) from None
    return out


class AccessLog:
    """One line per request on logger `nlu.service.access`: method, path, status, ms. Never the
    body or the query string, so no text a user typed reaches the log."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = [500]

        async def send_status(message: Any) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            _access.info("%s %s %d %.1fms", scope["method"], scope["path"], status[0],
                            (time.perf_counter() - start) * 1000.0)


_access = logging.getLogger("nlu.service.access")


def create_app(pipeline_factory: Callable[[], Pipeline] | None = None, *, threads: int = 2,
               warm: bool = True, access_log: bool = False) -> FastAPI:
    """The service. The pipeline is built at start-up and warmed in the background;
    `/readyz` turns 200 once that is done (requests before it are served, without the
    optional pinyin path: such a turn is degraded and fails closed)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:  # noqa: C901
        # lazy_models: a request before /readyz is served at once (degraded, failing closed)
        # instead of waiting behind the background warm-up
        pipeline = (pipeline_factory or (lambda: Pipeline(flags=FeatureFlags.from_env(), lazy_models=True)))()
        state = _State(pipeline, threads)
        app.state.nlu = state
        _enable_telemetry_exporter()

        def warm_up() -> None:
            t0 = time.perf_counter()
            try:
                if warm:
                    pipeline.warm_up()
            except Exception as exc:  # noqa: BLE001 - reported by /readyz and the log, not fatal
                state.warm_error = f"{type(exc).__name__}: {exc}"
                log.error("E901 warm-up failed: %s", state.warm_error)
                return
            state.ready.set()
            log.info("nlu serve: warmed up in %.0f ms, ready", (time.perf_counter() - t0) * 1000.0)

        warming = threading.Thread(target=warm_up, name="nlu-warm-up", daemon=True)
        warming.start()
        try:
            yield
        finally:
            log.info("nlu serve: shutting down; finishing the calls under way")
            state.executor.shutdown(wait=True, cancel_futures=True)

    app = FastAPI(title="nlu", version=__version__, lifespan=lifespan,
                  description="Span-mapped understanding of noisy Chinese input (legacy-nlu.v1).")
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(problems.JsonOnly)
    if access_log:
        app.add_middleware(AccessLog)
    app.add_exception_handler(RequestValidationError, problems.on_validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, problems.on_http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, problems.on_unexpected)

    def state_of(request: Request) -> _State:
        return request.app.state.nlu  # type: ignore[no-any-return]

    async def answer(request: Request, route: str, items: list[UnderstandRequest], batch: bool) -> Response:
        arrived = time.perf_counter()
        state = state_of(request)
        try:
            results = await _bounded(state, items, arrived)
        except _ItemInputError as exc:
            response: Response = problems.input_error(exc.error, prefix=f"items.{exc.index}." if batch else "")
        except _BudgetExceeded as exc:
            response = problems.problem(503, "Budget exceeded", f"the call did not finish within {exc.args[0]:g} ms; "
                                        "use the original text", kind="urn:nlu:problem:budget")
        else:
            if batch:
                body = BatchResponse(results=results).model_dump_json(by_alias=True)
            else:
                body = results[0].model_dump_json(by_alias=True)
            response = Response(body, media_type="application/json")
        return response

    @app.post("/v1/understand", response_model=LegacyInputUnderstanding, responses=_ERRORS,
              summary="Understand one utterance")
    async def understand(body: UnderstandRequest, request: Request) -> Response:
        return await answer(request, "/v1/understand", [body], batch=False)

    @app.post("/v1/understand/batch", response_model=BatchResponse, responses=_ERRORS,
              summary="Understand up to 256 utterances, in order")
    async def understand_batch(body: BatchRequest, request: Request) -> Response:
        return await answer(request, "/v1/understand/batch", list(body.items), batch=True)

    @app.api_route("/healthz", methods=["GET", "HEAD"], summary="Alive", responses={200: {"content": {"application/json": {}}}})
    async def healthz() -> dict[str, str]:
        return {"status": "alive"}

    @app.api_route("/readyz", methods=["GET", "HEAD"], summary="Ready: pipeline built and warmed",
             responses={503: {"model": problems.Problem, "description": "Still warming up"}})
    async def readyz(request: Request) -> Response:
        state = state_of(request)
        if state.ready.is_set():
            return Response('{"status":"ready"}', media_type="application/json")
        detail = f"warm-up failed: {state.warm_error}" if state.warm_error else "warming up"
        return problems.problem(503, "Not ready", detail, kind="urn:nlu:problem:not-ready")

    @app.get("/metrics", summary="Prometheus text of nlu's OpenTelemetry metrics: counts and timings, never text "
             "or values", response_class=Response,
             responses={200: {"content": {"text/plain": {}}},
                        503: {"model": problems.Problem, "description": "The OpenTelemetry SDK is not installed"}})
    async def metrics() -> Response:
        # nlu.telemetry's instruments through the SDK and its Prometheus exporter: the one way
        # nlu's metrics are exposed (docs/telemetry.md). No HTTP series of our own — request
        # timings are the framework instrumentation's (http.server.request.duration).
        try:
            # lazy: only this path needs it, keeps import light; breaks no cycle
            from nlu.telemetry import metrics_text

            text = metrics_text()
        except ImportError:
            return problems.problem(503, "Metrics unavailable", _NO_SDK, kind="urn:nlu:problem:no-telemetry")
        return Response(text, media_type="text/plain; version=0.0.4; charset=utf-8")

    _problem_media_type_in_openapi(app)
    return app


def _problem_media_type_in_openapi(app: FastAPI) -> None:
    """Errors are sent as application/problem+json: say so in /openapi.json."""
    original = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = original()
        for path in schema.get("paths", {}).values():
            for op in path.values():
                for status, resp in op.get("responses", {}).items():
                    if status in ("404", "405", "413", "415", "422", "503"):
                        resp["content"] = dict(_PROBLEM_CONTENT)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


_NO_SDK = ("/metrics needs the OpenTelemetry SDK and its Prometheus exporter: "
           "pip install 'legacy-nlu[serve]' (they are part of it)")


def _enable_telemetry_exporter() -> None:
    """Install nlu's meter provider (SDK + Prometheus reader + views) before the first request,
    so /metrics covers every call."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.telemetry import enable_prometheus

    try:
        if not enable_prometheus():
            log.info("nlu serve: the host application's own OpenTelemetry provider is kept")
    except ImportError:
        log.warning("W121 nlu serve: %s", _NO_SDK)
