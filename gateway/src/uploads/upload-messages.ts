// Texts only the upload route shows; the product's own (image count, size, type) come from @mboa/contracts.
export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the property as multipart/form-data.',
  malformed: 'The upload could not be read. Please try again.',
  fieldTooLarge: 'A form field is too long.',
  tooManyFields: 'The form has too many fields.',
} as const;
