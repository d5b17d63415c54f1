#!/usr/bin/env node
// Draws the web app's install icons (web/public/icons/*.png) from the favicon's house, once; the
// PNGs are committed. Run again only when the logo changes: node scripts/pwa-icons.mjs
// "any" icons keep the favicon's rounded square; the maskable one fills the square with the brand
// colour and keeps the house inside the central safe circle, since launchers cut it to their shape.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public/icons');
const BRAND = '#0f766e'; // --brand in libs/ui/ui.css
const HOUSE = 'M6 16 16 7l10 9v10H19v-6h-6v6H6z'; // web/public/favicon.svg

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BRAND}"/><path d="${HOUSE}" fill="#fff"/></svg>`;
// The house (20 units wide) scaled to 60 % of the square, centred: inside the 80 % safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16.5) scale(0.75) translate(-16 -16.5)"><path d="${HOUSE}" fill="#fff"/></g></svg>`;

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];

mkdirSync(out, { recursive: true });
for (const [name, svg, size] of icons) {
  const info = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ palette: true, compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name}: ${size}×${size}, ${(info.size / 1024).toFixed(1)} KB`);
}
