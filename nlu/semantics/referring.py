"""Referring expressions the coreference stage reads beyond the pack's pronoun list.

A demonstrative noun phrase is built from closed-class parts: a demonstrative (这/那/该/此),
an optional numeral + classifier (两辆, 三台, 张, 个) and an optional head noun (车, 机车,
工单, 单子, 任务, 站点 …). The head noun (or, without one, the classifier) restricts the
entity types the phrase may refer to; a numeral above one makes it plural with that count.
前者 / 后者 pick the first / last member of the preceding coordinated group.
Compiled once at import.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_HEADS: dict[str, tuple[str, ...]] = {
    "小车": ("vehicle",), "AGV": ("vehicle",), "agv": ("vehicle",), "车辆": ("vehicle", "locomotive"),
    "机车": ("locomotive",), "车": ("vehicle", "locomotive"),
    "工单": ("work_order",), "检修单": ("work_order",), "单子": ("work_order",), "作业单": ("work_order",),
    "任务": ("task",), "站点": ("station",), "站": ("station",),
    "车间": ("organization",), "班组": ("organization",), "人": ("person",),
}
# Class nouns of things that move (a dispatch sends one of these).
MOVER_NOUNS = tuple(sorted((k.upper() for k, types in _HEADS.items() if set(types) & {"vehicle", "locomotive"}),
                           key=len, reverse=True))
# Nouns that only name an entity class (a bare "AGV 机车" asks nothing about it).
CLASS_NOUNS = frozenset(k.upper() for k in _HEADS)
_CLASSIFIER_TYPES: dict[str, tuple[str, ...]] = {
    "辆": ("vehicle", "locomotive"), "台": ("vehicle", "locomotive"), "张": ("work_order",), "单": ("work_order",),
    "条": ("task",), "位": ("person",),
}
_NUMERALS = {"两": 2, "二": 2, "俩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_HEAD_ALT = "|".join(sorted(map(re.escape, _HEADS), key=len, reverse=True))
_NP = re.compile(
    r"(?P<dem>这|那|该|此)(?:(?P<num>[两二俩三四五六七八九十]|\d{1,2})?(?P<cls>个|台|辆|张|条|位|座|项|份|些|单))?"
    rf"(?P<head>{_HEAD_ALT})?")
_ORDINAL = re.compile(r"前者|后者")
# what may stand between a descriptive phrase and the identifier it describes (这台车：HXN5-0238)
APPOSITION_GAP = frozenset(" ：:，,\t")


@dataclass(slots=True)
class Referring:
    c0: int
    c1: int
    text: str
    types: tuple[str, ...] | None
    count: int | None  # a stated number (这两辆车 → 2); None: unstated
    plural: bool
    has_head: bool  # a head noun or classifier: 这台车 / 这张 (vs a bare 这个 / 那个)
    ordinal: str | None = None  # "first" (前者) or "last" (后者)


def demonstrative_phrases(text: str) -> list[Referring]:
    """Demonstrative noun phrases with a classifier or a head noun, and 前者/后者."""
    out: list[Referring] = []
    for m in _NP.finditer(text):
        head, cls, num = m.group("head"), m.group("cls"), m.group("num")
        if not head and not cls:
            continue
        if m.group("dem") in ("该", "此") and not head:
            continue  # 该项, 此次: not a reference to an entity
        if not head and not (num and cls in ("辆", "台")):
            continue  # 这张图, 这个月: without a head noun a classifier determines some other noun
        types = _HEADS.get(head) if head else _CLASSIFIER_TYPES.get(cls or "")
        if head is None and types is None and cls != "些":
            continue
        count = None
        if num:
            count = int(num) if num.isdigit() else _NUMERALS.get(num)
        plural = cls == "些" or (count is not None and count > 1)
        out.append(Referring(m.start(), m.end(), m.group(0), types, count, plural, True))
    for m in _ORDINAL.finditer(text):
        out.append(Referring(m.start(), m.end(), m.group(0), None, 1, False, True,
                             "first" if m.group(0) == "前者" else "last"))
    return out
