#!/usr/bin/env python3
"""Seeds the FIT fuzzer's corpus: small valid FIT files in the shapes the decoder reads (both byte orders, compressed
timestamps, developer fields, two files chained), so mutations start from files that pass the CRCs."""
import struct
import sys
from pathlib import Path


def crc16(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def fit(records: bytes) -> bytes:
    header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(records), b".FIT")
    header += struct.pack("<H", crc16(header))
    body = header + records
    return body + struct.pack("<H", crc16(body))


def run(big_endian=False, developer=0, points=12) -> bytes:
    """A record definition (timestamp, position, heart rate, distance), `points` records, and a running session."""
    order = ">" if big_endian else "<"
    fields = [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02), (5, 4, 0x86)]
    out = bytearray()
    out += bytes([0x40 | (0x20 if developer else 0)]) + struct.pack(order + "BBHB", 0, 1 if big_endian else 0, 20, len(fields))
    for number, size, base in fields:
        out += bytes([number, size, base])
    if developer:
        out += bytes([1, 0, developer, 0])
    start = 1_100_000_000
    for i in range(points):
        out += bytes([0]) + struct.pack(order + "Iii", start + i, 582_000_000 + i * 400, 28_000_000)
        out += bytes([140]) + struct.pack(order + "I", i * 300) + bytes(developer)
    # A compressed timestamp record on the same definition (its own timestamp field wins), then the session.
    out += bytes([0x80 | ((start + points) & 0x1F)]) + struct.pack(order + "Iii", start + points, 582_000_000, 28_000_000)
    out += bytes([140]) + struct.pack(order + "I", points * 300) + bytes(developer)
    out += bytes([0x43]) + struct.pack("<BBHB", 0, 0, 18, 3) + bytes([5, 1, 0x00, 7, 4, 0x86, 9, 4, 0x86])
    out += bytes([0x03, 1]) + struct.pack("<II", points * 1000, points * 300)
    return fit(bytes(out))


def main() -> None:
    corpus = Path(sys.argv[1])
    corpus.mkdir(parents=True, exist_ok=True)
    seeds = {"plain": run(), "big-endian": run(big_endian=True), "developer": run(developer=3),
             "chained": run() + run(points=3), "empty-records": fit(b"")}
    for name, data in seeds.items():
        (corpus / f"seed-{name}.fit").write_bytes(data)


if __name__ == "__main__":
    main()
