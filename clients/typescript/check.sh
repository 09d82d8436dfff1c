#!/usr/bin/env bash
# Generate TypeScript types from the committed contract schema and compile client.ts
# against them with tsc --strict. The tools come from npm (pinned by package-lock.json)
# into .cache/typescript/ at the repository root (gitignored), installed once per lock.
# Exit 3 when npm cannot be reached (the caller may then skip), any other failure as is.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/.cache/typescript"
mkdir -p "$work"
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/tsc" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  if ! (cd "$work" && npm ci --no-audit --no-fund --loglevel=error); then
    rm -f "$work/package-lock.json"
    if ! npm ping >/dev/null 2>&1; then
      echo "npm registry unreachable" >&2
      exit 3
    fi
    exit 1
  fi
fi
cp "$here/client.ts" "$here/tsconfig.json" "$work/"
"$work/node_modules/.bin/json2ts" --input "$root/nlu/schema/legacy-nlu.v1.schema.json" \
  --output "$work/legacy-nlu.v1.ts"
"$work/node_modules/.bin/tsc" --project "$work/tsconfig.json"
echo "tsc --strict: client.ts compiles against the generated legacy-nlu.v1 types"
