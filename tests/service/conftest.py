"""One `nlu serve` process on loopback for the service tests (started once per session)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
pytest.importorskip("uvicorn", reason="the [serve] extra is not installed")


@dataclass
class Served:
    process: subprocess.Popen[str]
    base_url: str
    log: list[str]


def start_server(*extra: str, wait_ready: bool = True) -> Served:
    """`python -m nlu serve --port 0`, its address read from its log line."""
    proc = subprocess.Popen([sys.executable, "-m", "nlu", "serve", "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    log: list[str] = []
    deadline = time.monotonic() + 60
    base_url = None
    while time.monotonic() < deadline and base_url is None:
        line = proc.stdout.readline()
        if not line:
            break
        log.append(line)
        m = re.search(r"listening on (http://\S+)", line)
        if m:
            base_url = m.group(1)
    if base_url is None:
        proc.kill()
        raise AssertionError("nlu serve did not start:\n" + "".join(log))
    if wait_ready:
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base_url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        else:
            proc.kill()
            raise AssertionError("nlu serve never became ready")
    return Served(proc, base_url, log)


def stop_server(served: Served, timeout: float = 30) -> int:
    served.process.send_signal(signal.SIGTERM)
    try:
        out, _ = served.process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        served.process.kill()
        out, _ = served.process.communicate()
    served.log.append(out or "")
    return served.process.returncode


@pytest.fixture(scope="session")
def server() -> Iterator[Served]:
    served = start_server()
    yield served
    stop_server(served)


@pytest.fixture(scope="session")
def base_url(server: Served) -> str:
    return server.base_url


@pytest.fixture()
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=30) as c:
        yield c
