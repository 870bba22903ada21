"""Regenerate the bundled word lists in src/wordbot/lexicon/data/.

ru: common nouns in the nominative singular from the OpenCorpora dictionary shipped in
    ``pymorphy3-dicts-ru`` (read through ``pymorphy3``).
en: Debian's ``wamerican-large`` (SCOWL), lower-case a-z entries only.

Each word gets its Zipf frequency from ``wordfreq`` here, at generation time, so ranking needs
no ``wordfreq`` at run time. Output: ``<lang>.tsv.gz`` with ``word<TAB>zipf`` lines, sorted.

Usage: python scripts/build_wordlists.py [ru] [en]
Needs: pip install pymorphy3 pymorphy3-dicts-ru wordfreq; apt-get install wamerican-large
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "src" / "wordbot" / "lexicon" / "data"
EN_SOURCE = Path("/usr/share/dict/american-english-large")

# OpenCorpora grammemes that mark what Balda and word games do not accept as a common noun.
EXCLUDED = {
    "Name", "Surn", "Patr", "Geox", "Orgn", "Trad",  # proper names, places, organisations, brands
    "Abbr", "Init",  # abbreviations, initials
    "Erro", "Dist", "Infr", "Slng", "Arch", "Litr",  # errors, distortions, informal, slang, archaic
    "Pltm",  # plural-only nouns have no nominative singular
}
RU_LETTERS = re.compile(r"^[а-яё]+$")
EN_LETTERS = re.compile(r"^[a-z]+$")


def russian_nouns() -> set[str]:
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()
    words: set[str] = set()
    for word, tag, normal_form, _para, _idx in morph.dictionary.iter_known_words():
        if tag.POS != "NOUN" or "nomn" not in tag or "sing" not in tag:
            continue
        if word != normal_form or tag.grammemes & EXCLUDED or not RU_LETTERS.match(word):
            continue
        words.add(word.replace("ё", "е"))
    return words


def english_words() -> set[str]:
    lines = EN_SOURCE.read_text(encoding="utf-8").splitlines()
    return {w for w in lines if EN_LETTERS.match(w)}


def write(lang: str, words: set[str]) -> None:
    from wordfreq import zipf_frequency

    rows = [f"{w}\t{zipf_frequency(w, lang):.2f}" for w in sorted(words)]
    out = DATA / f"{lang}.tsv.gz"
    # mtime=0 keeps the file byte-identical between runs over the same input.
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
        fh.write(("\n".join(rows) + "\n").encode("utf-8"))
    print(f"{out}: {len(rows)} words")


def main(langs: list[str]) -> None:
    builders = {"ru": russian_nouns, "en": english_words}
    for lang in langs or list(builders):
        write(lang, builders[lang]())


if __name__ == "__main__":
    main(sys.argv[1:])
