"""Read ``.jsonl`` goldsets and validate every line against the shipped schema.

A bad line (not JSON, not an object, schema violation, unparseable ``referenceTime``) is
reported with its file and line number; every other line is still returned for scoring.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

SCHEMA_FILE = "goldset.schema.json"


@dataclass(frozen=True)
class LineError:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class GoldCase:
    data: dict[str, Any]
    file: str = "<memory>"
    line: int = 0

    @property
    def case_id(self) -> str:
        return str(self.data.get("caseId", f"{self.file}:{self.line}"))

    @property
    def raw_text(self) -> str:
        return self.data.get("rawText", "")

    @property
    def source_type(self) -> str:
        return self.data.get("sourceType", "typed")

    @property
    def domain_slice(self) -> str:
        return self.data.get("domainSlice", "none")

    @property
    def expect(self) -> dict[str, Any]:
        return self.data.get("expect", {})

    @property
    def tags(self) -> list[str]:
        return list(self.data.get("tags", []))

    @property
    def reference_time(self) -> datetime:
        return parse_datetime(self.data["referenceTime"])

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class GoldsetLoad:
    cases: list[GoldCase] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    warnings: list[LineError] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def parse_datetime(value: str) -> datetime:
    v = value.strip()
    if v.endswith(("Z", "z")):
        v = v[:-1] + "+00:00"
    return datetime.fromisoformat(v)


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    return json.loads(resources.files("nlu.evaluation").joinpath(SCHEMA_FILE).read_text("utf-8"))


@lru_cache(maxsize=1)
def _validator():
    # lazy: heavy, loaded on first need
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema())


def validate_case(obj: Any) -> list[str]:
    """Schema problems of one decoded line (empty list when valid)."""
    problems = []
    for err in sorted(_validator().iter_errors(obj), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(root)"
        problems.append(f"{where}: {err.message}")
    if not problems and isinstance(obj, dict):
        try:
            dt = parse_datetime(obj["referenceTime"])
            if dt.tzinfo is None:
                problems.append("referenceTime: no UTC offset")
        except ValueError as exc:
            problems.append(f"referenceTime: not an ISO date-time ({exc})")
    return problems


def _gold_warnings(case: GoldCase) -> list[str]:
    """Hand-written cases drift; flag expectation texts that are not in rawText."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.evaluation.textnorm import contains

    raw = case.raw_text
    exp = case.expect
    out = []
    for s in exp.get("mustKeep", []):
        if not contains(raw, s):
            out.append(f"mustKeep {s!r} is not a substring of rawText")
    for e in exp.get("entities", []):
        if not contains(raw, e["text"]):
            out.append(f"entity text {e['text']!r} is not a substring of rawText")
    for p in exp.get("protectedSpans", []):
        if not contains(raw, p["text"]):
            out.append(f"protectedSpan text {p['text']!r} is not a substring of rawText")
    for c in exp.get("corrections", []):
        if not contains(raw, c["from"]):
            out.append(f"correction from {c['from']!r} is not a substring of rawText")
    return out


def iter_lines(path: Path) -> Iterable[tuple[int, str]]:
    with path.open("r", encoding="utf-8-sig", newline="") as fh:
        for n, line in enumerate(fh, 1):
            yield n, line


def load_goldset(paths: Iterable[str | Path]) -> GoldsetLoad:
    """Read one or more goldset files. Missing files raise ``FileNotFoundError``."""
    out = GoldsetLoad()
    seen: dict[str, str] = {}
    for p in paths:
        path = Path(p)
        if not path.is_file():
            raise FileNotFoundError(str(path))
        out.files.append(str(path))
        try:
            lines = list(iter_lines(path))
        except UnicodeDecodeError as exc:
            out.errors.append(LineError(str(path), 0, f"not UTF-8: {exc}"))
            continue
        for n, line in lines:
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                out.errors.append(LineError(str(path), n, f"bad JSON: {exc.msg} (column {exc.colno})"))
                continue
            problems = validate_case(obj)
            if problems:
                out.errors.append(LineError(str(path), n, "schema: " + "; ".join(problems[:5])))
                continue
            case = GoldCase(obj, str(path), n)
            if case.case_id in seen:
                out.warnings.append(
                    LineError(str(path), n, f"duplicate caseId {case.case_id!r} (first at {seen[case.case_id]}); scored anyway")
                )
            else:
                seen[case.case_id] = case.location
            for w in _gold_warnings(case):
                out.warnings.append(LineError(str(path), n, w))
            out.cases.append(case)
    return out
