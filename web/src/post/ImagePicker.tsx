import { LIMITS, MESSAGES } from '@mboa/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { t } from '../i18n/index.js';
import { compressImage } from './compress.js';
import type { PickedImage } from './wizard.js';

interface ImagePickerProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Injected in tests (jsdom has no canvas). */
  compress?: (file: File) => Promise<File>;
}

let counter = 0;

/** Photo picker: compresses each photo, shows previews, lets one be removed, stops at 10. */
export function ImagePicker({ images, onChange, compress = compressImage }: ImagePickerProps) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = LIMITS.images.maxCount;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    const room = max - images.length;
    const problems: string[] = [];
    if (files.length > room) problems.push(MESSAGES.property.maxImages);
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const ok = LIMITS.images.allowedMimeTypes.includes(file.type);
      if (!ok && !problems.includes(MESSAGES.property.imageTypeNotAllowed)) problems.push(MESSAGES.property.imageTypeNotAllowed);
      return ok;
    });
    setBusy(true);
    const added: PickedImage[] = [];
    for (const file of accepted) {
      try {
        const small = await compress(file);
        added.push({ id: `img-${++counter}`, file: small, previewUrl: URL.createObjectURL(small), originalName: small.name });
      } catch {
        problems.push(t.post.photoFailed(file.name));
      }
    }
    setBusy(false);
    if (added.length) onChange([...images, ...added]);
    if (problems.length) setError(problems.join(' '));
  }

  function remove(id: string) {
    const image = images.find((i) => i.id === id);
    if (image) URL.revokeObjectURL(image.previewUrl);
    onChange(images.filter((i) => i.id !== id));
    setError(null);
  }

  const full = images.length >= max;
  return (
    <div className="stack">
      <div className={`dropzone${full ? ' disabled' : ''}`}>
        <label htmlFor={inputId} className="btn btn-outline">
          {t.post.addPhotos}
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
        <p className="muted small">{t.property.imageHint}</p>
        <p className="small" aria-live="polite">
          {busy ? t.post.compressing : t.post.photosCount(images.length, max)}
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
              <button type="button" className="preview-remove" aria-label={t.post.removePhoto(index + 1)} onClick={() => remove(image.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
