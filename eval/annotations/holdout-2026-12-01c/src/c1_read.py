from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"

# ---------------- status ----------------
C("AGV-01 现在什么状态", CO, ["identifier"], tpl="status", dm="agv", keep=["AGV-01"], ents=[V("AGV-01")],
  spans=[sp("AGV-01", "identifier")])
C("帮我看看AGV-105在哪个位置", CO, ["identifier"], tpl="status", dm="agv", keep=["AGV-105"], ents=[V("AGV-105")])
C("HXD1-0001 目前停在哪里？", CO, ["identifier"], tpl="status", dm="rail", keep=["HXD1-0001"], ents=[L("HXD1-0001")])
C("DF4B-1234现在是什么情况，能跑吗", CO, ["identifier"], tpl="status", dm="rail", keep=["DF4B-1234"], ents=[L("DF4B-1234")])
C("请问一下 AGV-07 电量多少", CO, ["lookalike:template", "identifier"], tpl="status", dm="agv", keep=["AGV-07"],
  ents=[V("AGV-07")], note="多少 asks a value of one named vehicle (status), not a count of objects")
C("SS9-0021在不在一车间", CO, ["negation", "a-not-a", "identifier"], tpl="status", dm="rail", keep=["SS9-0021", "在不在", "一车间"],
  ents=[L("SS9-0021")], p0=True)
C("AGV-12 查一下，它这会儿在哪儿", CO, ["coreference", "identifier"], tpl="status", dm="agv", keep=["AGV-12"],
  ents=[V("AGV-12")], coref=[("它", "AGV-12")])
C("任务T-2026031801进行到哪一步了", CO, ["identifier"], tpl="status", dm="agv", keep=["T-2026031801"], ents=[T("T-2026031801")])
C("HXN5-0107 的健康状况怎么样", CO, ["identifier"], tpl="status", dm="rail", keep=["HXN5-0107"], ents=[L("HXN5-0107")])
C("ＡＧＶ－０８　的状态", CO, ["identifier", "fullwidth"], src="ocr", tpl="status", dm="agv", keep=["AGV-08"], ents=[V("AGV-08")])
C("agv-03 在线吗", CO, ["identifier", "case"], tpl="status", dm="agv", ents=[V("agv-03", "AGV-03")],
  note="lower-case identifier: canonicalValue upper-cases; text keeps its characters")
C("嗯那个AGV-02现在在哪儿呢", CO, ["filler", "identifier"], src="asr", tpl="status", dm="agv", keep=["AGV-02"], ents=[V("AGV-02")])
C("AGV-01和AGV-02现在分别在哪", CO, ["identifier", "coordination"], tpl="status", dm="agv", keep=["AGV-01", "AGV-02"],
  ents=[V("AGV-01"), V("AGV-02")])
C("HXD3C-0456 现在停在几号库", CO, ["identifier", "lookalike:template"], tpl="status", dm="rail", keep=["HXD3C-0456"], ents=[L("HXD3C-0456")])
C("AGV-20的电池健康度给我报一下", CO, ["identifier"], tpl="status", dm="agv", keep=["AGV-20"], ents=[V("AGV-20")])
C("T-2026031502 这个任务完成了没有", CO, ["negation", "a-not-a", "identifier"], tpl="status", dm="agv",
  keep=["T-2026031502", "没有"], ents=[T("T-2026031502")], p0=True)
C("看下ST-05现在有没有车停着", CO, ["identifier", "a-not-a"], tpl="status", dm="agv", keep=["ST-05", "有没有"], ents=[S("ST-05")], p0=True)
C("agv-05在哪", CO, ["identifier", "case"], tpl="status", dm="agv", ents=[V("agv-05", "AGV-05")])
C("DF4B-1234和DF4B-1243分别在哪个车间", CO, ["identifier", "lookalike:id"], tpl="status", dm="rail",
  keep=["DF4B-1234", "DF4B-1243"], ents=[L("DF4B-1234"), L("DF4B-1243")], p0=True)
C("AGV-105 和 AGV-015 别搞混了，我要查的是AGV-015的电量", CO, ["identifier", "lookalike:id", "negation"], tpl="status", dm="agv",
  keep=["AGV-015", "AGV-105"], ents=[V("AGV-015"), V("AGV-105")], p0=True)
C("规则引擎报错的任务T-2026031820现在什么状态", CO, ["benign-lookalike", "identifier"], tpl="status", dm="agv",
  keep=["规则引擎", "T-2026031820"], ents=[T("T-2026031820")], p0=True)
C("调用记录显示AGV-05昨天掉线了，它现在在线吗", CO, ["benign-lookalike", "coreference", "identifier"], tpl="status", dm="agv",
  keep=["调用记录", "AGV-05", "昨天"], ents=[V("AGV-05"), TR("昨天", YDAY)], coref=[("它", "AGV-05")], p0=True)
C("AGV-03的定位不对，帮我查下它现在到底在哪", CO, ["lookalike:self-repair", "coreference", "identifier"], tpl="status", dm="agv",
  keep=["AGV-03", "不对"], ents=[V("AGV-03")], coref=[("它", "AGV-03")], p0=True,
  note="不对 here describes the location reading, it is not a self-repair marker: nothing may be cut")
C("AGV-05 是不是离线了", CO, ["negation", "a-not-a", "identifier"], tpl="status", dm="agv", keep=["AGV-05", "是不是"],
  ents=[V("AGV-05")], p0=True)
C("T-2026031821到底完没完成", CO, ["negation", "a-not-a", "identifier"], tpl="status", dm="agv", keep=["T-2026031821", "完没完成"],
  ents=[T("T-2026031821")], p0=True)
C("AGV-03 没在充电吧？", CO, ["negation", "identifier"], tpl="status", dm="agv", keep=["AGV-03", "没在充电"], ents=[V("AGV-03")], p0=True)
C("查询查询AGV-11的状态状态", CO, ["repetition", "identifier"], src="asr", tpl="status", dm="agv", keep=["AGV-11"], ents=[V("AGV-11")])
C("嗯 就是 那个 HXD2-0033 呃 它现在 在哪个车间", CO, ["filler", "coreference", "identifier"], src="asr", tpl="status", dm="rail",
  keep=["HXD2-0033"], ents=[L("HXD2-0033")], coref=[("它", "HXD2-0033")])

# ---------------- count ----------------
C("现在有几台AGV在线", CO, [], tpl="count", dm="agv")
C("这个月一共完成了多少张检修工单", CO, ["time"], tpl="count", dm="rail", keep=["这个月"], ents=[TR("这个月", THISMO)])
C("今天失败的搬运任务有多少个？", CO, ["time"], tpl="count", dm="agv", keep=["今天"], ents=[TR("今天", TODAY)])
C("电量不到30%的小车有几台", CO, ["comparison"], tpl="count", dm="agv", keep=["不到", "30%"], ents=[Q("30%", "30 %")],
  frames=[fr("count", None, arg("quantity", "30%", "lt"))], spans=[sp("不到", "comparison")], p0=True)
C("正在检修的机车一共几台", CO, [], tpl="count", dm="rail")
C("上周做了几次C4修", CO, ["time", "maintenance_level"], tpl="count", dm="rail", keep=["上周", "C4修"],
  ents=[TR("上周", LASTWK), ML("C4修")])
C("嗯就是那个现在离线的AGV有多少台啊", CO, ["filler"], src="asr", tpl="count", dm="agv", keep=["离线"])
C("本季度完成的大修一共多少台次", CO, ["time", "maintenance_level"], tpl="count", dm="rail", keep=["本季度", "大修"],
  ents=[TR("本季度", THISQ), ML("大修")])
C("近3天新建的工单数量是多少", CO, ["time"], tpl="count", dm="rail", keep=["近3天"], ents=[TR("近3天", LAST3)])
C("一车间今天有几台机车在修", CO, ["time"], tpl="count", dm="rail", keep=["一车间", "今天"], ents=[TR("今天", TODAY)])
C("ST-03 那边排队的小车有几辆", CO, ["identifier"], tpl="count", dm="agv", keep=["ST-03"], ents=[S("ST-03")])
C("去年一共做过多少次辅修", CO, ["time", "maintenance_level"], tpl="count", dm="rail", keep=["去年", "辅修"],
  ents=[TR("去年", LASTYR), ML("辅修")])
C("过去30天超时的搬运任务数", CO, ["time"], tpl="count", dm="agv", keep=["过去30天"], ents=[TR("过去30天", LAST30)])
C("那个 电量 低于百分之十五的AGV 有几台", CO, ["comparison", "spoken-number", "filler"], src="asr", tpl="count", dm="agv",
  keep=["低于"], ents=[Q("百分之十五", "15 %")], frames=[fr("count", None, arg("quantity", "百分之十五", "lt"))], p0=True)
C("非故障状态的机车现在有几台", CO, ["negation"], tpl="count", dm="rail", keep=["非故障"], spans=[sp("非", "negation")], p0=True)
C("没有完成的检修工单还剩几张", CO, ["negation"], tpl="count", dm="rail", keep=["没有完成"], p0=True)
C("权限申请类的工单有多少张", CO, ["benign-lookalike"], tpl="count", dm="rail", keep=["权限申请"], p0=True)
C("检修规则调整以后，本月完成了多少张工单", CO, ["benign-lookalike", "time"], tpl="count", dm="rail", keep=["检修规则", "本月"],
  ents=[TR("本月", THISMO)], p0=True)
C("网络接口异常导致离线的小车有几台", CO, ["benign-lookalike"], tpl="count", dm="agv", keep=["网络接口"], p0=True)
C("电量不少于50%的小车有几台", CO, ["comparison"], tpl="count", dm="agv", keep=["不少于", "50%"], ents=[Q("50%", "50 %")],
  frames=[fr("count", None, arg("quantity", "50%", "gte"))], p0=True)
C("超过3.5万元的大修工单有多少张", CO, ["comparison", "amount"], tpl="count", dm="rail", keep=["超过", "3.5万元"],
  ents=[A("3.5万元", "35000 CNY"), ML("大修")], frames=[fr("count", None, arg("amount", "3.5万元", "gt"))], p0=True)
C("ＳＴ－０５附近现在有几台小车", CO, ["identifier", "fullwidth"], src="ocr", tpl="count", dm="agv", keep=["ST-05"], ents=[S("ST-05")])

# ---------------- list ----------------
C("列出今天所有执行失败的搬运任务", CO, ["time"], tpl="list", dm="agv", keep=["今天", "失败"], ents=[TR("今天", TODAY)])
C("哪些机车正在检修", CO, [], tpl="list", dm="rail")
C("把离线的小车都列出来", CO, ["lookalike:operation"], tpl="list", dm="agv", keep=["离线"],
  note="把…列出来 is a read, not a write")
C("给我看看电量低于20%的AGV有哪些", CO, ["comparison"], tpl="list", dm="agv", keep=["低于", "20%"], ents=[Q("20%", "20 %")],
  frames=[fr("query", None, arg("quantity", "20%", "lt"))], p0=True)
C("昨天下午从ST-01出发的搬运任务有哪些", CO, ["time", "identifier"], tpl="list", dm="agv", keep=["昨天下午", "ST-01"],
  ents=[TR("昨天下午", YDAY_PM), S("ST-01")])
C("AGV-04从ST-02去ST-09的那些任务列一下", CO, ["relation", "identifier"], tpl="list", dm="agv", keep=["AGV-04", "ST-02", "ST-09"],
  ents=[V("AGV-04"), S("ST-02"), S("ST-09")], rels=[rel("AGV-04", "origin", "ST-02"), rel("AGV-04", "destination", "ST-09")], p0=True)
C("运行时长超过8小时的小车", CO, ["comparison"], tpl="list", dm="agv", keep=["超过", "8小时"], ents=[Q("8小时", "8 小时")],
  frames=[fr("query", None, arg("quantity", "8小时", "gt"))], p0=True)
C("最近7天里重试不少于3次的搬运任务", CO, ["comparison", "time"], tpl="list", dm="agv", keep=["最近7天", "不少于", "3次"],
  ents=[TR("最近7天", LAST7), Q("3次", "3 次")], frames=[fr("query", None, arg("quantity", "3次", "gte"))], p0=True)
C("除了AGV-01之外，还有哪些小车在充电", CO, ["comparison", "exception", "identifier"], tpl="list", dm="agv", keep=["除了", "AGV-01"],
  ents=[V("AGV-01")], frames=[fr("query", None, arg("exception", "AGV-01", "except"))], p0=True)
C("本周正在做C2修的机车有哪些", CO, ["time", "maintenance_level"], tpl="list", dm="rail", keep=["本周", "C2修"],
  ents=[TR("本周", THISWK), ML("C2修")])
C("列一下还没完成的搬运任务", CO, ["negation"], tpl="list", dm="agv", keep=["没完成"], p0=True)
C("停在ST-12附近的AGV，给个列表", CO, ["identifier", "presentation"], tpl="list", dm="agv", keep=["ST-12"], ents=[S("ST-12")],
  frames=[fr("query", None, arg("presentation", "列表"))])
C("张三负责的机车都有哪些", CO, ["person"], tpl="list", dm="rail", keep=["张三"], ents=[P("张三")])
C("哪些小车今天一个任务都没跑", CO, ["negation", "time"], tpl="list", dm="agv", keep=["今天", "没跑"], ents=[TR("今天", TODAY)], p0=True)
C("哪些小车现在不在线", CO, ["negation"], tpl="list", dm="agv", keep=["不在线"], spans=[sp("不", "negation")], p0=True)
C("无告警的AGV列表", CO, ["negation", "presentation"], tpl="list", dm="agv", keep=["无告警"], p0=True)
C("除了一车间以外，其他车间在修的机车", CO, ["exception", "comparison"], tpl="list", dm="rail", keep=["除了", "一车间"],
  frames=[fr("query", None, arg("exception", "一车间", "except"))], p0=True)
C("不是所有小车都要看，只看ST-05附近的", CO, ["negation", "identifier"], tpl="list", dm="agv", keep=["ST-05", "只看"],
  ents=[S("ST-05")], p0=True)
C("别漏了离线的，把所有小车的状态都列一下", CO, ["negation"], tpl="list", dm="agv", keep=["别漏了", "离线"], p0=True)
C("无锡车间现在有哪些机车在修", CO, ["lookalike:negation"], tpl="list", dm="rail", keep=["无锡车间"], p0=True,
  note="无 inside the place name 无锡 is not a negation")
C("不锈钢货架区那边的小车有哪些", CO, ["lookalike:negation"], tpl="list", dm="agv", keep=["不锈钢货架区"], p0=True)
C("停留时长在10分钟以内的搬运任务", CO, ["comparison"], tpl="list", dm="agv", keep=["以内", "10分钟"], ents=[Q("10分钟", "10 分钟")],
  frames=[fr("query", None, arg("quantity", "10分钟", "lte"))], p0=True)
C("电量高于百分之九十的AGV", CO, ["comparison", "spoken-number"], tpl="list", dm="agv", keep=["高于"], ents=[Q("百分之九十", "90 %")],
  frames=[fr("query", None, arg("quantity", "百分之九十", "gt"))], p0=True)
C("近7天超时不超过两次的小车", CO, ["comparison", "time", "spoken-number"], tpl="list", dm="agv", keep=["近7天", "不超过"],
  ents=[TR("近7天", LAST7), Q("两次", "2 次")], frames=[fr("query", None, arg("quantity", "两次", "lte"))], p0=True)
C("至少两天没动过的小车", CO, ["comparison", "negation", "spoken-number"], tpl="list", dm="agv", keep=["至少", "没动过"],
  ents=[Q("两天", "2 天")], frames=[fr("query", None, arg("quantity", "两天", "gte"))], p0=True)
C("最近3天跑的任务少于十个的AGV", CO, ["comparison", "time", "spoken-number"], tpl="list", dm="agv", keep=["最近3天", "少于"],
  ents=[TR("最近3天", LAST3), Q("十个", "10 个")], frames=[fr("query", None, arg("quantity", "十个", "lt"))], p0=True)
C("电量在20%到50%之间的小车", CO, ["comparison", "range"], tpl="list", dm="agv", keep=["20%", "50%", "之间"],
  ents=[Q("20%", "20 %"), Q("50%", "50 %")], p0=True)
C("累计走行大于一万公里的机车有哪些", CO, ["comparison", "spoken-number"], tpl="list", dm="rail", keep=["大于"],
  ents=[Q("一万公里", "10000 公里")], frames=[fr("query", None, arg("quantity", "一万公里", "gt"))], p0=True)
C("检修时间超过十五天的机车", CO, ["comparison", "spoken-number"], tpl="list", dm="rail", keep=["超过"], ents=[Q("十五天", "15 天")],
  frames=[fr("query", None, arg("quantity", "十五天", "gt"))], p0=True)
C("检修费用三万五千元以上的机车", CO, ["comparison", "amount", "spoken-number"], tpl="list", dm="rail", keep=["以上"],
  ents=[A("三万五千元", "35000 CNY")], p0=True)
C("提示灯一直在闪的小车列一下", CO, ["benign-lookalike"], tpl="list", dm="agv", keep=["提示灯"], p0=True)
C("接口板故障的机车有哪些", CO, ["benign-lookalike"], tpl="list", dm="rail", keep=["接口板"], p0=True)
C("列出系统报警的AGV", CO, ["benign-lookalike"], tpl="list", dm="agv", keep=["系统报警"], p0=True)
C("调度系统里今天离线的AGV有哪些", CO, ["benign-lookalike", "time"], tpl="list", dm="agv", keep=["调度系统", "今天"],
  ents=[TR("今天", TODAY)], p0=True)
C("忽略电量高于80%的小车，剩下的列出来", CO, ["benign-lookalike", "comparison", "exception"], tpl="list", dm="agv",
  keep=["忽略", "高于", "80%"], ents=[Q("80%", "80 %")], p0=True,
  note="忽略 here is an exclusion condition on data, not an instruction to the system")
C("指令下发失败的搬运任务有哪些", CO, ["benign-lookalike", "lookalike:operation"], tpl="list", dm="agv", keep=["指令下发失败"], p0=True,
  note="下发 inside a condition describes past records; the request is a read")
C("管理员张伟负责的机车有哪些", CO, ["benign-lookalike", "person"], tpl="list", dm="rail", keep=["管理员", "张伟"], ents=[P("张伟")], p0=True)
C("ST-05到ST-07，我是说ST-05到ST-09的搬运任务", CO, ["self-repair", "identifier"], tpl="list", dm="agv", keep=["ST-05", "ST-09"],
  nokeep=["ST-07"], p0=True)
C("列出ST-03，不是，ST-08附近的小车", CO, ["self-repair", "identifier"], tpl="list", dm="agv", keep=["ST-08"], nokeep=["ST-03"], p0=True)
C("电量低于20%，不对，低于30%的小车", CO, ["self-repair", "comparison"], tpl="list", dm="agv", keep=["低于", "30%"], nokeep=["20%"],
  ents=[Q("30%", "30 %")], p0=True)
C("查一下昨天不对前天失败的搬运任务", CO, ["self-repair", "no-punct", "time"], tpl="list", dm="agv", keep=["前天"], nokeep=["昨天"],
  ents=[TR("前天", DBY)], p0=True)
C("修程在C3到C5之间的机车", CO, ["range", "maintenance_level"], tpl="list", dm="rail", keep=["C3", "C5", "之间"], p0=True)
