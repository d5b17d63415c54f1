import { POSTING_ROLES, propertyDetailsPath, whatsappLink } from '@mboa/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, newIdempotencyKey, useI18n } from '@mboa/web-core';
import { postProperty } from '../api/endpoints.js';
import { SITE } from '../config.js';
import {
  AmenitiesStep,
  CategoryStep,
  DescriptionStep,
  LocationStep,
  PhotosStep,
  PreviewStep,
  PriceStep,
  SpecificationsStep,
  type StepProps,
} from '../post/steps/index.js';
import { buildFormData, canContinue, emptyForm, firstBlockedStep, STEP_COUNT, type PostForm } from '../post/wizard.js';
import { useDraft } from '../post/useDraft.js';
import type { Submission } from '../post/draft.js';
import { useSession } from '../session/session.js';
import { MY_LISTINGS_KEY, PROFILE_KEY, PROPERTIES_KEY } from './queryKeys.js';
import { Dialog } from '../ui/Dialog.js';
import { getWhatsAppProof, isNumberUnproven, WHATSAPP_PROOF_KEY } from '../whatsapp/api.js';
import { NumberNotice } from '../whatsapp/NumberNotice.js';
import '../i18n/parts/post.js';

export default function PostProperty() {
  const { t, m } = useI18n();
  const { user } = useSession();
  if (!user || !(POSTING_ROLES as readonly string[]).includes(user.role)) {
    return (
      <Blocked title={m.ui.postingNotAllowed}>
        <p>{t('post.notAllowedText')}</p>
      </Blocked>
    );
  }
  if (user.role !== 'admin' && !user.isVerified) {
    return (
      <Blocked title={m.ui.verificationRequired}>
        <p>{m.ui.verificationRequiredText}</p>
        <a className="btn btn-whatsapp" href={whatsappLink(SITE.supportWhatsapp, t('post.verifyMe'))} target="_blank" rel="noopener noreferrer">
          {t('post.messageSupport')}
        </a>
      </Blocked>
    );
  }
  return <Wizard isAdmin={user.role === 'admin'} userId={user._id} />;
}

function Blocked({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container page narrow">
      <div className="panel center stack">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** `userId`: whose draft the device keeps (a post in progress survives a reload until it is posted). */
export function Wizard({ isAdmin, userId }: { isAdmin: boolean; userId: string }) {
  const { t, m } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // From navigation state (an admin posting for an owner); the admin app is a separate page, so `?userId=` works too.
  const fromState = (location.state as { userId?: unknown } | null)?.userId;
  const fromQuery = new URLSearchParams(location.search).get('userId');
  const prefilledUserId = isAdmin ? (typeof fromState === 'string' ? fromState : (fromQuery ?? '')) : '';
  const [form, setForm] = useState<PostForm>(() => emptyForm(prefilledUserId));
  const [step, setStep] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  /** The post failed: `detail` is the server's reason (already in the reader's language), or ''. */
  const [failure, setFailure] = useState<{ detail: string } | null>(null);
  const [postedId, setPostedId] = useState<string | null>(null);
  // A landlord or caretaker posts from a confirmed WhatsApp number: told at the start, and when
  // the server refuses for it (the draft stays on the device meanwhile). Staff are not held.
  const proof = useQuery({ queryKey: WHATSAPP_PROOF_KEY, queryFn: ({ signal }) => getWhatsAppProof(signal), enabled: !isAdmin });
  const [numberRefused, setNumberRefused] = useState(false);
  const numberUnproven = !isAdmin && proof.data !== undefined && !proof.data.whatsappProvenAt;
  /** This draft's sending once Post was pressed: its key survives failures and reloads, until the listing is made. */
  const [submission, setSubmission] = useState<Submission | null>(null);
  const draft = useDraft(userId, { form, step, submission }, (restored) => (setForm(restored.form), setStep(restored.step), setSubmission(restored.submission ?? null)));
  const heading = useRef<HTMLHeadingElement>(null);
  const imagesRef = useRef(form.images);
  useEffect(() => {
    imagesRef.current = form.images;
  }, [form.images]);

  // Previews hold memory until revoked.
  useEffect(() => () => imagesRef.current.forEach((i) => URL.revokeObjectURL(i.previewUrl)), []);

  const set = (patch: Partial<PostForm>) => setForm((f) => ({ ...f, ...patch }));
  const go = (next: number) => {
    setStep(next);
    setFailure(null);
    heading.current?.focus();
  };
  const reachable = (target: number) => {
    for (let s = 1; s < target; s++) if (!canContinue(s, form)) return false;
    return true;
  };

  async function submit() {
    const blocked = firstBlockedStep(form);
    if (blocked !== null) return go(blocked);
    setSubmitting(true);
    setFailure(null);
    setProgress(0);
    try {
      const sending = submission ?? { key: newIdempotencyKey(), at: Date.now() };
      setSubmission(sending);
      await draft.saveNow({ form, step, submission: sending });
      const result = await postProperty(buildFormData(form, { isAdmin, now: sending.at }), setProgress, sending.key);
      const id = result?.id ?? result?.property?.id ?? result?._id;
      if (!id) throw new Error(m.property.submitFailedThrown);
      // The new listing shows in My Listings and the profile's count (and, for an admin, in search) on the next visit.
      for (const queryKey of [PROPERTIES_KEY, MY_LISTINGS_KEY, PROFILE_KEY]) void queryClient.invalidateQueries({ queryKey });
      form.images.forEach((i) => URL.revokeObjectURL(i.previewUrl));
      setForm(emptyForm(prefilledUserId));
      setStep(1);
      setSubmission(null);
      void draft.forget();
      setPostedId(String(id));
    } catch (error) {
      if (isNumberUnproven(error)) {
        setNumberRefused(true);
        void queryClient.invalidateQueries({ queryKey: WHATSAPP_PROOF_KEY });
      } else if (error instanceof ApiError && error.status === 422) {
        // The draft's key already made a listing (its answer was lost) before the draft was changed:
        // say so, and let a new press post the changed draft as a listing of its own (docs/api.md#idempotency-key).
        setSubmission(null);
        setFailure({ detail: t('post.alreadyPosted') });
      } else setFailure({ detail: error instanceof ApiError && error.message !== m.property.submitFailedThrown ? error.message : '' });
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  const startOver = () => {
    setSubmission(null);
    void draft.forget();
    form.images.forEach((i) => URL.revokeObjectURL(i.previewUrl));
    setForm(emptyForm(prefilledUserId));
    go(1);
  };

  const stepProps: StepProps = { form, set, setForm };
  const stepBody = (() => {
    switch (step) {
      case 1:
        return <CategoryStep {...stepProps} isAdmin={isAdmin} />;
      case 2:
        return <LocationStep {...stepProps} />;
      case 3:
        return <SpecificationsStep {...stepProps} />;
      case 4:
        return <DescriptionStep {...stepProps} />;
      case 5:
        return <PriceStep {...stepProps} />;
      case 6:
        return <AmenitiesStep {...stepProps} />;
      case 7:
        return <PhotosStep {...stepProps} />;
      default:
        return <PreviewStep form={form} />;
    }
  })();

  const last = step === STEP_COUNT;
  const open = canContinue(step, form);
  return (
    <div className="container page wizard">
      <h1>{t('post.title')}</h1>
      {numberUnproven && !numberRefused ? <NumberNotice /> : null}
      {draft.restored ? (
        <p className="draft-note" role="status">
          {t('offline.draftRestored')}{' '}
          <button type="button" className="btn btn-ghost" onClick={startOver} disabled={submitting}>
            {t('offline.startOver')}
          </button>
        </p>
      ) : null}
      <div className="wizard-layout">
        <nav className="wizard-steps" aria-label={t('post.stepsLabel')}>
          <ol>
            {t('post.steps', { returnObjects: true }).map((label, i) => (
              <li key={label}>
                <button
                  type="button"
                  className={`${i + 1 === step ? 'current' : ''}${i + 1 < step ? ' done' : ''}`}
                  aria-current={i + 1 === step ? 'step' : undefined}
                  disabled={!reachable(i + 1) || submitting}
                  onClick={() => go(i + 1)}
                >
                  <span className="step-number">{i + 1}</span> {label}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <div className="wizard-progress" aria-hidden="true">
          <div className="wizard-progress-bar" style={{ width: `${(step / STEP_COUNT) * 100}%` }} />
        </div>
        <section className="panel wizard-body" aria-labelledby="wizard-step-title">
          <p className="muted small">{t('post.stepOf', { step, total: STEP_COUNT })}</p>
          <h2 id="wizard-step-title" ref={heading} tabIndex={-1}>
            {t('post.steps', { returnObjects: true })[step - 1]}
          </h2>
          {/* A fresh subtree per step: inputs of one step never inherit another's DOM state. */}
          <div key={step}>{stepBody}</div>
          {progress !== null ? (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label={t('post.uploading', { percent: progress })} />
              <span className="small">{t('post.uploading', { percent: progress })}</span>
            </div>
          ) : null}
          {numberRefused ? <NumberNotice urgent /> : null}
          {failure ? (
            <p className="form-error" role="alert">
              {failure.detail ? `${m.property.submitFailed} ${failure.detail}` : m.property.submitFailed}
            </p>
          ) : null}
          <div className="wizard-actions">
            <button type="button" className="btn btn-ghost" disabled={step === 1 || submitting} onClick={() => go(step - 1)}>
              {t('app.back')}
            </button>
            {last ? (
              <button type="button" className="btn btn-primary" disabled={submitting} onClick={() => void submit()}>
                {submitting ? m.ui.posting : m.ui.postProperty}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" disabled={!open} onClick={() => go(step + 1)}>
                {t('app.continue')}
              </button>
            )}
          </div>
        </section>
      </div>
      <Dialog
        open={postedId !== null}
        title={t('post.successTitle')}
        onClose={() => setPostedId(null)}
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setPostedId(null)}>
              {m.ui.postAnother}
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => postedId && void navigate(propertyDetailsPath(postedId))}>
              {m.ui.viewProperty}
            </button>
          </>
        }
      >
        <p>{t('post.successText')}</p>
      </Dialog>
    </div>
  );
}
