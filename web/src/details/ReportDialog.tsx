import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, REPORT_REASONS, type ReportInput } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { reportListing } from '../api/endpoints.js';
import { formProblem } from '../forms/formProblem.js';
import { REPORT_FIELDS, reportFormSchema } from '../forms/schemas.js';
import { Dialog } from '../ui/Dialog.js';
import { FormError } from '../ui/FormError.js';

/**
 * The report form (reason, a text "other" requires) in its dialog. Its own chunk, loaded when the
 * dialog first opens: the form stack (zod, react-hook-form) stays off the details page's first load.
 * `onDone` receives the server's answer: accepted, or already reported (409).
 */
export default function ReportDialog({
  propertyId,
  onClose,
  onDone,
}: {
  propertyId: string;
  onClose: () => void;
  onDone: (outcome: { kind: 'success' | 'info'; message: string }) => void;
}) {
  const { t } = useI18n();
  const formId = useId();
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

  async function send(report: ReportInput) {
    setRefused(null);
    try {
      const answer = await reportListing(propertyId, report);
      form.reset();
      onDone({ kind: 'success', message: answer.message });
    } catch (e) {
      // Already reported (from this browser or account, maybe elsewhere): say so, once.
      if (e instanceof ApiError && e.status === 409) onDone({ kind: 'info', message: e.message });
      else setRefused(e instanceof ApiError ? e.message : null);
    }
  }

  return (
    <Dialog
      open
      title={t('report.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
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
  );
}
