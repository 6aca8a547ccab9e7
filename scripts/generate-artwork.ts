/**
 * Draws the placeholder artwork for the demo catalogue and the journal (`npm run artwork`).
 *
 * The repository ships no photographs and loads nothing from a CDN, so every seed product and
 * story gets a small, deterministic SVG: the same input always yields the same bytes, and the
 * files are committed. A shop owner replaces them with photographs through the admin console.
 *
 * `--check` writes nothing and exits 1 when a committed file is missing or out of date.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedProducts, type SeedProduct } from '../content/catalog';
import { stories, type Story } from '../content/stories';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

interface Palette {
  light: string;
  dark: string;
  accent: string;
  backdrop: string;
}

const palettes: Record<string, Palette> = {
  marble: { light: '#f7f4ee', dark: '#d6d0c4', accent: '#b9b1a2', backdrop: '#e9e2d4' },
  greenMarble: { light: '#7fa88f', dark: '#2f5e47', accent: '#cfe3d3', backdrop: '#e4ebe2' },
  blackMarble: { light: '#4a4a4f', dark: '#141416', accent: '#8d8d94', backdrop: '#e6e1d8' },
  brass: { light: '#f0cf6e', dark: '#9a6b1f', accent: '#fff0b8', backdrop: '#efe4cf' },
  soapstone: { light: '#e2ded6', dark: '#a9a397', accent: '#8a8477', backdrop: '#ece7de' },
  ceramic: { light: '#ffffff', dark: '#dfe6ef', accent: '#1f4fa0', backdrop: '#e5ebf3' },
  terracotta: { light: '#d27a4f', dark: '#8c3b1c', accent: '#f6e6d6', backdrop: '#f1e2d4' },
  stone: { light: '#6b6862', dark: '#2c2a27', accent: '#a7a39b', backdrop: '#e7e2da' },
  wood: { light: '#a8744a', dark: '#5a3418', accent: '#d9b27c', backdrop: '#eee3d4' },
  crystal: { light: '#f7c9d6', dark: '#b4607e', accent: '#8a5aa8', backdrop: '#f3e6ec' },
};

function paletteFor(product: SeedProduct): Palette {
  const material = product.material.toLowerCase();
  if (material === 'marble') {
    if (/black/i.test(product.name)) return palettes.blackMarble!;
    if (/green|banswara/i.test(`${product.name} ${product.region}`)) return palettes.greenMarble!;
    return palettes.marble!;
  }
  return palettes[material] ?? palettes.stone!;
}

/** A small deterministic generator so veins and dots do not change between runs. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const round = (value: number) => Math.round(value);

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The piece itself, drawn around (400, 430) in an 800x800 box, filled with url(#m). */
function productShape(product: SeedProduct, palette: Palette, random: () => number): string {
  const { accent, dark } = palette;
  switch (product.subcategory) {
    case 'Cake Stands':
      return `<ellipse cx="400" cy="330" rx="230" ry="42" fill="url(#m)"/><path d="M170 330h460v22c0 20-103 36-230 36s-230-16-230-36z" fill="${dark}"/><path d="M370 380h60l-12 160h-36z" fill="url(#m)"/><ellipse cx="400" cy="560" rx="120" ry="26" fill="url(#m)"/>`;
    case 'Serving Bowls':
    case 'Urlis':
    case 'Soap Dishes':
    case 'Ashtrays': {
      const depth =
        product.subcategory === 'Soap Dishes' ? 60 : product.subcategory === 'Urlis' ? 120 : 150;
      const petals =
        product.subcategory === 'Urlis'
          ? Array.from({ length: 9 }, (_, i) => {
              const x = 190 + i * 52.5;
              return `<path d="M${round(x - 26)} 350q26-150 52 0z" fill="url(#m)"/>`;
            }).join('')
          : '';
      return `${petals}<path d="M150 360c0 ${depth} 110 ${depth + 60} 250 ${depth + 60}s250-60 250-${depth + 60}z" fill="url(#m)"/><ellipse cx="400" cy="360" rx="250" ry="50" fill="${dark}"/><ellipse cx="400" cy="360" rx="220" ry="36" fill="${accent}" opacity=".35"/>`;
    }
    case 'Coasters':
      return [0, 1, 2, 3]
        .map((i) => {
          const x = 230 + (i % 2) * 200;
          const y = 300 + Math.floor(i / 2) * 200;
          return `<rect x="${x - 80}" y="${y - 80}" width="170" height="170" rx="${product.material === 'Wood' ? 85 : 14}" fill="url(#m)"/><circle cx="${x + 5}" cy="${y + 5}" r="34" fill="${accent}" opacity=".8"/>`;
        })
        .join('');
    case 'Pottery':
      return `<ellipse cx="400" cy="450" rx="190" ry="170" fill="url(#m)"/><rect x="320" y="230" width="160" height="70" rx="20" fill="url(#m)"/><path d="M230 440h340M240 500h320" stroke="${accent}" stroke-width="10" stroke-dasharray="26 18"/>`;
    case 'Storage':
      return `<rect x="200" y="330" width="400" height="220" rx="40" fill="url(#m)"/><ellipse cx="400" cy="330" rx="200" ry="46" fill="${dark}"/>${Array.from(
        { length: 7 },
        (_, i) => `<circle cx="${250 + i * 50}" cy="330" r="12" fill="${accent}"/>`,
      ).join('')}`;
    case 'Ganesh Sculptures':
    case 'Krishna Art':
    case 'Spiritual Figurines':
      return `<circle cx="400" cy="250" r="90" fill="url(#m)"/><path d="M400 320c-150 0-200 120-200 260h400c0-140-50-260-200-260z" fill="url(#m)"/><rect x="180" y="580" width="440" height="50" rx="12" fill="${dark}"/><circle cx="400" cy="175" r="26" fill="${accent}"/><path d="M310 420q90 70 180 0" stroke="${accent}" stroke-width="12" fill="none"/>`;
    case 'Decorative Pieces':
      return Array.from({ length: 4 }, (_, i) => {
        const x = 190 + i * 140;
        return `<path d="M${x - 55} 470q55 90 110 0z" fill="url(#m)"/><path d="M${x} ${395 - round(random() * 20)}q16 30 0 50q-16-20 0-50z" fill="#f6b43c"/>`;
      }).join('');
    case 'Candle Holders':
    case 'Oil Diffusers':
    case 'Lanterns':
      return `<rect x="270" y="260" width="260" height="340" rx="${product.subcategory === 'Lanterns' ? 20 : 110}" fill="url(#m)"/>${Array.from(
        { length: 12 },
        (_, i) =>
          `<circle cx="${310 + (i % 4) * 60}" cy="${330 + Math.floor(i / 4) * 80}" r="13" fill="${dark}"/>`,
      ).join('')}<path d="M400 175q30 45 0 70q-30-25 0-70z" fill="#f6b43c"/>`;
    case 'Crystal Decor':
      return `<path d="M392 600V330" stroke="#b87333" stroke-width="18"/>${Array.from(
        { length: 16 },
        () => {
          const x = 250 + random() * 300;
          const y = 200 + random() * 220;
          return `<circle cx="${round(x)}" cy="${round(y)}" r="${18 + round(random() * 14)}" fill="url(#m)"/>`;
        },
      ).join('')}<ellipse cx="400" cy="610" rx="150" ry="44" fill="${accent}"/>`;
    case 'Desk Accessories':
      return `<path d="M300 260l-20-80M340 260l5-90M380 260l30-70" stroke="${dark}" stroke-width="14" stroke-linecap="round"/><rect x="200" y="260" width="400" height="300" rx="20" fill="url(#m)"/><circle cx="400" cy="420" r="40" fill="#2f5da8"/>`;
    case 'Wine Chillers':
      return `<path d="M370 110h60v90c40 30 50 60 50 110H320c0-50 10-80 50-110z" fill="#3b2a3a"/><rect x="290" y="290" width="220" height="330" rx="30" fill="url(#m)"/><ellipse cx="400" cy="292" rx="110" ry="22" fill="${dark}"/>`;
    default:
      return `<circle cx="400" cy="420" r="200" fill="url(#m)"/>`;
  }
}

/** View n of a product: 1 the whole piece, 2 a closer look, 3 and on a detail. */
function viewTransform(imageNumber: number): string {
  if (imageNumber === 1) return '';
  if (imageNumber === 2) return ' transform="translate(-120 -110) scale(1.3)"';
  return ' transform="translate(-420 -380) scale(2)"';
}

export function productSvg(product: SeedProduct, imageNumber: number): string {
  const palette = paletteFor(product);
  const random = seededRandom(`${product.id}-${imageNumber}`);
  // Marble is filled with a pattern that carries the veins, so they stay inside the piece.
  const veins = Array.from({ length: 4 }, () => {
    const y = 180 + random() * 440;
    return `<path d="M0 ${round(y)}q${round(240 + random() * 200)} ${round(-90 + random() * 180)} 800 ${round(-70 + random() * 140)}" stroke="${palette.accent}" stroke-width="3" fill="none" opacity=".6"/>`;
  }).join('');
  const fill =
    product.material === 'Marble'
      ? `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient><pattern id="m" patternUnits="userSpaceOnUse" width="800" height="800"><rect width="800" height="800" fill="url(#g)"/>${veins}</pattern>`
      : `<linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient>`;
  const title = escapeXml(product.images[imageNumber - 1]?.alt ?? product.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img"><title>${title}</title><defs>${fill}</defs><rect width="800" height="800" fill="${palette.backdrop}"/><ellipse cx="400" cy="650" rx="300" ry="40" fill="#000" opacity=".08"/><g${viewTransform(imageNumber)}>${productShape(product, palette, random)}</g></svg>\n`;
}

const storyColours: Record<string, [string, string, string]> = {
  Stone: ['#e4ebe2', '#2f5e47', '#7fa88f'],
  Fibre: ['#f6ecd2', '#b8860b', '#e7c35a'],
  Clay: ['#f1e2d4', '#8c3b1c', '#d27a4f'],
  Textile: ['#f3e6ec', '#6b2d5c', '#d9634c'],
};

export function storySvg(story: Story): string {
  const [sky, hill, motif] = storyColours[story.category] ?? storyColours.Stone!;
  const random = seededRandom(story.id);
  const marks = Array.from({ length: 7 }, (_, i) => {
    const x = 120 + i * 160 + round(random() * 40);
    const height = 90 + round(random() * 120);
    return `<rect x="${x}" y="${520 - height}" width="70" height="${height}" rx="35" fill="${motif}" opacity="${(0.55 + random() * 0.4).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img"><title>${escapeXml(story.title)}</title><rect width="1200" height="675" fill="${sky}"/><circle cx="960" cy="170" r="90" fill="#f6b43c" opacity=".85"/><path d="M0 430q300-150 600-40t600-60V675H0z" fill="${hill}" opacity=".35"/>${marks}<path d="M0 520q300-60 600 0t600 0V675H0z" fill="${hill}"/></svg>\n`;
}

export function artworkFiles(): { path: string; content: string }[] {
  const files = seedProducts.flatMap((product) =>
    product.images.map((image, index) => ({
      path: join(publicDir, image.file),
      content: productSvg(product, index + 1),
    })),
  );
  for (const story of stories) {
    files.push({ path: join(publicDir, story.image), content: storySvg(story) });
  }
  return files;
}

function main() {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const file of artworkFiles()) {
    const current = existsSync(file.path) ? readFileSync(file.path, 'utf8') : null;
    if (current === file.content) continue;
    if (check) {
      stale.push(file.path);
      continue;
    }
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content);
  }
  if (check && stale.length > 0) {
    console.error(`Artwork out of date; run npm run artwork:\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(check ? 'Artwork is up to date.' : `Artwork written to ${publicDir}/images.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
