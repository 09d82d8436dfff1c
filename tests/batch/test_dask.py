"""The Dask engine on a LocalCluster of 2 workers on loopback writes the local engine's records."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.batch.conftest import REF, read_records, run_batch

if importlib.util.find_spec("distributed") is None:  # found without importing it (see dask_checks.py)
    pytest.skip("the Dask tests need the dask extra (it is in the test extra)", allow_module_level=True)

LINES = [
    {"id": "d1", "text": "查询 AGV-01 当前状态"},
    {"id": "d2", "rawText": "全年检休抱表", "source": "asr"},
    "{broken",
    {"id": "d4", "text": 7},
    {"id": "d5", "text": "不要取消 T-2026010241"},
    "",
    {"id": "d7", "text": "打开报表"},
    {"id": "d8", "text": "超过九 个的失败任務有多少", "source": "ocr"},
    {"id": "d9", "text": "明天下午三点前把 WO-20260312 派给 ST-05"},
]


@pytest.fixture(scope="module")
def src(tmp_path_factory):
    path = tmp_path_factory.mktemp("dask") / "in.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x, ensure_ascii=False) for x in LINES) + "\n",
                    encoding="utf-8")
    return path


def test_cli_dask_engine_writes_the_local_records_as_part_files(tmp_path, src):
    local, parts = tmp_path / "local.jsonl", tmp_path / "parts"
    common = ("--workers", "2", "--no-timings", "--reference-time", REF)
    assert run_batch(str(src), str(local), *common).returncode == 3
    r = run_batch(str(src), str(parts), *common, "--engine", "dask", "--partition-size", "4")
    assert r.returncode == 3, r.stderr
    manifest = json.loads((parts / "_manifest.json").read_text(encoding="utf-8"))
    assert [(p["file"], p["firstLine"], p["records"]) for p in manifest["parts"]] == [
        ("part-00000.jsonl", 1, 4), ("part-00001.jsonl", 5, 4), ("part-00002.jsonl", 9, 1)]
    assert manifest["records"] == 9 and manifest["errors"] == 3
    joined = b"".join((parts / p["file"]).read_bytes() for p in manifest["parts"])
    assert joined == local.read_bytes()  # the same records, byte for byte
    assert [row["line"] for row in read_records(parts)] == list(range(1, 10))
    assert not (tmp_path / "parts.partial").exists()


@pytest.fixture(scope="module")
def checks():
    """The in-process Dask API, run in a child process (see dask_checks.py for why)."""
    items = [x for x in LINES if isinstance(x, dict)] + ["查询 AGV-02"]
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "tests.batch.dask_checks", json.dumps(items, ensure_ascii=False)],
                       capture_output=True, text=True, timeout=300, cwd=root)
    assert r.returncode == 0, r.stderr[-3000:]
    return items, json.loads(r.stdout.strip().splitlines()[-1])


def test_local_cluster_listens_on_loopback_only(checks):
    _, got = checks
    assert len(got["addresses"]) == 3  # the scheduler and 2 workers
    assert all(a.startswith("tcp://127.0.0.1:") for a in got["addresses"]), got["addresses"]


def test_normalize_bag_and_frame_give_the_records_of_normalize_records(checks):
    items, got = checks
    assert got["bag"] == got["expected"]
    assert [row["line"] for row in got["bag"]] == list(range(1, len(items) + 1))
    assert [row.get("id") for row in got["bag"]] == [x.get("id") for x in items[:-1]] + [None]
    frame = got["frame"]
    assert frame["index"] == [50, 60, 70, 80] and frame["uid"] == [5, 6, 7, 8]
    assert frame["columns"] == ["uid", "error", "errorCode", "canonicalText", "decision"]
    assert frame["canonicalText"][:3] == got["single"]
    assert frame["errorCode"][3] == "E454" and frame["canonicalText"][3] is None
    assert json.loads(frame["decision0"])["action"] == "continue"
