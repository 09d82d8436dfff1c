"""Output files: JSONL (plain, gzip or zstd), written to `OUT.partial` and renamed when complete.

Each committed chunk is appended as its own gzip member / zstd frame, so the file is valid after
any chunk and a resume truncates it to the last committed byte. The progress file
`OUT.partial.progress` says how far the output and the input are; it is replaced atomically
after each chunk, so after a kill the output holds exactly the committed chunks.
"""
from __future__ import annotations

import gzip
import io
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.reader import Position

_log = logging.getLogger("nlu.batch")
COMPRESSIONS = ("none", "gzip", "zstd")
PROGRESS_VERSION = 1


@dataclass(frozen=True)
class Codec:
    name: str  # none | gzip | zstd

    def compress(self, data: bytes) -> bytes:
        """`data` as one self-contained member/frame (concatenations stay valid files)."""
        if self.name == "none" or not data:
            return data
        if self.name == "gzip":
            return gzip.compress(data, compresslevel=6, mtime=0)  # mtime 0: reruns give the same bytes
        return _zstd_compress(data)

    def open_text(self, path: Path) -> io.TextIOBase:
        if self.name == "gzip":
            return gzip.open(path, "rt", encoding="utf-8")
        if self.name == "zstd":
            return io.TextIOWrapper(_zstd_reader(path), encoding="utf-8")
        return path.open(encoding="utf-8")


def codec_for(name: str | None, out: Path) -> Codec:
    """The codec named, else the one the output's suffix names (`.gz`, `.zst`), else none."""
    if name is None:
        name = {".gz": "gzip", ".zst": "zstd", ".zstd": "zstd"}.get(out.suffix.lower(), "none")
    codec = Codec(name)
    if name == "zstd":
        _zstd_compress(b"")  # fail now, before any work, when no zstd implementation is installed
    return codec


def _zstd_compress(data: bytes) -> bytes:
    # Python 3.14 has zstd in the standard library; before that pyarrow (the `parquet` extra) ships one.
    try:
        from compression import zstd  # type: ignore[import-not-found]

        return zstd.compress(data)
    except ImportError:
        pass
    try:
        # lazy: optional extra
        import pyarrow as pa
    except ImportError as exc:
        raise BatchError("E404", E.E404.format(what="zstd output", extra="parquet", detail=exc)) from None
    return pa.compress(data, codec="zstd", asbytes=True) if data else b""


def _zstd_reader(path: Path):  # noqa: ANN202
    try:
        from compression import zstd  # type: ignore[import-not-found]

        return zstd.open(path, "rb")
    except ImportError:
        # lazy: optional extra
        import pyarrow as pa

        return pa.input_stream(str(path), compression="zstd")


def iter_output(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a finished output: one file, or a Dask engine's directory of part files."""
    path = Path(path)
    if path.is_dir():
        manifest = json.loads((path / "_manifest.json").read_text(encoding="utf-8"))
        for part in manifest["parts"]:
            yield from iter_output(path / part["file"])
        return
    with codec_for(None, path).open_text(path) as fh:
        for line in fh:
            yield json.loads(line)


def partial_path(out: Path) -> Path:
    return out.with_name(out.name + ".partial")


@dataclass
class Progress:
    """What `OUT.partial.progress` holds: the committed output and where the input continues."""

    fingerprint: dict[str, Any]
    bytes: int = 0
    offset: int = 0
    line: int = 1
    records: int = 0
    errors: int = 0
    version: int = PROGRESS_VERSION

    @property
    def position(self) -> Position:
        return Position(self.offset, self.line, self.records)


class PartialOutput:
    """`OUT.partial` + its progress file; `commit` appends a chunk, `finish` renames to OUT."""

    def __init__(self, out: Path, codec: Codec, fingerprint: dict[str, Any]) -> None:
        self.out, self.codec, self.fingerprint = out, codec, fingerprint
        self.path = partial_path(out)
        self.progress_path = self.path.with_name(self.path.name + ".progress")
        self._fh = None
        self.state = Progress(fingerprint)

    def open(self, resume: bool) -> Progress:
        """Start a new partial output or continue the interrupted one; the committed state."""
        if self.path.exists() and not resume:
            raise BatchError("E405", E.E405.format(path=self.path))
        if resume and self.path.exists():
            self.state = self._load_progress()
            self._fh = self.path.open("r+b")
            self._fh.truncate(self.state.bytes)  # bytes past the last commit belong to an unfinished chunk
            self._fh.seek(self.state.bytes)
            _log.info("resuming %s after %d records (input line %d)", self.path, self.state.records, self.state.line)
        else:
            if resume:
                _log.info("nothing to resume at %s: starting from the first record", self.path)
            self.out.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("wb")
            self._save_progress()
        return self.state

    def commit(self, payload: bytes, after: Position, errors: int) -> None:
        """Append one chunk, already compressed with `self.codec`, and record the input position after it."""
        assert self._fh is not None
        self._fh.write(payload)
        self._fh.flush()  # in the kernel now: a killed process loses nothing written before this
        self.state.bytes = self._fh.tell()
        self.state.offset, self.state.line, self.state.records = after.offset, after.line, after.records
        self.state.errors += errors
        self._save_progress()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def finish(self) -> None:
        assert self._fh is not None
        os.fsync(self._fh.fileno())
        self.close()
        os.replace(self.path, self.out)
        self.progress_path.unlink(missing_ok=True)

    def _save_progress(self) -> None:
        tmp = self.progress_path.with_name(self.progress_path.name + ".tmp")
        tmp.write_text(json.dumps(asdict(self.state), ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.progress_path)

    def _load_progress(self) -> Progress:
        try:
            state = Progress(**json.loads(self.progress_path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            raise BatchError("E406", E.E406.format(path=self.path, problem=f"{self.progress_path} is missing")) from None
        except (ValueError, TypeError) as exc:
            raise BatchError("E406", E.E406.format(path=self.path, problem=f"unreadable progress file ({exc})")) from None
        changed = sorted(k for k in set(state.fingerprint) | set(self.fingerprint)
                         if state.fingerprint.get(k) != self.fingerprint.get(k))
        if changed:
            raise BatchError("E406", E.E406.format(
                path=self.path, problem="the input or the options changed since it started: " + ", ".join(changed)))
        if self.path.stat().st_size < state.bytes:
            raise BatchError("E406", E.E406.format(path=self.path, problem="it is shorter than its progress file says"))
        return state
