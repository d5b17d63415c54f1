import { useI18n } from '@mboa/web-core';
import { Link } from 'react-router';
import { WHATSAPP_SECTION_ID } from './api.js';
import './whatsapp.css';
import '../i18n/parts/post.js';

/**
 * The post wizard's notice to a landlord or caretaker whose WhatsApp number is not confirmed: they
 * may fill the form (the draft stays on the device) but not post until it is, from the profile.
 * `urgent`: the server has just refused the posting for it.
 */
export function NumberNotice({ urgent = false }: { urgent?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="number-notice" role={urgent ? 'alert' : 'status'} data-testid="number-notice">
      <h2>{t('post.numberNotProvenTitle')}</h2>
      <p>{t('post.numberNotProvenText')}</p>
      <Link className="btn btn-primary" to={`/profile#${WHATSAPP_SECTION_ID}`}>
        {t('post.numberNotProvenLink')}
      </Link>
    </div>
  );
}
