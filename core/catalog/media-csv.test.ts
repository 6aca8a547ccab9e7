import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CSV_BATCH_SIZE,
  CSV_FILE_REFUSED,
  CSV_MAX_BYTES,
  CSV_TOO_LARGE,
  MEDIA_CSV_HEADER,
  mediaCsv,
  mediaCsvFileSchema,
  parseMediaCsv,
  type MediaCsvExportRow,
} from './media-csv';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/csv/${name}`, import.meta.url), 'utf8');

const catalogue = {
  ids: new Set(['lotus-urli', 'boat-ganesh', 'krishnas-flute', 'wine-chiller-black']),
  idByName: new Map([
    ['lotus urli', 'lotus-urli'],
    ['boat ganesh', 'boat-ganesh'],
    ["krishna's flute", 'krishnas-flute'],
    ['wine chiller (black)', 'wine-chiller-black'],
  ]),
};

const header = MEDIA_CSV_HEADER.join(',');

describe('parseMediaCsv (spec §5)', () => {
  it('reads the rows of a valid file, skipping the header and blank lines', () => {
    const { rows, skipped } = parseMediaCsv(fixture('media-import.csv'), catalogue);
    expect(skipped).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        productId: 'lotus-urli',
        mediaUrl: '/images/lotus-urli-1.jpg',
        mediaType: 'image',
        altText: 'Lotus urli, brass, top view',
        sortOrder: 0,
        isPrimary: true,
      },
      {
        line: 3,
        productId: 'lotus-urli',
        mediaUrl: '/images/lotus-urli-2.jpg',
        mediaType: 'image',
        altText: 'Side view',
        sortOrder: 1,
        isPrimary: false,
      },
      {
        line: 5,
        productId: 'boat-ganesh',
        mediaUrl: 'https://example.com/boat-ganesh.mp4',
        mediaType: 'video',
        altText: null,
        sortOrder: 2,
        isPrimary: true,
      },
      {
        line: 7,
        productId: 'boat-ganesh',
        mediaUrl: '/images/boat-ganesh-1.jpg',
        mediaType: 'image',
        altText: 'A "boat" Ganesh,\ncarved by hand',
        sortOrder: 3,
        isPrimary: false,
      },
      {
        line: 9,
        productId: 'krishnas-flute',
        mediaUrl: '/images/krishnas-flute.jpg',
        mediaType: 'image',
        altText: 'Flute',
        sortOrder: 0,
        isPrimary: true,
      },
      {
        line: 10,
        productId: 'wine-chiller-black',
        mediaUrl: '/images/wine-chiller.jpg',
        mediaType: 'image',
        altText: 'Chiller',
        sortOrder: -1,
        isPrimary: true,
      },
    ]);
  });

  it('maps display names through the name table before the legacy rule', () => {
    const productIds = parseMediaCsv(fixture('media-import.csv'), catalogue).rows.map(
      (row) => `${row.line}:${row.productId}`,
    );
    // "Krishna's Flute" would be krishna's-flute by the legacy rule; "Wine Chiller Black" is not a
    // name in the table and falls back to it.
    expect(productIds).toContain('9:krishnas-flute');
    expect(productIds).toContain('10:wine-chiller-black');
  });

  it('counts primaries only for TRUE, ignoring case ("yes" is not true)', () => {
    const csv = [
      header,
      'lotus-urli,/a,,,0,TRUE',
      'lotus-urli,/b,,,1,true',
      'lotus-urli,/c,,,2,yes',
    ];
    const primaries = parseMediaCsv(csv.join('\n'), catalogue).rows.map((row) => row.isPrimary);
    expect(primaries).toEqual([true, true, false]);
  });

  it('reports every skipped row with its line and reason', () => {
    const { rows, skipped } = parseMediaCsv(fixture('media-import-errors.csv'), catalogue);
    expect(skipped).toEqual([
      { line: 2, reason: 'too few columns' },
      { line: 4, reason: 'bad sort order "first"' },
      { line: 5, reason: 'bad sort order "1.5"' },
      { line: 6, reason: 'unknown product "Brass Peacock"' },
      { line: 7, reason: 'missing media URL' },
      { line: 8, reason: 'bad media type "gif"' },
      { line: 10, reason: 'too few columns' },
      { line: 11, reason: 'bad sort order "99999999999"' },
    ]);
    expect(rows.map((row) => [row.line, row.altText])).toEqual([[9, 'Still imported']]);
  });

  it("skips and names rows the console's form would refuse: javascript:, file:, data: and others", () => {
    const csv = [
      header,
      'lotus-urli,javascript:alert(document.cookie),image,Script,0,FALSE',
      'lotus-urli,JavaScript:alert(1),image,Script,1,FALSE',
      'lotus-urli,file:///etc/passwd,image,Local file,2,FALSE',
      'lotus-urli,"data:image/svg+xml;base64,PHN2Zz4=",image,Inline,3,FALSE',
      'lotus-urli,vbscript:msgbox,image,Old script,4,FALSE',
      'lotus-urli,ftp://example.com/a.jpg,image,Other scheme,5,FALSE',
      `lotus-urli,/images/ok.jpg,image,${'a'.repeat(301)},6,FALSE`,
      `lotus-urli,https://example.com/${'x'.repeat(2000)}.jpg,image,Too long,7,FALSE`,
      'lotus-urli,/images/lotus.jpg,IMAGE,Kept,8,TRUE',
      'lotus-urli,https://example.com/lotus.mp4,video,Kept too,9,FALSE',
    ];
    const { rows, skipped } = parseMediaCsv(csv.join('\n'), catalogue);
    const refused = 'Enter a web address (https://…) or a path on this shop (/…)';
    expect(skipped).toEqual([
      { line: 2, reason: `bad media URL "javascript:alert(document.cookie)": ${refused}` },
      { line: 3, reason: `bad media URL "JavaScript:alert(1)": ${refused}` },
      { line: 4, reason: `bad media URL "file:///etc/passwd": ${refused}` },
      { line: 5, reason: `bad media URL "data:image/svg+xml;base64,PHN2Zz4=": ${refused}` },
      { line: 6, reason: `bad media URL "vbscript:msgbox": ${refused}` },
      { line: 7, reason: `bad media URL "ftp://example.com/a.jpg": ${refused}` },
      { line: 8, reason: 'bad alt text: Please keep this under 300 characters' },
      {
        line: 9,
        reason: `bad media URL "https://example.com/${'x'.repeat(80)}…": Please keep this under 2000 characters`,
      },
    ]);
    expect(rows.map((row) => [row.line, row.mediaUrl, row.mediaType, row.altText])).toEqual([
      [10, '/images/lotus.jpg', 'image', 'Kept'],
      [11, 'https://example.com/lotus.mp4', 'video', 'Kept too'],
    ]);
  });

  it('names a long refused cell cut short, so the report stays small', () => {
    const csv = `${header}\n${'p'.repeat(5000)},/a.jpg,image,,0,FALSE\n`;
    const { skipped } = parseMediaCsv(csv, catalogue);
    expect(skipped).toEqual([{ line: 2, reason: `unknown product "${'p'.repeat(100)}…"` }]);
  });

  it('skips the header however it is spelt', () => {
    const { rows, skipped } = parseMediaCsv('lotus-urli,/a,image,,0,TRUE\n', catalogue);
    expect(rows).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it('strips a UTF-8 byte order mark', () => {
    const text = fixture('media-import-bom.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { rows, skipped } = parseMediaCsv(text, catalogue);
    expect(skipped).toEqual([]);
    expect(rows.map((row) => [row.line, row.productId, row.isPrimary])).toEqual([
      [2, 'lotus-urli', true],
    ]);
  });

  it('gives the same lines with Windows line breaks', () => {
    const text = fixture('media-import.csv');
    const lines = (csv: string) => parseMediaCsv(csv, catalogue).rows.map((row) => row.line);
    expect(lines(text.replace(/\n/g, '\r\n'))).toEqual(lines(text));
  });

  it('counts lines as an editor does, through blank records and line breaks inside cells', () => {
    // Excel writes CRLF between rows and a bare LF inside a cell.
    const csv = [
      header,
      'lotus-urli,/a,image,"two\nlines",0,TRUE',
      ',,,,,',
      '"  \n  "',
      '',
      'lotus-urli,/b,image,x,1,FALSE',
      'short',
    ].join('\r\n');
    const { rows, skipped } = parseMediaCsv(csv, catalogue);
    expect(rows.map((row) => row.line)).toEqual([2, 8]);
    expect(skipped).toEqual([{ line: 9, reason: 'too few columns' }]);
  });

  it('reads only commas as separators', () => {
    const csv = `${header}\nlotus-urli|/a|image|x|0|TRUE\nlotus-urli;/b;image;x;0;TRUE\n`;
    expect(parseMediaCsv(csv, catalogue).skipped.map((row) => row.reason)).toEqual([
      'too few columns',
      'too few columns',
    ]);
  });

  it('returns nothing for an empty file', () => {
    expect(parseMediaCsv('', catalogue)).toEqual({ rows: [], skipped: [] });
  });
});

describe('mediaCsv', () => {
  const rows: MediaCsvExportRow[] = [
    {
      productId: 'lotus-urli',
      mediaUrl: '/images/lotus-urli-1.jpg',
      mediaType: 'image',
      altText: 'Lotus urli, "brass",\ntop view',
      sortOrder: 0,
      isPrimary: true,
    },
    {
      productId: 'boat-ganesh',
      mediaUrl: 'https://example.com/boat-ganesh.mp4',
      mediaType: 'video',
      altText: null,
      sortOrder: -1,
      isPrimary: false,
    },
  ];

  it('writes the header first and is_primary as TRUE/FALSE', () => {
    expect(mediaCsv(rows).split('\r\n')).toEqual([
      header,
      'lotus-urli,/images/lotus-urli-1.jpg,image,"Lotus urli, ""brass"",\ntop view",0,TRUE',
      'boat-ganesh,https://example.com/boat-ganesh.mp4,video,,-1,FALSE',
    ]);
    expect(mediaCsv([]).trim()).toBe(header);
  });

  it('round-trips through parseMediaCsv', () => {
    const parsed = parseMediaCsv(mediaCsv(rows), catalogue);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.rows.map(({ line: _line, ...row }) => row)).toEqual(rows);
    expect(parsed.rows.map((row) => row.line)).toEqual([2, 4]);
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const altTexts = [
      "=cmd|' /C calc'!A0",
      '+1',
      '-1',
      '@SUM(1)',
      '\tsecret',
      '\rsecret',
      '=1+1\nx',
    ];
    const exported = mediaCsv(altTexts.map((altText) => ({ ...rows[1]!, altText })));
    const parsed = parseMediaCsv(exported, catalogue);
    expect(parsed.rows.map((row) => row.altText)).toEqual([
      "'=cmd|' /C calc'!A0",
      "'+1",
      "'-1",
      "'@SUM(1)",
      "'\tsecret",
      "'\rsecret",
      "'=1+1\nx",
    ]);
    expect(exported).toContain(`,"'=cmd|' /C calc'!A0",`);
    // A negative sort order is a number, not text a spreadsheet would evaluate.
    expect(exported).toContain(',-1,FALSE');
  });

  it('neutralises formula characters in every text column', () => {
    const exported = mediaCsv([
      {
        productId: '=id',
        mediaUrl: '@url',
        mediaType: '+type',
        altText: 'ok',
        sortOrder: 0,
        isPrimary: false,
      },
    ]);
    expect(exported.split('\r\n')[1]).toBe(`"'=id","'@url","'+type",ok,0,FALSE`);
  });
});

describe('limits', () => {
  it('inserts in batches of 50 (spec §9) and accepts files up to 5 MB', () => {
    expect(CSV_BATCH_SIZE).toBe(50);
    expect(CSV_MAX_BYTES).toBe(5_242_880);
  });
});

describe('mediaCsvFileSchema (spec §5: only .csv files)', () => {
  const check = (file: File) =>
    mediaCsvFileSchema.safeParse({ file }).error?.issues.map((issue) => issue.message);

  it('takes a .csv file of any case up to the limit', () => {
    expect(check(new File(['a,b'], 'Media.CSV'))).toBeUndefined();
    expect(check(new File([new Uint8Array(CSV_MAX_BYTES)], 'media.csv'))).toBeUndefined();
  });

  it('refuses another file, no file, and a file over the limit, each with its message', () => {
    expect(check(new File(['a,b'], 'media.txt'))).toEqual([CSV_FILE_REFUSED]);
    expect(check(new File([], ''))).toEqual([CSV_FILE_REFUSED]);
    expect(mediaCsvFileSchema.safeParse({}).error?.issues[0]?.message).toBe(CSV_FILE_REFUSED);
    expect(check(new File([new Uint8Array(CSV_MAX_BYTES + 1)], 'media.csv'))).toEqual([
      CSV_TOO_LARGE,
    ]);
  });
});
