"""Negation, A-not-A, double negation, self-repair in reads, comparisons, ranges, exclusions,
and look-alikes of every risky cue. All hand-written."""
from gold import *

# ---- negation in reads
C("typed", "agv", "哪些 AGV 现在不在线", "c", t="list", d="agv", k=["不在线"],
  f=[F("query", neg=False)], ps=[("不", "negation")], tags="P0 negation")
C("typed", "agv", "没有充电的小车有几台", "c", t="count", d="agv", k=["没有充电"], tags="P0 negation")
C("typed", "rail", "本月还没完成的工单有多少张", "c", t="count", d="rail", k=["还没完成", "本月"],
  e=[("time_range", "本月", THIS_MONTH)], tags="P0 negation")
C("typed", "rail", "列出未派工的检修工单", "c", d="rail", k=["未派工"], tags="P0 negation 未")
C("typed", "rail", "HXD1-0050 不是张三负责的，查一下实际负责人", "c", d="rail", k=["不是", "张三", "HXD1-0050"],
  e=[("locomotive", "HXD1-0050"), ("person", "张三")], r=[("张三", "responsible_for", "HXD1-0050", True)],
  tags="P0 negation relation")
C("typed", "agv", "AGV-18 今天一次都没跑吗", "c", t="status", d="agv", k=["AGV-18", "没跑", "今天"],
  e=[("vehicle", "AGV-18"), ("time_range", "今天", TODAY)], tags="P0 negation")
C("typed", "agv", "不要看 ST-01 的，看 ST-02 的排队任务", "c", d="agv", k=["ST-02"],
  e=[("station", "ST-01"), ("station", "ST-02")], tags="P0 negation")
C("typed", "rail", "别给我出饼图，要表格，本月检修报表", "c", t="report", d="rail", k=["表格", "本月"],
  e=[("time_range", "本月", THIS_MONTH)], f=[F("query", ("presentation", "表格"), ("time", "本月"))],
  tags="P0 negation presentation")
C("typed", "rail", "上周没有按时回段的机车有哪些", "c", t="list", d="rail", k=["没有按时", "上周"],
  e=[("time_range", "上周", LAST_WEEK)], tags="P0 negation")
C("typed", "agv", "今天无故障的AGV列一下", "c", t="list", d="agv", k=["无故障", "今天"],
  e=[("time_range", "今天", TODAY)], tags="P0 negation 无")
C("typed", "rail", "非计划停机的机车本季度有几台", "c", t="count", d="rail", k=["非计划", "本季度"],
  e=[("time_range", "本季度", THIS_Q)], tags="P0 negation 非")
C("asr", "agv", "AGV-35它不是没电了吗怎么还在跑", "c", d="agv", k=["AGV-35", "不是没电"],
  e=[("vehicle", "AGV-35")], tags="P0 negation double-negation rhetorical")
C("typed", "agv", "没有不在线的 AGV 吧？", "c", d="agv", k=["没有不在线"], tags="P0 negation double-negation")
C("typed", "rail", "不是所有机车都做了C2修吧，哪些没做", "c", t="list", d="rail", k=["不是所有", "没做", "C2"],
  e=[("maintenance_level", "C2修")], tags="P0 negation double-negation")
C("typed", "rail", "HXD1-0051 并非不需要中修，查下它的修程计划", "c", t="plan", d="rail",
  k=["并非不需要", "HXD1-0051"], e=[("locomotive", "HXD1-0051"), ("maintenance_level", "中修")],
  co=[("它", "HXD1-0051")], tags="P0 negation double-negation coreference")
C("typed", "agv", "不行不行，不查 ST-03，查 ST-04 的任务", "c", d="agv", k=["ST-04"],
  tags="P0 negation repetition")

# ---- A-not-A questions
C("typed", "agv", "AGV-01 是不是在线", "c", t="status", d="agv", k=["AGV-01", "是不是"],
  e=[("vehicle", "AGV-01")], tags="P0 a-not-a")
C("typed", "rail", "HXD1-0052 有没有在检修", "c", t="status", d="rail", k=["HXD1-0052", "有没有"],
  e=[("locomotive", "HXD1-0052")], tags="P0 a-not-a")
C("typed", "agv", "ST-06 能不能停车", "c", d="agv", k=["ST-06", "能不能"], e=[("station", "ST-06")], tags="P0 a-not-a")
C("typed", "rail", "WO-20261119 完没完成", "c", t="workorder", d="rail", k=["WO-20261119", "完没完成"],
  e=[("work_order", "WO-20261119")], tags="P0 a-not-a")
C("typed", "agv", "T-2026120190 是不是已经取消了", "c", t="status", d="agv", k=["T-2026120190", "是不是", "取消"],
  e=[("task", "T-2026120190")], tags="P0 a-not-a write-lookalike")
C("typed", "rail", "DF11-0201 明天要不要进车间", "c", d="rail", k=["DF11-0201", "要不要", "明天"],
  e=[("locomotive", "DF11-0201"), ("time_range", "明天", TMR)], tags="P0 a-not-a")
C("typed", "agv", "AGV-36 电量够不够跑完今天的任务", "c", d="agv", k=["AGV-36", "够不够", "今天"],
  e=[("vehicle", "AGV-36"), ("time_range", "今天", TODAY)], tags="P0 a-not-a")
C("asr", "rail", "HXD1-0053是不是不用做C6了", "c", d="rail", k=["是不是不用", "HXD1-0053", "C6"],
  e=[("locomotive", "HXD1-0053"), ("maintenance_level", "C6")], tags="P0 a-not-a negation")

# ---- self-repair in reads
C("typed", "rail", "看一下上个月的检修计划，不对，是这个月的", "c", t="plan", d="rail", k=["这个月"],
  n=["上个月"], e=[("time_range", "这个月", THIS_MONTH)], tags="P0 self-repair time")
C("typed", "rail", "HXD1-0005 哦不 HXD1-0006 现在在哪", "c", t="status", d="rail", k=["HXD1-0006"],
  n=["HXD1-0005"], e=[("locomotive", "HXD1-0006")], tags="P0 self-repair id")
C("asr", "agv", "查AGV-12电量 说错了 AGV-21", "c", t="status", d="agv", k=["AGV-21"], n=["AGV-12"],
  e=[("vehicle", "AGV-21")], tags="P0 self-repair id")
C("typed", "agv", "昨天，不对，前天的 AGV 任务报表", "c", t="report", d="agv", k=["前天"], n=["昨天"],
  e=[("time_range", "前天", QIANTIAN)], tags="P0 self-repair time")
C("typed", "rail", "本月完成了多少张工单，我是说上月", "c", t="count", d="rail", k=["上月"], n=["本月"],
  e=[("time_range", "上月", LAST_MONTH)], tags="P0 self-repair time")
C("typed", "agv", "列出 ST-03 不是，ST-13 的排队任务", "c", d="agv", k=["ST-13"], n=["ST-03"],
  e=[("station", "ST-13")], tags="P0 self-repair id")
C("typed", "agv", "电量低于30%，哦不，低于20%的小车", "c", t="list", d="agv", k=["20%", "低于"], n=["30%"],
  e=[("quantity", "20%", "20 %")], f=[F("query", ("quantity", "20%", "lt"))], tags="P0 self-repair comparison")
C("typed", "rail", "查张丽负责的，不是张丽，是章丽负责的机车", "c", d="rail", k=["章丽"], n=["张丽"],
  e=[("person", "章丽")], tags="P0 self-repair person")
C("typed", "rail", "查检修工单，哦不对，查检修计划，HXN3-0712 的", "c", t="plan", d="rail", k=["HXN3-0712", "检修计划"],
  n=["检修工单"], e=[("locomotive", "HXN3-0712")], tags="P0 self-repair template")
C("asr", "agv", "近7天 呃 近3天 AGV-38 的故障记录", "c", d="agv", k=["近3天", "AGV-38"], n=["近7天"],
  e=[("time_range", "近3天", LAST3), ("vehicle", "AGV-38")], tags="P0 self-repair time")
C("typed", "rail", "统计全年，说错了，统计本季度的检修报表", "c", t="report", d="rail", k=["本季度"], n=["全年"],
  e=[("time_range", "本季度", THIS_Q)], tags="P0 self-repair time")
C("typed", "agv", "至少3台，改成至少5台，在线的AGV够不够", "c", d="agv", k=["至少5台"], n=["至少3台"],
  e=[("quantity", "5台", "5 台")], tags="P0 self-repair comparison",
  note="改成 marks the repair; keep the last value")

# ---- self-repair look-alikes (must NOT drop anything)
C("typed", "agv", "不对吧，AGV-08 怎么还没到 ST-03", "c", d="agv", k=["不对", "AGV-08", "ST-03", "还没到"],
  e=[("vehicle", "AGV-08"), ("station", "ST-03")], r=[("AGV-08", "destination", "ST-03")],
  tags="P0 self-repair-lookalike")
C("typed", "agv", "ST-04 的统计数据不对，帮我查一下 ST-04 本周的任务量", "c", d="agv", k=["不对", "ST-04", "本周"],
  e=[("station", "ST-04"), ("time_range", "本周", THIS_WEEK)], tags="P0 self-repair-lookalike")
C("typed", "rail", "是 HXD1-0008 不是 HXD1-0009 的工单，查 HXD1-0008 的", "c", d="rail", k=["HXD1-0008"],
  e=[("locomotive", "HXD1-0008")], tags="P0 self-repair-lookalike contrast")
C("typed", "agv", "语音播报说错了站点名，查一下 AGV-06 当前任务", "c", d="agv", k=["说错了", "AGV-06"],
  e=[("vehicle", "AGV-06")], tags="P0 self-repair-lookalike")
C("typed", "agv", "AGV-02 的定位不对，查下它的状态", "c", t="status", d="agv", k=["不对", "AGV-02"],
  e=[("vehicle", "AGV-02")], co=[("它", "AGV-02")], tags="P0 self-repair-lookalike coreference")
C("typed", "rail", "我是说明天的检修计划有没有 HXD1-0054", "c", t="plan", d="rail", k=["明天", "HXD1-0054", "有没有"],
  e=[("time_range", "明天", TMR), ("locomotive", "HXD1-0054")], tags="P0 self-repair-lookalike",
  note="我是说 opens the sentence; nothing precedes it to repair")
C("typed", "rail", "改成C4修的那几台机车现在在哪", "c", d="rail", k=["C4修"], e=[("maintenance_level", "C4修")],
  tags="P0 self-repair-lookalike write-lookalike")

# ---- comparisons and ranges
C("typed", "agv", "电量低于20%的AGV有哪些", "c", t="list", d="agv", k=["低于", "20%"],
  e=[("quantity", "20%", "20 %")], f=[F("query", ("quantity", "20%", "lt"))], tags="P0 comparison")
C("typed", "agv", "在线小车不少于3台的站点", "c", t="list", d="agv", k=["不少于", "3台"],
  e=[("quantity", "3台", "3 台")], f=[F("query", ("quantity", "3台", "gte"))], tags="P0 comparison")
C("typed", "rail", "最近7天故障次数超过3次的机车", "c", t="list", d="rail", k=["超过", "3次", "最近7天"],
  e=[("time_range", "最近7天", LAST7), ("quantity", "3次", "3 次")],
  f=[F("query", ("quantity", "3次", "gt"), ("time", "最近7天"))], tags="P0 comparison")
C("typed", "rail", "检修费用超过三万五千元的工单", "c", d="rail", k=["超过", "三万五千元"],
  e=[("amount", "三万五千元", "35000 CNY")], f=[F("query", ("amount", "三万五千元", "gt"))], tags="P0 comparison amount")
C("typed", "rail", "费用不超过2000元的工单列一下", "c", t="list", d="rail", k=["不超过", "2000元"],
  e=[("amount", "2000元", "2000 CNY")], f=[F("query", ("amount", "2000元", "lte"))], tags="P0 comparison amount")
C("typed", "agv", "电量高于百分之八十的小车有几台", "c", t="count", d="agv", k=["高于", "百分之八十"],
  e=[("quantity", "百分之八十", "80 %")], f=[F("count", ("quantity", "百分之八十", "gt"))], tags="P0 comparison")
C("typed", "agv", "至少两台AGV在线的站点", "c", t="list", d="agv", k=["至少", "两台"],
  e=[("quantity", "两台", "2 台")], f=[F("query", ("quantity", "两台", "gte"))], tags="P0 comparison")
C("typed", "agv", "排队任务最多5个的站点", "c", t="list", d="agv", k=["最多", "5个"],
  e=[("quantity", "5个", "5 个")], f=[F("query", ("quantity", "5个", "lte"))], tags="P0 comparison")
C("typed", "rail", "库停时间少于2天的机车", "c", t="list", d="rail", k=["少于", "2天"],
  e=[("quantity", "2天", "2 天")], f=[F("query", ("quantity", "2天", "lt"))], tags="P0 comparison")
C("typed", "agv", "响应时间大于 1.5 秒的任务有多少个", "c", t="count", d="agv", k=["大于", "1.5"],
  e=[("quantity", "1.5 秒", "1.5 秒")], f=[F("count", ("quantity", "1.5 秒", "gt"))], tags="P0 comparison")
C("typed", "rail", "维修金额在5000元到2万元之间的工单", "c", d="rail", k=["5000元", "2万元", "之间"],
  e=[("amount", "5000元", "5000 CNY"), ("amount", "2万元", "20000 CNY")], tags="P0 comparison range amount")
C("typed", "agv", "3月5日到3月10日 AGV-44 的任务列表", "c", t="list", d="agv", k=["3月5日", "3月10日", "AGV-44"], tags="P0 range time")
C("typed", "agv", "电量不到一半的车", "c", t="list", d="agv", k=["不到一半"], tags="P0 comparison colloquial",
  note="车 with 电量 implies AGV")
C("typed", "rail", "超过15天没检修的机车有几台", "c", t="count", d="rail", k=["超过", "15天", "没检修"],
  e=[("quantity", "15天", "15 天")], f=[F("count", ("quantity", "15天", "gt"))], tags="P0 comparison negation")
C("typed", "agv", "AGV 在线数量本周比上周多还是少", "c", d="agv", k=["本周", "上周"],
  e=[("time_range", "本周", THIS_WEEK), ("time_range", "上周", LAST_WEEK)], f=[F("compare")],
  tags="P0 comparison compare")
C("typed", "rail", "对比本月和上月的工单完成量", "c", d="rail", k=["本月", "上月"],
  e=[("time_range", "本月", THIS_MONTH), ("time_range", "上月", LAST_MONTH)], f=[F("compare")],
  tags="P0 comparison compare")
C("typed", "agv", "电量在20%以下的AGV", "c", t="list", d="agv", k=["20%", "以下"],
  e=[("quantity", "20%", "20 %")], f=[F("query", ("quantity", "20%", "lte"))], tags="P0 comparison",
  note="以下 read as lte (inclusive), the usual Chinese reading")
C("typed", "rail", "修程高于C3的计划", "c", t="plan", d="rail", k=["高于", "C3"], e=[("maintenance_level", "C3")],
  tags="P0 comparison")
C("typed", "agv", "任务数不低于一百二的站点", "c", t="list", d="agv", k=["不低于", "一百二"],
  e=[("quantity", "一百二", "120")], f=[F("query", ("quantity", "一百二", "gte"))], tags="P0 comparison numeral")
C("typed", "agv", "跑了十五趟以上的小车", "c", t="list", d="agv", k=["十五趟", "以上"],
  e=[("quantity", "十五趟", "15 趟")], tags="P0 comparison numeral")

# ---- exclusions
C("typed", "agv", "除了 AGV-03 以外，其他小车都在线吗", "c", d="agv", k=["除了", "AGV-03", "以外"],
  e=[("vehicle", "AGV-03")], f=[F("query", ("exception", "AGV-03", "except"))], tags="P0 exclusion")
C("typed", "rail", "列出本周所有检修计划，C6修除外", "c", t="plan", d="rail", k=["本周", "C6修", "除外"],
  e=[("time_range", "本周", THIS_WEEK), ("maintenance_level", "C6修")],
  f=[F("query", ("exception", "C6修", "except"), ("time", "本周"))], tags="P0 exclusion")
C("typed", "rail", "除了一车间，其他车间本月的工单报表", "c", t="report", d="rail", k=["除了", "一车间", "本月"],
  e=[("time_range", "本月", THIS_MONTH)], f=[F("query", ("exception", "一车间", "except"), ("time", "本月"))],
  tags="P0 exclusion")
C("typed", "agv", "除了 ST-01 和 ST-02，哪些站点有排队任务", "c", t="list", d="agv", k=["除了", "ST-01", "ST-02"],
  e=[("station", "ST-01"), ("station", "ST-02")],
  f=[F("query", ("exception", "ST-01", "except"), ("exception", "ST-02", "except"))], tags="P0 exclusion")
C("typed", "rail", "HXD1-0060 之外的 HXD1 机车都在哪", "c", d="rail", k=["HXD1-0060", "之外"],
  e=[("locomotive", "HXD1-0060")], f=[F("query", ("exception", "HXD1-0060", "except"))], tags="P0 exclusion")
C("typed", "agv", "统计本月除 AGV-50 外所有车的任务量报表", "c", t="report", d="agv", k=["除", "AGV-50", "外", "本月"],
  e=[("vehicle", "AGV-50"), ("time_range", "本月", THIS_MONTH)],
  f=[F("query", ("exception", "AGV-50", "except"))], tags="P0 exclusion")
C("typed", "rail", "除了张伟和李强，谁还负责 HXD2-0101", "c", d="rail", k=["除了", "张伟", "李强", "HXD2-0101"],
  e=[("person", "张伟"), ("person", "李强"), ("locomotive", "HXD2-0101")], tags="P0 exclusion person")
C("typed", "agv", "上周失败的任务里，排除ST-09的，剩下的列一下", "c", t="list", d="agv", k=["排除", "ST-09", "上周", "失败"],
  e=[("station", "ST-09"), ("time_range", "上周", LAST_WEEK)], tags="P0 exclusion")
C("typed", "rail", "除大修以外的修程本季度做了多少次", "c", t="count", d="rail", k=["除", "大修", "以外", "本季度"],
  e=[("maintenance_level", "大修"), ("time_range", "本季度", THIS_Q)],
  f=[F("count", ("exception", "大修", "except"))], tags="P0 exclusion")
C("typed", "agv", "除了查状态，还要看 AGV-51 的电量", "c", t="status", d="agv", k=["AGV-51", "电量"],
  e=[("vehicle", "AGV-51")], tags="P0 exclusion-lookalike",
  note="除了…还 is additive, not an exclusion")
C("typed", "rail", "除了 WO-20261101，其他工单都可以关掉", "q", why="M", k=["除了", "WO-20261101"],
  e=[("work_order", "WO-20261101")], tags="P0 exclusion write bulk",
  note="a bulk close over an unbounded set: ask for the scope")

# ---- look-alikes of risky write cues in reads (must not become operation)
LA = "P0 write-lookalike"
C("typed", "agv", "为什么 T-2026120191 被取消了", "c", d="agv", k=["T-2026120191", "取消"],
  e=[("task", "T-2026120191")], tags=LA)
C("typed", "agv", "今天已取消的AGV任务有多少", "c", t="count", d="agv", k=["已取消", "今天"],
  e=[("time_range", "今天", TODAY)], tags=LA)
C("typed", "agv", "AGV-03 的充电口关闭了吗", "c", t="status", d="agv", k=["AGV-03", "关闭"], e=[("vehicle", "AGV-03")], tags=LA)
C("typed", "agv", "昨天下发给 AGV-02 的任务列表", "c", t="list", d="agv", k=["昨天", "AGV-02", "下发"],
  e=[("time_range", "昨天", YDAY), ("vehicle", "AGV-02")], tags=LA)
C("typed", "rail", "按创建时间列出本周的检修工单", "c", d="rail", k=["创建时间", "本周"],
  e=[("time_range", "本周", THIS_WEEK)], tags=LA)
C("typed", "rail", "上个月删除的工单能查到吗", "c", d="rail", k=["删除", "上个月"],
  e=[("time_range", "上个月", LAST_MONTH)], tags=LA)
C("typed", "rail", "WO-20261110 是谁关闭的", "c", t="workorder", d="rail", k=["WO-20261110", "关闭"],
  e=[("work_order", "WO-20261110")], tags=LA)
C("typed", "agv", "AGV-02 去 ST-08 了吗", "c", t="status", d="agv", k=["AGV-02", "ST-08"],
  e=[("vehicle", "AGV-02"), ("station", "ST-08")], tags=LA + " pair-with-dispatch")
C("typed", "agv", "取消率最高的站点是哪个", "c", d="agv", k=["取消率"], tags=LA)
C("typed", "rail", "工单的更新记录在哪看", "c", d="rail", k=["更新记录"], tags=LA)
C("typed", "none", "怎么取消静音", "c", t=None, d=None, k=["取消静音"], tags=LA + " chit-chat")
C("typed", "agv", "派单规则是怎么定的", "c", d="agv", tags=LA)
C("typed", "rail", "新建工单的流程是什么", "c", d="rail", k=["新建工单"], tags=LA + " explain")
C("typed", "agv", "T-2026120192 的撤销原因", "c", d="agv", k=["T-2026120192", "撤销"], e=[("task", "T-2026120192")], tags=LA)
C("typed", "rail", "本月修改过负责人的工单有几张", "c", t="count", d="rail", k=["修改过", "本月"],
  e=[("time_range", "本月", THIS_MONTH)], tags=LA)
C("typed", "agv", "如果我取消 T-2026120193，会影响 ST-05 的排队吗", "c", d="agv", k=["如果", "T-2026120193", "ST-05"],
  e=[("task", "T-2026120193"), ("station", "ST-05")], tags=LA + " hypothetical")
C("typed", "none", "删除线怎么打", "c", t=None, d=None, tags=LA + " chit-chat")
