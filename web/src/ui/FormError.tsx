import { translateText } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/**
 * A red message (or bulleted list) read out by screen readers. Forms keep the catalog's English
 * text (the schemas of @mboa/contracts give it, and `isPasswordProblem` compares it); it is shown
 * in the language read now, so a switch re-words a message already on screen. Anything else (the
 * server's answer, already in the language asked for) is shown as it came.
 */
export function FormError({ message, errors }: { message?: string | null; errors?: readonly string[] }) {
  const { language } = useI18n();
  if (errors && errors.length > 0) {
    return (
      <ul className="form-error" role="alert">
        {errors.map((e) => (
          <li key={e}>{translateText(e, language)}</li>
        ))}
      </ul>
    );
  }
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {translateText(message, language)}
    </p>
  );
}
