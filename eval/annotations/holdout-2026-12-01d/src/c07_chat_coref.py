"""Chit-chat, greetings, thanks, general non-data questions, data questions with no domain;
coreference and multi-turn bounded context; empty input."""
from common import C, E, T, U

CH = ["chitchat"]
G = ["general_question"]
ND = ["no_domain"]
CO = ["coreference"]
MT = ["multi_turn", "coreference"]

# ---------------- chit-chat and general questions: pass through, no domain
C("你好呀", "cu", None, None, tags=CH + ["greeting"])
C("早上好，今天辛苦了", "cu", None, None, tags=CH + ["greeting"])
C("谢谢，帮大忙了", "cu", None, None, tags=CH + ["thanks"])
C("thx 辛苦", "cu", None, None, tags=CH + ["thanks", "en_mix"])
C("你是谁开发的", "cu", None, None, tags=CH)
C("哈哈哈 好的", "cu", None, None, tags=CH)
C("嗯嗯 嗯 好 好", "cu", None, None, src="asr", tags=CH + ["asr"])
C("再见啦", "cu", None, None, tags=CH + ["greeting"])
C("你能做些什么", "cu", None, None, tags=CH)
C("讲个笑话吧", "cu", None, None, tags=CH)
C("帮我把这句话翻译成英文：明天开会", "cu", None, None, keep=["明天开会"], tags=G)
C("Python 里怎么把列表去重", "cu", None, None, tags=G + ["en_mix"])
C("番茄炒蛋先放蛋还是先放番茄", "cu", None, None, tags=G)
C("什么是ISO周", "cu", None, None, tags=G)
C("一年有多少个工作日", "cu", None, None, tags=G)
C("写一首关于秋天的短诗", "cu", None, None, tags=G)
C("苹果", "q", why=["term", "intent"], tags=G + ["ambiguous_term"],
  note="company or fruit cannot be guessed; no business template")
C("今天星期几", "cu", None, None, tags=G + ["time"])

# ---------------- data questions with no domain: ask for the domain
C("任务情况怎么样", "q", why=["intent", "term"], tags=ND,
  note="design lists 任务情况 as missing a domain; 任务 alone does not decide it here")
C("今天完成了多少单", "q", why=["intent", "term"], keep=["今天"], tags=ND + ["time"])
C("列出所有故障设备", "q", why=["intent", "term"], tags=ND)
C("本月的报表给我一份", "q", why=["intent"], keep=["本月", "报表"], tags=ND + ["time"],
  note="report template but no domain; report+agv and report+rail are both legal")
C("车现在都在哪", "q", why=["term", "intent"], tags=ND,
  note="车 with no domain: AGV or locomotive")
C("昨天出了几次故障", "q", why=["intent", "missing_slot"], keep=["昨天"], tags=ND + ["time"])
C("有哪些在维修的", "q", why=["intent", "missing_slot"], tags=ND)
C("统计一下上周的完成率", "q", why=["intent"], keep=["上周"], tags=ND + ["time"])
C("那个东西现在咋样了", "q", why=["coreference"], tags=ND + CO)
C("它在哪", "q", why="coreference", tags=CO)
C("昨天 AGV-04", "q", why="missing_slot", keep=["AGV-04"], tags=["missing_slot"],
  note="object and time only; never invent 故障")
C("", "q", tags=["empty"], note="empty input: ask to say it again")
C("   \u3000 ", "q", tags=["empty", "fullwidth"], note="whitespace-only input")
C("额", ["clarify", "continue", "use_original"], src="asr", tags=["empty", "asr"], note="a bare filler: nothing to act on")

# ---------------- same-sentence coreference
C("查 AGV-07，它现在电量多少", "c", "status", "agv", keep=["AGV-07"],
  coref=[("它", "AGV-07")], tags=CO)
C("HXD1-0055 修完了吗，它下次检修是什么时候", "c", U, "rail", keep=["HXD1-0055"],
  coref=[("它", "HXD1-0055")], tags=CO)
C("WO-20260906 这张工单的负责人是谁，他今天在班吗", "cq", U, "rail", keep=["WO-20260906"],
  tags=CO, note="他 refers to the unnamed responsible person: cannot link to an entity")
C("AGV-02 和 AGV-03，它们俩谁电量高", "c", U, "agv", keep=["AGV-02", "AGV-03"],
  tags=CO + ["compare"])
C("ST-08 那边的车，把它们列出来", "c", "list", "agv", keep=["ST-08"], tags=CO)
C("查一下 T-2026091640，这个任务是谁发的", "c", U, "agv", keep=["T-2026091640"],
  coref=[("这个任务", "T-2026091640")], tags=CO)
C("把 T-2026091641 查一下，然后把它取消", "c", "operation", "agv", keep=["T-2026091641", "取消"],
  coref=[("它", "T-2026091641")], tags=CO + ["write", "write_clear", "P0"],
  note="pronoun resolved within the sentence to a unique task; the write goes on to MCP approval")
C("AGV-01 到 AGV-04 里，它电量最低吗", "q", why="coreference", tags=CO,
  note="它 has several candidates in the sentence")

# ---------------- multi-turn with bounded context (confirmed referents)
A3 = [{"canonicalId": "AGV-03", "entityType": "vehicle", "displayName": "AGV-03", "domain": "agv"}]
H1 = [{"canonicalId": "HXD1-0066", "entityType": "locomotive", "displayName": "HXD1-0066", "domain": "rail"}]
THREE = [{"canonicalId": x, "entityType": "vehicle", "displayName": x, "domain": "agv"}
         for x in ("AGV-01", "AGV-02", "AGV-05")]
TK = [{"canonicalId": "T-2026091650", "entityType": "task", "displayName": "T-2026091650", "domain": "agv"}]
TK2 = TK + [{"canonicalId": "T-2026091651", "entityType": "task", "displayName": "T-2026091651", "domain": "agv"}]

C("它现在在哪", "cq", "status", "agv", ctx=A3, coref=[("它", "AGV-03")], tags=MT,
  note="one confirmed referent in the bounded context; clarify acceptable if the ledger is off")
C("那它的电量呢", "cq", "status", "agv", ctx=A3, coref=[("它", "AGV-03")], tags=MT)
C("这台车下次什么时候修", "cq", U, "rail", ctx=H1, coref=[("这台车", "HXD1-0066")], tags=MT)
C("它呢", "q", why="coreference", ctx=THREE, tags=MT,
  note="three candidates: never default to the first")
C("它们里面哪台离线了", "cq", U, "agv", ctx=THREE, tags=MT)
C("把它取消", "qc", why=["coreference", "missing_slot"], ctx=TK,
  tags=MT + ["write", "P0"], note="a write through a pronoun: clarify preferred even with one referent")
C("把那个任务取消", "q", why=["coreference", "missing_slot"], ctx=TK2, tags=MT + ["write", "write_clarify", "P0"])
C("看检修工单", "c", "workorder", "rail", ctx=A3, tags=["multi_turn", "domain_switch"],
  note="new explicit domain word wins over the AGV context")
C("新问题：本月AGV任务报表", "c", "report", "agv", ctx=H1, keep=["本月", "AGV"],
  tags=["multi_turn", "domain_switch"])
C("第一个", "q", why=["coreference", "intent"], ctx=THREE, tags=MT,
  note="V1 accepts no short answers depending on a previous clarification")
C("AGV 那个", "q", why=["coreference", "intent", "missing_slot"], ctx=THREE, tags=MT)
C("它今天跑了几单", "cq", "count", "agv", ctx=A3, keep=["今天"], coref=[("它", "AGV-03")], tags=MT + ["time"])
