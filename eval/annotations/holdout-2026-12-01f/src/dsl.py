"""Tiny helpers to write gold cases by hand. Every case is still written individually
in cases_*.py; this file only turns the shorthand into legacy-nlu-goldcase.v1 objects."""
import re

REF = "2026-12-01T21:30:00+08:00"
CASES = []

# Relative times resolved against 2026-12-01 (Tuesday) 21:30 Asia/Shanghai (ontology table).
def _d(y, m, d, h=0):
    return f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:00:00+08:00"

TR = {
    "今天": (_d(2026, 12, 1), _d(2026, 12, 2)),
    "昨天": (_d(2026, 11, 30), _d(2026, 12, 1)),
    "前天": (_d(2026, 11, 29), _d(2026, 11, 30)),
    "明天": (_d(2026, 12, 2), _d(2026, 12, 3)),
    "后天": (_d(2026, 12, 3), _d(2026, 12, 4)),
    "明早": (_d(2026, 12, 2, 6), _d(2026, 12, 2, 12)),
    "明天上午": (_d(2026, 12, 2, 6), _d(2026, 12, 2, 12)),
    "明天下午": (_d(2026, 12, 2, 12), _d(2026, 12, 2, 18)),
    "昨天下午": (_d(2026, 11, 30, 12), _d(2026, 11, 30, 18)),
    "昨天晚上": (_d(2026, 11, 30, 18), _d(2026, 12, 1)),
    "昨晚": (_d(2026, 11, 30, 18), _d(2026, 12, 1)),
    "今天上午": (_d(2026, 12, 1, 6), _d(2026, 12, 1, 12)),
    "今天下午": (_d(2026, 12, 1, 12), _d(2026, 12, 1, 18)),
    "今天早上": (_d(2026, 12, 1, 6), _d(2026, 12, 1, 12)),
    "今晚": (_d(2026, 12, 1, 18), _d(2026, 12, 2)),
    "今天晚上": (_d(2026, 12, 1, 18), _d(2026, 12, 2)),
    "本周": (_d(2026, 11, 30), _d(2026, 12, 7)),
    "这周": (_d(2026, 11, 30), _d(2026, 12, 7)),
    "上周": (_d(2026, 11, 23), _d(2026, 11, 30)),
    "下周": (_d(2026, 12, 7), _d(2026, 12, 14)),
    "本月": (_d(2026, 12, 1), _d(2027, 1, 1)),
    "这个月": (_d(2026, 12, 1), _d(2027, 1, 1)),
    "上月": (_d(2026, 11, 1), _d(2026, 12, 1)),
    "上个月": (_d(2026, 11, 1), _d(2026, 12, 1)),
    "下月": (_d(2027, 1, 1), _d(2027, 2, 1)),
    "下个月": (_d(2027, 1, 1), _d(2027, 2, 1)),
    "本季度": (_d(2026, 10, 1), _d(2027, 1, 1)),
    "上季度": (_d(2026, 7, 1), _d(2026, 10, 1)),
    "下季度": (_d(2027, 1, 1), _d(2027, 4, 1)),
    "今年": (_d(2026, 1, 1), _d(2027, 1, 1)),
    "全年": (_d(2026, 1, 1), _d(2027, 1, 1)),
    "去年": (_d(2025, 1, 1), _d(2026, 1, 1)),
    "明年": (_d(2027, 1, 1), _d(2028, 1, 1)),
    "最近7天": (_d(2026, 11, 25), _d(2026, 12, 2)),
    "近7天": (_d(2026, 11, 25), _d(2026, 12, 2)),
    "最近三天": (_d(2026, 11, 29), _d(2026, 12, 2)),
    "近三天": (_d(2026, 11, 29), _d(2026, 12, 2)),
    "过去30天": (_d(2026, 11, 2), _d(2026, 12, 2)),
    "最近十天": (_d(2026, 11, 22), _d(2026, 12, 2)),
    "3月5日": (_d(2026, 3, 5), _d(2026, 3, 6)),
    "11月20号": (_d(2026, 11, 20), _d(2026, 11, 21)),
    "11月28日": (_d(2026, 11, 28), _d(2026, 11, 29)),
    "12月3号": (_d(2026, 12, 3), _d(2026, 12, 4)),
    "12月5日": (_d(2026, 12, 5), _d(2026, 12, 6)),
    "2026年11月": (_d(2026, 11, 1), _d(2026, 12, 1)),
    "2026年10月": (_d(2026, 10, 1), _d(2026, 11, 1)),
    "2025年": (_d(2025, 1, 1), _d(2026, 1, 1)),
}


def T(text, key=None):
    """time_range entity with the ontology canonical value."""
    s, e = TR[key or text]
    return {"type": "time_range", "text": text, "canonicalValue": f"{s}/{e}"}


def TP(text, iso):
    return {"type": "time", "text": text, "canonicalValue": iso}


ID_PATTERNS = [
    ("vehicle", r"AGV-\d{2,3}"),
    ("locomotive", r"(HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)-\d{4}"),
    ("task", r"T-\d{10}"),
    ("work_order", r"WO-\d{8}"),
    ("station", r"ST-\d{2,3}"),
]


def I(text, canon=None):
    """identifier entity; type from the ontology pattern, canonicalValue = upper-cased id."""
    c = canon or text.upper()
    for t, p in ID_PATTERNS:
        if re.fullmatch(p, c):
            return {"type": t, "text": text, "canonicalValue": c}
    raise ValueError("not an identifier: " + text)


def Q(text, canon):
    return {"type": "quantity", "text": text, "canonicalValue": canon}


def A(text, canon):
    return {"type": "amount", "text": text, "canonicalValue": canon}


def ML(text):
    return {"type": "maintenance_level", "text": text}


def P(text):
    return {"type": "person", "text": text}


def LOC(text):
    return {"type": "location", "text": text}


def ORG(text):
    return {"type": "organization", "text": text}


def R(s, p, o, neg=None):
    r = {"subject": s, "predicate": p, "object": o}
    if neg is not None:
        r["negated"] = neg
    return r


def F(ac, neg=None, *args):
    f = {"actionClass": ac}
    if neg is not None:
        f["negated"] = neg
    if args:
        f["arguments"] = [dict(zip(("role", "text", "comparator"), a)) for a in args]
    return f


def PS(text, kind):
    return {"text": text, "kind": kind}


_UNSET = object()


def case(text, dec, sl, src="typed", tags=(), note=None, alts=None, ctx=None, conf=None,
         reason=None, tpl=_UNSET, dom=_UNSET, keep=None, nots=None, ents=None, rels=None,
         corefs=None, frames=None, corr=None, pspans=None, canon=None, altcanon=None):
    if isinstance(dec, str):
        dec = [dec]
    exp = {"decision": list(dec)}
    if reason:
        exp["clarifyReason"] = list(reason) if not isinstance(reason, str) else [reason]
    if tpl is not _UNSET:
        exp["template"] = tpl
    if dom is not _UNSET:
        exp["domain"] = dom
    if canon:
        exp["canonicalText"] = canon
    if altcanon:
        exp["allowedAlternatives"] = altcanon
    if keep:
        exp["mustKeep"] = list(keep)
    if nots:
        exp["mustNotContain"] = list(nots)
    if pspans:
        exp["protectedSpans"] = pspans
    if ents:
        exp["entities"] = ents
    if corr:
        exp["corrections"] = [{"from": a, "to": b} for a, b in corr]
    if rels:
        exp["relations"] = rels
    if corefs:
        exp["coreferences"] = [{"mention": a, "antecedent": b} for a, b in corefs]
    if frames:
        exp["frames"] = frames
    c = {"caseId": None, "sourceType": src, "domainSlice": sl, "rawText": text,
         "referenceTime": REF}
    if alts:
        c["sourceAlternatives"] = alts
    if conf is not None:
        c["overallConfidence"] = conf
    if ctx:
        c["boundedContext"] = ctx
    c["tags"] = list(tags)
    if note:
        c["note"] = note
    c["expect"] = exp
    CASES.append(c)
    return c


def ctxe(cid, et, dom, name=None):
    d = {"canonicalId": cid, "entityType": et, "domain": dom}
    if name:
        d["displayName"] = name
    return d
