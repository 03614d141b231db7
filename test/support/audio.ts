/** Generated audio for upload tests and the benchmark: a valid WAV (16-bit mono, 16 kHz) of a tone. */
import fs from 'node:fs';

const SAMPLE_RATE = 16_000;
const HEADER_BYTES = 44;

export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(Math.min(0xffffffff, dataBytes), 40);
  return header;
}

/** `seconds` of a 440 Hz tone, in memory (for files up to a few MB). */
export function wavTone(seconds: number): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 8000), i * 2);
  return Buffer.concat([wavHeader(data.length), data]);
}

/** A WAV file of exactly `totalBytes` on disk, written in chunks (never whole in memory). */
export function writeWavFile(file: string, totalBytes: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, wavHeader(totalBytes - HEADER_BYTES));
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < chunk.length; i += 2) chunk.writeInt16LE(((i / 2) % 64) * 256 - 8192, i);
    let left = totalBytes - HEADER_BYTES;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      fs.writeSync(fd, chunk, 0, n);
      left -= n;
    }
  } finally {
    fs.closeSync(fd);
  }
}
