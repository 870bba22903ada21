"""Lexicon: first compile, load from the cache, memory, and a one-shot CLI call."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

from bench.common import Figure, best_of
from wordbot import Lexicon
from wordbot.lexicon import wordlist

MEMORY_PROBE = """
import resource
from wordbot import Lexicon
def rss(): return int(open('/proc/self/statm').read().split()[1]) * resource.getpagesize()
before = rss()
lex = Lexicon.builtin('ru')
arrays = (lex.codes, lex.offsets, lex.freq, lex.trie.child0, lex.trie.mask, lex.trie.word_of)
touched = sum(float(a.sum()) for a in arrays)  # page every array in: the worst case
print(rss() - before, sum(a.nbytes for a in arrays))
"""


def run(quick: bool) -> list[Figure]:
    raw = (resources.files("wordbot.lexicon") / "data" / "ru.tsv.gz").read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ru-standard.tsv"  # the default level, as a user's list
        path.write_bytes(wordlist.builtin_level(raw, "standard"))
        old = os.environ.get("WORDBOT_CACHE_DIR")
        os.environ["WORDBOT_CACHE_DIR"] = tmp
        try:
            t = time.perf_counter()
            lex = Lexicon.from_file(path, "ru")
            compile_s = time.perf_counter() - t
            load_ms = 1000 * best_of(lambda: Lexicon.from_file(path, "ru"), repeat=10)
        finally:
            if old is None:
                del os.environ["WORDBOT_CACHE_DIR"]
            else:
                os.environ["WORDBOT_CACHE_DIR"] = old
    probe = subprocess.run([sys.executable, "-c", MEMORY_PROBE], capture_output=True, text=True, check=True)
    rss_delta, array_bytes = (int(x) for x in probe.stdout.split())
    cli = [sys.executable, "-m", "wordbot", "solve", "grid", "кото/рыба/слон/мачт", "--rows", "4",
           "--cols", "4"]
    subprocess.run(cli, capture_output=True, check=True)  # warm the caches
    one_shot = best_of(lambda: subprocess.run(cli, capture_output=True, check=True), repeat=3)
    return [
        Figure("lexicon", f"first compile of ru ({len(lex):,} words)", compile_s, "s", "<= 5 s",
               compile_s <= 5),
        Figure("lexicon", "load ru from the cache", load_ms, "ms", "<= 50 ms", load_ms <= 50,
               "hash of the list + memory map"),
        Figure("lexicon", "memory of the loaded ru lexicon", rss_delta / 2**20, "MB", "<= 64 MB",
               rss_delta <= 64 * 2**20, f"RSS growth, pages touched; arrays {array_bytes / 2**20:.1f} MB"),
        Figure("lexicon", "`wordbot solve grid` one shot, warm caches", one_shot, "s", "<= 1 s",
               one_shot <= 1, "whole process: interpreter, imports, load, solve, print"),
    ]
