import { LIMITS } from '@mboa/contracts';

/**
 * Shrinks a photo in the browser before upload (`LIMITS.images`: about 0.1 MB, long side at most
 * 1024 px), so a landlord on mobile data sends ~100 KB instead of a 4 MB camera file.
 */
export interface CompressOptions {
  maxDimension?: number;
  targetBytes?: number;
}

const QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4];

async function decode(file: File): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      /* fall back to an <img> element below */
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return Object.assign(img, { width: img.naturalWidth, height: img.naturalHeight });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export function scaledSize(width: number, height: number, maxDimension: number): { width: number; height: number } {
  const scale = Math.min(1, maxDimension / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

export async function compressImage(file: File, options: CompressOptions = {}): Promise<File> {
  const maxDimension = options.maxDimension ?? LIMITS.images.maxDimension;
  const targetBytes = options.targetBytes ?? LIMITS.images.compressionTargetMb * 1024 * 1024;
  const source = await decode(file);
  let { width, height } = scaledSize(source.width, source.height, maxDimension);

  const alreadySmall =
    file.size <= targetBytes && width === source.width && height === source.height && /^image\/(jpeg|webp)$/.test(file.type);
  if (alreadySmall) return file;

  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;

  let best: Blob | null = null;
  for (let round = 0; round < 4; round++) {
    canvas.width = width;
    canvas.height = height;
    // White under transparent PNG/GIF pixels, which JPEG cannot keep.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(source, 0, 0, width, height);
    for (const quality of QUALITIES) {
      let blob = await toBlob(canvas, 'image/webp', quality);
      // Browsers without WebP encoding hand back PNG: use JPEG then.
      if (!blob || blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg', quality);
      if (!blob) continue;
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= targetBytes) return new File([blob], renamed(file.name, blob.type), { type: blob.type });
    }
    width = Math.max(1, Math.round(width * 0.8));
    height = Math.max(1, Math.round(height * 0.8));
  }
  if ('close' in source && typeof source.close === 'function') source.close();
  return best ? new File([best], renamed(file.name, best.type), { type: best.type }) : file;
}
