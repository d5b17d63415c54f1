import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, REPORT_REASONS, type PropertyRead, type ReportInput } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { reportListing } from '../api/endpoints.js';
import { formProblem } from '../forms/formProblem.js';
import { REPORT_FIELDS, reportFormSchema } from '../forms/schemas.js';
import { useSession } from '../session/session.js';
import { Dialog } from '../ui/Dialog.js';
import { FormError } from '../ui/FormError.js';
import { useToast } from '../ui/toast.js';

/** Listings this browser reported: the server refuses a second report anyway (409), this only spares the try. */
const REPORTED_KEY = 'mboa.reported';

function reportedHere(): string[] {
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
  const formId = useId();
  const propertyId = property.id ?? property._id;
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(() => reportedHere().includes(propertyId));
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { reason: '', text: '' },
    // The message changes when the person sends again, not while typing.
    reValidateMode: 'onSubmit',
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const problem = formProblem(form.formState.errors, REPORT_FIELDS);
  const sending = form.formState.isSubmitting;

  // Owners cannot report their own listing (the server says 403): no button for them.
  if (user && user.id === property.author?._id) return null;

  function markReported() {
    rememberReported(propertyId);
    setReported(true);
    setOpen(false);
  }

  async function send(report: ReportInput) {
    setRefused(null);
    try {
      const answer = await reportListing(propertyId, report);
      markReported();
      form.reset();
      notify('success', answer.message);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : null;
      if (e instanceof ApiError && e.status === 409) {
        // Already reported (from this browser or account, maybe elsewhere): say so, once.
        markReported();
        notify('info', e.message);
      } else {
        setRefused(message);
      }
    }
  }

  if (reported) {
    return (
      <p className="muted small report-done" role="status">
        {t('report.reported')}
      </p>
    );
  }

  return (
    <>
      <button
        type="button"
        className="link-button small report-open"
        onClick={() => {
          setRefused(null);
          setOpen(true);
        }}
      >
        {t('report.open')}
      </button>
      <Dialog
        open={open}
        title={t('report.title')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('app.cancel')}
            </button>
            <button type="submit" form={formId} className="btn btn-primary" disabled={sending}>
              {sending ? t('report.sending') : t('report.send')}
            </button>
          </>
        }
      >
        <form id={formId} className="stack report-form" onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate>
          <p className="small">{t('report.intro')}</p>
          <fieldset className="report-reasons">
            <legend>{t('report.reason')}</legend>
            {REPORT_REASONS.map((value, i) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  value={value}
                  // Another reason makes the last problem moot ("Other" needs a text, the others do not).
                  {...form.register('reason', { onChange: () => form.clearErrors() })}
                  data-autofocus={i === 0 ? true : undefined}
                />
                <span>{t(`labels.reportReason.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{reason === 'other' ? t('report.detailsRequired') : t('report.detailsOptional')}</span>
            <textarea rows={3} maxLength={LIMITS.reports.textMax} {...form.register('text')} />
          </label>
          <FormError message={problem ?? refused} />
        </form>
      </Dialog>
    </>
  );
}
