/** A red message (or bulleted list) read out by screen readers. */
export function FormError({ message, errors }: { message?: string | null; errors?: readonly string[] }) {
  if (errors && errors.length > 0) {
    return (
      <ul className="form-error" role="alert">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    );
  }
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
