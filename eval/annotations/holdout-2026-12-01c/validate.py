import json, sys
from jsonschema import Draft202012Validator, FormatChecker
schema = json.load(open('/work/shared/spec/goldset.schema.json'))
v = Draft202012Validator(schema, format_checker=FormatChecker())
path = sys.argv[1] if len(sys.argv) > 1 else '/work/blind3/holdout-2026-12-01c.jsonl'
bad = 0; n = 0; ids = set()
for i, line in enumerate(open(path, encoding='utf-8'), 1):
    n += 1
    obj = json.loads(line)
    errs = list(v.iter_errors(obj))
    for e in errs:
        bad += 1; print(f'line {i} {obj.get("caseId")}: {e.message[:200]}')
    if obj['caseId'] in ids: bad += 1; print('dup id', obj['caseId'])
    ids.add(obj['caseId'])
print(f'{n} lines, {bad} errors')
sys.exit(1 if bad else 0)
