"""Every error the service returns is a JSON problem document (RFC 9457).

`{"type", "title", "status", "detail"}` plus, for invalid bodies, `errors`: one
`{"field", "reason"}` per problem, the field as a dotted camelCase path into the body.
"""
from __future__ import annotations

import logging
from typing import Any, Optional

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

log = logging.getLogger("nlu.service")

PROBLEM_MEDIA_TYPE = "application/problem+json"

#: InputError codes (nlu/errors.py) -> the body field the caller got wrong
_FIELD_OF_CODE = {
    "E101": "text", "E102": "source", "E103": "referenceTime", "E111": "referenceTime",
    "E104": "segments", "E105": "segments", "E106": "confidence", "E107": "alternatives",
    "E108": "referents", "E109": "budgetMs", "E110": "catalog",
}


#: status -> (title, type) for the HTTP errors raised outside the routes
_KNOWN_STATUS = {
    404: ("Not found", "about:blank"),
    405: ("Method not allowed", "about:blank"),
    413: ("Request body too large", "urn:nlu:problem:too-large"),
    415: ("Unsupported media type", "urn:nlu:problem:media-type"),
}


class FieldProblem(BaseModel):
    field: str = Field(description="Dotted path of the offending field in the body, e.g. items.3.text.")
    reason: str = Field(description="One line: what is wrong with it.")


class Problem(BaseModel):
    type: str = Field(default="about:blank", description="A URI naming the kind of problem.")
    title: str = Field(description="Short summary of the kind of problem.")
    status: int = Field(description="The HTTP status code.")
    detail: str = Field(description="One line about this occurrence.")
    errors: Optional[list[FieldProblem]] = Field(default=None, description="For invalid bodies: each field and why.")


def problem(status: int, title: str, detail: str, errors: list[FieldProblem] | None = None,
            kind: str = "about:blank", headers: dict[str, str] | None = None) -> JSONResponse:
    if kind == "about:blank" and status in _KNOWN_STATUS:
        kind = _KNOWN_STATUS[status][1]
    body = Problem(type=kind, title=title, status=status, detail=detail, errors=errors)
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status,
                        media_type=PROBLEM_MEDIA_TYPE, headers=headers)


def is_json_media_type(value: str) -> bool:
    kind = value.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


class JsonOnly:
    """Pure ASGI: a POST whose Content-Type is missing or not JSON is answered 415 with a
    problem document (FastAPI would try to parse it and speak of dictionaries)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            given = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"content-type"), "")
            if not is_json_media_type(given):
                said = f"Content-Type {given!r}" if given else "no Content-Type"
                await problem(415, "Unsupported media type", f"{said}: send Content-Type: application/json",
                              errors=[FieldProblem(field="Content-Type", reason="must be application/json")],
                              headers={"Accept-Post": "application/json"})(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:300]


def field_of(loc: tuple[Any, ...]) -> str:
    """('body', 'items', 3, 'text') -> 'items.3.text'; the body itself -> 'body'."""
    parts = [str(p) for p in loc[1:]] if loc and loc[0] == "body" else [str(p) for p in loc]
    return ".".join(parts) or "body"


def invalid_body(errors: list[FieldProblem]) -> JSONResponse:
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return problem(422, "Invalid request body", f"{first.field}: {first.reason}{more}", errors,
                   kind="urn:nlu:problem:invalid-body")


def _json_problem(e: dict[str, Any], doc: Any) -> FieldProblem:
    """FastAPI names a JSON syntax error by its character offset (loc ('body', 13)); a caller
    can act on the line and column of the body instead."""
    loc = tuple(e.get("loc", ()))
    pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    what = (e.get("ctx") or {}).get("error") or "invalid JSON"
    if pos is not None and isinstance(doc, (str, bytes)):
        text = doc if isinstance(doc, str) else doc.decode("utf-8", "replace")
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        return FieldProblem(field="body", reason=_one_line(f"not valid JSON: {what} (line {line}, column {column})"))
    return FieldProblem(field="body", reason=_one_line(f"not valid JSON: {what}"))


async def on_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = [_json_problem(e, exc.body) if e.get("type") == "json_invalid" else
              FieldProblem(field=field_of(tuple(e.get("loc", ()))), reason=_one_line(e.get("msg", "invalid")))
              for e in exc.errors()] or [FieldProblem(field="body", reason="invalid")]
    return invalid_body(errors)


def input_error(exc: Exception, prefix: str = "") -> JSONResponse:
    """An `InputError` the pipeline raised for a field pydantic could not judge (a date out of
    range, a malformed catalog): the same 422 shape."""
    code = getattr(exc, "code", "")
    field = prefix + _FIELD_OF_CODE.get(code, "body")
    return invalid_body([FieldProblem(field=field, reason=_one_line(str(exc)))])


async def on_http_error(request: Request, exc: HTTPException) -> JSONResponse:
    if exc.status_code == 400 and isinstance(exc.__cause__, UnicodeDecodeError):
        # FastAPI's "There was an error parsing the body": the same 422 as any invalid body
        bad = exc.__cause__
        return invalid_body([FieldProblem(
            field="body", reason=f"not valid UTF-8 (byte {bad.start}); send the body encoded as UTF-8")])
    title, kind = _KNOWN_STATUS.get(exc.status_code, ("HTTP error", "about:blank"))
    return problem(exc.status_code, title, _one_line(exc.detail), kind=kind, headers=getattr(exc, "headers", None))


async def on_unexpected(request: Request, exc: Exception) -> JSONResponse:
    # E900: a bug, not the caller's fault; logged with its traceback, answered without it
    log.exception("E900 unexpected error serving %s %s", request.method, request.url.path)
    return problem(500, "Internal error", f"E900 {type(exc).__name__}; see the service log",
                   kind="urn:nlu:problem:internal")
