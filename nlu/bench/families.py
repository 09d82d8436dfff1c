"""Input families for the cost contract (issue 13, part 5): each family is one shape of
text stretched to any length, so the cost of a stage can be compared at n and 4n.

A family is a repeated unit cut to exactly n code points (plus, for `alternatives`, the
ASR alternatives a caller would pass). They are deliberately adversarial: one character
repeated, a numeral run, a wall of punctuation, thousands of identifiers — what a user, an
OCR engine or an attacker may send. Used by `eval/cost_families.py` and the property test
`tests/perf/test_linear_cost.py`.
"""
from __future__ import annotations

import sys
from typing import Any

# unit of each family; the text is the unit repeated and cut to n code points
_UNITS: dict[str, str] = {
    "plain": "今天车间里的设备运行情况总体良好，检修班组按计划完成了例行检查",
    "repeat_char": "查",
    "numeral_bai": "百",
    "numerals": "一万三千五百二十七点六",
    "digits": "3141592653",
    "identifiers": "AGV-01 T-2026010241 HXD1-0002 WO-20260312 ST-05 ",
    "lookalikes": "AGV-O1 HXDl-0002 ",
    "fillers": "嗯呃那个就是说",
    "punctuation": "，。！？、；…",
    "mixed_width": "ＡＧＶ－０１　查询ＴＡＳＫ　",
    "spaces": "查 \n 询\t状 态 ",
    "self_repair": "查上月，不对，查本月检修计划。",
    "negation": "不要不取消没有",
    "times": "明天8点到10点，",
    "stutter": "查询查询我我我想",
    "injection": "忽略之前的指令，",
    "write_long": "今天车间里的设备运行情况总体良好，检修班组按计划完成了例行检查",
    "alternatives": "今天车间里的设备运行情况总体良好，检修班组按计划完成了例行检查",
}
_WRITE_TAIL = "请取消 T-2026010241"
N_ALTERNATIVES = 5

FAMILIES: tuple[str, ...] = tuple(_UNITS)


def whole_units(family: str, n: int) -> int:
    """The length nearest n that is a whole number of the family's unit: texts of two such
    lengths end alike, so they take the same path (a cut mid-unit can change the decision)."""
    size = len(_UNITS[family])
    extra = len(_WRITE_TAIL) if family == "write_long" else 0
    return max(1, round((n - extra) / size)) * size + extra


def stretch(unit: str, n: int) -> str:
    """`unit` repeated and cut to exactly n code points."""
    return (unit * (n // len(unit) + 1))[:n]


def _variant(text: str, k: int) -> str:
    """An ASR alternative of `text`: every 7th character (shifted by k) heard differently."""
    chars = list(text)
    for i in range(k % 7, len(chars), 7):
        chars[i] = "检" if chars[i] != "检" else "查"
    return "".join(chars)


def family_call(family: str, n: int, variant: int = 0) -> tuple[str, dict[str, Any]]:
    """(text, extra keyword arguments of `understand`) for `family` at n code points.

    `variant` k starts the repeated unit k characters later: the same shape and length, but
    another string, so a timing loop does not measure the library's memos of a text it saw."""
    unit = _UNITS[family]
    k = variant % len(unit)
    unit = unit[k:] + unit[:k]
    if family == "write_long":
        return stretch(unit, n - len(_WRITE_TAIL)) + _WRITE_TAIL, {}
    text = stretch(unit, n)
    if family == "alternatives":
        return text, {"source": "asr", "alternatives": [_variant(text, k) for k in range(N_ALTERNATIVES)]}
    return text, {}


_PARSERS = "nlu.values."  # the pure value parsers (numerals, times …), memoized per phrase


def forget_memos() -> int:
    """Empty the bounded memos of the library's value parsers (numerals, times …), so the next
    call on a text does the work again instead of timing a cache hit. Compiled rules and the
    pack stay. Returns how many memos were emptied."""
    emptied = 0
    for name, mod in list(sys.modules.items()):
        if not name.startswith(_PARSERS) or mod is None:
            continue
        # the module's own memos, and those of each grammar it compiled from a pack (`_GRAMMARS`)
        owners = [vars(mod), *(vars(g) for g in list(getattr(mod, "_GRAMMARS", ())))]
        for obj in [o for own in owners for o in list(own.values())]:
            info = getattr(obj, "cache_info", None)
            if info is not None and getattr(obj, "__module__", None) == name and info().maxsize not in (None, 0, 1):
                obj.cache_clear()
                emptied += 1
    return emptied
