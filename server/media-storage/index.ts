/**
 * Uploaded product images (docs/requirements.md §2, beyond the spec): checked by their magic bytes, re-encoded with
 * sharp into WebP and AVIF variants without metadata, and stored in DATA_DIR/media or, when S3_* is
 * configured, in an S3-compatible bucket, behind one interface.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../core/catalog/media-srcset';
import type { S3Settings } from '../config';
import { DomainError } from '../modules/errors';
import { imageEncoderQueue } from './encoder-queue';

export { IMAGE_WIDTHS };
export { createEncoderQueue, imageEncoderQueue, type EncoderQueue } from './encoder-queue';

// docs/requirements.md §13: one libvips thread per encode; the encoder queue runs one encode per core,
// so uploads together never take more than the machine's cores.
sharp.concurrency(1);

export interface MediaStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a stored file; a key that is not there is no error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

// Variants are never rewritten under the same name, so browsers and CDNs may keep them for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files in `directory`, served by the HTTP app at `/media/<key>`. */
export function localMediaStorage(directory: string): MediaStorage {
  // Created up front: the HTTP app serves this directory from start-up.
  mkdirSync(directory, { recursive: true });
  return {
    kind: 'local',
    async put(key, body) {
      await writeFile(path.join(directory, checkedKey(key)), body);
    },
    async delete(key) {
      await rm(path.join(directory, checkedKey(key)), { force: true });
    },
    publicUrl: (key) => `/media/${checkedKey(key)}`,
  };
}

export function s3MediaStorage(settings: S3Settings, client?: S3Client): MediaStorage {
  // docs/decisions/030: the AWS SDK loads only in a shop that stores its media in a bucket.
  const sdk = import('@aws-sdk/client-s3');
  const s3: Promise<S3Client> = sdk.then(
    ({ S3Client }) =>
      client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // Without keys, the SDK's own chain applies (AWS_* variables, an instance role).
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
  );
  const publicBase =
    settings.publicUrl ??
    (settings.endpoint
      ? `${settings.endpoint}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`);
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const [{ PutObjectCommand }, bucket] = await Promise.all([sdk, s3]);
      await bucket.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async delete(key) {
      // S3 answers a missing key with success too.
      const [{ DeleteObjectCommand }, bucket] = await Promise.all([sdk, s3]);
      await bucket.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checkedKey(key) }));
    },
    publicUrl: (key) => `${publicBase}/${checkedKey(key)}`,
  };
}

/** Keys are names we generate; this guards against a future caller passing a path. */
function checkedKey(key: string): string {
  if (key === '' || key.includes('/') || key.includes('\\') || key.includes('..')) {
    throw new Error(`Refused media key "${key}"`);
  }
  return key;
}

export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
// Bounds the memory one decode may take (a small file can declare a huge canvas).
const MAX_INPUT_PIXELS = 40_000_000;

const WRONG_TYPE = 'Upload a JPEG, PNG, WebP or AVIF image.';

const matchesAt = (bytes: Uint8Array, offset: number, expected: number[] | string) =>
  [...(typeof expected === 'string' ? Buffer.from(expected, 'latin1') : expected)].every(
    (byte, index) => bytes[offset + index] === byte,
  );

/** The accepted types by their magic bytes, with the format sharp must decode them as. */
const SIGNATURES: { decodedFormat: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { decodedFormat: 'jpeg', matches: (bytes) => matchesAt(bytes, 0, [0xff, 0xd8, 0xff]) },
  {
    decodedFormat: 'png',
    matches: (bytes) => matchesAt(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    decodedFormat: 'webp',
    matches: (bytes) => matchesAt(bytes, 0, 'RIFF') && matchesAt(bytes, 8, 'WEBP'),
  },
  {
    decodedFormat: 'heif',
    matches: (bytes) =>
      matchesAt(bytes, 4, 'ftyp') && (matchesAt(bytes, 8, 'avif') || matchesAt(bytes, 8, 'avis')),
  },
];

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  /** Every file written, so that a caller whose next step fails can remove them again. */
  keys: string[];
}

/**
 * Stores an uploaded image as WebP and AVIF variants 400, 800 and 1200 wide (never wider than the
 * source) and answers the largest WebP variant. Callers authorise first (docs/requirements.md §5):
 * this decodes and writes whatever it is given.
 */
export async function storeImageUpload(
  storage: MediaStorage,
  bytes: Uint8Array,
): Promise<StoredImage> {
  if (bytes.byteLength > IMAGE_UPLOAD_MAX_BYTES) {
    throw new DomainError('invalid', 'The image must be 10 MB or smaller.');
  }
  const signature = SIGNATURES.find((candidate) => candidate.matches(bytes));
  if (!signature) throw new DomainError('invalid', WRONG_TYPE);

  const variants = await imageEncoderQueue.run(() =>
    encodeVariants(bytes, signature.decodedFormat),
  );
  const name = randomUUID();
  const keys: string[] = [];
  try {
    for (const variant of variants) {
      const key = `${name}-${variant.width}.${variant.format}`;
      keys.push(key);
      await storage.put(key, variant.data, `image/${variant.format}`);
    }
  } catch (error) {
    // A write failed part-way (disk full, bucket down): the variants already written go too. The
    // write's own error is the one worth reporting, whatever the clean-up meets.
    await deleteStoredImage(storage, keys).catch(() => {});
    throw error;
  }
  const largest = variants.findLast((variant) => variant.format === 'webp');
  if (!largest) throw new Error('No WebP variant was encoded');
  return {
    url: storage.publicUrl(`${name}-${largest.width}.webp`),
    width: largest.outputWidth,
    height: largest.outputHeight,
    keys,
  };
}

/** Removes the files of one stored image; every key is tried even when one of them fails. */
/**
 * Stores each image through the pipeline, then runs `work` with them; when storing or `work` fails,
 * the files already stored are removed again, and the refusal or failure stays the answer (a
 * failed clean-up does not replace it). The photos of an order's making-of update, shipment or
 * return (docs/requirements.md §24), each checked by its module before any is decoded.
 */
export async function withStoredImages<Result>(
  storage: MediaStorage,
  images: readonly Uint8Array[],
  work: (stored: readonly StoredImage[]) => Promise<Result>,
): Promise<Result> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) stored.push(await storeImageUpload(storage, image));
    return await work(stored);
  } catch (error) {
    await deleteStoredImage(
      storage,
      stored.flatMap((image) => image.keys),
    ).catch(() => {});
    throw error;
  }
}

export async function deleteStoredImage(storage: MediaStorage, keys: readonly string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

async function encodeVariants(bytes: Uint8Array, decodedFormat: string) {
  // Only the header is read here; unlimited, so that a too-large image gets its own message.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new DomainError('invalid', WRONG_TYPE);
    });
  // A file whose header says one type and whose content is another is refused (polyglots).
  if (metadata.format !== decodedFormat) throw new DomainError('invalid', WRONG_TYPE);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new DomainError('invalid', 'The image must be 40 megapixels or smaller.');
  }
  const sourceWidth = metadata.autoOrient.width;
  const widths = IMAGE_WIDTHS.filter((width) => width <= sourceWidth);
  if (widths.length === 0) widths.push(IMAGE_WIDTHS[0]);

  const oriented = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    const variants = [];
    for (const width of widths) {
      const resized = oriented.clone().resize({ width, withoutEnlargement: true });
      for (const format of ['webp', 'avif'] as const) {
        const { data, info } = await resized
          .clone()
          .toFormat(format)
          .toBuffer({ resolveWithObject: true });
        variants.push({ width, format, data, outputWidth: info.width, outputHeight: info.height });
      }
    }
    return variants;
  } catch {
    // The header was readable but the pixel data is not (truncated or corrupt).
    throw new DomainError('invalid', WRONG_TYPE);
  }
}
