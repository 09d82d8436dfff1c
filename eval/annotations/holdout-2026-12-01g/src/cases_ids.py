"""Identifiers: look-alikes (OCR 0/O, 1/l/I, 5/S), spoken forms, unknown but well-formed ids,
full-width and lower-case forms. Never silently 'fixed'. All hand-written."""
from gold import *

LK = "P0 lookalike-id"

# ---- read-only look-alikes: keep as written; clarify preferred (design 7.1), never auto-correct
C("ocr", "agv", "AGV-O1 状态", "qc", why="EP", k=["AGV-O1"], n=["AGV-01"], tags=LK + " ocr O-for-0")
C("ocr", "rail", "HXDl-OOO1 现在在哪", "qc", why="EP", k=["HXDl-OOO1"], n=["HXD1-0001"], tags=LK + " ocr l-for-1 O-for-0")
C("ocr", "agv", "ST-O5 的排队任务", "qc", why="EP", k=["ST-O5"], n=["ST-05"], tags=LK + " ocr")
C("ocr", "rail", "W0-20261201 的进度", "qc", why="EP", k=["W0-20261201"], n=["WO-20261201"], tags=LK + " ocr 0-for-O")
C("ocr", "agv", "T-202612012l 是什么状态", "qc", why="EP", k=["T-202612012l"], n=["T-2026120121"], tags=LK + " ocr l-for-1")
C("ocr", "agv", "AGV-1O 电量", "qc", why="EP", k=["AGV-1O"], n=["AGV-10"], tags=LK + " ocr")
C("ocr", "rail", "HXD1-OO15 的检修计划", "qc", why="EP", k=["HXD1-OO15"], n=["HXD1-0015"], tags=LK + " ocr")
C("ocr", "rail", "工单号：WO-2026112O", "qc", why="EP", k=["WO-2026112O"], n=["WO-20261120"], tags=LK + " ocr")
C("ocr", "agv", "AGV-S5 在哪", "qc", why="EP", k=["AGV-S5"], n=["AGV-55"], tags=LK + " ocr S-for-5")
C("ocr", "rail", "DF4B-I234 下次修程", "qc", why="EP", k=["DF4B-I234"], n=["DF4B-1234"], tags=LK + " ocr I-for-1")
C("ocr", "agv", "ST-I2 今天有几个任务", "qc", why="EP", k=["ST-I2", "今天"], n=["ST-12"],
  e=[("time_range", "今天", TODAY)], tags=LK + " ocr")
C("typed", "rail", "HXDI-0020 的工单", "qc", why="EP", k=["HXDI-0020"], n=["HXD1-0020"], tags=LK + " typo I-for-1")
C("ocr", "agv", "ＡＧＶ－Ｏ７ 状态", "qc", why="EP", k=["AGV-O7"], n=["AGV-07"], tags=LK + " fullwidth O-for-0")
C("ocr", "rail", "SS8-OO3l 在哪个车间", "qc", why="EP", k=["SS8-OO3l"], n=["SS8-0031"], tags=LK + " ocr")
C("ocr", "agv", "查 AGV-0l、AGV-02 的电量", "qc", why="EP", k=["AGV-0l", "AGV-02"], n=["AGV-01"],
  e=[("vehicle", "AGV-02")], tags=LK + " ocr partial")

# ---- look-alikes in writes: must clarify, never auto-correct
C("ocr", "agv", "取消 T-2026O10241", "q", why="PE", n=["T-2026010241"], tags=LK + " write cancel")
C("ocr", "agv", "把 AGV-O3 派到 ST-05", "q", why="PE", n=["AGV-03"], tags=LK + " write dispatch")
C("ocr", "rail", "关闭 WO-2026l130", "q", why="PE", n=["WO-20261130"], tags=LK + " write close")
C("typed", "agv", "删掉 T-20261201O5", "q", why="PE", n=["T-2026120105"], tags=LK + " write delete")
C("ocr", "rail", "给 HXDl-0033 建个 C2 修工单", "q", why="PE", n=["HXD1-0033"], tags=LK + " write create")

# ---- spoken ids (ASR): do not silently turn words into id characters
C("asr", "agv", "AGV零一现在在哪", "cq", why="PE", k=["AGV零一"], n=["AGV-01"], tags=LK + " asr-spoken",
  note="零一 → 01 would change identifier text; keep or ask")
C("asr", "agv", "A G V 幺五 电量多少", "cq", why="PE", n=["AGV-15"], tags=LK + " asr-spoken")
C("asr", "agv", "取消任务 T 二零二六一二零一零八八", "q", why="PE", n=["T-2026120188"], tags=LK + " asr-spoken write cancel")
C("asr", "rail", "和谐一型零零零三在哪个车间", "cq", why="PE", k=["零零零三"], n=["HXD1-0003"], tags=LK + " asr-spoken")
C("asr", "agv", "派 AGV 三号 去 五号站", "q", why="PEM", n=["AGV-03", "ST-05"], tags=LK + " asr-spoken write dispatch")
C("asr", "rail", "工单 WO 二零二六幺幺二八 的进度", "cq", why="PE", n=["WO-20261128"], tags=LK + " asr-spoken")

# ---- unknown but well-formed ids: keep as is, never nudge to a near neighbour
C("typed", "agv", "AGV-99 现在什么状态", "c", t="status", d="agv", k=["AGV-99"], n=["AGV-09"],
  e=[("vehicle", "AGV-99")], tags="P0 unknown-id")
C("typed", "rail", "HXD1-9999 在哪", "c", t="status", d="rail", k=["HXD1-9999"], e=[("locomotive", "HXD1-9999")],
  tags="P0 unknown-id")
C("typed", "agv", "ST-999 有车吗", "c", d="agv", k=["ST-999"], e=[("station", "ST-999")], tags="P0 unknown-id")
C("typed", "rail", "WO-19991231 的进度", "c", t="workorder", d="rail", k=["WO-19991231"],
  e=[("work_order", "WO-19991231")], tags="P0 unknown-id")
C("typed", "agv", "AGV-105 和 AGV-015 哪个电量高", "c", d="agv", k=["AGV-105", "AGV-015"],
  e=[("vehicle", "AGV-105"), ("vehicle", "AGV-015")], f=[F("compare")], tags="P0 unknown-id near-duplicate")
C("typed", "agv", "T-2026120301 和 T-2026120310 分别什么状态", "c", t="status", d="agv",
  k=["T-2026120301", "T-2026120310"], e=[("task", "T-2026120301"), ("task", "T-2026120310")], tags="P0 near-duplicate")

# ---- malformed ids (wrong length / format): keep, do not pad or trim
C("typed", "agv", "T-20261201 这个任务怎么样了", "cq", why="EP", k=["T-20261201"], n=["T-2026120100"],
  tags="P0 malformed-id", note="8 digits: not a task id; could be a date fragment")
C("typed", "rail", "WO-2026113 的进度", "cq", why="EP", k=["WO-2026113"], tags="P0 malformed-id")
C("typed", "agv", "AGV-1 在哪", "cq", why="EP", k=["AGV-1"], n=["AGV-01"], tags="P0 malformed-id",
  note="one digit does not match AGV-\\d{2,3}; do not pad to AGV-01")
C("typed", "rail", "HXD1-001 的修程", "cq", why="EP", k=["HXD1-001"], n=["HXD1-0001"], tags="P0 malformed-id")

# ---- width / case variants that cleaning may normalise
C("typed", "agv", "ＡＧＶ－０１ 现在在哪", "c", t="status", d="agv", k=["AGV-01"], e=[("vehicle", "AGV-01", "AGV-01")],
  tags="fullwidth id")
C("typed", "rail", "ＨＸＤ１－００１２在哪个车间", "c", t="status", d="rail", k=["HXD1-0012"],
  e=[("locomotive", "HXD1-0012")], tags="fullwidth id")
C("typed", "agv", "agv-01 电量多少", "c", t="status", d="agv", e=[("vehicle", "agv-01", "AGV-01")], tags="lowercase id")
C("typed", "rail", "wo-20261105 进度", "c", t="workorder", d="rail", e=[("work_order", "wo-20261105", "WO-20261105")],
  tags="lowercase id")
C("typed", "agv", "ｔ－２０２６１２０１４５　取消了没", "c", t="status", d="agv",
  e=[("task", "t-2026120145", "T-2026120145")], k=["取消了没"], tags="P0 fullwidth lowercase id write-lookalike a-not-a")
C("typed", "agv", "任务ＩＤ：Ｔ－２０２６１２０２０１，状态？", "c", t="status", d="agv", k=["T-2026120201"],
  e=[("task", "T-2026120201")], tags="fullwidth id")

# ---- bare / partial references
C("typed", "none", "查 01", "q", why="E", tags="P0 bare-id", note="ontology: 查 01 → entity")
C("typed", "none", "05 号现在怎么样", "q", why="E", tags="bare-id")
C("typed", "none", "0001 在哪", "q", why="E", tags="bare-id")
C("asr", "none", "查一下一号车", "q", why="TE", tags="bare-id term", note="一号车 could be an AGV or a locomotive")
C("typed", "agv", "AGV 01 状态", "cq", why="EP", k=["01"], tags="spaced-id",
  note="a space instead of the hyphen; ask or keep, do not invent the hyphen silently")
