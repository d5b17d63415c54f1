// Seeded, photo-like test pictures made with sharp (no internet and no stock photos here), and the
// edits a scammer's copy of a listing photo goes through. Used by the photo-hash threshold bench
// (scripts/bench/photo-hash-threshold.mjs) and by the reused-photo tests
// (gateway/src/__tests__/photo-matches.e2e.test.ts). Types: photo-scenes.d.mts.
import sharp from 'sharp';

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1200;

/** mulberry32: small, fast, and the same numbers for the same seed on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Molyko', 'Bonamoussadi', 'Bastos', 'Akwa', 'STUDIO', 'À LOUER', 'Boutique', 'Chambre', 'Résidence', 'Pharmacie', 'Quincaillerie', 'Mboa', 'Salon', 'Cuisine'];

/**
 * One scene as SVG: a lit background (wall, sky or floor gradient), the large blocks of a room or a
 * street (walls, floor, windows, doors, furniture), smaller shapes, and sometimes a sign with text.
 * Every choice comes from `seed`, so scene n is the same picture on every run.
 */
function sceneSvg(seed) {
  const r = random(seed * 7919 + 17);
  const int = (lo, hi) => Math.floor(lo + r() * (hi - lo + 1));
  const colour = (light = [20, 235]) => `rgb(${int(...light)},${int(...light)},${int(...light)})`;
  const W = SCENE_WIDTH;
  const H = SCENE_HEIGHT;
  const parts = [];
  const angle = int(0, 359);
  parts.push(
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">` +
      `<stop offset="0" stop-color="${colour()}"/><stop offset="${(0.3 + r() * 0.4).toFixed(2)}" stop-color="${colour()}"/>` +
      `<stop offset="1" stop-color="${colour()}"/></linearGradient>` +
      `<radialGradient id="light" cx="${r().toFixed(2)}" cy="${r().toFixed(2)}" r="${(0.3 + r() * 0.5).toFixed(2)}">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="${(0.2 + r() * 0.5).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
  );
  // A floor or ground line somewhere in the lower half, as most room and street photos have.
  const horizon = int(H * 0.45, H * 0.8);
  parts.push(`<polygon points="0,${horizon} ${W},${horizon + int(-120, 120)} ${W},${H} 0,${H}" fill="${colour()}" opacity="0.85"/>`);
  for (let i = int(3, 7); i > 0; i--) {
    // Big blocks: walls, doors, windows, wardrobes, a parked car.
    const w = int(W * 0.08, W * 0.45);
    const h = int(H * 0.12, H * 0.6);
    parts.push(`<rect x="${int(-w / 3, W - w / 2)}" y="${int(0, H - h / 2)}" width="${w}" height="${h}" rx="${int(0, 30)}" fill="${colour()}" opacity="${(0.6 + r() * 0.4).toFixed(2)}"/>`);
  }
  for (let i = int(4, 14); i > 0; i--) {
    const kind = int(0, 3);
    const fill = colour([0, 255]);
    if (kind === 0) parts.push(`<ellipse cx="${int(0, W)}" cy="${int(0, H)}" rx="${int(20, 260)}" ry="${int(20, 200)}" fill="${fill}" opacity="${(0.5 + r() * 0.5).toFixed(2)}"/>`);
    else if (kind === 1) {
      const cx = int(0, W);
      const cy = int(0, H);
      const points = Array.from({ length: int(3, 6) }, () => `${cx + int(-250, 250)},${cy + int(-200, 200)}`).join(' ');
      parts.push(`<polygon points="${points}" fill="${fill}" opacity="${(0.5 + r() * 0.5).toFixed(2)}"/>`);
    } else if (kind === 2) parts.push(`<line x1="${int(0, W)}" y1="${int(0, H)}" x2="${int(0, W)}" y2="${int(0, H)}" stroke="${fill}" stroke-width="${int(4, 40)}"/>`);
    else parts.push(`<rect x="${int(0, W)}" y="${int(0, H)}" width="${int(30, 300)}" height="${int(30, 300)}" fill="${fill}" transform="rotate(${int(-30, 30)})"/>`);
  }
  if (r() < 0.6) {
    const x = int(40, W * 0.55);
    const y = int(100, H * 0.7);
    const size = int(50, 140);
    const word = WORDS[int(0, WORDS.length - 1)];
    parts.push(
      `<rect x="${x - 20}" y="${y - size}" width="${Math.round(word.length * size * 0.62) + 40}" height="${Math.round(size * 1.35)}" fill="${colour()}"/>`,
      `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="${colour()}">${word}</text>`,
    );
  }
  parts.push(`<rect width="${W}" height="${H}" fill="url(#light)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
}

/** Seeded grain at a quarter of the size, scaled up: texture of walls, fabric, camera noise. */
function grain(seed, strength) {
  const r = random(seed * 104729 + 3);
  const w = SCENE_WIDTH / 4;
  const h = SCENE_HEIGHT / 4;
  const pixels = Buffer.alloc(w * h * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + Math.round((r() - 0.5) * 2 * strength);
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } }).resize(SCENE_WIDTH, SCENE_HEIGHT, { kernel: 'cubic' }).png().toBuffer();
}

/** Scene `seed` as a camera-like JPEG (quality 92) of 1600 × 1200: what an owner uploads. */
export async function scenePhoto(seed) {
  const noise = await grain(seed, 20 + (seed % 5) * 12);
  return sharp(Buffer.from(sceneSvg(seed)))
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** What a copier does to a photo before re-posting it (the edits the issue names, and their mixes). */
export const PHOTO_EDITS = {
  're-encoded (JPEG q85)': (img) => img.jpeg({ quality: 85 }),
  'resized to 50 %': (img, m) => img.resize(Math.round(m.width / 2)).jpeg({ quality: 85 }),
  'cropped 10 % (5 % off each edge)': (img, m) => img.extract(cropBox(m, 0.05)).jpeg({ quality: 85 }),
  'cropped 10 % off each edge': (img, m) => img.extract(cropBox(m, 0.1)).jpeg({ quality: 85 }),
  'recompressed at quality 40': (img) => img.jpeg({ quality: 40 }),
  'WebP q60': (img) => img.webp({ quality: 60 }),
  'resized 50 % + quality 40': (img, m) => img.resize(Math.round(m.width / 2)).jpeg({ quality: 40 }),
  'all four (re-encode, 50 %, crop 5 % each edge, q40)': (img, m) =>
    img.extract(cropBox(m, 0.05)).resize(Math.round(m.width * 0.45)).jpeg({ quality: 40 }),
  'all four, crop 10 % off each edge': (img, m) => img.extract(cropBox(m, 0.1)).resize(Math.round(m.width * 0.4)).jpeg({ quality: 40 }),
  // Turned as a copier turns a photo to dodge a match (media's PHOTO_HASH_TURNS).
  'mirrored (left to right)': (img) => img.flop().jpeg({ quality: 85 }),
  'rotated 90°': (img) => img.rotate(90).jpeg({ quality: 85 }),
  'rotated 180°': (img) => img.rotate(180).jpeg({ quality: 85 }),
  'rotated 270°': (img) => img.rotate(270).jpeg({ quality: 85 }),
  'mirrored + 50 % + quality 40': (img, m) => img.flop().resize(Math.round(m.width / 2)).jpeg({ quality: 40 }),
};

function cropBox(m, fraction) {
  const left = Math.round(m.width * fraction);
  const top = Math.round(m.height * fraction);
  return { left, top, width: m.width - 2 * left, height: m.height - 2 * top };
}

/** `photo` after the named edit of PHOTO_EDITS, as the JPEG (or WebP) file a copier would upload. */
export async function editedPhoto(photo, edit) {
  const image = sharp(photo);
  const { width, height } = await image.metadata();
  return PHOTO_EDITS[edit](image, { width, height }).toBuffer();
}
