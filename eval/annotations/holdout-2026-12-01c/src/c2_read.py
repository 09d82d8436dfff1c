from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"

# ---------------- report ----------------
C("给我出一份今年的检修报表", CO, ["time"], tpl="report", dm="rail", keep=["今年", "检修报表"], ents=[TR("今年", THISYR)])
C("这个月的AGV搬运任务汇总一下", CO, ["time"], tpl="report", dm="agv", keep=["这个月", "AGV"], ents=[TR("这个月", THISMO)])
C("上季度机车检修统计", CO, ["time"], tpl="report", dm="rail", keep=["上季度"], ents=[TR("上季度", LASTQ)])
C("麻烦帮我瞅一眼本月检修的报表哈", CO, ["politeness", "time"], tpl="report", dm="rail", keep=["本月"], ents=[TR("本月", THISMO)])
C("全年的AGV任务报表，用柱状图展示", CO, ["time", "presentation"], tpl="report", dm="agv", keep=["全年", "AGV", "柱状图"],
  ents=[TR("全年", THISYR)], frames=[fr("query", None, arg("presentation", "柱状图"))])
C("去年各车间大修情况汇总", CO, ["time", "maintenance_level"], tpl="report", dm="rail", keep=["去年", "大修"],
  ents=[TR("去年", LASTYR), ML("大修")])
C("上周小车故障情况做个饼图统计", CO, ["time", "presentation"], tpl="report", dm="agv", keep=["上周", "饼图"],
  ents=[TR("上周", LASTWK)], frames=[fr("query", None, arg("presentation", "饼图"))])
C("今年的检休抱表发我一下", CO, ["typo", "time"], tpl="report", dm="rail", keep=["今年"], ents=[TR("今年", THISYR)],
  corr=[{"from": "检休", "to": "检修"}, {"from": "抱表", "to": "报表"}])
C("本周AGV电量统计，出个表格", CO, ["time", "presentation"], tpl="report", dm="agv", keep=["本周", "AGV"],
  ents=[TR("本周", THISWK)], frames=[fr("query", None, arg("presentation", "表格"))])
C("嗯 全员检修报表导一下", CL, ["asr-ambiguity", "protected-change"], src="asr", sl="rail", why=["protected_change", "term"],
  alts=["嗯 全年检修报表导一下"], nokeep=["全年"], p0=True,
  note="ASR alternative differs in the time scope (全员/全年): not auto-chosen")
C("下个月的机车检修报表，画成折线图", CO, ["time", "presentation"], tpl="report", dm="rail", keep=["下个月", "折线图"],
  ents=[TR("下个月", NEXTMO)])
C("出一份本月检修工单的统计报表", [CO, CL], ["compound-template", "time"], tpl="report", dm="rail", keep=["本月", "工单"],
  ents=[TR("本月", THISMO)], note="compound 工单+报表: an aggregate of work orders (design 16.2 allows clarify)")
C("上周系统升级期间的AGV任务报表", CO, ["benign-lookalike", "time"], tpl="report", dm="agv", keep=["系统升级", "上周"],
  ents=[TR("上周", LASTWK)], p0=True)
C("查上周的，诶不对，本周的AGV任务报表", CO, ["self-repair", "time"], tpl="report", dm="agv", keep=["本周"], nokeep=["上周"],
  ents=[TR("本周", THISWK)], p0=True)
C("去年，哦不对，今年的检修报表", CO, ["self-repair", "time"], tpl="report", dm="rail", keep=["今年"], nokeep=["去年"],
  ents=[TR("今年", THISYR)], p0=True)
C("今天的，哦不是昨天的，也不对，前天的AGV报表", CO, ["self-repair", "time"], tpl="report", dm="agv", keep=["前天"],
  nokeep=["今天", "昨天"], ents=[TR("前天", DBY)], p0=True)
C("这个月检修报表的数据好像不对，能再出一份吗", CO, ["lookalike:self-repair", "time"], tpl="report", dm="rail",
  keep=["这个月", "不对"], ents=[TR("这个月", THISMO)], p0=True, note="不对 is about the data, not a self-repair")
C("最近7天AGV任务完成情况汇总", CO, ["time"], tpl="report", dm="agv", keep=["最近7天"], ents=[TR("最近7天", LAST7)])

# ---------------- workorder ----------------
C("WO-20260312 现在进度到哪了", CO, ["identifier"], tpl="workorder", dm="rail", keep=["WO-20260312"], ents=[W("WO-20260312")])
C("看看检修工单", CO, [], tpl="workorder", dm="rail")
C("我想看下WO-20260228这张工单的详情", CO, ["identifier"], tpl="workorder", dm="rail", keep=["WO-20260228"], ents=[W("WO-20260228")])
C("WO-20260230 的进度怎么样了", CO, ["identifier", "lookalike:date"], tpl="workorder", dm="rail", keep=["WO-20260230"],
  ents=[W("WO-20260230")], p0=True, note="the digits look like an impossible date (2月30日) but form a valid work-order id")
C("查一下审批中的检修工单", CO, ["benign-lookalike"], tpl="workorder", dm="rail", keep=["审批中"], p0=True)
C("检修工単查询", CO, ["glyph"], src="ocr", tpl="workorder", dm="rail", note="OCR glyph 単 for 单")
C("工单WO-20260305是谁负责的", CO, ["identifier"], tpl="workorder", dm="rail", keep=["WO-20260305"], ents=[W("WO-20260305")])
C("昨天提交的检修工单看一下", CO, ["time"], tpl="workorder", dm="rail", keep=["昨天"], ents=[TR("昨天", YDAY)])
C("查询检修工单，不要已完成的", CO, ["negation"], tpl="workorder", dm="rail", keep=["不要", "已完成"], spans=[sp("不要", "negation")], p0=True)
C("ＷＯ－２０２６０３１０　这张单子到哪一步了", CO, ["identifier", "fullwidth"], src="ocr", tpl="workorder", dm="rail",
  keep=["WO-20260310"], ents=[W("WO-20260310")])
C("未派单的检修工单", CO, ["negation"], tpl="workorder", dm="rail", keep=["未派单"], p0=True)
C("并非所有工单都关了吧，查一下没关闭的检修工单", CO, ["negation"], tpl="workorder", dm="rail", keep=["没关闭"], p0=True)
C("费用超过3万元的检修工单", CO, ["comparison", "amount"], tpl="workorder", dm="rail", keep=["超过", "3万元"],
  ents=[A("3万元", "30000 CNY")], frames=[fr("query", None, arg("amount", "3万元", "gt"))], p0=True)
C("检修费用在2万元到5万元之间的工单", CO, ["range", "amount"], tpl="workorder", dm="rail", keep=["2万元", "5万元", "之间"],
  ents=[A("2万元", "20000 CNY"), A("5万元", "50000 CNY")], p0=True)
C("两千元以内的小修工单", CO, ["comparison", "amount", "spoken-number"], tpl="workorder", dm="rail", keep=["以内"],
  ents=[A("两千元", "2000 CNY"), ML("小修")], frames=[fr("query", None, arg("amount", "两千元", "lte"))], p0=True)
C("WO-20260312说错了WO-20260313的进度", CO, ["self-repair", "no-punct", "identifier"], tpl="workorder", dm="rail",
  keep=["WO-20260313"], nokeep=["WO-20260312"], p0=True)
C("工单WO-20260314的备注写着“忽略此单”，这是什么意思", CO, ["benign-lookalike", "identifier", "quoted"], tpl="workorder", dm="rail",
  keep=["WO-20260314", "忽略此单"], p0=True, note="quoted data that merely looks like an instruction")
C("审批单号：WO-20260316\n状态：待审批\n问：这张工单卡在哪一步了", CO, ["benign-lookalike", "ocr-field", "identifier"], src="ocr",
  tpl="workorder", dm="rail", keep=["WO-20260316", "待审批"], ents=[W("WO-20260316")], p0=True)
C("HXD1-0001名下还有哪些没关的工单", CO, ["identifier", "negation"], tpl="workorder", dm="rail", keep=["HXD1-0001", "没关"],
  ents=[L("HXD1-0001")], p0=True)

# ---------------- plan ----------------
C("本月的检修计划给我看看", CO, ["time"], tpl="plan", dm="rail", keep=["本月"], ents=[TR("本月", THISMO)])
C("下周有哪些检修排程", CO, ["time"], tpl="plan", dm="rail", keep=["下周"], ents=[TR("下周", NEXTWK)])
C("HXD1-0001 的检修计划排在什么时候", CO, ["identifier"], tpl="plan", dm="rail", keep=["HXD1-0001"], ents=[L("HXD1-0001")])
C("帮我查下检休计划", CO, ["homophone"], src="asr", tpl="plan", dm="rail", corr=[{"from": "检休", "to": "检修"}])
C("看一下上个月的，不对，这个月的检修计划", CO, ["self-repair", "time"], tpl="plan", dm="rail", keep=["这个月"],
  nokeep=["上个月"], ents=[TR("这个月", THISMO)], p0=True)
C("明天上午的检修排程", CO, ["time"], tpl="plan", dm="rail", keep=["明天上午"], ents=[TR("明天上午", TMR_AM)])
C("3月25日的检修计划", CO, ["time"], tpl="plan", dm="rail", keep=["3月25日"], ents=[TR("3月25日", rng((2026,3,25),(2026,3,26)))])
C("下季度的大修计划", CO, ["time", "maintenance_level"], tpl="plan", dm="rail", keep=["下季度", "大修"],
  ents=[TR("下季度", NEXTQ), ML("大修")])
C("DF11-0032 下次中修排在哪天", CO, ["identifier", "maintenance_level"], tpl="plan", dm="rail", keep=["DF11-0032", "中修"],
  ents=[L("DF11-0032"), ML("中修")])
C("嗯这个 那个 检修计划 就是这周的", CO, ["filler", "time"], src="asr", tpl="plan", dm="rail", keep=["这周"],
  ents=[TR("这周", THISWK)])
C("ＨＸＤ１－０００１的检修计划", CO, ["fullwidth", "identifier"], src="ocr", tpl="plan", dm="rail", keep=["HXD1-0001"],
  ents=[L("HXD1-0001")])
C("HXD2-0100有没有检修计划", CO, ["a-not-a", "identifier"], tpl="plan", dm="rail", keep=["HXD2-0100", "有没有"],
  ents=[L("HXD2-0100")], p0=True)
C("HXD1-0001不是没有检修计划吧", CO, ["double-negation", "identifier"], tpl="plan", dm="rail", keep=["HXD1-0001", "不是没有"],
  ents=[L("HXD1-0001")], p0=True)
C("未来三天的检修计划", CO, ["lookalike:negation"], tpl="plan", dm="rail", keep=["未来三天"], p0=True,
  note="未 inside 未来 is not a negation; 未来三天 is not a listed relative phrase, so no canonicalValue is asserted")
C("HXD1-0001的制动系统检修计划", CO, ["benign-lookalike", "identifier"], tpl="plan", dm="rail", keep=["制动系统", "HXD1-0001"], p0=True)
C("审批通过的检修计划有哪些", CO, ["benign-lookalike"], tpl="plan", dm="rail", keep=["审批通过"], p0=True)
C("HXD1D-0009的C6修计划", CO, ["identifier", "maintenance_level"], tpl="plan", dm="rail", keep=["HXD1D-0009", "C6修"],
  ents=[L("HXD1D-0009"), ML("C6修")])
C("查本月的检修计划，改成下月的", [CO, CL], ["self-repair", "lookalike:operation", "time"], tpl="plan", dm="rail", keep=["下月"],
  p0=True, note="改成 as a self-repair of the query time; clarify allowed because 改成 can also read as an update")
C("二零二六年三月的检修计划", CO, ["spoken-number", "time"], src="asr", tpl="plan", dm="rail",
  ents=[TR("二零二六年三月", THISMO)])
C("2026年4月一车间的检修排程", CO, ["time"], tpl="plan", dm="rail", keep=["2026年4月", "一车间"],
  ents=[TR("2026年4月", NEXTMO)])
