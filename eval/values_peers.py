"""nlu and its peers on the public value cases (`shared/external/values/`), judged alike.

    python eval/values_peers.py [--only nlu] [--json out.json] [--list-wrong]
    python eval/values_peers.py --property 20000   # whole-or-unresolved partial reads (must be 0)

Prints right / wrong / missing per case kind for:

* ``nlu``    -- ``nlu.understand(text, source="typed", reference_time=...)``, every entity;
* ``cn2an``  -- ``cn2an.cn2an(phrase, "smart")`` on number and number-guard cases, and
  ``cn2an.transform(phrase, "cn2an")`` split into number and unit on quantity cases;
* ``jionlp`` -- ``jionlp.parse_money(phrase)`` on amount cases and ``jionlp.parse_time(phrase,
  time_base=reference)`` on time cases (its inclusive end second made half-open: +1 s).

The peers are handed the expected phrase itself (they get the span for free), so their
figures are an upper bound of what they would read in running text. Neither peer is a
dependency of nlu: install them into a scratch environment (``pip install cn2an jionlp``);
a peer that cannot be imported is reported as such and skipped.
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nlu.evaluation.value_cases import FAMILY, Found, find_external_values, judge, load_cases, nlu_values, tally  # noqa: E402

log = logging.getLogger("eval.values_peers")
_LEADING_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _num(x) -> str:  # noqa: ANN001
    s = format(float(x), "f").rstrip("0").rstrip(".") if "." in str(x) or isinstance(x, float) else str(x)
    return s or "0"


def cn2an_values(case):  # noqa: ANN001, ANN201
    import cn2an

    phrase = case.text[case.start:case.end]
    if case.kind in ("number", "number_guard"):
        try:
            v = cn2an.cn2an(phrase, "smart")
        except Exception:  # noqa: BLE001 -- the peer signals "not a number" by raising
            return []
        return [Found(case.start, case.end, "quantity", _num(v))]
    if case.kind == "quantity":
        try:
            out = cn2an.transform(phrase, "cn2an")
        except Exception:  # noqa: BLE001
            return []
        m = _LEADING_NUMBER.match(out)
        if not m:
            return []
        unit = out[m.end():].strip()
        return [Found(case.start, case.end, "quantity", f"{_num(m.group())} {unit}" if unit else _num(m.group()))]
    return None  # not this peer's kind


def jionlp_values(case):  # noqa: ANN001, ANN201
    import jionlp

    phrase = case.text[case.start:case.end]
    family = FAMILY[case.kind]
    if family == "amount":
        try:
            r = jionlp.parse_money(phrase)
        except Exception:  # noqa: BLE001
            return []
        if not r or r.get("num") is None:
            return []
        cur = "CNY" if r.get("case") in ("元", "人民币") else r.get("case")
        return [Found(case.start, case.end, "amount", f"{_num(r['num'])} {cur}")]
    if family == "time":
        ref = datetime.fromisoformat(case.reference_time)
        try:
            r = jionlp.parse_time(phrase, time_base=ref.timestamp())
        except Exception:  # noqa: BLE001
            return []
        if not r or not r.get("time") or r.get("type") not in ("time_point", "time_span"):
            return []
        try:
            a = datetime.strptime(r["time"][0], "%Y-%m-%d %H:%M:%S")
            b = datetime.strptime(r["time"][1], "%Y-%m-%d %H:%M:%S") + timedelta(seconds=1)
        except (ValueError, TypeError):
            return []
        iso = lambda d: d.isoformat() + "+08:00"  # noqa: E731
        canon = iso(a) if case.kind == "time" else f"{iso(a)}/{iso(b)}"
        return [Found(case.start, case.end, "time", canon)]
    return None


PEERS = {"nlu": nlu_values, "cn2an": cn2an_values, "jionlp": jionlp_values}
_IMPORTS = {"cn2an": "cn2an", "jionlp": "jionlp"}


def main(argv=None) -> int:  # noqa: ANN001
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted(PEERS), action="append")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--list-wrong", action="store_true")
    ap.add_argument("--property", type=int, metavar="N",
                    help="instead: N generated cases of the whole-or-unresolved property (issue 27); prints the partial reads")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if a.property:
        from nlu.evaluation.value_property import generate, partial_read

        bad = [r for c in generate(a.property) if (r := partial_read(*c)) is not None]
        for r in bad[:20]:
            log.info("PARTIAL %s", r)
        print(f"property: {len(bad)} partial reads in {a.property} generated cases")
        return 1 if bad else 0
    folder = find_external_values()
    if folder is None:
        log.error("E1401 shared/external/values not found")
        return 2
    cases = load_cases(folder)
    report: dict[str, dict] = {}
    for name in a.only or list(PEERS):
        if name in _IMPORTS:
            try:
                __import__(_IMPORTS[name])
            except ImportError as exc:
                log.warning("peer %s cannot be imported (%s): skipped", name, exc)
                report[name] = {"unavailable": str(exc)}
                continue
        fn = PEERS[name]
        if name == "nlu":
            import nlu

            nlu.warm_up()  # the first call of a process may run out of budget while jieba loads
        verdicts = []
        for c in cases:
            vals = fn(c)
            if vals is None:
                continue
            v = judge(c, vals)
            verdicts.append((c, v))
            if a.list_wrong and v == "wrong":
                log.info("%s WRONG %s | %s | expected %s | got %s", name, c.key, c.text[c.start:c.end], c.expected,
                         [f.canonical for f in vals if f.start < c.end and c.start < f.end])
        t = tally(verdicts)
        report[name] = {k: dict(cnt) for k, cnt in sorted(t.items())}
        log.info("== %s", name)
        for k, cnt in sorted(t.items()):
            total = sum(cnt.values())
            log.info("  %-13s right %3d  wrong %3d  missing %3d  / %d", k, cnt["right"], cnt["wrong"], cnt["missing"], total)
    if a.json:
        a.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
