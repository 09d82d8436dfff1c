"""Negation (plain, double, A-not-A), self-repair with and without punctuation."""
from common import C, E, T, U

N = ["negation"]
S = ["self_repair"]

# ---------------- negation in reads
C("不要查 AGV-01", "cq", keep=["不要查", "AGV-01"], spans=[("不要", "negation"), ("AGV-01", "identifier")],
  frames=[("query", True)], tags=N + ["P0", "frame"], note="negated request must never become a query or a dispatch")
C("HXD1-0001 不是张三负责的吧", "c", U, "rail", keep=["HXD1-0001", "不是", "张三"],
  ents=[E("locomotive", "HXD1-0001"), E("person", "张三")],
  rels=[("张三", "responsible_for", "HXD1-0001", True)], tags=N + ["relation", "P0"])
C("哪些AGV不在线", "c", "list", "agv", keep=["不在线"], spans=[("不", "negation")], tags=N + ["P0"])
C("列出没有完成的检修工单", "c", U, "rail", keep=["没有完成"], tags=N + ["P0"])
C("除了 AGV-01 以外，其他车都在哪", "c", U, "agv", keep=["除了", "AGV-01"],
  frames=[("query", False, [("exception", "AGV-01", "except")])], tags=N + ["exception", "frame", "P0"])
C("不是 AGV 的任务，是机车的检修工单", "c", "workorder", "rail", keep=["检修工单"],
  tags=N + ["P0"], note="the negated domain word must not win the routing")
C("本周未关闭的工单数量", "c", "count", "rail", keep=["未关闭", "本周"], ents=[T("本周")], tags=N + ["P0", "time"])
C("AGV-11 今天是不是没出过车", "c", "status", "agv", keep=["AGV-11", "是不是没"],
  tags=N + ["a_not_a", "P0"], note="A-not-A plus negation: 是不是没 must not become 是没 or 没")
C("DF11-0302 有没有做过二级修", "c", U, "rail", keep=["DF11-0302", "有没有"],
  ents=[E("locomotive", "DF11-0302"), E("maintenance_level", "二级修")], tags=N + ["a_not_a", "P0"])
C("ST-04 是不是不能停车了", "c", "status", "agv", keep=["ST-04", "是不是不能"],
  tags=N + ["a_not_a", "double_negation", "P0"])
C("不是没有离线的车，是离线的车不多，列一下", "c", "list", "agv", keep=["不是没有", "离线"],
  tags=N + ["double_negation", "P0"])
C("没有哪台机车不需要做C1吗", "cq", U, "rail", keep=["没有", "不需要", "C1"],
  tags=N + ["double_negation", "P0"])
C("别给我列已经完成的，只看未完成的任务", "c", "list", "agv", keep=["未完成"],
  tags=N + ["P0"])
C("不行不行，不查AGV-02了", "cq", keep=["不查", "AGV-02"], tags=N + ["P0", "colloquial"],
  note="repetition may collapse to 不行 but the negation stays; no query of AGV-02")
C("HXD1-0040 不在一车间，那在哪", "c", "status", "rail", keep=["HXD1-0040", "不在", "一车间"],
  rels=[("HXD1-0040", "located_at", "一车间", True)], tags=N + ["relation", "P0"])
C("李娜不负责 WO-20260908 吗", "c", U, "rail", keep=["李娜", "不负责", "WO-20260908"],
  rels=[("李娜", "responsible_for", "WO-20260908", True)], tags=N + ["relation", "P0"])
C("不派 AGV-07 去 ST-02 了", "cq", keep=["不派", "AGV-07", "ST-02"], frames=[("create", True)],
  tags=N + ["write", "P0", "frame"], note="negated dispatch: never a dispatch")
C("任务 T-2026091630 千万别删", "cq", keep=["T-2026091630", "别删"], tags=N + ["write", "P0"])
C("没 没有电的小车 有几台", "c", "count", "agv", src="asr", keep=["没"], tags=N + ["asr", "P0"])

# ---------------- self-repair
C("查上月，不对，查本月的检修计划", "c", "plan", "rail", keep=["本月"], notc=["上月"],
  ents=[T("本月")], canon="查询本月检修计划", allowed=["查本月的检修计划", "查询本月的检修计划"],
  tags=S + ["time"], note="written independently from the design's example shape")
C("AGV-03 哦不 AGV-05 的电量", "c", "status", "agv", keep=["AGV-05"], notc=["AGV-03"],
  tags=S + ["no_punct"])
C("昨天，我是说前天，失败的任务", "c", "list", "agv", keep=["前天", "失败"], notc=["昨天"],
  ents=[T("前天")], tags=S + ["time"])
C("看 HXD1-0010 的工单 改成 HXD1-0011 的", "c", "workorder", "rail", keep=["HXD1-0011"],
  notc=["HXD1-0010"], tags=S + ["no_punct"])
C("本周 呃 不对 下周的检修排程", "c", "plan", "rail", src="asr", keep=["下周"], notc=["本周"],
  ents=[T("下周")], tags=S + ["asr", "time", "no_punct"])
C("列出ST-02，哦说错了，ST-12排队的车", "c", "list", "agv", keep=["ST-12"], notc=["ST-02"],
  tags=S)
C("今年的 不对 去年的全年检修报表", "c", "report", "rail", keep=["去年"], notc=["今年"],
  tags=S + ["time", "no_punct"])
C("电量低于30%，不对，低于20%的车列一下", "c", "list", "agv", keep=["20%", "低于"], notc=["30%"],
  frames=[("query", False, [("condition", "20%", "lt")])], tags=S + ["comparison", "frame"])
C("查下张伟负责的 哦不 刘洋负责的机车", "c", "list", "rail", keep=["刘洋"], notc=["张伟"],
  tags=S + ["no_punct"])
C("上季度的AGV报表，嗯，改成本季度", "c", "report", "agv", keep=["本季度"], notc=["上季度"],
  ents=[T("本季度")], tags=S + ["time"])
C("不要不要 查 AGV-08 就行", "cq", "status", "agv", keep=["AGV-08"], src="asr",
  tags=S + ["negation", "asr"], note="不要不要 most likely retracts a previous thought (then: query AGV-08); it could also attach to 查, so clarify is acceptable")
C("查AGV-06的任务不对是AGV-09的任务", "c", U, "agv", keep=["AGV-09"], notc=["AGV-06"],
  tags=S + ["no_punct"])
C("WO-20260801 说错了 WO-20260810 的进度", "c", "workorder", "rail", keep=["WO-20260810"],
  notc=["WO-20260801"], tags=S + ["no_punct"])
