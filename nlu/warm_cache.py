"""The start-up cache: what building a warm pipeline computes, kept on disk between processes.

Building a pipeline compiles a few thousand regular expressions (the word scanners' tries,
the write-verb constructions, the injection rules), loads jieba's dictionary and adds the
pack's words to it, indexes the dictionary words that hold or cross a pack surface, and
reads pinyin for every term. All of it is a pure function of the pack, the code and the
installed jieba / pypinyin / Python, so a process keeps it here and the next one loads it.

One file per artifact under :func:`cache_dir` (``$NLU_CACHE_DIR``, else
``$XDG_CACHE_HOME/legacy-nlu``, else ``~/.cache/legacy-nlu``), named by the artifact and its
key. A key always holds :func:`environment` — this package's source (every ``.py`` file of
``nlu``), the Python version, the regex engine's code version, jieba's and pypinyin's
versions — and, for what is derived from a pack, the pack manifest's checksum. A file
holds a magic, the SHA-256 of its payload and the payload (a pickle of ``(key, value)``):
a file whose digest or whose key does not match (truncated, corrupted, written for another
pack or another version of the code) is ignored and rebuilt, never used.

The cache never makes a call fail and never changes an answer: anything wrong with it
(unwritable directory, full disk, bad file) means the value is computed as without it.
``NLU_CACHE=0`` turns it off (nothing read, nothing written).

Compiled regexes: :func:`compile` keeps, per ``(pattern, flags)``, the arguments the
``re`` module hands to the regex engine (``_sre.compile``) after its own parsing and code
generation — which is where compiling costs, in Python — and on a later start passes the
same arguments to the engine again: the same compiled program, without the work.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import re
import sys
import tempfile
import threading
from array import array
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

from nlu.collector import collector_paused

ENV_CACHE_DIR = "NLU_CACHE_DIR"
ENV_CACHE = "NLU_CACHE"  # "0" / "off" / "false": no start-up or pack cache at all
FORMAT = "2"
_MAGIC = b"NLU-WARM-CACHE-1\n"
_DIGEST = 32
_stats: Counter[str] = Counter()  # "<name>:hit" / "<name>:miss" / "<name>:written" (see `stats`)

try:  # the engine entry point `re` itself uses; without it regexes are compiled as usual
    import _sre
    from re import _compiler as _re_compiler, _parser as _re_parser
except ImportError:  # pragma: no cover - another Python implementation
    _sre = None  # type: ignore[assignment]


def enabled() -> bool:
    return os.environ.get(ENV_CACHE, "1").strip().lower() not in ("0", "off", "false", "no")


def cache_dir() -> Path:
    """``$NLU_CACHE_DIR``, else ``$XDG_CACHE_HOME/legacy-nlu``, else ``~/.cache/legacy-nlu``."""
    env = os.environ.get(ENV_CACHE_DIR)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "legacy-nlu"


@functools.cache
def source_fingerprint() -> str | None:
    """SHA-256 of every ``.py`` file of this package (None when they cannot be read: no cache)."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    try:
        for p in sorted(root.rglob("*.py")):
            h.update(p.relative_to(root).as_posix().encode())
            h.update(b"\0")
            h.update(p.read_bytes())
            h.update(b"\0")
    except OSError:
        return None
    return h.hexdigest()


def _version(dist: str) -> str:
    try:
        # lazy: only this path needs it
        from importlib.metadata import version

        return version(dist)
    except Exception:  # noqa: BLE001
        return "?"


@functools.cache
def environment() -> str | None:
    """What every cached value depends on besides its own inputs (None: cache off)."""
    src = source_fingerprint()
    if src is None:
        return None
    parts = (FORMAT, src, sys.implementation.name, sys.version, str(getattr(_sre, "MAGIC", None)),
             str(getattr(_sre, "CODESIZE", None)), _version("jieba"), _version("pypinyin"), _version("jsonschema"))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def key_of(*parts: Any) -> str | None:
    """The key of a value built from `parts` (strings, or anything with a stable repr)."""
    env = environment()
    if env is None or not enabled():
        return None
    h = hashlib.sha256(env.encode())
    for p in parts:
        h.update(b"\0")
        h.update(p if isinstance(p, bytes) else str(p).encode("utf-8"))
    return h.hexdigest()


def path_for(name: str, key: str) -> Path:
    return cache_dir() / f"{name}-{key[:32]}.pickle"


def load(name: str, key: str | None) -> Any:
    """The value stored under `name` for `key`, or None (missing, unreadable, corrupt, stale)."""
    if key is None:
        return None
    try:
        raw = path_for(name, key).read_bytes()
    except OSError:
        value = None
    else:
        value = _decode(raw, key)
    _stats[f"{name}:{'miss' if value is None else 'hit'}"] += 1
    return value


def stats() -> dict[str, int]:
    """This process's cache use: per artifact, values loaded (hit), not found or refused
    (miss) and written; ``regex:compiled`` / ``regex:reused`` count patterns."""
    return dict(sorted(_stats.items()))


def _decode(raw: bytes, key: str) -> Any:
    head = len(_MAGIC)
    if len(raw) < head + _DIGEST or not raw.startswith(_MAGIC):
        return None
    payload = memoryview(raw)[head + _DIGEST:]
    if hashlib.sha256(payload).digest() != raw[head:head + _DIGEST]:
        return None  # truncated or corrupted: rebuilt
    try:
        with collector_paused():
            stored_key, value = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - written by other code: rebuilt
        return None
    if stored_key != key:
        return None  # another pack, code or library version under this name: rebuilt
    return value


def store(name: str, key: str | None, value: Any) -> bool:
    """Write `value` under `name` for `key` (atomically); False when it could not be written."""
    if key is None:
        return False
    try:
        payload = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
        target = path_for(name, key)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC)
                fh.write(hashlib.sha256(payload).digest())
                fh.write(payload)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # noqa: BLE001 - read-only home, full disk …: only an optimisation
        return False
    _stats[f"{name}:written"] += 1
    _prune(name, target)
    return True


KEEP = 4  # files per artifact: a few packs, versions or environments side by side


def _prune(name: str, kept: Path) -> None:
    """Remove all but the `KEEP` newest files of `name` (other keys: older code, other packs)."""
    try:
        pattern = re.compile(re.escape(name) + "-[0-9a-f]{32}\\.pickle")
        others = [p for p in kept.parent.iterdir() if p != kept and pattern.fullmatch(p.name)]
        others.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for p in others[KEEP - 1:]:
            p.unlink(missing_ok=True)
    except OSError:
        pass


def cached(name: str, key: str | None, build: Callable[[], Any]) -> Any:
    """The stored value for `key`, else `build()` (stored for the next process)."""
    value = load(name, key)
    if value is None:
        value = build()
        store(name, key, value)
    return value


# ------------------------------------------------------------------------------ regexes
_REGEX_NAME = "regex"
_regex_lock = threading.Lock()
_regex_loaded = False
_regex_args: dict[tuple[str, int], tuple] = {}  # (pattern, flags) -> _sre.compile arguments
_regex_used: set[tuple[str, int]] = set()
_regex_new = False
_derived: dict[tuple[str, str, int], Any] = {}  # (function, pattern, flags) -> its result
_derived_used: set[tuple[str, str, int]] = set()
_valid: set[tuple[str, str]] = set()  # (data file sha256, schema sha256) that passed validation


def _regex_key() -> str | None:
    return key_of(_REGEX_NAME)


def _load_regexes() -> None:
    global _regex_loaded
    with _regex_lock:
        if _regex_loaded:
            return
        _regex_loaded = True
        got = load(_REGEX_NAME, _regex_key())
        if isinstance(got, dict):
            _regex_args.update(got.get("sre", {}))
            _derived.update(got.get("derived", {}))
            _valid.update(got.get("valid", ()))


def _code_array(code) -> Any:  # noqa: ANN001
    """The engine's program as an unsigned array of its code unit (a few bytes a unit, where a
    list of ints costs 8 and more; a warmed pipeline keeps about a million units)."""
    return array("I", code)


_CODE_ARRAY: Callable[[Any], Any] = (
    _code_array if _sre is not None and array("I").itemsize == getattr(_sre, "CODESIZE", 0)
    else (lambda code: [int(c) for c in code]))


def _engine_compile(args: tuple) -> re.Pattern[str]:
    pattern, flags, code, groups, groupindex, indexgroup = args
    return _sre.compile(pattern, flags, code.tolist() if isinstance(code, array) else code, groups, groupindex,
                        indexgroup)


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:  # noqa: A001 - re.compile's name on purpose
    """``re.compile(pattern, flags)``: the same compiled program, from the cache when known."""
    flags = int(flags)
    if _sre is None or not isinstance(pattern, str) or flags & re.DEBUG or not enabled():
        return re.compile(pattern, flags)
    if not _regex_loaded:
        _load_regexes()
    k = (pattern, flags)
    args = _regex_args.get(k)
    if args is not None:
        try:
            compiled = _engine_compile(args)
            _regex_used.add(k)
            _stats["regex:reused"] += 1
            return compiled
        except Exception:  # noqa: BLE001 - the engine refused what was stored: compile it anew
            pass
    return _compile_and_keep(pattern, flags)


def _compile_and_keep(pattern: str, flags: int) -> re.Pattern[str]:
    """What ``re._compiler.compile`` does, keeping the engine's arguments."""
    global _regex_new
    try:
        p = _re_parser.parse(pattern, flags)
        code = _CODE_ARRAY(_re_compiler._code(p, flags))  # (opcodes are int subclasses: kept as plain numbers)
        groupindex = p.state.groupdict
        indexgroup = [None] * p.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        args = (pattern, int(flags | p.state.flags), code, p.state.groups - 1, dict(groupindex), tuple(indexgroup))
        compiled = _engine_compile(args)
    except Exception:  # noqa: BLE001 - a bad pattern raises re.error from re itself, as before
        return re.compile(pattern, flags)
    k = (pattern, flags)
    _regex_args[k] = args
    _regex_used.add(k)
    _regex_new = True
    _stats["regex:compiled"] += 1
    return compiled


def derived(function: Callable[[re.Pattern[str]], Any], pattern: re.Pattern[str]) -> Any:
    """``function(pattern)`` for a pure analysis of a pattern (`nlu.text.first_chars`), cached
    with the regexes."""
    if not enabled():
        return function(pattern)
    if not _regex_loaded:
        _load_regexes()
    k = (f"{function.__module__}.{function.__qualname__}", pattern.pattern, int(pattern.flags))
    try:
        got = _derived[k]
    except KeyError:
        global _regex_new
        got = _derived[k] = function(pattern)
        _regex_new = True
    _derived_used.add(k)
    return got


def known_valid(data_sha: str, schema_sha: str) -> bool:
    """A data file with this SHA-256 passed the schema with this SHA-256 before (the loader
    then skips the JSON-Schema validation: the same bytes give the same verdict)."""
    if not enabled():
        return False
    if not _regex_loaded:
        _load_regexes()
    return (data_sha, schema_sha) in _valid


def mark_valid(data_sha: str, schema_sha: str) -> None:
    global _regex_new
    if enabled() and (data_sha, schema_sha) not in _valid:
        _valid.add((data_sha, schema_sha))
        _regex_new = True


def flush() -> bool:
    """Write the regexes this process compiled or used, their analyses and the validated
    files (end of warm-up). Entries no process uses any more are dropped at the next write."""
    global _regex_new
    if not _regex_new or not enabled():
        return False
    with _regex_lock:
        _regex_new = False
        try:  # other threads may compile meanwhile: read snapshots (one C call each)
            sre_args = {k: _regex_args[k] for k in tuple(_regex_used) if k in _regex_args}
            derived_values = {k: _derived[k] for k in tuple(_derived_used) if k in _derived}
            valid = frozenset(tuple(_valid))
        except Exception:  # noqa: BLE001 - a write missed is only a slower next start
            return False
    return store(_REGEX_NAME, _regex_key(), {"sre": sre_args, "derived": derived_values, "valid": valid})


__all__ = ["cache_dir", "cached", "compile", "derived", "enabled", "environment", "key_of", "load",
           "flush", "known_valid", "mark_valid", "source_fingerprint", "stats", "store"]
