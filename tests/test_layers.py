"""The house's import layers (issue 28): a declared order of the `nlu/` packages and modules,
from the ground floor up, read from the code with `ast` (nothing is imported).

- No import runs from a lower layer to a higher one: module level, inside a function or under
  ``if TYPE_CHECKING`` alike (a type is a dependency too).
- No circle among modules (within a layer a module may import its neighbours, never in a loop).
- An import inside a function says why on its line or the line above (``# lazy: …``): it is
  an exception to the rule that a module's dependencies stand at its top.

`nlu.pipeline.registry` names the stages, the policy and the shadow turn by their dotted paths
(strings, imported when a pipeline is built): that is how the runner stands below what it runs.
"""
from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: bottom to top; a module belongs to the layer of the longest name that is it or its package
#: (the root "nlu" names the package's face alone)
LAYERS: list[list[str]] = [
    ["nlu.errors", "nlu.version", "nlu.collector", "nlu.contract", "nlu.warm_cache", "nlu.provider"],
    ["nlu.lexicon", "nlu.draft_keys"],
    ["nlu.text", "nlu.telemetry", "nlu.suspicious"],
    ["nlu.injection", "nlu.values", "nlu.source", "nlu.catalog"],
    ["nlu.draft"],
    ["nlu.semantics", "nlu.assemble"],
    ["nlu.pipeline"],  # plumbing, the registry of components and the runner
    ["nlu.stages"],
    ["nlu.decision"],
    ["nlu"],  # the package's face: understand(), Pipeline
    ["nlu.shadow", "nlu.batch", "nlu.bench", "nlu.evaluation"],
    ["nlu.cli", "nlu.service", "nlu.__main__"],
]


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str, layers: list[list[str]]) -> int:
    best, at = "", -1
    for i, names in enumerate(layers):
        for n in names:
            # a package holds its modules; the root package ("nlu", its face) only itself
            if (module == n or ("." in n and module.startswith(n + "."))) and len(n) > len(best):
                best, at = n, i
    if at < 0:
        raise AssertionError(f"{module} is in no declared layer: add it to LAYERS")
    return at


class Import:
    def __init__(self, source: str, target: str, line: int, kind: str) -> None:
        self.source, self.target, self.line, self.kind = source, target, line, kind

    def __repr__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target} ({self.kind})"


def imports(root: Path, package: str = "nlu") -> tuple[dict[str, Path], list[Import], list[str]]:
    """Every module under root/package, every import between them, and every import inside a
    function that gives no reason."""
    mods = {module_name(root, p): p for p in sorted((root / package).rglob("*.py"))}
    found: list[Import] = []
    unexplained: list[str] = []

    def resolve(cur: str, node: ast.AST, is_pkg: bool) -> list[str]:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            assert isinstance(node, ast.ImportFrom)
            if node.level:
                base = cur.split(".") if is_pkg else cur.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in mods else mod for a in node.names]
        out = []
        for n in names:
            if n.split(".")[0] != package:
                continue
            while n not in mods and "." in n:
                n = n.rsplit(".", 1)[0]
            if n != cur:
                out.append(n)
        return out

    for mod, path in mods.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))

        def walk(node: ast.AST, in_function: bool, type_only: bool) -> None:
            for child in ast.iter_child_nodes(node):
                f = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                t = type_only or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    if in_function:
                        here = lines[child.lineno - 1]
                        above = lines[child.lineno - 2].strip() if child.lineno > 1 else ""
                        if "#" not in here and not above.startswith("#"):
                            unexplained.append(f"{path.relative_to(root)}:{child.lineno}: {here.strip()}")
                    for target in resolve(mod, child, path.name == "__init__.py"):
                        found.append(Import(mod, target, child.lineno, "function" if in_function else
                                            "type" if type_only else "module"))
                walk(child, f, t)

        walk(tree, False, False)
    return mods, found, unexplained


def upward(found: list[Import], layers: list[list[str]]) -> list[str]:
    return [f"{i!r}: layer {layer_of(i.source, layers) + 1} imports layer {layer_of(i.target, layers) + 1}"
            for i in found if layer_of(i.target, layers) > layer_of(i.source, layers)]


def circles(found: list[Import]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for i in found:
        graph.setdefault(i.source, set()).add(i.target)
        graph.setdefault(i.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# ------------------------------------------------------------------------------ the house

@pytest.fixture(scope="module")
def house():  # noqa: ANN201
    return imports(ROOT)


def test_every_module_stands_in_a_declared_layer(house):
    mods, _, _ = house
    for m in mods:
        layer_of(m, LAYERS)


def test_no_import_runs_from_a_lower_layer_to_a_higher_one(house):
    _, found, _ = house
    assert upward(found, LAYERS) == []


def test_no_circle_among_modules(house):
    _, found, _ = house
    assert circles(found) == []


def test_every_import_inside_a_function_says_why(house):
    _, _, unexplained = house
    assert unexplained == []


# ------------------------------------------------------------------- the checks can fail

def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp_path


def test_a_planted_upward_import_a_circle_and_an_unexplained_lazy_import_are_found(tmp_path):
    root = _tree(tmp_path, {
        "nlu/__init__.py": "",
        "nlu/low.py": "from nlu.high import thing\n",  # up
        "nlu/high.py": "from nlu import low\n\ndef f():\n    from nlu import mid\n",  # no reason given
        "nlu/mid.py": "from nlu.high import thing\n\ndef g():\n    # lazy: test\n    import nlu.low\n",
        "nlu/pkg/__init__.py": "",
        "nlu/pkg/a.py": "from . import b\n",
        "nlu/pkg/b.py": "from .a import x\n",  # a circle through relative imports
    })
    layers = [["nlu.low"], ["nlu.mid", "nlu.pkg"], ["nlu.high", "nlu"]]
    _, found, unexplained = imports(root)
    up = upward(found, layers)
    assert any(u.startswith("nlu.low:1 -> nlu.high") for u in up)
    assert any(u.startswith("nlu.mid:1 -> nlu.high") for u in up)
    assert not any(u.startswith("nlu.high") for u in up)  # downward imports are fine
    assert sorted(map(tuple, circles(found))) == [("nlu.high", "nlu.low", "nlu.mid"), ("nlu.pkg.a", "nlu.pkg.b")]
    assert unexplained == ["nlu/high.py:4: from nlu import mid"]  # mid.py's says why
    with pytest.raises(AssertionError, match="nlu.other is in no declared layer"):
        layer_of("nlu.other", layers)


def test_a_clean_planted_tree_passes(tmp_path):
    root = _tree(tmp_path, {
        "nlu/__init__.py": "",
        "nlu/low.py": "import os\n",
        "nlu/high.py": "from nlu import low\n\ndef f():\n    import json  # lazy: only here\n",
    })
    _, found, unexplained = imports(root)
    layers = [["nlu.low"], ["nlu.high", "nlu"]]
    assert upward(found, layers) == [] and circles(found) == [] and unexplained == []
