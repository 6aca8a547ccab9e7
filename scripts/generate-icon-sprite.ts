/**
 * Writes app/assets/icons.svg, the one sprite every icon of the shop is a `<use>` of (docs/decisions/020),
 * from the shapes in the installed lucide-react package (`npm run icons`).
 *
 * The icons are the `export const Name = icon('id');` lines of app/components/ui/icons.tsx: Name
 * is the lucide-react export the shape comes from, id the sprite symbol. Same package, same list,
 * same bytes: the symbols are sorted and nothing varies between runs, so the committed file can be
 * compared with a fresh one (app/components/ui/icons.test.tsx).
 *
 * `--check` writes nothing and exits 1 when the committed sprite is missing or out of date.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const iconsModulePath = join(root, 'app/components/ui/icons.tsx');
export const spritePath = join(root, 'app/assets/icons.svg');

type IconNode = [tag: string, attributes: Record<string, string | number>][];

interface LucideIconData {
  name: string;
  size?: number;
  node: IconNode;
}

export interface IconEntry {
  /** The lucide-react export the shape is read from, and the name icons.tsx exports. */
  exportName: string;
  /** The `<symbol id>` in the sprite. */
  id: string;
}

const iconLine = /^export const ([A-Z][A-Za-z0-9]*) = icon\('([a-z0-9-]+)'\);$/;

/** The icons of icons.tsx; any other `export const` there is a mistake the sprite would miss. */
export function iconEntries(iconsSource: string): IconEntry[] {
  const entries: IconEntry[] = [];
  for (const line of iconsSource.split('\n')) {
    if (!line.startsWith('export const ')) continue;
    const [, exportName, id] = iconLine.exec(line.trim()) ?? [];
    if (!exportName || !id) {
      throw new Error(`icons.tsx: expected \`export const Name = icon('id');\`, got: ${line}`);
    }
    entries.push({ exportName, id });
  }
  if (entries.length === 0) throw new Error('icons.tsx exports no icons');
  for (const key of ['exportName', 'id'] as const) {
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry[key])) throw new Error(`icons.tsx: ${entry[key]} appears twice`);
      seen.add(entry[key]);
    }
  }
  return entries;
}

const lucideRequire = createRequire(import.meta.url);

interface LucidePackage {
  directory: string;
  version: string;
  /** Export name (Menu, AlertTriangle, …) to the icon module that draws it. */
  modules: Map<string, string>;
}

/**
 * The package index re-exports each icon module under all its names (AlertTriangle is
 * icons/triangle-exclamation-point.mjs), so the names are looked up there rather than guessed.
 */
function lucidePackage(): LucidePackage {
  const manifestPath = lucideRequire.resolve('lucide-react/package.json');
  const directory = dirname(manifestPath);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string;
    module: string;
  };
  const index = readFileSync(join(directory, manifest.module), 'utf8');
  const modules = new Map<string, string>();
  const indexDirectory = dirname(join(directory, manifest.module));
  for (const [, names = '', file = ''] of index.matchAll(
    /export \{([^}]*)\} from '(\.\/icons\/[^']+)';/g,
  )) {
    for (const [, name = ''] of names.matchAll(/default as (\w+)/g)) {
      modules.set(name, join(indexDirectory, file));
    }
  }
  return { directory, version: manifest.version, modules };
}

function escapeAttribute(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function symbol(id: string, icon: LucideIconData): string {
  const size = icon.size ?? 24;
  const shapes = icon.node.map(([tag, attributes]) => {
    const written = Object.entries(attributes)
      // `key` is React's list key, not an SVG attribute.
      .filter(([name]) => name !== 'key')
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    return `<${tag}${written}/>`;
  });
  return `<symbol id="${id}" viewBox="0 0 ${size} ${size}">${shapes.join('')}</symbol>`;
}

/** The sprite for the icons icons.tsx declares, as the bytes the committed file should hold. */
export async function buildIconSprite(iconsSource: string): Promise<string> {
  const lucide = lucidePackage();
  const entries = iconEntries(iconsSource).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const symbols: string[] = [];
  for (const entry of entries) {
    const file = lucide.modules.get(entry.exportName);
    if (!file) throw new Error(`lucide-react ${lucide.version} has no icon ${entry.exportName}`);
    const module = (await import(pathToFileURL(file).href)) as { __iconData?: LucideIconData };
    if (!module.__iconData) throw new Error(`${file} does not export __iconData`);
    symbols.push(symbol(entry.id, module.__iconData));
  }
  // The shapes' stroke and fill come from the <svg> that uses them (icons.tsx), so a class such
  // as fill-brass-500 on an icon reaches them.
  return [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    `<!-- Generated by scripts/generate-icon-sprite.ts (npm run icons); do not edit. Shapes: lucide-react v${lucide.version}, ISC license, https://lucide.dev/license -->`,
    ...symbols,
    '</svg>',
    '',
  ].join('\n');
}

async function main() {
  const check = process.argv.includes('--check');
  const sprite = await buildIconSprite(readFileSync(iconsModulePath, 'utf8'));
  const current = existsSync(spritePath) ? readFileSync(spritePath, 'utf8') : null;
  if (check) {
    if (current !== sprite) {
      console.error(`${spritePath} is out of date; run npm run icons.`);
      process.exit(1);
    }
    console.log('Icon sprite is up to date.');
    return;
  }
  if (current !== sprite) {
    mkdirSync(dirname(spritePath), { recursive: true });
    writeFileSync(spritePath, sprite);
  }
  console.log(`Icon sprite written to ${spritePath}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
