/**
 * The cache keys of what the pages read, in one place so a change can invalidate every read it
 * affects: a listing's status or its deletion changes the search, its details page, the owner's
 * list and the profile's count.
 */
export const PROPERTIES_KEY = ['properties'] as const;
export const SEARCH_KEY = [...PROPERTIES_KEY, 'search'] as const;
export const propertyKey = (id: string) => [...PROPERTIES_KEY, 'one', id] as const;
/** The details page's similar listings: under PROPERTIES_KEY, so a change to any listing reads them again. */
export const similarKey = (id: string) => [...PROPERTIES_KEY, 'similar', id] as const;
export const MY_LISTINGS_KEY = ['my-listings'] as const;
export const PROFILE_KEY = ['profile'] as const;
