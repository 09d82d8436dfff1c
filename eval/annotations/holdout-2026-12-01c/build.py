import sys, json, unicodedata, re, collections
sys.path.insert(0, '/work/blind3/src')
import dsl
for m in ['c1_read', 'c2_read', 'c3_write', 'c4_inject', 'c5_misc', 'c6_long', 'c7_noisy', 'c8_benign']:
    __import__(m)
cases = dsl.CASES
def clean(s):
    s = unicodedata.normalize('NFKC', s)
    s = re.sub(r'[\u200b-\u200f\u202a-\u202e\u2060\ufeff]', '', s)
    return s
warn = 0
for i, c in enumerate(cases, 1):
    c['caseId'] = f'hd-{i:04d}'
    raw = clean(c['rawText']); raw2 = re.sub(r'\s+', '', raw)
    e = c['expect']
    texts = list(e.get('mustKeep', [])) + [x['text'] for x in e.get('entities', [])] + [x['text'] for x in e.get('protectedSpans', [])]
    for r in e.get('relations', []): texts += [r['subject'], r['object']]
    for f in e.get('frames', []): texts += [a['text'] for a in f.get('arguments', [])]
    for k in e.get('coreferences', []): texts += [k['mention'], k['antecedent']]
    for k in e.get('corrections', []): texts += [k['from']]
    for t in texts:
        if t not in raw and re.sub(r'\s+', '', t) not in raw2:
            warn += 1; print('NOT IN RAW', c['caseId'], repr(t), raw[:60])
    for t in e.get('mustNotContain', []):
        if t in raw and not c['tags'].count('risk:injection') and 'self-repair' not in c['tags'] and 'lookalike:id' not in c['tags']:
            pass
    ents = {x['text'] for x in e.get('entities', [])}
    for r in e.get('relations', []):
        for t in (r['subject'], r['object']):
            if t not in ents: print('rel not entity', c['caseId'], t)
    if e['decision'][0] != 'continue' and ('template' in e):
        pass
with open('/work/blind3/holdout-2026-12-01c.jsonl', 'w', encoding='utf-8') as f:
    for c in cases:
        f.write(json.dumps(c, ensure_ascii=False) + '\n')
print(len(cases), 'cases;', sum('P0' in c['tags'] for c in cases), 'P0;', warn, 'warnings')
cnt = collections.Counter(t for c in cases for t in c['tags'])
fam = collections.Counter()
for c in cases:
    for t in set(c['tags']):
        fam[t.split(':')[0] if ':' in t and not t.startswith(('template', 'domain', 'risk')) else t] += 1
print(json.dumps(cnt.most_common(), ensure_ascii=False))
print(collections.Counter(c['sourceType'] for c in cases), collections.Counter(c['domainSlice'] for c in cases))
