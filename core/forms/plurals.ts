/**
 * docs/requirements.md §19 "(1 image)", "1 review": a count with its noun, the noun singular for exactly one. The
 * one helper for every count the shop prints, on pages, in mails and in the command line.
 */

/** "1 image", "2 images", "0 images"; pass `plural` where adding "s" is wrong ("1 try", "3 tries"). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
