/**
 * Whether the router is between a tap on a link and the new page, read at once rather than after
 * React has drawn the change: a draw may be put off (a busy phone, a transition), and a search
 * address written in that gap would replace the navigation and pull the visitor back to the list.
 */
interface NavigationSource {
  readonly state: { readonly navigation: { readonly state: string } };
  subscribe(listener: (state: { readonly navigation: { readonly state: string } }) => void): () => void;
}

let pending = false;

export function followNavigations(router: NavigationSource): () => void {
  pending = router.state.navigation.state !== 'idle';
  return router.subscribe((state) => {
    pending = state.navigation.state !== 'idle';
  });
}

export const navigationPending = (): boolean => pending;
