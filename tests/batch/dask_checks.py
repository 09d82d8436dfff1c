"""Run by test_dask.py in a child process: Dask (through importlib_metadata, which installs its own
distribution finder) must not be imported into the test process, where other tests read installed
file lists. Prints what the test asserts on, as JSON."""
from __future__ import annotations

import json
import sys

REF = "2026-03-15T10:30:00+08:00"


def main() -> None:
    import argparse

    import dask.bag as db
    import dask.dataframe as dd
    import pandas as pd

    from nlu.batch import normalize_records
    from nlu.batch.dask import normalize_bag, normalize_frame
    from nlu.batch.dask_engine import _client

    items = json.loads(sys.argv[1])
    client, cluster, _ = _client(argparse.Namespace(scheduler=None), 2)
    try:
        addresses = [cluster.scheduler_address, *cluster.scheduler_info["workers"]]
        expected = list(normalize_records(items, reference_time=REF, timings=False))
        bag = normalize_bag(db.from_sequence(items, npartitions=3), reference_time=REF, timings=False).compute()
        texts = ["查询 AGV-01 当前状态", "全年检休抱表", "打开报表", None]
        pdf = pd.DataFrame({"uid": [5, 6, 7, 8], "utterance": texts}, index=[50, 60, 70, 80])
        frame = normalize_frame(dd.from_pandas(pdf, npartitions=2), text_column="utterance", id_column="uid",
                                reference_time=REF, fields=["canonicalText", "decision"]).compute()
        single = list(normalize_records(texts[:3], reference_time=REF, fields=["canonicalText"]))
    finally:
        client.close()
        cluster.close()
    print(json.dumps({"addresses": addresses, "expected": expected, "bag": bag,
                      "frame": {"index": [int(i) for i in frame.index], "columns": list(frame.columns),
                                "uid": [int(u) for u in frame["uid"]], "canonicalText": list(frame["canonicalText"]),
                                "errorCode": list(frame["errorCode"]), "decision0": frame["decision"].iloc[0]},
                      "single": [row["canonicalText"] for row in single]}, ensure_ascii=False))


if __name__ == "__main__":
    main()
