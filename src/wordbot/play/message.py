"""A game's reply as text, for games whose only reply is a message drawn alike for every word.

Such a game says "DOG +3" for a taken word and "DOG: not a word" for a refused one (or "Nice!" and
"Not a word", naming none) in the same place, size and colour: where and how the window changed
cannot tell them apart, the text can.
The text is read with Tesseract and made a template: the word itself (as read, so fuzzily) and
numbers left out, spaces and case evened. The template the likeliest words' replies share is what
"accepted" says; another is a refusal. Read only in such games (about 0.2 s a word).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

import numpy as np

from wordbot.ocr.text import grown_box, line_page, read_pages, text_lines, union

if TYPE_CHECKING:
    from wordbot.play.feedback import Watch

SAME = 0.75  # templates this alike (difflib's ratio) say the same: a misread letter or two
OTHER = 0.5  # templates less alike than this say something else; in between, a reading is not trusted
WORD_LIKE = 0.6  # the share of the word's letters a stretch of the text must hold to be the word
LOOKALIKE = str.maketrans("авекмнорстухё$", "abekmhopctyxes")  # Cyrillic letters Tesseract may give
# as Latin ones (and the other way), and S as $: texts are compared with these folded


def _fold(text: str) -> str:
    return text.lower().translate(LOOKALIKE)


def template(text: str, word: str) -> str:
    """``text`` with numbers left out and no spaces (Tesseract may part a bold word's letters), the
    stretch of it that is ``word`` marked ⟨so⟩: what stays the same from one word's reply to the next
    is the text with the word left out (``named``) where the acceptance names the word, and the text
    as read (``plain``) where it names none (a word like part of it, "score" in "Score 12", is no
    word of the reply). The word is the shortest stretch holding most of its letters in order, as
    read (a letter misread or two)."""
    flat = re.sub(r"\d+", "#", _fold("".join(text.split())))
    want = _fold(word)
    blocks = [b for b in SequenceMatcher(None, flat, want, autojunk=False).get_matching_blocks() if b.size]
    if blocks and sum(b.size for b in blocks) >= WORD_LIKE * len(want):
        first, last = blocks[0], blocks[-1]  # grown over the word's letters before and after them
        start, end = max(0, first.a - first.b), last.a + last.size + len(want) - last.b - last.size
        if end - start <= len(want) + 2:
            flat = f"{flat[:start]}⟨{flat[start:end]}⟩{flat[end:]}"
    return flat


def named(text: str) -> str:
    """A template with the word it names left out: "~+#" for "КОТ  +3"."""
    return re.sub("⟨[^⟩]*⟩", "~", text)


def plain(text: str) -> str:
    """A template as read, naming no word."""
    return text.replace("⟨", "").replace("⟩", "")


def alike(a: str, b: str) -> bool:
    return SequenceMatcher(None, a, b).ratio() >= SAME


def says(text: str | None, accepted: str | None) -> str | None:
    """Whether a reply's text says what an acceptance says: "same", "other", "unsure" (a reading
    too far from both to trust: no verdict, never a blacklisting), None when either is unread."""
    if text is None or accepted is None:
        return None
    if not text:  # a change with no text in it: a message gone before it was read
        return "unsure"
    text = named(text) if "~" in accepted else plain(text)
    if _fits(text, accepted):
        return "same"
    ratio = SequenceMatcher(None, text, accepted).ratio()
    return "same" if ratio >= SAME else "other" if ratio < OTHER else "unsure"


def _fits(text: str, accepted: str) -> bool:
    """Whether ``text`` is the acceptance's with only the word read otherwise: too far from it for
    ``template`` to find it (a short word, a bold face: "ИОД +3" read "VOOO+3"), the rest, at least
    two characters, all there in place."""
    parts = accepted.split("~")
    if len(parts) < 2 or len("".join(parts)) < 2:
        return False
    return re.fullmatch(".+".join(map(re.escape, parts)), text) is not None


def reply_text(watch: Watch, before: np.ndarray, afters: Sequence[np.ndarray], word: str,
               ignore: np.ndarray | None = None) -> str | None:
    """The template of the text in the place that changed outside the board from ``before`` to
    any of ``afters`` (a reply's frames), read in each and taken where it says the most (the first
    of them on a tie): a message may clear again, show again as it was (a toast popping up anew),
    or fade while a score beside it stays, and a learning word's reply, watched until the window
    is calm, must read as a later one caught sooner. Each line of text is read whole (a part the
    last reply had alike did not change) and on its own (a score over a message changes with it).
    "" where there is none (no verdict: a message cleared before it was seen), None where nothing
    changed there or there is no Tesseract."""
    boxes = [b for b in (watch.changed_box(before, a, ignore) for a in afters) if b is not None]
    if not boxes:
        return None
    box = union(*boxes)
    pages, owner = [], []
    for k, after in enumerate(afters):
        for part in text_lines(after, box):
            page = line_page(after, grown_box(after, part, watch.box, line=True))
            if page is not None:
                pages.append(page)
                owner.append(k)
    try:
        lines = read_pages(pages, "eng+rus", "--psm 6")
    except (ImportError, OSError):
        return None
    texts = [" ".join(t.text for i, tokens in enumerate(lines) if owner[i] == k for t in tokens).strip()
             for k in range(len(afters))]
    text = max(texts, key=lambda t: len("".join(t.split())))
    return template(text, word) if text else ""


def lists(templates: Sequence[str | None], words: Sequence[str]) -> bool:
    """Whether most replies' texts after the first (``templates``, of the replies to ``words`` in
    the order entered) name an earlier word beside their own: the place is a list of the words
    found, which grows (or scrolls) with each, and its text tells no verdict."""
    named_earlier = [any(_holds(named(t), w) for w in words[:i])
                     for i, t in enumerate(templates) if i and t]
    return 2 * sum(named_earlier) > len(named_earlier)


def _holds(text: str, word: str) -> bool:
    """Whether ``text`` holds ``word`` in a stretch no longer than it, its letters in order, one
    missing or misread at most in a word of five letters or more."""
    want = _fold(word)
    blocks = [b for b in SequenceMatcher(None, text, want, autojunk=False).get_matching_blocks() if b.size]
    return bool(blocks) and sum(b.size for b in blocks) >= len(want) - (len(want) >= 5) \
        and blocks[-1].a + blocks[-1].size - blocks[0].a <= len(want)


def common(templates: list[str | None]) -> str | None:
    """What most replies say, if more than half do (and at least two): with the word left out
    where that names it ("~+#"), else as read ("nice!+#", "score#")."""
    said = _most([named(t) for t in templates if t], len(templates))
    if said is not None and "~" not in said:
        said = _most([plain(t) for t in templates if t], len(templates))
    return said


def _most(read: list[str], of: int) -> str | None:
    for lead in read:
        share = sum(alike(lead, t) for t in read)
        if share >= 2 and 2 * share > of:
            return lead
    return None
