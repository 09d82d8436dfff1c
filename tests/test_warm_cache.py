"""The start-up cache (nlu.warm_cache, issue 29): the same input gives the same output with the
cache cold, warm, damaged or off, and a damaged or stale cache file is refused and rebuilt,
never used."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nlu import warm_cache

ROOT = Path(__file__).resolve().parents[1]
DUMP = ROOT / "tests" / "cold_warm_dump.py"
N_CASES = 200

# the artifacts a default pipeline keeps (each one file; `pack-…` is the loader's own cache)
ARTIFACTS = ("regex", "jieba", "boundary-index", "pinyin-index")


def _dump(tmp_path: Path, name: str, env: dict[str, str], goldset: Path) -> bytes:
    out = tmp_path / f"{name}.jsonl"
    stats = tmp_path / f"{name}.stats.json"
    code = (
        "import json, runpy, sys\n"
        f"sys.argv = ['cold_warm_dump.py', 'warm', {str(out)!r}, {str(goldset)!r}]\n"
        f"runpy.run_path({str(DUMP)!r}, run_name='__main__')\n"
        "from nlu import warm_cache\n"
        f"open({str(stats)!r}, 'w').write(json.dumps(warm_cache.stats()))\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=600,
                   capture_output=True)
    return out.read_bytes()


def _stats(tmp_path: Path, name: str) -> dict[str, int]:
    """`warm_cache.stats()` of that run's process"""
    return json.loads((tmp_path / f"{name}.stats.json").read_text())


def _files(cache: Path) -> dict[str, Path]:
    """artifact name -> its one file in the cache directory"""
    out = {}
    for p in cache.glob("*.pickle"):
        name = re.sub(r"-[0-9a-f]{32}$", "", p.stem)
        if name in ARTIFACTS:
            assert name not in out, f"two files for {name}"
            out[name] = p
    return out


@pytest.fixture(scope="module")
def goldset(tmp_path_factory) -> Path:
    lines = [ln for ln in (ROOT / "goldsets" / "dev.jsonl").read_text(encoding="utf-8").splitlines() if ln.strip()]
    path = tmp_path_factory.mktemp("goldset") / "first200.jsonl"
    path.write_text("\n".join(lines[:N_CASES]) + "\n", encoding="utf-8")
    return path


def test_the_same_output_cache_cold_warm_damaged_and_off(tmp_path: Path, goldset: Path):
    cache = tmp_path / "cache"
    env = {**os.environ, "NLU_CACHE_DIR": str(cache), "NLU_CACHE": "1", "PYTHONHASHSEED": "random"}
    env.pop("PYTHONPATH", None)

    cold = _dump(tmp_path, "cold", env, goldset)
    files = _files(cache)
    assert sorted(files) == sorted(ARTIFACTS)
    s = _stats(tmp_path, "cold")
    assert all(s.get(f"{a}:written") == 1 for a in ARTIFACTS), s
    assert s.get("regex:compiled", 0) > 1000  # nothing to reuse yet

    before = {n: (p.stat().st_mtime_ns, p.read_bytes()) for n, p in files.items()}
    warm = _dump(tmp_path, "warm", env, goldset)
    s = _stats(tmp_path, "warm")
    assert all(s.get(f"{a}:hit") == 1 for a in ARTIFACTS), s  # every artifact came from the cache …
    assert not any(k.endswith((":miss", ":written")) for k in s), sorted(k for k in s if k.endswith((":miss", ":written")))  # … and none was rebuilt
    assert s.get("regex:compiled", 0) == 0 and s["regex:reused"] > 1000, s
    assert {n: (p.stat().st_mtime_ns, p.read_bytes()) for n, p in _files(cache).items()} == before
    assert warm == cold

    # damaged: a flipped byte in the middle of some files, the right frame with another
    # artifact's key in the others (a stale file: another pack, code or library version)
    names = sorted(files)
    for i, name in enumerate(names):
        path = files[name]
        if i % 2 == 0:
            raw = bytearray(path.read_bytes())
            raw[len(raw) // 2] ^= 0x40
            path.write_bytes(bytes(raw))
        else:
            path.write_bytes(before[names[i - 1]][1])  # a valid file, written for another key
    damaged = _dump(tmp_path, "damaged", env, goldset)
    s = _stats(tmp_path, "damaged")
    assert all(s.get(f"{a}:miss") == 1 and s.get(f"{a}:written") == 1 for a in ARTIFACTS), s
    assert damaged == cold
    rebuilt = _files(cache)
    assert sorted(rebuilt) == sorted(ARTIFACTS)
    for name, path in rebuilt.items():  # whole again, each under its own name and key
        key = _key_in(path)
        assert path.stem.endswith(key[:32]), name
        assert warm_cache._decode(path.read_bytes(), key) is not None, name

    off = _dump(tmp_path, "off", {**env, "NLU_CACHE": "0", "NLU_CACHE_DIR": str(tmp_path / "unused")}, goldset)
    assert not (tmp_path / "unused").exists()  # nothing read, nothing written
    assert off == cold


def _key_in(path: Path) -> str:
    """The key a well-formed cache file holds (read back for the test only)."""
    import pickle

    raw = path.read_bytes()
    payload = raw[len(warm_cache._MAGIC) + warm_cache._DIGEST:]
    return pickle.loads(payload)[0]


# ---------------------------------------------------------------------------------- unit level
@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("NLU_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("NLU_CACHE", "1")
    return tmp_path / "c"


def test_a_corrupted_or_truncated_file_is_ignored_and_rebuilt(cache_dir: Path):
    key = warm_cache.key_of("unit", "a")
    assert warm_cache.store("unit", key, {"value": 1})
    path = warm_cache.path_for("unit", key)
    assert warm_cache.load("unit", key) == {"value": 1}
    raw = path.read_bytes()
    for damaged in (raw[:-7], raw[: len(raw) // 2], raw[:10], b"", raw[:-1] + bytes([raw[-1] ^ 1])):
        path.write_bytes(damaged)
        assert warm_cache.load("unit", key) is None
        built = []
        assert warm_cache.cached("unit", key, lambda: built.append(1) or {"value": 2}) == {"value": 2}
        assert built == [1]  # rebuilt, not read
        assert warm_cache.load("unit", key) == {"value": 2}  # and written whole again


def test_a_stale_file_another_key_is_never_used(cache_dir: Path):
    old, new = warm_cache.key_of("unit", "pack-checksum-1"), warm_cache.key_of("unit", "pack-checksum-2")
    assert old != new
    assert warm_cache.store("unit", old, "built for pack 1")
    # the same file name, holding a well-formed value for the other key
    warm_cache.path_for("unit", old).rename(warm_cache.path_for("unit", new))
    assert warm_cache.load("unit", new) is None
    assert warm_cache.cached("unit", new, lambda: "built for pack 2") == "built for pack 2"
    assert warm_cache.load("unit", new) == "built for pack 2"


def test_an_unwritable_cache_directory_only_means_no_cache(tmp_path: Path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("NLU_CACHE_DIR", str(blocker / "sub"))
    key = warm_cache.key_of("unit", "x")
    assert warm_cache.store("unit", key, 1) is False
    assert warm_cache.cached("unit", key, lambda: 42) == 42


def test_cache_off_reads_and_writes_nothing(cache_dir: Path, monkeypatch):
    monkeypatch.setenv("NLU_CACHE", "0")
    assert warm_cache.key_of("unit", "x") is None
    assert warm_cache.cached("unit", None, lambda: 7) == 7
    assert not cache_dir.exists()


def test_the_default_directory_follows_xdg(monkeypatch, tmp_path: Path):
    monkeypatch.delenv("NLU_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert warm_cache.cache_dir() == tmp_path / "legacy-nlu"
    monkeypatch.setenv("NLU_CACHE_DIR", str(tmp_path / "mine"))
    assert warm_cache.cache_dir() == tmp_path / "mine"


PATTERNS = [
    ("(?P<v>取消)(?:了|掉)?(?!吗)", 0),
    ("(?<![a-z0-9].)agv(?![a-z0-9])", re.IGNORECASE),
    ("(?=((?:工单|工(?:序|位))))", 0),
    ("(?m)^[ \\t]*#{1,6}[ \\t]*(?P<role>system|系统)", re.IGNORECASE),
    ("(?x) a  b  # a comment\n c", 0),
    ("[\u4e00-\u9fff]+", 0),
    ("(a)|(?P<b>b)\\2", 0),
]
TEXTS = ["取消掉 AGV-01 的任务", "Xagv01 agv", "施工单位的工序", "# System: 你好\n## 系统 hi", "abc a b c", "bb ab", ""]


@pytest.mark.parametrize("pattern,flags", PATTERNS)
def test_a_regex_from_the_cache_is_the_regex_re_compiles(cache_dir: Path, monkeypatch, pattern: str, flags: int):
    expected = re.compile(pattern, flags)
    first = warm_cache.compile(pattern, flags)  # compiled here, kept
    monkeypatch.setattr(warm_cache, "_regex_new", True)  # (another test may have flushed it already)
    assert warm_cache.flush()
    # a new process's view: the table read back from the file, the pattern rebuilt from it
    key = warm_cache._regex_key()
    table = warm_cache.load("regex", key)
    assert (pattern, int(flags)) in table["sre"]
    again = warm_cache._engine_compile(table["sre"][(pattern, int(flags))])
    for p in (first, again):
        assert (p.pattern, p.flags, p.groups, p.groupindex) == (expected.pattern, expected.flags, expected.groups,
                                                                 expected.groupindex)
        for t in TEXTS:
            assert [(m.span(), m.groups()) for m in p.finditer(t)] == [(m.span(), m.groups()) for m in expected.finditer(t)]


def test_a_bad_pattern_still_raises_re_error(cache_dir: Path):
    with pytest.raises(re.error):
        warm_cache.compile("(unclosed")


def test_old_files_of_an_artifact_are_pruned_to_a_few(cache_dir: Path):
    keys = [warm_cache.key_of("unit", i) for i in range(warm_cache.KEEP + 3)]
    for i, key in enumerate(keys):
        assert warm_cache.store("unit", key, i)
        os.utime(warm_cache.path_for("unit", key), ns=(10**18 + i, 10**18 + i))  # in order of writing
    left = sorted(cache_dir.glob("unit-*.pickle"))
    assert len(left) == warm_cache.KEEP
    assert {warm_cache.load("unit", k) for k in keys[-warm_cache.KEEP:]} == set(range(3, warm_cache.KEEP + 3))
    assert warm_cache.store("other", warm_cache.key_of("other"), 0)  # another artifact's files are its own
    assert len(list(cache_dir.glob("unit-*.pickle"))) == warm_cache.KEEP
