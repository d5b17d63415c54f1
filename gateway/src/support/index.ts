import { AdminSupportController } from './admin-support.controller.js';
import { SupportFormsController } from './support-forms.controller.js';

/** The gateway's support area: the two public forms and the admin requests/support lists. */
export const SUPPORT_CONTROLLERS = [SupportFormsController, AdminSupportController];
