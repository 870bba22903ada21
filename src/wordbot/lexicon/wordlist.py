"""Reading a word list the way it comes: any size, compressed or not, UTF-8 or cp1251, dirty lines.

The list is read block by block, so time and memory grow with its distinct words, never with
its longest line; a line that cannot be decoded costs that line, never the file. Each line's
first token is the word (a game's list may add variants, tags or counts after it); a second
token that is a Zipf frequency (0-8) ranks the word.
"""

from __future__ import annotations

import bz2
import codecs
import functools
import gzip
import lzma
import re
import unicodedata
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon.alphabet import Alphabet

# Longer than any word a game takes (the longest dictionary words have 45 letters); a longer
# "word" would only make every per-word buffer of the solvers that much wider.
MAX_WORD = 64
BLOCK = 1 << 22  # bytes read at a time
MAX_TEXT = 512 << 20  # bytes a list may hold, read or unpacked (5x the largest lists seen): /dev/zero and
# a gzip bomb end with one line, not an endless read
BOMB, BOMB_FROM = 100, 64 << 20  # past 64 MB unpacked, more than 100 times the packed bytes is a bomb
# Bytes kept of a line that runs across blocks: above 4 * MAX_WORD, so a first token cut here is
# still too long to be a word (no letter takes more than 4 bytes).
LINE_CAP = 4096
READER_VERSION = b"wordlist-reader-3"  # in the cache key: a new reader never reuses old results
LEVELS = ("strict", "standard", "large")  # built-in list levels, each a superset of the one before
DEFAULT_LEVEL = "standard"

COMPRESSED = ((b"\x1f\x8b", "gzip", gzip.open), (b"BZh", "bzip2", bz2.open),
              (b"\xfd7zXZ\x00", "xz", lzma.open))
_SEP = r"[ \t\r\f\v,;]"  # what separates columns
_END = r"(?![^\s,;])"  # a token ends here
_NON_ASCII_LINE = re.compile(rb"^[^\n]*?[\x80-\xff]", re.M)


@dataclass(frozen=True)
class ReadReport:
    """What reading a list found, for the one line a user sees about it."""

    lines: int
    words: int  # distinct words kept
    encoding: str
    undecodable: int  # lines that are not text in the list's encoding
    foreign: int  # lines whose first token has characters outside the alphabet
    too_long: int  # lines whose first token has more than MAX_WORD letters
    columns: int  # lines with more after the word than a frequency: the rest was ignored
    folded: int  # words read without their accents or stress marks (fête -> fete)

    @property
    def skipped(self) -> int:
        return self.undecodable + self.foreign + self.too_long

    @property
    def notable(self) -> bool:
        return bool(self.skipped or self.columns or self.folded)

    def summary(self, name: str) -> str:
        skips = [f"{self.undecodable:,} not {self.encoding} text" if self.undecodable else "",
                 f"{self.foreign:,} with other characters" if self.foreign else "",
                 f"{self.too_long:,} longer than {MAX_WORD} letters" if self.too_long else ""]
        parts = [f"word list {name}: {_count(self.words, 'word')} from {_count(self.lines, 'line')} "
                 f"({self.encoding})"]
        if self.skipped:
            parts.append(f"skipped {_count(self.skipped, 'line')}: " + ", ".join(s for s in skips if s))
        if self.columns:
            parts.append(f"{_count(self.columns, 'line')} with more columns: took the first token")
        if self.folded:
            parts.append(f"{_count(self.folded, 'word')} read without accents (fête -> fete)")
        return "; ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class WordList:
    """Distinct normalized words, sorted, as letter codes: word i is codes[offsets[i]:offsets[i+1]]."""

    codes: np.ndarray  # uint8
    offsets: np.ndarray  # int32[n + 1]
    freq: np.ndarray  # float32[n] Zipf frequency, 0.0 when the list gives none
    report: ReadReport


def decompressed(stream: BinaryIO) -> tuple[BinaryIO, str]:
    """The stream's text bytes, recognising gzip, bzip2 and xz by their magic bytes (not the name);
    UTF-16 with a byte-order mark (Windows' "Unicode") is re-encoded as UTF-8 on the way."""
    head = stream.read(6)
    stream.seek(0)
    for magic, kind, opener in COMPRESSED:
        if head.startswith(magic):
            return opener(stream, "rb"), kind
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return codecs.EncodedFile(stream, "utf-8", "utf-16"), "utf-16"
    return stream, ""


def blocks(stream: BinaryIO, name: str = "", packed: BinaryIO | None = None) -> Iterator[bytes]:
    """The stream in reads of BLOCK bytes, MAX_TEXT bytes at most; unpacked from ``packed``, at most
    BOMB times its size once past BOMB_FROM (word lists pack 3-10 to 1). WordbotError beyond."""
    total = 0
    while chunk := stream.read(BLOCK):
        total += len(chunk)
        if total > MAX_TEXT:
            raise WordbotError(f"word list {name} holds over {MAX_TEXT >> 20} MB of text: not a word list")
        if packed is not None and total > BOMB_FROM and total > BOMB * packed.tell():
            raise WordbotError(f"word list {name} unpacks to over {BOMB} times its size: not a word list")
        yield chunk


def line_blocks(stream: BinaryIO, name: str = "", packed: BinaryIO | None = None) -> Iterator[bytes]:
    """Blocks of whole lines, each ending in a newline. A line that runs across blocks keeps only
    its first LINE_CAP bytes (cut where no UTF-8 letter is split), so no line costs more memory."""
    carry, cutting = b"", False
    for chunk in blocks(stream, name, packed):
        if cutting:
            newline = chunk.find(b"\n")
            if newline < 0:
                continue
            chunk, cutting = chunk[newline:], False  # the newline ends the kept head in carry
        end = chunk.rfind(b"\n")
        if end < 0:
            carry += chunk
        else:
            yield carry + chunk[: end + 1]
            carry = chunk[end + 1 :]
        if len(carry) > LINE_CAP:
            carry, cutting = _head(carry), True
    if carry:
        yield carry + b"\n"


def _head(line: bytes) -> bytes:
    head = line[:LINE_CAP]
    for back in (1, 2, 3):  # never end inside a UTF-8 sequence: cut before its lead byte
        if head[-back] >= 0xC0:
            return head[:-back]
    return head


def decode_lines(block: bytes, encoding: str) -> tuple[str, int]:
    """The block's text without the lines that are not valid ``encoding``, and how many those were.
    Linear: each failure skips one line and decoding resumes after it."""
    view, parts, bad, pos = memoryview(block), [], 0, 0
    while True:
        try:
            parts.append(str(view[pos:], encoding))
            return "".join(parts), bad
        except UnicodeDecodeError as exc:
            at = pos + exc.start
            start = max(pos, block.rfind(b"\n", pos, at) + 1)
            parts.append(str(view[pos:start], encoding))
            bad += 1
            pos = block.find(b"\n", at) + 1  # every block ends in a newline
            if pos == 0:
                return "".join(parts), bad


def choose_encoding(block: bytes) -> str:
    """UTF-8 unless most lines with non-ASCII bytes are not UTF-8: then cp1251, the other encoding
    Russian lists come in (a stray byte in a UTF-8 list costs its line, not the file)."""
    _, bad = decode_lines(block, "utf-8")
    return "cp1251" if 2 * bad > len(_NON_ASCII_LINE.findall(block)) else "utf-8"


@functools.lru_cache(maxsize=4)
def line_pattern(letters: str) -> re.Pattern:
    """One match a line: (word, zipf, rest) when the first token is a word of the alphabet, else
    (..., ..., ..., the line) so the few other lines can be looked at one by one."""
    cls = "".join(map(re.escape, letters))
    return re.compile(rf"^{_SEP}*(?:([{cls}]{{1,{MAX_WORD}}}){_END}"
                      rf"(?:{_SEP}+([0-8](?:\.[0-9]+)?){_END})?{_SEP}*([^\n]*)|([^\n]*))", re.M)


def fold(token: str, alpha: Alphabet) -> str:
    """A token with letters outside the alphabet, written with the alphabet's letters where they
    differ only by accents or stress marks (fête -> fete, молоко́ -> молоко); "" when it cannot be."""
    out = []
    for ch in unicodedata.normalize("NFC", token):
        if alpha.code(ch) < 0:
            ch = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(ch)
    folded = "".join(out)
    return folded if len(folded) <= MAX_WORD and alpha.is_word(folded) else ""


def read(stream: BinaryIO, alpha: Alphabet, name: str) -> WordList:
    """Every word of a list, however it comes (see the module's docstring)."""
    packed = stream
    stream, compression = decompressed(stream)
    pattern = line_pattern(alpha.letters)
    best: dict[str, float] = {}
    encoding, ranked = None, False
    lines = undecodable = foreign = too_long = columns = folded = 0
    try:
        for block in line_blocks(stream, name, packed if compression else None):
            if not lines and b"\x00" in block[:65536]:
                raise WordbotError(f"word list {name} is a binary file, not text")
            if encoding is None and not block.isascii():
                encoding = choose_encoding(block)
            text, bad = decode_lines(block, encoding or "ascii")
            if not lines:
                text = text.removeprefix("\ufeff")
            lines += block.count(b"\n")
            undecodable += bad
            for word, zipf, rest, other in pattern.findall(alpha.normalize(text)):
                if word:
                    columns += bool(rest)
                    if not zipf:
                        best.setdefault(word, 0.0)
                    elif (f := float(zipf)) > best.get(word, -1.0):
                        best[word] = f
                        ranked = True
                elif other:  # a first token with other characters, or too long
                    token = re.split(r"[\s,;]", other, maxsplit=1)[0]
                    if len(token) > MAX_WORD and alpha.is_word(token):
                        too_long += 1
                    elif word := fold(token, alpha):
                        folded += 1
                        best.setdefault(word, 0.0)
                    else:
                        foreign += 1
    except (OSError, EOFError, lzma.LZMAError, zlib.error, UnicodeDecodeError):
        raise WordbotError(f"word list {name} is not a valid {compression or 'text'} file") from None
    report = ReadReport(lines, len(best), encoding or "utf-8", undecodable, foreign, too_long, columns,
                        folded)
    if not best:
        raise WordbotError(f"word list {name} has no {alpha.lang} words "
                           f"({report.skipped} lines skipped: {report.foreign} with other characters)")
    words = sorted(best)
    freq = (np.fromiter(map(best.__getitem__, words), dtype=np.float32, count=len(words)) if ranked
            else np.zeros(len(words), dtype=np.float32))
    del best
    codes, offsets = encode_words(words, alpha)
    return WordList(codes, offsets, freq, report)


def encode_words(words: list[str], alpha: Alphabet, chunk: int = 1 << 18) -> tuple[np.ndarray, np.ndarray]:
    """Words already checked against the alphabet -> (codes, offsets), vectorized a chunk at a time
    (one UTF-32 copy of all words at once would cost four bytes a letter)."""
    offsets = np.zeros(len(words) + 1, dtype=np.int32)
    np.cumsum(np.fromiter(map(len, words), dtype=np.int64, count=len(words)), out=offsets[1:])
    table = np.zeros(max(map(ord, alpha.letters)) + 1, dtype=np.uint8)
    table[[ord(ch) for ch in alpha.letters]] = np.arange(alpha.size, dtype=np.uint8)
    codes = np.empty(int(offsets[-1]), dtype=np.uint8)
    for i in range(0, len(words), chunk):
        text = "".join(words[i : i + chunk]).encode("utf-32-le")
        codes[offsets[i] : offsets[min(i + chunk, len(words))]] = table[np.frombuffer(text, dtype=np.uint32)]
    return codes, offsets


def builtin_level(raw_gz: bytes, level: str) -> bytes:
    """A bundled list (gzip, ``word<TAB>zipf<TAB>level`` lines, level 1..3) cut to one level, as
    ``word<TAB>zipf`` lines."""
    rank = level_rank(level)
    text = gzip.decompress(raw_gz)
    kept = re.findall(rb"^([^\t\n]*\t[^\t\n]*)\t[1-%d]$" % rank, text, re.M)
    return b"\n".join(kept) + b"\n"


def level_rank(level: str) -> int:
    try:
        return LEVELS.index(level) + 1
    except ValueError:
        raise WordbotError(f"unknown word list level {level!r} (choose {', '.join(LEVELS)})") from None
