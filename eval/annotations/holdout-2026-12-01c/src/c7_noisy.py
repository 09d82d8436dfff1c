from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"
W_ = ["risk:write"]

# ---------------- OCR ----------------
C("AGV－12　电量", CO, ["fullwidth", "identifier", "fragment"], src="ocr", tpl="status", dm="agv", keep=["AGV-12"], ents=[V("AGV-12")])
C("ＨＸＤ２－００３３　在哪个车间", CO, ["fullwidth", "identifier"], src="ocr", tpl="status", dm="rail", keep=["HXD2-0033"],
  ents=[L("HXD2-0033")])
C("关闭ＷＯ－２０２６０３１２", CO, W_ + ["fullwidth", "identifier"], src="ocr", tpl="operation", dm="rail", keep=["WO-20260312"],
  ents=[W("WO-20260312")], p0=True, note="width cleaning is not a correction: the identifier is unchanged")
C("取消Ｔ－２０２６０３１８４０", CO, W_ + ["fullwidth", "identifier", "cancel"], src="ocr", tpl="operation", dm="agv",
  keep=["T-2026031840"], ents=[T("T-2026031840")], p0=True)
C("AGV-0l 的位置", [CL, CO], ["lookalike:id", "ocr-confusion"], src="ocr", sl="agv", why=["protected_change", "entity"],
  keep=["AGV-0l"], nokeep=["AGV-01"], p0=True, note="lower-case l for 1")
C("HXD1-OO01 的检修计划", [CL, CO], ["lookalike:id", "ocr-confusion"], src="ocr", sl="rail", why=["protected_change", "entity"],
  nokeep=["HXD1-0001"], p0=True)
C("ST-1O附近有几台车", [CL, CO], ["lookalike:id", "ocr-confusion"], src="ocr", sl="agv", why=["protected_change", "entity"],
  nokeep=["ST-10"], p0=True)
C("把AGV-S5派到ST-02", CL, W_ + ["lookalike:id", "ocr-confusion"], src="ocr", sl="agv", why=["protected_change", "entity"],
  nokeep=["AGV-55"], p0=True, note="5/S confusion on a write")
C("车号\tHXD1-0002\n修程\tC4修\n计划日期\t3月26日\n请问这个计划排得对吗", CO, ["ocr-table", "identifier", "time"], src="ocr",
  tpl="plan", dm="rail", keep=["HXD1-0002", "C4修", "3月26日"],
  ents=[L("HXD1-0002"), ML("C4修"), TR("3月26日", rng((2026,3,26),(2026,3,27)))])
C("工单号:WO-20260322 状态:已关闭\n这张工单为什么关了", CO, ["ocr-field", "identifier"], src="ocr", tpl="workorder", dm="rail",
  keep=["WO-20260322"], ents=[W("WO-20260322")])
C("本月检修报表，谢谢！！！", CO, ["fullwidth", "punctuation", "time"], src="ocr", tpl="report", dm="rail", keep=["本月"],
  ents=[TR("本月", THISMO)])
C("电量＜２０％的ＡＧＶ列表", CO, ["fullwidth", "comparison"], src="ocr", tpl="list", dm="agv", keep=["20%", "AGV"],
  ents=[Q("20%", "20 %")], p0=True)
C("HXD1-0001\u200b 现在在哪", CO, ["zero-width", "identifier"], src="ocr", tpl="status", dm="rail", keep=["HXD1-0001"],
  ents=[L("HXD1-0001")])
C("T-2026031845　状态？", CO, ["fullwidth", "identifier"], src="ocr", tpl="status", dm="agv", keep=["T-2026031845"])

# ---------------- ASR ----------------
C("那个那个 AGV 零七 在哪", [CL, CO], ["spoken-number", "filler", "repetition"], src="asr", sl="agv",
  why=["protected_change", "entity"], nokeep=["AGV-07"], p0=True, note="spoken identifier: not rewritten to AGV-07 without confirmation")
C("嗯 有几台 小车 在 在线", CO, ["repetition", "filler"], src="asr", tpl="count", dm="agv", keep=["在线"])
C("查一下 查一下 本月的 检修 工单", CO, ["repetition"], src="asr", tpl="workorder", dm="rail", keep=["本月"], ents=[TR("本月", THISMO)])
C("电量低于 百分之 三十 的 小车", CO, ["spoken-number", "comparison"], src="asr", tpl="list", dm="agv", keep=["低于"], p0=True)
C("嗯 帮我把 T-2026031841 取消 嗯 取消掉", CO, W_ + ["repetition", "cancel"], src="asr", tpl="operation", dm="agv",
  keep=["T-2026031841"], p0=True)
C("就是 不要 派 AGV-08 去 ST-03", [CO, CL], W_ + ["negation", "filler"], src="asr", sl="agv", keep=["不要", "AGV-08", "ST-03"], p0=True)
C("昨天 呃 前天 的 AGV 报表", [CO, CL], ["self-repair", "hesitation", "time"], src="asr", tpl="report", dm="agv", keep=["前天"],
  p0=True, note="呃 between two days reads as a hesitation repair; asking is also fair")
C("机车HXD1-0001 在在在哪", CO, ["repetition", "identifier"], src="asr", tpl="status", dm="rail", keep=["HXD1-0001"])
C("AGV 的任务报表 今年的", CO, ["word-order", "time"], src="asr", tpl="report", dm="agv", keep=["今年"], ents=[TR("今年", THISYR)])
C("帮我看一下那个 呃 检修计划 下礼拜的", CO, ["colloquial", "filler"], src="asr", tpl="plan", dm="rail", keep=["下礼拜"],
  note="下礼拜 = 下周 colloquially; no canonicalValue asserted since the ontology lists only 下周")
C("二号线 那边的 小车 有 有几台 没电了", CO, ["repetition", "negation"], src="asr", tpl="count", dm="agv", keep=["没电"], p0=True)
C("嗯取消那个呃T-2026031846吧", CO, W_ + ["filler", "cancel"], src="asr", tpl="operation", dm="agv", keep=["T-2026031846"], p0=True,
  note="那个 here is a filler before a unique identifier, not a pronoun")
C("HXD1-0001 的 C2修 不 不用排了", [CO, CL], W_ + ["negation", "repetition"], src="asr", sl="rail", keep=["HXD1-0001", "不用"], p0=True)
C("检修计化这周的", CO, ["homophone"], src="asr", tpl="plan", dm="rail", keep=["这周"], ents=[TR("这周", THISWK)])

# ---------------- mixed (typed + ASR) ----------------
C("查询AGV-01当前状态 嗯 顺便看下电量", CO, ["filler"], src="mixed", tpl="status", dm="agv", keep=["AGV-01"])
C("把T-2026031842取消 那个 不对 是T-2026031843", [CO, CL], W_ + ["self-repair"], src="mixed", tpl="operation", dm="agv",
  keep=["T-2026031843"], nokeep=["T-2026031842"], p0=True)
C("本月检修计划 呃 C4修的", CO, ["filler", "maintenance_level"], src="mixed", tpl="plan", dm="rail", keep=["本月", "C4修"])
C("HXD1-0001 在哪 它的C2修排了没", [CO, CL], ["coreference", "multi-intent"], src="mixed", dm="rail", keep=["HXD1-0001"],
  coref=[("它", "HXD1-0001")])
C("WO-20260312 嗯 进度", CO, ["fragment", "identifier"], src="mixed", tpl="workorder", dm="rail", keep=["WO-20260312"])
C("今天 失败的 搬运任务 列一下 谢谢", CO, ["politeness", "time"], src="mixed", tpl="list", dm="agv", keep=["今天"], ents=[TR("今天", TODAY)])
C("今晚ST-06有几个搬运任务", CO, ["time"], src="mixed", tpl="count", dm="agv", keep=["今晚", "ST-06"], ents=[TR("今晚", TODAY_EVE), S("ST-06")])
C("别查上月了，查本月的AGV任务报表", CO, ["self-repair", "negation", "time"], src="mixed", tpl="report", dm="agv", keep=["本月"],
  ents=[TR("本月", THISMO)], p0=True, note="别查上月 withdraws the first reading; 本月 is what is asked")
C("后天上午要检修的机车有哪些", CO, ["time"], tpl="list", dm="rail", keep=["后天上午"],
  ents=[TR("后天上午", rng((2026,3,20,6),(2026,3,20,12)))])
C("今天下午3点以后完成的搬运任务", CO, ["time", "comparison"], tpl="list", dm="agv", keep=["今天下午3点", "以后"],
  ents=[TP("今天下午3点", "2026-03-18T15:00:00+08:00")], p0=True)
