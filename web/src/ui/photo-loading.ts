/**
 * How an <img> loads: the page's largest paint (the first card, the gallery's first photo) at once
 * and first; every other photo only when near the screen, decoded off the main thread.
 */
export function photoLoading(eager: boolean | undefined) {
  return eager
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
}
