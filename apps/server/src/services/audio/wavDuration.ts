/** Duration in milliseconds of a PCM WAV file, from its fmt byte rate and data chunk size. */
export function wavDurationMs(buf: Buffer): number {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let pos = 12;
  let byteRate = 0;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    let size = buf.readUInt32LE(pos + 4);
    if (id === 'fmt ') byteRate = buf.readUInt32LE(pos + 16);
    if (id === 'data') {
      // Streams written without seeking leave the size at 0 or 0xffffffff; use what is there.
      if (size === 0 || pos + 8 + size > buf.length) size = buf.length - pos - 8;
      return byteRate > 0 ? Math.round((size / byteRate) * 1000) : 0;
    }
    pos += 8 + size + (size % 2);
  }
  throw new Error('WAV file without a data chunk');
}
