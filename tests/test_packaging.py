"""The package as a user gets it: a wheel built from this tree, installed into a fresh venv,
run from a directory outside the checkout; typed (py.typed, mypy --strict on a user script);
the model extra's packages pinned by hash for CI.

The wheel is built once per module (about 10-20 s). The fresh venv gets only the wheel; its
dependencies are read from this test run's own environment through a .pth line (so the test
needs no network and no second copy of them), which adds directories to the path without
running any .pth of theirs (the checkout's editable hook stays out).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("nlu", "lexicons", "pyproject.toml", "setup.py", "README.md")


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess[str]:  # noqa: ANN003
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the build package (test extra) is not installed")
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:  # a copy, so building writes nothing into the checkout
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc"))
        else:
            shutil.copy2(p, src / name)
    dist = tmp_path_factory.mktemp("dist")
    r = _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(src)])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    # project.license as an SPDX string: no deprecation warning from the build backend
    warned = [ln for ln in (r.stdout + r.stderr).lower().splitlines() if "license" in ln and "deprecat" in ln]
    assert not warned, warned
    (whl,) = dist.glob("legacy_nlu-*.whl")  # the distribution name; the import name is nlu
    return whl


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    env_dir = tmp_path_factory.mktemp("venv") / "fresh"
    r = _run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)])
    assert r.returncode == 0, r.stderr
    py = env_dir / "bin" / "python"
    r = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index", "-q", str(wheel)])
    assert r.returncode == 0, r.stdout + r.stderr
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "_nlu_test_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n", encoding="utf-8")
    return env_dir


def _outside_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NLU_LEXICON_DIR", "PYTHONPATH")}
    return env


def test_the_wheel_carries_the_default_pack_and_py_typed(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "nlu/py.typed" in names
    assert "nlu/schema/legacy-nlu.v1.schema.json" in names
    shipped = sorted(p.relative_to(ROOT / "lexicons").as_posix() for p in (ROOT / "lexicons").rglob("*") if p.is_file())
    assert shipped and all(f"nlu/default_pack/{n}" in names for n in shipped)
    assert not any(n.startswith("lexicons/") for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Provides-Extra: serve" in metadata and "Requires-Dist: pydantic" in metadata
    assert "Name: legacy-nlu\n" in metadata and "License-Expression: LicenseRef-Proprietary" in metadata
    assert "dateparser" not in metadata  # nlu/ never imports it


def test_nlu_understand_runs_from_the_installed_wheel_outside_the_checkout(venv, tmp_path):
    nlu_bin = venv / "bin" / "nlu"
    r = _run([str(nlu_bin), "understand", "--json", "--reference-time", "2026-03-15T10:30:00+08:00",
              "不要取消 T-2026010241"], cwd=tmp_path, env=_outside_env())
    print(r.stdout[:400], r.stderr[-2000:])  # the check's output, kept in the test log
    assert r.returncode == 0, r.stderr
    assert '"originalText":"不要取消 T-2026010241"' in r.stdout
    assert '"kind":"negation"' in r.stdout and '"kind":"identifier"' in r.stdout
    where = _run([str(venv / "bin" / "python"), "-c",
                  "import nlu, nlu.lexicon.loader as l; print(nlu.__file__); print(l.default_root())"],
                 cwd=tmp_path, env=_outside_env())
    module_file, pack_root = where.stdout.split()
    assert Path(module_file).is_relative_to(venv) and not Path(module_file).is_relative_to(ROOT)
    assert Path(pack_root).is_relative_to(venv) and pack_root.endswith("nlu/default_pack")
    check = _run([str(nlu_bin), "lexicon", "check"], cwd=tmp_path, env=_outside_env())
    assert check.returncode == 0, check.stdout + check.stderr


def test_nlu_lexicon_dir_still_overrides_and_a_missing_pack_says_how_to_point_at_one(venv, tmp_path):
    nlu_bin = venv / "bin" / "nlu"
    other = tmp_path / "pack"
    shutil.copytree(ROOT / "lexicons", other)
    ok = _run([str(nlu_bin), "understand", "查询 AGV-01 当前状态"], cwd=tmp_path,
              env={**_outside_env(), "NLU_LEXICON_DIR": str(other)})
    assert ok.returncode == 0, ok.stderr
    (other / "terms.json").unlink()
    bad = _run([str(nlu_bin), "understand", "查询 AGV-01 当前状态"], cwd=tmp_path,
               env={**_outside_env(), "NLU_LEXICON_DIR": str(other)})
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "terms.json" in bad.stderr and "$NLU_LEXICON_DIR" in bad.stderr


USER_SCRIPT = '''
from typing import Literal

from typing_extensions import assert_type

import nlu
from nlu import LegacyInputUnderstanding

r = nlu.understand("查询 AGV-01 当前状态", source="typed", reference_time="2026-03-15T10:30:00+08:00",
                   budget_ms=200.0)
assert_type(r, LegacyInputUnderstanding)
action: Literal["continue", "clarify", "use_original"] = r.decision.action
spans: list[tuple[int, int]] = [(p.span.start, p.span.end) for p in r.protected_spans]
pipe: nlu.Pipeline = nlu.Pipeline(budget_ms=100.0)
assert_type(pipe.understand("不要取消 T-2026010241"), LegacyInputUnderstanding)
nlu.warm_up()
print(action, spans, r.model_dump_json(by_alias=True)[:20])
'''


def test_mypy_strict_passes_on_a_user_script_against_the_installed_package(venv, tmp_path):
    pytest.importorskip("mypy", reason="mypy (test extra) is not installed")
    script = tmp_path / "user.py"
    # the script, plus one wrong use on its last line: that line, and only it, is an error
    # (so the typing is real, not Any)
    text = USER_SCRIPT + "wrong: int = r.canonical_text\n" + 'nlu.understand("x", source="voice")\n'
    script.write_text(text, encoding="utf-8")
    last = len(text.splitlines())
    r = _run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable",
              str(venv / "bin" / "python"), str(script)], cwd=tmp_path, env=_outside_env())
    errors = [ln for ln in r.stdout.splitlines() if ": error:" in ln]
    assert len(errors) == 2, r.stdout + r.stderr
    assert errors[0].startswith(f"user.py:{last - 1}: error: Incompatible types in assignment (expression has type \"str\"")
    # source is a Literal: a source outside typed/asr/ocr/mixed fails type checking, not only at run time
    assert errors[1].startswith(f"user.py:{last}: error: Argument \"source\" to \"understand\" has incompatible type")


def test_the_model_extra_is_pinned_by_hash_for_ci():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["model"]
    wanted = {re.split(r"==", req)[0].lower(): req.split("==")[1] for req in extra}
    lines = [ln for ln in (ROOT / ".ci" / "model-constraints.txt").read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    pinned = {}
    for ln in lines:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+) --hash=sha256:([0-9a-f]{64})", ln.strip())
        assert m, ln
        pinned[m.group(1).lower()] = m.group(2)
    assert pinned == wanted  # every package of the extra, at the extra's version, with a hash
    assert ".ci/model-constraints.txt" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
