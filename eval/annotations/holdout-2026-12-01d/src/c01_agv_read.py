"""AGV dispatch domain: read templates (status, count, list, report) in varied styles."""
from common import C, E, T, U

R = ["read"]

# ---- status
C("AGV-07 现在啥情况", "c", "status", "agv", keep=["AGV-07"],
  spans=[("AGV-07", "identifier")], tags=R + ["colloquial", "identifier"])
C("帮我瞅一眼AGV-12在哪个位置呗", "c", "status", "agv", keep=["AGV-12"],
  spans=[("AGV-12", "identifier")], tags=R + ["colloquial"])
C("嗯那个 就是 AGV-03 它的电量还有多少啊", "c", "status", "agv", src="asr",
  keep=["AGV-03", "电量"], coref=[("它", "AGV-03")], tags=R + ["asr", "coreference"])
C("ＡＧＶ－１０５ 当前状态", "c", "status", "agv", keep=["AGV-105"],
  ents=[E("vehicle", "AGV-105")], spans=[("AGV-105", "identifier")],
  tags=R + ["fullwidth", "identifier"])
C("check 一下 AGV-21 的 status", "c", "status", "agv", keep=["AGV-21"],
  spans=[("AGV-21", "identifier")], tags=R + ["en_mix"])
C("agv-08现在在不在线", "c", "status", "agv", ents=[E("vehicle", "agv-08", "AGV-08")],
  tags=R + ["a_not_a", "identifier"], note="lower-case id: canonicalValue upper-cases; 在不在 is an A-not-A question, not a negation of the query")
C("AGV-15 和 AGV-16 现在分别在干嘛", "c", "status", "agv", keep=["AGV-15", "AGV-16"],
  ents=[E("vehicle", "AGV-15"), E("vehicle", "AGV-16")], tags=R + ["identifier"])
C("AGV-04 停在 ST-11 多久了", "c", "status", "agv", keep=["AGV-04", "ST-11"],
  ents=[E("vehicle", "AGV-04"), E("station", "ST-11")],
  rels=[("AGV-04", "located_at", "ST-11")], tags=R + ["relation"])
C("小车AGV-09报警了吗", "c", "status", "agv", keep=["AGV-09"], tags=R + ["colloquial"])
C("ＡＧＶ－02　电 量", "c", "status", "agv", src="ocr", keep=["AGV-02"],
  spans=[("AGV-02", "identifier")], tags=R + ["ocr", "fullwidth", "spaces"])
C("AGV-30 的任务 T-2026091588 跑到哪一步了", "c", U, "agv", keep=["AGV-30", "T-2026091588"],
  ents=[E("vehicle", "AGV-30"), E("task", "T-2026091588")], tags=R + ["identifier"])

# ---- count
C("现在有几台AGV在线", "c", "count", "agv", keep=["AGV", "在线"], tags=R)
C("今天一共跑了多少个搬运任务", "c", "count", "agv", keep=["今天"],
  ents=[T("今天")], tags=R + ["time"])
C("呃 那个 小车 小车现在有多少辆 在充电的", "c", "count", "agv", src="asr",
  keep=["充电"], tags=R + ["asr", "colloquial"])
C("How many AGV 离线", "c", "count", "agv", keep=["AGV", "离线"], tags=R + ["en_mix"])
C("昨天失败的任务有几单", "c", "count", "agv", keep=["昨天", "失败"],
  ents=[T("昨天")], tags=R + ["time"])
C("本周ST-05一共接了多少次车", "c", "count", "agv", keep=["本周", "ST-05"],
  ents=[T("本周"), E("station", "ST-05")], tags=R + ["time"])
C("电量低于百分之二十的 AGV 有几台", "c", "count", "agv", keep=["低于"],
  ents=[E("quantity", "百分之二十", "20 %")],
  frames=[("count", False, [("condition", "百分之二十", "lt")])],
  tags=R + ["comparison", "frame"])
C("近7天搬运任务总量多少", "c", "count", "agv", ents=[T("近7天")], tags=R + ["time"])

# ---- list
C("列一下今天所有失败的任务", "c", "list", "agv", keep=["今天", "失败"],
  ents=[T("今天")], tags=R + ["time"])
C("哪些小车现在是空闲的", "c", "list", "agv", keep=["空闲"], tags=R)
C("把在ST-03排队的AGV都给我列出来", "c", "list", "agv", keep=["ST-03"],
  ents=[E("station", "ST-03")], tags=R)
C("AGV-01 从 ST-02 到 ST-08 的历史任务", "c", "list", "agv",
  keep=["AGV-01", "ST-02", "ST-08"],
  ents=[E("vehicle", "AGV-01"), E("station", "ST-02"), E("station", "ST-08")],
  rels=[("AGV-01", "origin", "ST-02"), ("AGV-01", "destination", "ST-08")],
  tags=R + ["relation", "identifier"])
C("list 昨天 下午 超时的 搬运任务", "c", "list", "agv", keep=["超时"],
  tags=R + ["en_mix", "spaces", "time"])
C("最近三天被取消过的任务有哪些", "c", "list", "agv", keep=["取消"],
  ents=[E("time_range", "最近三天", "2026-09-14T00:00:00+08:00/2026-09-17T00:00:00+08:00")],
  tags=R + ["time", "cue_inside_word"],
  note="取消 here is a filter on past tasks (read), not a cancel request")
C("显示所有电量不到三十的车 AGV 那边的", "c", "list", "agv", keep=["不到"],
  tags=R + ["comparison", "colloquial"])
C("今天上午从ST-01出发的车有哪些", "c", "list", "agv", keep=["ST-01"],
  ents=[T("今天上午"), E("station", "ST-01")], tags=R + ["time"])

# ---- report
C("出一份本月AGV任务报表", "c", "report", "agv", keep=["本月", "AGV", "报表"],
  ents=[T("本月")], spans=[("报表", "explicit_domain")], tags=R + ["time"])
C("上季度 AGV 的搬运量汇总", "c", "report", "agv", keep=["上季度", "汇总"],
  ents=[T("上季度")], tags=R + ["time"])
C("给我做个全年小车任务统计，用柱状图", "c", "report", "agv", keep=["全年", "柱状图"],
  ents=[T("全年")], frames=[("query", False, [("presentation", "柱状图")])],
  tags=R + ["time", "frame"])
C("AGV 上周的 utilization report", "c", "report", "agv", keep=["上周"],
  ents=[T("上周")], tags=R + ["en_mix", "time"])
C("那个啥 嗯 上个月 AGV 任务 任务报表 报表", "c", "report", "agv", src="asr",
  keep=["上个月", "AGV"], ents=[T("上个月")], tags=R + ["asr", "time"])
C("各站点本周接驳次数统计表", "c", "report", "agv", keep=["本周"],
  ents=[T("本周")], tags=R + ["time"])
C("AGV任务抱表 本月", "c", "report", "agv", keep=["AGV", "本月"],
  corr=[("抱表", "报表")], tags=R + ["typo", "time"])
