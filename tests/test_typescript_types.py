"""TypeScript: clients/typescript/legacy-nlu.v1.d.ts (committed; the npm package's `types`) is
generated from `nlu schema` by json-schema-to-typescript and compiles with tsc --strict, together
with a small typed client, under moduleResolution NodeNext and Bundler (clients/typescript/check.sh).

The first tests need no node: the committed file names the digest of the schema text it was
generated from, and declares every property of the schema. The others need node and npm; they
skip without them unless NLU_REQUIRE_TSC=1 (set by .ci/run when npm is installed)."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from nlu.cli.schema_cmd import schema_text

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "clients" / "typescript"
CHECK = HERE / "check.sh"
TYPES = HERE / "legacy-nlu.v1.d.ts"
TSC = HERE / "node_modules" / ".bin" / "tsc"
REGENERATE = "run clients/typescript/check.sh --write and commit legacy-nlu.v1.d.ts"


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("NLU_REQUIRE_TSC") == "1":
        pytest.fail(f"NLU_REQUIRE_TSC=1 but {reason}")
    pytest.skip(reason)


def _interfaces(text: str) -> dict[str, dict[str, tuple[bool, str]]]:
    """interface name -> property name -> (optional?, the property's type text)."""
    out: dict[str, dict[str, tuple[bool, str]]] = {}
    for m in re.finditer(r"^export interface (\w+) \{\n(.*?)^\}", text, re.S | re.M):
        props: dict[str, tuple[bool, str]] = {}
        # a property starts at two spaces of indent; its type runs to the next property or the end
        parts = re.split(r"^  (\w+)(\??):\s", m.group(2), flags=re.M)
        for name, optional, body in zip(parts[1::3], parts[2::3], parts[3::3]):
            props[name] = (optional == "?", re.sub(r"/\*\*.*?\*/", "", body, flags=re.S))
        out[m.group(1)] = props
    return out


def _literals(prop: dict) -> list[str]:
    """The string values a schema property allows (enum/const, also inside anyOf and items)."""
    found = [v for v in prop.get("enum", []) if isinstance(v, str)]
    if isinstance(prop.get("const"), str):
        found.append(prop["const"])
    for sub in [*prop.get("anyOf", []), *prop.get("oneOf", []), *([prop["items"]] if "items" in prop else [])]:
        found += _literals(sub)
    return found


def _schema_objects(schema: dict) -> dict[str, dict]:
    objects = {schema["title"]: schema}
    objects.update({name: d for name, d in schema["$defs"].items() if d.get("type") == "object"})
    return objects


def _mismatches(types_text: str, schema: dict) -> list[str]:
    declared = _interfaces(types_text)
    problems = []
    for name, d in _schema_objects(schema).items():
        if name not in declared:
            problems.append(f"interface {name} missing")
            continue
        props, required = d.get("properties", {}), set(d.get("required", []))
        if set(props) != set(declared[name]):
            problems.append(f"{name}: properties {sorted(set(props) ^ set(declared[name]))} differ")
        for prop, s in props.items():
            if prop not in declared[name]:
                continue
            optional, ts_type = declared[name][prop]
            if optional != (prop not in required):
                problems.append(f"{name}.{prop}: optional is {optional} in the types")
            problems += [f"{name}.{prop}: {v!r} missing" for v in _literals(s) if f'"{v}"' not in ts_type]
    return problems


# --- without node ---------------------------------------------------------------------------

def test_committed_types_were_generated_from_what_nlu_schema_prints_now():
    banner = re.search(r"sha256 ([0-9a-f]{64})\.", TYPES.read_text(encoding="utf-8")[:600])
    assert banner, "legacy-nlu.v1.d.ts has no schema digest in its banner; " + REGENERATE
    now = hashlib.sha256(schema_text().encode("utf-8")).hexdigest()
    assert banner.group(1) == now, "the contract changed since the types were generated; " + REGENERATE


def test_committed_types_declare_every_schema_object_and_property():
    schema = json.loads(schema_text())
    text = TYPES.read_text(encoding="utf-8")
    assert _mismatches(text, schema) == []
    assert "export interface LegacyInputUnderstanding" in text
    # the schema's descriptions become the types' doc comments; one TextSpan, not TextSpan1…9
    assert "The normalized text; means exactly the same as originalText." in text
    assert "TextSpan1" not in text and "Canonicaltext" not in text
    assert 'action: "continue" | "clarify" | "use_original";' in text


def test_the_comparison_sees_a_contract_change():
    # the check above can fail: a property, an optionality or an enum value the types lack is named
    schema = json.loads(schema_text())
    text = TYPES.read_text(encoding="utf-8")
    schema["$defs"]["TextSpan"]["properties"]["unit"] = {"type": "string", "description": "x"}
    schema["$defs"]["Decision"]["required"].remove("reasonCodes")
    schema["$defs"]["StageDiagnostic"]["properties"]["status"]["enum"].append("cancelled")
    assert _mismatches(text, schema) == [
        "Decision.reasonCodes: optional is False in the types",
        "StageDiagnostic.status: 'cancelled' missing",
        "TextSpan: properties ['unit'] differ",
    ]


def test_the_npm_package_carries_the_types():
    package = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "legacy-nlu"
    assert package["types"] == "./legacy-nlu.v1.d.ts"
    assert package["exports"]["."] == {"types": "./legacy-nlu.v1.d.ts"}
    assert package["files"] == ["legacy-nlu.v1.d.ts"]
    assert package["type"] == "module"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'\nversion = "{package["version"]}"\n' in pyproject, "npm and Python versions differ"
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "node_modules/" in ignored


def test_every_schema_property_has_a_description():
    schema = json.loads((ROOT / "nlu" / "schema" / "legacy-nlu.v1.schema.json").read_text(encoding="utf-8"))
    missing = [f"{name}.{prop}" for name, d in [("LegacyInputUnderstanding", schema), *schema["$defs"].items()]
               for prop, s in d.get("properties", {}).items() if not s.get("description")]
    assert missing == []


# --- with node and npm ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def checked() -> str:
    if shutil.which("node") is None or shutil.which("npm") is None:
        _skip_or_fail("node/npm are not installed on this machine")
    r = subprocess.run(["bash", str(CHECK)], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "PYTHON": sys.executable})
    if r.returncode == 3:
        _skip_or_fail(f"the npm registry is unreachable: {r.stderr.strip()}")
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_committed_types_are_byte_for_byte_what_the_generator_makes(checked):
    assert "legacy-nlu.v1.d.ts matches the types generated from `nlu schema`" in checked


def test_client_compiles_strictly_under_nodenext_and_bundler(checked):
    assert "tsc --strict (tsconfig.json): client.ts compiles" in checked
    assert "tsc --strict (tsconfig.bundler.json): client.ts compiles" in checked
    config = json.loads((HERE / "tsconfig.json").read_text(encoding="utf-8"))["compilerOptions"]
    assert config["moduleResolution"] == "NodeNext" and config["skipLibCheck"] is False
    bundler = json.loads((HERE / "tsconfig.bundler.json").read_text(encoding="utf-8"))
    assert bundler["compilerOptions"]["moduleResolution"] == "Bundler"


def _tsc(files: list[Path], resolution: str) -> subprocess.CompletedProcess:
    module = "NodeNext" if resolution == "NodeNext" else "ES2022"
    return subprocess.run([str(TSC), "--strict", "--noEmit", "--skipLibCheck", "false",
                           "--target", "ES2022", "--lib", "ES2022,DOM", "--module", module,
                           "--moduleResolution", resolution, *map(str, files)],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("resolution", ["NodeNext", "Bundler"])
def test_tsc_rejects_a_client_that_misuses_the_types(checked, tmp_path, resolution):
    # The same compiler and types refuse wrong code: the compile checks above can fail.
    shutil.copy(TYPES, tmp_path / TYPES.name)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    bad = tmp_path / "misuse.ts"
    bad.write_text('import type { LegacyInputUnderstanding } from "./legacy-nlu.v1.js";\n'
                   "export function f(r: LegacyInputUnderstanding): number { return r.canonicalText; }\n"
                   'export function g(r: LegacyInputUnderstanding): boolean { return r.decision.action === "retry"; }\n',
                   encoding="utf-8")
    r = _tsc([bad], resolution)
    assert r.returncode != 0
    assert "TS2322" in r.stdout and "TS2367" in r.stdout and "TS2307" not in r.stdout, r.stdout


@pytest.fixture(scope="module")
def packed(checked, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("npm-pack")
    r = subprocess.run(["npm", "pack", "--pack-destination", str(out), "--json", "--loglevel=error"],
                       cwd=HERE, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (info,) = json.loads(r.stdout)
    assert sorted(f["path"] for f in info["files"]) == ["legacy-nlu.v1.d.ts", "package.json"]
    return out / info["filename"]


@pytest.mark.parametrize("resolution,package_type", [("NodeNext", "module"), ("NodeNext", "commonjs"),
                                                     ("Bundler", "module")])
def test_a_consumer_of_the_packed_package_gets_the_types(packed, tmp_path, resolution, package_type):
    modules = tmp_path / "node_modules"
    with tarfile.open(packed) as tar:
        tar.extractall(modules, filter="data")
    (modules / "package").rename(modules / "legacy-nlu")
    (tmp_path / "package.json").write_text(json.dumps({"type": package_type}), encoding="utf-8")
    user = tmp_path / "user.ts"
    user.write_text('import type { LegacyInputUnderstanding } from "legacy-nlu";\n'
                    "export const text = (r: LegacyInputUnderstanding): string => r.canonicalText;\n"
                    "export const bad = (r: LegacyInputUnderstanding): number => r.spanMap.length + r.requestId;\n",
                    encoding="utf-8")
    r = _tsc([user], resolution)
    # resolved: the only error is the deliberate one (string + number is not a number)
    assert re.findall(r"error (TS\d+)", r.stdout) == ["TS2322"], r.stdout
    assert "user.ts(3," in r.stdout
