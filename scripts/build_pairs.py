"""Regenerate the letter-pair discriminants: src/wordbot/ocr/data/pairs.npz.

For every two letters of each language and case, Fisher's linear discriminant of their templates in
the built-in glyph bank (src/wordbot/ocr/data/glyphs.npz, made by scripts/build_glyphs.py), on the
features the matching uses (``wordbot.ocr.pairs.learn``). Learning them all took 4.5 minutes on the
2-core machine at load 5 (one pair 6-200 ms), too long for a board's first read, so they are
bundled. The file records the SHA-256 of the glyph bank it was learned from; the reader ignores it
(with a notice) for another bank, and a test fails, so it is regenerated whenever glyphs.npz is.
Under the glyph bank's terms (src/wordbot/ocr/data/SOURCES.md): it is derived from its renderings.

Usage: python scripts/build_pairs.py
"""

from __future__ import annotations

import numpy as np

from wordbot.lexicon.alphabet import LANGS
from wordbot.ocr.bank import CASES, bank_digest, builtin_bank
from wordbot.ocr.pairs import APART_ONLY, PAIRS_DATA, learn


def main() -> None:
    out: dict[str, np.ndarray] = {"bank_sha256": np.array(bank_digest())}
    for lang in LANGS:
        bank = builtin_bank(lang)
        letters = [ch for ch in bank.letters if len(ch) == 1]
        out[f"{lang}_letters"] = np.array(letters)
        for case in CASES:
            drawn = [bank.drawn(ch.upper() if case == "upper" else ch) for ch in letters]
            n, width = len(letters), drawn[0].shape[1]
            weights = np.zeros((n, n, width), np.float16)
            middle, spread = np.zeros((n, n), np.float32), np.zeros((n, n), np.float32)
            for i in range(n):
                for j in range(i + 1, n):
                    if letters[i] + letters[j] in APART_ONLY or letters[j] + letters[i] in APART_ONLY \
                            or min(len(drawn[i]), len(drawn[j])) < 2:
                        continue
                    d = learn(drawn[i], drawn[j], letters[i], letters[j])
                    weights[i, j], middle[i, j], spread[i, j] = d.weights, d.middle, d.spread
                    weights[j, i], middle[j, i], spread[j, i] = -d.weights, -d.middle, d.spread
            out[f"{lang}_{case}_weights"], out[f"{lang}_{case}_middle"] = weights, middle
            out[f"{lang}_{case}_spread"] = spread
            print(f"{lang} {case}: {int((spread > 0).sum()) // 2} pairs")
    np.savez(PAIRS_DATA, **out)  # not compressed: loaded in a third of the time
    print(f"wrote {PAIRS_DATA} ({PAIRS_DATA.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
