import { randomBytes } from 'node:crypto';
import { encodeWav } from '../demo/wav.js';

/** Tests only: a wav of a 440 Hz tone, 16 kHz 16-bit mono, `seconds` long. */
export function toneWav(seconds = 1, rate = 16_000): Buffer {
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return encodeWav(samples, rate);
}

export interface MultipartFile {
  filename: string;
  contentType?: string;
  bytes: Buffer;
  /** Field name; `file` unless a test says otherwise. */
  field?: string;
}

/** Tests only: a multipart/form-data body, built by hand as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, files: MultipartFile[] = []) {
  const boundary = `----QuillTestBoundary${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    boundary,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
