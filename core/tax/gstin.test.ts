import { describe, expect, it } from 'vitest';
import {
  GST_STATES,
  GSTIN_EXAMPLE,
  gstinCheckCharacter,
  gstinProblem,
  gstinStateCode,
  gstStateLabel,
  isGstStateCode,
} from './gstin';

/**
 * GSTINs found in public sources, each with a check character that GSTN's algorithm confirms:
 * widely quoted registrations, one company's registrations in three states as it publishes them,
 * and the test company of ERPNext's India Compliance app (whose own validator checks the same
 * character).
 */
const REAL_GSTINS = [
  '27AAPFU0939F1ZV',
  '29AAGCB7383J1Z4',
  '08AAACH7409R1Z1',
  '19AAACH7409R1ZY',
  '23AAACH7409R1Z9',
  '27AAACR5055K1Z7',
  '24AAQCA8719H1ZC',
  '27AAQCA8719H1Z6',
  '29AABFG3239N1Z3',
];

describe('GSTIN', () => {
  it.each(REAL_GSTINS)('takes the registered GSTIN %s', (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
    expect(gstinCheckCharacter(gstin)).toBe(gstin[14]);
  });

  it('takes the example the forms show', () => {
    expect(gstinProblem(GSTIN_EXAMPLE)).toBeNull();
  });

  it.each([
    // The shape alone let these through.
    ['99ZZZZZ9999Z9Z9', 'check'],
    ['00AAPFU0939F1ZV', 'state'],
    ['39AAPFU0939F1ZV', 'state'],
    ['96AAPFU0939F1ZV', 'state'],
    ['98AAPFU0939F1ZV', 'state'],
    // One character changed or two swapped: the check character no longer matches.
    ['27AAPFU0939F1ZW', 'check'],
    ['27AAPFU0399F1ZV', 'check'],
    ['29AAGCB7383J1Z5', 'check'],
    // The placeholder several projects copy, with a check character that is not its own.
    ['08AAACH7409R1ZN', 'check'],
    // The demo value the shop shipped with before the check character was checked.
    ['08AAAAA0000A1Z5', 'check'],
    ['27AAPFU0939F1Z', 'shape'],
    ['27AAPFU0939F1XV', 'shape'],
    ['27aapfu0939f1zv', 'shape'],
    ['', 'shape'],
  ])('refuses %s (%s)', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it('knows every state code from 01 to 38, 97 and 99, and no other', () => {
    // Sorted: an object lists keys that read as integers (10 to 99) before the others (01 to 09).
    const codes = Object.keys(GST_STATES).sort();
    expect(codes).toEqual([
      ...Array.from({ length: 38 }, (_, index) => String(index + 1).padStart(2, '0')),
      '97',
      '99',
    ]);
    expect(isGstStateCode('00')).toBe(false);
    expect(isGstStateCode('toString')).toBe(false);
  });

  it('names the state of a GSTIN as an invoice prints the place of supply', () => {
    expect(gstinStateCode('08AAACH7409R1Z1')).toBe('08');
    expect(gstStateLabel('08')).toBe('Rajasthan (08)');
    expect(gstStateLabel('27')).toBe('Maharashtra (27)');
    expect(gstStateLabel('29')).toBe('Karnataka (29)');
    expect(gstStateLabel('07')).toBe('Delhi (07)');
    expect(gstStateLabel('97')).toBe('Other Territory (97)');
    expect(gstStateLabel('99')).toBe('Centre Jurisdiction (99)');
    expect(gstinStateCode('99ZZZZZ9999Z9Z9')).toBeNull();
  });
});
