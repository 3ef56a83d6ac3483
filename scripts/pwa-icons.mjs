// Writes the installed app's icons (apps/web/public/icons/*.png) from the SVGs in apps/web/icons/.
// The maskable one keeps its mark inside the middle 80% (the safe zone a phone's mask never cuts).
// Run after changing an SVG: node scripts/pwa-icons.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const src = new URL('../apps/web/icons/', import.meta.url);
const out = new URL('../apps/web/public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const icons = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon.svg', 'apple-touch-icon.png', 180],
];
for (const [svg, png, size] of icons) {
  await sharp(new URL(svg, src).pathname, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(png, out).pathname);
  console.log(png);
}
