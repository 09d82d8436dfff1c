"""Template routing rules: which trigger words are explicit, and which template governs.

The pack lists every trigger of a template; only some are unambiguous enough to pin the
template (工单, 报表, 多少 …). The rest (现在, 情况, 所有 …) only hint. When several explicit
templates meet, the answer shape that governs the others wins (多少张工单 is a count, 工单
报表 is a report of work orders), except that two object templates (report / workorder /
plan) genuinely compete (检修工单报表) and are kept side by side.
"""
from __future__ import annotations

EXPLICIT_TRIGGERS: dict[str, frozenset[str]] = {
    "workorder": frozenset({"工单", "检修工单", "作业单", "派工单", "工单号"}),
    "report": frozenset({"报表", "统计", "汇总", "日报", "周报", "月报", "年报", "分析报告", "报告", "图表", "饼图",
                         "折线图", "柱状图", "趋势图"}),
    "plan": frozenset({"计划", "检修计划", "排程", "排期", "月度计划", "周计划", "年度计划", "日计划", "修程计划"}),
    "count": frozenset({"多少", "几个", "几台", "几辆", "几张", "几次", "几条", "数量", "总数", "个数", "台数", "有多少"}),
    "list": frozenset({"列出", "有哪些", "哪些", "清单", "列表", "都有什么", "一览", "罗列", "列一下", "明细"}),
    "status": frozenset({"状态", "当前状态", "在哪", "在哪里", "在哪儿", "位置", "怎么样", "咋样", "怎样了", "是否在线",
                         "还在吗", "在干嘛", "在做什么"}),
}
# Governing order when explicit templates meet (first wins).
PRECEDENCE: tuple[str, ...] = ("operation", "report", "count", "workorder", "plan", "list", "status")
OBJECT_TEMPLATES = frozenset({"report", "workorder", "plan"})


def is_explicit(template: str, word: str) -> bool:
    return word in EXPLICIT_TRIGGERS.get(template, ())


# A measured attribute of a named object (电量多少, 里程多少) asks its value: a status, not a count.
MEASURE_ATTRIBUTES = frozenset({"电量", "速度", "里程", "温度", "进度", "电压", "剩余电量"})
# Record nouns: "…的任务 / …的报警记录" asks for records (a list), not one object's state.
RECORD_NOUNS = ("任务", "记录", "报警记录", "故障记录", "历史", "轨迹", "明细")
# Object nouns that head a described set: "…低于 90% 的站点", "今天要进一车间的机车".
OBJECT_HEADS = ("AGV", "小车", "车辆", "机车", "车", "站点", "任务", "工单", "时间段", "班组", "车间")
