"""TypeScript: types generated from nlu/schema/legacy-nlu.v1.schema.json compile with
tsc --strict together with a small typed client (clients/typescript/); the tools come
from npm via clients/typescript/check.sh, cached under .cache/typescript/."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECK = ROOT / "clients" / "typescript" / "check.sh"
WORK = ROOT / ".cache" / "typescript"


@pytest.fixture(scope="module")
def compiled() -> str:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node/npm are not installed on this machine")
    r = subprocess.run(["bash", str(CHECK)], capture_output=True, text=True, timeout=600)
    if r.returncode == 3:
        pytest.skip(f"the npm registry is unreachable: {r.stderr.strip()}")
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_generated_types_and_client_compile_strictly(compiled):
    assert "compiles" in compiled
    generated = (WORK / "legacy-nlu.v1.ts").read_text(encoding="utf-8")
    assert "export interface LegacyInputUnderstanding" in generated
    # the schema's descriptions become the types' doc comments; one TextSpan, not TextSpan1…9
    assert "The normalized text; means exactly the same as originalText." in generated
    assert "TextSpan1" not in generated and "Canonicaltext" not in generated
    assert 'action: "continue" | "clarify" | "use_original";' in generated


def test_tsc_rejects_a_client_that_misuses_the_types(compiled, tmp_path):
    # The same compiler and types refuse wrong code: the check above can fail.
    bad = WORK / "misuse.ts"
    bad.write_text('import type { LegacyInputUnderstanding } from "./legacy-nlu.v1";\n'
                   "export function f(r: LegacyInputUnderstanding): number { return r.canonicalText; }\n"
                   'export function g(r: LegacyInputUnderstanding): boolean { return r.decision.action === "retry"; }\n',
                   encoding="utf-8")
    try:
        r = subprocess.run([str(WORK / "node_modules" / ".bin" / "tsc"), "--strict", "--noEmit", "--target", "ES2022",
                            "--moduleResolution", "bundler", "--module", "ES2022", str(bad)],
                           capture_output=True, text=True, timeout=300)
    finally:
        bad.unlink()
    assert r.returncode != 0
    assert "TS2322" in r.stdout and "TS2367" in r.stdout, r.stdout


def test_every_schema_property_has_a_description():
    import json

    schema = json.loads((ROOT / "nlu" / "schema" / "legacy-nlu.v1.schema.json").read_text(encoding="utf-8"))
    missing = [f"{name}.{prop}" for name, d in [("LegacyInputUnderstanding", schema), *schema["$defs"].items()]
               for prop, s in d.get("properties", {}).items() if not s.get("description")]
    assert missing == []
