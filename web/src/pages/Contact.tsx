import { MESSAGES } from '@mboa/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { sendSupport } from '../api/endpoints.js';
import { validateContact } from '../auth/validation.js';
import { SITE } from '../config.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session/session.js';
import { useRequestModal } from '../shell/RequestModal.js';

export default function Contact() {
  const { user } = useSession();
  const openRequest = useRequestModal();
  // Prefilled from the signed-in user (spec §5).
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.whatsapp ?? '');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  // The session may finish loading after this page opened.
  useEffect(() => {
    if (!user) return;
    setName((v) => v || user.name);
    setEmail((v) => v || user.email);
    setPhone((v) => v || user.whatsapp);
  }, [user]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateContact({ name, email, subject, message });
    if (problem) return setFeedback({ ok: false, text: problem });
    setSending(true);
    setFeedback(null);
    try {
      await sendSupport({ name: name.trim(), email: email.trim(), phone: phone.trim(), subject: subject.trim(), message: message.trim() });
      setFeedback({ ok: true, text: MESSAGES.contact.success });
      setSubject('');
      setMessage('');
    } catch {
      setFeedback({ ok: false, text: MESSAGES.contact.failure });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="container page contact">
      <h1>{t.contactPage.title}</h1>
      <p className="lead">{t.contactPage.intro}</p>
      <div className="contact-layout">
        <form className="panel stack" onSubmit={submit} noValidate>
          <label className="field">
            <span>{t.contactPage.name} *</span>
            <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          </label>
          <label className="field">
            <span>{t.contactPage.email} *</span>
            <input type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label className="field">
            <span>{t.contactPage.phone}</span>
            <input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={30} />
          </label>
          <label className="field">
            <span>{t.contactPage.subject} *</span>
            <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
          </label>
          <label className="field">
            <span>{t.contactPage.message} *</span>
            <textarea rows={5} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} />
          </label>
          {feedback ? (
            <p className={feedback.ok ? 'form-success' : 'form-error'} role={feedback.ok ? 'status' : 'alert'}>
              {feedback.text}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? t.app.sending : t.contactPage.send}
          </button>
        </form>
        <aside className="stack">
          <section className="panel">
            <h2>{t.contactPage.infoTitle}</h2>
            <dl className="contact-info">
              <dt>{t.contactPage.location}</dt>
              <dd>{SITE.location}</dd>
              <dt>{t.contactPage.phoneLabel}</dt>
              <dd>
                <a href={`tel:${SITE.phoneHref}`}>{SITE.phoneDisplay}</a>
              </dd>
              <dt>{t.contactPage.emailLabel}</dt>
              <dd>
                <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
              </dd>
            </dl>
          </section>
          <section className="panel">
            <h2>{t.contactPage.quickLinks}</h2>
            <ul className="link-list">
              <li>
                <Link to="/faq">{t.nav.faq}</Link>
              </li>
              <li>
                <Link to="/help">{t.nav.helpCenter}</Link>
              </li>
              <li>
                <button type="button" className="link-button" onClick={openRequest}>
                  {t.contactPage.requestProperty}
                </button>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
