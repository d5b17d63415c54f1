import { zodResolver } from '@hookform/resolvers/zod';
import { translateText } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { sendSupport } from '../api/endpoints.js';
import { SITE } from '../config.js';
import { formProblem } from '../forms/formProblem.js';
import { CONTACT_FIELDS, contactFormSchema } from '../forms/schemas.js';
import { useSession } from '../session/session.js';
import { useRequestModal } from '../shell/request-modal.js';
import '../i18n/parts/contact.js';

export default function Contact() {
  const { t, m, language } = useI18n();
  const { user } = useSession();
  const openRequest = useRequestModal();
  // How the last send went, worded when shown (a language switch re-words it).
  const [sent, setSent] = useState<'success' | 'failure' | null>(null);
  // Prefilled from the signed-in user, also when the session finishes loading after this
  // page opened; what the person already typed in a field is kept.
  const values = useMemo(
    () => ({ name: user?.name ?? '', email: user?.email ?? '', phone: user?.whatsapp ?? '', subject: '', message: '' }),
    [user],
  );
  const form = useForm({
    resolver: zodResolver(contactFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
    // The message changes when the person submits again, not while typing.
    reValidateMode: 'onSubmit',
  });
  const problem = formProblem(form.formState.errors, CONTACT_FIELDS);
  // The schema gives the catalog's English text; it is shown in the language read.
  const feedback = problem
    ? { ok: false, text: translateText(problem, language) }
    : sent
      ? { ok: sent === 'success', text: m.contact[sent] }
      : null;
  const sending = form.formState.isSubmitting;

  async function submit(ticket: { name: string; email: string; phone?: string; subject: string; message: string }) {
    setSent(null);
    try {
      await sendSupport({ ...ticket, phone: ticket.phone ?? '' });
      setSent('success');
      form.resetField('subject', { defaultValue: '' });
      form.resetField('message', { defaultValue: '' });
    } catch {
      setSent('failure');
    }
  }

  return (
    <div className="container page contact">
      <h1>{t('contactPage.title')}</h1>
      <p className="lead">{t('contactPage.intro')}</p>
      <div className="contact-layout">
        <form className="panel stack" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
          <label className="field">
            <span>{t('contactPage.name')} *</span>
            <input autoComplete="name" maxLength={100} {...form.register('name')} />
          </label>
          <label className="field">
            <span>{t('contactPage.email')} *</span>
            <input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
          </label>
          <label className="field">
            <span>{t('contactPage.phone')}</span>
            <input type="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
          </label>
          <label className="field">
            <span>{t('contactPage.subject')} *</span>
            <input maxLength={200} {...form.register('subject')} />
          </label>
          <label className="field">
            <span>{t('contactPage.message')} *</span>
            <textarea rows={5} maxLength={5000} {...form.register('message')} />
          </label>
          {feedback ? (
            <p className={feedback.ok ? 'form-success' : 'form-error'} role={feedback.ok ? 'status' : 'alert'}>
              {feedback.text}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? t('app.sending') : t('contactPage.send')}
          </button>
        </form>
        <aside className="stack">
          <section className="panel">
            <h2>{t('contactPage.infoTitle')}</h2>
            <dl className="contact-info">
              <dt>{t('contactPage.location')}</dt>
              <dd>{SITE.location}</dd>
              <dt>{t('contactPage.phoneLabel')}</dt>
              <dd>
                <a href={`tel:${SITE.phoneHref}`}>{SITE.phoneDisplay}</a>
              </dd>
              <dt>{t('contactPage.emailLabel')}</dt>
              <dd>
                <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
              </dd>
            </dl>
          </section>
          <section className="panel">
            <h2>{t('contactPage.quickLinks')}</h2>
            <ul className="link-list">
              <li>
                <Link to="/faq">{t('nav.faq')}</Link>
              </li>
              <li>
                <Link to="/help">{t('nav.helpCenter')}</Link>
              </li>
              <li>
                <button type="button" className="link-button" onClick={openRequest}>
                  {t('contactPage.requestProperty')}
                </button>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
