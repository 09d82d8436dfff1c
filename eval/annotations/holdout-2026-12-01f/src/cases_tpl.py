from dsl import *

# ======== AGV: status ========
case("查询AGV-01当前状态", "continue", "agv", tags=["status", "no-clarify"], tpl="status", dom="agv", keep=["AGV-01"], ents=[I("AGV-01")],
     note="design 16.2 unnecessary-clarification example")
case("AGV-09 现在跑到哪了", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["AGV-09"], ents=[I("AGV-09")])
case("看下AGV-105还剩多少电", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["AGV-105"], ents=[I("AGV-105")])
case("AGV-02 AGV-03 这俩车啥情况", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["AGV-02", "AGV-03"],
     ents=[I("AGV-02"), I("AGV-03")])
case("ST-07 站点现在有没有被占用", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["ST-07"], ents=[I("ST-07")])
case("T-2026120102 执行到哪一步了", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["T-2026120102"],
     ents=[I("T-2026120102")])
case("AGV-11健康状况怎么样，有报警吗", "continue", "agv", tags=["status"], tpl="status", dom="agv", keep=["AGV-11"])
case("爱居威零八在哪", ["clarify", "continue"], "agv", src="asr", tags=["status", "spoken-id", "P0"], keep=["零八"],
     nots=["AGV-08"], note="ASR spelled AGV phonetically; id not given in standard form: turning 零八 into 08 changes a protected number; read-only so continue keeping text is also acceptable")
case("agv 03 在哪", ["continue", "clarify"], "agv", src="asr", tags=["status", "spoken-id"], dom="agv",
     note="missing hyphen; whether cleaning may join to AGV-03 is not settled by the spec")
case("AGV-O1 状态", ["clarify", "continue"], "agv", src="ocr", tags=["status", "lookalike-id", "P0"], nots=["AGV-01"], keep=["AGV-O1"],
     note="design 7.1 example: kept and clarified; never silently AGV-01")
case("ST-O5 那边有车吗", ["clarify", "continue"], "agv", src="ocr", tags=["status", "lookalike-id", "P0"], nots=["ST-05"], keep=["ST-O5"])
case("AGV-99 在哪", ["continue", "clarify"], "agv", tags=["status", "unknown-id", "P0"], keep=["AGV-99"], nots=["AGV-09"], dom="agv",
     note="design 16.2: keep and report no match; never AGV-09")
case("AGV-01 从 ST-01 到 ST-05 的任务", "continue", "agv", tags=["relation"], tpl="list", dom="agv", keep=["AGV-01", "ST-01", "ST-05"],
     ents=[I("AGV-01"), I("ST-01"), I("ST-05")],
     rels=[R("AGV-01", "origin", "ST-01"), R("AGV-01", "destination", "ST-05")], note="goldset-format example phrasing")
case("从ST-03出发去ST-10的那趟，AGV-06跑完没", "continue", "agv", tags=["relation", "status"], dom="agv",
     keep=["ST-03", "ST-10", "AGV-06"], rels=[R("AGV-06", "origin", "ST-03"), R("AGV-06", "destination", "ST-10")])
case("查一下AGV-04，看它电量", "continue", "agv", tags=["status", "coreference"], tpl="status", dom="agv", keep=["AGV-04"],
     corefs=[("它", "AGV-04")])

# ======== AGV: count ========
case("AGV现在几个在线", "continue", "agv", tags=["count"], tpl="count", dom="agv", canon="查询当前在线 AGV 数量",
     altcanon=["查询当前在线AGV数量"], note="design 7.2 example; canonical text reported only")
case("今天一共派了多少单搬运任务", "continue", "agv", tags=["count"], tpl="count", dom="agv", keep=["今天"], ents=[T("今天")])
case("有几台小车在充电", "continue", "agv", tags=["count"], tpl="count", dom="agv")
case("昨天下午ST-02进出了多少趟车", "continue", "agv", tags=["count", "time"], tpl="count", dom="agv", keep=["昨天下午", "ST-02"],
     ents=[T("昨天下午"), I("ST-02")])
case("本周失败的AGV任务数", "continue", "agv", tags=["count"], tpl="count", dom="agv", keep=["本周"], ents=[T("本周")])
case("离线的车有多少台", "continue", "agv", tags=["count", "term"], tpl="count", dom="agv",
     note="离线 + 车: the AGV sense (online/offline) decides; if a system asks about 车, that would be unnecessary")
case("最近7天每天平均多少个任务超时", "continue", "agv", tags=["count"], dom="agv", keep=["最近7天"], ents=[T("最近7天")])
case("在线AGV一共几台啊", "continue", "agv", src="asr", tags=["count"], tpl="count", dom="agv")
case("ST-01到ST-09有多少站是空的", "continue", "agv", tags=["count", "range"], tpl="count", dom="agv", keep=["ST-01", "ST-09"])

# ======== AGV: list ========
case("列出今天所有失败的AGV任务", "continue", "agv", tags=["list"], tpl="list", dom="agv", keep=["今天"], ents=[T("今天")])
case("有哪些车在ST-04排队", "continue", "agv", tags=["list"], tpl="list", dom="agv", keep=["ST-04"])
case("把昨晚报警的小车都列出来", "continue", "agv", tags=["list"], tpl="list", dom="agv", keep=["昨晚"], ents=[T("昨晚")])
case("AGV-05最近三天跑过的任务清单", "continue", "agv", tags=["list"], tpl="list", dom="agv", keep=["AGV-05", "最近三天"],
     ents=[I("AGV-05"), T("最近三天")])
case("哪些站点今天没有任何任务", "continue", "agv", tags=["list", "negation", "P0"], tpl="list", dom="agv", keep=["没有", "今天"])
case("以表格列出所有电量低于百分之二十五的AGV", "continue", "agv", tags=["list", "comparison", "P0"], tpl="list", dom="agv",
     keep=["低于"], ents=[Q("百分之二十五", "25 %")], frames=[F("query", False, ("presentation", "表格"))])
case("12月3号排了哪些搬运任务", "continue", "agv", tags=["list", "time"], tpl="list", dom="agv", keep=["12月3号"], ents=[T("12月3号")])

# ======== AGV: report ========
case("全年AGV任务报表", "continue", "agv", tags=["report"], tpl="report", dom="agv", keep=["全年"], ents=[T("全年")])
case("本月AGV任务报表", "continue", "agv", tags=["report"], tpl="report", dom="agv", keep=["本月"], ents=[T("本月")])
case("出一份上周小车运行汇总", "continue", "agv", tags=["report"], tpl="report", dom="agv", keep=["上周"], ents=[T("上周")])
case("按站点汇总这个月的搬运量，做成柱状图", "continue", "agv", tags=["report", "presentation"], tpl="report", dom="agv",
     keep=["这个月"], ents=[T("这个月")], frames=[F("query", False, ("presentation", "柱状图"))])
case("上季度AGV故障统计，用饼图", "continue", "agv", tags=["report", "presentation"], tpl="report", dom="agv", keep=["上季度"],
     ents=[T("上季度")], frames=[F("query", False, ("presentation", "饼图"))])
case("去年全年AGV稼动率报表", "continue", "agv", tags=["report"], tpl="report", dom="agv", keep=["去年"], ents=[T("去年")])
case("最近十天每台AGV的任务完成率折线图", "continue", "agv", tags=["report", "presentation"], tpl="report", dom="agv",
     keep=["最近十天"], ents=[T("最近十天")], frames=[F("query", False, ("presentation", "折线图"))])

# ======== RAIL: status ========
case("HXD1-0001现在在哪", "continue", "rail", tags=["status"], tpl="status", dom="rail", keep=["HXD1-0001"], ents=[I("HXD1-0001")])
case("DF4B-1234在哪个车间", "continue", "rail", tags=["status"], tpl="status", dom="rail", keep=["DF4B-1234"], ents=[I("DF4B-1234")])
case("HXN5-0088检修进度到哪了", "continue", "rail", tags=["status"], dom="rail", keep=["HXN5-0088"], ents=[I("HXN5-0088")],
     note="status vs workorder left open")
case("SS4G-0321的状态", "continue", "rail", tags=["status"], tpl="status", dom="rail", keep=["SS4G-0321"], ents=[I("SS4G-0321")])
case("HXD3C-0456 修完出库了没", "continue", "rail", tags=["status"], tpl="status", dom="rail", keep=["HXD3C-0456"])
case("DF11-0520 现在停在三车间吗", "continue", "rail", tags=["status", "relation"], tpl="status", dom="rail", keep=["DF11-0520", "三车间"],
     rels=[R("DF11-0520", "located_at", "三车间")])
case("HXD1-0001 在一车间", "continue", "rail", tags=["relation"], dom="rail", keep=["HXD1-0001", "一车间"],
     rels=[R("HXD1-0001", "located_at", "一车间")], ents=[I("HXD1-0001")])
case("张三负责HXD1-0001吧，它现在啥状态", "continue", "rail", tags=["relation", "coreference"], tpl="status", dom="rail",
     keep=["张三", "HXD1-0001"], rels=[R("张三", "responsible_for", "HXD1-0001")], corefs=[("它", "HXD1-0001")])
case("HXDl-0001 现在在哪", ["clarify", "continue"], "rail", src="ocr", tags=["status", "lookalike-id", "P0"], keep=["HXDl-0001"],
     nots=["HXD1-0001"], note="lower-case l look-alike (design 5.3)")
case("HXDl-OOO1的检修工单", ["clarify", "continue"], "rail", src="ocr", tags=["lookalike-id", "P0"], keep=["HXDl-OOO1"],
     nots=["HXD1-0001"], note="design 16.2 OCR confusion example")
case("和谐一型零零零一在几号库", ["clarify", "continue"], "rail", src="asr", tags=["spoken-id", "P0"], nots=["HXD1-0001"],
     note="spoken locomotive model; mapping to HXD1-0001 would change a protected id")

# ======== RAIL: count ========
case("本月完成了多少张工单", "continue", "rail", tags=["count"], tpl="count", dom="rail", keep=["本月"], ents=[T("本月")])
case("现在有几台机车在修", "continue", "rail", tags=["count"], tpl="count", dom="rail")
case("上个月一车间做了几次C2修", "continue", "rail", tags=["count"], tpl="count", dom="rail", keep=["上个月", "一车间", "C2"],
     ents=[T("上个月"), ML("C2修")])
case("今年大修了多少台HXD3C", "continue", "rail", tags=["count"], tpl="count", dom="rail", keep=["今年"], ents=[T("今年"), ML("大修")])
case("本季度超期未修的机车几台", "continue", "rail", tags=["count", "negation", "P0"], tpl="count", dom="rail", keep=["未修", "本季度"],
     ents=[T("本季度")])
case("三级修今天还剩几张工单没关", "continue", "rail", tags=["count", "negation", "P0"], tpl="count", dom="rail", keep=["没关", "今天"],
     ents=[ML("三级修"), T("今天")])

# ======== RAIL: list ========
case("有哪些机车在检修", "continue", "rail", tags=["list"], tpl="list", dom="rail")
case("列出二车间今天进库的机车", "continue", "rail", tags=["list"], tpl="list", dom="rail", keep=["二车间", "今天"], ents=[T("今天")])
case("王建国负责的机车都有哪些", "continue", "rail", tags=["list", "relation"], tpl="list", dom="rail", keep=["王建国"], ents=[P("王建国")])
case("下周要做小修的车列一下", "continue", "rail", tags=["list", "term"], dom="rail", keep=["下周", "小修"], ents=[T("下周"), ML("小修")],
     note="小修 implies rail, so 车 is a locomotive; list vs plan left open")
case("昨天新发现故障的机车清单", "continue", "rail", tags=["list"], tpl="list", dom="rail", keep=["昨天"], ents=[T("昨天")])

# ======== RAIL: report ========
case("全年检修报表", "continue", "rail", tags=["report"], tpl="report", dom="rail", keep=["全年"], ents=[T("全年")])
case("出一份本月各车间检修汇总", "continue", "rail", tags=["report"], tpl="report", dom="rail", keep=["本月"], ents=[T("本月")])
case("上季度机车故障统计报表", "continue", "rail", tags=["report"], tpl="report", dom="rail", keep=["上季度"], ents=[T("上季度")])
case("2026年11月检修报表发我一下", "continue", "rail", tags=["report", "time"], tpl="report", dom="rail", keep=["2026年11月"],
     ents=[T("2026年11月")])
case("检修工单报表", ["continue", "clarify"], "rail", tags=["report", "composite"], dom="rail",
     note="design 16.2 composite: report of work orders; clarify allowed when policy unclear; template left open")
case("去年C4修和C5修的对比统计", "continue", "rail", tags=["report", "compare"], tpl="report", dom="rail", keep=["去年", "C4", "C5"],
     ents=[T("去年")])

# ======== RAIL: workorder ========
case("查一下检修工单", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail")
case("WO-20260312的进度", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail", keep=["WO-20260312"], ents=[I("WO-20260312")])
case("WO-20261129这张单现在谁在做", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail", keep=["WO-20261129"])
case("HXD1-0006的检修工单给我看看", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail", keep=["HXD1-0006"])
case("赵敏手上的工单", "continue", "rail", tags=["workorder"], dom="rail", keep=["赵敏"], ents=[P("赵敏")])
case("工单号 WO-20261203 详情", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail", keep=["WO-20261203"])
case("ＷＯ－２０２６１１２６ 的处理结果", "continue", "rail", tags=["workorder", "fullwidth"], tpl="workorder", dom="rail",
     keep=["WO-20261126"], ents=[I("WO-20261126", "WO-20261126")])

# ======== RAIL: plan ========
case("查询本月检修计划", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["本月"], ents=[T("本月")])
case("下周的检修排程出来没", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["下周"], ents=[T("下周")])
case("HXD3C-0456下次C3修排在哪天", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["HXD3C-0456", "C3"],
     ents=[I("HXD3C-0456"), ML("C3修")])
case("明天一车间的修车计划", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["明天", "一车间"], ents=[T("明天")])
case("下季度的中修计划安排", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["下季度"], ents=[T("下季度"), ML("中修")])
case("明年的大修计划有几台", "continue", "rail", tags=["plan", "count"], dom="rail", keep=["明年"], ents=[T("明年"), ML("大修")],
     note="plan vs count left open")
case("明早在一车间用探伤仪检查HXD1-0001", ["continue", "clarify"], "rail", tags=["srl"], dom="rail", keep=["明早", "一车间", "探伤仪", "HXD1-0001"],
     ents=[T("明早"), I("HXD1-0001")], note="design 16.2 SRL example rephrased; actionClass of 检查 (query vs create) unsettled, so no frame asserted")

# ======== ASR noise ========
case("查询检休计划", "continue", "rail", src="asr", tags=["asr", "correction"], tpl="plan", dom="rail", corr=[("检休", "检修")],
     note="design 16.2 homophone example")
case("全年检休抱表", "continue", "rail", src="typed", tags=["typo", "correction"], tpl="report", dom="rail",
     corr=[("检休", "检修"), ("抱表", "报表")], ents=[T("全年")], note="design 7.1 example")
case("全员检修报表", "clarify", "rail", src="asr", alts=["全年检修报表"], tags=["asr", "P0"], reason=["term", "protected_change", "intent"],
     note="design 16.2: the audio may be 全年; do not widen the time range silently")
case("帮我看一下这个月的检修报表哈", "continue", "rail", src="asr", tags=["asr", "politeness"], tpl="report", dom="rail",
     keep=["这个月"], ents=[T("这个月")])
case("看下昨天 一号车 故障", ["continue", "clarify"], "none", src="asr", tags=["asr", "term"], keep=["昨天"],
     note="design 16.2 broken phrasing; 一号车 has no domain word - clarify (term/entity) or continue keeping facts")
case("本月的工单完成了多少张张", "continue", "rail", src="asr", tags=["asr", "repeat"], tpl="count", dom="rail", keep=["本月"])
case("AGV在线数量 在线数量", "continue", "agv", src="asr", tags=["asr", "repeat"], tpl="count", dom="agv",
     note="repeated ASR tail can be merged")
case("查一下检修公单", "continue", "rail", src="asr", tags=["asr", "correction"], tpl="workorder", dom="rail", corr=[("公单", "工单")])
case("艾吉维现在几台在线", ["continue", "clarify"], "agv", src="asr", tags=["asr"], dom="agv", tpl="count",
     note="艾吉维 phonetic AGV; mapping a domain word is not a protected-id change")
case("那个 嗯 就是 本周的 AGV任务报表 对", "continue", "agv", src="asr", tags=["asr", "filler"], tpl="report", dom="agv", keep=["本周"],
     ents=[T("本周")])
case("昨天晚上二车间的修城计划", "continue", "rail", src="asr", tags=["asr", "correction"], tpl="plan", dom="rail", keep=["昨天晚上"],
     ents=[T("昨天晚上")], note="修城 ASR for 修程; correction expected but not asserted")
case("机车检修工单 三级秀 的有哪些", "continue", "rail", src="asr", tags=["asr"], dom="rail", note="三级秀 ~ 三级修")
case("AGV-03 AGV-03 在哪", "continue", "agv", src="asr", tags=["asr", "repeat"], tpl="status", dom="agv", keep=["AGV-03"])
case("帮我查一下上个月 呃 检修完成率", "continue", "rail", src="asr", tags=["asr", "filler"], dom="rail", keep=["上个月"], ents=[T("上个月")])
case("小车电量低于百分之二十的有哪几台啊", "continue", "agv", src="asr", tags=["asr", "comparison", "P0"], dom="agv", keep=["低于"],
     ents=[Q("百分之二十", "20 %")])

# ======== OCR noise ========
case("机车号：HXD1-0001  修程：C2  日期：12月5日", ["continue", "clarify"], "rail", src="ocr", tags=["ocr"], dom="rail",
     keep=["HXD1-0001", "C2", "12月5日"], ents=[I("HXD1-0001"), T("12月5日")], note="OCR form fragment; intent unclear")
case("工单WO-20261201 状态:待审核", "continue", "rail", src="ocr", tags=["ocr"], tpl="workorder", dom="rail", keep=["WO-20261201"])
case("AGV-0l 电量 15%", ["clarify", "continue"], "agv", src="ocr", tags=["ocr", "lookalike-id", "P0"], keep=["AGV-0l"], nots=["AGV-01"])
case("ST-I2 站点占用情况", ["clarify", "continue"], "agv", src="ocr", tags=["ocr", "lookalike-id", "P0"], keep=["ST-I2"], nots=["ST-12"])
case("DF4B-I234 检修记录", ["clarify", "continue"], "rail", src="ocr", tags=["ocr", "lookalike-id", "P0"], keep=["DF4B-I234"],
     nots=["DF4B-1234"])
case("T-2O26120101 任务详情", ["clarify", "continue"], "agv", src="ocr", tags=["ocr", "lookalike-id", "P0"], keep=["T-2O26120101"],
     nots=["T-2026120101"])
case("检修计划表\n机车 HXD3C-0456 C3修 12月3号\n机车 SS4G-0321 C1修 12月5日\n这两台能按时吗", "continue", "rail", src="ocr",
     tags=["ocr", "plan"], dom="rail", keep=["HXD3C-0456", "SS4G-0321"], ents=[T("12月3号"), T("12月5日")])
case("ＨＸＤ１－０００１ 现在在哪个库", "continue", "rail", src="ocr", tags=["ocr", "fullwidth"], tpl="status", dom="rail",
     keep=["HXD1-0001"], ents=[I("HXD1-0001", "HXD1-0001")])
case("检 修 工 单 查 询", "continue", "rail", src="ocr", tags=["ocr", "spacing"], tpl="workorder", dom="rail")
