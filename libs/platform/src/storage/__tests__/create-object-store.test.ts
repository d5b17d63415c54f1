import path from 'node:path';
import { createDocumentStore, createObjectStore, LocalFileStore, MinioObjectStore, ObjectStoreConfigError } from '../index.js';

describe('createObjectStore', () => {
  it('uses local files under .data/objects without S3_ENDPOINT', () => {
    const store = createObjectStore({});
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe(path.resolve('.data/objects'));
  });

  it('honours MEDIA_DIR', () => {
    const store = createObjectStore({ MEDIA_DIR: '/tmp/somewhere' });
    expect((store as LocalFileStore).root).toBe('/tmp/somewhere');
  });

  it('uses MinIO when S3_ENDPOINT is set, with mboa-media as default bucket', () => {
    const store = createObjectStore({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' });
    expect(store).toBeInstanceOf(MinioObjectStore);
    expect((store as MinioObjectStore).bucket).toBe('mboa-media');
    const named = createObjectStore({ S3_ENDPOINT: 'https://s3.example.cm', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b', S3_BUCKET: 'photos' });
    expect((named as MinioObjectStore).bucket).toBe('photos');
  });

  it('refuses S3_ENDPOINT without keys', () => {
    expect(() => createObjectStore({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ObjectStoreConfigError);
    expect(() => createObjectStore({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a' })).toThrow(/S3_SECRET_KEY/);
  });
});

describe('createDocumentStore', () => {
  it('keeps identity and control documents apart from the photos: .data/documents, or DOCUMENTS_DIR, never MEDIA_DIR', () => {
    expect((createDocumentStore({}) as LocalFileStore).root).toBe(path.resolve('.data/documents'));
    expect((createDocumentStore({ MEDIA_DIR: '/tmp/photos' }) as LocalFileStore).root).toBe(path.resolve('.data/documents'));
    expect((createDocumentStore({ DOCUMENTS_DIR: '/tmp/papers' }) as LocalFileStore).root).toBe('/tmp/papers');
  });

  it('uses its own bucket on the same S3 server: mboa-documents, or S3_DOCUMENTS_BUCKET, never S3_BUCKET', () => {
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b', S3_BUCKET: 'photos' };
    expect((createDocumentStore(s3) as MinioObjectStore).bucket).toBe('mboa-documents');
    expect((createDocumentStore({ ...s3, S3_DOCUMENTS_BUCKET: 'papers' }) as MinioObjectStore).bucket).toBe('papers');
    expect(() => createDocumentStore({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ObjectStoreConfigError);
  });
});
