import { PropertyPostController } from '../uploads/property-post.controller.js';
import { MediaFilesController } from './media-files.controller.js';
import { UploadGuard } from '../uploads/upload-guard.js';
import { objectStoreProvider } from './object-store.provider.js';

/** Photo uploads (POST /api/property/post) and /media files (registered in app.module.ts). */
export const MEDIA_CONTROLLERS = [PropertyPostController, MediaFilesController];
export const MEDIA_PROVIDERS = [objectStoreProvider, UploadGuard];
