"""Alphabets and letter normalization: every stage compares letters as small integer codes."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordbot.errors import WordbotError


@dataclass(frozen=True)
class Alphabet:
    """The letters of a language; a letter's code is its index (at most 32 so a set fits in 32 bits)."""

    lang: str
    letters: str
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) > 32:
            raise ValueError("an alphabet has at most 32 letters")
        object.__setattr__(self, "_index", {ch: i for i, ch in enumerate(self.letters)})

    @property
    def size(self) -> int:
        return len(self.letters)

    def normalize(self, text: str) -> str:
        """Lower case, ё→е: the form in which words and tiles are compared."""
        return text.strip().lower().replace("ё", "е")

    def is_word(self, normalized: str) -> bool:
        return bool(normalized) and all(ch in self._index for ch in normalized)

    def code(self, letter: str) -> int:
        """Code of one normalized letter; -1 when it is not in the alphabet."""
        return self._index.get(letter, -1)

    def encode(self, word: str) -> np.ndarray:
        """Codes of a normalized word; raises WordbotError naming a foreign character."""
        try:
            return np.fromiter((self._index[ch] for ch in word), dtype=np.uint8, count=len(word))
        except KeyError as exc:
            raise WordbotError(f"letter {exc.args[0]!r} is not in the {self.lang} alphabet") from None

    def decode(self, codes) -> str:
        return "".join(self.letters[int(c)] for c in codes)


ALPHABETS = {
    "ru": Alphabet("ru", "абвгдежзийклмнопрстуфхцчшщъыьэюя"),
    "en": Alphabet("en", "abcdefghijklmnopqrstuvwxyz"),
}
LANGS = tuple(ALPHABETS)  # the languages wordbot reads and plays


def alphabet(lang: str) -> Alphabet:
    try:
        return ALPHABETS[lang]
    except KeyError:
        raise WordbotError(f"unknown language {lang!r} (choose ru or en)") from None
