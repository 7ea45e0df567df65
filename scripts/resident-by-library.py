#!/usr/bin/env python3
"""What each library costs a running process, resident, in megabytes (issue 31, goal 5).

Usage: resident-by-library.py PID [UNSTRIPPED_BINARY]

A dynamically linked program's libraries are mappings of their own, and /proc/PID/smaps says each one's resident
size. A self-contained program (`make dist`, packaging/link-static.sh) is one mapping, so this reads which of its pages
are resident from /proc/PID/pagemap (root only) and names each page by the symbol its first byte falls in, read from
the unstripped binary's symbol table (the stripped one in .build/dist has the same layout): a Swift symbol by the module
its mangled name starts with, a C or C++ one by its prefix, a page in no symbol by its section (Swift's metadata
sections, unwinding tables, ICU's data). Pages written since they were mapped (relocated data) count as well.
"""
import bisect
import re
import struct
import subprocess
import sys
from collections import Counter

PAGE = 4096
SHOWN = 25  # the largest, then the others as one line


def mappings(pid):
    """(start, end, file offset, path) of each mapping that names a file."""
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and fields[5].startswith("/"):
            start, end = (int(x, 16) for x in fields[0].split("-"))
            yield start, end, int(fields[2], 16), fields[5].strip()


def resident_pages(pid, start, end):
    """The addresses in [start, end) whose page is present in the process's page table (or swapped out)."""
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(start // PAGE * 8)
        data = pagemap.read((end - start) // PAGE * 8)
    for index in range(len(data) // 8):
        (entry,) = struct.unpack_from("<Q", data, index * 8)
        if entry & (3 << 62):
            yield start + index * PAGE


def load_segments(binary):
    """(file offset, virtual address, file size) of each LOAD segment, from readelf."""
    out = subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout
    segments = []
    for line in out.splitlines():
        fields = line.split()
        if fields and fields[0] == "LOAD":
            segments.append((int(fields[1], 16), int(fields[2], 16), int(fields[4], 16)))
    return segments


def sections(binary):
    """(address, size, name) of each allocated section."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for match in re.finditer(r"\]\s+(\S+)\s+\S+\s+([0-9a-f]{16})\s+[0-9a-f]+\s+([0-9a-f]+)", out):
        name, address, size = match.group(1), int(match.group(2), 16), int(match.group(3), 16)
        if address:
            found.append((address, size, name))
    return sorted(found)


def symbols(binary):
    """Sorted (address, size, name) of the binary's defined symbols with a size."""
    out = subprocess.run(["nm", "-n", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4:
            found.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return found


SWIFT_SUBSTITUTED = {"s": "Swift", "o": "imported C", "C": "imported C", "c": "_Concurrency"}


def library_of(symbol):
    """The library a symbol comes from, as near as its name says."""
    name = symbol.lstrip("_")
    if name.startswith("$s"):
        rest = name[2:]
        if rest[:1] == "S":
            return SWIFT_SUBSTITUTED.get(rest[1:2], "Swift")
        if rest[:1] == "s":
            return "Swift"
        length = re.match(r"\d+", rest)
        if length:
            count = int(length.group())
            module = rest[length.end():length.end() + count]
            return {"FoundationEssentials": "FoundationEssentials", "FoundationInternationalization": "FoundationInternationalization"}.get(module, module)
        return "Swift (other)"
    if symbol.startswith("_ZN") or symbol.startswith("_ZNK"):
        match = re.match(r"_ZNK?(\d+)", symbol)
        if match:
            namespace = symbol[match.end():match.end() + int(match.group(1))]
            if namespace.startswith("icu"):
                return "ICU"
            if namespace == "toml":
                return "TOMLKit (toml++)"
            if namespace == "swift" or namespace == "__swift":
                return "Swift runtime"
            return f"C++ {namespace}"
        return "C++ (std)"
    if symbol.startswith("icudt"):
        return "ICU data"
    if re.search(r"_7\d$", symbol) or symbol.startswith("u_") or symbol.startswith("ucal_") or symbol.startswith("udat"):
        return "ICU"
    if symbol.startswith("swift_") or symbol.startswith("_swift") or symbol.startswith("__swift"):
        return "Swift runtime"
    if "dispatch" in symbol:
        return "libdispatch"
    if symbol.startswith("CF") or symbol.startswith("__CF") or symbol.startswith("_CF"):
        return "CoreFoundation"
    if symbol.startswith("yaml_"):
        return "Yams (libyaml)"
    if symbol.startswith("c_nio") or symbol.startswith("CNIO"):
        return "swift-nio (C)"
    return "C (other)"


def attribute_binary(pid, binary, start, end, file_offset, counts):
    """Counts each resident page of one mapping of the self-contained binary under the library its symbol names."""
    segments = load_segments(binary)
    table = symbols(binary)
    starts = [entry[0] for entry in table]
    section_table = sections(binary)
    section_starts = [entry[0] for entry in section_table]
    for address in resident_pages(pid, start, end):
        offset = file_offset + (address - start)
        vaddr = next((v + offset - o for o, v, size in segments if o <= offset < o + size), None)
        if vaddr is None:
            counts["(outside the file's segments)"] += 1
            continue
        index = bisect.bisect_right(starts, vaddr) - 1
        if index >= 0 and table[index][0] <= vaddr < table[index][0] + max(table[index][1], 1):
            counts[library_of(table[index][2])] += 1
            continue
        section = bisect.bisect_right(section_starts, vaddr) - 1
        name = section_table[section][2] if section >= 0 and vaddr < section_table[section][0] + section_table[section][1] else "?"
        counts[f"section {name}"] += 1


def main():
    pid = int(sys.argv[1])
    binary = sys.argv[2] if len(sys.argv) > 2 else None
    exe = subprocess.run(["readlink", f"/proc/{pid}/exe"], capture_output=True, text=True).stdout.strip()
    counts = Counter()
    for start, end, file_offset, path in mappings(pid):
        if path == exe and binary:
            attribute_binary(pid, binary, start, end, file_offset, counts)
        else:
            counts[path.split("/")[-1] + (" (the program)" if path == exe else "")] += sum(1 for _ in resident_pages(pid, start, end))
    anonymous = 0
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("RssAnon:"):
            anonymous = int(line.split()[1])
        if line.startswith("VmRSS:"):
            total = int(line.split()[1])
    print(f"resident {total / 1024:.1f} MB, of it anonymous (heap, stacks, written pages) {anonymous / 1024:.1f} MB; file pages by library:")
    ranked = counts.most_common()
    for name, pages in ranked[:SHOWN]:
        print(f"  {pages * PAGE / 1048576:6.1f} MB  {name}")
    rest = ranked[SHOWN:]
    print(f"  {sum(pages for _, pages in rest) * PAGE / 1048576:6.1f} MB  {len(rest)} others")


if __name__ == "__main__":
    main()
