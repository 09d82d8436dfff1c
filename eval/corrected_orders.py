"""Corrected orders (issue 26): a write, a correction word, then the corrected object.

Generates N cases from write shapes × correction words (listed in the pack and not) × layouts,
runs them through the pipeline and counts, under `continue`, the cases whose canonicalText
still names the abandoned object (must be 0), the cases served with only the corrected object,
and the cases asked (and how many of those already hold the repaired order in canonicalText). Seeded: the same N and seed give the same cases.

    python eval/corrected_orders.py [--n 600] [--seed 11] [--show 5]
"""
from __future__ import annotations

import argparse
import itertools
import random
import sys

WRITES = [
    ("取消 {x}", "T"), ("把 {x} 取消", "T"), ("撤销任务{x}", "T"), ("删除 {x}", "T"), ("帮我把 {x} 撤了", "T"),
    ("关闭工单 {x}", "WO"), ("把 {x} 关掉", "WO"), ("把工单 {x} 改成已完成", "WO"), ("审批通过 {x}", "WO"),
    ("把 {x} 派到 ST-06", "AGV"), ("让 {x} 去 ST-03", "AGV"), ("暂停 {x}", "AGV"), ("给 {x} 下发任务到 ST-12", "AGV"),
    ("给 AGV-08 派去 {x} 的任务", "ST"), ("把 AGV-21 调到 {x}", "ST"),
    # a protected fact that is no object (the time), and moves said with no verb (hd10, 2026-12-07c)
    ("AGV-18 明天早上{x}去 ST-04", "TIME"), ("明天早上{x}派 AGV-18 去 ST-04", "TIME"), ("让 AGV-07 今晚{x}出发去 ST-02", "TIME"),
    ("{x} 明天早上8点去 ST-05", "AGV"), ("{x} 去 ST-05", "AGV"), ("下发到{x} 给AGV-09", "ST"),
]
WORDS = ["打错了", "口误", "搞错了", "记错了", "应该是", "我的意思是", "抱歉", "sorry", "不对", "说错了",
         "我打错了", "写错了", "弄错了", "输错了", "更正", "纠正一下", "我是说", "哦不",
         # not in the pack: they must never let a write through
         "弄岔了", "搞混了", "写串了", "眼花了", "手滑了", "oops", "my bad", "串号了", "标错了", "拼错了"]
LAYOUTS = ["{w}，{y}", "（{w}，{y}）", "({w} {y})", "——{w} {y}", "…{w}，{y}", "……{w}，是{y}", "；{w}，{y}",
           " {w} {y}", "{w}{y}", "。{w}：{y}", "，{w}，是 {y}", " {w}，应该是 {y}"]


def key(kind: str, rnd: random.Random) -> str:
    if kind == "T":
        return f"T-2026{rnd.randint(100000, 999999)}"
    if kind == "WO":
        return f"WO-2026{rnd.randint(1000, 9999)}"
    if kind == "ST":
        return f"ST-{rnd.randint(10, 40)}"
    if kind == "TIME":
        return f"{rnd.choice((6, 7, 8, 9, 14, 15, 16, 19, 20))}点"
    if kind == "HXD":
        return f"HXD1-0{rnd.randint(100, 999)}"
    return f"AGV-{rnd.randint(10, 99)}"


def cases(n: int, seed: int) -> list[tuple[str, str, str, str]]:
    rnd = random.Random(seed)
    combos = list(itertools.product(WRITES, WORDS, LAYOUTS))
    rnd.shuffle(combos)
    out = []
    for (tpl, kind), word, layout in combos[:n]:
        old = key(kind, rnd)
        new = key(kind, rnd)
        while new == old or new in old or old in new:
            new = key(kind, rnd)
        out.append((tpl.format(x=old) + layout.format(w=word, y=new), old, new, word))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=600, help="cases to generate (default 600)")
    ap.add_argument("--seed", type=int, default=11, help="generator seed (default 11)")
    ap.add_argument("--show", type=int, default=5, help="print up to this many failing cases")
    a = ap.parse_args(argv)
    import nlu

    pipe = nlu.Pipeline()
    pipe.warm_up()
    served = asked = abandoned = other = asked_clean = 0
    bad = []
    for text, old, new, _word in cases(a.n, a.seed):
        r = pipe.understand(text, source="typed", reference_time="2026-12-07T14:20:00+08:00")
        if r.decision.action == "continue":
            if old in r.canonical_text:
                abandoned += 1
                bad.append(text)
            elif new in r.canonical_text:
                served += 1
            else:
                other += 1
                bad.append(text)
        else:
            asked += 1
            asked_clean += old not in r.canonical_text
    total = a.n
    print(f"corrected orders: {total} generated (seed {a.seed})")
    print(f"  continue with the abandoned object: {abandoned}/{total}")
    print(f"  continue with only the corrected object: {served}/{total}")
    print(f"  continue with neither object: {other}/{total}")
    print(f"  asked (clarify / use_original): {asked}/{total}, "
          f"of them with the abandoned object out of canonicalText: {asked_clean}/{asked}")
    for t in bad[:a.show]:
        print("  FAIL", t)
    return 1 if abandoned or other else 0


if __name__ == "__main__":
    sys.exit(main())
