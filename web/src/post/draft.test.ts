import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, hasContent, loadDraft, saveDraft, type DraftStorage } from './draft.js';
import { emptyForm, type PostForm } from './wizard.js';

/** IndexedDB's part, in memory (jsdom has no IndexedDB); the browser test uses the real one. */
function memoryStorage(): DraftStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (key) => Promise.resolve(data.get(key)),
    set: (key, value) => Promise.resolve(void data.set(key, value)),
    del: (key) => Promise.resolve(void data.delete(key)),
  };
}

const preview = (file: File) => `blob:preview/${file.name}`;

function typed(patch: Partial<PostForm> = {}): PostForm {
  return {
    ...emptyForm(),
    category: 'residential',
    propertyType: 'studio',
    location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: null, landmark: '' },
    title: 'Studio near the university',
    ...patch,
  };
}

describe('the post draft kept on the device', () => {
  it('comes back with its fields, its photos (type, name, bytes) and its step, for the account that made it only', async () => {
    const storage = memoryStorage();
    const photo = new File(['jpeg bytes'], 'room.webp', { type: 'image/webp' });
    const form = typed({ images: [{ id: 'img-1', file: photo, previewUrl: 'blob:old', originalName: 'IMG_0042.jpg' }] });
    await saveDraft('owner-1', { form, step: 3 }, storage);

    expect(await loadDraft('owner-2', storage, preview)).toBeNull();
    const draft = await loadDraft('owner-1', storage, preview);
    expect(draft?.step).toBe(3);
    expect(draft?.form.title).toBe('Studio near the university');
    expect(draft?.form.location).toEqual({ country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: null, landmark: '' });
    const [image] = draft?.form.images ?? [];
    expect(image?.originalName).toBe('IMG_0042.jpg');
    expect(image?.file.name).toBe('room.webp');
    expect(image?.file.type).toBe('image/webp');
    expect(await image?.file.text()).toBe('jpeg bytes');
    expect(image?.previewUrl).toBe('blob:preview/room.webp');
  });

  it('opens at the first step whose fields are missing, never past it', async () => {
    const storage = memoryStorage();
    await saveDraft('owner-1', { form: typed(), step: 7 }, storage);
    // Step 3 (specifications) is not filled: the wizard would not let the person past it.
    expect((await loadDraft('owner-1', storage, preview))?.step).toBe(3);
  });

  it('is not kept for an untouched form, and is gone once cleared (after posting, or Start over)', async () => {
    const storage = memoryStorage();
    expect(hasContent(emptyForm())).toBe(false);
    expect(hasContent(typed())).toBe(true);
    await saveDraft('owner-1', { form: typed(), step: 2 }, storage);
    await saveDraft('owner-1', { form: emptyForm(), step: 1 }, storage);
    expect(storage.data.has(draftKey('owner-1'))).toBe(false);

    await saveDraft('owner-1', { form: typed(), step: 2 }, storage);
    await clearDraft('owner-1', storage);
    expect(await loadDraft('owner-1', storage, preview)).toBeNull();
  });

  it('ignores a copy it cannot read', async () => {
    const storage = memoryStorage();
    storage.data.set(draftKey('owner-1'), { version: 99 });
    expect(await loadDraft('owner-1', storage, preview)).toBeNull();
  });
});

describe('the Idempotency-Key kept with the post draft', () => {
  it('comes back with the draft, so a reload after a lost answer sends the same key and photo names', async () => {
    const storage = memoryStorage();
    const submission = { key: '0f1e2d3c-4b5a-4968-8776-655443322110', at: 1_790_000_000_000 };
    await saveDraft('owner-1', { form: typed(), step: 8, submission }, storage);
    expect((await loadDraft('owner-1', storage, preview))?.submission).toEqual(submission);
  });

  it('is none for a draft not yet sent, one kept before keys existed, or a damaged one', async () => {
    const storage = memoryStorage();
    await saveDraft('owner-1', { form: typed(), step: 2 }, storage);
    expect((await loadDraft('owner-1', storage, preview))?.submission).toBeNull();
    const stored = storage.data.get(draftKey('owner-1')) as Record<string, unknown>;
    storage.data.set(draftKey('owner-1'), { ...stored, submission: { key: '', at: 'yesterday' } });
    expect((await loadDraft('owner-1', storage, preview))?.submission).toBeNull();
  });

  it('goes with the draft once the listing is made (cleared): the next post gets a new key', async () => {
    const storage = memoryStorage();
    await saveDraft('owner-1', { form: typed(), step: 8, submission: { key: 'k1', at: 1 } }, storage);
    await clearDraft('owner-1', storage);
    expect(await loadDraft('owner-1', storage, preview)).toBeNull();
  });
});
