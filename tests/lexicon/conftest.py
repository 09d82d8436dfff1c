from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from nlu.lexicon.loader import default_root


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never read or write the user's ~/.cache/nlu from tests."""
    cache = tmp_path_factory.mktemp("nlu-cache")
    monkeypatch.setenv("NLU_CACHE_DIR", str(cache))
    monkeypatch.delenv("NLU_LEXICON_DIR", raising=False)
    return cache


@pytest.fixture(scope="session")
def shipped_root() -> Path:
    return default_root()


@pytest.fixture
def pack_copy(tmp_path: Path, shipped_root: Path) -> Path:
    """A private, writable copy of the shipped pack."""
    dest = tmp_path / "pack"
    shutil.copytree(shipped_root, dest)
    return dest


@pytest.fixture
def edit_json() -> Callable[[Path, Callable[[Any], None]], None]:
    """Edit a JSON file of a copied pack in place (does NOT fix the manifest)."""

    def edit(path: Path, change: Callable[[Any], None]) -> None:
        doc = json.loads(path.read_text(encoding="utf-8"))
        change(doc)
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")

    return edit
