import type { SpecificationField } from '@mboa/contracts';
import { t } from '../../i18n/index.js';
import type { PostForm } from '../wizard.js';

const specLabel: Record<SpecificationField, string> = {
  bedrooms: t.post.bedrooms,
  toilets: t.post.toilets,
  kitchens: t.post.kitchens,
  livingRooms: t.post.livingRooms,
  sections: t.post.sections,
  size: t.post.size,
  distanceFromRoad: t.post.distanceMinutes,
};

/** A specification's label: a commercial space's distance from the road is in metres, a home's in minutes. */
export function specificationLabel(field: SpecificationField, category: PostForm['category']): string {
  return field === 'distanceFromRoad' && category === 'commercial' ? t.post.distanceMeters : specLabel[field];
}

export const propertyTypeLabels = t.labels.propertyType as Record<string, string>;
