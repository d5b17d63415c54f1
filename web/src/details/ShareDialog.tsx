import { shareLinks } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { Dialog } from '../ui/Dialog.js';
import { useToast } from '../ui/toast.js';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older Android browsers and plain-http pages have no async clipboard.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** WhatsApp, Telegram, Facebook and Copy Link, each carrying the property-details link. */
export function ShareDialog({ open, onClose, url, title }: { open: boolean; onClose: () => void; url: string; title: string }) {
  const { t } = useI18n();
  const notify = useToast();
  const links = shareLinks(url, title);
  // copyText never rejects: a failed copy answers false.
  async function copyLink() {
    const ok = await copyText(links.copy);
    notify(ok ? 'success' : 'error', ok ? t('details.linkCopied') : t('details.copyFailed'));
    if (ok) onClose();
  }
  return (
    <Dialog open={open} title={t('details.shareTitle')} onClose={onClose}>
      <div className="share-grid">
        <a className="btn share-whatsapp" href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          {t('details.whatsapp')}
        </a>
        <a className="btn share-telegram" href={links.telegram} target="_blank" rel="noopener noreferrer">
          {t('details.telegram')}
        </a>
        <a className="btn share-facebook" href={links.facebook} target="_blank" rel="noopener noreferrer">
          {t('details.facebook')}
        </a>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void copyLink()}
        >
          {t('details.copyLink')}
        </button>
      </div>
      <p className="share-url small muted">{url}</p>
    </Dialog>
  );
}
