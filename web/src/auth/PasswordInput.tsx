import { useI18n } from '@mboa/web-core';
import { useState, type ComponentProps } from 'react';
import '../i18n/parts/login.js';

/** A password field with a show/hide toggle. */
export function PasswordInput(props: ComponentProps<'input'>) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="link-button"
        aria-pressed={shown}
        aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('login.hide') : t('login.show')}
      </button>
    </div>
  );
}
