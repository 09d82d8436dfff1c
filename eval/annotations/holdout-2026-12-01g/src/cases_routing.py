"""Ordinary reads over every template and both domains, with colloquial, terse, typo'd,
mixed-English and full-width phrasing. All hand-written."""
from gold import *

# ---- status
C("typed", "agv", "查询 AGV-20 当前状态", "c", t="status", d="agv", k=["AGV-20"], e=[("vehicle", "AGV-20")],
  tags="status no-unneeded-clarify")
C("typed", "rail", "HXD1-0061 现在在哪", "c", t="status", d="rail", k=["HXD1-0061"], e=[("locomotive", "HXD1-0061")], tags="status")
C("typed", "agv", "AGV-37 还有多少电", "c", t="status", d="agv", k=["AGV-37"], e=[("vehicle", "AGV-37")], tags="status colloquial")
C("typed", "agv", "check 一下 AGV-11 的 status", "c", t="status", d="agv", k=["AGV-11"], e=[("vehicle", "AGV-11")],
  tags="status mixed-english")
C("typed", "rail", "DF8B-0455 修完了没", "c", t="status", d="rail", k=["DF8B-0455"], e=[("locomotive", "DF8B-0455")],
  tags="status a-not-a")
C("typed", "agv", "AGV-01 现再在那", "c", t="status", d="agv", k=["AGV-01"], e=[("vehicle", "AGV-01")], tags="status typo")
C("typed", "agv", "AGV-03 🔋 还剩多少😂", "c", t="status", d="agv", k=["AGV-03"], e=[("vehicle", "AGV-03")], tags="status emoji")
C("typed", "rail", "HXD3-0190 在二车间吗", "c", t="status", d="rail", k=["HXD3-0190", "二车间"],
  e=[("locomotive", "HXD3-0190")], r=[("HXD3-0190", "located_at", "二车间")], tags="status relation")
C("typed", "agv", "ST-07 现在有车停着没", "c", t="status", d="agv", k=["ST-07"], e=[("station", "ST-07")], tags="status colloquial")
C("typed", "rail", "HXN3-0033 的健康状况", "c", t="status", d="rail", k=["HXN3-0033"], e=[("locomotive", "HXN3-0033")], tags="status")
C("typed", "agv", "T-2026120220 到哪一步了", "c", t="status", d="agv", k=["T-2026120220"], e=[("task", "T-2026120220")], tags="status")
C("typed", "agv", "AGV-40,AGV-41,AGV-42 状态", "c", t="status", d="agv", k=["AGV-40", "AGV-41", "AGV-42"],
  e=[("vehicle", "AGV-40"), ("vehicle", "AGV-41"), ("vehicle", "AGV-42")], tags="status terse multi")
C("typed", "rail", "SS9-0112 现在啥情况", "c", t="status", d="rail", k=["SS9-0112"], e=[("locomotive", "SS9-0112")], tags="status colloquial")
C("typed", "agv", "查 AGV-01，它现在在哪", "c", t="status", d="agv", k=["AGV-01"], e=[("vehicle", "AGV-01")],
  co=[("它", "AGV-01")], tags="status coreference")
C("typed", "rail", "HXD1-0062 和 HXD1-0063 它们现在在哪个车间", "c", t="status", d="rail", k=["HXD1-0062", "HXD1-0063"],
  e=[("locomotive", "HXD1-0062"), ("locomotive", "HXD1-0063")], tags="status coreference plural")

# ---- count
C("typed", "agv", "AGV 现在几个在线", "c", t="count", d="agv", k=["在线"], tags="count")
C("typed", "rail", "上周关闭了几张工单", "c", t="count", d="rail", k=["上周"], e=[("time_range", "上周", LAST_WEEK)], tags="count")
C("typed", "agv", "今天ST-03一共出了几单", "c", t="count", d="agv", k=["ST-03", "今天"],
  e=[("station", "ST-03"), ("time_range", "今天", TODAY)], tags="count")
C("typed", "rail", "在修的机车有多少台", "c", t="count", d="rail", tags="count")
C("typed", "agv", "how many AGV 在充电", "c", t="count", d="agv", tags="count mixed-english")
C("typed", "rail", "今年做了几次大修", "c", t="count", d="rail", k=["今年", "大修"],
  e=[("time_range", "今年", THIS_YEAR), ("maintenance_level", "大修")], tags="count")
C("typed", "agv", "最近14天失败的AGV任务有多少个", "c", t="count", d="agv", k=["最近14天", "失败"],
  e=[("time_range", "最近14天", LAST14)], tags="count time")
C("typed", "rail", "去年一共几台机车进了段", "c", t="count", d="rail", k=["去年"], e=[("time_range", "去年", LAST_YEAR)], tags="count")
C("typed", "agv", "昨晚有几台小车掉线", "c", t="count", d="agv", k=["昨晚", "掉线"], e=[("time_range", "昨晚", YDAY_EVE)], tags="count time")
C("typed", "rail", "本月一级修完成了几台", "c", t="count", d="rail", k=["本月", "一级修"],
  e=[("time_range", "本月", THIS_MONTH), ("maintenance_level", "一级修")], tags="count")

# ---- list
C("typed", "agv", "列出今天所有失败的AGV任务", "c", t="list", d="agv", k=["今天", "失败"],
  e=[("time_range", "今天", TODAY)], tags="list")
C("typed", "rail", "有哪些机车在检修", "c", t="list", d="rail", tags="list")
C("typed", "agv", "AGV-05 从 ST-02 到 ST-09 的任务", "c", t="list", d="agv", k=["AGV-05", "ST-02", "ST-09"],
  e=[("vehicle", "AGV-05"), ("station", "ST-02"), ("station", "ST-09")],
  r=[("AGV-05", "origin", "ST-02"), ("AGV-05", "destination", "ST-09")], tags="list relation")
C("typed", "rail", "张三负责的机车都有哪些", "c", t="list", d="rail", k=["张三"], e=[("person", "张三")], tags="list person")
C("typed", "agv", "列一下昨天下午跑过 ST-11 的车", "c", t="list", d="agv", k=["昨天下午", "ST-11"],
  e=[("time_range", "昨天下午", YDAY_PM), ("station", "ST-11")], tags="list time")
C("typed", "rail", "二车间里现在有哪几台车", "c", t="list", d="rail", k=["二车间"], tags="list",
  note="车间 decides rail")
C("typed", "agv", "本周报过障碍物告警的小车清单", "c", t="list", d="agv", k=["本周"], e=[("time_range", "本周", THIS_WEEK)], tags="list")
C("typed", "rail", "待检修的HXD1列一下", "c", t="list", d="rail", k=["HXD1"], tags="list terse")
C("typed", "agv", "list all AGV tasks at ST-15 today", "c", t="list", d="agv", k=["ST-15", "today"], tags="list english")
C("typed", "rail", "前天下午入段的机车有哪些", "c", t="list", d="rail", k=["前天下午"],
  e=[("time_range", "前天下午", QIANTIAN_PM)], tags="list time")
C("typed", "agv", "哪些车今天上午去过ST-06", "c", t="list", d="agv", k=["今天上午", "ST-06"],
  e=[("time_range", "今天上午", TODAY_AM), ("station", "ST-06")], tags="list time")

# ---- report
C("typed", "rail", "全年检修报表", "c", t="report", d="rail", k=["全年"], e=[("time_range", "全年", THIS_YEAR)], tags="report")
C("typed", "agv", "本月 AGV 任务报表", "c", t="report", d="agv", k=["本月"], e=[("time_range", "本月", THIS_MONTH)], tags="report")
C("typed", "rail", "上季度检修汇总出一份", "c", t="report", d="rail", k=["上季度"], e=[("time_range", "上季度", LAST_Q)], tags="report")
C("typed", "agv", "帮我 pull 一下上周的 AGV report", "c", t="report", d="agv", k=["上周"],
  e=[("time_range", "上周", LAST_WEEK)], tags="report mixed-english")
C("typed", "rail", "去年各车间检修工作量统计，用柱状图", "c", t="report", d="rail", k=["去年", "柱状图"],
  e=[("time_range", "去年", LAST_YEAR)], f=[F("query", ("presentation", "柱状图"), ("time", "去年"))], tags="report presentation")
C("typed", "agv", "近30天各站点任务量饼图", "c", t="report", d="agv", k=["近30天", "饼图"],
  e=[("time_range", "近30天", LAST30)], f=[F("query", ("presentation", "饼图"), ("time", "近30天"))], tags="report presentation")
C("typed", "rail", "帮我看一下这个月的检修报表", "c", t="report", d="rail", k=["这个月"],
  e=[("time_range", "这个月", THIS_MONTH)], tags="report polite")
C("typed", "agv", "2026年11月 AGV 运行报表", "c", t="report", d="agv", k=["2026年11月"],
  e=[("time_range", "2026年11月", MONTH(11))], tags="report time")
C("typed", "rail", "11月20号到今天的修程统计折线图", "c", t="report", d="rail", k=["11月20号", "今天", "折线图"], tags="report presentation range")
C("typed", "agv", "本季度小车电池损耗汇总", "c", t="report", d="agv", k=["本季度"], e=[("time_range", "本季度", THIS_Q)], tags="report")

# ---- workorder
C("typed", "rail", "查一下检修工单", "c", t="workorder", d="rail", tags="workorder")
C("typed", "rail", "WO-20261128 的进度", "c", t="workorder", d="rail", k=["WO-20261128"], e=[("work_order", "WO-20261128")], tags="workorder")
C("typed", "rail", "HXD1-0064 名下的检修工单", "c", t="workorder", d="rail", k=["HXD1-0064"],
  e=[("locomotive", "HXD1-0064")], tags="workorder")
C("typed", "rail", "李明手上的检修工单", "c", t="workorder", d="rail", k=["李明"], e=[("person", "李明")], tags="workorder person")
C("typed", "rail", "WO-20261204 卡在哪个环节", "c", t="workorder", d="rail", k=["WO-20261204"],
  e=[("work_order", "WO-20261204")], tags="workorder colloquial")
C("typed", "rail", "昨天新开的检修工单", "c", t="workorder", d="rail", k=["昨天"], e=[("time_range", "昨天", YDAY)],
  tags="workorder write-lookalike")
C("typed", "rail", "work order WO-20261130 status?", "c", t="workorder", d="rail", k=["WO-20261130"],
  e=[("work_order", "WO-20261130")], tags="workorder english")
C("typed", "rail", "检修工单报表", "cq", d="rail", tags="workorder report composite",
  note="design 16.2: composite template; clarify when the policy is unclear")

# ---- plan
C("typed", "rail", "查询本月检修计划", "c", t="plan", d="rail", k=["本月"], e=[("time_range", "本月", THIS_MONTH)], tags="plan")
C("typed", "rail", "HXD1-0065 下个月的检修计划", "c", t="plan", d="rail", k=["HXD1-0065", "下个月"],
  e=[("locomotive", "HXD1-0065"), ("time_range", "下个月", NEXT_MONTH)], tags="plan")
C("typed", "rail", "下周排了哪些机车做C3", "c", t="plan", d="rail", k=["下周", "C3"],
  e=[("time_range", "下周", NEXT_WEEK), ("maintenance_level", "C3")], tags="plan")
C("typed", "rail", "明年的修程排程出来没", "c", t="plan", d="rail", k=["明年"], e=[("time_range", "明年", NEXT_YEAR)], tags="plan")
C("typed", "rail", "下季度检修计划", "c", t="plan", d="rail", k=["下季度"], e=[("time_range", "下季度", NEXT_Q)], tags="plan terse")
C("typed", "rail", "后天的检修排程", "c", t="plan", d="rail", k=["后天"], e=[("time_range", "后天", HOUTIAN)], tags="plan")
C("typed", "rail", "12月5日三车间的检修计划", "c", t="plan", d="rail", k=["12月5日", "三车间"],
  e=[("time_range", "12月5日", DAY(12, 5))], tags="plan time")
C("typed", "rail", "DF4D-0610 什么时候排小修", "c", t="plan", d="rail", k=["DF4D-0610", "小修"],
  e=[("locomotive", "DF4D-0610"), ("maintenance_level", "小修")], tags="plan")
C("typed", "rail", "未来三天的检修计划", "c", t="plan", d="rail", k=["未来三天"], tags="plan negation-lookalike",
  note="未来 is not a negation; 未来三天 is outside the ontology table: no canonicalValue expected")

# ---- srl / explain / misc rail+agv reads
C("typed", "rail", "后天下午三车间用探伤仪检查的是哪台机车", "c", d="rail", k=["后天下午", "三车间", "探伤仪"],
  e=[("time_range", "后天下午", HOUTIAN_PM)],
  f=[F("query", ("time", "后天下午"), ("location", "三车间"), ("instrument", "探伤仪"))], tags="srl")
C("typed", "rail", "C4修是什么意思", "c", d="rail", k=["C4修"], e=[("maintenance_level", "C4修")], tags="explain")
C("typed", "rail", "辅修和小修有啥区别", "c", d="rail", e=[("maintenance_level", "辅修"), ("maintenance_level", "小修")], tags="explain")
C("typed", "agv", "AGV-43 为什么老是在 ST-02 卡住", "c", d="agv", k=["AGV-43", "ST-02"],
  e=[("vehicle", "AGV-43"), ("station", "ST-02")], tags="explain")
C("typed", "rail", "李四负责 HXD1-0040 吗", "c", d="rail", k=["李四", "HXD1-0040"],
  e=[("person", "李四"), ("locomotive", "HXD1-0040")], r=[("李四", "responsible_for", "HXD1-0040")], tags="relation")
C("typed", "agv", "明早8点前 AGV-45 能到 ST-16 吗", "c", d="agv", k=["明早8点前", "AGV-45", "ST-16"], r=[("AGV-45", "destination", "ST-16")], tags="time relation")
C("typed", "rail", "HXD1-0066 上次检修是什么时候，它下次计划呢", "c", d="rail", k=["HXD1-0066"],
  e=[("locomotive", "HXD1-0066")], co=[("它", "HXD1-0066")], tags="coreference multi-question")
C("typed", "agv", "今晚 ST-20 还能接几个任务", "c", d="agv", k=["今晚", "ST-20"],
  e=[("time_range", "今晚", TONIGHT), ("station", "ST-20")], tags="time")
C("typed", "rail", "给我看一下 HXD1-0067 的修程记录，按时间倒序", "c", d="rail", k=["HXD1-0067", "倒序"],
  e=[("locomotive", "HXD1-0067")], tags="presentation")
C("typed", "agv", "切换成列表视图", "cq", f=[F("change_view", ("presentation", "列表"))], tags="change-view")
C("typed", "rail", "张伟在一车间负责哪几台机车", "c", t="list", d="rail", k=["张伟", "一车间"], e=[("person", "张伟")],
  tags="list person location")
C("typed", "agv", "明天上午AGV-46的任务排了几个", "c", t="count", d="agv", k=["明天上午", "AGV-46"],
  e=[("time_range", "明天上午", TMR_AM), ("vehicle", "AGV-46")], tags="count time")
C("typed", "rail", "昨天上午哪些工单被驳回了", "c", d="rail", k=["昨天上午", "驳回"],
  e=[("time_range", "昨天上午", YDAY_AM)], tags="time")
C("typed", "rail", "今天下午三点 HXD1-0068 在哪个股道", "c", t="status", d="rail", k=["今天下午三点", "HXD1-0068"],
  e=[("time", "今天下午三点", P("2026-12-02T15:00")), ("locomotive", "HXD1-0068")], tags="status time-point")
C("typed", "agv", "2026年3月 AGV-47 的故障记录", "c", d="agv", k=["2026年3月", "AGV-47"],
  e=[("time_range", "2026年3月", MONTH(3)), ("vehicle", "AGV-47")], tags="time")
C("typed", "rail", "3月5号那次 HXD1-0069 的中修是谁做的", "c", d="rail", k=["3月5号", "HXD1-0069", "中修"],
  e=[("time_range", "3月5号", DAY(3, 5)), ("locomotive", "HXD1-0069"), ("maintenance_level", "中修")], tags="time")
C("typed", "agv", "过去30天 AGV-48 的平均电量", "c", d="agv", k=["过去30天", "AGV-48"],
  e=[("time_range", "过去30天", LAST30), ("vehicle", "AGV-48")], tags="time")
C("typed", "rail", "检修一组这周的活多不多", "c", d="rail", k=["检修一组", "这周"],
  e=[("time_range", "这周", THIS_WEEK)], tags="colloquial")
C("typed", "agv", "小车今天的搬运量", "c", d="agv", k=["今天"], e=[("time_range", "今天", TODAY)],
  tags="colloquial", note="搬运量 is an aggregate; report preferred")
