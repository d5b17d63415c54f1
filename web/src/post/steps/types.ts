import type { Dispatch, SetStateAction } from 'react';
import type { PostForm } from '../wizard.js';

/** What every step of the post wizard gets: the whole draft, and two ways to change it. */
export interface StepProps {
  form: PostForm;
  /** Replaces the given fields. */
  set: (patch: Partial<PostForm>) => void;
  /** For changes that depend on the latest draft (a field that updates after a pause). */
  setForm: Dispatch<SetStateAction<PostForm>>;
}
