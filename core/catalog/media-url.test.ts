import { describe, expect, it } from 'vitest';
import { CONSOLE_THUMBNAIL_WIDTH, displayImageUrl, driveFileId } from './media-url';

const id = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('displayImageUrl (spec §7)', () => {
  it('turns a share link with the id in the path into a 1000-wide thumbnail', () => {
    expect(displayImageUrl(`https://drive.google.com/file/d/${id}/view?usp=sharing`)).toBe(
      `https://drive.google.com/thumbnail?id=${id}&sz=w1000`,
    );
  });

  it('turns a link with the id in the query into a thumbnail, 400 wide in the console', () => {
    expect(displayImageUrl(`https://drive.google.com/open?id=${id}`, CONSOLE_THUMBNAIL_WIDTH)).toBe(
      `https://drive.google.com/thumbnail?id=${id}&sz=w400`,
    );
    expect(driveFileId(`https://drive.google.com/uc?export=view&id=${id}`)).toBe(id);
  });

  it('keeps every other URL as it is', () => {
    for (const url of [
      '/images/products/lotus-urli-1.svg',
      'https://example.com/file/d/abc/view',
      'not a url',
      'https://drive.google.com/drive/folders',
    ]) {
      expect(displayImageUrl(url)).toBe(url);
    }
  });
});
