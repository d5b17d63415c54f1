import { InsightsController } from './insights.controller.js';
import { ViewReports } from './view-reports.js';

/** Owner insights (docs/api.md#owner-insights), registered in app.module.ts. */
export const INSIGHTS_CONTROLLERS = [InsightsController];
export const INSIGHTS_PROVIDERS = [ViewReports];
