"""Dask entry points for pipelines that already use Dask: the same per-record function as the CLI.

    from nlu.batch.dask import normalize_bag, normalize_frame
    out = normalize_bag(db.read_text("logs/*.txt").map(str.rstrip))   # a bag of output records
    out = normalize_frame(ddf, text_column="utterance", id_column="msg_id")

Needs the `dask` extra (`pip install 'legacy-nlu[dask]'`). Each worker process builds its pipeline once
(`cached_normalizer`) and reuses it for every partition it gets.
"""
from __future__ import annotations

import json
import operator
from typing import Any

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.normalize import check_fields, contract_fields, normalize_records


def _require_dask():  # noqa: ANN202
    try:
        # lazy: optional extra
        import dask
    except ImportError as exc:
        raise BatchError("E404", E.E404.format(what="the Dask engine", extra="dask", detail=exc)) from None
    return dask


def _normalize_partition(items: list[Any], first_line: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    return list(normalize_records(items, first_line=first_line, **options))


def normalize_bag(bag: Any, *, text_field: str | None = None, id_field: str | None = None,
                  reference_time: str | None = None, timings: bool = True, fields: Any = None) -> Any:
    """A bag of texts or JSON-like dicts → a bag of output records: same partitions, same order.

    `line` is each item's 1-based position in the whole bag (partition lengths are summed in the
    graph; each input partition is computed once).
    """
    dask = _require_dask()
    # lazy: optional extra
    import dask.bag as db

    options = {"text_field": text_field, "id_field": id_field, "reference_time": reference_time, "timings": timings,
               "fields": check_fields(fields) if fields is not None else None}
    parts = [dask.delayed(list)(p) for p in bag.to_delayed()]
    start: Any = 1
    out = []
    for part in parts:
        out.append(dask.delayed(_normalize_partition)(part, start, options))
        start = dask.delayed(operator.add)(start, dask.delayed(len)(part))
    return db.from_delayed(out)


def frame_columns(fields: tuple[str, ...] | None) -> list[str]:
    return ["error", "errorCode", *(fields or contract_fields())]


def _normalize_pandas(pdf: Any, text_column: str, id_column: str | None, source_column: str | None,
                      columns: list[str], options: dict[str, Any]) -> Any:
    # lazy: optional extra
    import pandas as pd

    items = []
    for row in pdf.itertuples(index=False):
        row = row._asdict() if hasattr(row, "_asdict") else dict(zip(pdf.columns, row))
        item = {"text": row[text_column]}
        if source_column:
            item["source"] = row[source_column]
        items.append(item)
    cells: dict[str, list[Any]] = {c: [] for c in columns}
    for record in normalize_records(items, **options):
        for c in columns:
            value = record.get(c)
            cells[c].append(value if value is None or isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    out = pd.DataFrame(cells, index=pdf.index, dtype=object)
    if id_column:
        out.insert(0, id_column, pdf[id_column].to_numpy())
    return out


def normalize_frame(df: Any, text_column: str = "text", *, id_column: str | None = None,
                    source_column: str | None = None, reference_time: str | None = None, timings: bool = True,
                    fields: Any = None) -> Any:
    """A Dask DataFrame → one with the same index (join back on it): `error`, `errorCode` and one
    column per contract field (text as is, structures as JSON text); `id_column` is carried over."""
    _require_dask()
    # lazy: optional extra
    import pandas as pd

    chosen = check_fields(fields) if fields is not None else None
    columns = frame_columns(chosen)
    options = {"text_field": "text", "reference_time": reference_time, "timings": timings, "fields": chosen}
    meta = pd.DataFrame({c: pd.Series(dtype=object) for c in ([id_column] if id_column else []) + columns})
    if id_column:
        meta[id_column] = meta[id_column].astype(df[id_column].dtype)
    return df.map_partitions(_normalize_pandas, text_column, id_column, source_column, columns, options, meta=meta)
