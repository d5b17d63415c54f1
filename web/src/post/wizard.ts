import {
  advanceMonthsSchema,
  DEFAULT_COUNTRY,
  REQUIRED_SPECIFICATIONS,
  SPECIFICATION_FIELDS,
  type Amenity,
  type GeoPoint,
  type PropertyCategory,
  type SpecificationField,
} from '@mboa/contracts';

export const STEP_COUNT = 8;

/** A picked photo after compression. */
export interface PickedImage {
  id: string;
  file: File;
  previewUrl: string;
  /** The name the person's file had (sent inside the upload name). */
  originalName: string;
}

/** The wizard's form, as typed (numbers stay strings until sent). */
export interface PostForm {
  category: '' | PropertyCategory;
  propertyType: string;
  /** `pin`: optional, the exact place (only the owner and staff ever see it); `landmark`: optional text. */
  location: { country: string; town: string; neighbourhood: string; pin: GeoPoint | null; landmark: string };
  specifications: Record<SpecificationField, string>;
  title: string;
  description: string;
  price: string;
  paymentTerm: string;
  caution: string;
  /** Months of rent due in advance; empty for none. */
  advanceMonths: string;
  availability: 'available' | 'rented';
  amenities: Amenity[];
  images: PickedImage[];
  userId: string;
}

export function emptyForm(userId = ''): PostForm {
  return {
    category: '',
    propertyType: '',
    location: { country: DEFAULT_COUNTRY, town: '', neighbourhood: '', pin: null, landmark: '' },
    specifications: Object.fromEntries(SPECIFICATION_FIELDS.map((f) => [f, ''])) as Record<SpecificationField, string>,
    title: '',
    description: '',
    price: '',
    paymentTerm: '',
    caution: '',
    advanceMonths: '',
    availability: 'available',
    amenities: [],
    images: [],
    userId,
  };
}

const filled = (v: string | undefined) => (v ?? '').trim() !== '';

/** When the post wizard's Continue is enabled, step by step (1-based); steps 6–8 always pass. */
export function canContinue(step: number, form: PostForm): boolean {
  switch (step) {
    case 1:
      return filled(form.category) && filled(form.propertyType);
    case 2:
      return filled(form.location.country) && filled(form.location.town) && filled(form.location.neighbourhood);
    case 3:
      return form.category !== '' && REQUIRED_SPECIFICATIONS[form.category].every((f) => filled(form.specifications[f]));
    case 4:
      return filled(form.title) && filled(form.description);
    case 5:
      return filled(form.price) && filled(form.paymentTerm) && advanceMonthsValid(form.advanceMonths);
    default:
      return true;
  }
}

/** Whether the months of advance as typed are what the server accepts (empty is none). */
export function advanceMonthsValid(typed: string): boolean {
  return advanceMonthsSchema.safeParse(typed).success;
}

/** The first step whose gate is closed, or null when every step passes. */
export function firstBlockedStep(form: PostForm): number | null {
  for (let step = 1; step <= STEP_COUNT; step++) if (!canContinue(step, form)) return step;
  return null;
}

/** Which specification fields the form shows for a category. */
export function specificationFieldsFor(category: PostForm['category']): SpecificationField[] {
  if (category === 'commercial') return ['sections', 'size', 'toilets', 'distanceFromRoad'];
  return ['bedrooms', 'toilets', 'kitchens', 'livingRooms', 'size', 'distanceFromRoad'];
}

/** The file name each photo is uploaded under: `${Date.now()}-${index}-${originalName}`. */
export function uploadName(index: number, originalName: string, now = Date.now()): string {
  return `${now}-${index}-${originalName}`;
}

/** The multipart body of POST /api/property/post, field names exactly as docs/api.md#posting-a-property lists them. */
export function buildFormData(form: PostForm, options: { isAdmin: boolean; now?: number }): FormData {
  const data = new FormData();
  const put = (key: string, value: string) => {
    if (value.trim() !== '') data.append(key, value.trim());
  };
  put('category', form.category);
  put('propertyType', form.propertyType);
  put('title', form.title);
  put('paymentTerm', form.paymentTerm);
  put('price', form.price);
  put('caution', form.caution);
  put('advanceMonths', form.advanceMonths);
  put('description', form.description);
  put('availability', form.availability);
  put('location[country]', form.location.country);
  put('location[town]', form.location.town);
  put('location[neighbourhood]', form.location.neighbourhood);
  // Both coordinates or neither (no pin); the landmark only when written.
  if (form.location.pin) {
    put('location[pin][lat]', String(form.location.pin.lat));
    put('location[pin][lng]', String(form.location.pin.lng));
  }
  put('location[landmark]', form.location.landmark);
  const shown = specificationFieldsFor(form.category);
  for (const field of shown) put(`specifications[${field}]`, form.specifications[field]);
  data.append('amenities', JSON.stringify(form.amenities));
  if (options.isAdmin) put('userId', form.userId);
  // The photos last: the server judges the details (and who may post) before it stores any photo.
  const now = options.now ?? Date.now();
  form.images.forEach((image, index) => data.append('propertyImages', image.file, uploadName(index, image.originalName, now)));
  return data;
}
