/**
 * docs/design.md §8: the repository explains itself. Code names no tracker issue (no one outside can
 * open one), and every section, decision or file a comment cites is in the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CODE_FOLDERS = ['app', 'server', 'core', 'content', 'scripts', 'tests'];
const CODE_FILE = /\.(ts|tsx|mjs|css|sql)$/;
/** A line that is (part of) a comment in TypeScript, CSS, JSX or SQL. */
const COMMENT_LINE = /^(\/\/|\*|\/\*|\{\/\*|--)/;
const CITED_FILE =
  /\b((?:app|server|core|content|scripts|tests|docs)\/[A-Za-z0-9_.$/-]+\.(?:ts|tsx|mjs|md|css|sql|json))\b/g;
const CITED_SECTION = /\b(docs\/requirements\.md|docs\/design\.md|spec) §(\d+a?)\b/g;
const CITED_DECISION = /\bdocs\/decisions\/(\d{3})\b/g;

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(child);
    return CODE_FILE.test(entry.name) ? [child] : [];
  });
}

/** The "§N" headings of a document, as "## §N …" lines. */
function sectionsOf(document: string): Set<string> {
  const text = readFileSync(document, 'utf8');
  return new Set([...text.matchAll(/^## §(\d+a?) /gm)].map((match) => match[1] ?? ''));
}

const files = CODE_FOLDERS.flatMap(codeFiles);
const sections: Record<string, Set<string>> = {
  'docs/requirements.md': sectionsOf('docs/requirements.md'),
  // A comment's "spec §N" is §N of docs/requirements.md (docs/design.md says so).
  spec: sectionsOf('docs/requirements.md'),
  'docs/design.md': sectionsOf('docs/design.md'),
};
const decisions = new Set(readdirSync('docs/decisions').map((name) => name.slice(0, 3)));

describe('what the code cites', () => {
  it('found the documents it checks against', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(sections['docs/requirements.md']?.size).toBeGreaterThanOrEqual(22);
    expect(sections['docs/design.md']?.has('4a')).toBe(true);
  });

  it('names no issue of the tracker', () => {
    const naming = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /\b[Ii]ssues? \d+/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(naming).toEqual([]);
  });

  it('cites only sections, decisions and files that exist', () => {
    const missing: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const text = line.trim();
          if (!COMMENT_LINE.test(text)) return;
          const where = `${file}:${index + 1}`;
          for (const [, cited = ''] of text.matchAll(CITED_FILE)) {
            if (!existsSync(cited)) missing.push(`${where}: ${cited}`);
          }
          for (const [whole, document = '', section = ''] of text.matchAll(CITED_SECTION)) {
            if (!sections[document]?.has(section)) missing.push(`${where}: ${whole}`);
          }
          for (const [whole, decision = ''] of text.matchAll(CITED_DECISION)) {
            if (!decisions.has(decision)) missing.push(`${where}: ${whole}`);
          }
        });
    }
    expect(missing).toEqual([]);
  });
});
