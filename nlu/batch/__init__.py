"""Batch normalization of log lines (ASR/OCR dumps) for data teams: `nlu batch` and its API.

    from nlu.batch import normalize_records, iter_output
    for record in normalize_records(["查询 AGV-01 当前状态", {"id": "m7", "text": "全年检休抱表", "source": "asr"}]):
        ...                                   # one output record per item, in order, never raises

    from nlu.batch.dask import normalize_bag, normalize_frame   # with the `dask` extra

Modules: `reader` (records and positions from a file), `normalize` (the per-record function),
`output` (OUT.partial, resume state, compression), `workers` + `local` (the local engine),
`dask_engine` (the CLI's Dask engine), `dask` (the Dask API), `progress`, `errors`, `cli`.
"""
from __future__ import annotations

from typing import Any

__all__ = ["normalize_records", "iter_output"]


def __getattr__(name: str) -> Any:  # lazy: importing the package loads no pipeline
    if name == "normalize_records":
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.batch.normalize import normalize_records

        return normalize_records
    if name == "iter_output":
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.batch.output import iter_output

        return iter_output
    raise AttributeError(name)
