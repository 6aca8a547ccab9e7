import { describe, expect, it } from 'vitest';
import { HSN_BY_MATERIAL, HSN_CODE_PATTERN, hsnCodeProblem, suggestedHsnCode } from './hsn';

describe('hsnCodeProblem', () => {
  it.each(['6802', '68029', '680291', '6802910', '68029100', '0101'])('takes %s', (code) => {
    expect(hsnCodeProblem(code)).toBeNull();
  });

  it.each(['', '680', '680291000', '68A2', '6802 91', ' 6802', '6802.91', '６８０２'])(
    'refuses "%s"',
    (code) => {
      expect(hsnCodeProblem(code)).toBe('An HSN code is 4 to 8 digits.');
    },
  );
});

describe('HSN_BY_MATERIAL', () => {
  it.each([
    ['Marble', '6802'],
    ['stone', '6802'],
    ['Granite', '6802'],
    ['Soapstone', '6802'],
    ['Brass', '7418'],
    ['Glass', '7013'],
    ['Crystal', '7013'],
    ['Wood', '4420'],
    ['Terracotta', '6913'],
    [' marble ', '6802'],
    ['Silver', null],
    ['', null],
    [null, null],
  ])('suggests %s → %s', (material, code) => {
    expect(suggestedHsnCode(material)).toBe(code);
  });

  it.each([
    ['Brass', 'divine', '8306'],
    ['Brass', 'home', '7418'],
    ['Marble', 'divine', '6802'],
  ])(
    'suggests %s in %s → %s: a brass idol is an ornament of base metal',
    (material, category, code) => {
      expect(suggestedHsnCode(material, category)).toBe(code);
    },
  );

  it('suggests only codes the form takes', () => {
    for (const code of Object.values(HSN_BY_MATERIAL)) {
      expect(code).toMatch(HSN_CODE_PATTERN);
    }
  });
});
