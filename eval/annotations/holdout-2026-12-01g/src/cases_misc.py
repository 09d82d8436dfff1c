"""ASR/OCR noise, chit-chat and no-domain text, ambiguity that must be clarified, cross-domain,
bounded context, empty/whitespace. All hand-written."""
from gold import *

# ---- ASR noise (homophones, fillers, repeated tails)
C("asr", "rail", "查询检休计划", "c", t="plan", d="rail", n=["检休"], corr=[("检休", "检修")], tags="asr homophone")
C("asr", "rail", "全年检休抱表", "c", t="report", d="rail", k=["全年"], n=["检休", "抱表"],
  corr=[("检休", "检修"), ("抱表", "报表")], e=[("time_range", "全年", THIS_YEAR)], tags="asr homophone")
C("asr", "rail", "全员检修报表", "q", why="TP", alts=["全年检修报表"], k=["全员"], n=["全年"],
  tags="P0 asr ambiguity", note="design 16.2: may have been 全年; do not widen the time range silently")
C("asr", "agv", "嗯那个就是 AGV-05 它 它现在电量多少啊", "c", t="status", d="agv", k=["AGV-05"],
  e=[("vehicle", "AGV-05")], co=[("它", "AGV-05")], tags="asr filler repetition coreference")
C("asr", "agv", "看下昨天 一号车 故障", "q", why="TE", k=["昨天", "故障"], tags="asr bare-id",
  note="design 16.2 keeps time/object/fault; 一号车 is not an identifier (AGV or locomotive?)")
C("asr", "agv", "帮我查一下ST-05的任务的任务的任务", "c", d="agv", k=["ST-05"], e=[("station", "ST-05")],
  tags="asr repeated-tail")
C("asr", "rail", "HXD1-0071 的修成是几级", "c", d="rail", k=["HXD1-0071"], n=["修成"], corr=[("修成", "修程")],
  e=[("locomotive", "HXD1-0071")], tags="asr homophone")
C("asr", "agv", "那个 呃 AGV-52 呃 在不在线 在不在线", "c", t="status", d="agv", k=["AGV-52", "在不在线"],
  e=[("vehicle", "AGV-52")], tags="asr filler repetition a-not-a")
C("asr", "rail", "本月的鸡车检修工单", "c", t="workorder", d="rail", k=["本月"], n=["鸡车"], corr=[("鸡车", "机车")],
  e=[("time_range", "本月", THIS_MONTH)], tags="asr homophone")
C("asr", "agv", "今天哪些小车没电了 没电了", "c", t="list", d="agv", k=["没电", "今天"],
  e=[("time_range", "今天", TODAY)], tags="P0 asr repetition negation")
C("asr", "rail", "不行不行这个工单 WO-20261208 先别派", "cq", k=["别派", "WO-20261208"], e=[("work_order", "WO-20261208")],
  tags="P0 asr negation write")
C("asr", "agv", "查一下 AGV-53 的电量", "c", t="status", d="agv", k=["AGV-53"], e=[("vehicle", "AGV-53")], conf=0.42,
  tags="asr low-confidence", note="low overall confidence alone does not block a complete read")
C("asr", "agv", "嗯", "q", tags="asr filler-only")
C("asr", "none", "喂喂喂听得到吗", "c", t=None, d=None, tags="asr chit-chat")

# ---- OCR noise
C("ocr", "rail", "检修计划\nHXD1-0072  C3  12月9日\nHXD1-0073  C4  12月10日\n帮我核对", "c", d="rail",
  k=["HXD1-0072", "HXD1-0073", "C3", "C4", "12月9日", "12月10日"],
  e=[("locomotive", "HXD1-0072"), ("locomotive", "HXD1-0073"), ("maintenance_level", "C3"),
     ("maintenance_level", "C4"), ("time_range", "12月9日", DAY(12, 9)), ("time_range", "12月10日", DAY(12, 10))],
  tags="ocr table")
C("ocr", "rail", "工 单 号 ： WO-20261209 进 度 ？", "c", t="workorder", d="rail", k=["WO-20261209"],
  e=[("work_order", "WO-20261209")], tags="ocr spacing")
C("ocr", "agv", "AGV-54 电量：1 5%", "qc", why="P", k=["AGV-54"], n=["15%"], tags="P0 ocr split-number",
  note="1 5% could be 15% or 1.5%; do not merge digits silently")
C("ocr", "rail", "检修报表（本月）\n———\n完成 32 台\n未完成 4 台", "cq", d="rail", k=["本月", "32", "未完成", "4"],
  tags="ocr table negation")
C("ocr", "agv", "任务单 T-2026120230\n起点 ST-01 终点 ST-04\n请查状态", "c", t="status", d="agv",
  k=["T-2026120230", "ST-01", "ST-04"], e=[("task", "T-2026120230"), ("station", "ST-01"), ("station", "ST-04")],
  tags="ocr form")
C("ocr", "rail", "机车检修记录 HXD1-0O74 修程C5", "qc", why="EP", k=["HXD1-0O74"], n=["HXD1-0074"],
  tags="P0 ocr lookalike-id")

# ---- chit-chat and no-domain text
CH = "chit-chat"
C("typed", "none", "你好", "cu", t=None, d=None, tags=CH)
C("typed", "none", "谢谢，辛苦了", "cu", t=None, d=None, tags=CH)
C("typed", "none", "你是谁", "cu", t=None, d=None, tags=CH)
C("typed", "none", "讲个笑话吧", "cu", t=None, d=None, tags=CH)
C("typed", "none", "今天天气怎么样", "cu", t=None, d=None, tags=CH + " time-lookalike")
C("typed", "none", "哈哈哈哈", "cu", t=None, d=None, tags=CH)
C("typed", "none", "在吗", "cu", t=None, d=None, tags=CH)
C("typed", "none", "hello", "cu", t=None, d=None, tags=CH + " english")
C("typed", "none", "👍", "cu", t=None, d=None, tags=CH + " emoji")
C("typed", "none", "晚上吃什么好", "cu", t=None, d=None, tags=CH)
C("typed", "none", "帮我写一首关于冬天的诗", "cu", t=None, d=None, tags=CH)
C("typed", "none", "OK", "cu", t=None, d=None, tags=CH)
C("typed", "none", "周末加不加班啊", "cu", t=None, d=None, tags=CH + " a-not-a")
C("typed", "none", "1+1等于几", "cu", t=None, d=None, tags=CH + " number")
C("typed", "none", "我不想上班", "cu", t=None, d=None, k=["不想"], tags=CH + " negation")
C("typed", "none", "你能做什么", "cu", t=None, d=None, tags=CH + " capability")
C("typed", "none", "北京到上海的高铁几点有", "cu", t=None, d=None, tags="no-domain out-of-scope")
C("typed", "none", "苹果", "q", why="T", tags="term ambiguity", note="ontology: 苹果 → term")
C("typed", "none", "？？？", "qc", tags="punctuation-only")
C("typed", "none", "……", "qc", tags="punctuation-only")

# ---- clarification needed (read side)
C("typed", "none", "那个东西怎么样了", "q", why="R", tags="coreference unresolvable")
C("typed", "none", "任务情况", "q", why="I", tags="intent no-domain")
C("typed", "agv", "昨天 AGV-01", "q", why="M", k=["昨天", "AGV-01"], e=[("time_range", "昨天", YDAY), ("vehicle", "AGV-01")],
  tags="missing-slot")
C("typed", "rail", "HXD1-0075 昨天", "q", why="M", k=["HXD1-0075", "昨天"],
  e=[("locomotive", "HXD1-0075"), ("time_range", "昨天", YDAY)], tags="missing-slot")
C("typed", "none", "车现在在哪", "q", why="T", tags="term", note="车 with no domain: AGV or locomotive")
C("typed", "none", "本月完成了多少单子", "q", why="IT", k=["本月"], tags="intent no-domain")
C("typed", "none", "那它呢？", "q", why="R", tags="coreference no-antecedent")
C("typed", "none", "查一下进度", "q", why="MI", tags="missing-slot")
C("typed", "none", "统计一下", "q", why="MI", tags="missing-slot")
C("typed", "none", "上个月的数据", "q", why="IM", k=["上个月"], tags="intent")
C("typed", "none", "ST", "q", why="EM", tags="terse fragment")
C("typed", "agv", "它电量多少", "q", why="R", tags="coreference no-antecedent")
C("typed", "none", "张三那边怎么样了", "q", why="MI", k=["张三"], tags="intent person")

# ---- bounded context (design 7.6 phase 2)
C("typed", "agv", "它呢", "q", why="R",
  ctx=[("AGV-01", "vehicle", "agv"), ("AGV-02", "vehicle", "agv"), ("AGV-03", "vehicle", "agv")],
  tags="coreference multi-candidate", note="three candidates: never default to the first")
C("typed", "agv", "把它取消", "q", why="RM",
  ctx=[("T-2026120240", "task", "agv"), ("T-2026120241", "task", "agv")],
  tags="P0 write cancel coreference multi-candidate")
C("typed", "rail", "看下检修工单", "c", t="workorder", d="rail", ctx=[("AGV-01", "vehicle", "agv")],
  tags="domain-switch", note="the new explicit word wins; the AGV context must not leak in")
C("typed", "rail", "新问题：本月检修报表", "c", t="report", d="rail", k=["本月"], e=[("time_range", "本月", THIS_MONTH)],
  ctx=[("AGV-07", "vehicle", "agv")], tags="domain-switch context-reset")
C("typed", "agv", "那 ST-05 呢", "cq", d="agv", k=["ST-05"], e=[("station", "ST-05")],
  ctx=[("AGV-01", "vehicle", "agv")], tags="ellipsis", note="the elided predicate is unknown in V1; ask or continue")

# ---- cross-domain (V1 does not execute mixed-domain queries)
CR = "cross-domain"
C("typed", "cross", "对比 AGV-01 和 HXD1-0001 本月的故障次数", "q", why="I", k=["AGV-01", "HXD1-0001", "本月"], tags=CR)
C("typed", "cross", "本月 AGV 任务报表和检修报表一起出", "q", why="I", k=["本月"], tags=CR)
C("typed", "cross", "AGV-55 和 HXD1-0076 哪个在线时间长", "q", why="I", k=["AGV-55", "HXD1-0076"], tags=CR)
C("typed", "cross", "所有设备的故障汇总，小车和机车都要", "q", why="I", tags=CR)
C("typed", "cross", "把 AGV-56 的任务和 WO-20261210 都取消", "q", why="I", k=["AGV-56", "WO-20261210"], tags="P0 " + CR + " write")
C("typed", "cross", "机车车间里跑的 AGV-57 电量多少", "cq", t="status", d="agv", k=["AGV-57"], e=[("vehicle", "AGV-57")],
  tags=CR + " lookalike", note="车间 is only where the AGV is; the object is a vehicle")
C("typed", "cross", "ST-08 旁边停的 HXD1-0077 是哪个车间的", "cq", d="rail", k=["ST-08", "HXD1-0077"], tags=CR)

# ---- empty / whitespace / invisible only
C("typed", "none", "", "q", tags="empty")
C("typed", "none", "   ", "q", tags="whitespace")
C("typed", "none", "\n\t\n", "q", tags="whitespace")
C("typed", "none", "\u3000\u3000", "q", tags="whitespace fullwidth-space")
C("typed", "none", "\u200b\u200b\u200b", "q", tags="zero-width-only")
C("asr", "none", " ", "q", tags="whitespace asr")
