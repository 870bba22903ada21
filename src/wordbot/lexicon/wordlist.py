"""Reading a plain-text word list: encoding detection, normalization, skipped-word count."""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from wordbot.errors import WordbotError, read_user_file
from wordbot.lexicon.alphabet import Alphabet


@dataclass(frozen=True)
class WordList:
    """Normalized, distinct, sorted words with a Zipf frequency each (0.0 when the list has none)."""

    words: list[str]
    freq: list[float]
    skipped: int  # lines whose word has characters outside the alphabet


def decode_bytes(raw: bytes, name: str) -> str:
    """UTF-8 when it decodes strictly, otherwise cp1251 (the other encoding Russian lists come in)."""
    if b"\x00" in raw[:65536]:
        raise WordbotError(f"word list {name} is a binary file, not text")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1251", errors="replace")


def read_bytes(path: Path) -> bytes:
    raw = read_user_file(path, "word list")
    if path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError):
            raise WordbotError(f"word list {path} is not a valid gzip file") from None
    return raw


def parse(text: str, alpha: Alphabet, name: str) -> WordList:
    """One word per line, optionally followed by a tab and a Zipf frequency."""
    best: dict[str, float] = {}
    skipped = 0
    for line in text.splitlines():
        word, _, rest = line.partition("\t")
        word = alpha.normalize(word)
        if not word:
            continue
        if not alpha.is_word(word):
            skipped += 1
            continue
        try:
            zipf = float(rest) if rest.strip() else 0.0
        except ValueError:
            zipf = 0.0
        best[word] = max(zipf, best.get(word, 0.0))
    if not best:
        raise WordbotError(
            f"word list {name} has no {alpha.lang} words ({skipped} lines with other characters)"
        )
    words = sorted(best)
    return WordList(words, [best[w] for w in words], skipped)
