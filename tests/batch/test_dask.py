"""The Dask engine on a LocalCluster of 2 workers on loopback writes the local engine's records."""
from __future__ import annotations

import argparse
import json

import pytest

from tests.batch.conftest import REF, read_records, run_batch

pytest.importorskip("distributed", reason="the Dask tests need the dask extra (it is in the test extra)")

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
def client():
    from nlu.batch.dask_engine import _client

    client, cluster, _ = _client(argparse.Namespace(scheduler=None), 2)
    yield client, cluster
    client.close()
    cluster.close()


def test_local_cluster_listens_on_loopback_only(client):
    _, cluster = client
    addresses = [cluster.scheduler_address, *cluster.scheduler_info["workers"]]
    assert len(cluster.scheduler_info["workers"]) == 2
    assert all(a.startswith("tcp://127.0.0.1:") for a in addresses), addresses


def test_normalize_bag_and_frame_give_the_records_of_normalize_records(client):
    import dask.bag as db
    import dask.dataframe as dd
    import pandas as pd

    from nlu.batch import normalize_records
    from nlu.batch.dask import normalize_bag, normalize_frame

    items = [x for x in LINES if isinstance(x, dict)] + ["查询 AGV-02"]
    expected = list(normalize_records(items, reference_time=REF, timings=False))
    got = normalize_bag(db.from_sequence(items, npartitions=3), reference_time=REF, timings=False).compute()
    assert got == expected
    assert [row["line"] for row in got] == list(range(1, len(items) + 1))

    texts = ["查询 AGV-01 当前状态", "全年检休抱表", "打开报表", None]
    pdf = pd.DataFrame({"uid": [5, 6, 7, 8], "utterance": texts}, index=[50, 60, 70, 80])
    frame = normalize_frame(dd.from_pandas(pdf, npartitions=2), text_column="utterance", id_column="uid",
                            reference_time=REF, fields=["canonicalText", "decision"]).compute()
    assert list(frame.index) == [50, 60, 70, 80] and list(frame["uid"]) == [5, 6, 7, 8]
    single = list(normalize_records(texts[:3], reference_time=REF, fields=["canonicalText"]))
    assert list(frame["canonicalText"][:3]) == [row["canonicalText"] for row in single]
    assert frame["errorCode"].iloc[3] == "E454" and frame["canonicalText"].iloc[3] is None
    assert json.loads(frame["decision"].iloc[0])["action"] == "continue"
