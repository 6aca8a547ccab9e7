import { describe, expect, it } from 'vitest';
import { uploadedImageVariants } from './media-srcset';

const uuid = '0b6f2c1e-8d4a-4c3b-9f7e-1a2b3c4d5e6f';

describe('uploadedImageVariants', () => {
  it('lists the local variants up to the stored width', () => {
    expect(uploadedImageVariants(`/media/${uuid}-800.webp`)).toEqual({
      webp: `/media/${uuid}-400.webp 400w, /media/${uuid}-800.webp 800w`,
      avif: `/media/${uuid}-400.avif 400w, /media/${uuid}-800.avif 800w`,
    });
    expect(uploadedImageVariants(`/media/${uuid}-400.webp`)?.webp).toBe(
      `/media/${uuid}-400.webp 400w`,
    );
  });

  it('recognises an upload on an S3 public URL', () => {
    const base = `https://shop-media.s3.eu-west-1.amazonaws.com/${uuid}`;
    expect(uploadedImageVariants(`${base}-1200.webp`)?.avif).toBe(
      `${base}-400.avif 400w, ${base}-800.avif 800w, ${base}-1200.avif 1200w`,
    );
  });

  it('answers null for every other URL', () => {
    for (const url of [
      '/images/products/lotus-urli-1.svg',
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view',
      'https://example.com/photo.webp',
      `/media/${uuid}-700.webp`,
      `/media/${uuid}-800.avif`,
      `/media/${uuid}-800.webp?v=2`,
      `/media/not-a-uuid-800.webp`,
    ]) {
      expect(uploadedImageVariants(url)).toBeNull();
    }
  });
});
