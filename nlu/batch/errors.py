"""Numbered codes of `nlu batch`: E4xx for the run (usage, exit 2), E45x for one record.

A run-level error stops before any work and exits 2; a record-level one becomes an error record
in place (`{"line": n, "error": reason, "errorCode": "E45x"}`) and the run goes on (exit 3).
"""
from __future__ import annotations

from nlu.errors import NluError

# Run level (usage): exit code 2, one line on stderr, never a traceback.
E401 = "input not found: {path}"
E402 = "input and output are the same file: {path}"
E403 = "unknown output field(s) {names}; choose from {allowed}"
E404 = "{what} needs the {extra!r} extra: pip install 'legacy-nlu[{extra}]' ({detail})"
E405 = "{path} exists from an interrupted run: continue it with --resume, or delete it to start again"
E406 = "cannot resume {path}: {problem}"
E407 = "{fmt} input has no column {field!r} (columns: {columns})"
E408 = "--scheduler must look like tcp://HOST:PORT; got {value!r}"
E409 = "a worker process died (exit code {code}); the complete chunks are kept: rerun with --resume"
E410 = "input is not a valid {fmt} file: {detail}"
E411 = "{path} exists: give --force to overwrite it, or --resume to continue an interrupted run"
E412 = "the output directory {path} does not exist: create it, or give --mkdir"
E413 = "--scheduler needs --engine dask (the local engine runs its own processes)"

# Record level: the record becomes an error record and the run goes on.
E451 = "blank line"
E452 = "invalid JSON: {detail}"
E453 = "not a JSON object (a {kind})"
E454 = "no string field {names}"
E455 = "undecodable bytes as {encoding} at byte {offset} of the line: {sample}"
E456 = "no id field {name!r}"
E457 = "{detail}"  # the understanding call refused the record (e.g. an unknown source kind)
E458 = "expected {expected} CSV fields, got {got}"
E459 = "understanding failed: {detail}"  # a defect, logged; the record is kept in place


class BatchError(NluError):
    """A run-level `nlu batch` error (exit 2)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class RecordError(Exception):
    """Raised while reading one record: it turns into that record's error record."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.reason = message
        super().__init__(f"[{code}] {message}")
