/**
 * The accordions of /customisations and /faq: one item open at a time, and clicking the open
 * item closes it (spec §2 Customisations).
 */
export function nextOpenItem(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}
