"""Request-body cap: a body over the limit is answered 413 without being read whole."""
from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nlu.service.problems import problem

MAX_BODY_BYTES = 64 * 1024


def _too_large(limit: int) -> str:
    return f"the request body is over {limit // 1024} KiB; send fewer or shorter items"


class BodyLimit:
    """Pure ASGI: checks Content-Length up front and counts the bytes of chunked bodies."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.limit:
                    await problem(413, "Request body too large", _too_large(self.limit))(scope, receive, send)
                    return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # an HTTPException passes FastAPI's body parsing untouched -> on_http_error
                    raise HTTPException(413, _too_large(self.limit))
            return message

        await self.app(scope, counted, send)
