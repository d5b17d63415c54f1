import {
  AMENITIES,
  AVAILABILITIES,
  LIMITS,
  MESSAGES,
  PAYMENT_TERMS,
  POSTING_ROLES,
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES_BY_CATEGORY,
  propertyDetailsPath,
  REQUIRED_SPECIFICATIONS,
  whatsappLink,
  type Amenity,
  type PropertyCategory,
  type SpecificationField,
} from '@mboa/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@mboa/web-core';
import { postProperty } from '../api/endpoints.js';
import { SITE } from '../config.js';
import { t } from '../i18n/index.js';
import { ImagePicker } from '../post/ImagePicker.js';
import { PriceSummary } from '../post/PriceSummary.js';
import { buildFormData, canContinue, emptyForm, firstBlockedStep, specificationFieldsFor, STEP_COUNT, type PostForm } from '../post/wizard.js';
import { useSession } from '../session/session.js';
import { Dialog } from '../ui/Dialog.js';
import { TownSelect } from '../ui/TownSelect.js';

export default function PostProperty() {
  const { user } = useSession();
  if (!user || !(POSTING_ROLES as readonly string[]).includes(user.role)) {
    return (
      <Blocked title={t.ui.postingNotAllowed}>
        <p>{t.post.notAllowedText}</p>
      </Blocked>
    );
  }
  if (user.role !== 'admin' && !user.isVerified) {
    return (
      <Blocked title={t.ui.verificationRequired}>
        <p>{t.ui.verificationRequiredText}</p>
        <a className="btn btn-whatsapp" href={whatsappLink(SITE.supportWhatsapp, t.post.verifyMe)} target="_blank" rel="noopener noreferrer">
          {t.post.messageSupport}
        </a>
      </Blocked>
    );
  }
  return <Wizard isAdmin={user.role === 'admin'} />;
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

const specLabel: Record<SpecificationField, string> = {
  bedrooms: t.post.bedrooms,
  toilets: t.post.toilets,
  kitchens: t.post.kitchens,
  livingRooms: t.post.livingRooms,
  sections: t.post.sections,
  size: t.post.size,
  distanceFromRoad: t.post.distanceMinutes,
};

export function Wizard({ isAdmin }: { isAdmin: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  // From navigation state (spec §6); the admin app is a separate page, so `?userId=` works too.
  const fromState = (location.state as { userId?: unknown } | null)?.userId;
  const fromQuery = new URLSearchParams(location.search).get('userId');
  const prefilledUserId = isAdmin ? String(fromState ?? fromQuery ?? '') : '';
  const [form, setForm] = useState<PostForm>(() => emptyForm(prefilledUserId));
  const [step, setStep] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [postedId, setPostedId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const imagesRef = useRef(form.images);
  imagesRef.current = form.images;

  // Previews hold memory until revoked.
  useEffect(() => () => imagesRef.current.forEach((i) => URL.revokeObjectURL(i.previewUrl)), []);

  const set = (patch: Partial<PostForm>) => setForm((f) => ({ ...f, ...patch }));
  const setSpec = (field: SpecificationField, value: string) =>
    setForm((f) => ({ ...f, specifications: { ...f.specifications, [field]: value } }));
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
      const result = await postProperty(buildFormData(form, { isAdmin }), setProgress);
      const id = result?.id ?? result?.property?.id ?? result?._id;
      if (!id) throw new Error(MESSAGES.property.submitFailedThrown);
      form.images.forEach((i) => URL.revokeObjectURL(i.previewUrl));
      setForm(emptyForm(prefilledUserId));
      setStep(1);
      setPostedId(String(id));
    } catch (error) {
      const detail = error instanceof ApiError && error.message !== MESSAGES.property.submitFailedThrown ? error.message : '';
      setFailure(detail ? `${MESSAGES.property.submitFailed} ${detail}` : MESSAGES.property.submitFailed);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  const typesFor = (category: PostForm['category']) => (category ? PROPERTY_TYPES_BY_CATEGORY[category] : []);
  const required = form.category ? REQUIRED_SPECIFICATIONS[form.category] : [];
  const labels = t.labels.propertyType as Record<string, string>;

  const stepBody = (() => {
    switch (step) {
      case 1:
        return (
          <div className="stack">
            {isAdmin ? (
              <label className="field">
                <span>{t.post.onBehalf}</span>
                <input value={form.userId} onChange={(e) => set({ userId: e.target.value })} />
                <small className="muted">{t.post.onBehalfHint}</small>
              </label>
            ) : null}
            <fieldset className="field choice-cards">
              <legend>{t.post.category} *</legend>
              {PROPERTY_CATEGORIES.map((c) => (
                <label key={c} className={form.category === c ? 'on' : undefined}>
                  <input
                    type="radio"
                    name="category"
                    value={c}
                    checked={form.category === c}
                    onChange={() =>
                      set({
                        category: c as PropertyCategory,
                        propertyType: (typesFor(c) as readonly string[]).includes(form.propertyType) ? form.propertyType : '',
                      })
                    }
                  />
                  {t.labels.category[c]}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>{t.post.propertyType} *</span>
              <select value={form.propertyType} disabled={!form.category} onChange={(e) => set({ propertyType: e.target.value })}>
                <option value="">{t.post.chooseOne}</option>
                {typesFor(form.category).map((type) => (
                  <option key={type} value={type}>
                    {labels[type] ?? type}
                  </option>
                ))}
              </select>
            </label>
          </div>
        );
      case 2:
        return (
          <div className="stack">
            <label className="field">
              <span>{t.post.country} *</span>
              <input value={form.location.country} onChange={(e) => set({ location: { ...form.location, country: e.target.value } })} />
            </label>
            <TownSelect required value={form.location.town} onChange={(town) => setForm((f) => ({ ...f, location: { ...f.location, town } }))} />
            <label className="field">
              <span>{t.post.neighbourhood} *</span>
              <input
                value={form.location.neighbourhood}
                placeholder={t.post.neighbourhoodPlaceholder}
                maxLength={100}
                onChange={(e) => set({ location: { ...form.location, neighbourhood: e.target.value } })}
              />
            </label>
          </div>
        );
      case 3:
        if (!form.category) return <p className="muted">{t.post.chooseCategory}</p>;
        return (
          <div className="spec-form">
            {specificationFieldsFor(form.category).map((field) => (
              <label key={field} className="field">
                <span>
                  {field === 'distanceFromRoad' && form.category === 'commercial' ? t.post.distanceMeters : specLabel[field]}
                  {required.includes(field) ? ' *' : ''}
                </span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={field === 'size' ? LIMITS.property.sizeStep : 1}
                  value={form.specifications[field]}
                  onChange={(e) => setSpec(field, e.target.value)}
                />
              </label>
            ))}
          </div>
        );
      case 4:
        return (
          <div className="stack">
            <label className="field">
              <span>{t.post.titleLabel} *</span>
              <input
                value={form.title}
                maxLength={LIMITS.property.titleMax}
                placeholder={t.post.titlePlaceholder}
                onChange={(e) => set({ title: e.target.value })}
              />
              <small className="muted counter">{t.post.counter(form.title.length, LIMITS.property.titleMax)}</small>
            </label>
            <label className="field">
              <span>{t.post.descriptionLabel} *</span>
              <textarea
                rows={6}
                value={form.description}
                maxLength={LIMITS.property.descriptionMax}
                onChange={(e) => set({ description: e.target.value })}
              />
              <small className="muted counter">{t.post.counter(form.description.length, LIMITS.property.descriptionMax)}</small>
            </label>
          </div>
        );
      case 5:
        return (
          <div className="stack">
            <label className="field">
              <span>{t.post.price} *</span>
              <input type="number" inputMode="numeric" min={0} value={form.price} onChange={(e) => set({ price: e.target.value })} />
            </label>
            <label className="field">
              <span>{t.post.paymentTerm} *</span>
              <select value={form.paymentTerm} onChange={(e) => set({ paymentTerm: e.target.value })}>
                <option value="">{t.post.chooseTerm}</option>
                {PAYMENT_TERMS.map((term) => (
                  <option key={term} value={term}>
                    {t.labels.paymentTerm[term]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t.post.caution}</span>
              <input type="number" inputMode="numeric" min={0} value={form.caution} onChange={(e) => set({ caution: e.target.value })} />
            </label>
            <label className="field">
              <span>{t.post.availability}</span>
              <select value={form.availability} onChange={(e) => set({ availability: e.target.value as PostForm['availability'] })}>
                {AVAILABILITIES.map((a) => (
                  <option key={a} value={a}>
                    {t.labels.status[a]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        );
      case 6:
        return (
          <fieldset className="amenity-grid">
            <legend className="muted">{t.post.amenitiesHint}</legend>
            {AMENITIES.map((a) => (
              <label key={a} className="check">
                <input
                  type="checkbox"
                  checked={form.amenities.includes(a)}
                  onChange={(e) =>
                    set({ amenities: e.target.checked ? [...form.amenities, a] : form.amenities.filter((x: Amenity) => x !== a) })
                  }
                />
                <span>{t.labels.amenity[a]}</span>
              </label>
            ))}
          </fieldset>
        );
      case 7:
        return <ImagePicker images={form.images} onChange={(images) => set({ images })} />;
      default:
        return <Preview form={form} />;
    }
  })();

  const last = step === STEP_COUNT;
  const open = canContinue(step, form);
  return (
    <div className="container page wizard">
      <h1>{t.post.title}</h1>
      <div className="wizard-layout">
        <nav className="wizard-steps" aria-label={t.post.stepsLabel}>
          <ol>
            {t.post.steps.map((label, i) => (
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
          <p className="muted small">{t.post.stepOf(step, STEP_COUNT)}</p>
          <h2 id="wizard-step-title" ref={heading} tabIndex={-1}>
            {t.post.steps[step - 1]}
          </h2>
          {/* A fresh subtree per step: inputs of one step never inherit another's DOM state. */}
          <div key={step}>{stepBody}</div>
          {progress !== null ? (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label={t.post.uploading(progress)} />
              <span className="small">{t.post.uploading(progress)}</span>
            </div>
          ) : null}
          {failure ? (
            <p className="form-error" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="wizard-actions">
            <button type="button" className="btn btn-ghost" disabled={step === 1 || submitting} onClick={() => go(step - 1)}>
              {t.app.back}
            </button>
            {last ? (
              <button type="button" className="btn btn-primary" disabled={submitting} onClick={submit}>
                {submitting ? t.ui.posting : t.ui.postProperty}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" disabled={!open} onClick={() => go(step + 1)}>
                {t.app.continue}
              </button>
            )}
          </div>
        </section>
      </div>
      <Dialog
        open={postedId !== null}
        title={t.post.successTitle}
        onClose={() => setPostedId(null)}
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setPostedId(null)}>
              {t.ui.postAnother}
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => postedId && navigate(propertyDetailsPath(postedId))}>
              {t.ui.viewProperty}
            </button>
          </>
        }
      >
        <p>{t.post.successText}</p>
      </Dialog>
    </div>
  );
}

function Preview({ form }: { form: PostForm }) {
  const labels = t.labels.propertyType as Record<string, string>;
  const rows: [string, string][] = [
    [t.post.category, form.category ? t.labels.category[form.category] : '-'],
    [t.post.propertyType, labels[form.propertyType] ?? form.propertyType],
    [t.details.location, [form.location.neighbourhood, form.location.town, form.location.country].filter(Boolean).join(', ')],
    ...specificationFieldsFor(form.category)
      .filter((f) => form.specifications[f].trim() !== '')
      .map((f): [string, string] => [
        f === 'distanceFromRoad' && form.category === 'commercial' ? t.post.distanceMeters : specLabel[f],
        form.specifications[f],
      ]),
    [t.post.availability, t.labels.status[form.availability] ?? form.availability],
    [t.details.amenities, form.amenities.map((a) => t.labels.amenity[a]).join(', ') || '-'],
  ];
  return (
    <div className="stack">
      <p className="muted">{t.post.previewTitle}</p>
      <h3>{form.title}</h3>
      <p className="prewrap">{form.description}</p>
      <dl className="spec-grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PriceSummary price={form.price} caution={form.caution} paymentTerm={form.paymentTerm} />
      {form.images.length ? (
        <ul className="previews">
          {form.images.map((image) => (
            <li key={image.id}>
              <img src={image.previewUrl} alt="" width="120" height="90" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t.post.noPhotosSelected}</p>
      )}
    </div>
  );
}
