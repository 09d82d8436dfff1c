"""The README is tested end to end: every snippet runs, as a user would run it, and prints what the
README says it prints.

- A ```python block runs in a fresh interpreter. The comment lines right after a `print(` line are
  its printed lines (`# continue 查询全年检修报表`), compared with what it really prints.
- A ```sh block of `nlu …` commands runs in bash. A ```text block right after it is its standard
  output, compared with what it really prints.
- The ```ts block is compiled with tsc --strict against the committed types and run with node
  against `nlu serve`. The `// ` comment lines after `console.log(` are what it prints.
- Blocks run in document order in one scratch directory (a later block reads what an earlier one
  wrote, as for a reader following along). The set-up commands (`python3.11 -m venv …`) are not
  run; the part of the first command after its set-up is, and the test command must be the one
  `.ci/run` calls.
- In a shown output, `…` stands for any text within a line, and a line that is only `…` stands
  for any number of lines. Trailing spaces are ignored.

Also: the README is at most 250 lines, and every relative link in it and in docs/ names an
existing file (and, for a README anchor, an existing heading)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README_PATH = ROOT / "README.md"
README = README_PATH.read_text(encoding="utf-8")
BIN = Path(sys.executable).parent
SERVICE_URL = "http://127.0.0.1:8765"
MAX_LINES = 250


@dataclass
class Block:
    index: int
    lang: str
    code: str
    line: int            # 1-based line of the opening fence
    shown: list[str] | None = None  # a ```text block right after it: what it prints

    @property
    def name(self) -> str:
        return f"README.md line {self.line} ({self.lang})"


def parse_blocks(text: str) -> list[Block]:
    """Every fenced block; a ```text block that follows a block (only blank lines between)
    becomes that block's shown output instead of a block of its own."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i, last_end = 0, -10
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j] != "```":
            j += 1
        lang, code = m.group(1), "\n".join(lines[i + 1:j]) + "\n"
        between = lines[last_end + 1:i]
        if lang == "text" and blocks and blocks[-1].shown is None and all(not x.strip() for x in between):
            blocks[-1].shown = code.splitlines()
        else:
            blocks.append(Block(len(blocks), lang, code, i + 1))
        last_end = j
        i = j + 1
    return blocks


def shown_after(code: str, call: str, comment: str) -> list[str]:
    """What a code block says it prints: the comment lines right after a line that calls `call`
    (or inside the indented body that follows it), each the printed line behind the comment mark."""
    shown, after = [], False
    for line in code.splitlines():
        if line.lstrip().startswith(call) or (after and line.startswith("    ")):
            after = True
            continue
        if after and line.startswith(comment):
            shown.append(line[len(comment):])
            continue
        after = False
    return shown


def matches(shown: list[str], printed: list[str]) -> bool:
    """`…` inside a line is any text; a line that is only `…` is any number of lines."""
    shown = [x.rstrip() for x in shown]
    printed = [x.rstrip() for x in printed]
    while printed and not printed[-1]:
        printed.pop()
    while shown and not shown[-1]:
        shown.pop()

    def line_ok(pattern: str, line: str) -> bool:
        return re.fullmatch(".*?".join(map(re.escape, pattern.split("…"))), line) is not None

    memo: dict[tuple[int, int], bool] = {}

    def go(i: int, j: int) -> bool:
        if (i, j) not in memo:
            if i == len(shown):
                ok = j == len(printed)
            elif shown[i] == "…":
                ok = any(go(i + 1, k) for k in range(j, len(printed) + 1))
            else:
                ok = j < len(printed) and line_ok(shown[i], printed[j]) and go(i + 1, j + 1)
            memo[(i, j)] = ok
        return memo[(i, j)]

    return go(0, 0)


BLOCKS = parse_blocks(README)
SETUP = BLOCKS[0]                      # the two commands the README opens with
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _kind(block: Block) -> str:
    if block is SETUP:
        return "setup"
    if block.lang == "sh" and re.search(r"\bnlu serve\b", block.code):
        return "serve"
    if block.lang == "sh" and block.code.lstrip().startswith("curl"):
        return "curl"
    if block.lang == "sh" and "pip install" in block.code:
        return "unknown setup"
    return block.lang


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"   # `nlu` and `python` of this venv
    env["PYTHONPATH"] = str(ROOT)                                  # this checkout's nlu
    env["COLUMNS"] = "80"                                          # the readable view's width
    env.pop("NLU_SHADOW_SINK", None)
    env.pop("NLU_PHASE", None)
    return env


class Reader:
    """Runs the README's runnable blocks in order, in one scratch directory, once each."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.results: dict[int, subprocess.CompletedProcess[str]] = {}

    def run(self, block: Block) -> subprocess.CompletedProcess[str]:
        for earlier in BLOCKS[:block.index]:
            if _kind(earlier) in ("python", "sh") and earlier.index not in self.results:
                self._run(earlier)
        if block.index not in self.results:
            self._run(block)
        return self.results[block.index]

    def _run(self, block: Block) -> None:
        if block.lang == "python":
            script = self.workdir / f"readme_block_{block.index}.py"
            script.write_text(block.code, encoding="utf-8")
            argv = [sys.executable, str(script)]
        else:
            argv = ["bash", "-c", "set -o pipefail\n" + block.code]
        self.results[block.index] = subprocess.run(argv, cwd=self.workdir, env=_env(), capture_output=True,
                                                   text=True, timeout=600)


@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Reader:
    return Reader(tmp_path_factory.mktemp("readme"))


# --- the parser and the matcher themselves -------------------------------------------------------

def test_the_shown_output_reader_reads_what_a_block_shows():
    assert shown_after('x = 1\nprint(x)\n# 1\ny = 2  # not output\n# not output either', "print(", "# ") == ["1"]
    assert shown_after("for i in r:\n    print(i)\n# a\n# b\n", "print(", "# ") == ["a", "b"]
    assert shown_after("print(1)  # note\n", "print(", "# ") == []
    assert shown_after("console.log(x);\n// 3\n", "console.log(", "// ") == ["3"]


def test_the_matcher_reads_ellipses_and_nothing_else_loosely():
    assert matches(["a …", "…", "z"], ["a b c", "x", "y", "z"])
    assert matches(["a", "…"], ["a"])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert not matches(["exit 0"], ["exit 1"])
    assert matches(["x  "], ["x", ""])


def test_a_text_block_after_a_block_is_its_output():
    blocks = parse_blocks("```sh\necho hi\n```\n\n```text\nhi\n```\n\nprose\n\n```text\nalone\n```\n")
    assert [(b.lang, b.shown) for b in blocks] == [("sh", ["hi"]), ("text", None)]


# --- the README's shape ----------------------------------------------------------------------------

def test_the_readme_is_a_short_guide():
    n = len(README.splitlines())
    assert n <= MAX_LINES, f"README.md has {n} lines; at most {MAX_LINES} (move details to docs/)"


def test_every_block_is_a_kind_the_test_runs():
    kinds = [_kind(b) for b in BLOCKS]
    assert "unknown setup" not in kinds, [b.name for b in BLOCKS if _kind(b) == "unknown setup"]
    assert set(kinds) <= {"setup", "serve", "curl", "python", "sh", "ts"}, kinds
    assert kinds.count("python") >= 3 and kinds.count("sh") >= 3 and kinds.count("ts") == 1


def test_every_snippet_with_output_shows_it():
    """A runnable block that prints must show what it prints: no example leaves its reader guessing."""
    for b in BLOCKS:
        if b.lang == "python" and "print(" in b.code:
            assert shown_after(b.code, "print(", "# "), f"{b.name} prints but shows nothing"
        if _kind(b) in ("sh", "curl"):
            assert b.shown is not None, f"{b.name} has no ```text block after it"


def test_the_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    assert README.index("```sh") < README.index("\n## "), "the two commands come before the first section"
    first, second = [x for x in SETUP.code.splitlines() if x.strip()]
    assert first.startswith("python3.11 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/nlu understand ")
    assert second.startswith("python3.11 -m venv .venv && ") and second.endswith(".venv/bin/python -m pytest")
    # .ci/run makes the same venv and calls the same install-and-test command (between them it only
    # pre-installs the model extra's pinned, hashed wheels)
    ci = [x.strip() for x in CI_RUN.splitlines() if x.strip() and not x.lstrip().startswith("#")]
    venv, test = second.split(" && ", 1)
    assert venv in ci, f".ci/run does not run {venv!r}"
    assert test in ci, f".ci/run does not run the README's test command {test!r}"
    assert ci.index(venv) < ci.index(test)


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def _anchor(heading: str) -> str:
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


DOC_FILES = [README_PATH, *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("path", DOC_FILES, ids=[str(p.relative_to(ROOT)) for p in DOC_FILES])
def test_every_relative_link_points_at_an_existing_file(path: Path):
    text = path.read_text(encoding="utf-8")
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}
    broken = []
    for target in _links(path):
        if re.match(r"^[a-z]+:", target):          # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        if file and not (path.parent / file).exists():
            broken.append(target)
        elif not file and anchor not in anchors:
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: broken links {broken}"


def test_the_readme_links_every_page_of_docs():
    linked = {Path(t.partition("#")[0]).name for t in _links(README_PATH) if t.startswith("docs/")}
    assert {p.name for p in (ROOT / "docs").glob("*.md")} <= linked


# --- docs/ pages whose examples are whole programs run too -----------------------------------------

RUNNABLE_DOCS = ["docs/pipeline.md"]
DOC_BLOCKS = [(name, b) for name in RUNNABLE_DOCS
              for b in parse_blocks((ROOT / name).read_text(encoding="utf-8")) if b.lang == "python"]


@pytest.mark.parametrize("block", [b for _, b in DOC_BLOCKS], ids=[f"{n} block {b.index}" for n, b in DOC_BLOCKS])
def test_docs_example_runs_and_prints_what_it_shows(block: Block, tmp_path: Path):
    script = tmp_path / "example.py"
    script.write_text(block.code, encoding="utf-8")
    r = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    shown = shown_after(block.code, "print(", "# ")
    assert shown and matches(shown, r.stdout.splitlines()), r.stdout


# --- the snippets ----------------------------------------------------------------------------------

def test_the_first_command_understands_its_sentence(reader: Reader):
    """The first command without its set-up (the venv is this one)."""
    first = SETUP.code.splitlines()[0]
    command = first.split(" && ")[-1].replace(".venv/bin/", "")
    assert command.startswith("nlu understand ")
    r = subprocess.run(["bash", "-c", command], cwd=reader.workdir, env=_env(), capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "decision  continue" in r.stdout and "AGV-01[identifier]" in r.stdout, r.stdout


RUNNABLE = [b for b in BLOCKS if _kind(b) in ("python", "sh")]


@pytest.mark.parametrize("block", RUNNABLE, ids=[b.name for b in RUNNABLE])
def test_snippet_runs_and_prints_what_the_readme_shows(block: Block, reader: Reader):
    r = reader.run(block)
    assert r.returncode == 0, f"{block.name} exited {r.returncode}:\n{r.stderr[-3000:]}"
    assert "Traceback" not in r.stderr, f"{block.name} printed a traceback:\n{r.stderr[-3000:]}"
    shown = shown_after(block.code, "print(", "# ") if block.lang == "python" else block.shown
    printed = r.stdout.splitlines()
    if shown is not None:
        assert matches(shown, printed), (f"{block.name} shows:\n" + "\n".join(shown)
                                         + "\n--- but prints:\n" + "\n".join(printed)
                                         + f"\n--- stderr:\n{r.stderr[-2000:]}")


@pytest.fixture(scope="module")
def served():
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from tests.service.conftest import start_server, stop_server

    serve = next(b for b in BLOCKS if _kind(b) == "serve")
    assert serve.code.strip().endswith(".venv/bin/nlu serve"), "the README starts the service with its defaults"
    s = start_server()   # the same command; only the port differs (the test's server takes a free one)
    yield s
    stop_server(s)


def test_curl_example_works_against_the_service(served):
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    curl = next(b for b in BLOCKS if _kind(b) == "curl")
    assert f"{SERVICE_URL}/v1/understand" in curl.code  # the documented default address
    r = subprocess.run(["bash", "-c", curl.code.replace(SERVICE_URL, served.base_url)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert curl.shown is not None and matches(curl.shown, r.stdout.splitlines()), r.stdout
    body = json.loads(r.stdout)
    assert body["schemaVersion"] == "legacy-nlu.v1" and body["originalText"] == "不要取消 T-2026010241"
    assert {"negation", "identifier"} <= {p["kind"] for p in body["protectedSpans"]}


def test_typescript_example_compiles_and_prints_what_the_readme_shows(served, tmp_path: Path):
    here = ROOT / "clients" / "typescript"
    tsc = here / "node_modules" / ".bin" / "tsc"
    if not tsc.exists() and shutil.which("node") and shutil.which("npm"):
        # a fresh checkout: check.sh installs the pinned tsc (npm ci), as tests/test_typescript_types.py does
        r = subprocess.run(["bash", str(here / "check.sh")], capture_output=True, text=True, timeout=600,
                           env={**os.environ, "PYTHON": sys.executable})
        assert r.returncode in (0, 3), r.stdout[-3000:] + r.stderr[-3000:]
    if shutil.which("node") is None or not tsc.exists():
        if os.environ.get("NLU_REQUIRE_TSC") == "1":
            pytest.fail("NLU_REQUIRE_TSC=1 but tsc could not be installed (clients/typescript/check.sh)")
        pytest.skip("node, npm or the npm registry is not available (clients/typescript/check.sh installs tsc)")
    ts = next(b for b in BLOCKS if b.lang == "ts")
    assert f'{SERVICE_URL}/v1/understand' in ts.code
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "legacy-nlu").symlink_to(here, target_is_directory=True)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "readme.ts").write_text(ts.code.replace(SERVICE_URL, served.base_url), encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps({
        "compilerOptions": {"strict": True, "target": "ES2022", "module": "NodeNext",
                            "moduleResolution": "NodeNext", "lib": ["ES2022", "DOM"], "types": [],
                            "outDir": "out", "skipLibCheck": False},
        "files": ["readme.ts"]}), encoding="utf-8")
    r = subprocess.run([str(tsc), "-p", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run(["node", str(tmp_path / "out" / "readme.js")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    shown = shown_after(ts.code, "console.log(", "// ")
    assert shown and matches(shown, r.stdout.splitlines()), r.stdout
