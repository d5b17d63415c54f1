import { PropertyPostController } from '../uploads/property-post.controller.js';
import { PropertyPhotosController } from '../uploads/property-photos.controller.js';
import { PhotoPipeline } from '../uploads/photo-pipeline.js';
import { MediaFilesController } from './media-files.controller.js';
import { UploadGuard } from '../uploads/upload-guard.js';
import { objectStoreProvider } from './object-store.provider.js';

/** Photo uploads (POST /api/property/post, POST /api/properties/:id/photos) and /media files (registered in app.module.ts). */
export const MEDIA_CONTROLLERS = [PropertyPostController, PropertyPhotosController, MediaFilesController];
export const MEDIA_PROVIDERS = [objectStoreProvider, UploadGuard, PhotoPipeline];
