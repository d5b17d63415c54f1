import { AdminReportsController } from './admin-reports.controller.js';
import { Reporters } from './reporter.js';
import { ReportsController } from './reports.controller.js';

/** Reporting a listing and the staff Reports queue (registered in app.module.ts). */
export const REPORT_CONTROLLERS = [ReportsController, AdminReportsController];
export const REPORT_PROVIDERS = [Reporters];
