#!/usr/bin/env node
// Gzipped size of what the browser downloads to show the dashboard (/admin/), read from the build
// manifest (`vite build` writes dist/.vite/manifest.json): the entry chunk, the dashboard's lazy
// chunk, and every chunk they import statically. Exits 1 above the budget.
// Usage: node scripts/bundle-size.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const DASHBOARD_SOURCE = 'src/pages/Dashboard.tsx';
const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(appRoot, 'dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`npx vite build\` in admin-web/ first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

const js = new Set();
const css = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entryKey);
visit(DASHBOARD_SOURCE);

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
let jsTotal = 0;
let cssTotal = 0;
console.log('Dashboard route (/admin/) downloads:');
for (const file of js) {
  const size = gz(file);
  jsTotal += size;
  console.log(`  ${file.padEnd(44)} ${kb(size).padStart(10)} gzip`);
}
for (const file of css) {
  const size = gz(file);
  cssTotal += size;
  console.log(`  ${file.padEnd(44)} ${kb(size).padStart(10)} gzip`);
}
console.log(`JavaScript total: ${kb(jsTotal)} gzip (budget ${BUDGET_KB} KB)`);
console.log(`CSS total:        ${kb(cssTotal)} gzip`);
if (jsTotal > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(jsTotal - BUDGET_KB * 1024)}`);
  process.exit(1);
}
