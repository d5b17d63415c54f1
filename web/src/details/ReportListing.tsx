import type { PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../session/session.js';
import { useToast } from '../ui/toast.js';
import { useHydrated } from '../ui/useHydrated.js';

/** The form and its dialog: their own chunk, fetched on the first click (ReportDialog.tsx). */
const ReportDialog = lazy(() => import('./ReportDialog.js'));

const REPORTED_KEY = 'mboa.reported';

function reportedHere(): string[] {
  if (typeof window === 'undefined') return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberReported(id: string) {
  try {
    // The newest 200 are plenty for one person; the list never grows without end.
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...reportedHere().filter((r) => r !== id), id].slice(-200)));
  } catch {
    // Private browsing may refuse storage: the server's 409 still says it next time.
  }
}

/**
 * "Report this listing" (docs/api.md#reporting-a-listing): anyone, signed in or not, once per
 * listing. A reason, and a short text that "other" requires; the server's answer (in the language
 * shown) appears as a toast when accepted, or in the dialog when refused.
 */
export function ReportListing({ property }: { property: PropertyRead }) {
  const { t } = useI18n();
  const { user } = useSession();
  const notify = useToast();
  const propertyId = property.id ?? property._id;
  const [open, setOpen] = useState(false);
  // What this device remembers is read once the page is the browser's (a page drawn by the server
  // cannot know it, and both must draw the same first screen).
  const hydrated = useHydrated();
  const [reportedNow, setReported] = useState(false);
  const reported = reportedNow || (hydrated && reportedHere().includes(propertyId));

  // Owners cannot report their own listing (the server says 403): no button for them.
  if (user && user.id === property.author?._id) return null;

  if (reported) {
    return (
      <p className="muted small report-done" role="status">
        {t('report.reported')}
      </p>
    );
  }

  return (
    <>
      <button type="button" className="link-button small report-open" onClick={() => setOpen(true)}>
        {t('report.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            propertyId={propertyId}
            onClose={() => setOpen(false)}
            onDone={({ kind, message }) => {
              rememberReported(propertyId);
              setReported(true);
              setOpen(false);
              notify(kind, message);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
