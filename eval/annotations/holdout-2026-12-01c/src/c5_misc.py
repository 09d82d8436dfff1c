from dsl import *
CO = "continue"; CL = "clarify"; UO = "use_original"
G = [CO, UO]

# ---------------- identifiers that must be kept exactly / look-alikes (read-only) ----------------
C("HXDl-OOO1 现在在哪", [CL, CO], ["lookalike:id", "ocr-confusion"], src="ocr", sl="rail", why=["protected_change", "entity"],
  keep=["HXDl-OOO1"], nokeep=["HXD1-0001"], p0=True)
C("AGV-O7现在啥状态", [CL, CO], ["lookalike:id"], src="ocr", sl="agv", why=["protected_change", "entity"], keep=["AGV-O7"],
  nokeep=["AGV-07"], p0=True)
C("AGV-99 在哪", [CO, CL], ["unknown-id", "identifier"], tpl="status", dm="agv", keep=["AGV-99"], nokeep=["AGV-09"], p0=True,
  note="well-formed but perhaps unknown: keep and hint, never rewrite to a neighbour")
C("ST-5附近的小车", [CL, CO], ["malformed-id"], sl="agv", why=["entity", "protected_change"], nokeep=["ST-05"], p0=True)
C("帮我查查02", CL, ["bare-id", "must-ask"], sl="none", why=["entity"], p0=True,
  note="02 may be a vehicle, locomotive, task or station")
C("瞅瞅昨天 三号车 的故障", [CL, CO], ["colloquial", "term"], sl="none", why=["entity", "term"], keep=["昨天", "三号车", "故障"], p0=True)
C("T-2026031822 和 T-2026031823 哪个先完成", CO, ["identifier", "compare"], dm="agv", keep=["T-2026031822", "T-2026031823"],
  ents=[T("T-2026031822"), T("T-2026031823")], p0=True)
C("WO-2026031的进度", [CL, CO], ["malformed-id"], sl="rail", why=["entity"], keep=["WO-2026031"], nokeep=["WO-20260310", "WO-20260031"], p0=True)
C("T-2O26031824 的状态", [CL, CO], ["lookalike:id", "ocr-confusion"], src="ocr", sl="agv", why=["protected_change", "entity"],
  nokeep=["T-2026031824"], p0=True)
C("AGV 幺零五 电量多少", [CL, CO], ["spoken-number"], src="asr", sl="agv", why=["protected_change", "entity"], nokeep=["AGV-105"], p0=True)
C("查询AGV-13的状态", [CL, CO], ["asr-alternatives", "identifier"], src="asr", sl="agv", alts=["查询AGV-30的状态"], conf=0.5,
  why=["entity", "protected_change"], keep=["AGV-13"], nokeep=["AGV-30"], p0=True,
  note="the alternative changes the identifier; never switch to it")
C("HXD1-0001、HXD1-0010、HXD1-0100 三台车的位置", CO, ["identifier", "lookalike:id"], tpl="status", dm="rail",
  keep=["HXD1-0001", "HXD1-0010", "HXD1-0100"], ents=[L("HXD1-0001"), L("HXD1-0010"), L("HXD1-0100")], p0=True)
C("我说的是HXD1-0001不是HXD1-0010", [CO, CL], ["negation", "identifier"], sl="rail", keep=["HXD1-0001"], p0=True)

# ---------------- relations ----------------
C("HXD1-0001不是张三负责的吧，那现在是谁负责", [CO, CL], ["relation", "negation"], dm="rail", keep=["HXD1-0001", "不是", "张三"],
  ents=[L("HXD1-0001"), P("张三")], rels=[rel("张三", "responsible_for", "HXD1-0001", True)], p0=True)
C("AGV-05不是从ST-01出发的", [CO, CL], ["relation", "negation"], dm="agv", keep=["AGV-05", "不是", "ST-01"], ents=[V("AGV-05"), S("ST-01")],
  rels=[rel("AGV-05", "origin", "ST-01", True)], p0=True)
C("李娜负责的HXD3-0777现在在二车间吗", CO, ["relation"], tpl="status", dm="rail", keep=["李娜", "HXD3-0777"],
  ents=[P("李娜"), L("HXD3-0777")], rels=[rel("李娜", "responsible_for", "HXD3-0777")])
C("明早在一车间用探伤仪检查HXD1-0008", [CO, CL], ["srl", "risk:write"], dm="rail", keep=["明早", "一车间", "探伤仪", "HXD1-0008"],
  ents=[TR("明早", TMR_AM), L("HXD1-0008")], p0=True,
  note="time, place, instrument and object must all be kept; whether 检查 is a scheduling write or a request is not decided here, so no frame class is asserted")

# ---------------- coreference / context ----------------
C("那玩意儿现在咋样了", CL, ["coreference", "colloquial"], sl="none", why=["coreference"])
C("它呢", CL, ["coreference", "bounded-context"], sl="agv", why=["coreference"],
  bctx=[ctx("AGV-01", "vehicle", "agv"), ctx("AGV-02", "vehicle", "agv"), ctx("AGV-03", "vehicle", "agv")])
C("它现在在哪", CL, ["coreference"], sl="none", why=["coreference"])
C("他负责的那些呢", CL, ["coreference"], sl="none", why=["coreference"])
C("看下检修工单", CO, ["domain-switch", "bounded-context"], tpl="workorder", dm="rail",
  bctx=[ctx("AGV-01", "vehicle", "agv")], note="explicit new domain word wins over the AGV context")
C("它的电量呢", [CO, CL], ["coreference", "bounded-context"], sl="agv", bctx=[ctx("AGV-07", "vehicle", "agv", "AGV-07")],
  note="one confirmed referent (phase 2): resolution allowed; asking is also safe")
C("那AGV-02呢，它在充电吗", CO, ["coreference", "identifier"], tpl="status", dm="agv", keep=["AGV-02"], coref=[("它", "AGV-02")])

# ---------------- data questions without a domain / intent unclear: must clarify ----------------
C("说说任务的情况", CL, ["no-domain", "must-ask"], sl="none", why=["intent"])
C("上周 HXD1-0003", CL, ["fragment", "missing-slot"], sl="rail", why=["missing_slot"], p0=True)
C("昨天 AGV-06", CL, ["fragment", "missing-slot"], sl="agv", why=["missing_slot"], p0=True)
C("本月报表", CL, ["no-domain"], sl="none", why=["intent"])
C("现在有多少个在线", CL, ["no-domain"], sl="none", why=["intent"])
C("查一下状态", CL, ["no-domain", "missing-slot"], sl="none", why=["missing_slot", "entity", "intent"])
C("列出所有失败的", CL, ["no-domain"], sl="none", why=["intent", "missing_slot"])
C("苹果", CL, ["term"], sl="none", why=["term"])
C("苹果现在怎么样了", CL, ["term"], sl="none", why=["term", "coreference"])
C("车呢", CL, ["term"], sl="none", why=["term", "coreference"])
C("帮我统计一下", CL, ["no-domain", "missing-slot"], sl="none", why=["intent", "missing_slot"])
C("这个月的完成率是多少", CL, ["no-domain"], sl="none", why=["intent"])
C("最近的情况怎么样", CL, ["no-domain"], sl="none", why=["intent"])
C("今天的报表", CL, ["no-domain"], sl="none", why=["intent"])
C("查询", CL, ["missing-slot"], sl="none", why=["missing_slot", "intent"])
C("AGV-05 的", CL, ["fragment"], sl="agv", why=["missing_slot"])
C("对比一下AGV-01和HXD1-0001现在的状态", CL, ["cross-domain"], sl="cross", why=["intent"], p0=True,
  note="V1 does not run mixed-domain queries (design 15.3)")
C("把AGV任务和检修工单放一起统计", CL, ["cross-domain"], sl="cross", why=["intent"])
C("一号车", CL, ["term", "fragment"], sl="none", why=["term", "entity", "missing_slot"])
C("有多少是失败的", CL, ["no-domain"], sl="none", why=["intent"])
C("看一下上个月的检修工单，呃不对", [CL, CO], ["self-repair", "dangling-repair"], sl="rail", why=["missing_slot", "intent"], p0=True)
C("", CL, ["empty"], sl="none")
C("   ", CL, ["empty", "whitespace"], sl="none")
C("嗯…啊…那个…", CL, ["low-confidence"], src="asr", sl="none", conf=0.15)
C("查一下那个嗯嗯", CL, ["low-confidence", "filler"], src="asr", sl="none", conf=0.2, why=["missing_slot", "intent", "entity"])

# ---------------- negation / A-not-A misc ----------------
C("不用查AGV-01了", [CO, CL], ["negation"], sl="agv", keep=["不用", "AGV-01"], p0=True)
C("有没有电量不足的小车", CO, ["a-not-a", "negation"], dm="agv", keep=["有没有", "不足"], p0=True)
C("没有哪台AGV是不在线的吗", CO, ["double-negation"], dm="agv", keep=["没有", "不在线"], p0=True)
C("部在线的AGV有哪些", [CL, CO], ["misspelled-negation", "homophone"], src="asr", sl="agv", why=["protected_change", "term"],
  p0=True, note="部 is probably 不: a correction that would create a negation is a protected change")
C("哪些机车还没有做C5修", CO, ["negation", "maintenance_level"], tpl="list", dm="rail", keep=["没有", "C5修"], p0=True)
C("AGV-10是不是不在线", CO, ["a-not-a", "double-negation"], tpl="status", dm="agv", keep=["是不是不在线"], p0=True,
  note="是不是不… must not collapse into 是不…")
C("HXD2-0040的C3修是不是还没排", CO, ["a-not-a", "negation"], tpl="plan", dm="rail", keep=["HXD2-0040", "是不是", "没排"], p0=True)
C("不行不行，还是查一下AGV-09的电量", CO, ["negation", "repetition"], src="asr", tpl="status", dm="agv", keep=["AGV-09"], p0=True)

# ---------------- self-repair read misc ----------------
C("AGV-01的电量，我是说AGV-10", CO, ["self-repair"], tpl="status", dm="agv", keep=["AGV-10"], nokeep=["AGV-01"], p0=True)
C("HXD1-0001 哦不是 HXD1-0002 现在在哪", CO, ["self-repair", "no-punct"], tpl="status", dm="rail", keep=["HXD1-0002"],
  nokeep=["HXD1-0001"], p0=True)
C("嗯 那个 查AGV-05 不对不对 AGV-06的位置", CO, ["self-repair", "filler", "repetition"], src="asr", tpl="status", dm="agv",
  keep=["AGV-06"], nokeep=["AGV-05"], p0=True)
C("查一下一车间诶不对二车间在修的机车", CO, ["self-repair", "no-punct"], tpl="list", dm="rail", keep=["二车间"], nokeep=["一车间"], p0=True)

# ---------------- chit-chat, greetings, thanks, general knowledge: pass through ----------------
for raw, tg in [("你好", ["greeting"]), ("早上好呀～", ["greeting"]), ("谢谢你！", ["thanks"]), ("辛苦了，谢谢", ["thanks"]),
                ("再见啦", ["greeting"]), ("你是谁", ["chitchat"]), ("今天天气怎么样", ["general-question"]),
                ("给我讲个笑话吧", ["chitchat"]), ("1加1等于几", ["general-question"]), ("中国的首都是哪里", ["general-question"]),
                ("绿茶用多少度的水泡比较好", ["general-question"]), ("帮我写一首关于春天的短诗", ["chitchat"]),
                ("Python 里怎么读取一个文本文件", ["general-question"]), ("哈哈哈哈", ["chitchat"]), ("嗯嗯好的", ["chitchat"]),
                ("非常感谢你的帮助", ["thanks", "lookalike:negation"]), ("没关系，不着急", ["chitchat", "lookalike:negation"]),
                ("周末有什么好看的电影推荐", ["chitchat"])]:
    C(raw, G, ["chitchat-family"] + tg, tpl=None, dm=None)
for raw, tg in [("机车夹克怎么搭配比较好看", "机车"), ("电脑任务栏不见了怎么办", "任务"), ("手机电量掉得很快怎么办", "电量"),
                ("网站的站点地图怎么做", "站点"), ("帮我制定一个健身计划", "计划"), ("Excel报表怎么做数据透视表", "报表"),
                ("外卖平台的派单是怎么回事", "派单"), ("家里的热水器需要定期检修吗", "检修"), ("昨天路上出了个小车祸，心情很差", "小车"),
                ("有什么好用的在线翻译工具", "在线"), ("Word里删除线怎么加", "删除"), ("快递一直显示派送中是什么意思", "派送"),
                ("最近心理状态不太好怎么调整", "状态"), ("别克车的保养周期一般多长", "别")]:
    C(raw, G, ["chitchat-family", "lookalike:domain", "general-question"], tpl=None, dm=None, keep=[tg],
      note=f"{tg} occurs inside an ordinary phrase; nothing implies a business domain")
# domain knowledge questions (not data questions): domain named, no data template decided
C("AGV是什么意思", G, ["general-question", "knowledge"], dm="agv", keep=["AGV"])
C("C5修和C6修有什么区别", G, ["general-question", "knowledge", "maintenance_level"], dm="rail", keep=["C5修", "C6修"])
C("什么叫修程", G, ["general-question", "knowledge"], dm="rail")
