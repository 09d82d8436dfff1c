"""Helpers for the hand-written hd5 holdout. Every case is written by hand in cases_*.py."""
import datetime as _dt

REF = "2026-12-01T15:30:00+08:00"
_R = _dt.date(2026, 12, 1)

def day(d):
    return f"{d.isoformat()}T00:00:00+08:00"

def rng(a, b):
    return f"{day(a)}/{day(b)}"

D = _dt.date
TD = _dt.timedelta
TODAY = rng(_R, _R + TD(1))
YDAY = rng(_R - TD(1), _R)
QIANTIAN = rng(_R - TD(2), _R - TD(1))
TOMORROW = rng(_R + TD(1), _R + TD(2))
HOUTIAN = rng(_R + TD(2), _R + TD(3))
_MON = _R - TD(_R.weekday())
THIS_WEEK = rng(_MON, _MON + TD(7))
LAST_WEEK = rng(_MON - TD(7), _MON)
NEXT_WEEK = rng(_MON + TD(7), _MON + TD(14))
THIS_MONTH = rng(D(2026, 12, 1), D(2027, 1, 1))
LAST_MONTH = rng(D(2026, 11, 1), D(2026, 12, 1))
NEXT_MONTH = rng(D(2027, 1, 1), D(2027, 2, 1))
THIS_Q = rng(D(2026, 10, 1), D(2027, 1, 1))
LAST_Q = rng(D(2026, 7, 1), D(2026, 10, 1))
NEXT_Q = rng(D(2027, 1, 1), D(2027, 4, 1))
THIS_YEAR = rng(D(2026, 1, 1), D(2027, 1, 1))
LAST_YEAR = rng(D(2025, 1, 1), D(2026, 1, 1))
def lastn(n):
    return rng(_R - TD(n - 1), _R + TD(1))
def on(m, d_, y=2026):
    x = D(y, m, d_)
    return rng(x, x + TD(1))
def month(m, y=2026):
    a = D(y, m, 1)
    b = D(y + (m == 12), m % 12 + 1, 1)
    return rng(a, b)
def part(d_, h1, h2):
    a = f"{d_.isoformat()}T{h1:02d}:00:00+08:00"
    b = (f"{(d_ + TD(1)).isoformat()}T00:00:00+08:00" if h2 == 24 else f"{d_.isoformat()}T{h2:02d}:00:00+08:00")
    return f"{a}/{b}"
TOMORROW_AM = part(_R + TD(1), 6, 12)
YDAY_PM = part(_R - TD(1), 12, 18)
TONIGHT = part(_R, 18, 24)
TODAY_AM = part(_R, 6, 12)
LAST_FRI = rng(_MON - TD(3), _MON - TD(2))

RESOLVED = {k: v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str) and "/" in v}

C, Q, U = "continue", "clarify", "use_original"
_OMIT = object()
CASES = []

def k(src, sl, raw, dec, tpl=_OMIT, dom=_OMIT, keep=None, no=None, ents=None, rs=None,
      rel=None, coref=None, fr=None, ps=None, corr=None, ctx=None, tags="", note=None,
      canon=None, alt=None, conf=None, salt=None):
    e = {"decision": list(dec) if isinstance(dec, (list, tuple)) else [dec]}
    if rs:
        e["clarifyReason"] = list(rs)
    if tpl is not _OMIT:
        e["template"] = tpl
    if dom is not _OMIT:
        e["domain"] = dom
    if canon:
        e["canonicalText"] = canon
    if alt:
        e["allowedAlternatives"] = alt
    if keep:
        e["mustKeep"] = list(keep)
    if no:
        e["mustNotContain"] = list(no)
    if ps:
        e["protectedSpans"] = [{"text": t, "kind": kd} for t, kd in ps]
    if ents:
        out = []
        for x in ents:
            d_ = {"type": x[0], "text": x[1]}
            if len(x) > 2 and x[2]:
                d_["canonicalValue"] = x[2]
            out.append(d_)
        e["entities"] = out
    if corr:
        e["corrections"] = [{"from": a, "to": b} for a, b in corr]
    if rel:
        out = []
        for x in rel:
            d_ = {"subject": x[0], "predicate": x[1], "object": x[2]}
            if len(x) > 3:
                d_["negated"] = x[3]
            out.append(d_)
        e["relations"] = out
    if coref:
        e["coreferences"] = [{"mention": a, "antecedent": b} for a, b in coref]
    if fr:
        out = []
        for x in fr:
            d_ = {"actionClass": x[0]}
            if len(x) > 1 and x[1] is not None:
                d_["negated"] = x[1]
            if len(x) > 2 and x[2]:
                d_["arguments"] = [dict(zip(("role", "text", "comparator"), a)) for a in x[2]]
            out.append(d_)
        e["frames"] = out
    case = {"sourceType": src, "domainSlice": sl, "rawText": raw, "referenceTime": REF}
    if salt:
        case["sourceAlternatives"] = list(salt)
    if conf is not None:
        case["overallConfidence"] = conf
    if ctx is not None:
        case["boundedContext"] = [dict(zip(("canonicalId", "entityType", "domain", "displayName"), c_)) for c_ in ctx]
    t = tags.split()
    if t:
        case["tags"] = t
    if note:
        case["note"] = note
    case["expect"] = e
    CASES.append(case)
    return case

def V(x, c=None):  # vehicle entity
    return ("vehicle", x, c or x.upper())
def L(x):
    return ("locomotive", x, x)
def S(x):
    return ("station", x, x)
def T_(x):
    return ("task", x, x)
def W(x):
    return ("work_order", x, x)
def TR(text, v):
    return ("time_range", text, v)
