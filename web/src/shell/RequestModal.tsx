import { WHATSAPP_PLACEHOLDER, type Messages } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useState, type FormEvent } from 'react';
import { requestSpace } from '../api/endpoints.js';
import { Dialog } from '../ui/Dialog.js';
import '../i18n/parts/request.js';

// The "Request a Property" form, loaded on the first tap that opens it (./request-modal.tsx).

/** What the modal says under the form: a key of the catalog's `request` texts, worded when shown. */
type Feedback = Extract<keyof Messages['request'], 'textRequired' | 'whatsappRequired' | 'success' | 'failure'>;

/** As the server checks it (docs/api.md#support-forms): text non-empty after trimming, WhatsApp non-empty; no format check. */
export function validateRequest(requestText: string, whatsapp: string): Feedback | null {
  if (!requestText.trim()) return 'textRequired';
  if (!whatsapp.trim()) return 'whatsappRequired';
  return null;
}

export function RequestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, m } = useI18n();
  const [requestText, setRequestText] = useState('');
  const [whatsapp, setWhatsapp] = useState('');
  // Kept as a key, so a language switch re-words a message already on screen.
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateRequest(requestText, whatsapp);
    if (problem) return setFeedback(problem);
    setSending(true);
    setFeedback(null);
    try {
      await requestSpace({ requestText: requestText.trim(), whatsapp: whatsapp.trim() });
      setFeedback('success');
      setRequestText('');
      setWhatsapp('');
    } catch {
      setFeedback('failure');
    } finally {
      setSending(false);
    }
  }

  function close() {
    setFeedback(null);
    onClose();
  }

  return (
    <Dialog open={open} title={t('request.title')} onClose={close}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p className="muted">{t('request.intro')}</p>
        <label className="field">
          <span>{t('request.text')}</span>
          <textarea
            data-autofocus
            rows={4}
            value={requestText}
            placeholder={t('request.textPlaceholder')}
            onChange={(e) => setRequestText(e.target.value)}
            maxLength={2000}
          />
        </label>
        <label className="field">
          <span>{t('request.whatsapp')}</span>
          <input type="tel" inputMode="tel" value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} placeholder={WHATSAPP_PLACEHOLDER} />
        </label>
        {feedback ? (
          <p className={feedback === 'success' ? 'form-success' : 'form-error'} role={feedback === 'success' ? 'status' : 'alert'}>
            {m.request[feedback]}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? t('app.sending') : t('request.submit')}
        </button>
      </form>
    </Dialog>
  );
}
