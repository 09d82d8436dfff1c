"""Helpers for hand-written gold cases (legacy-nlu-goldcase.v1).

Every case is written by hand as a call to C(...). The helpers only expand
shorthands (decision codes, identifier canonical values, named time ranges).
"""
import re
import unicodedata

REF = "2026-09-16T10:00:00+08:00"  # Wednesday, ISO week 2026-W38

U = object()  # "unset": the field is left out (not scored)

CASES = []

ID_PATTERNS = {
    "vehicle": r"AGV-\d{2,3}",
    "locomotive": r"(HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)-\d{4}",
    "task": r"T-\d{10}",
    "work_order": r"WO-\d{8}",
    "station": r"ST-\d{2,3}",
}

ZW = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")


def clean(s):
    return ZW.sub("", unicodedata.normalize("NFKC", s))


def canon_id(typ, text):
    v = re.sub(r"\s+", "", clean(text)).upper()
    if re.fullmatch(ID_PATTERNS[typ], v):
        return v
    return None


def day(y, m, d):
    return f"{y:04d}-{m:02d}-{d:02d}T00:00:00+08:00"


def rng(a, b):
    return f"{a}/{b}"


def hh(y, m, d, h):
    return f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:00:00+08:00"


TR = {
    "今天": rng(day(2026, 9, 16), day(2026, 9, 17)),
    "昨天": rng(day(2026, 9, 15), day(2026, 9, 16)),
    "前天": rng(day(2026, 9, 14), day(2026, 9, 15)),
    "明天": rng(day(2026, 9, 17), day(2026, 9, 18)),
    "后天": rng(day(2026, 9, 18), day(2026, 9, 19)),
    "本周": rng(day(2026, 9, 14), day(2026, 9, 21)),
    "上周": rng(day(2026, 9, 7), day(2026, 9, 14)),
    "下周": rng(day(2026, 9, 21), day(2026, 9, 28)),
    "本月": rng(day(2026, 9, 1), day(2026, 10, 1)),
    "上月": rng(day(2026, 8, 1), day(2026, 9, 1)),
    "下月": rng(day(2026, 10, 1), day(2026, 11, 1)),
    "本季度": rng(day(2026, 7, 1), day(2026, 10, 1)),
    "上季度": rng(day(2026, 4, 1), day(2026, 7, 1)),
    "下季度": rng(day(2026, 10, 1), day(2027, 1, 1)),
    "今年": rng(day(2026, 1, 1), day(2027, 1, 1)),
    "去年": rng(day(2025, 1, 1), day(2026, 1, 1)),
    "明年": rng(day(2027, 1, 1), day(2028, 1, 1)),
    "近7天": rng(day(2026, 9, 10), day(2026, 9, 17)),
    "近3天": rng(day(2026, 9, 14), day(2026, 9, 17)),
    "近30天": rng(day(2026, 8, 18), day(2026, 9, 17)),
    "明早": rng(hh(2026, 9, 17, 6), hh(2026, 9, 17, 12)),
    "昨天下午": rng(hh(2026, 9, 15, 12), hh(2026, 9, 15, 18)),
    "今晚": rng(hh(2026, 9, 16, 18), day(2026, 9, 17)),
    "今天上午": rng(hh(2026, 9, 16, 6), hh(2026, 9, 16, 12)),
    "明天下午": rng(hh(2026, 9, 17, 12), hh(2026, 9, 17, 18)),
}
TR["全年"] = TR["今年"]
TR["这个月"] = TR["本月"]
TR["上个月"] = TR["上月"]
TR["下个月"] = TR["下月"]
TR["这周"] = TR["本周"]

DEC = {
    "c": ["continue"],
    "q": ["clarify"],
    "u": ["use_original"],
    "cq": ["continue", "clarify"],
    "qc": ["clarify", "continue"],
    "cu": ["continue", "use_original"],
    "qu": ["clarify", "use_original"],
    "uc": ["use_original", "continue"],
}

ID_TYPES = set(ID_PATTERNS)


def E(typ, text, cv=U):
    """Entity. Identifiers get their normalized canonicalValue automatically when
    the text matches the ontology pattern; look-alikes get none. Times use TR."""
    e = {"type": typ, "text": text}
    if cv is not U:
        if cv is not None:
            e["canonicalValue"] = cv
        return e
    if typ in ID_TYPES:
        v = canon_id(typ, text)
        if v:
            e["canonicalValue"] = v
    elif typ == "time_range" and clean(text) in TR:
        e["canonicalValue"] = TR[clean(text)]
    return e


def T(text, key=None):
    """time_range entity from the named table."""
    return {"type": "time_range", "text": text, "canonicalValue": TR[key or text]}


def _ent(x):
    if isinstance(x, dict):
        return x
    return E(*x)


AGV_CUE = re.compile(r"AGV|ST-|T-\d|小车|搬运|站点", re.I)
RAIL_CUE = re.compile(r"HXD|HXN|DF\d|SS\d|WO-|机车|检修|工单|修程|车间|辅修|大修|中修|小修|级修")


def infer_slice(raw, ctx):
    """Slice only (reporting), from my reading of the text's identifiers and domain words."""
    t = clean(raw)
    a, r = bool(AGV_CUE.search(t)), bool(RAIL_CUE.search(t))
    if ctx is not U and ctx:
        doms = {b.get("domain") for b in ctx}
        a = a or "agv" in doms and not r
        r = r or "rail" in doms and not a
    if a and r:
        return "cross"
    return "agv" if a else "rail" if r else "none"


def C(raw, dec, t=U, d=U, *, src="typed", sl=None, why=U, keep=(), notc=(),
      ents=U, rels=U, frames=U, spans=U, corr=U, coref=U, ctx=U, alts=U,
      conf=U, canon=U, allowed=U, tags=(), note=U):
    exp = {"decision": DEC[dec] if isinstance(dec, str) else list(dec)}
    if why is not U:
        exp["clarifyReason"] = [why] if isinstance(why, str) else list(why)
    if t is not U:
        exp["template"] = t
    if d is not U:
        exp["domain"] = d
    if canon is not U:
        exp["canonicalText"] = canon
    if allowed is not U:
        exp["allowedAlternatives"] = list(allowed)
    if keep:
        exp["mustKeep"] = list(keep)
    if notc:
        exp["mustNotContain"] = list(notc)
    if spans is not U:
        exp["protectedSpans"] = [{"text": a, "kind": b} for a, b in spans]
    if ents is not U:
        exp["entities"] = [_ent(x) for x in ents]
    if corr is not U:
        exp["corrections"] = [{"from": a, "to": b} for a, b in corr]
    if rels is not U:
        out = []
        for r in rels:
            o = {"subject": r[0], "predicate": r[1], "object": r[2]}
            if len(r) > 3:
                o["negated"] = r[3]
            out.append(o)
        exp["relations"] = out
    if coref is not U:
        exp["coreferences"] = [{"mention": a, "antecedent": b} for a, b in coref]
    if frames is not U:
        fr = []
        for f in frames:
            o = {"actionClass": f[0]}
            if len(f) > 1 and f[1] is not None:
                o["negated"] = f[1]
            if len(f) > 2:
                args = []
                for a in f[2]:
                    aa = {"role": a[0], "text": a[1]}
                    if len(a) > 2:
                        aa["comparator"] = a[2]
                    args.append(aa)
                o["arguments"] = args
            fr.append(o)
        exp["frames"] = fr
    if sl is None:
        if d in ("agv", "rail"):
            sl = d
        elif set(tags) & {"general_question", "chitchat", "cue_inside_word", "no_domain"}:
            sl = "none"
        else:
            sl = infer_slice(raw, ctx)
    # a case that may continue and whose text belongs to one domain only
    # (identifier pattern or domain word) states that domain
    if d is U and sl in ("agv", "rail") and "continue" in exp["decision"]:
        exp["domain"] = sl
    case = {"sourceType": src, "domainSlice": sl, "rawText": raw,
            "referenceTime": REF, "expect": exp, "tags": list(tags)}
    if ctx is not U:
        case["boundedContext"] = ctx
    if alts is not U:
        case["sourceAlternatives"] = list(alts)
    if conf is not U:
        case["overallConfidence"] = conf
    if note is not U:
        case["note"] = note
    CASES.append(case)
    return case
