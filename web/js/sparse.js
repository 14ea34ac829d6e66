// The memory snapshot's stored form: Python's 30 MiB heap is more than half
// pages of zeros, so only the pages that hold something are kept, with where
// they go. A return visit then reads 14 MB from the cache instead of 30 MB
// (that read was the longest wait of a restored start, about 0.5 s here) and
// lays them into a zeroed heap in a few milliseconds.
//
// The layout, little-endian 32-bit words: the magic "AFS1", the heap's
// length, the page size, the number of runs; then for each run its first
// page and its number of pages; then the runs' bytes, one after the other.
// sitebuild/snapshot.mjs packs it at build time (and restores the unpacked
// copy in Node to prove it); web/runtime.js unpacks it in the page.

const MAGIC = 0x31534641; // "AFS1"
const PAGE = 4096;

function isZero(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

// The heap ``memory`` (a Uint8Array) in the stored form.
export function pack(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const runs = [];
  for (let page = 0; page < pages; page++) {
    if (isZero(memory, page * PAGE, Math.min(memory.length, (page + 1) * PAGE))) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const header = 16 + runs.length * 8;
  const kept = runs.reduce((sum, [first, count]) => sum + Math.min(count * PAGE, memory.length - first * PAGE), 0);
  const out = new Uint8Array(header + kept);
  const words = new DataView(out.buffer);
  words.setUint32(0, MAGIC, true);
  words.setUint32(4, memory.length, true);
  words.setUint32(8, PAGE, true);
  words.setUint32(12, runs.length, true);
  let at = header;
  runs.forEach(([first, count], index) => {
    words.setUint32(16 + index * 8, first, true);
    words.setUint32(20 + index * 8, count, true);
    const piece = memory.subarray(first * PAGE, Math.min(memory.length, (first + count) * PAGE));
    out.set(piece, at);
    at += piece.length;
  });
  return out;
}

// The heap again from ``stored`` (a Uint8Array); bytes without the magic
// are a heap as it is (what an older build stored).
export function unpack(stored) {
  if (stored.length < 16) return stored;
  const words = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  if (words.getUint32(0, true) !== MAGIC) return stored;
  const length = words.getUint32(4, true);
  const page = words.getUint32(8, true);
  const count = words.getUint32(12, true);
  const memory = new Uint8Array(length);
  let at = 16 + count * 8;
  for (let index = 0; index < count; index++) {
    const first = words.getUint32(16 + index * 8, true) * page;
    const size = Math.min(words.getUint32(20 + index * 8, true) * page, length - first);
    if (first + size > length || at + size > stored.length) throw new Error("the saved start is cut short");
    memory.set(stored.subarray(at, at + size), first);
    at += size;
  }
  if (at !== stored.length) throw new Error("the saved start has bytes it cannot place");
  return memory;
}
