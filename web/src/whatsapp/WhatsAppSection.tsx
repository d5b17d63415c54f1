import { LIMITS, WHATSAPP_PLACEHOLDER } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { PROFILE_KEY } from '../pages/queryKeys.js';
import { useSession } from '../session/session.js';
import { changeWhatsAppNumber, getWhatsAppProof, sendWhatsAppCode, verifyWhatsAppCode, WHATSAPP_PROOF_KEY, WHATSAPP_SECTION_ID } from './api.js';
import './whatsapp.css';
import '../i18n/parts/profile.js';

const RULES = LIMITS.whatsappProof;

/**
 * The profile's "Your WhatsApp number": the number, whether it is confirmed, and confirming it with a
 * code sent to it on WhatsApp (docs/api.md#proving-a-whatsapp-number); a new code once the wait the
 * server gave has passed; changing the number, which must then be confirmed again. Every refusal
 * is the server's own words, in the language shown.
 */
export default function WhatsAppSection() {
  const { t, format } = useI18n();
  const client = useQueryClient();
  const { setUser } = useSession();
  const proof = useQuery({ queryKey: WHATSAPP_PROOF_KEY, queryFn: ({ signal }) => getWhatsAppProof(signal) });
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [changing, setChanging] = useState(false);
  const [newNumber, setNewNumber] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | 'change' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Come from the post wizard's "Confirm my number": the section in sight once it has loaded.
  const loaded = proof.data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === `#${WHATSAPP_SECTION_ID}`) document.getElementById(WHATSAPP_SECTION_ID)?.scrollIntoView?.();
  }, [loaded]);

  // The resend countdown, one second at a time.
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const tick = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft]);

  async function run<T>(kind: 'send' | 'verify' | 'change', call: () => Promise<T>, then: (reply: T) => void) {
    setBusy(kind);
    setProblem(null);
    setDone(null);
    try {
      then(await call());
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  const send = () =>
    run('send', sendWhatsAppCode, (reply) => {
      setCodeSent(true);
      setCode('');
      setSecondsLeft(reply.resendAfterSeconds ?? RULES.resendMinSeconds);
      setDone(reply.message ?? null);
    });

  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run('verify', () => verifyWhatsAppCode(code), (reply) => {
      setCodeSent(false);
      setCode('');
      setSecondsLeft(0);
      client.setQueryData(WHATSAPP_PROOF_KEY, { whatsapp: reply.whatsapp, whatsappProvenAt: reply.whatsappProvenAt });
      setDone(reply.message ?? null);
    });
  };

  const change = (event: FormEvent) => {
    event.preventDefault();
    void run('change', () => changeWhatsAppNumber(newNumber), (reply) => {
      setUser(reply.user);
      setChanging(false);
      setNewNumber('');
      setCodeSent(false);
      setSecondsLeft(0);
      void client.invalidateQueries({ queryKey: WHATSAPP_PROOF_KEY });
      void client.invalidateQueries({ queryKey: PROFILE_KEY });
      setDone(reply.message);
    });
  };

  const state = proof.data;
  const confirmed = Boolean(state?.whatsappProvenAt);
  return (
    <section className="panel whatsapp-number" id={WHATSAPP_SECTION_ID} aria-labelledby="whatsapp-number-title">
      <h2 id="whatsapp-number-title">{t('whatsappNumber.title')}</h2>
      <p className="muted">{t('whatsappNumber.intro')}</p>
      {proof.isError ? (
        <p className="form-error" role="alert">
          {t('whatsappNumber.loadFailed')}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void proof.refetch()}>
            {t('whatsappNumber.retry')}
          </button>
        </p>
      ) : !state ? (
        <div className="skeleton line w80" aria-busy="true" />
      ) : (
        <>
          <dl className="spec-grid">
            <div>
              <dt>{t('whatsappNumber.number')}</dt>
              <dd data-testid="whatsapp-number">{state.whatsapp}</dd>
            </div>
            <div>
              <dt>{t('whatsappNumber.state')}</dt>
              <dd>
                {confirmed ? (
                  <span className="badge badge-green">{t('whatsappNumber.confirmedOn', { when: format.date(state.whatsappProvenAt!) })}</span>
                ) : (
                  <span className="badge badge-yellow">{t('whatsappNumber.notConfirmed')}</span>
                )}
              </dd>
            </div>
          </dl>
          {!confirmed && !changing ? (
            <div className="stack">
              {codeSent ? (
                <form className="stack" onSubmit={verify} noValidate>
                  <div className="field">
                    <label htmlFor="whatsapp-code">{t('whatsappNumber.codeLabel', { digits: RULES.codeLength })}</label>
                    <input
                      id="whatsapp-code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern={`\\d{${RULES.codeLength}}`}
                      maxLength={RULES.codeLength + 2}
                      value={code}
                      onChange={(e) => setCode(e.target.value.replace(/[^\d\s]/g, ''))}
                    />
                  </div>
                  <button type="submit" className="btn btn-primary" disabled={busy !== null || code.replace(/\s/g, '').length !== RULES.codeLength}>
                    {busy === 'verify' ? t('whatsappNumber.confirming') : t('whatsappNumber.confirm')}
                  </button>
                </form>
              ) : null}
              <div className="row wrap">
                <button type="button" className={codeSent ? 'btn btn-outline' : 'btn btn-primary'} disabled={busy !== null || secondsLeft > 0} onClick={() => void send()}>
                  {busy === 'send' ? t('whatsappNumber.sending') : codeSent ? t('whatsappNumber.sendAgain') : t('whatsappNumber.sendCode')}
                </button>
              </div>
              {secondsLeft > 0 ? <p className="muted small">{t('whatsappNumber.resendIn', { seconds: secondsLeft })}</p> : null}
            </div>
          ) : null}
          {changing ? (
            <form className="stack" onSubmit={change} noValidate>
              <div className="field">
                <label htmlFor="whatsapp-new-number">{t('whatsappNumber.newNumber')}</label>
                <input
                  id="whatsapp-new-number"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  placeholder={WHATSAPP_PLACEHOLDER}
                  aria-describedby="whatsapp-new-number-hint"
                  value={newNumber}
                  onChange={(e) => setNewNumber(e.target.value)}
                />
                <p id="whatsapp-new-number-hint" className="muted small">
                  {t('whatsappNumber.newNumberHint', { digits: LIMITS.whatsappDigits })} {t('whatsappNumber.changedHint')}
                </p>
              </div>
              <div className="row wrap">
                <button type="submit" className="btn btn-primary" disabled={busy !== null || newNumber.trim() === ''}>
                  {busy === 'change' ? t('whatsappNumber.saving') : t('whatsappNumber.save')}
                </button>
                <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => (setChanging(false), setProblem(null))}>
                  {t('whatsappNumber.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => (setChanging(true), setProblem(null), setDone(null))}>
              {t('whatsappNumber.change')}
            </button>
          )}
        </>
      )}
      <p role="status">{done}</p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
