/**
 * docs/requirements.md §20 "Spellings and synonyms of this catalogue's words": the owner's synonym groups, one
 * group a line, its words separated by commas (the `searchSynonyms` setting). A search that finds
 * nothing tries every word of the group of a word it holds (core/search/search-tolerant.ts). Also the one
 * schema of the Searches page's "add to synonyms" form, used by the browser and by
 * `addSearchSynonym` (server/modules/settings).
 */
import { z } from 'zod';
import { formText } from '../forms/form-text';
import { normaliseSearchText } from './search-tolerant';

/** The database refuses a longer setting (migration 0010's shop_settings_value_length_check). */
export const SYNONYMS_TEXT_MAX = 2000;
/** docs/requirements.md §20: a word (an entry of a group, which may have spaces: "tea light") is at most 40. */
export const SYNONYM_WORD_MAX = 40;
export const SYNONYM_GROUPS_MAX = 100;

/** The form's value for "A new group" (otherwise the index of the group's line). */
export const NEW_SYNONYM_GROUP = 'new';

export const synonymTexts = {
  wordsRequired: 'Please enter the words to add, separated by commas',
  wordTooLong: `A word can be at most ${SYNONYM_WORD_MAX} characters`,
  newGroupTooSmall: 'A new group needs at least two words, separated by commas',
  groupInvalid: 'Please choose a group, or A new group',
  groupGone: 'That group is no longer in the search synonyms. Please reload the page.',
  textTooLong: `The search synonyms can be at most ${SYNONYMS_TEXT_MAX} characters. Remove a group in Settings first.`,
  tooManyGroups: `There can be at most ${SYNONYM_GROUPS_MAX} synonym groups. Remove one in Settings first.`,
  settingTooManyGroups: `Please keep to at most ${SYNONYM_GROUPS_MAX} groups (lines of two or more words)`,
} as const;

/** "A word can be at most 40 characters: “…”", naming the word the setting holds. */
export function wordTooLongMessage(word: string): string {
  const shown = word.length > 50 ? `${word.slice(0, 50)}…` : word;
  return `${synonymTexts.wordTooLong}: “${shown}”`;
}

/**
 * The words of one line or one form field: split at commas, each normalised as a search is
 * (normaliseSearchText: "Tea-Light" → "tea light"), empties and repeats dropped.
 */
export function synonymEntriesOf(text: string): string[] {
  const entries: string[] = [];
  for (const part of text.split(',')) {
    const entry = normaliseSearchText(part);
    if (entry !== '' && !entries.includes(entry)) entries.push(entry);
  }
  return entries;
}

/** A group as the text holds it: the index of its line, and its words. */
export interface SynonymGroupLine {
  line: number;
  words: string[];
}

const linesOf = (text: string) => text.split('\n');

/**
 * The groups of the text with their line numbers: a line of fewer than two words is no group
 * (there is nothing to try instead), a word over the limit is left out, and only the first 100
 * groups count (the setting's schema refuses either, but the text may come from the database).
 */
export function listSynonymGroups(text: string): SynonymGroupLine[] {
  const groups: SynonymGroupLine[] = [];
  linesOf(text).forEach((line, index) => {
    if (groups.length >= SYNONYM_GROUPS_MAX) return;
    const words = synonymEntriesOf(line).filter((word) => word.length <= SYNONYM_WORD_MAX);
    if (words.length >= 2) groups.push({ line: index, words });
  });
  return groups;
}

let lastParsed: { text: string; groups: string[][] } | null = null;

/**
 * The groups the search tries, as lists of normalised entries. Called on every search with the
 * same setting, so the last answer is kept.
 */
export function parseSynonymGroups(text: string): string[][] {
  if (lastParsed?.text === text) return lastParsed.groups;
  const groups = listSynonymGroups(text).map((group) => group.words);
  lastParsed = { text, groups };
  return groups;
}

/**
 * What is wrong with a synonyms text as a setting, beyond its length and control characters:
 * a word over 40 characters, or more than 100 groups. Null when nothing is.
 */
export function synonymTextProblem(text: string): string | null {
  let groups = 0;
  for (const line of linesOf(text)) {
    const words = synonymEntriesOf(line);
    const long = words.find((word) => word.length > SYNONYM_WORD_MAX);
    if (long) return wordTooLongMessage(long);
    if (words.length >= 2) groups += 1;
  }
  return groups > SYNONYM_GROUPS_MAX ? synonymTexts.settingTooManyGroups : null;
}

/** A change `addToSynonymGroup` cannot make; its message is the owner's to read. */
export class SynonymEditError extends Error {
  override name = 'SynonymEditError';
}

export interface SynonymAddition {
  /** Normalised words (synonymEntriesOf); normalised again here, which changes nothing. */
  words: readonly string[];
  /** The index of an existing group's line, or a new group at the end. */
  group: number | typeof NEW_SYNONYM_GROUP;
}

/**
 * The text with `words` added: to the end of the group on line `group`, leaving every other line
 * as it was, or as a new line at the end. A word the group already holds is not added again; when
 * it holds them all the text comes back unchanged. Throws SynonymEditError when the group is gone
 * or the text would break a limit (2000 characters, 100 groups).
 */
export function addToSynonymGroup(text: string, { words, group }: SynonymAddition): string {
  const wanted = synonymEntriesOf(words.join(','));
  const lines = linesOf(text);
  let next: string;
  if (group === NEW_SYNONYM_GROUP) {
    const kept = text.trimEnd();
    next = `${kept === '' ? '' : `${kept}\n`}${wanted.join(', ')}`;
  } else {
    const found = listSynonymGroups(text).find((each) => each.line === group);
    if (!found) throw new SynonymEditError(synonymTexts.groupGone);
    const added = wanted.filter((word) => !found.words.includes(word));
    if (added.length === 0) return text;
    const line = lines[group]!;
    // A line typed in the textarea may end with "\r" (its CRLF), and with a stray comma.
    const ending = line.endsWith('\r') ? '\r' : '';
    const body = line.replace(/[\s,]+$/, '');
    lines[group] = `${body}, ${added.join(', ')}${ending}`;
    next = lines.join('\n');
  }
  if (next.length > SYNONYMS_TEXT_MAX) throw new SynonymEditError(synonymTexts.textTooLong);
  if (listSynonymGroupsUncapped(next) > SYNONYM_GROUPS_MAX) {
    throw new SynonymEditError(synonymTexts.tooManyGroups);
  }
  return next;
}

function listSynonymGroupsUncapped(text: string): number {
  return linesOf(text).filter((line) => synonymEntriesOf(line).length >= 2).length;
}

/** "candle holder, …": a group named by its first word, in the Searches page's notices. */
export function synonymGroupName(words: readonly string[]): string {
  return words.length > 1 ? `${words[0]}, …` : (words[0] ?? '');
}

/** "“votive”", "“tealight” and “votive”", "“a”, “b” and “c”". */
export function quotedWords(words: readonly string[]): string {
  const quoted = words.map((word) => `“${word}”`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * docs/requirements.md §20: the Searches page's "add to synonyms" form, in one step: the group (a line's index,
 * or "new") and the words, separated by commas.
 */
export const addSynonymSchema = z
  .object({
    group: formText({ error: synonymTexts.groupInvalid })
      .trim()
      .regex(/^(new|\d{1,4})$/, synonymTexts.groupInvalid)
      .transform((value) => (value === NEW_SYNONYM_GROUP ? NEW_SYNONYM_GROUP : Number(value))),
    words: formText({ error: synonymTexts.wordsRequired })
      .trim()
      .min(1, synonymTexts.wordsRequired)
      .max(SYNONYMS_TEXT_MAX, synonymTexts.textTooLong)
      .transform(synonymEntriesOf)
      .superRefine((entries, context) => {
        if (entries.length === 0) {
          context.addIssue({ code: 'custom', message: synonymTexts.wordsRequired });
        } else if (entries.some((entry) => entry.length > SYNONYM_WORD_MAX)) {
          context.addIssue({ code: 'custom', message: synonymTexts.wordTooLong });
        }
      }),
  })
  .superRefine(({ group, words }, context) => {
    if (group === NEW_SYNONYM_GROUP && words.length === 1) {
      context.addIssue({ code: 'custom', path: ['words'], message: synonymTexts.newGroupTooSmall });
    }
  });
export type AddSynonymInput = z.output<typeof addSynonymSchema>;

/**
 * docs/decisions/024's defaults for the seed catalogue: the usual other spellings of its Indian names, the
 * Hindi words for its pieces and materials, and the English names shoppers use for them. Only
 * words whose group reaches a piece the catalogue holds.
 */
export const DEFAULT_SEARCH_SYNONYMS = [
  'ganesh, ganesha, ganpati, ganapati, vinayaka',
  'urli, uruli',
  'diya, deepak, diyas',
  'buddha, budha',
  'krishna, krisna',
  'toran, torana',
  'jaali, jali',
  'nandi, nandhi',
  'candle holder, tealight holder, tea light holder',
  'lantern, lamp, kandil',
  'ashtray, ash tray',
  'diffuser, aroma burner, oil burner',
  'idol, murti, moorti, statue, sculpture, figurine',
  'spice box, masala box, masala dabba',
  'wine chiller, wine cooler, bottle cooler',
  'pen stand, pen holder',
  'soap dish, soap holder, soap tray',
  'cake stand, cake plate',
  'parchin kari, pietra dura, inlay',
  'bell, ghanti',
  'pooja, puja, mandir, temple',
  'brass, pital, peetal',
  'marble, sangmarmar',
  'sheesham, shisham, rosewood',
  'terracotta, clay, mitti',
  'soapstone, steatite',
].join('\n');
