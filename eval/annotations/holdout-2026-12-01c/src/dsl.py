# Small helpers to write gold cases by hand.
import json, unicodedata
REF = "2026-03-18T09:00:00+08:00"
OMIT = object()
CASES = []

def iso(y, m, d, h=0):
    return f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:00:00+08:00"
def rng(a, b):
    return f"{iso(*a)}/{iso(*b)}"

# relative ranges against 2026-03-18 (Wednesday, ISO week 12)
TODAY = rng((2026,3,18),(2026,3,19)); YDAY = rng((2026,3,17),(2026,3,18))
DBY = rng((2026,3,16),(2026,3,17)); TMR = rng((2026,3,19),(2026,3,20)); DAT = rng((2026,3,20),(2026,3,21))
THISWK = rng((2026,3,16),(2026,3,23)); LASTWK = rng((2026,3,9),(2026,3,16)); NEXTWK = rng((2026,3,23),(2026,3,30))
THISMO = rng((2026,3,1),(2026,4,1)); LASTMO = rng((2026,2,1),(2026,3,1)); NEXTMO = rng((2026,4,1),(2026,5,1))
THISQ = rng((2026,1,1),(2026,4,1)); LASTQ = rng((2025,10,1),(2026,1,1)); NEXTQ = rng((2026,4,1),(2026,7,1))
THISYR = rng((2026,1,1),(2027,1,1)); LASTYR = rng((2025,1,1),(2026,1,1))
LAST7 = rng((2026,3,12),(2026,3,19)); LAST3 = rng((2026,3,16),(2026,3,19)); LAST30 = rng((2026,2,17),(2026,3,19))
TMR_AM = rng((2026,3,19,6),(2026,3,19,12)); YDAY_PM = rng((2026,3,17,12),(2026,3,17,18))
TODAY_EVE = rng((2026,3,18,18),(2026,3,19,0))

def E(t, x, v=None):
    d = {"type": t, "text": x}
    if v is not None: d["canonicalValue"] = v
    return d
def V(x, v=None): return E("vehicle", x, v or x.upper())
def L(x, v=None): return E("locomotive", x, v or x)
def T(x, v=None): return E("task", x, v or x)
def W(x, v=None): return E("work_order", x, v or x)
def S(x, v=None): return E("station", x, v or x)
def TR(x, v): return E("time_range", x, v)
def TP(x, v): return E("time", x, v)
def Q(x, v): return E("quantity", x, v)
def A(x, v): return E("amount", x, v)
def ML(x): return E("maintenance_level", x)
def P(x): return E("person", x)
def rel(s, p, o, neg=None):
    d = {"subject": s, "predicate": p, "object": o}
    if neg is not None: d["negated"] = neg
    return d
def arg(role, text, cmp=None):
    d = {"role": role, "text": text}
    if cmp: d["comparator"] = cmp
    return d
def fr(ac, neg=None, *args):
    d = {"actionClass": ac}
    if neg is not None: d["negated"] = neg
    if args: d["arguments"] = list(args)
    return d
def sp(text, kind): return {"text": text, "kind": kind}
def ctx(cid, et, dom=None, name=None):
    d = {"canonicalId": cid, "entityType": et}
    if name: d["displayName"] = name
    if dom: d["domain"] = dom
    return d

def C(raw, dec, tags, src="typed", sl=None, tpl=OMIT, dm=OMIT, keep=None, nokeep=None, ents=None,
      rels=None, frames=None, why=None, coref=None, corr=None, spans=None, alts=None, conf=None,
      bctx=None, note=None, p0=False, canon=None):
    if isinstance(dec, str): dec = [dec]
    if sl is None:
        if dm is OMIT: raise ValueError("need slice: " + raw[:30])
        sl = dm if dm in ("agv", "rail") else "none"
    exp = {"decision": dec}
    if why: exp["clarifyReason"] = why
    if tpl is not OMIT: exp["template"] = tpl
    if dm is not OMIT: exp["domain"] = dm
    if canon: exp["canonicalText"] = canon
    if keep: exp["mustKeep"] = keep
    if nokeep: exp["mustNotContain"] = nokeep
    if spans: exp["protectedSpans"] = spans
    if ents: exp["entities"] = ents
    if corr: exp["corrections"] = corr
    if rels: exp["relations"] = rels
    if coref: exp["coreferences"] = [{"mention": m, "antecedent": a} for m, a in coref]
    if frames: exp["frames"] = frames
    tags = list(tags)
    if isinstance(tpl, str): tags.append("template:" + tpl)
    if dm is not OMIT: tags.append("domain:" + (dm or "null"))
    if dec == ["continue"]: tags.append("no-clarify")
    elif dec == ["clarify"]: tags.append("must-clarify")
    elif len(dec) > 1: tags.append("dual-decision")
    if src in ("asr", "ocr", "mixed") and src not in tags: tags.append(src)
    if p0: tags.append("P0")
    case = {"caseId": None, "sourceType": src, "domainSlice": sl, "rawText": raw, "referenceTime": REF}
    if alts: case["sourceAlternatives"] = alts
    if conf is not None: case["overallConfidence"] = conf
    if bctx: case["boundedContext"] = bctx
    case["tags"] = tags
    if note: case["note"] = note
    case["expect"] = exp
    CASES.append(case)
