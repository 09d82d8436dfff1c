"""Rail (locomotive maintenance) domain: read templates."""
from common import C, E, T, U

R = ["read"]

# ---- status
C("HXD1-0023 这会儿在哪个车间", "c", "status", "rail", keep=["HXD1-0023"],
  spans=[("HXD1-0023", "identifier")], tags=R + ["colloquial"])
C("DF4B-1234现在什么状态", "c", "status", "rail", keep=["DF4B-1234"],
  ents=[E("locomotive", "DF4B-1234")], tags=R + ["identifier"])
C("机车 HXN3-0456 修完了没", "c", "status", "rail", keep=["HXN3-0456"],
  tags=R + ["colloquial"])
C("ＳＳ９－０１２３ 目前状况", "c", "status", "rail", keep=["SS9-0123"],
  ents=[E("locomotive", "SS9-0123")], tags=R + ["fullwidth", "identifier"])
C("那个 HXD3C-0789 呃 它现在 在 在检修吗", "c", "status", "rail", src="asr",
  keep=["HXD3C-0789"], coref=[("它", "HXD3C-0789")], tags=R + ["asr", "coreference"])
C("hxd2-0050 status?", "c", "status", "rail", ents=[E("locomotive", "hxd2-0050", "HXD2-0050")],
  tags=R + ["en_mix", "identifier"])
C("HXD1-0101 在三车间吗", "c", "status", "rail", keep=["HXD1-0101", "三车间"],
  rels=[("HXD1-0101", "located_at", "三车间")], tags=R + ["relation"])

# ---- count
C("这个月完成了几张检修工单", "c", "count", "rail", keep=["这个月", "检修工单"],
  ents=[T("这个月")], tags=R + ["time"])
C("现在有多少台机车在修", "c", "count", "rail", keep=["机车"], tags=R)
C("上月做了几次C4", "c", "count", "rail", keep=["上月", "C4"],
  ents=[T("上月"), E("maintenance_level", "C4")], tags=R + ["time"])
C("今年一共几台车进过大修", "c", "count", "rail", keep=["今年", "大修"],
  ents=[T("今年"), E("maintenance_level", "大修")], tags=R + ["time"])
C("二车间本周还剩多少张工单没关", "c", "count", "rail", keep=["二车间", "本周", "没关"],
  tags=R + ["negation", "time"])

# ---- list
C("有哪些机车正在检修", "c", "list", "rail", keep=["机车", "检修"], tags=R)
C("列出本周所有要做辅修的机车", "c", "list", "rail", keep=["本周", "辅修"],
  ents=[T("本周"), E("maintenance_level", "辅修")], tags=R + ["time"])
C("一车间 在修 机车 清单", "c", "list", "rail", keep=["一车间"], tags=R + ["spaces"])
C("把张伟负责的机车都列出来", "c", "list", "rail", keep=["张伟"],
  ents=[E("person", "张伟")], tags=R + ["relation"])
C("昨天下午进段的机车有哪几台", "c", "list", "rail", keep=["昨天下午"],
  ents=[T("昨天下午")], tags=R + ["time"])

# ---- report
C("全年检修报表", "c", "report", "rail", keep=["全年", "检修", "报表"],
  ents=[T("全年")], tags=R + ["time"])
C("上季度机车检修汇总，要饼图", "c", "report", "rail", keep=["上季度", "饼图"],
  ents=[T("上季度")], frames=[("query", False, [("presentation", "饼图")])],
  tags=R + ["time", "frame"])
C("去年各车间检修量统计", "c", "report", "rail", keep=["去年"],
  ents=[T("去年")], tags=R + ["time"])
C("全年检休抱表", "c", "report", "rail", keep=["全年"],
  corr=[("检休", "检修"), ("抱表", "报表")], canon="全年检修报表",
  allowed=["查询全年检修报表"], tags=R + ["asr", "typo", "time"],
  note="same shape as the design's example but written independently; two high-confidence edits")
C("检修工单报表 本月的", "cq", "report", "rail", keep=["本月"], ents=[T("本月")],
  tags=R + ["time", "composite"], note="composite: statistics over work orders -> report; clarify acceptable")
C("2026年3月 rail 检修 report", "c", "report", "rail",
  ents=[E("time_range", "2026年3月", "2026-03-01T00:00:00+08:00/2026-04-01T00:00:00+08:00")],
  tags=R + ["en_mix", "time"])

# ---- workorder
C("查一下检修工单", "c", "workorder", "rail", keep=["检修工单"], tags=R)
C("WO-20260915 进度到哪了", "c", "workorder", "rail", keep=["WO-20260915"],
  ents=[E("work_order", "WO-20260915")], tags=R + ["identifier"])
C("工单ＷＯ－２０２６０９０２的处理情况", "c", "workorder", "rail", keep=["WO-20260902"],
  ents=[E("work_order", "WO-20260902")], tags=R + ["fullwidth", "identifier"])
C("我那张 工单 WO-20260811 谁在处理啊", "c", "workorder", "rail", keep=["WO-20260811"],
  tags=R + ["colloquial"])
C("HXD1-0088 的检修工单看看", "c", "workorder", "rail", keep=["HXD1-0088", "检修工单"],
  ents=[E("locomotive", "HXD1-0088")], tags=R)
C("看看 检 修 工 单", "c", "workorder", "rail", src="ocr", tags=R + ["ocr", "spaces"])

# ---- plan
C("查询本月检修计划", "c", "plan", "rail", keep=["本月", "检修计划"],
  ents=[T("本月")], tags=R + ["time"])
C("下周的修程排程发我一下", "c", "plan", "rail", keep=["下周"],
  ents=[T("下周")], tags=R + ["time", "colloquial"])
C("查询检休计划", "c", "plan", "rail", corr=[("检休", "检修")], keep=["计划"],
  tags=R + ["asr", "typo"])
C("下季度大修安排是怎么排的", "c", "plan", "rail", keep=["下季度", "大修"],
  ents=[T("下季度"), E("maintenance_level", "大修")], tags=R + ["time"])
C("HXD2-0231 下个月有没有检修计划", "c", "plan", "rail", keep=["HXD2-0231", "下个月", "有没有"],
  ents=[E("locomotive", "HXD2-0231"), T("下个月")], tags=R + ["a_not_a", "time"])
C("明天一车间的检修排班计划", "c", "plan", "rail", keep=["明天", "一车间"],
  tags=R + ["time"])
