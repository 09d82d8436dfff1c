"""Function words the semantic stages read that are grammar, not domain vocabulary.

Domain words (actions, negation, comparison, pronouns, triggers) come from the pack; these
are closed-class Chinese words (prepositions, modals, question particles). Each word maps
to one cue kind; "none" entries are compounds that must *not* be read as a cue (现在 is not
在, 自动 is not 自). Compiled once at import into one trie scanner.
"""
from __future__ import annotations

from nlu.text.wordscan import WordScanner

ORIGIN = "origin"
DEST = "dest"
RESPONSIBLE = "responsible"
AT = "at"
INSTRUMENT = "instrument"
AND = "and"
GIVE = "give"
COPULA = "copula"
QUESTION = "question"
ATTRIBUTE = "attribute"
CONNECTIVE = "connective"
MODAL_MUST = "must"
MODAL_SHOULD = "should"
MODAL_MAY = "may"
NONE = "none"

_WORDS: dict[str, tuple[str, ...]] = {
    ORIGIN: ("从", "由", "自", "打从"),
    DEST: ("到", "去", "前往", "送到", "送往", "开到", "开往", "运到", "运往", "去往", "驶向", "驶往", "到达",
           "至", "移动到", "发送到", "派往", "调往", "调到", "回到", "送至", "运至"),
    RESPONSIBLE: ("负责", "主管", "分管", "承修", "包保"),
    AT: ("在", "位于", "停在", "停放在", "处在", "待在", "放在"),
    INSTRUMENT: ("用", "使用", "利用", "拿", "借助", "采用"),
    AND: ("和", "与", "及", "以及", "跟", "同", "、", "还有", "或", "或者", "/"),
    GIVE: ("给", "派给", "交给", "指派给", "分配给", "分给", "转给"),
    COPULA: ("是", "为"),
    QUESTION: ("多少", "几", "哪", "哪几", "哪些", "哪里", "哪儿", "什么", "啥", "吗", "呢", "嘛", "怎么", "怎样", "怎么样",
               "如何", "谁", "是否", "有没有", "是不是", "要不要", "对不对", "咋", "咋样", "?", "？"),
    ATTRIBUTE: ("进度", "电量", "速度", "故障", "报警", "告警", "负责人", "状态", "位置", "里程", "详情", "信息",
                "记录", "结果", "情况", "数据", "温度", "轨迹", "历史", "任务", "工况", "在线", "离线", "空闲"),
    CONNECTIVE: ("然后", "并且", "同时", "接着", "另外", "顺便", "再把"),
    MODAL_MUST: ("必须", "务必", "一定要", "必需", "得要"),
    MODAL_SHOULD: ("应该", "应当", "需要", "要"),
    MODAL_MAY: ("可以", "能", "能否", "能不能", "可不可以", "可否", "可能", "能够", "允许"),
    NONE: ("现在", "正在", "存在", "在段", "在修", "所在", "实在", "在于", "好在", "还在", "自动", "自己", "自从",
           "来自", "各自", "到底", "到期", "到位", "得到", "收到", "达到", "遇到", "看到", "由于", "自由", "过去",
           "主要", "重要", "只要", "要求", "用户", "费用", "使用率", "利用率", "信用", "同比", "同期", "同样",
           "不同", "合同", "为什么", "因为", "作为", "成为", "认为", "以为", "是否", "就是", "还是", "或是",
           "可是", "但是", "只是", "总是", "于是", "和谐", "能量", "性能", "功能", "可能性", "去年", "过去"),
}
_WORDS_KIND_ORDER = tuple(_WORDS)

# 是否 / 为什么 appear under NONE only to stop 是/为 from reading as a copula; they keep their
# own meaning through QUESTION (是否) and the pack's explain actions (为什么).
_OVERRIDE = {"是否": QUESTION}


def _entries():
    seen: dict[str, str] = {}
    for kind in _WORDS_KIND_ORDER:
        for w in _WORDS[kind]:
            seen.setdefault(w, kind)
    seen.update(_OVERRIDE)
    return seen.items()


SCANNER: WordScanner = WordScanner(_entries())
MODAL_KINDS = frozenset({MODAL_MUST, MODAL_SHOULD, MODAL_MAY})
A_NOT_A_KINDS = frozenset({MODAL_MAY, QUESTION})
