"""The built-in bank's matching features come from a cache: the same as computed afresh."""

import numpy as np

from wordbot.ocr import bank
from wordbot.ocr.glyph import features, shapes


def test_cached_features_equal_fresh_ones_and_are_mapped():
    bank.builtin_bank.cache_clear()
    first = bank.builtin_bank("ru")  # built (or loaded) through the cache
    bank.builtin_bank.cache_clear()
    again = bank.builtin_bank("ru")  # loaded
    data = np.load(bank.DATA)
    fresh = bank.Bank("ru", data["pictures"], data["labels"], cased=True)
    for b in (first, again):
        assert b.letters == fresh.letters and (b.labels == fresh.labels).all()
        assert np.array_equal(b._features, fresh._features) and np.array_equal(b._shapes, fresh._shapes)
    assert np.array_equal(fresh._features, features(fresh.pictures))
    assert np.array_equal(fresh._shapes, shapes(fresh.pictures))
    assert not again._features.flags.writeable  # one letter_scores signature, built or loaded


def test_a_glyphs_scores_are_kept_and_equal_fresh_ones():
    """A frame read again scores only its new glyphs; kept and new ones mixed in one call give what
    one fresh call over all of them gives (to float32's last bit: ``letter_scores`` sums four glyphs
    at a time with fastmath, so a glyph's rounding may follow its place in the batch)."""
    from wordbot.kept import Kept

    ru = bank.builtin_bank("ru")
    pictures = ru.pictures[::97][:12]
    Kept.forget_all()
    fresh = bank.letter_scores(features(pictures), shapes(pictures), ru._features, ru._shapes, ru._starts,
                               bank.PIXEL_WEIGHT)
    half = ru.group_scores(pictures[::2])  # these are kept now
    mixed = ru.group_scores(pictures)
    again = ru.group_scores(pictures)
    for got in (mixed, again):
        assert all(np.allclose(g, f, rtol=0, atol=1e-6) for g, f in zip(got, fresh, strict=True))
    assert all(np.allclose(h, f[::2], rtol=0, atol=1e-6) for h, f in zip(half, fresh, strict=True))
    assert len(ru._scores._values) == len(pictures)
    empty = ru.group_scores(pictures[:0])
    assert [e.shape for e in empty] == [(0, len(ru._starts))] * 2


def test_a_glyphs_features_are_made_once_for_both_banks(monkeypatch):
    """A first frame's glyphs are scored in both languages: their features are made once, not once
    per bank, and each bank's scores are those of its own fresh call."""
    from wordbot.kept import Kept

    ru, en = bank.builtin_bank("ru"), bank.builtin_bank("en")
    pictures = ru.pictures[::89][:10]
    Kept.forget_all()
    made = []
    monkeypatch.setattr(bank, "features", lambda p: made.append(len(p)) or features(p))
    for b in (ru, en):
        got = b.group_scores(pictures)
        fresh = bank.letter_scores(features(pictures), shapes(pictures), b._features, b._shapes, b._starts,
                                   bank.PIXEL_WEIGHT)
        assert all(np.allclose(g, f, rtol=0, atol=1e-6) for g, f in zip(got, fresh, strict=True))
    assert made == [len(pictures)]


def test_kept_fill_makes_each_missing_key_once_in_one_call():
    from wordbot.kept import Kept

    kept: Kept[str] = Kept(8)
    kept.put(b"b", "B")
    calls = []

    def make(new):
        calls.append(new)
        return [f"made {i}" for i in new]

    assert kept.fill([b"a", b"b", b"a", b"c"], make) == ["made 0", "B", "made 0", "made 3"]
    assert calls == [[0, 3]]
    assert kept.fill([b"c", b"a"], make) == ["made 3", "made 0"] and calls == [[0, 3]]
