import { describe, expect, it } from 'vitest';
import { pngSize } from './png-size.ts';

/** A PNG's first 24 bytes (signature, IHDR length and type, width, height) as a data URL. */
function pngHeader(width: number, height: number) {
  const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  for (const n of [width, height]) bytes.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  bytes.push(8, 6, 0, 0, 0); // the rest of a header, as a real file goes on
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe('pngSize', () => {
  it('reads width and height from the header', () => {
    expect(pngSize(pngHeader(272, 142))).toEqual({ width: 272, height: 142 });
    expect(pngSize(pngHeader(70000, 3))).toEqual({ width: 70000, height: 3 });
  });

  it('answers undefined for what is not a PNG data URL', () => {
    expect(pngSize(undefined)).toBeUndefined();
    expect(pngSize('/api/x.png')).toBeUndefined();
    expect(pngSize('data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ')).toBeUndefined();
    expect(pngSize('data:image/png;base64,AAAA')).toBeUndefined();
    expect(pngSize('data:image/png;base64,!!!!')).toBeUndefined();
    expect(pngSize(pngHeader(0, 10))).toBeUndefined();
  });
});
