"""The README's examples run as written: every ```python block, and the curl example
against `nlu serve` on loopback."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)
SH_BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)


def test_the_readme_has_python_examples():
    assert len(PYTHON_BLOCKS) >= 2


def _shown_output(code: str) -> list[str]:
    """What a block says it prints: the comment lines right after a print() call, each the
    printed line behind `# ` (a block that shows no output shows nothing)."""
    shown, after_print = [], False
    for line in code.splitlines():
        if line.lstrip().startswith("print(") or (after_print and line.startswith("    ")):
            after_print = True
            continue
        if after_print and line.startswith("# "):
            shown.append(line[2:])
            continue
        after_print = False
    return shown


def test_the_shown_output_reader_reads_what_a_block_shows():
    assert _shown_output('x = 1\nprint(x)\n# 1\ny = 2  # not output\n# not output either') == ["1"]
    assert _shown_output("for i in r:\n    print(i)\n# a\n# b\n") == ["a", "b"]
    assert _shown_output("print(1)  # note\n") == []


@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)))
def test_python_example_runs_and_prints_what_the_readme_shows(index, capsys):
    code = PYTHON_BLOCKS[index]
    exec(compile(code, f"README.md python block {index + 1}", "exec"), {"__name__": "__readme__"})  # noqa: S102
    shown = _shown_output(code)
    printed = capsys.readouterr().out.splitlines()
    if shown:
        assert printed == shown, f"README python block {index + 1} shows {shown}, prints {printed}"


def test_the_readme_shows_the_output_of_its_main_examples():
    assert sum(bool(_shown_output(b)) for b in PYTHON_BLOCKS) >= 3


def test_curl_example_works_against_the_service():
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    from tests.service.conftest import start_server, stop_server

    curl = next(b for b in SH_BLOCKS if b.lstrip().startswith("curl"))
    assert "http://127.0.0.1:8765/v1/understand" in curl  # the documented default address
    served = start_server()
    try:
        # the same command; only the port differs (the test's server took a free one)
        r = subprocess.run(["bash", "-c", curl.replace("http://127.0.0.1:8765", served.base_url)],
                           capture_output=True, text=True, timeout=60)
    finally:
        stop_server(served)
    assert r.returncode == 0, r.stderr
    import json

    body = json.loads(r.stdout)
    assert body["schemaVersion"] == "legacy-nlu.v1" and body["originalText"] == "不要取消 T-2026010241"
    assert {"negation", "identifier"} <= {p["kind"] for p in body["protectedSpans"]}
