"""`nlu schema`: print the contract's JSON Schema (the committed copy must match it)."""
from __future__ import annotations

import json
from pathlib import Path

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "legacy-nlu.v1.schema.json"


def schema_text() -> str:
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.contract import contract_json_schema

    return json.dumps(contract_json_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def run(args) -> int:  # noqa: ANN001
    text = schema_text()
    if args.write:
        SCHEMA_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {SCHEMA_FILE}")
    else:
        print(text, end="")
    return 0


def register(sub) -> None:  # noqa: ANN001
    p = sub.add_parser("schema", help="print the JSON Schema of the legacy-nlu.v1 contract",
                       description="Print the JSON Schema (draft 2020-12) of LegacyInputUnderstanding, "
                       "camelCase as serialized; TypeScript types can be generated from it.")
    p.add_argument("--write", action="store_true", help=f"rewrite the committed copy ({SCHEMA_FILE.name})")
    p.set_defaults(func=run)
