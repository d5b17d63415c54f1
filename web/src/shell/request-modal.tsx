import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

// The form and its texts come with the first tap on "Request a Property" (issue 28: the first screen
// carries nothing that only a tap needs).
const RequestModal = lazy(() => import('./RequestModal.js').then((m) => ({ default: m.RequestModal })));

const OpenContext = createContext<() => void>(() => {});

/** Opens the global "Request a Property" modal (home page, contact page, end of listings). */
export function useRequestModal(): () => void {
  return useContext(OpenContext);
}

export function RequestModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so what the person typed is still there when it opens again.
  const [wanted, setWanted] = useState(false);
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  return (
    <OpenContext.Provider value={show}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <RequestModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </OpenContext.Provider>
  );
}
