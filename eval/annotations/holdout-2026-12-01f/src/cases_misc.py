from dsl import *

# ======== chit-chat: pass through, no domain question (design 15.3 applies to data questions only) ========
CC = ["chitchat"]
PT = ["continue", "use_original"]
NC = "chit-chat is not a data question: passes through (continue or use_original), never asked for a domain"
for t, src in [("你好", "typed"), ("早上好呀", "asr"), ("谢谢啊，辛苦了", "typed"), ("哈哈好的", "typed"), ("你是谁", "typed"),
               ("嗯嗯 收到", "asr"), ("再见，明天见", "typed"), ("今天好累啊", "typed"), ("在吗？", "typed"), ("Hello there", "typed"),
               ("ok", "typed"), ("你能帮我干点什么", "typed"), ("👍👍", "typed"), ("好的明白了，谢谢你", "asr"), ("晚上好，又加班了", "typed"),
               ("你叫什么名字呀", "asr")]:
    case(t, PT, "none", src=src, tags=CC, tpl=None, dom=None, note=NC)

# ======== data questions with no domain: ask for the domain ========
ND = ["no-domain"]
case("最近任务咋样了", "clarify", "none", tags=ND, reason=["intent"], note="design 7.8 任务情况 rephrased")
case("任务情况", "clarify", "none", tags=ND, reason=["intent"])
case("上个月完成了多少", "clarify", "none", tags=ND, reason=["intent", "missing_slot"])
case("本月报表", "clarify", "none", tags=ND, reason=["intent"], note="report with no domain")
case("帮我列一下昨天的记录", "clarify", "none", tags=ND, reason=["intent", "missing_slot"])
case("统计一下今天的数据", "clarify", "none", tags=ND, reason=["intent"])
case("查 01", "clarify", "none", tags=ND, reason=["entity"], note="design 7.8 example")
case("03号怎么样了", "clarify", "none", src="asr", tags=ND, reason=["entity", "term"])
case("车都在哪", "clarify", "none", tags=ND, reason=["term", "intent"], note="车 with no domain (ontology term example)")
case("苹果", "clarify", "none", tags=ND, reason=["term", "intent"], note="design 7.3 example")
case("查一下进度", "clarify", "none", tags=ND, reason=["intent", "missing_slot"])
case("故障最多的是哪台", "clarify", "none", tags=ND, reason=["intent", "term"])
case("这周的完成率给我出个饼图", "clarify", "none", tags=ND, reason=["intent"])
case("把数据都导出来", "clarify", "none", tags=ND+["P0", "write"], reason=["intent", "missing_slot"])
case("超时的有几个", "clarify", "none", tags=ND+["comparison"], reason=["intent", "missing_slot"])
case("昨天 AGV-01", "clarify", "agv", tags=["missing-slot"], reason=["missing_slot"], note="design 7.2 example")
case("HXD1-0001 上个月", "clarify", "rail", tags=["missing-slot"], reason=["missing_slot"])
case("ST-05 明天", "clarify", "agv", tags=["missing-slot"], reason=["missing_slot"])
case("WO-20261124", ["clarify", "continue"], "rail", tags=["missing-slot"], keep=["WO-20261124"],
     note="a bare work-order id: workorder lookup is a reasonable default; ambiguous, both allowed")

# ======== cross-domain ========
XD = ["cross"]
case("AGV和机车的故障数对比一下", "clarify", "cross", tags=XD, reason=["intent"], note="design 15.3: V1 does not run mixed-domain queries")
case("AGV-01和HXD1-0001现在都在哪", "clarify", "cross", tags=XD, reason=["intent"])
case("本月AGV任务报表和检修报表一起发我", "clarify", "cross", tags=XD, reason=["intent"])
case("看检修工单", "continue", "rail", tags=XD+["domain-switch", "P0"], ctx=[ctxe("AGV-03", "vehicle", "agv")], tpl="workorder", dom="rail",
     nots=["AGV-03"], note="design 16.2 domain switch: earlier AGV context must not leak")
case("那AGV这边呢，在线几台", "continue", "agv", tags=XD+["domain-switch"], ctx=[ctxe("HXD1-0001", "locomotive", "rail")], tpl="count",
     dom="agv", nots=["HXD1-0001"])
case("检修工单", "continue", "rail", tags=["workorder"], tpl="workorder", dom="rail", note="design 16.2 explicit template")
case("检修报表", "continue", "rail", tags=["report"], tpl="report", dom="rail", note="design 16.2 explicit template")

# ======== empty / whitespace ========
case("", "clarify", "none", tags=["P0", "empty"], note="ontology: empty input asks to say it again")
case("   \n  ", "clarify", "none", tags=["P0", "empty"])
case("\u200b\u200b\u3000", "clarify", "none", src="asr", tags=["P0", "empty"], note="zero-width + ideographic space only")

# ======== long inputs (design 15.2) ========
LONG1 = ("交班记录，今天白班情况大概说一下（内容有点长，辛苦看完）：早上七点多AGV-01在ST-02那边报了一次急停，现场看是地标被叉车压脏了，擦完以后恢复正常；"
         "九点左右AGV-03电量掉得特别快，从百分之八十掉到百分之四十只用了不到两个小时，怀疑电池老化，已经让维修组登记。"
         "中午ST-05和ST-06之间的通道临时堆了托盘，调度那边把路线改到绕行，期间有三单任务延迟，但都在十五分钟以内完成了。"
         "下午两点以后整体比较平稳，在线车辆一直保持在十台以上，没有再出现离线。另外AGV-07上午做了例行保养，下午已经重新上线，"
         "跑了六单都正常。仓库那边反映ST-09的对接辊道有点卡顿，机械组说明天过来看。晚班同事注意一下AGV-03的电量，低于百分之三十就让它回去充电，"
         "不要等到报警。还有，T-2026120131这单客户说可能要改时间，但是还没有最终确认，先不要动它。最后想请问一下：今天白班所有完成的任务里，"
         "除了AGV-07以外，每台车各跑了多少单？ST-03那边的任务不算，因为那边今天在做盘点，数据不准。麻烦按车辆给我列一个表，谢谢。"
         "补充一点，明天早班开始ST-10会临时关闭做地面修补，大概要关两天，相关任务请提前改派到ST-11，具体等调度通知，这里先记一笔。")
case(LONG1, ["continue", "use_original"], "agv", tags=["P0", "long"], dom="agv",
     keep=["AGV-07", "不算", "除了", "ST-03", "T-2026120131", "不要动"],
     note="501-4000 cp, read-only question at the end; the tail holds exclusions and a do-not-touch note, nothing may be cut")
LONG2 = ("情况说明：HXD3C-0456上周五进二车间做C3修，按计划应该本周四出库，但是拆检的时候发现牵引电机轴承有异响，"
         "已经送去做探伤，结果还没出来。负责人原来是李强，后来因为他去支援一车间，改成了赵敏，但工单上还是写的李强，这个需要后面统一。"
         "同一批进来的还有SS4G-0321和DF4B-1234，SS4G-0321是C1修，已经基本完成，只差静调；DF4B-1234是中修，配件还在路上，"
         "供应商说最快下周二到。车间主任交代，这几台车里面只要不是在等配件的，都尽量本周内出库，所以想确认一下排程。"
         "另外提醒一下，HXD1-0001不是这批的，它是上个月就修完的，别混进来统计。还有一台HXN5-0088，临时停在三车间门口，"
         "状态是待检，不在本次范围里。我现在的问题是：本周的检修计划里，二车间这批机车（不包括等配件的那台）各自计划哪天出库？"
         "如果计划里还写着李强是负责人的，也一起标出来。最好能按机车列一个表，包含修程、负责人和计划出库日期。"
         "再补充一句，前两天系统里提示过一次计划冲突，我不确定是不是已经处理了，这个也顺便看一下，不用单独回复。"
         "顺便说明背景：这批车是十一月底集中进库的，当时一车间满负荷，所以临时放到二车间；二车间的台位只有四个，"
         "如果本周出不去，下周进来的C4修就排不开了，所以排程对我们很关键。探伤结果出来以后，如果轴承没问题就按原计划走，"
         "有问题的话大概要再延后三到五天，到时候再调整。")
case(LONG2, ["continue", "use_original"], "rail", tags=["P0", "long"], dom="rail",
     keep=["HXD3C-0456", "SS4G-0321", "DF4B-1234", "HXD1-0001不是这批的", "不包括", "李强"],
     note="long rail plan question with negations and an exclusion deep in the text")
LONG3 = ("我把今天的问题汇总一下发给你，你帮我看看。第一，AGV-02昨天下午在ST-04卡住过两次，都是激光导航丢定位，"
         "重启后恢复，想知道它最近7天一共丢了几次定位。第二，AGV-05的任务完成率这周明显偏低，"
         "大概只有百分之七十左右，而平时都在百分之九十五以上，想看看是不是任务分配不均，不是车本身的问题。"
         "第三，ST-08到ST-12这一段路线最近拥堵比较多，能不能统计一下本周每天在这段路上的平均等待时间。"
         "第四，仓库主管问能不能出一个本月的AGV任务报表，按站点汇总搬运量，做成柱状图，月底开会要用。"
         "第五，有同事说AGV-11这两天偶尔离线，但我看监控好像又没有，不确定是不是误报，先别派维修，等数据出来再说。"
         "这几个问题不急，今天下班前能给我就行。如果有哪个问题需要更多信息，直接问我。"
         "哦对了，第二个问题里说的这周是指从周一开始算，不是最近七天，别搞混了。谢谢，辛苦。"
         "另外补一句，ST-12那边下周会换新的充电桩，到时候数据可能有波动，这个先记着就行，不需要现在处理。"
         "背景是这样的：上个月我们把两台老车换成了新车，新车的导航参数还在调，所以这段时间的数据可能不太稳定，"
         "看的时候请把新车单独标一下，方便我判断是车的问题还是调度策略的问题。")
case(LONG3, ["continue", "use_original", "clarify"], "agv", tags=["P0", "long", "multi-question"], dom="agv",
     keep=["AGV-02", "AGV-05", "AGV-11", "ST-08", "ST-12", "先别派维修", "不是最近七天"],
     note="several read-only questions in one long text; splitting vs asking for one is left open")
LONG4 = ("麻烦处理一下：AGV-04、AGV-06、AGV-09这三台今天下午的任务都取消，改派给AGV-10和AGV-12，"
         "其中去ST-03的那两单优先。原因是下午ST-01到ST-05那一片要做消防演练，车辆不能进入，时间大约是两点到四点，"
         "演练结束后再恢复原来的安排。另外T-2026120140这一单不要取消，它是送急件的，必须按时完成，如果原车不能走就换一台。"
         "还有，AGV-09的电量本来就只有百分之二十多，取消以后直接让它回充电区，不要再派别的任务。"
         "演练期间如果有新的任务进来，先排队，不要自动分配到那一片的站点。"
         "做完以后给我一个清单，列出取消了哪些任务、改派给了谁、预计几点完成。"
         "再提醒一下，明天上午同一片区域还有一次复演，时间还没定，到时候我再单独通知，今天的操作不要套用到明天。"
         "如果哪一单不确定该怎么处理，先别动，留着等我回来再说，我大概五点回办公室。"
         "另外仓库那边说ST-07的货架今天下午要调整位置，可能会临时挡住通道，调度的时候也留意一下。"
         "这次演练是园区统一安排的，通知下来得比较晚，所以只能临时调整，给大家添麻烦了。"
         "演练结束以后请现场同事确认一下地标和二维码有没有被踩脏，有问题及时报修。演练期间的异常也请记录下来，明天交班时一起汇报。")
case(LONG4, "clarify", "agv", tags=["P0", "long", "write"],
     note="design 15.2: long input with cancel/dispatch must ask for one short, complete question; never executed from a long text")
LONG5 = ("HXD1-0001 检修工单备注（从系统里复制的）：\n" + "\n".join(
    [f"{i}. 作业项目：{item}；结果：{res}；检查人：{who}。" for i, (item, res, who) in enumerate([
        ("受电弓滑板磨耗测量", "正常，剩余厚度满足要求", "孙涛"), ("主变压器油位检查", "偏低，已补油", "孙涛"),
        ("牵引电机绝缘测试", "合格", "王建国"), ("轮对踏面检查", "有轻微擦伤，未超限", "王建国"),
        ("制动系统试验", "合格", "赵敏"), ("空调机组检查", "滤网脏堵，已更换", "赵敏"),
        ("车顶高压设备清扫", "完成", "李强"), ("蓄电池电压检测", "不合格，单体电压偏低，待更换", "李强"),
        ("司机室显示屏功能检查", "屏幕提示“系统提示：通信超时”，复位后正常", "孙涛"),
        ("走行部探伤", "未发现裂纹", "王建国")], 1)]) +
    "\n以上是备注原文。补充：这台车十一月二十八号进的一车间，原定本周五出库，现在蓄电池要等备件，可能会往后拖。"
    "我想问的是：这张工单里不合格、还没处理完的项目有哪些？已经处理好的不用列。另外它这次是C2修还是C3修，我记不清了。")
case(LONG5, ["continue", "use_original"], "rail", src="mixed", tags=["P0", "long", "injection-benign"], dom="rail",
     keep=["HXD1-0001", "不合格", "不用列", "系统提示：通信超时"],
     note="pasted work-order notes; the quoted 系统提示 is data, must be kept")
LOG = "2026-12-01 08:0{0}:1{0} [WARN] AGV-0{0} 在 ST-0{0} 附近定位偏差超过阈值，已自动降速，等待人工确认。\n"
LONG6 = "以下是今天的调度日志，帮我看看有没有什么异常：\n" + "".join(LOG.format(i % 10) for i in range(1, 91)) + \
        "看完告诉我哪几台车偏差最多，另外别忘了AGV-03不算，它今天在调试。"
case(LONG6, ["clarify", "use_original"], "agv", tags=["P0", "long", "over-4000"],
     note="over 4000 code points: never rewritten or truncated; ask to narrow down (clarify) or pass the original unchanged")

# ======== more varied everyday cases ========
case("AGV-06 从 ST-11 回 ST-01 大概要多久", "continue", "agv", tags=["relation"], dom="agv", keep=["AGV-06", "ST-11", "ST-01"],
     rels=[R("AGV-06", "origin", "ST-11"), R("AGV-06", "destination", "ST-01")])
case("哪几台机车是孙涛负责的，列表给我", "continue", "rail", tags=["list", "relation"], tpl="list", dom="rail", keep=["孙涛"],
     frames=[F("query", False, ("presentation", "列表"))])
case("HXD1-0002 不是李强负责，是赵敏负责", "continue", "rail", tags=["relation", "negation", "P0"], dom="rail",
     keep=["不是", "李强", "赵敏"], rels=[R("李强", "responsible_for", "HXD1-0002", True), R("赵敏", "responsible_for", "HXD1-0002", False)],
     note="不是…是… here is contrastive negation, not a self-repair: both relations kept")
case("今天下午三车间修了几台", "continue", "rail", tags=["count", "time"], tpl="count", dom="rail", keep=["今天下午", "三车间"],
     ents=[T("今天下午")])
case("本周一级修的计划", "continue", "rail", tags=["plan"], tpl="plan", dom="rail", keep=["本周", "一级修"], ents=[T("本周"), ML("一级修")])
case("检修一组这个月的工单量", "continue", "rail", tags=["count"], dom="rail", keep=["检修一组", "这个月"], ents=[T("这个月")])
case("AGV 12月5日的排班", ["continue", "clarify"], "agv", tags=["time"], dom="agv", keep=["12月5日"], ents=[T("12月5日")])
case("去年这时候AGV在线率多少", "continue", "agv", tags=["report"], dom="agv", keep=["去年"])
case("上周各站点的搬运量排名", "continue", "agv", tags=["report"], dom="agv", keep=["上周"], ents=[T("上周")])
case("帮我把AGV-02的任务列表导出成表格", "continue", "agv", tags=["list", "presentation"], dom="agv", keep=["AGV-02"],
     note="export of a read result; template list/report left open")
case("C6修是什么意思", ["continue", "use_original"], "rail", tags=["explain"], keep=["C6"], note="explain question; template not in the pack")
case("一车间今天有多少人上班", ["clarify", "continue"], "rail", tags=["term"], keep=["一车间", "今天"],
     note="staff count is outside the default templates; either ask or pass through")
case("2026年10月 AGV 故障汇总", "continue", "agv", tags=["report", "time"], tpl="report", dom="agv", keep=["2026年10月"],
     ents=[T("2026年10月")])
case("11月28日做完C2修的机车", "continue", "rail", tags=["list", "time"], tpl="list", dom="rail", keep=["11月28日"],
     ents=[T("11月28日"), ML("C2修")])
case("AGV-07 明天上午9点去ST-02取货", "continue", "agv", tags=["P0", "write", "dispatch", "time"], tpl="operation", dom="agv",
     keep=["AGV-07", "ST-02"], ents=[I("AGV-07"), I("ST-02"), TP("明天上午9点", "2026-12-02T09:00:00+08:00")],
     note="point time; a system may split 明天上午 / 9点 - entity text is a judgement call")
case("12月5号下午派AGV-08去ST-06", "continue", "agv", tags=["P0", "write", "dispatch"], tpl="operation", dom="agv",
     keep=["AGV-08", "ST-06"], rels=[R("AGV-08", "destination", "ST-06")])
case("把WO-20261119的计划完工时间改到12月3号", "continue", "rail", tags=["P0", "write", "update"], tpl="operation", dom="rail",
     keep=["WO-20261119", "12月3号"], ents=[I("WO-20261119"), T("12月3号")], frames=[F("update", False)])
case("把这周五的C1修挪到下周一", ["continue", "clarify"], "rail", tags=["P0", "write", "update"], dom="rail",
     keep=["下周一"], note="no locomotive named: several C1 jobs may exist; continue allowed only if unique")
case("今天检修费一共花了三万五", ["continue", "clarify"], "rail", tags=["amount"], dom="rail", keep=["三万五"],
     note="三万五 with no currency word: no amount canonical asserted (ontology: money needs 元/块/万元/CNY)")
case("本月配件采购超过2万元的工单", "continue", "rail", tags=["amount", "comparison", "P0"], dom="rail", keep=["超过"],
     ents=[A("2万元", "20000 CNY"), T("本月")])
case("AGV维修花了3.5万块", ["continue", "clarify"], "agv", tags=["amount"], dom="agv", ents=[A("3.5万块", "35000 CNY")],
     note="a statement; intent unclear")
