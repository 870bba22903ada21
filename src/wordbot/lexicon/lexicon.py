"""The Lexicon: a word list compiled once into packed arrays and loaded back by memory map."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import BinaryIO

import numpy as np

from wordbot.errors import WordbotError, read_user_file
from wordbot.lexicon import cache, wordlist
from wordbot.lexicon.alphabet import Alphabet, alphabet
from wordbot.lexicon.trie import PackedTrie, build_trie
from wordbot.lexicon.wordlist import DEFAULT_LEVEL, LEVELS

Progress = Callable[[str], None]
_BUILTIN: dict[tuple[str, str], Lexicon] = {}


def _compile(open_list: Callable[[], BinaryIO], alpha: Alphabet, name: str, progress: Progress | None):
    def build():
        if progress:
            progress(f"reading {name}")
        with open_list() as stream:
            words = wordlist.read(stream, alpha, name)
        if progress:
            progress(f"compiling {len(words.freq)} words")
        trie = build_trie(words.codes, words.offsets)
        arrays = {
            "codes": words.codes,
            "offsets": words.offsets,
            "freq": words.freq,
            "child0": trie.child0,
            "mask": trie.mask,
            "word_of": trie.word_of,
        }
        meta = {"lang": alpha.lang, "source": name, "skipped": words.report.skipped,
                "read": dataclasses.asdict(words.report)}
        return arrays, meta

    return build


def _digest(blocks: Iterable[bytes], *extra: str) -> str:
    """The cache key of a list: its bytes, what is cut from it, and the reader's version."""
    h = hashlib.sha256(wordlist.READER_VERSION)
    for e in extra:
        h.update(e.encode())
    for block in blocks:
        h.update(block)
    return h.hexdigest()[:20]


def _open_list(path: Path) -> BinaryIO:
    try:
        return open(path, "rb")  # noqa: SIM115 (the caller closes it)
    except OSError:
        read_user_file(path, "word list")  # raises the one-line error every user file gets
        raise


class Lexicon:
    """Words of one language, with their frequencies and a packed trie over them.

    Word ``i`` is ``codes[offsets[i]:offsets[i+1]]``; words are sorted, so the trie's node order
    and the word order agree. Derived structures (e.g. Balda's graphs) are cached under ``key``.
    """

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict, key: str):
        self.alphabet = alphabet(meta["lang"])
        self.key = key
        self.source: str = meta["source"]
        self.skipped: int = meta["skipped"]
        read = wordlist.ReadReport(**meta["read"])
        self.report = read.summary(self.source) if read.notable else ""  # what reading it skipped, one line
        arrays = {k: np.asarray(v) for k, v in arrays.items()}  # plain views: fast indexing
        self.codes: np.ndarray = arrays["codes"]
        self.offsets: np.ndarray = arrays["offsets"]
        self.freq: np.ndarray = arrays["freq"]
        self.trie = PackedTrie(arrays["child0"], arrays["mask"], arrays["word_of"])

    @property
    def lang(self) -> str:
        return self.alphabet.lang

    @classmethod
    def _cached(cls, lang: str, key: str, name: str, open_list: Callable[[], BinaryIO],
                progress: Progress | None) -> Lexicon:
        build = _compile(open_list, alphabet(lang), name, progress)
        arrays, meta = cache.load_or_build(f"lexicon-{lang}", key, build)
        return cls(arrays, meta, key)

    @classmethod
    def from_bytes(
        cls, raw: bytes, lang: str = "ru", name: str = "<bytes>", progress: Progress | None = None
    ) -> Lexicon:
        alphabet(lang)
        return cls._cached(lang, _digest([raw]), name, lambda: io.BytesIO(raw), progress)

    @classmethod
    def from_file(cls, path, lang: str = "ru", progress: Progress | None = None) -> Lexicon:
        """A word list as it comes: UTF-8 or cp1251 (a bad line skipped, not the file), gzip/bzip2/xz
        by magic bytes, one word per line or several columns (the first token is the word). Streamed:
        a big list never sits in memory whole."""
        path = Path(path)
        alphabet(lang)
        with _open_list(path) as fh:
            key = _digest(wordlist.blocks(fh, str(path)))
        return cls._cached(lang, key, str(path), lambda: _open_list(path), progress)

    @classmethod
    def from_words(cls, words, lang: str = "ru") -> Lexicon:
        """A lexicon of the given words (tests, user word lists built in code)."""
        return cls.from_bytes("\n".join(words).encode("utf-8"), lang, "<words>")

    @classmethod
    def builtin(cls, lang: str = "ru", progress: Progress | None = None,
                level: str = DEFAULT_LEVEL) -> Lexicon:
        """The bundled list for a language at a level (strict, standard, large; see
        lexicon/data/SOURCES.md); loaded once per process."""
        wordlist.level_rank(level)
        if (lang, level) not in _BUILTIN:
            alphabet(lang)
            raw = (resources.files("wordbot.lexicon") / "data" / f"{lang}.tsv.gz").read_bytes()
            _BUILTIN[lang, level] = cls._cached(lang, _digest([raw], level), f"built-in {lang} {level}",
                                                lambda: io.BytesIO(wordlist.builtin_level(raw, level)),
                                                progress)
        return _BUILTIN[lang, level]

    @classmethod
    def named(cls, words: str | Path | None, lang: str = "ru", progress: Progress | None = None) -> Lexicon:
        """A profile's or command line's word list: None for the built-in default, a level name
        (strict, standard, large) for that built-in level, otherwise a file (an existing file wins)."""
        if words is None:
            return cls.builtin(lang, progress)
        if not Path(words).exists():
            if str(words) in LEVELS:
                return cls.builtin(lang, progress, str(words))
            raise WordbotError(f"word list {words} does not exist (built-in levels: {', '.join(LEVELS)})")
        return cls.from_file(words, lang, progress)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @functools.cached_property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    @property
    def max_len(self) -> int:
        return int(self.lengths.max(initial=0))

    def word(self, i: int) -> str:
        return self.alphabet.decode(self.codes[self.offsets[i] : self.offsets[i + 1]])

    def words_at(self, ids) -> list[str]:
        """The words with these indices, decoded in one vectorized pass."""
        ids = np.asarray(ids, dtype=np.int64)
        lengths = self.lengths[ids]
        ends = np.cumsum(lengths)
        starts = ends - lengths
        gather = np.repeat(self.offsets[ids] - starts, lengths) + np.arange(int(ends[-1]) if len(ids) else 0)
        text = "".join(self._letter_array[self.codes[gather]].tolist())
        return [text[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]

    @functools.cached_property
    def _letter_array(self) -> np.ndarray:
        return np.array(list(self.alphabet.letters))

    @functools.cached_property
    def words(self) -> list[str]:
        return self.words_at(np.arange(len(self)))

    def index(self, word: str) -> int:
        """Index of a word (normalized here), -1 when absent. Remembered: callers look the same
        words up again and again (Balda's used words, on every move search of a game)."""
        i = self._indices.get(word)
        if i is None:
            i = self._walk(word)
            if len(self._indices) < 1 << 16:  # bounded, whatever strings callers pass
                self._indices[word] = i
        return i

    @functools.cached_property
    def _indices(self) -> dict[str, int]:
        return {}

    def _walk(self, word: str) -> int:
        word = self.alphabet.normalize(word)
        if not self.alphabet.is_word(word):
            return -1
        node = self.trie.walk(self.alphabet.encode(word))
        return -1 if node < 0 else int(self.trie.word_of[node])

    def __contains__(self, word: str) -> bool:
        return self.index(word) >= 0

    def __repr__(self) -> str:
        return f"Lexicon({self.lang}, {len(self)} words from {self.source})"
