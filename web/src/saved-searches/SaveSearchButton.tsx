import { useI18n } from '@mboa/web-core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Filters } from '../home/filters.js';
import { useSession } from '../session/session.js';

/**
 * "Save this search" beside the home results: saves the filters on screen (the search text as
 * typed, and in the map view the box on screen) and says the name it was saved under. Signed out, it goes to log in and comes back here.
 * What the save does is loaded on the first tap (./save.ts), so the home page's first visit
 * carries only the button.
 */
export function SaveSearchButton({ filters, bbox }: { filters: Filters; bbox?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user, rememberRedirect } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    if (!user) {
      rememberRedirect('/', { force: true });
      void navigate('/login');
      return;
    }
    setBusy(true);
    setOutcome(null);
    setOutcome(await (await import('./save.js')).saveHomeSearch(filters, t, bbox));
    setBusy(false);
  }

  return (
    // Laid out inline: the results bar's own styles apply, and no stylesheet grows the first visit.
    <div style={{ marginLeft: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem', justifyContent: 'flex-end' }}>
      <button type="button" className="btn btn-outline" onClick={() => void save()} disabled={busy}>
        {t(busy ? 'savedSearches.saving' : 'savedSearches.save')}
      </button>
      {outcome ? (
        <p className={outcome.ok ? '' : 'form-error'} role={outcome.ok ? 'status' : 'alert'} style={{ margin: 0, flexBasis: '100%', textAlign: 'end' }}>
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
