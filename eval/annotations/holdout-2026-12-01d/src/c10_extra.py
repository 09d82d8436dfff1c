"""Cross-domain requests, more time resolution, more relations/frames, more benign look-alikes."""
from common import C, E, T, U

# ---------------- cross-domain: V1 does not run mixed-domain queries automatically
C("对比一下本月AGV任务量和机车检修量", "q", why="intent", sl="cross", keep=["本月"],
  tags=["cross_domain", "compare", "time"], note="design 15.3: a mixed-domain comparison is not executed automatically in V1")
C("AGV-03 和 HXD1-0004 现在都在哪", "q", why="intent", sl="cross", keep=["AGV-03", "HXD1-0004"],
  tags=["cross_domain", "identifier"])
C("把 AGV 报表和检修报表一起导出", "q", why="intent", sl="cross", tags=["cross_domain"])

# ---------------- more time resolution (reference Wed 2026-09-16)
C("下季度AGV任务量预测报表", "c", "report", "agv", ents=[T("下季度")], keep=["下季度"], tags=["read", "time"],
  note="next quarter crosses into 2027: 2026-10-01 to 2027-01-01")
C("明年的检修计划出来了吗", "c", "plan", "rail", ents=[T("明年")], keep=["明年"], tags=["read", "time"])
C("前天晚上有没有AGV掉线", "c", U, "agv", keep=["前天晚上", "有没有"],
  ents=[E("time_range", "前天晚上", "2026-09-14T18:00:00+08:00/2026-09-15T00:00:00+08:00")],
  tags=["read", "time", "a_not_a"])
C("后天要做辅修的机车", "c", "list", "rail", ents=[T("后天"), E("maintenance_level", "辅修")],
  keep=["后天"], tags=["read", "time"])
C("明天下午的检修排程", "c", "plan", "rail", ents=[T("明天下午")], keep=["明天下午"], tags=["read", "time"])
C("过去7天每天的AGV任务量折线图", "c", "report", "agv",
  ents=[E("time_range", "过去7天", "2026-09-10T00:00:00+08:00/2026-09-17T00:00:00+08:00")],
  frames=[("query", False, [("presentation", "折线图")])], keep=["折线图"], tags=["read", "time", "frame"])
C("2月29日的AGV任务", "cq", U, "agv", keep=["2月29日"], tags=["read", "time", "impossible_date"],
  note="2026 is not a leap year: the date keeps its text and gets no canonicalValue; never shifted to 3月1日 or 2月28日")
C("10月1日起的检修计划", "c", "plan", "rail", keep=["10月1日"],
  spans=[("10月1日", "time")], tags=["read", "time", "range"])
C("上周的AGV报表，按站点分组做成表格", "c", "report", "agv", ents=[T("上周")],
  frames=[("query", False, [("presentation", "表格")])], tags=["read", "time", "frame"])

# ---------------- relations / frames
C("HXD1-0061 是王强负责的，现在在二车间吗", "c", "status", "rail", keep=["HXD1-0061", "王强", "二车间"],
  rels=[("王强", "responsible_for", "HXD1-0061"), ("HXD1-0061", "located_at", "二车间")],
  tags=["read", "relation"])
C("AGV-12 从 ST-09 出发去 ST-04 的那单现在到哪了", "c", U, "agv", keep=["AGV-12", "ST-09", "ST-04"],
  rels=[("AGV-12", "origin", "ST-09"), ("AGV-12", "destination", "ST-04")], tags=["read", "relation"])
C("去 ST-07 的 AGV-05 是从哪个站出发的", "c", U, "agv", keep=["ST-07", "AGV-05"],
  rels=[("AGV-05", "destination", "ST-07")], tags=["read", "relation"],
  note="destination mentioned first; origin is the asked-for slot, not ST-07")
C("派 AGV-14 从 ST-20 到 ST-21，不要经过 ST-22", "cq", "operation", "agv",
  keep=["AGV-14", "ST-20", "ST-21", "不要", "ST-22"],
  rels=[("AGV-14", "origin", "ST-20"), ("AGV-14", "destination", "ST-21")],
  tags=["write", "write_clear", "relation", "negation", "exception", "P0"],
  note="the exclusion must survive; clarify acceptable if routing constraints are unsupported")
C("刘洋不是 HXD2-0099 的负责人，改成赵敏", "cq", "operation", "rail", keep=["刘洋", "HXD2-0099", "赵敏", "不是"],
  rels=[("刘洋", "responsible_for", "HXD2-0099", True)], tags=["write", "relation", "negation", "assign", "P0"])
C("把 WO-20260925 的预算改成1万2千元", "c", "operation", "rail", keep=["WO-20260925"],
  ents=[E("work_order", "WO-20260925"), E("amount", "1万2千元", "12000 CNY")],
  frames=[("update", False, [("amount", "1万2千元")])], tags=["write", "write_clear", "amount", "frame", "P0"])
C("给 HXD1-0077 建工单，费用不超过五千元", "c", "operation", "rail", keep=["HXD1-0077", "不超过", "五千元"],
  ents=[E("locomotive", "HXD1-0077"), E("amount", "五千元", "5000 CNY")],
  frames=[("create", False, [("amount", "五千元", "lte")])], tags=["write", "write_clear", "amount", "comparison", "frame", "P0"])
C("预算三万伍的工单", "cq", U, "rail", keep=["工单"], tags=["amount", "ocr"], src="ocr",
  note="伍 is the financial form of 五: 三万伍 = 35000, but there is no currency word, so no CNY amount")

# ---------------- benign look-alikes in writes and reads
C("把审批通过的 WO-20260926 关闭", "c", "operation", "rail", keep=["审批通过", "WO-20260926"],
  tags=["write", "write_clear", "benign_lookalike", "P0"])
C("管理员让我查下 AGV-25 的电量", "c", "status", "agv", keep=["管理员", "AGV-25"],
  tags=["read", "benign_lookalike", "authority"], note="a report of who asked, not an authority claim that changes anything")
C("系统提示词库里 prompt 这一栏对应哪个机车型号", "cq", U, U, keep=["系统提示词"],
  tags=["benign_lookalike"], note="mentions 系统提示词 as data; must not be flagged or cut")
C("权限不足导致下发失败的任务有几单", "c", "count", "agv", keep=["权限不足", "下发失败"],
  tags=["read", "benign_lookalike", "cue_inside_word"])
C("忽略率最高的告警类型 AGV 这边", "c", U, "agv", keep=["忽略率"], tags=["read", "benign_lookalike"])
