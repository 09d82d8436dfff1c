"""The file layout of a pack, its manifest, checksums and JSON-Schema validation.

Shared by the loader (which stops at the first problems) and the checker (which
collects all of them). ``jsonschema`` is imported lazily: a process that finds a
valid cached pack never needs it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

MANIFEST = "manifest.json"
SCHEMA_DIR = "schemas"

#: data files the loader reads, in load order
PACK_FILES: tuple[str, ...] = (
    "terms.json",
    "confusions.json",
    "identifiers.json",
    "actions.json",
    "negation.json",
    "comparison.json",
    "domains.json",
    "templates.json",
    "presentation.json",
    "units.json",
    "people.json",
    "coreference.json",
    "self_repair.json",
    "fillers.json",
    "ocr_glyphs.json",
    "clarifications.json",
    "grammar_cues.json",
)
#: shipped and checksummed, but not loaded into a Pack (read by their own component with
#: ``load_data_file``: ``cleaning.json`` by the clean stage, ``injection*.json`` by ``nlu.injection``)
OPTIONAL_FILES: tuple[str, ...] = ("catalog.example.json",)


def schema_name(data_file: str) -> str:
    """``terms.json`` -> ``schemas/terms.schema.json`` (file stem keeps inner dots)."""
    stem = data_file[: -len(".json")] if data_file.endswith(".json") else data_file
    return f"{SCHEMA_DIR}/{stem}.schema.json"


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def json_path(parts: Iterator[Any] | Any) -> str:
    """jsonschema's deque path -> ``$.terms[3].aliases``."""
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if str(p).isidentifier() else f"[{json.dumps(str(p), ensure_ascii=False)}]")
    return out


def parse_json(name: str, raw: bytes) -> tuple[Any, str | None]:
    """Decode UTF-8 JSON; returns (value, problem)."""
    try:
        return json.loads(raw.decode("utf-8")), None
    except UnicodeDecodeError as exc:
        return None, f"{name}: $: not valid UTF-8 ({exc.reason} at byte {exc.start})"
    except json.JSONDecodeError as exc:
        return None, f"{name}: $: invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"


def data_files(root: Path) -> list[str]:
    """Top-level data files (*.json beside the manifest), sorted; manifest excluded."""
    return sorted(p.name for p in root.glob("*.json") if p.name != MANIFEST)


def tracked_files(root: Path) -> list[str]:
    """Every *.json under the root (data and schemas), relative posix paths, sorted; manifest excluded."""
    out = []
    for p in sorted(root.rglob("*.json")):
        rel = p.relative_to(root).as_posix()
        if rel != MANIFEST:
            out.append(rel)
    return out


@functools.cache
def _validator_for(schema_text: str):  # keyed by the schema's text, so edits are seen
    # lazy: heavy, loaded on first need
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(name: str, data: Any, schema_raw: bytes, *, limit: int = 50) -> list[str]:
    """Validate ``data`` (the parsed content of file ``name``) against its schema bytes."""
    try:
        validator = _validator_for(schema_raw.decode("utf-8"))
    except Exception as exc:  # bad schema file: report, do not crash
        return [f"{schema_name(name)}: $: invalid JSON Schema: {str(exc).splitlines()[0]}"]
    problems = []
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    for err in errors[:limit]:
        problems.append(f"{name}: {json_path(err.absolute_path)}: {err.message}")
    if len(errors) > limit:
        problems.append(f"{name}: $: ... and {len(errors) - limit} more schema errors")
    return problems


def manifest_shape_problem(manifest: Any) -> str | None:
    """The minimum the fast path needs from the manifest (the full schema is checked on the slow path)."""
    if not isinstance(manifest, dict):
        return f"{MANIFEST}: $: must be an object"
    for key in ("pack", "revision"):
        if not isinstance(manifest.get(key), str):
            return f"{MANIFEST}: $.{key}: missing or not a string"
    files = manifest.get("files")
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return f"{MANIFEST}: $.files: must be an object mapping file names to sha256 hex strings"
    return None
