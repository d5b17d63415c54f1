import type { SpecificationField } from '@mboa/contracts';
import type { TFunction } from '@mboa/web-core';
import type { PostForm } from '../wizard.js';
import '../../i18n/parts/post.js';

/** A specification's label: a commercial space's distance from the road is in metres, a home's in minutes. */
export function specificationLabel(field: SpecificationField, category: PostForm['category'], t: TFunction): string {
  switch (field) {
    case 'bedrooms':
      return t('post.bedrooms');
    case 'toilets':
      return t('post.toilets');
    case 'kitchens':
      return t('post.kitchens');
    case 'livingRooms':
      return t('post.livingRooms');
    case 'sections':
      return t('post.sections');
    case 'size':
      return t('post.size');
    case 'distanceFromRoad':
      return category === 'commercial' ? t('post.distanceMeters') : t('post.distanceMinutes');
  }
}

/** A property type's label; a type the catalog does not know is shown as stored. */
export function propertyTypeLabel(type: string, t: TFunction): string {
  return t(`labels.propertyType.${type}`, { defaultValue: type });
}
