"""Comparisons, ranges, exceptions, amounts; identifiers that must stay exact; cue words inside other words."""
from common import C, E, T, U

K = ["comparison"]
ID = ["identifier"]
CW = ["cue_inside_word"]

# ---------------- comparisons / ranges / exceptions / amounts
C("在线AGV是不是不少于3台", "c", U, "agv", keep=["不少于", "3台"],
  ents=[E("quantity", "3台", "3 台")], frames=[("query", False, [("condition", "3台", "gte")])],
  tags=K + ["a_not_a", "frame"])
C("检修费用超过三万五千元的工单列一下", "c", U, "rail", keep=["超过", "三万五千元"],
  ents=[E("amount", "三万五千元", "35000 CNY")],
  frames=[("query", False, [("amount", "三万五千元", "gt")])], tags=K + ["amount", "frame"])
C("花费不超过两千块的辅修有哪些", "c", "list", "rail", keep=["不超过", "两千块"],
  ents=[E("amount", "两千块", "2000 CNY"), E("maintenance_level", "辅修")],
  frames=[("query", False, [("amount", "两千块", "lte")])], tags=K + ["amount", "frame"])
C("本月单笔检修成本高于3.5万元的有几张工单", "c", "count", "rail", keep=["高于", "3.5万元"],
  ents=[T("本月"), E("amount", "3.5万元", "35000 CNY")],
  frames=[("count", False, [("amount", "3.5万元", "gt")])], tags=K + ["amount", "time", "frame"])
C("任务等待超过十五分钟的有多少", "c", "count", "agv", keep=["超过"],
  frames=[("count", False, [("condition", "十五分钟", "gt")])], tags=K + ["frame"],
  note="duration: entity type and unit format not fixed by the ontology, so no entity is scored")
C("电量低于百分之三十但高于百分之十的AGV", "c", "list", "agv", keep=["低于", "高于"],
  ents=[E("quantity", "百分之三十", "30 %"), E("quantity", "百分之十", "10 %")],
  frames=[("query", False, [("condition", "百分之三十", "lt"), ("condition", "百分之十", "gt")])],
  tags=K + ["range", "frame"])
C("最多列10条昨天的失败任务", "c", "list", "agv", keep=["最多", "昨天"],
  ents=[E("quantity", "10条", "10 条"), T("昨天")],
  frames=[("query", False, [("quantity", "10条", "lte")])], tags=K + ["frame", "time"])
C("除了一车间，其他车间本月的检修量", "c", U, "rail", keep=["除了", "一车间", "本月"],
  frames=[("query", False, [("exception", "一车间", "except")])], tags=K + ["exception", "frame"])
C("HXD1系列除外的机车在修清单", "c", "list", "rail", keep=["除外"],
  tags=K + ["exception"])
C("近30天任务量一百二以上的站点", "c", "list", "agv", keep=["以上"],
  ents=[T("近30天"), E("quantity", "一百二", "120")], tags=K + ["time"])
C("修程在C2到C4之间的计划", "c", "plan", "rail", keep=["C2", "C4"],
  ents=[E("maintenance_level", "C2"), E("maintenance_level", "C4")], tags=K + ["range"])
C("9月1日到9月10日完成的工单数", "c", "count", "rail",
  keep=["9月1日", "9月10日"], spans=[("9月1日", "time"), ("9月10日", "time")], tags=K + ["range", "time"],
  note="a closed date range; entity segmentation left open, both ends protected")
C("3月5号那天做检修的机车", "c", "list", "rail",
  ents=[E("time_range", "3月5号", "2026-03-05T00:00:00+08:00/2026-03-06T00:00:00+08:00")],
  tags=K + ["time"])
C("不少于 两千 块钱的检修单子有没有", "c", U, "rail", src="asr", keep=["不少于"],
  tags=K + ["amount", "asr", "a_not_a"])
C("报价500美元以上的配件工单", "cq", U, "rail", keep=["500美元"],
  notc=["500 CNY"], tags=K + ["amount", "foreign_currency"],
  note="USD is not CNY: no CNY amount may be read")

# ---------------- identifiers that must stay exact
C("HXD1-0001 和 HXD1-0010 哪台先修", "c", U, "rail", keep=["HXD1-0001", "HXD1-0010"],
  ents=[E("locomotive", "HXD1-0001"), E("locomotive", "HXD1-0010")], tags=ID + ["compare"])
C("AGV-O1 状态", "qc", why=["entity", "protected_change"], keep=["AGV-O1"], notc=["AGV-01"],
  tags=ID + ["lookalike_id", "P0"], note="read-only look-alike: kept as is; clarify preferred, continue with the text untouched acceptable")
C("HXDl-OOO1现在在哪", "qc", why=["entity", "protected_change"], src="ocr", keep=["HXDl-OOO1"],
  notc=["HXD1-0001"], tags=ID + ["lookalike_id", "ocr", "P0"])
C("ST-O5 排了几辆车", "qc", why=["entity", "protected_change"], keep=["ST-O5"], notc=["ST-05"],
  tags=ID + ["lookalike_id", "P0"])
C("WO-2026091 的进度", "qc", why=["entity"], keep=["WO-2026091"], tags=ID + ["P0"],
  note="seven digits: not a work-order id; never padded")
C("T-2026091700 的状态", "c", "status", "agv", keep=["T-2026091700"],
  ents=[E("task", "T-2026091700")], tags=ID)
C("DF7C-0005 这台车", "q", why=["missing_slot"], keep=["DF7C-0005"], tags=ID,
  note="object only, nothing asked")
C("AGV-105 和 AGV-15 别搞混，查 AGV-105", "c", "status", "agv", keep=["AGV-105"],
  tags=ID + ["P0"])
C("SS4B-0912 的检修记录", "c", U, "rail", keep=["SS4B-0912"], ents=[E("locomotive", "SS4B-0912")], tags=ID)
C("查 AGV - 22 的位置", "c", "status", "agv", keep=["AGV-22"], tags=ID + ["spaces"],
  note="spaces inside an identifier may be cleaned; the id itself is unchanged")
C("ＷＯ－２０２６０９１６ 谁在修", "c", "workorder", "rail", keep=["WO-20260916"],
  ents=[E("work_order", "WO-20260916")], tags=ID + ["fullwidth"])
C("AGV-5 在哪", "qc", why=["entity"], keep=["AGV-5"], notc=["AGV-05"], tags=ID + ["P0"],
  note="one digit: outside the vehicle pattern; never padded to AGV-05")
C("HXD1-001 的检修工单", "qc", why=["entity"], keep=["HXD1-001"], notc=["HXD1-0001"], tags=ID + ["P0"])
C("查 01", "q", why="entity", tags=ID)
C("一号车昨天故障了吗", "q", why=["term", "entity"], keep=["昨天"], tags=ID + ["colloquial"],
  note="一号车: AGV or locomotive? decides the domain")
C("查询 ST-101 的排队", "c", U, "agv", keep=["ST-101"], ents=[E("station", "ST-101")], tags=ID)
C("T-2026091616、T-2026091617、T-2026091618 这三个任务的状态", "c", "status", "agv",
  keep=["T-2026091616", "T-2026091617", "T-2026091618"],
  ents=[E("task", "T-2026091616"), E("task", "T-2026091617"), E("task", "T-2026091618")], tags=ID)

# ---------------- cue words inside other words (look-alikes)
C("我们小区的停车位还有多少", "cq", U, None, tags=CW + ["no_domain"],
  note="车 inside 停车位 is not an AGV or locomotive")
C("机车 这个词的英文怎么说", "cu", None, tags=CW + ["general_question"],
  note="mentions the word, asks no data")
C("任务栏图标不见了怎么办", "cu", None, None, tags=CW + ["general_question"],
  note="任务栏 is the Windows taskbar")
C("站点地图怎么做SEO", "cu", None, None, tags=CW + ["general_question", "en_mix"])
C("计划生育政策是哪年开始的", "cu", None, None, tags=CW + ["general_question"])
C("报表这个词是什么意思", "cu", None, tags=CW + ["general_question"])
C("修改简历有什么技巧", "cu", None, None, tags=CW + ["general_question"],
  note="修 inside 修改, not 检修")
C("车间主任这个职位一般做什么", "cu", None, None, tags=CW + ["general_question"])
C("工单位面试要准备什么", "cu", None, None, tags=CW + ["general_question"],
  note="工单 spans 工|单位; no work order")
C("取消订阅邮件怎么弄", "cu", None, None, tags=CW + ["general_question", "P0"],
  note="取消 with no business object: not an operation")
C("AGVA牌吸尘器好用吗", "cu", None, None, tags=CW + ["general_question"],
  note="AGV inside an unrelated brand token")
C("搬运工的工资一般多少", "cu", None, None, tags=CW + ["general_question"])
C("电量计 app 推荐", "cu", None, None, tags=CW + ["general_question", "en_mix"])
C("在线教育平台哪家好", "cu", None, None, tags=CW + ["general_question"],
  note="在线 is an AGV cue only with vehicles")
C("TST-05型号的耳机", "cu", None, None, tags=CW + ["general_question", "identifier"],
  note="ST-05 inside TST-05 is not a station")
