import { AMENITIES, LIMITS, PAYMENT_TERMS, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '@mboa/contracts';
import type { OpenApiSchema } from '../docs/json-schema.js';

const number = (description: string) => ({ type: 'number', minimum: 0, description });

/** POST /api/property/post as clients send it (docs/api.md#posting-a-property): flat multipart fields, nested names in brackets. */
export const PROPERTY_POST_MULTIPART: OpenApiSchema = {
  type: 'object',
  required: ['category', 'propertyType', 'title', 'description', 'price', 'paymentTerm', 'location[town]', 'location[neighbourhood]'],
  properties: {
    category: { type: 'string', enum: [...PROPERTY_CATEGORIES] },
    propertyType: { type: 'string', enum: [...PROPERTY_TYPES] },
    title: { type: 'string', maxLength: LIMITS.property.titleMax },
    paymentTerm: { type: 'string', enum: [...PAYMENT_TERMS] },
    price: number('FCFA'),
    caution: number('Security deposit, FCFA'),
    advanceMonths: {
      type: 'integer',
      minimum: 0,
      maximum: LIMITS.property.advanceMonthsMax,
      default: 0,
      description: 'Months of rent due before moving in (the advance), whole months',
    },
    description: { type: 'string', maxLength: LIMITS.property.descriptionMax },
    availability: { type: 'string', enum: ['available', 'rented'], default: 'available' },
    'location[country]': { type: 'string', default: 'Cameroon' },
    'location[town]': { type: 'string' },
    'location[neighbourhood]': { type: 'string' },
    'specifications[bedrooms]': number('Residential'),
    'specifications[toilets]': number(''),
    'specifications[kitchens]': number('Residential'),
    'specifications[livingRooms]': number('Residential'),
    'specifications[size]': number('Square meters'),
    'specifications[distanceFromRoad]': number('Minutes (residential) or meters (commercial)'),
    'specifications[sections]': number('Commercial'),
    amenities: { type: 'string', description: `JSON list, e.g. ["water","parking"]; known: ${AMENITIES.join(', ')}` },
    userId: { type: 'string', description: 'Admins only: post on behalf of this landlord or caretaker' },
    propertyImages: {
      type: 'array',
      maxItems: LIMITS.images.maxCount,
      items: { type: 'string', format: 'binary' },
      description:
        `Repeated; at most ${LIMITS.images.maxCount}, each at most ${LIMITS.images.maxBytes / 1024 / 1024} MB, ` +
        'JPEG, PNG, GIF or WebP by content. Named `${timestamp}-${index}-${originalName}`; kept in the order sent.',
    },
  },
} as const;

/** POST /api/properties/{id}/photos (docs/api.md#adding-photos-to-a-listing): only the photos. */
export const PROPERTY_PHOTOS_MULTIPART: OpenApiSchema = {
  type: 'object',
  required: ['propertyImages'],
  properties: {
    propertyImages: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.images.maxCount,
      items: { type: 'string', format: 'binary' },
      description:
        `Repeated; 1 to ${LIMITS.images.maxCount} less the photos the listing has, each at most ${LIMITS.images.maxBytes / 1024 / 1024} MB, ` +
        'JPEG, PNG, GIF or WebP by content; they go after the listing\'s own photos, in the order sent.',
    },
  },
} as const;
