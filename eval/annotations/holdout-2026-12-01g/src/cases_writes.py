"""Writes: complete, colloquial, missing object/slot, negated, self-repaired. All hand-written."""
from gold import *

OP = "operation"

# ---- complete writes with a unique explicit object: continue (approval happens downstream)
C("typed", "agv", "把 T-2026120301 取消", "c", t=OP, d="agv",
  k=["T-2026120301", "取消"], e=[("task", "T-2026120301")],
  f=[F("cancel", ("patient", "T-2026120301"), neg=False)],
  ps=[("T-2026120301", "identifier"), ("取消", "action")], tags="P0 write cancel")
C("typed", "agv", "取消任务T-2026113007，谢谢", "c", t=OP, d="agv",
  k=["T-2026113007", "取消"], e=[("task", "T-2026113007")],
  f=[F("cancel", ("patient", "T-2026113007"), neg=False)], tags="P0 write cancel")
C("typed", "agv", "给 AGV-03 下发任务到 ST-12", "c", t=OP, d="agv",
  k=["AGV-03", "ST-12", "下发"], e=[("vehicle", "AGV-03"), ("station", "ST-12")],
  r=[("AGV-03", "destination", "ST-12")], tags="P0 write dispatch relation")
C("typed", "agv", "让AGV-106从ST-02把货拉到ST-17", "c", t=OP, d="agv",
  k=["AGV-106", "ST-02", "ST-17"],
  e=[("vehicle", "AGV-106"), ("station", "ST-02"), ("station", "ST-17")],
  r=[("AGV-106", "origin", "ST-02"), ("AGV-106", "destination", "ST-17")],
  tags="P0 write dispatch relation colloquial")
C("asr", "agv", "派AGV-14去ST-08送一趟料", "c", t=OP, d="agv",
  k=["AGV-14", "ST-08"], e=[("vehicle", "AGV-14"), ("station", "ST-08")],
  r=[("AGV-14", "destination", "ST-08")], tags="P0 write dispatch colloquial")
C("typed", "agv", "把 AGV-07 和 AGV-08 都派去 ST-05", "c", t=OP, d="agv",
  k=["AGV-07", "AGV-08", "ST-05"],
  e=[("vehicle", "AGV-07"), ("vehicle", "AGV-08"), ("station", "ST-05")],
  r=[("AGV-07", "destination", "ST-05"), ("AGV-08", "destination", "ST-05")],
  tags="P0 write dispatch relation coordination")
C("typed", "agv", "T-2026120115 的优先级调成最高", "c", t=OP, d="agv",
  k=["T-2026120115", "最高"], e=[("task", "T-2026120115")],
  f=[F("update", ("patient", "T-2026120115"), neg=False)], tags="P0 write update")
C("typed", "agv", "暂停 AGV-21 的当前任务", "c", t=OP, d="agv", k=["AGV-21", "暂停"],
  e=[("vehicle", "AGV-21")], tags="P0 write update")
C("typed", "agv", "删除任务 T-2026112822", "c", t=OP, d="agv", k=["T-2026112822", "删除"],
  e=[("task", "T-2026112822")], ps=[("删除", "action")], tags="P0 write delete")
C("typed", "agv", "新建一个搬运任务：AGV-09 明天上午10点从 ST-03 到 ST-11", "c", t=OP, d="agv",
  k=["AGV-09", "ST-03", "ST-11", "明天上午10点"],
  e=[("vehicle", "AGV-09"), ("station", "ST-03"), ("station", "ST-11"),
     ("time", "明天上午10点", P("2026-12-03T10:00"))],
  r=[("AGV-09", "origin", "ST-03"), ("AGV-09", "destination", "ST-11")],
  f=[F("create", ("time", "明天上午10点"), neg=False)], tags="P0 write create relation time")
C("typed", "agv", "T-2026120207改到明天下午3点执行", "c", t=OP, d="agv",
  k=["T-2026120207", "明天下午3点"],
  e=[("task", "T-2026120207"), ("time", "明天下午3点", P("2026-12-03T15:00"))],
  f=[F("update", ("patient", "T-2026120207"), ("time", "明天下午3点"), neg=False)],
  tags="P0 write update time")
C("typed", "rail", "给 HXD1-0023 建一张 C4 修的检修工单", "c", t=OP, d="rail",
  k=["HXD1-0023", "C4"], e=[("locomotive", "HXD1-0023"), ("maintenance_level", "C4")],
  f=[F("create", neg=False)], tags="P0 write create")
C("typed", "rail", "关闭工单 WO-20261127", "c", t=OP, d="rail", k=["WO-20261127", "关闭"],
  e=[("work_order", "WO-20261127")], ps=[("WO-20261127", "identifier")], tags="P0 write close")
C("typed", "rail", "把 WO-20261118 的负责人改成王建国", "c", t=OP, d="rail",
  k=["WO-20261118", "王建国"], e=[("work_order", "WO-20261118"), ("person", "王建国")],
  f=[F("update", ("patient", "WO-20261118"), neg=False)], tags="P0 write update person")
C("typed", "rail", "WO-20261202 派给检修二组", "c", t=OP, d="rail", k=["WO-20261202", "检修二组"],
  e=[("work_order", "WO-20261202")], tags="P0 write dispatch")
C("typed", "rail", "撤销 DF4B-1234 下周的中修计划", "c", t=OP, d="rail",
  k=["DF4B-1234", "下周", "中修", "撤销"],
  e=[("locomotive", "DF4B-1234"), ("time_range", "下周", NEXT_WEEK), ("maintenance_level", "中修")],
  tags="P0 write cancel")
C("typed", "rail", "把 SS4-0562 的辅修计划推迟到12月15日", "c", t=OP, d="rail",
  k=["SS4-0562", "辅修", "12月15日"],
  e=[("locomotive", "SS4-0562"), ("maintenance_level", "辅修"), ("time_range", "12月15日", DAY(12, 15))],
  f=[F("update", ("time", "12月15日"), neg=False)], tags="P0 write update time")
C("typed", "rail", "删掉 WO-20261011 这张工单", "c", t=OP, d="rail", k=["WO-20261011"],
  e=[("work_order", "WO-20261011")], tags="P0 write delete colloquial")
C("typed", "rail", "HXN5-0088 明天进二车间做一级修，帮我排上", "c", t=OP, d="rail",
  k=["HXN5-0088", "明天", "二车间", "一级修"],
  e=[("locomotive", "HXN5-0088"), ("time_range", "明天", TMR), ("maintenance_level", "一级修")],
  tags="P0 write create colloquial")

# ---- colloquial writes (action implied)
C("typed", "agv", "T-2026112905 不要了", "cq", t=OP, d="agv", k=["T-2026112905"],
  e=[("task", "T-2026112905")], tags="P0 write cancel colloquial negation-lookalike",
  note="不要了 = cancel colloquially; the object is unique, approval is downstream")
C("asr", "agv", "那个T-2026120118给我撤了吧", "cq", t=OP, d="agv", k=["T-2026120118"],
  e=[("task", "T-2026120118")], tags="P0 write cancel colloquial")
C("typed", "rail", "WO-20261120 可以关了", "cq", t=OP, d="rail", k=["WO-20261120"],
  e=[("work_order", "WO-20261120")], tags="P0 write close colloquial")
C("typed", "agv", "AGV-02 去 ST-08", "cq", t=OP, d="agv", k=["AGV-02", "ST-08"],
  e=[("vehicle", "AGV-02"), ("station", "ST-08")], r=[("AGV-02", "destination", "ST-08")],
  tags="P0 write dispatch terse")
C("typed", "agv", "AGV-33 回充电桩", "cq", t=OP, d="agv", k=["AGV-33"], e=[("vehicle", "AGV-33")],
  tags="P0 write dispatch terse")
C("typed", "agv", "cancel T-2026120122 please", "c", t=OP, d="agv", k=["T-2026120122"],
  e=[("task", "T-2026120122")], tags="P0 write cancel mixed-english")
C("typed", "agv", "能不能把 AGV-03 派到 ST-02", "cq", t=OP, d="agv", k=["AGV-03", "ST-02"],
  e=[("vehicle", "AGV-03"), ("station", "ST-02")], r=[("AGV-03", "destination", "ST-02")],
  tags="P0 write dispatch a-not-a polite-request")
C("typed", "agv", "把AGV-19踢下线", "cq", t=OP, d="agv", k=["AGV-19"], e=[("vehicle", "AGV-19")],
  tags="P0 write update colloquial")

# ---- writes missing object or slot: must clarify
C("typed", "agv", "帮我取消一下", "q", why="M", k=["取消"], tags="P0 write cancel missing-object")
C("typed", "agv", "取消那个任务", "q", why="MR", tags="P0 write cancel missing-object")
C("typed", "none", "把它删了", "q", why="RM", tags="P0 write delete missing-object coreference")
C("typed", "rail", "把工单关了", "q", why="M", tags="P0 write close missing-object")
C("typed", "agv", "给小车派个活", "q", why="M", tags="P0 write dispatch missing-slot colloquial")
C("typed", "agv", "给 AGV-05 派个任务", "q", why="M", k=["AGV-05"], e=[("vehicle", "AGV-05")],
  tags="P0 write dispatch missing-slot")
C("typed", "rail", "新建一个工单", "q", why="M", tags="P0 write create missing-slot")
C("typed", "agv", "改一下优先级", "q", why="M", tags="P0 write update missing-object")
C("typed", "rail", "把 WO-20261201 改一下", "q", why="M", k=["WO-20261201"],
  e=[("work_order", "WO-20261201")], tags="P0 write update missing-slot")
C("typed", "agv", "把 AGV-03 的任务改到明天", "q", why="ME", k=["AGV-03", "明天"],
  e=[("vehicle", "AGV-03"), ("time_range", "明天", TMR)], tags="P0 write update missing-object",
  note="AGV-03 may hold several tasks; which one is not unique")
C("typed", "none", "取消01", "q", why="EM", tags="P0 write cancel bare-id")
C("asr", "agv", "把那辆车撤回来", "q", why="RMT", tags="P0 write missing-object coreference")
C("typed", "agv", "下发到 ST-09", "q", why="M", k=["ST-09"], e=[("station", "ST-09")],
  tags="P0 write dispatch missing-object")
C("typed", "agv", "所有任务全部取消", "q", why="MI", tags="P0 write cancel bulk",
  note="bulk write with no domain-scoped object set")
C("typed", "agv", "把没用的任务都删了", "q", why="M", tags="P0 write delete bulk vague")
C("typed", "rail", "帮我把下周的计划挪一挪", "q", why="M", k=["下周"],
  e=[("time_range", "下周", NEXT_WEEK)], tags="P0 write update missing-slot colloquial")
C("typed", "rail", "给那台机车建个单", "q", why="RM", tags="P0 write create coreference")
C("typed", "agv", "暂停", "q", why="M", tags="P0 write terse missing-object")
C("typed", "agv", "dispatch AGV-12", "q", why="M", k=["AGV-12"], e=[("vehicle", "AGV-12")],
  tags="P0 write dispatch missing-slot mixed-english")
C("typed", "rail", "把张伟负责的工单都转给李娜", "cq", why="M", t=OP, d="rail", k=["张伟", "李娜"],
  e=[("person", "张伟"), ("person", "李娜")], tags="P0 write update bulk person",
  note="object set defined by a condition; a system may ask which orders")
C("typed", "agv", "取消 AGV-05 的所有任务，T-2026120140 除外", "cq", t=OP, d="agv",
  k=["AGV-05", "T-2026120140", "除外"], e=[("vehicle", "AGV-05"), ("task", "T-2026120140")],
  f=[F("cancel", ("exception", "T-2026120140", "except"), neg=False)],
  tags="P0 write cancel exclusion bulk")
C("typed", "agv", "取消任务", "q", why="M", tags="P0 write cancel missing-object terse")
C("typed", "rail", "建个工单，HXD3C-0417，受电弓有异响", "c", t=OP, d="rail",
  k=["HXD3C-0417", "受电弓"], e=[("locomotive", "HXD3C-0417")], tags="P0 write create")

# ---- negated writes / negation of actions
C("typed", "agv", "不要取消 T-2026120151，只看一下它的状态", "c", t="status", d="agv",
  k=["不要取消", "T-2026120151"], e=[("task", "T-2026120151")], co=[("它", "T-2026120151")],
  f=[F("cancel", ("patient", "T-2026120151"), neg=True)],
  ps=[("不要", "negation"), ("T-2026120151", "identifier")], tags="P0 negation write-lookalike")
C("typed", "agv", "先别取消 T-2026120152", "cq", k=["别", "取消", "T-2026120152"],
  e=[("task", "T-2026120152")], f=[F("cancel", ("patient", "T-2026120152"), neg=True)],
  ps=[("别", "negation")], tags="P0 negation write",
  note="no write may result; template must not become operation")
C("typed", "agv", "不用给 AGV-04 下发任务了", "cq", k=["不用", "AGV-04"], e=[("vehicle", "AGV-04")],
  f=[F("create", neg=True)], tags="P0 negation write")
C("typed", "rail", "WO-20261105 先不要关，还有一项没做完", "cq", k=["不要关", "WO-20261105", "没做完"],
  e=[("work_order", "WO-20261105")], tags="P0 negation write")
C("typed", "agv", "不要查 AGV-01", "qc", k=["不要查", "AGV-01"], e=[("vehicle", "AGV-01")],
  f=[F("query", neg=True)], tags="P0 negation",
  note="design 16.2: 不要 must survive; must not become query or dispatch")
C("typed", "agv", "别派 AGV-10 去 ST-06，派 AGV-11 去", "c", t=OP, d="agv",
  k=["AGV-11", "ST-06"],
  e=[("vehicle", "AGV-10"), ("vehicle", "AGV-11"), ("station", "ST-06")],
  r=[("AGV-11", "destination", "ST-06")], tags="P0 negation write dispatch")
C("typed", "rail", "不删 WO-20261030，删 WO-20261031", "cq", t=OP, d="rail",
  k=["WO-20261031"],
  e=[("work_order", "WO-20261030"), ("work_order", "WO-20261031")], tags="P0 negation write delete")
C("typed", "agv", "我没说不要取消 T-2026120160，照常取消吧", "cq", t=OP, d="agv",
  k=["没说不要", "T-2026120160"], e=[("task", "T-2026120160")], tags="P0 negation double-negation write")
C("typed", "agv", "要不要取消 T-2026120161？", "cq", k=["要不要", "T-2026120161"],
  e=[("task", "T-2026120161")], tags="P0 a-not-a write-lookalike",
  note="a question about whether to cancel, not an order to cancel")
C("typed", "rail", "是不是该给 HXD2-0305 建工单了", "cq", k=["是不是", "HXD2-0305"],
  e=[("locomotive", "HXD2-0305")], tags="P0 a-not-a write-lookalike")
C("typed", "agv", "T-2026120163 未取消，帮我确认一下状态", "c", t="status", d="agv",
  k=["未取消", "T-2026120163"], e=[("task", "T-2026120163")], tags="P0 negation 未")
C("asr", "agv", "呃 不是取消 是暂停 T-2026120164", "cq", t=OP, d="agv", k=["暂停", "T-2026120164"],
  e=[("task", "T-2026120164")],
  f=[F("update", ("patient", "T-2026120164"), neg=False)], tags="P0 negation self-repair write",
  note="the action is pause, not cancel; keep 暂停")
C("typed", "agv", "千万别删 T-2026120165", "cq", k=["别删", "T-2026120165"], e=[("task", "T-2026120165")],
  tags="P0 negation write")
C("typed", "rail", "不是不能建工单，是 HXD1-0077 还没回段，先别建", "cq", k=["不是不能", "先别建", "HXD1-0077", "还没"],
  e=[("locomotive", "HXD1-0077")], tags="P0 negation double-negation write")

# ---- self-repair inside writes
C("typed", "agv", "把 AGV-03 派到 ST-05，不对，ST-06", "cq", t=OP, d="agv", k=["AGV-03", "ST-06"],
  n=["ST-05"], e=[("vehicle", "AGV-03"), ("station", "ST-06")], r=[("AGV-03", "destination", "ST-06")],
  tags="P0 self-repair write dispatch")
C("asr", "agv", "取消 T-2026120170 说错了 是 T-2026120171", "cq", t=OP, d="agv", k=["T-2026120171", "取消"],
  n=["T-2026120170"], e=[("task", "T-2026120171")],
  f=[F("cancel", ("patient", "T-2026120171"), neg=False)], tags="P0 self-repair write cancel")
C("typed", "rail", "关闭 WO-20261125 哦不 WO-20261126", "cq", t=OP, d="rail", k=["WO-20261126"],
  n=["WO-20261125"], e=[("work_order", "WO-20261126")], tags="P0 self-repair write close")
C("typed", "rail", "给 HXD1-0002 建一个 C3 修工单，不是 C3，是 C5", "cq", t=OP, d="rail",
  k=["HXD1-0002", "C5"], n=["C3"], e=[("locomotive", "HXD1-0002"), ("maintenance_level", "C5")],
  tags="P0 self-repair write create")
C("typed", "agv", "取消，哦不，先暂停 T-2026120172", "cq", t=OP, d="agv", k=["暂停", "T-2026120172"],
  n=["取消"], e=[("task", "T-2026120172")], f=[F("update", ("patient", "T-2026120172"), neg=False)],
  tags="P0 self-repair write action-change")
C("typed", "agv", "派 AGV-15 去 ST-04，不对……", "q", why="M", k=["AGV-15"],
  e=[("vehicle", "AGV-15")], tags="P0 self-repair write incomplete-repair",
  note="the repair marker has no replacement: the destination is unknown")
C("typed", "agv", "T-2026120173 改到明天，我是说后天", "cq", t=OP, d="agv", k=["T-2026120173", "后天"],
  n=["明天"], e=[("task", "T-2026120173"), ("time_range", "后天", HOUTIAN)],
  tags="P0 self-repair write update time")
C("typed", "rail", "WO-20261115 转给刘洋，不对，转给刘阳", "cq", t=OP, d="rail", k=["WO-20261115", "刘阳"],
  n=["刘洋"], e=[("work_order", "WO-20261115"), ("person", "刘阳")], tags="P0 self-repair write person")
C("asr", "agv", "让AGV-22去ST-01 啊不是 AGV-23去ST-01", "cq", t=OP, d="agv", k=["AGV-23", "ST-01"],
  n=["AGV-22"], e=[("vehicle", "AGV-23"), ("station", "ST-01")], r=[("AGV-23", "destination", "ST-01")],
  tags="P0 self-repair write dispatch")
C("typed", "agv", "删除 T-2026120174，算了，不删了", "c", k=["不删", "T-2026120174"],
  e=[("task", "T-2026120174")], tags="P0 self-repair negation write-retracted",
  note="the write is retracted; template must not be operation")
