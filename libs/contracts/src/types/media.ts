/** One upload handed to `media.images.process`; bytes travel base64-encoded over NATS. */
export interface ImageUpload {
  filename: string;
  mimeType?: string;
  dataBase64: string;
}

export interface ProcessedImageVariant {
  url: string;
  key: string;
  width: number;
  height: number;
  bytes: number;
  mimeType: string;
}

export interface ProcessedImage {
  large: ProcessedImageVariant;
  thumbnail: ProcessedImageVariant;
  alt: string;
}

export interface ProcessImagesRequest {
  ownerId: string;
  propertyId?: string;
  images: ImageUpload[];
}

export interface ProcessImagesReply {
  images: ProcessedImage[];
}
