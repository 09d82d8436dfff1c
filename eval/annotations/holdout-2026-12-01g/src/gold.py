"""Tiny helpers for writing gold cases by hand.

Every case is written individually in cases_*.py with C(...). Nothing here generates
rawText; it only spells the JSON structure compactly.
"""
import re
import unicodedata

REF = "2026-12-02T09:15:00+08:00"  # Wednesday, Asia/Shanghai


def R(a, b):
    """half-open time range from two local datetimes 'YYYY-MM-DDTHH:MM'"""
    return f"{a}:00+08:00/{b}:00+08:00"


def P(a):
    return f"{a}:00+08:00"


# relative times resolved by hand against 2026-12-02 09:15 (Wed)
TODAY = R("2026-12-02T00:00", "2026-12-03T00:00")
YDAY = R("2026-12-01T00:00", "2026-12-02T00:00")
QIANTIAN = R("2026-11-30T00:00", "2026-12-01T00:00")
TMR = R("2026-12-03T00:00", "2026-12-04T00:00")
HOUTIAN = R("2026-12-04T00:00", "2026-12-05T00:00")
TODAY_AM = R("2026-12-02T06:00", "2026-12-02T12:00")
TODAY_PM = R("2026-12-02T12:00", "2026-12-02T18:00")
TONIGHT = R("2026-12-02T18:00", "2026-12-03T00:00")
YDAY_AM = R("2026-12-01T06:00", "2026-12-01T12:00")
YDAY_PM = R("2026-12-01T12:00", "2026-12-01T18:00")
YDAY_EVE = R("2026-12-01T18:00", "2026-12-02T00:00")
TMR_AM = R("2026-12-03T06:00", "2026-12-03T12:00")
TMR_PM = R("2026-12-03T12:00", "2026-12-03T18:00")
HOUTIAN_PM = R("2026-12-04T12:00", "2026-12-04T18:00")
QIANTIAN_PM = R("2026-11-30T12:00", "2026-11-30T18:00")
THIS_WEEK = R("2026-11-30T00:00", "2026-12-07T00:00")
LAST_WEEK = R("2026-11-23T00:00", "2026-11-30T00:00")
NEXT_WEEK = R("2026-12-07T00:00", "2026-12-14T00:00")
THIS_MONTH = R("2026-12-01T00:00", "2027-01-01T00:00")
LAST_MONTH = R("2026-11-01T00:00", "2026-12-01T00:00")
NEXT_MONTH = R("2027-01-01T00:00", "2027-02-01T00:00")
THIS_Q = R("2026-10-01T00:00", "2027-01-01T00:00")
LAST_Q = R("2026-07-01T00:00", "2026-10-01T00:00")
NEXT_Q = R("2027-01-01T00:00", "2027-04-01T00:00")
THIS_YEAR = R("2026-01-01T00:00", "2027-01-01T00:00")
LAST_YEAR = R("2025-01-01T00:00", "2026-01-01T00:00")
NEXT_YEAR = R("2027-01-01T00:00", "2028-01-01T00:00")
LAST3 = R("2026-11-30T00:00", "2026-12-03T00:00")   # 近3天
LAST7 = R("2026-11-26T00:00", "2026-12-03T00:00")   # 最近7天
LAST14 = R("2026-11-19T00:00", "2026-12-03T00:00")  # 最近14天
LAST30 = R("2026-11-03T00:00", "2026-12-03T00:00")  # 近30天


def DAY(m, d, y=2026):
    import datetime as dt
    a = dt.date(y, m, d)
    b = a + dt.timedelta(days=1)
    return R(a.isoformat() + "T00:00", b.isoformat() + "T00:00")


def MONTH(m, y=2026):
    ny, nm = (y + 1, 1) if m == 12 else (y, m + 1)
    return R(f"{y:04d}-{m:02d}-01T00:00", f"{ny:04d}-{nm:02d}-01T00:00")


ID_TYPES = {"vehicle", "locomotive", "task", "work_order", "station"}
DEC = {"c": "continue", "q": "clarify", "u": "use_original"}
WHY = {"T": "term", "E": "entity", "R": "coreference", "I": "intent",
       "M": "missing_slot", "P": "protected_change"}
U = object()  # "not stated"

CASES = []


def clean(s):
    s = unicodedata.normalize("NFKC", s)
    s = re.sub("[\u200b\u200c\u200d\u2060\ufeff\u00ad]", "", s)
    s = re.sub(r"\s+", " ", s)
    return s.strip()


def F(action, *args, neg=None):
    fr = {"actionClass": action}
    if neg is not None:
        fr["negated"] = neg
    if args:
        out = []
        for a in args:
            d = {"role": a[0], "text": a[1]}
            if len(a) > 2 and a[2]:
                d["comparator"] = a[2]
            out.append(d)
        fr["arguments"] = out
    return fr


def C(src, sl, raw, dec, t=U, d=U, k=(), n=(), e=(), r=(), co=(), f=(), why="",
      ps=(), corr=(), tags="", note=None, alts=None, ctx=None, conf=None, canon=None):
    exp = {"decision": [DEC[x] for x in dec]}
    if why:
        exp["clarifyReason"] = [WHY[x] for x in why]
    if t is not U:
        exp["template"] = t
    if d is not U:
        exp["domain"] = d
    if canon:
        exp["canonicalText"] = canon
    if k:
        exp["mustKeep"] = list(k)
    if n:
        exp["mustNotContain"] = list(n)
    if ps:
        exp["protectedSpans"] = [{"text": a, "kind": b} for a, b in ps]
    if e:
        ents = []
        for x in e:
            ent = {"type": x[0], "text": x[1]}
            if len(x) > 2 and x[2]:
                ent["canonicalValue"] = x[2]
            elif x[0] in ID_TYPES:
                ent["canonicalValue"] = clean(x[1]).upper()
            ents.append(ent)
        exp["entities"] = ents
    if corr:
        exp["corrections"] = [{"from": a, "to": b} for a, b in corr]
    if r:
        rels = []
        for x in r:
            rel = {"subject": x[0], "predicate": x[1], "object": x[2]}
            if len(x) > 3:
                rel["negated"] = x[3]
            rels.append(rel)
        exp["relations"] = rels
    if co:
        exp["coreferences"] = [{"mention": a, "antecedent": b} for a, b in co]
    if f:
        exp["frames"] = list(f)
    case = {"caseId": None, "sourceType": src, "domainSlice": sl, "rawText": raw,
            "referenceTime": REF}
    if alts:
        case["sourceAlternatives"] = list(alts)
    if conf is not None:
        case["overallConfidence"] = conf
    if ctx:
        case["boundedContext"] = [dict(zip(("canonicalId", "entityType", "domain"), c)) for c in ctx]
    case["expect"] = exp
    case["tags"] = tags.split() if tags else []
    if note:
        case["note"] = note
    CASES.append(case)
    return case
