"""Build-time mapping only (everything else is in pyproject.toml).

The default domain pack lives at the top of the clone (`lexicons/`, where the spec, the
README and the pack's own tools point). A wheel has no such place, so the build maps that
folder into the package as `nlu/default_pack/` (read with `importlib.resources`); an
editable install keeps reading `lexicons/` from the clone. pyproject.toml cannot say
"these packages, plus this folder under another name", hence this file.
"""
from setuptools import find_namespace_packages, setup

PACK = "nlu.default_pack"

setup(
    # namespace form: some folders (nlu/values, nlu/schema) have no __init__.py
    packages=[*find_namespace_packages(include=["nlu", "nlu.*"], exclude=["*.__pycache__"]), PACK, f"{PACK}.schemas"],
    package_dir={PACK: "lexicons"},
    package_data={PACK: ["*.json", "README.md"], f"{PACK}.schemas": ["*.json"]},
)
