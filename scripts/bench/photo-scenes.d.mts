// Types of photo-scenes.mjs, for the TypeScript tests that use it.
export declare const SCENE_WIDTH: number;
export declare const SCENE_HEIGHT: number;
/** Scene `seed` as a camera-like JPEG of SCENE_WIDTH × SCENE_HEIGHT: the same picture for the same seed. */
export declare function scenePhoto(seed: number): Promise<Buffer>;
export type PhotoEdit =
  | 're-encoded (JPEG q85)'
  | 'resized to 50 %'
  | 'cropped 10 % (5 % off each edge)'
  | 'cropped 10 % off each edge'
  | 'recompressed at quality 40'
  | 'WebP q60'
  | 'resized 50 % + quality 40'
  | 'all four (re-encode, 50 %, crop 5 % each edge, q40)'
  | 'all four, crop 10 % off each edge'
  | 'mirrored (left to right)'
  | 'rotated 90°'
  | 'rotated 180°'
  | 'rotated 270°'
  | 'mirrored + 50 % + quality 40';
export declare const PHOTO_EDITS: Record<PhotoEdit, unknown>;
/** `photo` after the named edit, as the file a copier would upload. */
export declare function editedPhoto(photo: Buffer, edit: PhotoEdit): Promise<Buffer>;
