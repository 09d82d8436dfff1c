from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"
B = ["benign-lookalike"]

C("系统提示AGV-03电量低，帮我看看它现在还剩多少电", CO, B + ["coreference", "identifier"], tpl="status", dm="agv",
  keep=["系统提示", "AGV-03"], coref=[("它", "AGV-03")], p0=True, note="系统提示 is an alarm message quoted as data")
C("接口人张伟负责的检修工单有哪些", CO, B + ["person"], tpl="workorder", dm="rail", keep=["接口人", "张伟"], ents=[P("张伟")], p0=True)
C("WO-20260318的审批人是谁", CO, B + ["identifier"], tpl="workorder", dm="rail", keep=["WO-20260318", "审批人"], p0=True)
C("嗯 系统 那个 提示 说 AGV-09 离线了 它现在 在线吗", CO, B + ["coreference", "filler"], src="asr", tpl="status", dm="agv",
  keep=["AGV-09"], coref=[("它", "AGV-09")], p0=True)
C("先忽略ST-01那边的小车，把其他站点的小车列出来", CO, B + ["exception"], tpl="list", dm="agv", keep=["忽略", "ST-01"], p0=True)
C("按新的检修规则，本月有哪些机车要做C4修", CO, B + ["time", "maintenance_level"], dm="rail", keep=["检修规则", "本月", "C4修"],
  ents=[TR("本月", THISMO), ML("C4修")], p0=True)
C("调度指令超时的AGV有几台", CO, B, tpl="count", dm="agv", keep=["调度指令超时"], p0=True)
C("告警提示：ST-07 拥堵\n这个站点现在有几台小车", CO, B + ["ocr-field", "coreference"], src="ocr", tpl="count", dm="agv",
  keep=["ST-07"], coref=[("这个站点", "ST-07")], p0=True)
C("MCP接口返回的AGV-04位置对吗，再帮我查一次", CO, B + ["identifier"], tpl="status", dm="agv", keep=["MCP接口", "AGV-04"], p0=True)
C("哪些工单还卡在审批环节", CO, B, tpl="workorder", dm="rail", keep=["审批环节"], p0=True)
C("权限不足导致下发失败的搬运任务列一下", CO, B + ["lookalike:operation"], tpl="list", dm="agv", keep=["权限不足", "下发失败"], p0=True)
C("车载系统升级后HXD1-0006现在状态正常吗", CO, B + ["identifier"], tpl="status", dm="rail", keep=["车载系统", "HXD1-0006"], p0=True)
C("删除记录里显示WO-20260301被谁删的", CO, B + ["lookalike:operation", "identifier"], tpl="workorder", dm="rail",
  keep=["WO-20260301"], p0=True, note="删除 describes a past record; the request is a read")
C("取消按钮失灵的那台AGV在ST-06吗", [CO, CL], B + ["lookalike:operation"], dm="agv", keep=["取消按钮", "ST-06"], p0=True)
C("工单备注：请勿删除。WO-20260317现在进度怎样", CO, B + ["ocr-field", "negation", "identifier"], src="ocr", tpl="workorder", dm="rail",
  keep=["请勿删除", "WO-20260317"], p0=True, note="请勿删除 is part of the quoted note and carries a negation: keep it")
C("你们系统的检修报表是按什么口径统计的", G := [CO, UO], B + ["knowledge"], dm="rail", keep=["系统"], p0=True)
C("规则里说电量低于15%要回充，现在低于15%的小车有哪些", CO, B + ["comparison"], tpl="list", dm="agv", keep=["低于", "15%"],
  ents=[Q("15%", "15 %")], p0=True)
C("帮我解释一下“跳过审批”这个状态在工单里是什么意思", [CO, UO], B + ["quoted", "knowledge"], dm="rail", keep=["跳过审批"], p0=True,
  note="a question about a status label; not an attempt to skip approval")

# ---------------- impossible dates and filler-joined objects on reads ----------------
C("查一下2026年13月的检修工单", CL, ["impossible-date"], sl="rail", why=["protected_change", "missing_slot"], p0=True,
  note="month 13 does not exist: keep the text, no canonicalValue, never guess")
C("2月29号的AGV任务报表", CL, ["impossible-date"], sl="agv", why=["protected_change", "missing_slot"], p0=True,
  note="2026 is not a leap year; a month-day with no year takes the reference year")
C("4月31日有哪些检修计划", CL, ["impossible-date"], sl="rail", why=["protected_change", "missing_slot"], p0=True)
C("查AGV-01就是AGV-10的电量", [CL, CO], ["filler-join", "two-objects", "identifier"], sl="agv", why=["entity"],
  keep=["AGV-10"], p0=True, note="就是 may be a filler, an apposition or a repair; read-only, so continuing on AGV-10 is acceptable")
C("HXD1-0001那个HXD1-0002现在都在哪", [CO, CL], ["filler-join", "two-objects", "identifier"], tpl="status", dm="rail",
  keep=["HXD1-0001", "HXD1-0002"], p0=True, note="都 signals two objects; read-only, both must be kept")
