import { MESSAGES, WHATSAPP_PLACEHOLDER } from '@mboa/contracts';
import { createContext, useCallback, useContext, useState, type FormEvent, type ReactNode } from 'react';
import { requestSpace } from '../api/endpoints.js';
import { t } from '../i18n/index.js';
import { Dialog } from '../ui/Dialog.js';

const OpenContext = createContext<() => void>(() => {});

/** Opens the global "Request a Property" modal (home page, contact page, end of listings). */
export function useRequestModal(): () => void {
  return useContext(OpenContext);
}

/** As the server checks it (docs/api.md#support-forms): text non-empty after trimming, WhatsApp non-empty; no format check. */
export function validateRequest(requestText: string, whatsapp: string): string | null {
  if (!requestText.trim()) return MESSAGES.request.textRequired;
  if (!whatsapp.trim()) return MESSAGES.request.whatsappRequired;
  return null;
}

export function RequestModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <OpenContext.Provider value={show}>
      {children}
      <RequestModal open={open} onClose={() => setOpen(false)} />
    </OpenContext.Provider>
  );
}

export function RequestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [requestText, setRequestText] = useState('');
  const [whatsapp, setWhatsapp] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateRequest(requestText, whatsapp);
    if (problem) return setFeedback({ ok: false, text: problem });
    setSending(true);
    setFeedback(null);
    try {
      await requestSpace({ requestText: requestText.trim(), whatsapp: whatsapp.trim() });
      setFeedback({ ok: true, text: MESSAGES.request.success });
      setRequestText('');
      setWhatsapp('');
    } catch {
      setFeedback({ ok: false, text: MESSAGES.request.failure });
    } finally {
      setSending(false);
    }
  }

  function close() {
    setFeedback(null);
    onClose();
  }

  return (
    <Dialog open={open} title={t.request.title} onClose={close}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p className="muted">{t.request.intro}</p>
        <label className="field">
          <span>{t.request.text}</span>
          <textarea
            data-autofocus
            rows={4}
            value={requestText}
            placeholder={t.request.textPlaceholder}
            onChange={(e) => setRequestText(e.target.value)}
            maxLength={2000}
          />
        </label>
        <label className="field">
          <span>{t.request.whatsapp}</span>
          <input type="tel" inputMode="tel" value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} placeholder={WHATSAPP_PLACEHOLDER} />
        </label>
        {feedback ? (
          <p className={feedback.ok ? 'form-success' : 'form-error'} role={feedback.ok ? 'status' : 'alert'}>
            {feedback.text}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? t.app.sending : t.request.submit}
        </button>
      </form>
    </Dialog>
  );
}
