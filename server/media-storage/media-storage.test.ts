import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../modules/errors';
import {
  deleteStoredImage,
  IMAGE_UPLOAD_MAX_BYTES,
  imageEncoderQueue,
  localMediaStorage,
  s3MediaStorage,
  storeImageUpload,
  type MediaStorage,
} from '.';

const UPLOAD_NAME = /^[0-9a-f-]{36}-(400|800|1200)\.(webp|avif)$/;

function temporaryStorage() {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-media-')), 'media');
  return { directory, storage: localMediaStorage(directory) };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } });

async function refusal(storage: MediaStorage, bytes: Uint8Array): Promise<DomainError> {
  const error: unknown = await storeImageUpload(storage, bytes).then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError)) throw error;
  expect(error.code).toBe('invalid');
  return error;
}

describe('storeImageUpload', () => {
  it('stores WebP and AVIF variants 400, 800 and 1200 wide and answers the largest WebP', async () => {
    const { directory, storage } = temporaryStorage();
    const png = await solid(1600, 1200).png().toBuffer();

    const stored = await storeImageUpload(storage, png);

    expect(stored).toMatchObject({ width: 1200, height: 900 });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f-]{36}-1200\.webp$/);
    const files = readdirSync(directory).sort();
    expect(files).toHaveLength(6);
    for (const file of files) expect(file).toMatch(UPLOAD_NAME);
    const name = path.basename(stored.url, '-1200.webp');
    for (const width of [400, 800, 1200]) {
      for (const format of ['webp', 'avif']) {
        const metadata = await sharp(path.join(directory, `${name}-${width}.${format}`)).metadata();
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(width * 0.75);
        expect(metadata.format).toBe(format === 'webp' ? 'webp' : 'heif');
      }
    }
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const { directory, storage } = temporaryStorage();
    const jpeg = await solid(1000, 600)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Private Person', Copyright: 'GPS here' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const stored = await storeImageUpload(storage, jpeg);

    // Rotated to 600x1000, so only the 400-wide variant fits.
    expect(stored).toMatchObject({ width: 400, height: 667 });
    expect(readdirSync(directory)).toHaveLength(2);
    for (const file of readdirSync(directory)) {
      const bytes = readFileSync(path.join(directory, file));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(bytes.includes('Private Person')).toBe(false);
    }
  });

  it('stores a small image once, at its own size, without enlarging it', async () => {
    const { directory, storage } = temporaryStorage();
    const webp = await solid(300, 200).webp().toBuffer();

    const stored = await storeImageUpload(storage, webp);

    expect(stored).toMatchObject({ width: 300, height: 200 });
    expect(stored.url).toMatch(/-400\.webp$/);
    expect(
      readdirSync(directory)
        .map((file) => path.extname(file))
        .sort(),
    ).toEqual(['.avif', '.webp']);
  });

  it('accepts an AVIF upload', async () => {
    const { storage } = temporaryStorage();
    const avif = await solid(800, 800).avif().toBuffer();
    expect(await storeImageUpload(storage, avif)).toMatchObject({ width: 800, height: 800 });
  });

  it('refuses other files, broken images and polyglots, and stores nothing', async () => {
    const { directory, storage } = temporaryStorage();
    const png = await solid(64, 64).png().toBuffer();
    const jpegMagic = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const refused = [
      Buffer.from('name,price\nLotus Urli,1200\n'),
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(2000, 0x41)]),
      Buffer.concat([png.subarray(0, png.length / 2)]),
      Buffer.concat([jpegMagic, Buffer.from('<html><script>alert(1)</script></html>')]),
      Buffer.concat([jpegMagic, Buffer.from('PK\x03\x04'), Buffer.alloc(500, 0x20)]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ];
    for (const bytes of refused) {
      expect((await refusal(storage, bytes)).message).toBe(
        'Upload a JPEG, PNG, WebP or AVIF image.',
      );
    }
    expect(readdirSync(directory)).toEqual([]);
  });

  it('refuses a file over 10 MB', async () => {
    const { storage } = temporaryStorage();
    const png = await solid(64, 64).png().toBuffer();
    const tooLarge = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length)]);
    expect(tooLarge.length).toBeGreaterThan(IMAGE_UPLOAD_MAX_BYTES);
    expect((await refusal(storage, tooLarge)).message).toBe('The image must be 10 MB or smaller.');
  });

  it('refuses an image of more than 40 megapixels', async () => {
    const { storage } = temporaryStorage();
    const huge = await solid(8000, 6000).png({ compressionLevel: 1 }).toBuffer();
    expect((await refusal(storage, huge)).message).toBe(
      'The image must be 40 megapixels or smaller.',
    );
  });
});

describe('storeImageUpload and the encoder queue', () => {
  it('answers the keys it wrote, and deleteStoredImage removes every one of them', async () => {
    const { directory, storage } = temporaryStorage();
    const stored = await storeImageUpload(storage, await solid(900, 600).png().toBuffer());
    expect([...stored.keys].sort()).toEqual(readdirSync(directory).sort());
    expect(stored.keys).toHaveLength(4);

    await deleteStoredImage(storage, stored.keys);

    expect(readdirSync(directory)).toEqual([]);
  });

  it('removes the variants already written when a later write fails', async () => {
    const { directory, storage: local } = temporaryStorage();
    let writes = 0;
    const failingThird: MediaStorage = {
      ...local,
      async put(key, body, contentType) {
        writes += 1;
        if (writes === 3) throw new Error('disk full');
        await local.put(key, body, contentType);
      },
    };
    await expect(
      storeImageUpload(failingThird, await solid(900, 600).png().toBuffer()),
    ).rejects.toThrow('disk full');
    expect(readdirSync(directory)).toEqual([]);
  });

  it('waits for a free encoder slot before it decodes', async () => {
    const { directory, storage } = temporaryStorage();
    const png = await solid(500, 400).png().toBuffer();
    const holds: (() => void)[] = [];
    const holders = Array.from({ length: os.availableParallelism() }, () =>
      imageEncoderQueue.run(() => new Promise<void>((resolve) => holds.push(resolve))),
    );
    const upload = storeImageUpload(storage, png);
    await new Promise((resolve) => setImmediate(resolve));
    expect(imageEncoderQueue.waiting).toBe(1);
    expect(readdirSync(directory)).toEqual([]);

    for (const release of holds) release();
    await Promise.all(holders);
    expect((await upload).keys).toHaveLength(2);
    expect(readdirSync(directory)).toHaveLength(2);
  });
});

describe('localMediaStorage', () => {
  it('writes under its directory, answers /media/<key>, and refuses paths as keys', async () => {
    const { directory, storage } = temporaryStorage();
    await storage.put('a-400.webp', Buffer.from('x'), 'image/webp');
    expect(readFileSync(path.join(directory, 'a-400.webp'), 'utf8')).toBe('x');
    expect(storage.publicUrl('a-400.webp')).toBe('/media/a-400.webp');
    for (const key of ['../auth-secret', 'sub/a.webp', '..', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/key/);
      await expect(storage.delete(key)).rejects.toThrow(/key/);
    }
  });

  it('deletes a stored file, and a missing one without error', async () => {
    const { directory, storage } = temporaryStorage();
    await storage.put('b-400.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('b-400.webp');
    expect(existsSync(path.join(directory, 'b-400.webp'))).toBe(false);
    await expect(storage.delete('b-400.webp')).resolves.toBeUndefined();
  });
});

describe('s3MediaStorage', () => {
  function capturingClient(options: { endpoint?: string; forcePathStyle?: boolean } = {}) {
    const requests: {
      method: string;
      hostname: string;
      path: string;
      headers: Record<string, string>;
    }[] = [];
    const client = new S3Client({
      region: 'eu-west-1',
      ...options,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      // Captures the signed request instead of sending it: no network in tests.
      requestHandler: {
        handle: async (request: {
          method: string;
          hostname: string;
          path: string;
          headers: Record<string, string>;
        }) => {
          requests.push(request);
          return { response: { statusCode: 200, headers: {}, body: new Uint8Array() } };
        },
      },
    });
    return { client, requests };
  }

  it('puts the object with its content type and a long-lived cache header', async () => {
    const { client, requests } = capturingClient();
    const storage = s3MediaStorage({ bucket: 'shop-media', region: 'eu-west-1' }, client);

    await storage.put('abc-800.avif', Buffer.from('image'), 'image/avif');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.hostname).toBe('shop-media.s3.eu-west-1.amazonaws.com');
    expect(request?.path).toBe('/abc-800.avif');
    expect(request?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(request?.headers['content-type']).toBe('image/avif');
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('abc-800.avif')).toBe(
      'https://shop-media.s3.eu-west-1.amazonaws.com/abc-800.avif',
    );
  });

  it('deletes an object with a DELETE of its key', async () => {
    const { client, requests } = capturingClient();
    const storage = s3MediaStorage({ bucket: 'shop-media', region: 'eu-west-1' }, client);

    await storage.delete('abc-800.avif');

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      hostname: 'shop-media.s3.eu-west-1.amazonaws.com',
      path: '/abc-800.avif',
    });
    await expect(storage.delete('../abc')).rejects.toThrow(/key/);
  });

  it('addresses a custom endpoint by path and answers its public URL', async () => {
    const endpoint = 'https://objects.example.com';
    const { client, requests } = capturingClient({ endpoint, forcePathStyle: true });
    const settings = { bucket: 'shop-media', region: 'eu-west-1', endpoint, forcePathStyle: true };
    const storage = s3MediaStorage(settings, client);

    await storage.put('abc-400.webp', Buffer.from('image'), 'image/webp');

    expect(requests[0]?.hostname).toBe('objects.example.com');
    expect(requests[0]?.path).toBe('/shop-media/abc-400.webp');
    expect(storage.publicUrl('abc-400.webp')).toBe(
      'https://objects.example.com/shop-media/abc-400.webp',
    );
    expect(
      s3MediaStorage({ ...settings, publicUrl: 'https://cdn.example' }, client).publicUrl('k.webp'),
    ).toBe('https://cdn.example/k.webp');
  });
});
