import { whatsappLink, type PropertyRead } from '@mboa/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, useI18n } from '@mboa/web-core';
import { createBooking } from '../api/endpoints.js';
import { useSession } from '../session/session.js';
import { Dialog } from '../ui/Dialog.js';

/**
 * Contacting the owner: notice dialog → Proceed records a booking → WhatsApp chat with the owner
 * (237 prefix, new tab, greeting naming the property). Signed out: remember this page, go to login.
 */
export function MessageLandlord({ property }: { property: PropertyRead }) {
  const { t, m } = useI18n();
  const { user, rememberRedirect } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function start() {
    if (!user) {
      rememberRedirect(`${location.pathname}${location.search}`, { force: true });
      void navigate('/login');
      return;
    }
    setError(null);
    setOpen(true);
  }

  async function proceed() {
    const author = property.author;
    // Opened now, inside the click, so pop-up blockers allow it; pointed at WhatsApp once booked.
    const tab = window.open('', '_blank');
    setBusy(true);
    setError(null);
    try {
      await createBooking({
        To: { user: author._id, name: author.name, whatsapp: author.whatsapp },
        propertyId: property.id ?? property._id,
      });
      // The greeting in the language the renter reads (contactOwnerLink's is always English).
      const url = whatsappLink(author.whatsapp, m.whatsapp.greeting(property.title));
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
      setOpen(false);
    } catch (e) {
      tab?.close();
      setError(e instanceof ApiError ? e.message || m.booking.failed : m.booking.fallback);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="sticky-cta">
        {/* A real link to the chat, so the page the server drew works before (or without) its
            script; with it, a tap goes through sign-in, the notice and the booking as before. */}
        <a
          href={whatsappLink(property.author.whatsapp, m.whatsapp.greeting(property.title))}
          className="btn btn-whatsapp btn-block"
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            start();
          }}
        >
          {m.ui.messageLandlord}
        </a>
      </div>
      <Dialog
        open={open}
        title={t('details.noticeTitle')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('app.cancel')}
            </button>
            <button type="button" className="btn btn-whatsapp" onClick={() => void proceed()} disabled={busy} data-autofocus>
              {busy ? t('details.connecting') : m.ui.proceedToMessage}
            </button>
          </>
        }
      >
        <ul className="notice-list">
          {t('details.noticePoints', { returnObjects: true }).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="move-in-safety">{t('moveIn.safetyShort')}</p>
        {/* The server's answer or our own text, both already in the language shown (no form texts to translate). */}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
