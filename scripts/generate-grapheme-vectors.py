#!/usr/bin/env python3
"""Writes Tests/NetworkRulesTests/Fixtures/grapheme-vectors.json: texts with their extended grapheme clusters counted
by an implementation independent of Swift's (the `regex` module's `\\X`, from PyPI) and their UTF-8 byte lengths, which
BlueskyTextGraphemeVectorTests hold Bluesky's counting to (issue 28: a flag, a ZWJ family, combining marks, CJK, URLs).

Run it in a virtual environment with the pinned module:
    python3 -m venv /tmp/gvenv && /tmp/gvenv/bin/pip install regex==2024.11.6
    /tmp/gvenv/bin/python scripts/generate-grapheme-vectors.py
"""
import json
import os

import regex

TEXTS = [
    "plain ASCII text",
    "🇺🇦🇫🇷🇯🇵",
    "👨‍👩‍👧‍👦 family, 👩🏽‍💻 coder, 🏃🏽‍♀️ runner",
    "e\u0301 a\u0308 o\u0302\u0323",
    "ก\u0e31\u0e49 Thai marks",
    "日本語のテキスト、中文文本，한국어 텍스트",
    "Z\u0351\u036b\u0343\u036a\u0302\u036b zalgo",
    "https://example.com/run?id=1&units=km and example.org",
    "#Marathon2026 @alice.bsky.social ✅ 1️⃣ ❤️",
    "\r\n line endings\r\n",
    "🏳️‍🌈🏴‍☠️🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    "अनुच्छेद हिन्दी",
    "مرحبا بالعالم",
    "a" * 300,
    "🇺🇦" * 150,
]


def main():
    vectors = [{"text": text, "graphemes": len(regex.findall(r"\X", text)), "bytes": len(text.encode("utf-8"))} for text in TEXTS]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "NetworkRulesTests", "Fixtures",
                        "grapheme-vectors.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"generator": f"python regex {regex.__version__} \\X", "vectors": vectors}, file, ensure_ascii=False, indent=1)
        file.write("\n")
    print(f"wrote {len(vectors)} vectors to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
