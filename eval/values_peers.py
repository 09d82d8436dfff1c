"""nlu and its peers on the public value cases (`shared/external/values/`), judged alike.

    python eval/values_peers.py [--only nlu] [--json out.json] [--list-wrong] [--by-shape]
    python eval/values_peers.py --suite tests/values/fresh_suite_2026-12-07b.jsonl   # another suite
    python eval/values_peers.py --property 20000   # whole-or-unresolved partial reads (must be 0)

Prints right / wrong / missing per case kind (with ``--by-shape`` also per kind and shape tag:
a case whose shape is ``traditional+cn_decimal`` counts in both tags) for:

* ``nlu``    -- ``nlu.understand(text, source="typed", reference_time=...)``, every entity;
* ``cn2an``, ``jionlp``, ``wetext`` (WeTextProcessing) -- run by `eval/values_peer_worker.py`
  (read it for what each is asked) in the peers' own environment, one subprocess reading and
  writing JSON lines: ``--peers-python`` (default ``$NLU_PEERS_PYTHON``, else
  ``/tmp/peers-venv/bin/python`` when it exists, else this interpreter). None of them is a
  dependency of nlu; set that environment up with
  ``python -m venv /tmp/peers-venv && /tmp/peers-venv/bin/pip install cn2an jionlp WeTextProcessing``.
  A peer that cannot be imported there is reported as such and skipped.

The peers are handed the expected phrase itself (they get the span for free), so their
figures are an upper bound of what they would read in running text.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nlu.evaluation.value_cases import Found, ValueCase, find_external_values, judge, load_cases, nlu_values, tally  # noqa: E402

log = logging.getLogger("eval.values_peers")
WORKER = Path(__file__).with_name("values_peer_worker.py")
PEER_NAMES = ("cn2an", "jionlp", "wetext")
_DEFAULT_PEERS_PYTHON = Path("/tmp/peers-venv/bin/python")


def peers_python(given: str | None = None) -> str:
    if given:
        return given
    env = os.environ.get("NLU_PEERS_PYTHON")
    if env:
        return env
    return str(_DEFAULT_PEERS_PYTHON) if _DEFAULT_PEERS_PYTHON.exists() else sys.executable


class PeerProcess:
    """One worker process in the peers' environment: a case in, the peer's values out."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen([python, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1)

    def ask(self, peer: str, case: ValueCase) -> tuple[list[Found] | None, str | None]:
        """(values, None), (None, None) when the case is not of the peer's kinds, or (None, error)."""
        req = {"peer": peer, "kind": case.kind, "text": case.text, "start": case.start, "end": case.end,
               "referenceTime": case.reference_time}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            return None, "the peer process ended"
        reply = json.loads(line)
        if "error" in reply:
            return None, reply["error"]
        vals = reply["values"]
        return (None if vals is None else [Found(*v) for v in vals]), None

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def peer_versions(python: str) -> dict:
    try:
        out = subprocess.run([python, str(WORKER), "--versions"], capture_output=True, text=True, timeout=120)
        return json.loads(out.stdout)
    except (OSError, ValueError, subprocess.SubprocessError):
        return {}


def load_suite(path: Path) -> list[ValueCase]:
    """A suite file in the fresh suites' format (tests/values/fresh_suite_*.jsonl)."""
    out = []
    for i, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        d = json.loads(line)
        out.append(ValueCase(path.name, i, d["text"], d["referenceTime"], d["kind"], d["expected"],
                             d["start"], d["end"], d.get("shape", ""), d.get("origin", f"{path.name}#{i}")))
    return out


def by_shape(verdicts) -> dict[str, Counter]:  # noqa: ANN001
    """"kind/tag" -> Counter(right/wrong/missing), one count per tag of a case's shape."""
    out: dict[str, Counter] = {}
    for case, v in verdicts:
        for tag in (case.shape or "-").split("+"):
            out.setdefault(f"{case.kind}/{tag}", Counter())[v] += 1
    return out


def main(argv=None) -> int:  # noqa: ANN001
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("nlu", *PEER_NAMES), action="append")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--list-wrong", action="store_true")
    ap.add_argument("--by-shape", action="store_true", help="also tally per kind and shape tag")
    ap.add_argument("--suite", type=Path, help="a suite file (fresh_suite_*.jsonl) instead of shared/external/values")
    ap.add_argument("--peers-python", help="the interpreter of the peers' environment (see the module docstring)")
    ap.add_argument("--property", type=int, metavar="N",
                    help="instead: N generated cases of the whole-or-unresolved property (issue 27); prints the partial reads")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if a.property:
        from nlu.evaluation.value_property import generate, partial_read

        bad = [r for c in generate(a.property) if (r := partial_read(*c)) is not None]
        for r in bad[:20]:
            log.info("PARTIAL %s", r)
        print(f"property: {len(bad)} partial reads in {a.property} generated cases")
        return 1 if bad else 0
    if a.suite is not None:
        if not a.suite.is_file():
            log.error("E1402 suite file not found: %s", a.suite)
            return 2
        cases = load_suite(a.suite)
    else:
        folder = find_external_values()
        if folder is None:
            log.error("E1401 shared/external/values not found")
            return 2
        cases = load_cases(folder)
    python = peers_python(a.peers_python)
    report: dict[str, dict] = {"peersPython": python, "versions": peer_versions(python), "cases": len(cases)}
    worker: PeerProcess | None = None
    for name in a.only or ["nlu", *PEER_NAMES]:
        verdicts = []
        unavailable = None
        if name == "nlu":
            import nlu

            nlu.warm_up()  # the first call of a process may run out of budget while jieba loads
        elif worker is None:
            worker = PeerProcess(python)
        for c in cases:
            if name == "nlu":
                vals = nlu_values(c, budget_ms=60_000)
            else:
                vals, unavailable = worker.ask(name, c)  # type: ignore[union-attr]
                if unavailable:
                    break
            if vals is None:
                continue
            v = judge(c, vals)
            verdicts.append((c, v))
            if a.list_wrong and v == "wrong":
                log.info("%s WRONG %s | %s | expected %s | got %s", name, c.key, c.text[c.start:c.end], c.expected,
                         [f.canonical for f in vals if f.start < c.end and c.start < f.end])
        if unavailable:
            log.warning("peer %s cannot be run with %s (%s): skipped", name, python, unavailable)
            report[name] = {"unavailable": unavailable}
            continue
        t = tally(verdicts)
        report[name] = {k: dict(cnt) for k, cnt in sorted(t.items())}
        log.info("== %s", name)
        for k, cnt in sorted(t.items()):
            total = sum(cnt.values())
            log.info("  %-13s right %3d  wrong %3d  missing %3d  / %d", k, cnt["right"], cnt["wrong"], cnt["missing"], total)
        if a.by_shape:
            shapes = by_shape(verdicts)
            report[name + "/by-shape"] = {k: dict(cnt) for k, cnt in sorted(shapes.items())}
            for k, cnt in sorted(shapes.items()):
                log.info("    %-34s right %3d  wrong %3d  missing %3d", k, cnt["right"], cnt["wrong"], cnt["missing"])
    if worker is not None:
        worker.close()
    if a.json:
        a.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
