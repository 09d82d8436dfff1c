"""Where shadow records go: a JSONL file rotated by size, or a callable.

Writes happen on the shadow worker, never on the caller's thread.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Callable, Union

Record = dict[str, Any]
SinkSpec = Union[None, str, "os.PathLike[str]", Callable[[Record], Any]]

DEFAULT_MAX_BYTES = 16 * 1024 * 1024
DEFAULT_BACKUPS = 5


class JsonlSink:
    """Appends one JSON object per line; at `max_bytes` renames ``f`` → ``f.1`` → … ``f.<backups>``."""

    def __init__(self, path: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES,
                 backups: int = DEFAULT_BACKUPS) -> None:
        self.path = Path(path)
        self.max_bytes = int(max_bytes)
        self.backups = int(backups)
        self._lock = threading.Lock()
        self._fh = None

    def __call__(self, record: Record) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._lock:
            if self._fh is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fh = self.path.open("a", encoding="utf-8")
            self._fh.write(line)
            self._fh.flush()
            if self._fh.tell() >= self.max_bytes:
                self._rotate()

    def _rotate(self) -> None:
        self._fh.close()
        self._fh = None
        if self.backups <= 0:
            self.path.unlink(missing_ok=True)
            return
        for i in range(self.backups - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{i}")
            if older.exists():
                os.replace(older, self.path.with_name(f"{self.path.name}.{i + 1}"))
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))

    def close(self) -> None:
        with self._lock:
            if self._fh is not None:
                self._fh.close()
                self._fh = None


def make_sink(spec: SinkSpec, **options: Any) -> Callable[[Record], Any] | None:
    """A path becomes a `JsonlSink`; a callable is used as it is; None keeps no records."""
    if spec is None or callable(spec):
        return spec
    if isinstance(spec, (str, os.PathLike)):
        return JsonlSink(spec, **options)
    raise TypeError(f"sink must be a path, a callable or None; got {type(spec).__name__}")
