"""The domain pack: versioned, schema-checked vocabulary in ``lexicons/`` and its loader.

    >>> from nlu.lexicon import default_pack
    >>> pack = default_pack()                 # loaded and verified once per process
    >>> [t.term_code for t in pack.lookup("车")]
    ['agv.vehicle.agv', 'rail.loco.locomotive']
"""

from __future__ import annotations

from pathlib import Path

from .errors import PackError
from .loader import default_pack, load_catalog, load_data_file, load_pack
from .model import Pack

__all__ = ["Pack", "PackError", "load_pack", "default_pack", "check_pack", "write_manifest", "load_catalog", "load_data_file"]


def check_pack(root: Path | str | None = None) -> list[str]:
    """Every problem in the pack at ``root`` (schemas, checksums, consistency); empty when OK."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .check import check_pack as _check_pack

    return _check_pack(root)


def write_manifest(root: Path | str | None = None) -> dict[str, str]:
    """Recompute ``manifest.json`` checksums for the pack at ``root``."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .check import write_manifest as _write_manifest

    return _write_manifest(root)
