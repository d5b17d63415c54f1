import { LIMITS, type PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { addListingPhotos } from '../api/endpoints.js';
import { useToast } from '../ui/toast.js';
import { compressImage } from './compress.js';
import { uploadName } from './wizard.js';
import '../i18n/parts/listings.js';

/**
 * My Listings' "Add photos" (docs/api.md#adding-photos-to-a-listing): for a listing posted without
 * photos, or by staff for an owner without a smartphone, photos taken later. They are shrunk on the
 * phone like the post wizard's, go after the listing's own, and never past LIMITS.images.maxCount.
 * `onAdded` gets the listing as the server answered it.
 */
export function AddPhotosButton({
  property,
  disabled = false,
  onAdded,
}: {
  property: PropertyRead;
  disabled?: boolean;
  onAdded: (updated: PropertyRead) => void;
}) {
  const { t, m } = useI18n();
  const notify = useToast();
  const inputId = useId();
  const [progress, setProgress] = useState(0);
  const room = LIMITS.images.maxCount - (property.propertyImages?.length ?? 0);
  const add = useMutation({
    mutationFn: async (files: File[]) => {
      setProgress(0);
      const shrunk = await Promise.all(files.map((file) => compressImage(file).catch(() => file)));
      const form = new FormData();
      const now = Date.now();
      shrunk.forEach((file, index) => form.append('propertyImages', file, uploadName(index, file.name, now)));
      return addListingPhotos(property.id ?? property._id, form, setProgress);
    },
    onSuccess: (result) => {
      notify('success', result.message);
      onAdded(result.property);
    },
    onError: (error) => notify('error', error instanceof Error && error.message ? error.message : m.property.submitFailed),
  });

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same files may be picked again after a refusal.
    event.target.value = '';
    if (files.length === 0) return;
    if (files.length > room) return notify('error', m.property.maxImages);
    add.mutate(files);
  }

  if (room <= 0) {
    return (
      <button type="button" className="btn btn-outline btn-sm" disabled title={t('listings.photosFull', { max: LIMITS.images.maxCount })}>
        {t('listings.addPhotos')}
      </button>
    );
  }
  const busy = disabled || add.isPending;
  return (
    <>
      <label htmlFor={inputId} className={`btn btn-outline btn-sm${busy ? ' disabled' : ''}`} aria-disabled={busy}>
        {add.isPending ? t('listings.addingPhotos', { percent: progress }) : t('listings.addPhotos')}
      </label>
      <input
        id={inputId}
        type="file"
        accept={LIMITS.images.allowedMimeTypes.join(',')}
        multiple
        className="sr-only"
        disabled={busy}
        onChange={picked}
      />
    </>
  );
}
