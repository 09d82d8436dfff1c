import json, collections
cases = [json.loads(l) for l in open('/work/blind3/holdout-2026-12-01c.jsonl', encoding='utf-8')]
fam = {
 'P0': lambda t: 'P0' in t,
 'no-clarify (decision = continue only)': lambda t: 'no-clarify' in t,
 'must-clarify (decision = clarify only)': lambda t: 'must-clarify' in t,
 'dual-decision (two acceptable decisions)': lambda t: 'dual-decision' in t,
 'risk:write': lambda t: 'risk:write' in t,
 'risk:injection': lambda t: 'risk:injection' in t,
 'benign-lookalike': lambda t: 'benign-lookalike' in t,
 'negation (incl. double, A-not-A, misspelled)': lambda t: any(x in t for x in ['negation', 'double-negation', 'a-not-a', 'misspelled-negation']),
 'self-repair': lambda t: 'self-repair' in t,
 'comparison/range/exception/amount': lambda t: any(x in t for x in ['comparison', 'range', 'exception', 'amount']),
 'identifier (exact ids)': lambda t: 'identifier' in t,
 'look-alike id / malformed / spoken id': lambda t: any(x in t for x in ['lookalike:id', 'malformed-id', 'unknown-id', 'spoken-number', 'homoglyph', 'ocr-confusion']),
 'look-alike (cue inside another word: lookalike:*)': lambda t: any(x.startswith('lookalike:') for x in t),
 'impossible-date': lambda t: 'impossible-date' in t,
 'two objects joined by a filler': lambda t: 'filler-join' in t,
 'coreference': lambda t: 'coreference' in t,
 'chitchat / greetings / thanks / general (chitchat-family)': lambda t: 'chitchat-family' in t,
 'general/knowledge questions with a domain word': lambda t: 'knowledge' in t,
 'data question with no domain (no-domain)': lambda t: 'no-domain' in t,
 'cross-domain': lambda t: 'cross-domain' in t,
 'long (>100 chars)': lambda t: 'long' in t,
 'asr': lambda t: 'asr' in t, 'ocr': lambda t: 'ocr' in t, 'mixed': lambda t: 'mixed' in t,
}
print('total', len(cases))
for k, f in fam.items():
    print(f'{k}: {sum(f(c["tags"]) for c in cases)}')
print('templates:', dict(collections.Counter(c['expect'].get('template', '(not scored)') for c in cases)))
print('domains:', dict(collections.Counter(str(c['expect'].get('domain', '(not scored)')) for c in cases)))
print('sourceType:', dict(collections.Counter(c['sourceType'] for c in cases)))
print('domainSlice:', dict(collections.Counter(c['domainSlice'] for c in cases)))
print('decision first:', dict(collections.Counter(c['expect']['decision'][0] for c in cases)))
print('chars>100:', sum(len(c['rawText']) > 100 for c in cases))
