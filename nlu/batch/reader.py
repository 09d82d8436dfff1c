"""Input records from a file: one per physical line (txt, jsonl) or per row (csv, parquet).

Lines are split on `\\n` only (a trailing `\\r` of a CRLF ending is dropped, a stray `\\r` inside a
line is text), each line is decoded on its own (`auto`: UTF-8, else GB18030), and a record that
cannot be read becomes an `InputRecord` with an error instead of being dropped. Every record
comes with the `Position` just after it, so a run can be resumed exactly there.
"""
from __future__ import annotations

import codecs
import csv
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator, NamedTuple

from nlu.batch import errors as E
from nlu.batch.errors import BatchError, RecordError

FORMATS = ("txt", "jsonl", "csv", "parquet")
ENCODINGS = {"utf-8": ("utf-8",), "gbk": ("gbk",), "gb18030": ("gb18030",), "auto": ("utf-8", "gb18030")}
DEFAULT_TEXT_FIELDS = ("text", "rawText")
DEFAULT_ID_FIELD = "id"
_BLOCK = 1 << 20
_SNIFF = 1 << 16


class InputRecord(NamedTuple):
    """One input record, good (`text`) or bad (`error_code` + `error`), at its 1-based `line`."""

    line: int
    text: str | None
    id: Any = None
    has_id: bool = False
    source: Any = None
    reference_time: Any = None
    error_code: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class Position:
    """Where reading (re)starts: byte offset (txt/jsonl/csv) or row index (parquet)."""

    offset: int = 0
    line: int = 1
    records: int = 0


@dataclass(frozen=True)
class ReadOptions:
    format: str
    encoding: str = "auto"
    text_field: str | None = None  # None: `text`, else `rawText`
    id_field: str | None = None  # None: `id` when a record has one; a name: required


def text_fields(options: ReadOptions) -> tuple[str, ...]:
    return (options.text_field,) if options.text_field else DEFAULT_TEXT_FIELDS


def decode_line(raw: bytes, encoding: str, *, first: bool = False) -> str:
    """One physical line (without `\\n`) as text, or RecordError E455 naming the byte."""
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if first and raw.startswith(codecs.BOM_UTF8) and encoding in ("utf-8", "auto"):
        raw = raw[len(codecs.BOM_UTF8):]
    failure: UnicodeDecodeError | None = None
    for name in ENCODINGS[encoding]:
        try:
            return raw.decode(name)
        except UnicodeDecodeError as exc:
            failure = failure or exc
    assert failure is not None
    sample = raw[failure.start:failure.start + 4].hex(" ")
    raise RecordError("E455", E.E455.format(encoding=" or ".join(ENCODINGS[encoding]), offset=failure.start + 1,
                                            sample=f"0x{sample}"))


def physical_lines(fh: BinaryIO, start: Position) -> Iterator[tuple[int, bytes, int]]:
    """(line number, raw bytes without `\\n`, byte offset after the line) from `start` on."""
    fh.seek(start.offset)
    offset, line, rest = start.offset, start.line, b""
    while block := fh.read(_BLOCK):
        parts = (rest + block).split(b"\n")
        rest = parts.pop()
        for raw in parts:
            offset += len(raw) + 1
            yield line, raw, offset
            line += 1
    if rest:  # a last line without a final newline is a record too
        yield line, rest, offset + len(rest)


def detect_format(path: Path, options_encoding: str = "auto", text_field: str | None = None) -> str:
    """The input's format from its content: Parquet magic, a JSON object, a CSV header, else text."""
    with path.open("rb") as fh:
        head = fh.read(_SNIFF)
    if head.startswith(b"PAR1"):
        return "parquet"
    if path.suffix.lower() == ".csv":
        return "csv"  # its first line is a header, one column or more (never an utterance)
    lines = head.split(b"\n")
    if len(head) == _SNIFF:
        lines.pop()  # possibly cut in the middle
    first = next((raw for raw in lines if raw.strip()), b"")
    try:
        text = decode_line(first, options_encoding, first=first is lines[0] if lines else False).strip()
    except RecordError:
        return "txt"
    if text.startswith("{"):
        return "jsonl"
    header = {name.strip() for name in next(csv.reader([text]), [])}
    names = {text_field} if text_field else set(DEFAULT_TEXT_FIELDS)
    if len(header) >= 2 and header & names:
        return "csv"
    return "txt"


def count_records(path: Path, fmt: str) -> int | None:
    """How many records the input holds, for the progress bar's total and ETA: the row count of a
    Parquet file, else its lines (a CSV's minus the header; a quoted newline makes it an
    estimate). Reading bytes only: about 0.1 s for 100 MB. None when it cannot tell."""
    try:
        if fmt == "parquet":
            # lazy: optional extra
            import pyarrow.parquet as pq

            return int(pq.ParquetFile(path).metadata.num_rows)
        lines, last = 0, b"\n"
        with path.open("rb") as fh:
            while chunk := fh.read(1 << 20):
                lines += chunk.count(b"\n")
                last = chunk[-1:]
        lines += last != b"\n"
        return max(lines - (fmt == "csv"), 0)
    except Exception as exc:  # noqa: BLE001 - only the bar's total is lost; said in the log
        logging.getLogger("nlu.batch").info("no progress total: cannot count the records of %s (%s)", path, exc)
        return None


def read_records(path: Path, options: ReadOptions, start: Position = Position()) -> Iterator[tuple[InputRecord, Position]]:
    """Every record of `path` from `start` on, each with the position after it."""
    readers = {"txt": _read_txt, "jsonl": _read_jsonl, "csv": _read_csv, "parquet": _read_parquet}
    return readers[options.format](path, options, start)


def record_from_object(obj: Any, line: int, options: ReadOptions) -> InputRecord:
    """A JSON object (or a mapping from a row) as a record; anything unusable as an error record."""
    if not isinstance(obj, dict):
        return InputRecord(line, None, error_code="E453", error=E.E453.format(kind=_json_kind(obj)))
    id_field = options.id_field or DEFAULT_ID_FIELD
    has_id = id_field in obj
    ident = obj.get(id_field)
    if options.id_field and not has_id:
        return InputRecord(line, None, error_code="E456", error=E.E456.format(name=options.id_field))
    fields = text_fields(options)
    text = next((obj[f] for f in fields if isinstance(obj.get(f), str)), None)
    if text is None:
        return InputRecord(line, None, ident, has_id, error_code="E454",
                           error=E.E454.format(names=" or ".join(repr(f) for f in fields)))
    return InputRecord(line, text, ident, has_id, obj.get("source", obj.get("sourceType")), obj.get("referenceTime"))


def _json_kind(value: Any) -> str:
    return {list: "list", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")


def _bad(line: int, exc: RecordError) -> InputRecord:
    return InputRecord(line, None, error_code=exc.code, error=exc.reason)


def _read_txt(path: Path, options: ReadOptions, start: Position) -> Iterator[tuple[InputRecord, Position]]:
    n = start.records
    with path.open("rb") as fh:
        for line, raw, end in physical_lines(fh, start):
            n += 1
            try:
                record = InputRecord(line, decode_line(raw, options.encoding, first=line == 1))
            except RecordError as exc:
                record = _bad(line, exc)
            yield record, Position(end, line + 1, n)


def _read_jsonl(path: Path, options: ReadOptions, start: Position) -> Iterator[tuple[InputRecord, Position]]:
    n = start.records
    with path.open("rb") as fh:
        for line, raw, end in physical_lines(fh, start):
            n += 1
            yield _jsonl_record(line, raw, options), Position(end, line + 1, n)


def _jsonl_record(line: int, raw: bytes, options: ReadOptions) -> InputRecord:
    try:
        text = decode_line(raw, options.encoding, first=line == 1)
    except RecordError as exc:
        return _bad(line, exc)
    if not text.strip():
        return InputRecord(line, None, error_code="E451", error=E.E451)
    try:
        obj = json.loads(text)
    except ValueError as exc:
        # json's messages may end in "at" ("Unterminated string starting at"): no "at at column"
        detail = f"{exc.msg} (column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else str(exc)
        return InputRecord(line, None, error_code="E452", error=E.E452.format(detail=detail))
    return record_from_object(obj, line, options)


class _DecodedLines:
    """Physical lines as text for the csv module, remembering where it is and what failed."""

    def __init__(self, fh: BinaryIO, start: Position, encoding: str) -> None:
        self._lines = physical_lines(fh, start)
        self._encoding = encoding
        self.line = start.line - 1  # last physical line consumed
        self.offset = start.offset
        self.failure: RecordError | None = None

    def __iter__(self) -> "_DecodedLines":
        return self

    def __next__(self) -> str:
        line, raw, end = next(self._lines)
        self.line, self.offset = line, end
        try:
            text = decode_line(raw, self._encoding, first=line == 1)
        except RecordError as exc:
            self.failure = self.failure or exc
            text = raw.rstrip(b"\r").decode("utf-8", "surrogateescape")
        return text + "\n"


def _read_csv(path: Path, options: ReadOptions, start: Position) -> Iterator[tuple[InputRecord, Position]]:
    with path.open("rb") as fh:
        lines = _DecodedLines(fh, Position(), options.encoding)
        try:
            header = [name.strip() for name in next(csv.reader(lines))]
        except StopIteration:
            return
        except csv.Error as exc:
            raise BatchError("E410", E.E410.format(fmt="CSV", detail=f"header: {exc}")) from None
        column = _columns(header, options, "CSV")
        body = start if start.offset > lines.offset else Position(lines.offset, lines.line + 1, 0)
        n = body.records
        lines = _DecodedLines(fh, body, options.encoding)
        reader = csv.reader(lines)
        while True:
            first_line, lines.failure = lines.line + 1, None
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:  # e.g. an unterminated quote running to the end of the file
                record = InputRecord(first_line, None, error_code="E410",
                                     error=E.E410.format(fmt="CSV", detail=str(exc)))
            else:
                record = _csv_record(first_line, row, header, column, lines.failure, options)
            n += 1
            yield record, Position(lines.offset, lines.line + 1, n)


def _columns(names: list[str], options: ReadOptions, fmt: str) -> dict[str, str | None]:
    text = next((f for f in text_fields(options) if f in names), None)
    if text is None:
        raise BatchError("E407", E.E407.format(fmt=fmt, field=" or ".join(text_fields(options)), columns=", ".join(names)))
    if options.id_field and options.id_field not in names:
        raise BatchError("E407", E.E407.format(fmt=fmt, field=options.id_field, columns=", ".join(names)))
    id_name = options.id_field or (DEFAULT_ID_FIELD if DEFAULT_ID_FIELD in names else None)
    return {"text": text, "id": id_name,
            "source": next((f for f in ("source", "sourceType") if f in names), None),
            "referenceTime": "referenceTime" if "referenceTime" in names else None}


def _csv_record(line: int, row: list[str], header: list[str], column: dict[str, str | None],
                failure: RecordError | None, options: ReadOptions) -> InputRecord:
    if not row:
        return InputRecord(line, None, error_code="E451", error=E.E451)
    if failure is not None:
        return _bad(line, failure)
    if len(row) != len(header):
        return InputRecord(line, None, error_code="E458", error=E.E458.format(expected=len(header), got=len(row)))
    values = dict(zip(header, row))
    ident = values[column["id"]] if column["id"] else None
    return InputRecord(line, values[column["text"]], ident, column["id"] is not None,
                       values[column["source"]] if column["source"] else None,
                       values[column["referenceTime"]] or None if column["referenceTime"] else None)


def _read_parquet(path: Path, options: ReadOptions, start: Position) -> Iterator[tuple[InputRecord, Position]]:
    try:
        # lazy: optional extra
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise BatchError("E404", E.E404.format(what="Parquet input", extra="parquet", detail=exc)) from None
    try:
        pf = pq.ParquetFile(path)
    except Exception as exc:  # noqa: BLE001 - pyarrow raises its own types for a damaged file
        raise BatchError("E410", E.E410.format(fmt="Parquet", detail=exc)) from None
    column = _columns(pf.schema_arrow.names, options, "Parquet")
    wanted = list(dict.fromkeys(c for c in column.values() if c))
    as_object = ReadOptions("parquet", options.encoding, "text", options.id_field)
    row = 0
    for batch in pf.iter_batches(batch_size=4096, columns=wanted):
        if row + batch.num_rows <= start.offset:
            row += batch.num_rows
            continue
        data = {name: batch.column(name).to_pylist() for name in wanted}
        for i in range(batch.num_rows):
            row += 1
            if row <= start.offset:
                continue
            obj = {name: data[name][i] for name in wanted}
            obj = {"text" if name == column["text"] else name: value for name, value in obj.items()}
            yield record_from_object(obj, row, as_object), Position(row, row + 1, row)

