from dsl import *

NG = ["P0", "negation"]
# ---- negation ----
case("不要查AGV-01，查AGV-02的状态", "continue", "agv", tags=NG, tpl="status", dom="agv", keep=["AGV-02"],
     note="explicit exclusion of AGV-01; AGV-01 may stay in canonical text with its negation")
case("不要查 AGV-01", ["continue", "clarify"], "agv", tags=NG, keep=["不要", "AGV-01"], frames=[F("query", True)],
     note="design 16.2: 不要 protected, must not become a query or dispatch")
case("没完成的检修工单有哪些", "continue", "rail", tags=NG, dom="rail", keep=["没完成"], note="list vs workorder left open")
case("本月还没做C2修的机车", "continue", "rail", tags=NG, tpl="list", dom="rail", keep=["没做", "本月"], ents=[T("本月"), ML("C2修")])
case("HXD1-0001 不是张三负责的吧", "continue", "rail", tags=NG+["relation"], dom="rail", keep=["不是", "张三", "HXD1-0001"],
     rels=[R("张三", "responsible_for", "HXD1-0001", True)])
case("DF4B-1234不归李四管", "continue", "rail", tags=NG+["relation"], dom="rail", keep=["不归", "李四"],
     rels=[R("李四", "responsible_for", "DF4B-1234", True)])
case("未充电的AGV有几台", "continue", "agv", tags=NG, tpl="count", dom="agv", keep=["未充电"])
case("AGV-06 今天一单都没跑吗", "continue", "agv", tags=NG, dom="agv", keep=["没跑", "AGV-06", "今天"], ents=[I("AGV-06"), T("今天")])
case("哪些站点现在没有车停", "continue", "agv", tags=NG, tpl="list", dom="agv", keep=["没有车"])
case("上周没按时关闭的工单数量", "continue", "rail", tags=NG, tpl="count", dom="rail", keep=["没按时关闭", "上周"], ents=[T("上周")])
case("不在线的小车列个表", "continue", "agv", tags=NG, tpl="list", dom="agv", keep=["不在线"], frames=[F("query", False, ("presentation", "表"))],
     note="presentation role for 表 is a guess; frame negated=false because the query itself is not denied")
case("HXD3C-0456 不在一车间", "continue", "rail", tags=NG+["relation"], dom="rail", keep=["不在", "一车间"],
     rels=[R("HXD3C-0456", "located_at", "一车间", True)], note="a statement; template left open")
case("无故障的机车不用列", ["continue", "clarify"], "rail", tags=NG, dom="rail", keep=["无故障", "不用"],
     note="negative-only instruction; what to list is implicit (the faulty ones) - left open")
case("别给我看饼图，用表格列出本月各车间工单", "continue", "rail", tags=NG+["presentation"], dom="rail", keep=["别", "表格", "本月"],
     ents=[T("本月")])
case("AGV-05 还没回充电桩？", "continue", "agv", tags=NG, tpl="status", dom="agv", keep=["没回", "AGV-05"])
case("非C类修程的计划有哪些", "continue", "rail", tags=NG, dom="rail", keep=["非"], note="非 prefix is negation; template plan/list open")
case("不少于不多于……算了，就查AGV-03在哪", ["continue"], "agv", tags=NG+["self-repair"], tpl="status", dom="agv", keep=["AGV-03"],
     note="abandoned phrase then a clear query")

AN = ["P0", "a-not-a"]
# ---- A-not-A ----
case("AGV-01是不是离线了", "continue", "agv", tags=AN, tpl="status", dom="agv", keep=["AGV-01", "离线"], frames=[F("query", False)])
case("HXD1-0001能不能今天出库", "continue", "rail", tags=AN, dom="rail", keep=["HXD1-0001", "今天"], ents=[I("HXD1-0001"), T("今天")],
     frames=[F("query", False)])
case("ST-04有没有车在排队", "continue", "agv", tags=AN, tpl="status", dom="agv", keep=["ST-04"], frames=[F("query", False)])
case("WO-20261122要不要返工", ["continue", "clarify"], "rail", tags=AN, dom="rail", keep=["WO-20261122"], frames=[F("query", False)],
     note="要不要 asks, not orders; never a write")
case("是不是所有AGV都不在线", "continue", "agv", tags=AN+["negation"], dom="agv", keep=["不在线"],
     note="A-not-A plus a real negation: 不在线 must survive")
case("今天检修计划里有没有DF4B-1234", "continue", "rail", tags=AN, tpl="plan", dom="rail", keep=["DF4B-1234", "今天"],
     ents=[I("DF4B-1234"), T("今天")])
case("AGV-08电量够不够跑到ST-11", "continue", "agv", tags=AN, dom="agv", keep=["AGV-08", "ST-11"])
case("上个月的工单是不是都关了", "continue", "rail", tags=AN, dom="rail", keep=["上个月"], ents=[T("上个月")])
case("要不要把AGV-03派出去你看着办", "clarify", "agv", tags=AN+["write"], reason=["intent", "missing_slot"],
     note="write delegated to the assistant, no destination: must not execute; asks")
case("能不能帮我查下本季度AGV任务报表", "continue", "agv", tags=AN, tpl="report", dom="agv", keep=["本季度"], ents=[T("本季度")])
case("HXN5-0088是不是不用做中修了", "continue", "rail", tags=AN+["negation"], dom="rail", keep=["HXN5-0088", "不用"],
     note="是不是不… must not become 是不… (external README)")
case("有没有超过三天没动的AGV", "continue", "agv", tags=AN+["comparison"], dom="agv", keep=["超过", "没动"])
case("机车检修是不是都排到下周了", "continue", "rail", tags=AN, tpl="plan", dom="rail", keep=["下周"], ents=[T("下周")])
case("AGV-02 在不在 ST-05", "continue", "agv", tags=AN, tpl="status", dom="agv", keep=["AGV-02", "ST-05"],
     rels=[R("AGV-02", "located_at", "ST-05")])

CP = ["P0", "comparison"]
# ---- comparisons and ranges ----
case("电量低于百分之二十的AGV有哪些", "continue", "agv", tags=CP, tpl="list", dom="agv", keep=["低于"], ents=[Q("百分之二十", "20 %")])
case("不少于3台AGV在线的站点", "continue", "agv", tags=CP, dom="agv", keep=["不少于"], ents=[Q("3台", "3 台")],
     frames=[F("query", False, ("quantity", "3台", "gte"))])
case("本月超过五张工单的车间", "continue", "rail", tags=CP, dom="rail", keep=["超过", "本月"], ents=[T("本月"), Q("五张", "5 张")],
     frames=[F("query", False, ("quantity", "五张", "gt"))])
case("检修费用在两万到三万五之间的工单", "continue", "rail", tags=CP+["amount"], dom="rail", keep=["之间"],
     note="两万到三万五 with no currency word: no amount canonical asserted")
case("维修费超过三万五千元的工单有多少张", "continue", "rail", tags=CP+["amount"], tpl="count", dom="rail", keep=["超过"],
     ents=[A("三万五千元", "35000 CNY")])
case("AGV 速度不超过1.2米每秒的有几台", "continue", "agv", tags=CP, tpl="count", dom="agv", keep=["不超过", "1.2"])
case("最多列10条昨天失败的AGV任务", "continue", "agv", tags=CP, tpl="list", dom="agv", keep=["最多", "昨天"],
     ents=[T("昨天"), Q("10条", "10 条")])
case("三天以内到期的检修计划", "continue", "rail", tags=CP, tpl="plan", dom="rail", keep=["以内"])
case("电量在30%到60%之间的小车", "continue", "agv", tags=CP, tpl="list", dom="agv", keep=["之间"],
     ents=[Q("30%", "30 %"), Q("60%", "60 %")])
case("至少两次C2修返修的机车", "continue", "rail", tags=CP, dom="rail", keep=["至少"])
case("高于平均故障率的AGV列出来", "continue", "agv", tags=CP, tpl="list", dom="agv", keep=["高于"])
case("里程不到5000公里就进中修的机车有哪些", "continue", "rail", tags=CP, tpl="list", dom="rail", keep=["不到", "5000"],
     ents=[Q("5000公里", "5000 公里"), ML("中修")])
case("本周任务量大于一百二的AGV", "continue", "agv", tags=CP, dom="agv", keep=["大于", "本周"], ents=[T("本周")],
     note="一百二 = 120 per ontology; no unit so quantity canonical would be '120'")
case("少于两台车在线时提醒我——先告诉我现在在线几台AGV", "continue", "agv", tags=CP, tpl="count", dom="agv", keep=["在线"])
case("不低于C3级别的修程计划", "continue", "rail", tags=CP+["lookalike-cue"], tpl="plan", dom="rail", keep=["不低于", "C3"],
     note="级别 contains 别 but is not a negation")
case("11月20号到12月3号之间完成的工单数", "continue", "rail", tags=CP+["time"], tpl="count", dom="rail", keep=["11月20号", "12月3号"],
     ents=[T("11月20号"), T("12月3号")], note="each endpoint given as its own day; a merged range entity would also be reasonable")
case("过去30天平均每天超过20单的站点", "continue", "agv", tags=CP, dom="agv", keep=["过去30天", "超过"], ents=[T("过去30天")])
case("近三天电量一直在百分之十五以下的车", "continue", "agv", tags=CP, dom="agv", keep=["以下", "近三天"],
     ents=[T("近三天"), Q("百分之十五", "15 %")])

EX = ["P0", "exclusion"]
# ---- exclusions ----
case("除了AGV-03，其他车都在哪", "continue", "agv", tags=EX, tpl="status", dom="agv", keep=["除了", "AGV-03"],
     frames=[F("query", False, ("exception", "AGV-03", "except"))])
case("列出今天所有任务，T-2026120101不算", "continue", "agv", tags=EX, tpl="list", dom="agv", keep=["不算", "T-2026120101", "今天"],
     ents=[T("今天"), I("T-2026120101")], frames=[F("query", False, ("exception", "T-2026120101", "except"))])
case("本月检修报表，二车间除外", "continue", "rail", tags=EX, tpl="report", dom="rail", keep=["除外", "二车间"], ents=[T("本月")],
     frames=[F("query", False, ("exception", "二车间", "except"))])
case("除了HXD1-0001和HXD1-0002，还有哪些机车在修", "continue", "rail", tags=EX, tpl="list", dom="rail",
     keep=["除了", "HXD1-0001", "HXD1-0002"])
case("ST-01、ST-02不算的话，空闲站点有几个", "continue", "agv", tags=EX, tpl="count", dom="agv", keep=["不算", "ST-01", "ST-02"])
case("统计上个月工单，返工的不算", "continue", "rail", tags=EX, dom="rail", keep=["不算", "上个月"], ents=[T("上个月")])
case("除了充电中的，在线AGV一共多少", "continue", "agv", tags=EX, tpl="count", dom="agv", keep=["除了"])
case("除AGV-10外都派去ST-06", "clarify", "agv", tags=EX+["write"], reason=["missing_slot", "entity"],
     note="write whose object set is 'all but one': no unique object list, must ask")
case("下周计划里除开辅修的都列一下", "continue", "rail", tags=EX, tpl="plan", dom="rail", keep=["除开", "辅修", "下周"],
     ents=[T("下周"), ML("辅修")])
case("排除故障车以外的AGV电量排行", "continue", "agv", tags=EX, dom="agv", keep=["排除", "以外"])

SR = ["P0", "self-repair"]
# ---- self-repair (reads): last correction wins ----
case("查上月，不对，查本月检修计划", "continue", "rail", tags=SR, tpl="plan", dom="rail", keep=["本月"], nots=["上月"], ents=[T("本月")])
case("查AGV-01不对AGV-02的状态", "continue", "agv", tags=SR+["no-punct"], tpl="status", dom="agv", keep=["AGV-02"], nots=["AGV-01"])
case("看一下ST-03的情况，不是，ST-08", "continue", "agv", tags=SR, dom="agv", keep=["ST-08"], nots=["ST-03"])
case("昨天哦不前天AGV-05跑了几单", "continue", "agv", src="asr", tags=SR+["no-punct"], tpl="count", dom="agv", keep=["前天", "AGV-05"],
     nots=["昨天"], ents=[T("前天"), I("AGV-05")])
case("HXD1-0003的工单 我是说 HXD1-0005的工单", "continue", "rail", src="asr", tags=SR, tpl="workorder", dom="rail",
     keep=["HXD1-0005"], nots=["HXD1-0003"])
case("本周，呃，不对，下周的C4修计划", "continue", "rail", src="asr", tags=SR+["filler"], tpl="plan", dom="rail", keep=["下周"],
     nots=["本周"], ents=[T("下周"), ML("C4修")])
case("列出电量低于30%哦不是20%的车", "continue", "agv", tags=SR+["comparison"], tpl="list", dom="agv", keep=["低于", "20%"],
     nots=["30%"], ents=[Q("20%", "20 %")])
case("查去年不对今年的全年检修报表", "continue", "rail", tags=SR+["no-punct"], tpl="report", dom="rail", keep=["今年"], nots=["去年"])
case("AGV-07，不不不，AGV-17现在在哪", "continue", "agv", src="asr", tags=SR, tpl="status", dom="agv", keep=["AGV-17"], nots=["AGV-07"],
     note="不不不 used as a repair marker; AGV-17 does not contain AGV-07")
case("给我看WO-20261102我是说WO-20261112的进度", "continue", "rail", tags=SR+["no-punct"], tpl="workorder", dom="rail",
     keep=["WO-20261112"], nots=["WO-20261102"])
case("查一下一车间 嗯 我是说二车间的检修计划", "continue", "rail", src="asr", tags=SR+["filler"], tpl="plan", dom="rail",
     keep=["二车间"], nots=["一车间"])
case("上季度，不对，不对，是本季度的AGV报表", "continue", "agv", tags=SR, tpl="report", dom="agv", keep=["本季度"], nots=["上季度"],
     ents=[T("本季度")])
case("查AGV-02，不对，AGV-03，哦不，还是AGV-02吧", "continue", "agv", tags=SR+["multi-repair"], tpl="status", dom="agv",
     keep=["AGV-02"], nots=["AGV-03"], note="last correction wins (back to AGV-02)")
case("不对称磨耗的轮对工单查一下，HXD1-0008", "continue", "rail", tags=["P0", "lookalike-cue"], tpl="workorder", dom="rail",
     keep=["不对称", "HXD1-0008"], note="不对 inside 不对称 is not a self-repair")
case("DF4B-1234 是不是三车间的？不是的话查下它在哪", "continue", "rail", tags=["P0", "lookalike-cue", "coreference"], tpl="status",
     dom="rail", keep=["DF4B-1234"], corefs=[("它", "DF4B-1234")], note="不是的话 is a condition, not a repair")

LC = ["P0", "lookalike-cue"]
# ---- cue words inside other words ----
case("AGV-03读取消息超时的记录有哪些", "continue", "agv", tags=LC, tpl="list", dom="agv", keep=["读取消息", "AGV-03"],
     note="取消 inside 读取消息 is not a cancel")
case("哦不错，那再看看AGV-05电量", "continue", "agv", tags=LC, tpl="status", dom="agv", keep=["AGV-05"],
     note="哦不 inside 哦不错 is not a repair")
case("不要紧，先看看AGV-04在哪", "continue", "agv", tags=LC, tpl="status", dom="agv", keep=["AGV-04"], frames=[F("query", False)],
     note="不要紧 is not a negation of the query")
case("按修程级别统计本月工单", "continue", "rail", tags=LC, dom="rail", keep=["级别", "本月"], ents=[T("本月")], frames=[F("count", False)],
     note="别 inside 级别 is not a negation; report/count left open")
case("未来三天的检修计划", "continue", "rail", tags=LC, tpl="plan", dom="rail", keep=["未来三天"], frames=[F("query", False)],
     note="未 inside 未来 is not a negation; 未来三天 not in the ontology table, no canonicalValue asserted")
case("无线模块故障的AGV列一下", "continue", "agv", tags=LC, tpl="list", dom="agv", keep=["无线模块"], frames=[F("query", False)])
case("AGV-05今天非常卡，查下状态", "continue", "agv", tags=LC, tpl="status", dom="agv", keep=["AGV-05", "非常"], frames=[F("query", False)])
case("故障已排除的机车有哪几台", "continue", "rail", tags=LC, tpl="list", dom="rail", keep=["已排除"], note="排除 here is not an exclusion")
case("看看不算太旧的那批HXD3C机车的检修计划", "continue", "rail", tags=LC, tpl="plan", dom="rail", keep=["不算太旧"])
case("AGV-1234在哪", ["clarify", "continue"], "agv", tags=LC+["partial-id"], keep=["AGV-1234"],
     note="4 digits does not fit AGV-\\d{2,3}; must not be cut to AGV-123. read-only, so continue or clarify")
case("工单WO-202611301的进度", ["clarify", "continue"], "rail", tags=LC+["partial-id"], keep=["WO-202611301"],
     note="9 digits: not a work-order id; never truncated")
case("取消率最高的站点是哪个", "continue", "agv", tags=LC, dom="agv", keep=["取消率"], note="取消率 is a metric, not a cancel; never operation")
case("删除线标出来的那几条计划是什么意思", ["continue", "clarify"], "rail", tags=LC, keep=["删除线"], note="删除线 is strikethrough, not a delete")
case("派工单打印出来格式不对，HXD1-0009那张", ["continue", "clarify"], "rail", tags=LC, keep=["HXD1-0009", "不对"],
     note="不对 here describes a format problem, not a repair; nothing before it is to be dropped")
case("改成本月的报表格式？不，我只是想看本月AGV报表", "continue", "agv", tags=LC+["self-repair"], tpl="report", dom="agv",
     keep=["本月"], ents=[T("本月")])
case("AGV的下发车间是哪个", ["continue", "clarify"], "cross", tags=LC, keep=["下发车间"], note="odd wording; never a dispatch write")

CR = ["P0", "coreference"]
# ---- coreference ----
case("查AGV-01，它现在在哪", "continue", "agv", tags=CR, tpl="status", dom="agv", keep=["AGV-01"], corefs=[("它", "AGV-01")])
case("HXD1-0001上次C2修是哪天？它下次什么时候修", "continue", "rail", tags=CR, dom="rail", keep=["HXD1-0001"],
     corefs=[("它", "HXD1-0001")])
case("那个东西怎么样了", "clarify", "none", tags=CR, reason=["coreference"])
case("它呢", "clarify", "agv", tags=CR, reason=["coreference"],
     ctx=[ctxe("AGV-01", "vehicle", "agv"), ctxe("AGV-02", "vehicle", "agv"), ctxe("AGV-03", "vehicle", "agv")],
     note="three referents in context: must ask, never the first")
case("这台现在电量多少", ["continue", "clarify"], "agv", tags=CR+["bounded-context"], ctx=[ctxe("AGV-06", "vehicle", "agv", "AGV-06")],
     dom="agv", corefs=[("这台", "AGV-06")], note="single confirmed referent; continue if phase-2 ledger enabled, else clarify (7.6)")
case("这台现在电量多少", "clarify", "agv", tags=CR, reason=["coreference"], note="电量 implies AGV, but the object is unknown")
case("刚才那个工单是谁负责的", "clarify", "rail", tags=CR, reason=["coreference"])
case("刚才那个工单是谁负责的", ["continue", "clarify"], "rail", tags=CR+["bounded-context"],
     ctx=[ctxe("WO-20261127", "work_order", "rail")], dom="rail", corefs=[("刚才那个工单", "WO-20261127")])
case("它俩哪个电量高", "clarify", "agv", tags=CR, reason=["coreference"])
case("AGV-03和AGV-04，它们俩哪个离ST-02近", "continue", "agv", tags=CR, dom="agv", keep=["AGV-03", "AGV-04", "ST-02"])
case("把这台派到ST-09", "clarify", "agv", tags=CR+["write"], reason=["coreference", "missing_slot"],
     ctx=[ctxe("AGV-01", "vehicle", "agv"), ctxe("AGV-05", "vehicle", "agv")], note="write with two candidates")
case("把这台派到ST-09", ["clarify", "continue"], "agv", tags=CR+["write", "bounded-context"], ctx=[ctxe("AGV-05", "vehicle", "agv")],
     dom="agv", note="single referent; write still goes through approval. ledger is optional (7.6): clarify allowed")
case("DF4B-1234的C3修工单给我，还有它的负责人", "continue", "rail", tags=CR, tpl="workorder", dom="rail", keep=["DF4B-1234"],
     corefs=[("它", "DF4B-1234")])
case("这个车间这周还有几台没修完", "clarify", "rail", tags=CR, reason=["coreference"])
case("上面那几台车都取消任务", "clarify", "agv", tags=CR+["write"], reason=["coreference", "missing_slot"])
case("那边那个站点堵了吗", "clarify", "agv", tags=CR, reason=["coreference", "entity"])
case("ST-05堵了，它旁边那台车是哪辆", ["continue", "clarify"], "agv", tags=CR, dom="agv", keep=["ST-05"])
case("T-2026120117卡住了，它是哪台车在跑", "continue", "agv", tags=CR, dom="agv", keep=["T-2026120117"],
     corefs=[("它", "T-2026120117")])
case("刚才说的那台机车现在在哪个车间", ["continue", "clarify"], "rail", tags=CR+["bounded-context"],
     ctx=[ctxe("HXD3C-0456", "locomotive", "rail")], dom="rail", corefs=[("刚才说的那台机车", "HXD3C-0456")])
case("刚才说的那台机车现在在哪个车间", "clarify", "rail", tags=CR, reason=["coreference"],
     ctx=[ctxe("HXD3C-0456", "locomotive", "rail"), ctxe("SS4G-0321", "locomotive", "rail")])
