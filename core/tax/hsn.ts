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

/** The suggested HSN code of a material as the catalogue writes it ("Marble"), or null. */
export function suggestedHsnCode(material: string | null | undefined): string | null {
  return HSN_BY_MATERIAL[(material ?? '').trim().toLowerCase()] ?? null;
}
