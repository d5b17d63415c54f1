/** The name the person gave the file: without a path and without the web app's `${timestamp}-${index}-` prefix. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (base.replace(/^\d{10,}-\d{1,3}-/, '') || base).slice(0, 200);
}

/**
 * Alt text of a property photo: the property's title (numbered when there are several photos),
 * else words from the file name, else a plain description.
 */
export function altText(title: string | undefined, filename: string, index: number, total: number): string {
  const cleanTitle = title?.replace(/\s+/g, ' ').trim();
  if (cleanTitle) return total > 1 ? `${cleanTitle} – photo ${index + 1}` : cleanTitle;
  const words = displayName(filename)
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_\-.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Camera names (IMG 2041, DSC 0012, PXL 2024…) describe nothing.
  if (!words || /^(img|dsc|dcim|pxl|image|photo|screenshot|whatsapp image)?\s*[\d\s]*$/i.test(words)) return `Property photo ${index + 1}`;
  return words.slice(0, 120);
}
