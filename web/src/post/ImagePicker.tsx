import { LIMITS } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useId, useState, type ChangeEvent } from 'react';
import { compressImage } from './compress.js';
import type { PickedImage } from './wizard.js';
import '../i18n/parts/post.js';

interface ImagePickerProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Injected in tests (jsdom has no canvas). */
  compress?: (file: File) => Promise<File>;
}

let counter = 0;

/** What went wrong with a pick, kept as facts and put into words while rendering (so a language switch rewords it). */
type Problem = { kind: 'tooMany' } | { kind: 'typeNotAllowed' } | { kind: 'unreadable'; name: string };

/** Photo picker: compresses each photo, shows previews, lets one be removed, stops at 10. */
export function ImagePicker({ images, onChange, compress = compressImage }: ImagePickerProps) {
  const { t, m } = useI18n();
  const inputId = useId();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [busy, setBusy] = useState(false);
  const max = LIMITS.images.maxCount;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setProblems([]);
    const room = max - images.length;
    const found: Problem[] = [];
    if (files.length > room) found.push({ kind: 'tooMany' });
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const ok = LIMITS.images.allowedMimeTypes.includes(file.type);
      if (!ok && !found.some((p) => p.kind === 'typeNotAllowed')) found.push({ kind: 'typeNotAllowed' });
      return ok;
    });
    setBusy(true);
    const added: PickedImage[] = [];
    for (const file of accepted) {
      try {
        const small = await compress(file);
        added.push({ id: `img-${++counter}`, file: small, previewUrl: URL.createObjectURL(small), originalName: small.name });
      } catch {
        found.push({ kind: 'unreadable', name: file.name });
      }
    }
    setBusy(false);
    if (added.length) onChange([...images, ...added]);
    setProblems(found);
  }

  function remove(id: string) {
    const image = images.find((i) => i.id === id);
    if (image) URL.revokeObjectURL(image.previewUrl);
    onChange(images.filter((i) => i.id !== id));
    setProblems([]);
  }

  const full = images.length >= max;
  const error = problems
    .map((p) =>
      p.kind === 'tooMany' ? m.property.maxImages : p.kind === 'typeNotAllowed' ? m.property.imageTypeNotAllowed : t('post.photoFailed', { name: p.name }),
    )
    .join(' ');
  return (
    <div className="stack">
      <div className={`dropzone${full ? ' disabled' : ''}`}>
        <label htmlFor={inputId} className="btn btn-outline">
          {t('post.addPhotos')}
        </label>
        <input
          id={inputId}
          className="sr-only"
          type="file"
          accept={LIMITS.images.allowedMimeTypes.join(',')}
          multiple
          disabled={full || busy}
          onChange={(event) => void pick(event)}
          data-testid="image-input"
        />
        <p className="muted small">{m.property.imageHint}</p>
        <p className="small" aria-live="polite">
          {busy ? t('post.compressing') : t('post.photosCount', { n: images.length, max })}
        </p>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {images.length ? (
        <ul className="previews">
          {images.map((image, index) => (
            <li key={image.id}>
              <img src={image.previewUrl} alt="" width="120" height="90" />
              <button type="button" className="preview-remove" aria-label={t('post.removePhoto', { n: index + 1 })} onClick={() => remove(image.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
