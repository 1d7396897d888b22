/**
 * A PNG of random pixels: a picture that does not compress, as scans and photos in notes barely do. The reader's
 * bench and browser tests put it in PDFs so that a page's objects span several of the reader's range requests.
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** `colour: 'grey'` makes grey noise, which never reads as a colour a test looks for. */
export function noisePng(width: number, height: number, colour: 'rgb' | 'grey' = 'rgb'): Buffer {
  const channels = colour === 'rgb' ? 3 : 1;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colour === 'rgb' ? 2 : 0, 0, 0, 0], 8); // 8 bits per channel, RGB or greyscale
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * channels)])),
  );
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
