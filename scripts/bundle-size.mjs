#!/usr/bin/env node
// Gzipped size of what the browser downloads to show one route of a built app, read from the build
// manifest (`vite build` writes dist/.vite/manifest.json): the entry chunk, the route's own chunk
// when it is lazy, and every chunk they import statically. Exits 1 above the budget (150 KB of JS).
//   node scripts/bundle-size.mjs <app folder> <route source file> [label]
//   e.g. node scripts/bundle-size.mjs web src/pages/Home.tsx "Home route (/)"
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const [appDir, routeSource, label = routeSource] = process.argv.slice(2);
if (!appDir || !routeSource) {
  console.error('usage: node scripts/bundle-size.mjs <app folder> <route source file> [label]');
  process.exit(2);
}
const dist = path.resolve(appDir, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`npx vite build\` in ${appDir}/ first.`);
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
visit(routeSource);

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
let jsTotal = 0;
let cssTotal = 0;
console.log(`${label} downloads:`);
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
