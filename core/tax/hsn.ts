/**
 * HSN codes, which a tax invoice prints for each line and GSTR-1 sums by (docs/decisions/027).
 * Notification 78/2020 – Central Tax asks for 4 digits up to ₹5 crore of turnover and 6 above it;
 * the shop takes any 4 to 8 digits, so a full 8-digit tariff code is not refused.
 */

export const HSN_CODE_PATTERN = /^\d{4,8}$/;

export const HSN_CODE_PROBLEM = 'An HSN code is 4 to 8 digits.';

/** What is wrong with an HSN code as typed (trimmed), or null when it is one. */
export function hsnCodeProblem(code: string): string | null {
  return HSN_CODE_PATTERN.test(code) ? null : HSN_CODE_PROBLEM;
}

/**
 * The code the product form suggests for a piece's material (lower case). A suggestion: the owner
 * confirms it, since the heading follows what the piece is as well as what it is made of.
 */
export const HSN_BY_MATERIAL: Readonly<Record<string, string>> = {
  // 6802: worked monumental or building stone and articles of it, carvings included.
  marble: '6802',
  // 6802: the same heading as marble; soapstone is carved like it.
  soapstone: '6802',
  // 6802: worked stone, whatever the stone.
  stone: '6802',
  // 6802: granite is a monumental or building stone.
  granite: '6802',
  // 7418: table, kitchen or other household articles of copper, whose alloys include brass.
  brass: '7418',
  // 7013: glassware for the table, the kitchen, the toilet, the office or indoor decoration.
  glass: '7013',
  // 7013: crystal is glass (lead crystal has its own subheadings in 7013).
  crystal: '7013',
  // 4420: wooden marquetry, caskets, statuettes and other ornaments of wood.
  wood: '4420',
  // 6913: statuettes and other ornamental ceramic articles.
  ceramic: '6913',
  // 6913: terracotta is a ceramic.
  terracotta: '6913',
};

/**
 * 8306: statuettes and other ornaments of base metal, bells among them. A brass idol, figurine or
 * temple bell (the catalogue's "divine" category) is an ornament, not a household article.
 */
const BASE_METAL_ORNAMENT = '8306';

/**
 * The suggested HSN code of a piece from its material as the catalogue writes it ("Marble") and its
 * category, or null when the table has no code for the material.
 */
export function suggestedHsnCode(
  material: string | null | undefined,
  category?: string | null,
): string | null {
  const key = (material ?? '').trim().toLowerCase();
  if (key === 'brass' && category === 'divine') return BASE_METAL_ORNAMENT;
  return HSN_BY_MATERIAL[key] ?? null;
}

/** The product form's hint under "HSN code": the format and the headings the catalogue uses. */
export const HSN_CODE_HINT =
  '4 to 8 digits, printed on the tax invoice: 6802 worked marble and stone, 7418 brass household articles, 8306 brass idols and bells, 7013 glass and crystal, 4420 wood, 6913 ceramic.';

/** What the product console shows for a piece without one: an invoice for it cannot be issued. */
export const HSN_CODE_MISSING = 'Not set: needed before a tax invoice';
