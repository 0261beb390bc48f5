#!/usr/bin/env python3
"""Writes tests/data/hardening/bad/: malformed graph files that the io corpus
(tests/data/io/bad) lacks: CRLF and byte-order marks around real errors, very
long lines, binary garbage in every text format, and damaged .gsc caches.

The committed files are this script's output; rerun it only to change them:
    tests/hardening/make_corpus.py --gen build/<preset>/bin/gen
(gen writes the one valid .gsc that the damaged ones start from.)
"""
import argparse
import os
import random
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "data", "hardening", "bad")
BOM = b"\xef\xbb\xbf"


def text_files():
    rng = random.Random(10)
    garbage = bytes(rng.randrange(256) for _ in range(4096))
    long_digits = b"1" * 200_000            # a 200 KB number
    long_junk = b"x" * 300_000              # a 300 KB word
    return {
        # CRLF / BOM around a real error: the line number must still be right.
        "gr-crlf-negative-weight.gr": b"c crlf\r\np sp 3 2\r\na 1 2 4\r\na 2 3 -1\r\n",
        "gr-bom-non-numeric-target.gr": BOM + b"p sp 2 1\na 1 x 1\n",
        "gr-extremely-long-comment-then-bad-arc.gr": b"c " + long_junk + b"\np sp 2 1\na 1 3 1\n",
        "gr-extremely-long-vertex-id.gr": b"p sp 2 1\na " + long_digits + b" 2 1\n",
        "gr-negative-declared-count.gr": b"p sp -5 3\n",
        "gr-zero-vertices-with-arc.gr": b"p sp 0 1\na 1 1 1\n",
        "mtx-bom-crlf-row-zero.mtx": BOM + b"%%MatrixMarket matrix coordinate integer general\r\n2 2 1\r\n0 1 3\r\n",
        "mtx-nan-value.mtx": b"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 nan\n",
        "mtx-negative-row.mtx": b"%%MatrixMarket matrix coordinate integer general\n3 3 1\n-1 2 3\n",
        "mtx-declared-1e15-rows.mtx": b"%%MatrixMarket matrix coordinate integer general\n1000000000000000 1000000000000000 1\n1 2 3\n",
        "mtx-binary-garbage.mtx": garbage,
        "el-binary-garbage-with-nul.el": b"0 1\n" + garbage,
        "el-extremely-long-garbage-line.el": b"0 1\n" + long_junk + b"\n",
        "el-crlf-truncated-mid-line.el": b"0 1\r\n1 2\r\n3",
        "wel-nan-weight.wel": b"0 1 2\n1 2 nan\n",
        "wel-infinite-weight.wel": b"0 1 inf\n",
        "wel-negative-weight.wel": b"0 1 3\n1 2 -7\n",
        "wel-truncated-mid-line.wel": b"0 1 5\n1 2",
        "wel-bom-non-numeric-weight.wel": BOM + b"0 1 heavy\n",
        "txt-negative-id.txt": b"# Undirected graph\n0 1\n-2 3\n",
        "txt-id-above-32-bits.txt": b"# Directed graph\n0 4294967296\n",
        "txt-binary-garbage.txt": garbage[::-1],
        "txt-truncated-mid-line.txt": b"# Directed graph\n0 1\n5",
        "txt-extremely-long-id.txt": b"0 " + long_digits + b"\n",
    }


def damaged_caches(valid: bytes):
    header, payload = valid[:64], valid[64:]
    def patch(offset, fmt, value):
        h = bytearray(header)
        struct.pack_into(fmt, h, offset, value)
        return bytes(h) + payload
    flipped = bytearray(payload)
    flipped[len(flipped) // 2] ^= 0x40
    return {
        "gsc-wrong-checksum.gsc": header + bytes(flipped),
        "gsc-wrong-version.gsc": patch(8, "<I", 7),
        "gsc-unknown-weight-code.gsc": patch(12, "<I", 99),
        "gsc-unknown-flag-bits.gsc": patch(16, "<I", 0x80),
        "gsc-wrong-header-size.gsc": patch(20, "<I", 32),
        "gsc-declared-1e15-edges.gsc": patch(32, "<Q", 10**15),
        "gsc-truncated-payload.gsc": valid[: len(valid) - 5],
        "gsc-trailing-bytes.gsc": valid + b"\0" * 16,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gen", required=True, help="path to the gen executable")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "valid.gsc")
        subprocess.run([args.gen, "gtgraph-random", "--n", "6", "--m", "12", "--out", path], check=True)
        with open(path, "rb") as f:
            valid = f.read()
    files = {**text_files(), **damaged_caches(valid)}
    for name, data in sorted(files.items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(files)} files to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
