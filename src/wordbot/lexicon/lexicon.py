"""The Lexicon: a word list compiled once into packed arrays and loaded back by memory map."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import numpy as np

from wordbot.lexicon import cache, wordlist
from wordbot.lexicon.alphabet import Alphabet, alphabet
from wordbot.lexicon.trie import PackedTrie, build_trie

Progress = Callable[[str], None]
_BUILTIN: dict[str, Lexicon] = {}


def _compile(text_of: Callable[[], str], alpha: Alphabet, name: str, progress: Progress | None):
    def build():
        if progress:
            progress(f"reading {name}")
        words = wordlist.parse(text_of(), alpha, name)
        if progress:
            progress(f"compiling {len(words.words)} words")
        encoded = [alpha.encode(w) for w in words.words]
        lengths = np.fromiter((len(w) for w in encoded), dtype=np.int32, count=len(encoded))
        offsets = np.zeros(len(encoded) + 1, dtype=np.int32)
        np.cumsum(lengths, out=offsets[1:])
        codes = np.concatenate(encoded)
        trie = build_trie(codes, offsets)
        arrays = {
            "codes": codes,
            "offsets": offsets,
            "freq": np.asarray(words.freq, dtype=np.float32),
            "child0": trie.child0,
            "mask": trie.mask,
            "word_of": trie.word_of,
        }
        return arrays, {"lang": alpha.lang, "source": name, "skipped": words.skipped}

    return build


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
        arrays = {k: np.asarray(v) for k, v in arrays.items()}  # plain views: fast indexing
        self.codes: np.ndarray = arrays["codes"]
        self.offsets: np.ndarray = arrays["offsets"]
        self.freq: np.ndarray = arrays["freq"]
        self.trie = PackedTrie(arrays["child0"], arrays["mask"], arrays["word_of"])

    @property
    def lang(self) -> str:
        return self.alphabet.lang

    @classmethod
    def from_bytes(
        cls, raw: bytes, lang: str = "ru", name: str = "<bytes>", progress: Progress | None = None
    ) -> Lexicon:
        alpha = alphabet(lang)
        key = hashlib.sha256(raw).hexdigest()[:20]
        build = _compile(lambda: wordlist.decode_bytes(raw, name), alpha, name, progress)
        arrays, meta = cache.load_or_build(f"lexicon-{lang}", key, build)
        return cls(arrays, meta, key)

    @classmethod
    def from_file(cls, path, lang: str = "ru", progress: Progress | None = None) -> Lexicon:
        """A plain-text list (UTF-8 or cp1251, optionally gzip), one word per line."""
        path = Path(path)
        return cls.from_bytes(wordlist.read_bytes(path), lang, str(path), progress)

    @classmethod
    def from_words(cls, words, lang: str = "ru") -> Lexicon:
        """A lexicon of the given words (tests, user word lists built in code)."""
        return cls.from_bytes("\n".join(words).encode("utf-8"), lang, "<words>")

    @classmethod
    def builtin(cls, lang: str = "ru", progress: Progress | None = None) -> Lexicon:
        """The bundled list for a language (see lexicon/data/SOURCES.md); loaded once per process."""
        if lang not in _BUILTIN:
            alphabet(lang)
            resource = resources.files("wordbot.lexicon") / "data" / f"{lang}.tsv.gz"
            with resources.as_file(resource) as path:
                _BUILTIN[lang] = cls.from_file(path, lang, progress)
        return _BUILTIN[lang]

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
