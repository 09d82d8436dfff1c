"""Build-time mapping only (everything else is in pyproject.toml).

The default domain pack lives at the top of the clone (`lexicons/`, where the spec, the
README and the pack's own tools point). A wheel has no such place, so the build maps that
folder, with every folder under it, into the package as `nlu/default_pack/` (read with
`importlib.resources`); an editable install keeps reading `lexicons/` from the clone.
pyproject.toml cannot say "these packages, plus this folder under another name", hence
this file.
"""
from pathlib import Path

from setuptools import find_namespace_packages, setup

PACK = "nlu.default_pack"
PACK_DIR = Path(__file__).resolve().parent / "lexicons"

pack_packages = [PACK] + sorted(
    f"{PACK}.{d.relative_to(PACK_DIR).as_posix().replace('/', '.')}"
    for d in PACK_DIR.rglob("*") if d.is_dir() and d.name != "__pycache__"
)

setup(
    # namespace form: some folders (nlu/values, nlu/schema) have no __init__.py
    packages=[*find_namespace_packages(include=["nlu", "nlu.*"], exclude=["*.__pycache__"]), *pack_packages],
    package_dir={PACK: "lexicons"},  # which files go in: [tool.setuptools.package-data] in pyproject.toml
)
