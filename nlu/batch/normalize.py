"""The per-record function every engine maps: an `InputRecord` in, one output record out.

The output record is `{"line": n, "id": …, **contract}` (the `legacy-nlu.v1` contract, or the
fields chosen with `fields`), or `{"line": n, "id": …, "error": reason, "errorCode": "E45x"}`
for a record that could not be read or understood. Request ids derive from the line and the text,
so every engine and every rerun writes the same records (byte for byte with `timings=False`:
stage durations are the only measured field).
"""
from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.reader import InputRecord, ReadOptions, record_from_object

_log = logging.getLogger("nlu.batch")

# Offline work has no user waiting: a generous budget keeps results independent of load.
BATCH_BUDGET_MS = 60_000


@dataclass(frozen=True)
class NormalizeOptions:
    reference_time: str | None = None  # for records without their own referenceTime
    timings: bool = True  # False: stage durations written as 0, so reruns are byte-identical
    fields: tuple[str, ...] | None = None  # contract fields to keep (camelCase); None: all


def contract_fields() -> tuple[str, ...]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.contract import LegacyInputUnderstanding

    return tuple(f.alias or name for name, f in LegacyInputUnderstanding.model_fields.items())


def check_fields(names: Iterable[str]) -> tuple[str, ...]:
    """`--fields` as a tuple, or E403 naming what is unknown."""
    wanted = tuple(dict.fromkeys(n.strip() for n in names if n.strip()))
    allowed = contract_fields()
    unknown = [n for n in wanted if n not in allowed]
    if unknown or not wanted:
        raise BatchError("E403", E.E403.format(names=", ".join(unknown) or "(none)", allowed=", ".join(allowed)))
    return wanted


class Normalizer:
    """One pipeline (built on first use) and the options; `normalize` never raises for a record."""

    def __init__(self, options: NormalizeOptions = NormalizeOptions()) -> None:
        self.options = options
        self._pipe = None

    @property
    def pipeline(self):  # noqa: ANN201 - lazy: heavy imports only where records are understood
        if self._pipe is None:
            # lazy: only this path needs it, keeps import light; breaks no cycle
            from nlu.pipeline import FeatureFlags, Pipeline

            pipe = Pipeline(flags=FeatureFlags.from_env(), budget_ms=BATCH_BUDGET_MS)
            pipe.warm_up()  # results must not depend on whether the lazy models had loaded yet
            self._pipe = pipe
        return self._pipe

    def normalize(self, record: InputRecord) -> dict[str, Any]:
        head: dict[str, Any] = {"line": record.line}
        if record.has_id:
            head["id"] = record.id
        if record.error_code is not None:
            return {**head, "error": record.error, "errorCode": record.error_code}
        opts = self.options
        try:
            result = self.pipeline.understand(
                record.text, source=record.source or "typed",
                reference_time=record.reference_time or opts.reference_time,
                request_id=uuid.uuid5(uuid.NAMESPACE_URL, f"nlu-batch:{record.line}:{record.text}").hex)
        except ValueError as exc:  # InputError (E1xx): this record's own values are refused
            return {**head, "error": E.E457.format(detail=exc), "errorCode": "E457"}
        except Exception as exc:  # noqa: BLE001 - one record's failure must not lose the run; logged, in place
            _log.error("[E459] line %d: %s", record.line, E.E459.format(detail=f"{type(exc).__name__}: {exc}"))
            return {**head, "error": E.E459.format(detail=f"{type(exc).__name__}: {exc}"), "errorCode": "E459"}
        doc = result.model_dump(by_alias=True, mode="json")
        if not opts.timings:
            for diagnostic in doc["diagnostics"]:
                diagnostic["durationMs"] = 0.0
        if opts.fields is not None:
            doc = {name: doc[name] for name in opts.fields}
        return {**head, **doc}

    def dump_chunk(self, records: Iterable[InputRecord]) -> tuple[bytes, int, int]:
        """JSONL bytes of the records' output, with the record and error counts."""
        lines, errors = [], 0
        for record in records:
            out = self.normalize(record)
            errors += "errorCode" in out
            lines.append(json.dumps(out, ensure_ascii=False))
        data = ("\n".join(lines) + "\n").encode("utf-8") if lines else b""
        return data, len(lines), errors


_CACHED: dict[NormalizeOptions, Normalizer] = {}


def cached_normalizer(options: NormalizeOptions) -> Normalizer:
    """One normalizer per process and options: what a Dask task or a worker reuses across chunks."""
    normalizer = _CACHED.get(options)
    if normalizer is None:
        normalizer = _CACHED[options] = Normalizer(options)
    return normalizer


def normalize_records(records: Iterable[Any], *, text_field: str | None = None, id_field: str | None = None,
                      reference_time: str | None = None, timings: bool = True,
                      fields: Iterable[str] | None = None, first_line: int = 1) -> Iterator[dict[str, Any]]:
    """Normalize an iterable lazily: one output record per item, in order.

    An item is a `str` (the text) or a mapping like a JSONL object (`text`/`rawText` or
    `text_field`, the caller's `id` or `id_field`, optional `source`, `referenceTime`).
    `line` is the item's 1-based position (from `first_line`). A bad item becomes an error
    record in place; nothing is dropped.
    """
    options = NormalizeOptions(reference_time, timings, check_fields(fields) if fields is not None else None)
    read = ReadOptions("jsonl", text_field=text_field, id_field=id_field)
    normalizer = cached_normalizer(options)
    for line, item in enumerate(records, first_line):
        yield normalizer.normalize(_as_record(item, line, read))


def _as_record(item: Any, line: int, read: ReadOptions) -> InputRecord:
    if isinstance(item, InputRecord):
        return item
    if isinstance(item, str):
        return InputRecord(line, item)
    if hasattr(item, "keys") and not isinstance(item, dict):
        item = dict(item)
    return record_from_object(item, line, read)
