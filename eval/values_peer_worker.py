"""The peers of `eval/values_peers.py`, run in their own environment (they are no dependency of
nlu): this file imports nothing of nlu, only the standard library and the peers themselves.

    /tmp/peers-venv/bin/python eval/values_peer_worker.py          # JSON lines in, JSON lines out

Each input line is one case, ``{"peer": "cn2an", "kind": "quantity", "text": ..., "start": 3,
"end": 8, "referenceTime": "2026-12-07T10:00:00+08:00"}``; each output line is the answer to it,
in order: ``{"values": [[start, end, family, canonical], ...]}`` (what the peer reads in the
phrase), ``{"values": null}`` when the case is not of a kind the peer reads, or ``{"error":
"..."}`` when the peer cannot be imported. ``--versions`` prints the peers' versions.

The peers are handed the expected phrase itself (they get the span for free), so their figures
are an upper bound of what they would read in running text:

* ``cn2an``  -- ``cn2an.cn2an(phrase, "smart")`` on number and number-guard cases,
  ``cn2an.transform(phrase, "cn2an")`` split into number and unit on quantity cases;
* ``jionlp`` -- ``jionlp.parse_money(phrase)`` on amount cases, ``jionlp.parse_time(phrase,
  time_base=reference)`` on time cases (its inclusive end second made half-open: +1 s);
* ``wetext`` -- WeTextProcessing's ``itn.chinese.inverse_normalizer.InverseNormalizer``
  (inverse text normalisation: 二百点四五公里 -> 200.45km) on number, quantity and amount
  cases: the leading number of its output, the currency sign or word after or before it
  (¥ / 元 / 块 -> CNY, $ USD, € EUR, £ GBP, ￥/円 JPY, 美元 …), and on quantity cases the unit
  as written in the phrase when its output has one (it rewrites 公里 as km: the judge compares
  surface units, and this peer is not marked down for its spelling).
"""
from __future__ import annotations

import json
import re
import sys
import unicodedata
from datetime import datetime, timedelta

_LEADING_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _num(x) -> str:  # noqa: ANN001
    s = format(float(x), "f").rstrip("0").rstrip(".") if "." in str(x) or isinstance(x, float) else str(x)
    return s or "0"


def _family(kind: str) -> str:
    if kind.startswith("time"):
        return "time"
    if kind.startswith("amount"):
        return "amount"
    return "quantity"


# what JioNLP and WeTextProcessing write for a currency, before or after the number -> ISO 4217
_CURRENCY = {"¥": "CNY", "元": "CNY", "块": "CNY", "块钱": "CNY", "人民币": "CNY", "$": "USD", "美元": "USD",
             "€": "EUR", "欧元": "EUR", "£": "GBP", "英镑": "GBP", "日元": "JPY", "港币": "HKD", "港元": "HKD",
             "韩元": "KRW"}


def cn2an_values(case: dict):
    import cn2an

    kind, phrase, s, e = case["kind"], case["text"][case["start"]:case["end"]], case["start"], case["end"]
    if kind in ("number", "number_guard"):
        try:
            v = cn2an.cn2an(phrase, "smart")
        except Exception:  # noqa: BLE001 -- the peer signals "not a number" by raising
            return []
        return [[s, e, "quantity", _num(v)]]
    if kind == "quantity":
        try:
            out = cn2an.transform(phrase, "cn2an")
        except Exception:  # noqa: BLE001
            return []
        m = _LEADING_NUMBER.match(out)
        if not m:
            return []
        unit = out[m.end():].strip()
        return [[s, e, "quantity", f"{_num(m.group())} {unit}" if unit else _num(m.group())]]
    return None  # not this peer's kind


def jionlp_values(case: dict):
    import jionlp

    kind, phrase, s, e = case["kind"], case["text"][case["start"]:case["end"]], case["start"], case["end"]
    family = _family(kind)
    if family == "amount":
        try:
            r = jionlp.parse_money(phrase)
        except Exception:  # noqa: BLE001
            return []
        if not r or r.get("num") is None or isinstance(r.get("num"), list):
            return []  # (a list: a range of amounts, no one value)
        cur = _CURRENCY.get(r.get("case"), r.get("case"))  # its currency names -> ISO 4217 (元 -> CNY)
        return [[s, e, "amount", f"{_num(r['num'])} {cur}"]]
    if family == "time":
        ref = datetime.fromisoformat(case["referenceTime"])
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
        canon = iso(a) if kind == "time" else f"{iso(a)}/{iso(b)}"
        return [[s, e, "time", canon]]
    return None


_ITN = None
# its output keeps 万 / 亿 as words after Arabic figures (1234万, 4亿5642万15) and 负 as written
_WETEXT_NUMBER = re.compile(r"(?P<neg>负|負|-)?(?P<body>(?:\d+(?:,\d{3})*(?:\.\d+)?(?:万亿|亿|万))*(?:\d+(?:,\d{3})*(?:\.\d+)?)?)"
                            r"(?:/(?P<den>\d+))?")
_TRAD_MULT = str.maketrans("萬億", "万亿")
_CN_NUMERAL = re.compile("[零〇一二两三四五六七八九十百千壹贰叁肆伍陆柒捌玖拾佰仟兩倆貳參陸廿卅卌]")
_WETEXT_MULT = {"万亿": 10 ** 12, "亿": 10 ** 8, "万": 10 ** 4}


def _wetext_number(m: re.Match) -> str:
    """The value of its output's number, its own notation read as it means it (1234万 = 12340000)."""
    from decimal import Decimal

    total, rest = Decimal(0), m.group("body")
    for part in re.finditer(r"(\d+(?:,\d{3})*(?:\.\d+)?)(万亿|亿|万)", rest):
        total += Decimal(part.group(1).replace(",", "")) * _WETEXT_MULT[part.group(2)]
    tail = re.sub(r"\d+(?:,\d{3})*(?:\.\d+)?(?:万亿|亿|万)", "", rest)
    if tail:
        total += Decimal(tail.replace(",", ""))
    if m.group("den"):  # 1/5: its fraction notation
        den = Decimal(m.group("den"))
        if den == 0:
            return "0"
        total = total / den
    if m.group("neg"):
        total = -total
    return "0" if total == 0 else format(total.normalize(), "f")


def wetext_values(case: dict):
    global _ITN
    kind, phrase, s, e = case["kind"], case["text"][case["start"]:case["end"]], case["start"], case["end"]
    family = _family(kind)
    if family == "time":
        return None  # its output for dates is text (2026年3月5日), not a resolved time
    if _ITN is None:
        import logging

        logging.disable(logging.INFO)  # it logs every FST it loads
        from itn.chinese.inverse_normalizer import InverseNormalizer

        _ITN = InverseNormalizer()
    try:
        out = unicodedata.normalize("NFKC", _ITN.normalize(phrase)).translate(_TRAD_MULT)  # (２．２, 四千萬)
    except Exception:  # noqa: BLE001
        return []
    m = next((x for x in _WETEXT_NUMBER.finditer(out) if x.group("body")), None)
    if m is None or _CN_NUMERAL.search(out):
        return []  # no number, or a part left unconverted (5万4千6百): not scored as its reading
    value = _wetext_number(m)
    before, after = out[:m.start()].strip(), out[m.end():].strip()
    if family == "amount":
        cur = None
        for w in sorted(_CURRENCY, key=len, reverse=True):
            if after.startswith(w) or before.endswith(w):
                cur = _CURRENCY[w]
                break
        if cur is None:
            return []
        return [[s, e, "amount", f"{value} {cur}"]]
    if kind in ("number", "number_guard"):
        return [[s, e, "quantity", value]]
    # quantity: the unit as the phrase writes it (the part after its last numeral character)
    if not after:
        return [[s, e, "quantity", value]]
    tail = re.search(r"[^0-9零〇一二两三四五六七八九十百千万亿点.壹贰叁肆伍陆柒捌玖拾佰仟萬億點兩廿卅卌 ]+$",
                     unicodedata.normalize("NFKC", phrase))
    unit = tail.group() if tail else after
    if after.startswith(("%", "‰")) or phrase.startswith("百分之"):
        unit = after[0] if after[:1] in ("%", "‰") else "%"
    return [[s, e, "quantity", f"{value} {unit}"]]


PEERS = {"cn2an": (cn2an_values, "cn2an"), "jionlp": (jionlp_values, "jionlp"), "wetext": (wetext_values, "itn")}
_DIST = {"cn2an": "cn2an", "jionlp": "jionlp", "wetext": "WeTextProcessing"}


def main() -> int:
    if "--versions" in sys.argv:
        from importlib.metadata import PackageNotFoundError, version

        out = {}
        for name, dist in _DIST.items():
            try:
                out[name] = version(dist)
            except PackageNotFoundError:
                out[name] = None
        print(json.dumps(out))
        return 0
    import contextlib

    answer = sys.stdout  # the peers print banners and logs: only the answers go here
    broken: dict[str, str] = {}
    for line in sys.stdin:
        case = json.loads(line)
        name = case["peer"]
        fn, module = PEERS[name]
        with contextlib.redirect_stdout(sys.stderr):
            if name not in broken:
                try:
                    __import__(module)
                except ImportError as exc:
                    broken[name] = str(exc)
            if name in broken:
                reply = {"error": broken[name]}
            else:
                try:
                    reply = {"values": fn(case)}
                except Exception as exc:  # noqa: BLE001 -- a peer that fails on a case reads nothing there
                    print(f"{name} failed on {case['text']!r}: {exc!r}", file=sys.stderr)
                    reply = {"values": []}
        answer.write(json.dumps(reply, ensure_ascii=False) + "\n")
        answer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
