import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { emptyForm, firstBlockedStep, STEP_COUNT, type PickedImage, type PostForm } from './wizard.js';

/**
 * A post in progress, kept on the device (IndexedDB) until it is posted: its text fields, the step
 * reached and the chosen photos as they will be uploaded (already compressed), so a reload, a
 * closed tab or a dropped connection loses nothing. One draft per signed-in account on the device.
 */
export interface DraftStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

interface StoredPhoto {
  blob: Blob;
  name: string;
  type: string;
  originalName: string;
}
interface StoredDraft {
  version: 1;
  savedAt: number;
  step: number;
  form: Omit<PostForm, 'images'>;
  photos: StoredPhoto[];
  /** Absent in drafts kept before keys existed: they are sent under a new one. */
  submission?: Submission;
}

/**
 * The sending of this draft, once the landlord pressed Post (docs/api.md#idempotency-key): its
 * Idempotency-Key and the time its photos are named after. Kept with the draft, so every send of
 * it, after a lost answer, a reload or another day, is the same request and makes one listing.
 */
export interface Submission {
  key: string;
  at: number;
}

export interface Draft {
  form: PostForm;
  step: number;
  submission?: Submission | null;
}

function isSubmission(value: unknown): value is Submission {
  const s = value as Partial<Submission> | null | undefined;
  return typeof s?.key === 'string' && s.key !== '' && typeof s.at === 'number' && Number.isFinite(s.at);
}

export const draftKey = (userId: string) => `post-draft:${userId}`;

let store: UseStore | undefined;
/** The browser's IndexedDB (opened on first use: only the post page ever touches it). */
export function deviceStorage(): DraftStorage {
  store ??= createStore('mboa-drafts', 'drafts');
  const db = store;
  return { get: (key) => get(key, db), set: (key, value) => set(key, value, db), del: (key) => del(key, db) };
}

/** Whether anything was typed or chosen (an untouched form is no draft). */
export function hasContent(form: PostForm): boolean {
  const { images, ...fields } = form;
  const { images: _none, ...empty } = emptyForm(form.userId);
  return images.length > 0 || JSON.stringify(fields) !== JSON.stringify(empty);
}

/** Keeps the draft of `userId`; an untouched form removes it. */
export async function saveDraft(userId: string, draft: Draft, storage: DraftStorage = deviceStorage()): Promise<void> {
  if (!hasContent(draft.form)) return storage.del(draftKey(userId));
  const { images, ...form } = draft.form;
  const stored: StoredDraft = {
    version: 1,
    savedAt: Date.now(),
    step: draft.step,
    form,
    photos: images.map((image) => ({ blob: image.file, name: image.file.name, type: image.file.type, originalName: image.originalName })),
    ...(draft.submission ? { submission: draft.submission } : {}),
  };
  await storage.set(draftKey(userId), stored);
}

/**
 * The draft `userId` left on this device, photos included (each with a fresh preview address from
 * `preview`), at a step its fields can reach; null when there is none or it cannot be read.
 */
export async function loadDraft(
  userId: string,
  storage: DraftStorage = deviceStorage(),
  preview: (file: File) => string = (file) => URL.createObjectURL(file),
): Promise<Draft | null> {
  const stored = (await storage.get(draftKey(userId))) as Partial<StoredDraft> | undefined;
  if (!stored || stored.version !== 1 || !stored.form || !Array.isArray(stored.photos)) return null;
  const empty = emptyForm(stored.form.userId ?? '');
  const images: PickedImage[] = stored.photos
    .filter((photo) => photo.blob instanceof Blob)
    .map((photo, index) => {
      const file = new File([photo.blob], photo.name, { type: photo.type });
      return { id: `draft-${stored.savedAt ?? 0}-${index}`, file, previewUrl: preview(file), originalName: photo.originalName };
    });
  const form: PostForm = {
    ...empty,
    ...stored.form,
    location: { ...empty.location, ...stored.form.location },
    specifications: { ...empty.specifications, ...stored.form.specifications },
    images,
  };
  const wanted = Math.min(Math.max(1, Math.trunc(Number(stored.step)) || 1), STEP_COUNT);
  const blocked = firstBlockedStep(form);
  return {
    form,
    step: blocked === null ? wanted : Math.min(wanted, blocked),
    submission: isSubmission(stored.submission) ? { key: stored.submission.key, at: stored.submission.at } : null,
  };
}

export async function clearDraft(userId: string, storage: DraftStorage = deviceStorage()): Promise<void> {
  await storage.del(draftKey(userId));
}
