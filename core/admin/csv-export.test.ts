import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText } from './csv-export';

describe('CSV exports', () => {
  it('neutralises every cell a spreadsheet would run as a formula, as the media export does', () => {
    const text = csvText([
      ['=HYPERLINK("x")', '+91 98765 43210', '-2', '@SUM(A1)', '\tx', 'a\n=b', 'plain'],
    ]);
    const [cells] = Papa.parse<string[]>(text.trim()).data;
    expect(cells).toEqual([
      `'=HYPERLINK("x")`,
      `'+91 98765 43210`,
      `'-2`,
      `'@SUM(A1)`,
      `'\tx`,
      'a\n=b',
      'plain',
    ]);
  });

  it('ends every line with CRLF so batches join, and writes empty cells for null', () => {
    expect(
      csvText([
        ['a', null],
        ['b', undefined],
      ]) + csvText([['c', 1]]),
    ).toBe('a,\r\nb,\r\nc,1\r\n');
    expect(csvText([])).toBe('');
  });
});
