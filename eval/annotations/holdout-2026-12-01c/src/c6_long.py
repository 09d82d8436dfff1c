from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"

# 501–4,000 code points containing a write: must ask for one short, complete question (design 15.2)
filler = ("今天现场比较忙，上午三号线那边反馈货架有点歪，我们已经让班组去看过了，问题不大。"
          "另外食堂说下午停水，大家注意一下。仓库那边的盘点还没结束，估计要拖到晚上。")
long_write = ("我先说一下背景：" + filler * 6 + "所以麻烦你把T-2026031830取消，再把AGV-25派到ST-09，顺便看看本周的AGV任务报表。")
assert 501 <= len(long_write) <= 4000, len(long_write)
C(long_write, CL, ["long", "risk:write", "multi-intent"], sl="agv", why=["missing_slot", "intent", "entity"], p0=True,
  note="501–4,000 code points with write actions: ask for a short complete question; never truncate")
# 501–4,000 read-only: may be processed; the identifier near the end must survive (no truncation)
long_read = ("背景情况：" + filler * 6 + "最后请帮我查询AGV-27当前状态，注意是AGV-27不是AGV-72。")
assert 501 <= len(long_read) <= 4000
C(long_read, [CO, CL], ["long", "identifier", "negation"], tpl="status", dm="agv", keep=["AGV-27", "AGV-72", "不是"], p0=True,
  note="tail of a long read-only input must not be cut")
# > 4,000 code points: never rewritten or truncated
huge = ("日志：" + filler * 60 + "请不要取消T-2026031831。")
assert len(huge) > 4000
C(huge, [CL, UO], ["long", "over-limit", "negation", "risk:write"], sl="agv", p0=True,
  note="over 4,000 code points: no automatic rewrite, ask the user to narrow the question")
# >100 chars but normal read
C("你好，我是二车间的计划员，领导让我下午开会前准备材料，麻烦帮我把上季度所有机车的检修情况做一个汇总报表，"
  "最好按修程分类，C1到C6每一级单独列出来，用柱状图展示，数据口径按完成日期算，没完成的先不算进去，谢谢啦", CO, ["long", "politeness", "time", "presentation"], tpl="report", dm="rail",
  keep=["上季度", "柱状图"], ents=[TR("上季度", LASTQ)], frames=[fr("query", None, arg("presentation", "柱状图"))])
C("嗯就是那个我想问一下啊就是现在ST-04那边是不是有几台小车一直停着没动，呃大概停了有半个多小时了，你帮我看一下到底是哪几台，"
  "是没电了还是任务卡住了，如果是卡住了就告诉我卡在哪个环节，我好让现场的同事过去处理一下", CO, ["long", "filler", "negation", "identifier"], src="asr", tpl="list", dm="agv",
  keep=["ST-04", "是不是", "没动", "没电"], p0=True)
C("领导刚打电话说HXD1-0001这台车下周要临时加一次C2修，但是具体哪天还没定，你先帮我查一下这台车现有的检修计划，"
  "看看下周哪几天有空档，先别改计划，也别新建工单，我跟车间主任确认之后再跟你说具体怎么安排", CO, ["long", "negation", "identifier"], tpl="plan", dm="rail",
  keep=["HXD1-0001", "下周", "别改"], ents=[L("HXD1-0001"), TR("下周", NEXTWK)], p0=True,
  note="mentions a future write but explicitly defers it; the request is a plan read")
